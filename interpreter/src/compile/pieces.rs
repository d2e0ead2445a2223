//! Piece types: names, letters, `royal`, `pawn`, values, and the kind limit.

use super::cx::Cx;
use super::options::{Active, Options};
use crate::ids::{PieceType, MAX_KINDS};
use crate::variant::PieceTypeInfo;
use dsl::limits::MAX_PIECE_TYPES;
use dsl::rules::ast::Ident;
use dsl::Span;
use std::collections::{HashMap, HashSet};

/// The declared piece types.
pub(crate) struct Types {
    /// In declaration order.
    pub infos: Vec<PieceTypeInfo>,
    /// For each active piece block, its type (`None` for a rejected duplicate or a
    /// type beyond the limit).
    pub of_block: Vec<Option<PieceType>>,
    /// Each declared name's type.
    by_name: HashMap<String, PieceType>,
    /// Each declared letter's type (upper case; `true`: the promoted form, `+L`).
    by_letter: HashMap<(char, bool), PieceType>,
    /// Names declared beyond the limit (reported once; not types, not unknown).
    over: HashSet<String>,
}

impl Types {
    /// A type by name.
    pub fn find(&self, name: &str) -> Option<PieceType> {
        self.by_name.get(name).copied()
    }

    /// Resolves a type name, reporting unknown ones.
    pub fn resolve(&self, name: &Ident, cx: &mut Cx) -> Option<PieceType> {
        let t = self.find(&name.node);
        if t.is_none() && !self.over.contains(&name.node) {
            cx.unknown(
                "compile::unknown-piece",
                "piece type",
                name,
                self.infos.iter().map(|t| t.name.as_str()),
                "piece types",
            );
        }
        t
    }

    /// A type by letter (either case; not a promoted form `+L`).
    pub fn by_letter(&self, letter: char) -> Option<PieceType> {
        self.by_letter
            .get(&(letter.to_ascii_uppercase(), false))
            .copied()
    }
}

/// Declares the piece types of the active `piece` blocks.
pub(crate) fn declare(active: &Active, players: usize, opts: &Options, cx: &mut Cx) -> Types {
    let mut types = Types {
        infos: Vec::new(),
        of_block: Vec::new(),
        by_name: HashMap::new(),
        by_letter: HashMap::new(),
        over: HashSet::new(),
    };
    let mut letter_at: Vec<Span> = Vec::new();
    let mut full = false;
    for p in &active.pieces {
        let d = p.decl;
        if full {
            // Past the limit (reported once): not declared, so ids stay below it.
            types.over.insert(d.name.node.clone());
            types.of_block.push(None);
            continue;
        }
        if types.find(&d.name.node).is_some() {
            cx.error(
                "compile::duplicate-piece",
                format!("piece type `{}` is declared twice", d.name.node),
                d.name.span,
                "second declaration",
                "give every piece type a different name",
            );
            types.of_block.push(None);
            continue;
        }
        let key = (d.letter.node.to_ascii_uppercase(), d.promoted);
        if let Some(&j) = types.by_letter.get(&key) {
            cx.error(
                "compile::duplicate-letter",
                format!(
                    "piece types `{}` and `{}` both use the letter `{}{}`",
                    types.infos[j as usize].name,
                    d.name.node,
                    if d.promoted { "+" } else { "" },
                    key.0
                ),
                d.letter.span,
                "letter used again",
                "letters name pieces in notation and position strings (either case): pick another letter",
            )
            .secondary
            .push((letter_at[j as usize], "first used here".into()));
        }
        let n = types.infos.len() + 1;
        if !full && (n > MAX_PIECE_TYPES || n * players.max(1) > MAX_KINDS) {
            full = true;
            cx.error(
                "compile::too-many-kinds",
                format!(
                    "{n} piece types x {players} players make {} kinds; at most {MAX_KINDS} are allowed",
                    n * players
                ),
                d.name.span,
                "one type too many",
                format!(
                    "every piece type of every player is a kind, and kind sets are 64-bit masks; \
                     at most {MAX_PIECE_TYPES} types"
                ),
            );
        }
        let value = d
            .value
            .as_ref()
            .and_then(|v| opts.num_in(v, -1_000_000, 1_000_000, "a piece value", cx))
            .unwrap_or(0);
        if p.moves.is_empty() {
            cx.warning(
                "compile::no-moves",
                format!("piece type `{}` has no move rules in force", d.name.node),
                d.name.span,
                "never moves",
                "add `step`, `slide`, `leap` or `hop` lines, or check the `when` conditions",
            );
        }
        letter_at.push(d.letter.span);
        let id = types.infos.len() as PieceType;
        types.of_block.push(Some(id));
        types.by_name.insert(d.name.node.clone(), id);
        types.by_letter.entry(key).or_insert(id);
        types.infos.push(PieceTypeInfo {
            name: d.name.node.clone(),
            letter: d.letter.node,
            demotes_to: None,
            royal: d.royal,
            pawn: d.pawn,
            value,
        });
    }
    link_promoted_forms(active, &mut types, cx);
    types
}

/// Points each promoted form (`+P`) at the type with its plain letter, which it turns
/// back into when captured to hand.
fn link_promoted_forms(active: &Active, types: &mut Types, cx: &mut Cx) {
    for (p, ty) in active.pieces.iter().zip(types.of_block.clone()) {
        let (d, Some(ty)) = (p.decl, ty) else {
            continue;
        };
        if !d.promoted {
            continue;
        }
        match types.by_letter(d.letter.node) {
            Some(base) => types.infos[ty as usize].demotes_to = Some(base),
            None => {
                cx.error(
                    "compile::promoted-without-base",
                    format!(
                        "`+{}` is the promoted form of a piece lettered `{}`, but no piece type has that letter",
                        d.letter.node.to_ascii_uppercase(),
                        d.letter.node.to_ascii_uppercase()
                    ),
                    d.letter.span,
                    "no such base piece",
                    "declare the unpromoted piece with this letter, or drop the `+`",
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{codes, compile, CHESS_BOARD};

    #[test]
    fn types_letters_and_values() {
        let base = "board \"b\"\nplayer white\nplayer black\n";
        let v = compile(
            &format!("{base}piece knight N value 3 pawn {{\n leap n.n.e\n}}\n"),
            CHESS_BOARD,
        )
        .unwrap();
        let t = &v.piece_types()[0];
        assert_eq!((t.letter, t.value, t.pawn, t.royal), ('N', 3, true, false));
        let dup =
            format!("{base}piece knight N {{\n step n\n}}\npiece nightrider n {{\n step n\n}}\n");
        assert_eq!(codes(&dup, CHESS_BOARD), ["compile::duplicate-letter"]);
        let twice = format!("{base}piece a A {{\n step n\n}}\npiece a B {{\n step n\n}}\n");
        assert_eq!(codes(&twice, CHESS_BOARD), ["compile::duplicate-piece"]);
    }
}
