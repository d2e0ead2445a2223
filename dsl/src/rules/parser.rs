//! The entry point: text -> pest pairs -> typed AST, reporting every error in one run.
//!
//! pest stops at the first syntax error. To report all of them we turn the error into a
//! diagnostic, blank the offending statement (see [`super::recover`]) and parse again,
//! until the text parses or [`MAX_DIAGNOSTICS`] is reached. Blanking keeps byte offsets,
//! so every span still points into the original file. Once the (blanked) text parses,
//! the builder runs and adds the structural errors of the statements that were left.

use super::ast::RuleFile;
use super::{build, pest_adapter, recover};
use crate::limits::{MAX_BLOCK_DEPTH, MAX_DIAGNOSTICS, MAX_FILE_BYTES};
use crate::{Diagnostic, Diagnostics, SourceFile, Span};
use pest::Parser;
use std::sync::Arc;

/// The pest parser generated from `grammar.pest`.
#[derive(pest_derive::Parser)]
#[grammar = "rules/grammar.pest"]
pub(crate) struct RulesParser;

/// Parses a rule file into its typed AST.
///
/// Names (directions, zones, cells, pieces, players) are not resolved: that needs the
/// board and is the interpreter's job. What is checked here is everything that needs
/// no board: syntax, limits, option types and defaults, duplicate `game`/`board`
/// statements and option names, tags. All problems are returned together, sorted by
/// position; the function never panics, whatever the input.
pub fn parse_rules(file: &Arc<SourceFile>) -> Result<RuleFile, Diagnostics> {
    if let Some(d) = check_size(file).or_else(|| check_depth(file)) {
        return Err(Diagnostics(vec![d]));
    }
    let mut text = file.text.clone();
    let mut blanked = Vec::new();
    let mut diags = Vec::new();
    // Each recovery parses the text again up to the next error: bytes of re-parsing
    // allowed, so that a large file with errors near its end costs a few parses
    // rather than one per diagnostic.
    let mut budget = file.text.len() + RECOVERY_BYTES;
    let rule_file = loop {
        match RulesParser::parse(Rule::file, &text) {
            Ok(mut pairs) => {
                let Some(root) = pairs.next() else {
                    break None;
                };
                let (rule_file, found) = build::build_file(file, root, &blanked);
                diags.extend(found);
                break Some(rule_file);
            }
            Err(error) => {
                let report = pest_adapter::syntax_error(file, &text, &error);
                diags.push(report.diagnostic);
                let Some(recovery) = report.recovery else {
                    break None;
                };
                let range = recovery.range;
                let Some(left) = budget.checked_sub(range.end) else {
                    break None;
                };
                budget = left;
                if diags.len() >= MAX_DIAGNOSTICS
                    || !recover::blank_with(&mut text, range.clone(), recovery.keep_braces)
                {
                    break None;
                }
                blanked.push(range);
            }
        }
    };
    diags.sort_by_key(|d| d.primary.as_ref().map(|(s, _)| s.start));
    diags.truncate(MAX_DIAGNOSTICS);
    match rule_file {
        Some(rule_file) if diags.is_empty() => Ok(rule_file),
        _ => Err(Diagnostics(diags)),
    }
}

/// Re-parsing allowed to error recovery beyond the file's own length, in bytes: every
/// rule file of ordinary size gets all its syntax errors reported.
const RECOVERY_BYTES: usize = 1 << 20;

/// Refuses files too large to be a rule file before pest sees them.
fn check_size(file: &Arc<SourceFile>) -> Option<Diagnostic> {
    let len = file.text.len();
    (len > MAX_FILE_BYTES).then(|| {
        Diagnostic::error(
            "rules::file-too-large",
            format!("the rule file is {len} bytes long, more than the limit of {MAX_FILE_BYTES}"),
        )
        .in_file(file)
        .help("a rule file is a few kilobytes of text; check that this is the right file")
    })
}

/// Refuses blocks nested deeper than [`MAX_BLOCK_DEPTH`], which would otherwise cost
/// stack in both the parser and the builder.
fn check_depth(file: &Arc<SourceFile>) -> Option<Diagnostic> {
    let brace = recover::braces(&file.text)
        .into_iter()
        .find(|b| b.open && b.depth > MAX_BLOCK_DEPTH)?;
    Some(
        Diagnostic::error(
            "rules::nesting-too-deep",
            format!("blocks are nested more than {MAX_BLOCK_DEPTH} deep"),
        )
        .at(
            file,
            Span::new(brace.at, brace.at + 1),
            "this block is too deep",
        )
        .help("`when` blocks rarely need more than two levels; merge the conditions"),
    )
}

#[cfg(test)]
mod scoring_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_mines;
#[cfg(test)]
mod tests_players;
#[cfg(test)]
mod tests_rule_core;
