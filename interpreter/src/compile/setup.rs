//! `setup PLAYER: L CELLS, ...`: the start position.

use super::cx::Cx;
use super::names::BoardNames;
use super::options::Active;
use super::pieces::Types;
use super::players::Players;
use crate::ids::{Cell, Kind};
use dsl::Span;

/// The start position as `(cell, kind)` in the order written.
pub(crate) fn compile(
    active: &Active,
    names: &BoardNames,
    players: &Players,
    types: &Types,
    cx: &mut Cx,
) -> Vec<(Cell, Kind)> {
    let mut out: Vec<(Cell, Kind)> = Vec::new();
    let mut placed_at: Vec<Span> = Vec::new();
    // For each cell, the index in `out` of the piece set up there.
    let mut at_cell: Vec<Option<usize>> = vec![None; names.board.cells.len()];
    let ntypes = types.infos.len();
    for s in &active.setups {
        let player = players.resolve(&s.player, cx);
        for g in &s.groups {
            let ty = letter_type(types, &g.letter, cx);
            for c in &g.cells {
                let Some(cell) = names.cell(c, cx) else {
                    continue;
                };
                if let Some(i) = at_cell[cell as usize] {
                    cx.error(
                        "compile::setup-occupied",
                        format!("two pieces are set up on `{}`", c.node),
                        c.span,
                        "second piece",
                        "each cell holds at most one piece",
                    )
                    .secondary
                    .push((placed_at[i], "first piece".into()));
                    continue;
                }
                if let (Some(p), Some(t)) = (player, ty) {
                    at_cell[cell as usize] = Some(out.len());
                    out.push((cell, (p as usize * ntypes + t as usize) as Kind));
                    placed_at.push(c.span);
                }
            }
        }
    }
    out
}

/// The type whose letter is `letter`, or `None` with an unknown-letter error that
/// lists the letters (setups on the board and in hand).
pub(crate) fn letter_type(
    types: &Types,
    letter: &dsl::Spanned<char>,
    cx: &mut Cx,
) -> Option<crate::ids::PieceType> {
    let ty = types.by_letter(letter.node);
    if ty.is_none() {
        let letters: Vec<String> = types
            .infos
            .iter()
            .map(|t| format!("`{}`", t.letter))
            .collect();
        cx.error(
            "compile::unknown-letter",
            format!("no piece type has the letter `{}`", letter.node),
            letter.span,
            "unknown letter",
            if letters.is_empty() {
                "the rule file declares no piece types".to_owned()
            } else {
                format!("the piece letters are {}", letters.join(", "))
            },
        );
    }
    ty
}

#[cfg(test)]
mod tests {
    use crate::testing::{codes, compile, CHESS_BOARD};

    #[test]
    fn setup_places_pieces_and_reports_mistakes() {
        let base = "board \"b\"\nplayer white\nplayer black\npiece king K {\n step n\n}\n";
        let v = compile(
            &format!("{base}setup white: K e1\nsetup black: K e8\n"),
            CHESS_BOARD,
        )
        .unwrap();
        assert_eq!(v.setup().count(), 2);
        assert_eq!(
            codes(&format!("{base}setup white: K e1 e1\n"), CHESS_BOARD),
            ["compile::setup-occupied"]
        );
        assert_eq!(
            codes(&format!("{base}setup white: Q e1\n"), CHESS_BOARD),
            ["compile::unknown-letter"]
        );
        assert_eq!(
            codes(&format!("{base}setup white: K e9\n"), CHESS_BOARD),
            ["compile::unknown-cell"]
        );
        assert_eq!(
            codes(&format!("{base}setup red: K e1\n"), CHESS_BOARD),
            ["compile::unknown-player"]
        );
    }
}
