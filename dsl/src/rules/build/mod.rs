//! pest pairs -> typed AST, one small function per construct.
//!
//! The grammar guarantees the shape of every pair, so the builder reads children by
//! rule name and ignores keyword and punctuation tokens. What the grammar cannot
//! express (number overflow, name and path limits, option defaults, duplicates) is
//! checked here and collected as diagnostics; the builder always finishes, so these
//! come out together with the syntax errors.

mod clauses;

pub(in crate::rules) use clauses::cmp_op;
mod decls;
mod mines;
mod piece;
mod points;
mod rule_core;

use super::ast::{Hint, Item, OptionCond, OptionValue, RuleFile, When};
use super::parser::Rule;
use crate::limits::{MAX_DIAGNOSTICS, MAX_NAME_LEN};
use crate::{Diagnostic, SourceFile, Span, Spanned};
use pest::iterators::Pair;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

/// Builds the AST of a parsed `file` pair. `blanked` are the ranges error recovery
/// blanked: blocks whose header was blanked are dropped silently there.
pub(crate) fn build_file(
    file: &Arc<SourceFile>,
    root: Pair<'_, Rule>,
    blanked: &[Range<usize>],
) -> (RuleFile, Vec<Diagnostic>) {
    let mut builder = Builder {
        file,
        blanked,
        diags: Vec::new(),
        options: HashMap::new(),
        bare_depth: 0,
    };
    let items = builder.items(root);
    (RuleFile { items }, builder.diags)
}

/// Walks the pairs, collecting diagnostics.
pub(in crate::rules) struct Builder<'a> {
    file: &'a Arc<SourceFile>,
    blanked: &'a [Range<usize>],
    diags: Vec<Diagnostic>,
    /// Options seen so far, to report duplicates with both places.
    options: HashMap<String, Span>,
    /// How many bare blocks enclose the current pair (only the outermost is reported).
    bare_depth: usize,
}

pub(in crate::rules) type P<'i> = Pair<'i, Rule>;

impl Builder<'_> {
    /// An error at `span`, to be completed and [`Builder::push`]ed.
    fn error(&self, code: &'static str, message: String, span: Span, label: &str) -> Diagnostic {
        Diagnostic::error(code, message).at(self.file, span, label)
    }

    /// Records a diagnostic. Only the first [`MAX_DIAGNOSTICS`] by position are ever
    /// reported, so beyond twice that many the list is cut back to them: a file with
    /// a million duplicates does not hold a million diagnostics.
    fn push(&mut self, diagnostic: Diagnostic) {
        self.diags.push(diagnostic);
        if self.diags.len() >= 2 * MAX_DIAGNOSTICS {
            self.diags
                .sort_by_key(|d| d.primary.as_ref().map(|(s, _)| s.start));
            self.diags.truncate(MAX_DIAGNOSTICS);
        }
    }

    /// The statements of a file or `when` block (`item` children of `pair`).
    fn items(&mut self, pair: P<'_>) -> Vec<Item> {
        let items: Vec<Item> = children(&pair, Rule::item)
            .filter_map(|p| self.item(first(p)))
            .collect();
        self.check_unique_settings(&items);
        items
    }

    /// One top-level statement.
    fn item(&mut self, pair: P<'_>) -> Option<Item> {
        Some(match pair.as_rule() {
            Rule::game_stmt => Item::Game(string(child(&pair, Rule::string))),
            Rule::board_stmt => Item::Board(string(child(&pair, Rule::string))),
            Rule::option_stmt => Item::Option(self.option(pair)),
            Rule::player_stmt => Item::Player(self.player(pair)),
            Rule::dirs_stmt => Item::Dirs(self.dirs(pair)),
            Rule::zone_stmt => Item::Zone(self.zone(pair)),
            Rule::piece_stmt => Item::Piece(self.piece(pair)),
            Rule::castle_stmt => Item::Castle(self.castle(pair)),
            Rule::setup_stmt => Item::Setup(self.setup(pair)),
            Rule::check_stmt => Item::Check(self.check(pair)),
            Rule::end_stmt => Item::End(self.end(pair)),
            Rule::en_passant_stmt => Item::EnPassant(self.en_passant(pair)),
            Rule::non_aggression_stmt => Item::NonAggression(self.non_aggression(pair)),
            Rule::notation_stmt => Item::Notation(self.notation(pair)),
            Rule::points_stmt => Item::Points(self.points(pair)),
            Rule::mines_stmt => Item::Mines(self.mines(pair)),
            Rule::mine_stmt => Item::Mine(self.mine_rule(pair)),
            Rule::turns_stmt => Item::Turns(self.turns(pair)),
            Rule::after_stmt => Item::After(self.after(pair)),
            Rule::forbid_stmt | Rule::refuse_stmt => Item::Filter(self.filter(pair, false)),
            Rule::must_stmt => Item::Filter(self.filter(pair, true)),
            Rule::counter_stmt => Item::Counter(self.counter(pair)),
            Rule::team_stmt => Item::Team(self.team(pair)),
            Rule::announce_stmt => Item::Announce(
                pair.clone()
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::announce_what)
                    .map(|w| {
                        let what = if find(&w, Rule::kw_captures).is_some() {
                            crate::rules::ast::Announced::Captures
                        } else if find(&w, Rule::kw_checks).is_some() {
                            crate::rules::ast::Announced::Checks
                        } else {
                            crate::rules::ast::Announced::Attempts
                        };
                        Spanned::new(what, tight(&w))
                    })
                    .collect(),
            ),
            Rule::see_stmt => {
                let span = tight(&pair);
                let seen = if find(&pair, Rule::kw_own).is_some() {
                    crate::rules::ast::Visibility::Own
                } else if find(&pair, Rule::kw_reach).is_some() {
                    crate::rules::ast::Visibility::Reach
                } else {
                    crate::rules::ast::Visibility::All
                };
                Item::See(Spanned::new(seen, span))
            }
            Rule::allow_stmt => Item::AllowPass(tight(&pair)),
            Rule::hint_stmt => {
                let word = child(&pair, Rule::hint_word);
                let inner = || pair.clone().into_inner();
                let values = inner()
                    .filter(|p| p.as_rule() == Rule::int_lit)
                    .map(|n| Spanned::new(self.int(&n), tight(&n)))
                    .collect();
                let names = inner()
                    .filter(|p| p.as_rule() == Rule::hint_name)
                    .map(|n| Spanned::new(n.as_str().to_owned(), tight(&n)))
                    .collect();
                Item::Hint(Hint {
                    word: Spanned::new(word.as_str().to_owned(), tight(&word)),
                    names,
                    values,
                })
            }
            Rule::hand_stmt => Item::CapturesToHand(tight(&pair)),
            Rule::adjudicate_stmt => Item::Adjudicate(self.adjudicate(pair)),
            Rule::include_stmt => Item::Include(string(child(&pair, Rule::string))),
            Rule::remove_stmt => Item::Remove(self.remove(pair)),
            Rule::extend_stmt => Item::Extend(self.extend(pair)),
            Rule::def_stmt => Item::Def(self.def(pair)),
            Rule::when_stmt => {
                let block = child(&pair, Rule::item_block);
                let (cond, span) = self.when_header(&pair, &block);
                Item::When(When {
                    cond,
                    items: self.items(block),
                    span,
                })
            }
            _ => {
                self.bare_block(pair);
                return None;
            }
        })
    }

    /// A `{ ... }` without header. Recovery leaves one where it blanked a header (the
    /// error is reported already); anywhere else it is a mistake. Either way its
    /// statements are still checked.
    fn bare_block(&mut self, pair: P<'_>) {
        let open = tight(&pair).start as usize;
        if self.bare_depth == 0 && !self.blanked.iter().any(|r| r.contains(&open)) {
            let span = Span::new(open, open + 1);
            self.push(
                self.error("rules::headless-block", "a block without a header".into(), span, "this `{`")
                    .help("a block belongs to a `piece` or `when` line: put the header before the `{`, on the same line"),
            );
        }
        self.bare_depth += 1;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::item => {
                    self.item(first(p));
                }
                Rule::piece_item => {
                    self.piece_item(first(p));
                }
                _ => {}
            }
        }
        self.bare_depth -= 1;
    }

    /// `when COND {`: the condition and the header span (through the `{`).
    fn when_header(&mut self, pair: &P<'_>, block: &P<'_>) -> (Spanned<OptionCond>, Span) {
        let cond = self.option_cond(child(pair, Rule::option_cond));
        let open = tight(&child(block, Rule::p_lbrace));
        (
            cond,
            Span {
                start: tight(pair).start,
                end: open.end,
            },
        )
    }

    /// `NAME`, `not NAME`, `NAME = VALUE`.
    fn option_cond(&mut self, pair: P<'_>) -> Spanned<OptionCond> {
        let span = tight(&pair);
        let name = self.ident(child(&pair, Rule::option_name));
        let cond = if has(&pair, Rule::kw_not) {
            OptionCond::IsFalse(name)
        } else if let Some(value) = find(&pair, Rule::option_value) {
            OptionCond::Equals(name, self.option_value(value))
        } else {
            OptionCond::IsTrue(name)
        };
        Spanned::new(cond, span)
    }

    /// `true`, `false`, `-3`, `hidden-then-exposed`.
    fn option_value(&mut self, pair: P<'_>) -> Spanned<OptionValue> {
        let span = tight(&pair);
        let inner = first(pair);
        let value = match inner.as_rule() {
            Rule::kw_true => OptionValue::Bool(true),
            Rule::kw_false => OptionValue::Bool(false),
            Rule::int_lit => OptionValue::Int(self.int(&inner)),
            _ => OptionValue::Name(self.ident(inner).node),
        };
        Spanned::new(value, span)
    }

    /// A name, checked against [`MAX_NAME_LEN`].
    pub(in crate::rules) fn ident(&mut self, pair: P<'_>) -> Spanned<String> {
        let span = tight(&pair);
        let name = pair.as_str();
        let len = name.chars().count();
        if len > MAX_NAME_LEN {
            self.push(
                self.error(
                    "rules::name-too-long",
                    format!(
                        "this name has {len} characters, more than the limit of {MAX_NAME_LEN}"
                    ),
                    span,
                    "too long",
                )
                .help("use a shorter name"),
            );
        }
        Spanned::new(name.to_string(), span)
    }

    /// An integer literal (`int_lit` or `number`); reports overflow and returns 0.
    pub(in crate::rules) fn int(&mut self, pair: &P<'_>) -> i64 {
        pair.as_str().parse().unwrap_or_else(|_| {
            self.push(
                self.error(
                    "rules::number-too-large",
                    format!("the number `{}` does not fit in 64 bits", pair.as_str()),
                    tight(pair),
                    "too large",
                )
                .help(format!("numbers lie between {} and {}", i64::MIN, i64::MAX)),
            );
            0
        })
    }

    /// `game` and `board` may appear once per block.
    fn check_unique_settings(&mut self, items: &[Item]) {
        for (keyword, pick) in [
            ("game", game_of as fn(&Item) -> Option<Span>),
            ("board", board_of),
            ("points", points::points_of),
        ] {
            let spans: Vec<Span> = items.iter().filter_map(pick).collect();
            for span in spans.iter().skip(1) {
                self.push(
                    self.error(
                        "rules::duplicate-statement",
                        format!("`{keyword}` is given twice"),
                        *span,
                        "second one",
                    )
                    .also(spans[0], "first one")
                    .help(format!("keep one `{keyword}` line")),
                );
            }
        }
    }
}

fn game_of(item: &Item) -> Option<Span> {
    match item {
        Item::Game(s) => Some(s.span),
        _ => None,
    }
}

fn board_of(item: &Item) -> Option<Span> {
    match item {
        Item::Board(s) => Some(s.span),
        _ => None,
    }
}

/// The span of a pair's own tokens: pest lets a rule end after trailing spaces and
/// comments when its last part is optional, and AST spans must not include those.
pub(in crate::rules) fn tight(pair: &P<'_>) -> Span {
    let span = pair.as_span();
    let exact = matches!(
        pair.as_rule(),
        Rule::string
            | Rule::path
            | Rule::zone_term
            | Rule::mod_zone_term
            | Rule::aggr_zone_term
            | Rule::cond_zone_term
            | Rule::piece_sel
    );
    let end = match pair.clone().into_inner().last() {
        Some(last) if !exact => tight(&last).end as usize,
        _ => span.end(),
    };
    Span::new(span.start(), end)
}

/// Children of `pair` with rule `rule`.
pub(in crate::rules) fn children<'i>(pair: &P<'i>, rule: Rule) -> impl Iterator<Item = P<'i>> {
    pair.clone()
        .into_inner()
        .filter(move |p| p.as_rule() == rule)
}

/// The first child with rule `rule`, if any.
pub(in crate::rules) fn find<'i>(pair: &P<'i>, rule: Rule) -> Option<P<'i>> {
    children(pair, rule).next()
}

/// Whether `pair` has a child with rule `rule`.
pub(in crate::rules) fn has(pair: &P<'_>, rule: Rule) -> bool {
    find(pair, rule).is_some()
}

/// The child with rule `rule`, which the grammar guarantees.
pub(in crate::rules) fn child<'i>(pair: &P<'i>, rule: Rule) -> P<'i> {
    find(pair, rule).unwrap_or_else(|| panic!("grammar: {:?} has no {rule:?}", pair.as_rule()))
}

/// The only child of a choice rule such as `item` or `atom`.
pub(in crate::rules) fn first(pair: P<'_>) -> P<'_> {
    let rule = pair.as_rule();
    pair.into_inner()
        .next()
        .unwrap_or_else(|| panic!("grammar: empty {rule:?}"))
}

/// A string literal: the text between the quotes, spanned with the quotes.
pub(in crate::rules) fn string(pair: P<'_>) -> Spanned<String> {
    let span = tight(&pair);
    Spanned::new(child(&pair, Rule::string_body).as_str().to_string(), span)
}

/// A one-letter token.
pub(in crate::rules) fn letter(pair: &P<'_>) -> Spanned<char> {
    Spanned::new(pair.as_str().chars().next().unwrap_or('?'), tight(pair))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parser::RulesParser;
    use pest::Parser;

    fn first_item_span(text: &str) -> (Span, Span) {
        let file = RulesParser::parse(Rule::file, text)
            .unwrap()
            .next()
            .unwrap();
        let item = find(&file, Rule::item).unwrap();
        let s = item.as_span();
        (Span::new(s.start(), s.end()), tight(&item))
    }

    #[test]
    fn tight_spans_drop_trailing_blanks_and_comments() {
        // pest's own span of the statement runs over the comment; ours stops at `w`.
        let (pest, ours) = first_item_span("dirs d = n e s w   # four\n");
        assert!(pest.end > ours.end);
        assert_eq!(ours, Span::new(0, 16));
        // Strings keep their closing quote.
        assert_eq!(first_item_span("game \"x\"  ").1, Span::new(0, 8));
    }
}
