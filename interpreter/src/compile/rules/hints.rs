//! `hint` statements: advice to the computer player, never a rule of the game. A
//! hint is a word the search knows (`zugzwang`), a weight of its evaluation
//! (`hint mobility = 70`) or a table of what a piece is worth on each cell
//! (`hint place pawn white = ...`, one value per cell in the board's order).

use super::Lower;
use crate::compile::options::Active;
use crate::ids::Kind;
use crate::rules::{PlacePhase, EVAL_WEIGHTS, HINTS, PLACE_WORDS};
use dsl::rules::ast::Hint;

/// The largest weight a `hint WORD = N` may give.
const MAX_WEIGHT: u64 = 100_000;
/// The largest worth (centipawns) a table of places may give a cell.
const MAX_PLACE: u64 = 10_000;

impl Lower<'_, '_> {
    /// `hint` statements, checked against the words the computer player knows.
    pub(super) fn hints(&mut self, active: &Active) {
        for h in &active.hints {
            let word = h.word.node.as_str();
            if let Some(&(_, phase)) = PLACE_WORDS.iter().find(|(w, _)| *w == word) {
                self.place_hint(h, phase);
                continue;
            }
            if let Some(extra) = h.names.first() {
                self.cx.error(
                    "compile::hint-takes-no-names",
                    format!("`{word}` takes no names"),
                    extra.span,
                    "not expected",
                    "only `place` and `place_end` name a piece and a player",
                );
                continue;
            }
            if let Some(extra) = h.values.get(1) {
                self.cx.error(
                    "compile::hint-takes-one-value",
                    format!("`{word}` takes one value"),
                    extra.span,
                    "a second value",
                    format!("write `hint {word} = N`"),
                );
                continue;
            }
            let weight = EVAL_WEIGHTS.iter().find(|&&w| w == word);
            match (word, weight, h.values.first()) {
                ("zugzwang", _, None) => self.rules.zugzwang = true,
                (_, Some(&w), Some(v)) => {
                    if v.node.unsigned_abs() > MAX_WEIGHT {
                        self.cx.error(
                            "compile::hint-out-of-range",
                            format!("`{word}` = {} is out of range", v.node),
                            v.span,
                            "too large",
                            format!("weights lie between -{MAX_WEIGHT} and {MAX_WEIGHT}"),
                        );
                    } else {
                        self.rules.eval_weights.retain(|&(x, _)| x != w);
                        self.rules.eval_weights.push((w, v.node));
                    }
                }
                (_, Some(_), None) => {
                    self.cx.error(
                        "compile::hint-needs-value",
                        format!("the weight `{word}` needs a value"),
                        h.word.span,
                        "no value",
                        format!("write `hint {word} = N`"),
                    );
                }
                ("zugzwang", _, Some(v)) => {
                    self.cx.error(
                        "compile::hint-takes-no-value",
                        "`zugzwang` takes no value".to_string(),
                        v.span,
                        "not a weight",
                        "write `hint zugzwang`".to_string(),
                    );
                }
                (other, None, _) => {
                    let known = HINTS
                        .iter()
                        .map(|h| h.to_string())
                        .chain(EVAL_WEIGHTS.iter().map(|w| format!("{w} = N")))
                        .chain(
                            PLACE_WORDS
                                .iter()
                                .map(|(w, _)| format!("{w} PIECE PLAYER = ...")),
                        )
                        .collect::<Vec<_>>()
                        .join(", ");
                    self.cx.error(
                        "compile::unknown-hint",
                        format!("`{other}` is not a hint the computer player knows"),
                        h.word.span,
                        "unknown hint",
                        format!("known hints: {known}"),
                    );
                }
            }
        }
    }

    /// `hint place PIECE PLAYER = V...`: the kind's worth on every cell, in the
    /// board's cell order. A later table for the same kind and phase replaces an
    /// earlier one (a variant may refine what it includes).
    fn place_hint(&mut self, h: &Hint, phase: PlacePhase) {
        let word = h.word.node.as_str();
        let [piece, player] = h.names.as_slice() else {
            self.cx.error(
                "compile::place-needs-names",
                format!("`{word}` names a piece type and a player"),
                h.word.span,
                "which piece?",
                format!("write `hint {word} PIECE PLAYER = V...`, one value per cell"),
            );
            return;
        };
        let ty = self.env.types.resolve(piece, self.cx);
        let owner = self.env.players.resolve(player, self.cx);
        let cells = self.env.topo.cells;
        if h.values.len() != cells {
            self.cx.error(
                "compile::place-cell-count",
                format!(
                    "`{word}` gives {} value{}; the board has {cells} cells",
                    h.values.len(),
                    if h.values.len() == 1 { "" } else { "s" }
                ),
                h.word.span,
                "wrong length",
                "give one value per cell, in the board's order of cells (as position strings list them)",
            );
            return;
        }
        if let Some(v) = h.values.iter().find(|v| v.node.unsigned_abs() > MAX_PLACE) {
            self.cx.error(
                "compile::hint-out-of-range",
                format!("`{word}`: {} is out of range", v.node),
                v.span,
                "too large",
                format!("values lie between -{MAX_PLACE} and {MAX_PLACE}"),
            );
            return;
        }
        let (Some(ty), Some(owner)) = (ty, owner) else {
            return;
        };
        let kind = (owner as usize * self.env.ntypes + ty as usize) as Kind;
        let table = h.values.iter().map(|v| v.node as i16).collect();
        self.rules
            .eval_places
            .retain(|(k, p, _)| (*k, *p) != (kind, phase));
        self.rules.eval_places.push((kind, phase, table));
    }
}
