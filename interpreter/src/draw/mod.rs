//! Drawing boards.

mod layout;
pub mod text;

pub use text::text_board;
