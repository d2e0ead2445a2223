//! Replaying a record: every move read in the variant's notation and checked
//! against the legal moves, the result compared with the rules' verdict.

use super::{name_word, result_text, taken_back, Entry, GameRecord, RecordError, RecordedMove};
use crate::san::parse_move;
use crate::{MoveKind, Outcome, Position, Variant};
use std::sync::Arc;

/// Text of a pass in a record.
pub const PASS: &str = "pass";

impl GameRecord {
    /// The `Options` tag as `(name, value)` pairs (`a=1 b=x`; empty when absent).
    pub fn options(&self) -> Result<Vec<(String, String)>, RecordError> {
        let Some(text) = self.tag("Options") else {
            return Ok(Vec::new());
        };
        text.split_whitespace()
            .map(|o| match o.split_once('=') {
                Some((n, v)) if !n.is_empty() => Ok((n.to_owned(), v.to_owned())),
                _ => Err(RecordError::BadTagValue {
                    tag: "Options".into(),
                    value: o.chars().take(60).collect(),
                    reason: "an option is NAME=VALUE".into(),
                }),
            })
            .collect()
    }

    /// The start position: the `Position` tag (the variant's own string; records
    /// before PGN's tags had it alone), else PGN's `FEN` tag (with `SetUp "1"`, as
    /// records now write it when FEN describes the position, and as other programs
    /// do), else the variant's start.
    pub fn start(&self, variant: &Arc<Variant>) -> Result<Position, RecordError> {
        let tag = ["Position", "FEN"]
            .into_iter()
            .find_map(|t| self.tag(t).map(|p| (t, p)));
        match tag {
            None => Ok(Position::start(variant)),
            Some((t, p)) => Position::from_str(variant, p).map_err(|e| RecordError::BadTagValue {
                tag: t.into(),
                value: p.chars().take(60).collect(),
                reason: e.to_string(),
            }),
        }
    }

    /// Plays every move from the start position, calling `each` after each one
    /// with the position reached; returns the final position. Fails on the first
    /// move that cannot be read or is not legal, on a wrong turn number, and when
    /// the Result tag contradicts a game the rules have ended.
    pub fn replay(
        &self,
        variant: &Arc<Variant>,
        mut each: impl FnMut(&mut Position, &RecordedMove),
    ) -> Result<Position, RecordError> {
        let mut pos = self.start(variant)?;
        for (i, m) in self.moves.iter().enumerate() {
            let index = i + 1;
            let turn = pos.move_number();
            let bad = |reason: String| RecordError::BadMove {
                index,
                turn,
                text: m.text.chars().take(60).collect(),
                reason,
            };
            if let Some(given) = m.turn {
                if given != turn {
                    return Err(RecordError::TurnNumber {
                        index,
                        text: m.text.chars().take(60).collect(),
                        given,
                        expected: turn,
                    });
                }
            }
            if m.entry == Entry::Resigns {
                let me = &variant.players()[pos.to_move() as usize].name;
                if let Some(named) = m.resigning_player() {
                    if !named.eq_ignore_ascii_case(&name_word(me)) {
                        return Err(bad(format!("{me} is to move, not {named}")));
                    }
                }
                if !pos.resign() {
                    return Err(bad("nobody can resign now".into()));
                }
            } else if m.text == PASS {
                let pass = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .find(|x| matches!(x.kind(), MoveKind::Pass))
                    .ok_or_else(|| bad("passing is not legal here".into()))?;
                pos.make(pass);
            } else {
                let mv = parse_move(&mut pos, &m.text).map_err(|e| bad(e.to_string()))?;
                let since = pos.announcements().len();
                pos.make(mv);
                // A `{tried ...}` comment must name a move the rules took back; a move
                // token that was taken back is an old record's way and still reads.
                if m.entry == Entry::TakenBack && !taken_back(&pos, since) {
                    return Err(bad(
                        "the record says it was taken back, but it stands".into()
                    ));
                }
            }
            each(&mut pos, m);
        }
        if let Outcome::Finished { scores, .. } = pos.outcome() {
            let actual = result_text(variant, &scores);
            if actual != self.result() {
                return Err(RecordError::ResultMismatch {
                    given: self.result().chars().take(60).collect(),
                    actual,
                });
            }
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn fools_mate_and_bad_moves() {
        let v = chess();
        let text = "[Variant \"chess\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        let r = GameRecord::parse(text).unwrap();
        let mut seen = 0;
        let end = r.replay(&v, |_, _| seen += 1).unwrap();
        assert_eq!(seen, 4);
        assert!(matches!(end.clone().outcome(), Outcome::Finished { .. }));
        let wrong = GameRecord::parse(
            &text
                .replace("\"0-1\"]", "\"1-0\"]")
                .replace("0-1\n", "1-0\n"),
        )
        .unwrap();
        assert!(matches!(
            wrong.replay(&v, |_, _| {}),
            Err(RecordError::ResultMismatch { .. })
        ));
        let illegal = GameRecord::parse(&text.replace("g4", "Ke3")).unwrap();
        match illegal.replay(&v, |_, _| {}) {
            Err(RecordError::BadMove {
                index: 3,
                turn: 2,
                text,
                ..
            }) => assert_eq!(text, "Ke3"),
            other => panic!("{other:?}"),
        }
        let numbered = GameRecord::parse(&text.replace("2. g4", "3. g4")).unwrap();
        assert!(matches!(
            numbered.replay(&v, |_, _| {}),
            Err(RecordError::TurnNumber {
                given: 3,
                expected: 2,
                ..
            })
        ));
        let mut opts = GameRecord::new("x");
        opts.set_tag("Options", "a=1 b=two");
        assert_eq!(opts.options().unwrap().len(), 2);
        opts.set_tag("Options", "broken");
        assert!(opts.options().is_err());
        opts.set_tag("Position", "nonsense");
        assert!(matches!(
            opts.start(&v),
            Err(RecordError::BadTagValue { .. })
        ));
    }

    #[test]
    fn a_pgn_fen_tag_is_the_start_position() {
        let v = crate::testing::chess();
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let text = format!(
            "[Variant \"chess\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"*\"]\n\n1. e4 *\n"
        );
        let record = GameRecord::parse(&text).unwrap();
        let end = record.replay(&v, |_, _| {}).unwrap();
        assert_eq!(end.fen().unwrap(), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
        let mut bad = GameRecord::new("x");
        bad.set_tag("FEN", "8/8/8 w - - 0 1");
        match bad.start(&v) {
            Err(RecordError::BadTagValue { tag, .. }) => assert_eq!(tag, "FEN"),
            other => panic!("{other:?}"),
        }
    }
}
