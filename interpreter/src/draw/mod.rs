//! Drawing boards.

pub mod text;

pub use text::text_board;
