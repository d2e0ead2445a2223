//! The rule language: grammar, typed AST and parser.
//!
//! `parse_rules` turns the text of a rule file into a [`ast::RuleFile`] or reports
//! every syntax error it can find. Names are not resolved here (that needs the board);
//! the interpreter's compiler does it and reports unknown names with these spans.

pub mod ast;
mod ast_mines;
mod ast_rules;
pub mod betza;
mod build;
mod cond;
mod expr;
mod found;
mod hints;
mod include;
mod parser;
mod pest_adapter;
mod recover;
mod words;

pub use ast::RuleFile;
pub use include::{load_rules, RuleSet, MAX_INCLUDED_FILES, MAX_INCLUDE_DEPTH};
pub use parser::parse_rules;
