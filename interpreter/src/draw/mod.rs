//! Drawing boards: as text ([`text`]) and as SVG ([`svg`]).

mod layout;
mod outline;
mod shade;
pub mod svg;
pub mod text;

pub use svg::{move_targets, svg, svg_moves, svg_seen, svg_view};
pub use text::{text_board, text_view};
