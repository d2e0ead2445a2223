//! One game between players at a table ([`Decide`]rs), written to a record.
//!
//! The referee here checks every move a player returns against the legal moves, so a
//! faulty player is reported as an error instead of corrupting the game, and a
//! length guard stops games that would go on for ever.

use super::Decide;
use crate::record::{result_text, GameRecord, PASS};
use crate::san::san;
use crate::{MoveKind, Outcome, Player, Position, Score};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// Each player's result in turn order; `None` when the length guard stopped it.
    pub scores: Option<Vec<Score>>,
    /// Why it ended (`checkmate`..., or `move limit`).
    pub reason: String,
    /// Plies played.
    pub plies: u32,
}

/// A player that broke the rules of the table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum GameError {
    /// The player returned a move that is not legal.
    #[error("player {player} chose `{text}`, which is not a legal move")]
    #[diagnostic(code(chessgraph::game::illegal))]
    Illegal {
        /// Who.
        player: Player,
        /// The move in long form.
        text: String,
    },
    /// The player returned no move though the game goes on.
    #[error("player {0} returned no move in an unfinished game")]
    #[diagnostic(code(chessgraph::game::no_move))]
    NoMove(Player),
    /// Fewer seats than players.
    #[error("{seats} seats for {players} players")]
    #[diagnostic(code(chessgraph::game::seats))]
    Seats {
        /// Seats given.
        seats: usize,
        /// Players of the variant.
        players: usize,
    },
}

/// Plays from `pos` until the rules end the game or `max_plies` moves are made,
/// `seats[p]` choosing the moves of player `p`. Every move (and each elimination
/// as a comment) goes to `record`, whose `Result` tag is set at the end.
pub fn play_game(
    pos: &mut Position,
    seats: &mut [&mut dyn Decide],
    max_plies: u32,
    record: &mut GameRecord,
) -> Result<GameEnd, GameError> {
    let v = pos.variant().clone();
    let n = v.players().len();
    if seats.len() < n {
        return Err(GameError::Seats {
            seats: seats.len(),
            players: n,
        });
    }
    let mut plies = 0;
    loop {
        if let Outcome::Finished { reason, scores } = pos.outcome() {
            record.set_tag("Result", &result_text(&v, &scores));
            return Ok(GameEnd {
                scores: Some(scores),
                reason: v.end_label(reason).into(),
                plies,
            });
        }
        if plies >= max_plies {
            record.set_tag("Result", "*");
            return Ok(GameEnd {
                scores: None,
                reason: "move limit".into(),
                plies,
            });
        }
        let me = pos.to_move();
        let mv = seats[me as usize]
            .decide(pos)
            .ok_or(GameError::NoMove(me))?;
        if !pos.legal_moves().contains(&mv) {
            return Err(GameError::Illegal {
                player: me,
                text: pos.long(mv),
            });
        }
        let text = if matches!(mv.kind(), MoveKind::Pass) {
            PASS.to_owned()
        } else {
            san(pos, mv)
        };
        let turn = pos.move_number();
        let out_before: Vec<bool> = (0..n).map(|p| pos.is_eliminated(p as Player)).collect();
        let since = pos.announcements().len();
        pos.make(mv);
        plies += 1;
        record.push_made(pos, since, turn, me, text);
        for (p, &was) in out_before.iter().enumerate() {
            if !was && pos.is_eliminated(p as Player) {
                record.comment(format!("{} is eliminated", v.players()[p].name));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Limits, RandomMover, Searcher};
    use crate::testing::chess;

    #[test]
    fn engine_beats_random_and_the_record_replays() {
        let v = chess();
        let mut pos = Position::start(&v);
        let mut engine = Searcher::new(&v, Limits::depth(2));
        let mut random = RandomMover::new(3);
        let mut record = GameRecord::new("chess");
        let end = play_game(&mut pos, &mut [&mut engine, &mut random], 400, &mut record).unwrap();
        assert_eq!(end.scores, Some(vec![Score::Win, Score::Loss]), "{record}");
        let back = GameRecord::parse(&record.to_string()).unwrap();
        let fin = back.replay(&v, |_, _| {}).unwrap();
        assert_eq!(fin, pos);
        let mut r2 = GameRecord::new("chess");
        let err = play_game(&mut Position::start(&v), &mut [&mut random], 10, &mut r2);
        assert!(matches!(err, Err(GameError::Seats { .. })));
    }
}
