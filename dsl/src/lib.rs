//! The chessgraph rule language and board files.
//!
//! This crate knows the *shape* of a variant and nothing of its play: it parses rule
//! files into a typed AST whose nodes carry byte spans ([`rules`]), reads board files
//! into an expanded, validated graph ([`board`]), and describes every problem it finds
//! as a [`Diagnostic`] that points at file, line and column. Game logic lives in the
//! `chessgraph` interpreter crate.
#![deny(missing_docs)]

pub mod board;
pub mod diagnostic;
pub mod limits;
pub mod rules;
pub mod source;
pub mod span;
pub mod suggest;

pub use diagnostic::{Diagnostic, Diagnostics, Severity};
pub use source::SourceFile;
pub use span::{Span, Spanned};
