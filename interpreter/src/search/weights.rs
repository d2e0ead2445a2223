//! The weights of the evaluation: defaults for every variant, replaced by a rule
//! file's `hint WORD = N` lines (written by `chessgraph tune` from self-play games of
//! that variant), so each variant's evaluation can be tuned as data.

use crate::rules::EVAL_WEIGHTS;
use crate::Variant;

/// The evaluation's weights (see [`super::Evaluator`] for the terms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Centipawns per cell a piece reaches from its cell on the empty board.
    pub reach: i32,
    /// The live mobility term of a piece with every move its kind can have
    /// (centipawns; concave in the moves, half of it taken off).
    pub mobility: i32,
    /// A royal's danger per squared attack unit, in hundredths of a centipawn.
    pub king_attack: i32,
    /// The most a royal's danger costs (centipawns).
    pub king_danger: i32,
    /// Centipawns per friendly piece next to a royal while the opponents keep their
    /// force.
    pub shelter: i32,
    /// The promotion-distance term while the opponents have all their pieces, in
    /// percent of its table (in between, by how many they have left).
    pub promotion: i32,
    /// The promotion-distance term when the opponents have only pawns and royals.
    pub promotion_end: i32,
    /// The passed-pawn term while the opponents have all their pieces, in percent of
    /// its table.
    pub passed: i32,
    /// The passed-pawn term when the opponents have only pawns and royals.
    pub passed_end: i32,
    /// Centipawns for a doubled pawn.
    pub doubled: i32,
    /// Centipawns for a piece that a cheaper enemy piece could take.
    pub threat: i32,
    /// Centipawns for a piece an enemy could take that its side does not defend.
    pub hanging: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            reach: 3,
            mobility: 70,
            king_attack: 150,
            king_danger: 600,
            shelter: 10,
            promotion: 100,
            promotion_end: 100,
            passed: 100,
            passed_end: 200,
            doubled: 12,
            threat: 60,
            hanging: 40,
        }
    }
}

impl Weights {
    /// The defaults with the variant's `hint WORD = N` lines applied.
    pub fn of(v: &Variant) -> Weights {
        let mut w = Weights::default();
        for &(name, value) in &v.rules.eval_weights {
            w.set(name, value.clamp(i32::MIN as i64, i32::MAX as i64) as i32);
        }
        w
    }

    /// The names of the weights, as `hint` lines write them.
    pub fn names() -> &'static [&'static str] {
        EVAL_WEIGHTS
    }

    fn slot(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "reach" => &mut self.reach,
            "mobility" => &mut self.mobility,
            "king_attack" => &mut self.king_attack,
            "king_danger" => &mut self.king_danger,
            "shelter" => &mut self.shelter,
            "promotion" => &mut self.promotion,
            "promotion_end" => &mut self.promotion_end,
            "passed" => &mut self.passed,
            "passed_end" => &mut self.passed_end,
            "doubled" => &mut self.doubled,
            "threat" => &mut self.threat,
            "hanging" => &mut self.hanging,
            _ => return None,
        })
    }

    /// The weight called `name` (`None`: no such weight).
    pub fn get(&self, name: &str) -> Option<i32> {
        let mut copy = *self;
        copy.slot(name).map(|x| *x)
    }

    /// Sets the weight called `name`; false when there is none.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        match self.slot(name) {
            Some(x) => {
                *x = value;
                true
            }
            None => false,
        }
    }

    /// The weights as rule-file lines (`hint mobility = 70`), one per weight.
    pub fn to_hints(&self) -> String {
        let mut out = String::new();
        for name in Weights::names() {
            if let Some(value) = self.get(name) {
                out.push_str(&format!("hint {name} = {value}\n"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_a_weight_and_hints_read_back() {
        let mut w = Weights::default();
        for (i, name) in Weights::names().iter().enumerate() {
            assert!(w.set(name, i as i32 + 1), "{name}");
            assert_eq!(w.get(name), Some(i as i32 + 1));
        }
        assert!(!w.set("nonsense", 1));
        assert!(w.to_hints().lines().count() == Weights::names().len());
        assert!(w.to_hints().starts_with("hint reach = 1\n"));
    }

    #[test]
    fn a_rule_file_sets_weights_and_the_evaluation_follows() {
        use crate::testing::{compile, CHESS_BOARD, FIDE_CHESS as CHESS_RULES};
        let plain = crate::testing::fide_chess();
        let rules = format!("{CHESS_RULES}\nhint mobility = 0\nhint reach = 0\n");
        let tuned = compile(&rules, CHESS_BOARD).unwrap();
        let w = Weights::of(&tuned);
        assert_eq!((w.mobility, w.reach), (0, 0));
        assert_eq!(
            w.passed,
            Weights::of(&plain).passed,
            "the others as chess's"
        );
        let bare = crate::testing::chess_with("");
        assert_eq!(
            Weights::of(&bare),
            Weights::default(),
            "no hints: the defaults"
        );
        // Without mobility terms, a developed knight is worth no more than at home.
        let fen = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1";
        let at = |v: &std::sync::Arc<crate::Variant>| {
            let p = crate::Position::from_str(v, fen).unwrap();
            super::super::Evaluator::new(v).value(&p, 0)
        };
        assert!(at(&plain) > 0);
        assert_eq!(at(&tuned), 0);
    }
}
