//! Ends the players choose: the player to move resigns, or all agree to a draw.
//!
//! A resignation is an elimination the player chooses, so it follows the rules of
//! elimination (`end last player`, by default a win for the one left): with two players
//! the other wins; with more, the game goes on without the resigning player, whose
//! pieces stay on the board and never move again. It is recorded on the undo stack as a
//! pass, so [`Position::unmake`] takes it back like a move and front ends need no
//! bookkeeping of their own. A draw by agreement (of all players still in the game; the
//! front end asks them) is recorded the same way, as a pass that ends the game.

use super::Position;
use crate::moves::Move;
use crate::outcome::EndReason;
use crate::rules::Effect;

impl Position {
    /// The player to move resigns. Returns false (and changes nothing) when the game
    /// already has a recorded result.
    ///
    /// The turn passes to the next player still in the game; [`Position::outcome`]
    /// tells whether the game is over. [`Position::unmake`] takes the resignation back
    /// (it returns the pass move).
    pub fn resign(&mut self) -> bool {
        self.chosen_end(Effect::Eliminate, EndReason::LastPlayer)
    }

    /// The players still in the game agree to a draw: the game ends drawn for them
    /// (eliminated players lose), reason [`EndReason::Agreement`]. Returns false (and
    /// changes nothing) when the game already has a recorded result.
    /// [`Position::unmake`] takes it back.
    pub fn agree_draw(&mut self) -> bool {
        self.chosen_end(Effect::Draw, EndReason::Agreement)
    }

    /// Records a pass of the player to move that applies `effect` to him.
    fn chosen_end(&mut self, effect: Effect, reason: EndReason) -> bool {
        if self.finish.is_some() {
            return false;
        }
        let (me, track) = self.mover_of(Move::pass());
        let mut u = self.fresh_undo(Move::pass());
        u.track = track as u8;
        self.history.push(self.hash);
        self.hash ^= self.turn_hash();
        self.apply_effects(&[effect], me, me, reason, &mut u);
        self.ply = self.ply.saturating_add(1);
        self.end_turn(me, track, false, &mut u);
        self.undo.push(u);
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{chess, compile};
    use crate::{EndReason, Outcome, Position, Score};

    #[test]
    fn with_two_players_the_other_wins() {
        let v = chess();
        let mut p = Position::start(&v);
        let e4 = p.parse_long("e2e4").unwrap();
        p.make(e4);
        assert!(p.resign());
        assert_eq!(
            p.outcome(),
            Outcome::Finished {
                reason: EndReason::LastPlayer,
                scores: vec![Score::Win, Score::Loss],
            }
        );
        assert!(!p.resign(), "the game is over");
        assert!(p.legal_moves().is_empty());
        assert_eq!(p.hash(), p.compute_hash());
        assert_eq!(p.unmake(), Some(crate::Move::pass()));
        assert_eq!(p.outcome(), Outcome::Ongoing);
        assert_eq!(p.to_move(), 1);
        assert_eq!(p.hash(), p.compute_hash());
        p.unmake();
        assert_eq!(p, Position::start(&v));
    }

    #[test]
    fn with_three_players_the_game_goes_on() {
        let board = crate::testing::CHESS_BOARD;
        let rules = "board \"b\"\nplayer white\nplayer red tag r seat white\nplayer black\n\
                     piece king K royal {\n step n e s w\n}\n\
                     setup white: K a1\nsetup red: K h1\nsetup black: K h8\n\
                     check never\nend royal captured: eliminate\n";
        let v = compile(rules, board).unwrap();
        let mut p = Position::start(&v);
        assert!(p.resign());
        assert!(p.is_eliminated(0));
        assert_eq!(p.to_move(), 1);
        assert_eq!(p.outcome(), Outcome::Ongoing);
        assert_eq!(p.hash(), p.compute_hash());
        let m = p.legal_moves()[0];
        p.make(m);
        assert_eq!(p.to_move(), 2);
        assert!(p.resign());
        assert_eq!(
            p.outcome(),
            Outcome::Finished {
                reason: EndReason::LastPlayer,
                scores: vec![Score::Loss, Score::Win, Score::Loss],
            }
        );
        p.unmake();
        p.unmake();
        p.unmake();
        assert_eq!(p, Position::start(&v));
    }

    #[test]
    fn agreed_draws_end_the_game_and_unmake() {
        let v = chess();
        let mut p = Position::start(&v);
        assert!(p.agree_draw());
        assert_eq!(
            p.outcome(),
            Outcome::Finished {
                reason: EndReason::Agreement,
                scores: vec![Score::Draw, Score::Draw],
            }
        );
        assert!(p.to_string().ends_with("end=agreement:1/2,1/2"), "{p}");
        assert!(!p.agree_draw() && !p.resign());
        assert_eq!(p.hash(), p.compute_hash());
        p.unmake();
        assert_eq!(p, Position::start(&v));
    }
}
