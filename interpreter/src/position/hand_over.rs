//! Handing the turn to a chosen player, for front ends that show what a piece of a
//! player not to move could do (`render --from` on any piece): the other players pass
//! until he is to move. The passes are ordinary undo entries, so
//! [`Position::unmake`] takes them back one by one.

use super::Position;
use crate::ids::Player;
use crate::moves::Move;

impl Position {
    /// Makes the players to move pass (passes that do nothing else: no elimination,
    /// no no-move rule) until `player` is to move. True when he is; false when he never
    /// comes (eliminated, or the game is over), and then the passes made are taken back.
    /// At most one pass per player.
    pub fn hand_turn_to(&mut self, player: Player) -> bool {
        let mut passes = 0;
        while self.to_move != player
            && passes < self.v.player_count()
            && self.finish.is_none()
            && !self.is_eliminated(player)
        {
            self.make(Move::voluntary_pass());
            passes += 1;
        }
        if self.to_move == player && self.finish.is_none() {
            return true;
        }
        for _ in 0..passes {
            self.unmake();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::chess;
    use crate::Position;

    #[test]
    fn black_gets_the_turn_and_gives_it_back() {
        let v = chess();
        let mut p = Position::start(&v);
        let start = p.clone();
        assert!(p.hand_turn_to(1));
        assert_eq!(p.to_move(), 1);
        assert_eq!(p.legal_moves().len(), 20);
        p.unmake();
        assert_eq!(p, start);
        assert!(p.hand_turn_to(0));
        assert_eq!(p, start);
    }
}
