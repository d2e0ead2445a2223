//! `play` for games with hidden information: each player is shown only his own view
//! (the mines he knows of marked on the board), the referee's announcements are
//! printed and written into the record, and a mine layout seeded by an option the
//! players did not set gets a seed from the clock, revealed when the game ends.

use crate::cli::config::VariantSpec;
use crate::cli::view::{self, Seen};
use chessgraph::draw::text_board;
use chessgraph::Position;
use std::time::{SystemTime, UNIX_EPOCH};

/// The board as the player to move may see it (everything, without hidden rules).
pub fn board(pos: &Position) -> String {
    let v = pos.variant();
    let seen = Seen::Player(pos.to_move());
    if !v.has_mines() {
        if v.hides_pieces() {
            return chessgraph::draw::text_view(
                &view::position(pos, seen),
                &[],
                &view::fog(pos, seen),
            );
        }
        return text_board(pos, &[]);
    }
    // The same view `moves --view` and `render --view` draw.
    format!(
        "{}\n{}",
        view::heading(v, seen),
        chessgraph::draw::text_view(
            &view::position(pos, seen),
            &view::mines(pos, seen),
            &view::fog(pos, seen),
        )
    )
}

/// The position as text the player to move may see: the position string (his view's
/// when the variant hides state) and the FEN where FEN can say it.
pub fn position_text(pos: &Position) -> String {
    if pos.variant().has_hidden_state() {
        let me = pos.to_move();
        return format!(
            "{}'s view: {}\n",
            pos.variant().players()[me as usize].name,
            view::position_string(pos, Seen::Player(me))
        );
    }
    let fen = pos.fen().map(|f| format!("fen: {f}\n")).unwrap_or_default();
    format!("position: {pos}\n{fen}")
}

/// The whole truth, for the end of the game: every mine marked, the referee string.
pub fn reveal(pos: &Position) -> String {
    if !pos.variant().has_mines() {
        if pos.variant().hides_pieces() {
            return format!("the whole board:\n{}referee: {pos}\n", text_board(pos, &[]));
        }
        return text_board(pos, &[]);
    }
    let marks: Vec<u16> = pos.mines().iter().map(|m| m.0).collect();
    format!(
        "every mine (* empty, x occupied):\n{}referee: {pos}\n",
        text_board(pos, &marks)
    )
}

/// The texts of the announcements made since `since` of them existed.
pub fn announced(pos: &Position, since: usize) -> Vec<String> {
    let v = pos.variant();
    pos.announcements()
        .get(since..)
        .unwrap_or(&[])
        .iter()
        .map(|a| a.text(v))
        .collect()
}

/// With a seed option the players did not set, the spec with a seed from the clock
/// (and that seed); otherwise `None`.
pub fn with_clock_seed(spec: &VariantSpec, option: Option<&str>) -> Option<(VariantSpec, u32)> {
    let name = option?;
    if spec.options.iter().any(|(k, _)| k == name) {
        return None;
    }
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() ^ d.as_secs() as u32);
    let mut spec = spec.clone();
    spec.options.push((name.to_owned(), nanos.to_string()));
    Some((spec, nanos))
}
