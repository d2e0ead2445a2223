//! The lines under a text drawing: the legend of tinted zones and the pieces in hand.

use super::super::shade::MARKS;
use crate::Position;

/// `in hand: white Q N2, black -`: every player's pieces in hand with their counts.
pub fn hands_line(pos: &Position) -> String {
    let v = pos.variant();
    let players: Vec<String> = v
        .players()
        .iter()
        .enumerate()
        .map(|(p, info)| {
            let held: Vec<String> = (0..v.piece_types().len())
                .filter_map(|t| {
                    let n = pos.in_hand(p as u8, t as u8);
                    let letter = v.piece_types()[t].letter.to_ascii_uppercase();
                    match n {
                        0 => None,
                        1 => Some(letter.to_string()),
                        n => Some(format!("{letter}{n}")),
                    }
                })
                .collect();
            let held = if held.is_empty() {
                "-".to_owned()
            } else {
                held.join(" ")
            };
            format!("{} {held}", info.name)
        })
        .collect();
    format!("in hand: {}", players.join(", "))
}

/// `= road  : camp`: the mark and name of every tinted zone that has a cell.
pub(super) fn legend(board: &dsl::board::BoardGraph, shades: &[Option<usize>]) -> Option<String> {
    let parts: Vec<String> = board
        .shade
        .iter()
        .enumerate()
        .filter(|&(i, _)| shades.contains(&Some(i)))
        .map(|(i, s)| format!("{} {}", MARKS[i % MARKS.len()], s.zone))
        .collect();
    (!parts.is_empty()).then(|| parts.join("  "))
}
