//! Player colours for drawings: `player NAME colour "#d62828"`, checked here, or a
//! default chosen from the player's name (`white`, `red`...) or turn position.
//!
//! Colours are written as CSS understands them in SVG: `#rgb`, `#rrggbb` or a colour
//! keyword (letters only). Drawings need no more, and anything else could inject text
//! into an SVG file.

use super::cx::Cx;
use dsl::Spanned;

/// Colours for players named like a colour: tuned so pieces read on board colours.
const NAMED: &[(&str, &str)] = &[
    ("white", "#f4f1ea"),
    ("black", "#1e1e1e"),
    ("red", "#d62828"),
    ("brown", "#8a5a2b"),
    ("gray", "#8c8c8c"),
    ("grey", "#8c8c8c"),
    ("blue", "#2160c4"),
    ("green", "#2a9d3f"),
    ("yellow", "#f2c230"),
    ("orange", "#f07f1c"),
    ("purple", "#7b2cbf"),
    ("pink", "#e76fb0"),
    ("silver", "#c0c0c0"),
    ("gold", "#d4af37"),
];

/// Colours by turn position for other names: white, black, then vivid colours.
const BY_TURN: &[&str] = &[
    "#f4f1ea", "#1e1e1e", "#d62828", "#2160c4", "#2a9d3f", "#f2c230", "#7b2cbf", "#f07f1c",
];

/// The default colour of the player named `name` at turn position `index`.
pub(crate) fn default(name: &str, index: usize) -> String {
    let lower = name.to_ascii_lowercase();
    NAMED
        .iter()
        .find(|(n, _)| *n == lower)
        .map_or(BY_TURN[index % BY_TURN.len()], |(_, c)| c)
        .to_string()
}

/// True for `#rgb`, `#rrggbb` and keywords of 3 to 20 letters (one rule for board
/// files and rule files: the board schema's).
pub(crate) use dsl::board::colour::well_formed;

/// The colour written in a `player` line, reported when it is not one.
pub(crate) fn given(colour: &Spanned<String>, cx: &mut Cx) -> Option<String> {
    if well_formed(&colour.node) {
        return Some(colour.node.to_ascii_lowercase());
    }
    cx.error(
        "compile::bad-colour",
        format!("`{}` is not a colour", colour.node.escape_default()),
        colour.span,
        "not a colour",
        "write `#rrggbb`, `#rgb` or a CSS colour name such as `red`",
    );
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{codes, compile, CHESS_BOARD};

    #[test]
    fn defaults_follow_names_then_turn_order() {
        assert_eq!(default("Red", 0), "#d62828");
        assert_eq!(default("north", 1), "#1e1e1e");
        assert_eq!(default("x", 9), BY_TURN[1]);
    }

    #[test]
    fn written_colours_are_checked() {
        assert!(well_formed("#abc") && well_formed("#A0b1C2") && well_formed("tomato"));
        assert!(!well_formed("#abcd") && !well_formed("red;x") && !well_formed("\"/>"));
        let v = compile(
            "board \"b\"\nplayer white colour \"#123456\"\nplayer black\n",
            CHESS_BOARD,
        )
        .unwrap();
        assert_eq!(v.players()[0].colour, "#123456");
        assert_eq!(v.players()[1].colour, "#1e1e1e");
        assert_eq!(
            codes("board \"b\"\nplayer white colour \"#12\"\n", CHESS_BOARD),
            ["compile::bad-colour"]
        );
    }
}
