//! Declarations: `option`, `player`, `dirs`, `zone` and zone expressions.

use super::{child, children, find, first, string, tight, Builder, P};
use crate::rules::ast::{
    DirsCase, DirsDecl, Ident, OptionDecl, OptionType, OptionValue, PlayerDecl, SeatSelector,
    ZoneCase, ZoneDecl, ZoneExpr, ZoneTerm,
};
use crate::rules::parser::Rule;
use crate::rules::words;
use crate::{Span, Spanned};
use std::collections::HashMap;

/// Most choices listed in a help.
const LISTED: usize = 12;

impl Builder<'_> {
    /// `option NAME: TYPE = DEFAULT "doc"`, with its type and default checked.
    pub(super) fn option(&mut self, pair: P<'_>) -> OptionDecl {
        let mut decl = OptionDecl {
            name: self.ident(child(&pair, Rule::option_name)),
            ty: self.option_type(child(&pair, Rule::option_type)),
            default: self.option_value(child(&pair, Rule::option_value)),
            doc: find(&pair, Rule::string).map(string),
            span: tight(&pair),
        };
        self.check_default(&mut decl);
        match self.options.get(&decl.name.node) {
            Some(&first) => self.push(
                self.error(
                    "rules::duplicate-option",
                    format!("option `{}` is declared twice", decl.name.node),
                    decl.name.span,
                    "second declaration",
                )
                .also(first, "first declaration")
                .help("rename one of them or remove the second"),
            ),
            None => {
                self.options.insert(decl.name.node.clone(), decl.name.span);
            }
        }
        decl
    }

    /// `bool`, `int(MIN..MAX)`, `choice(a, b)`.
    fn option_type(&mut self, pair: P<'_>) -> Spanned<OptionType> {
        let span = tight(&pair);
        let inner = first(pair);
        let ty = match inner.as_rule() {
            Rule::int_type => {
                let bounds: Vec<i64> = children(&inner, Rule::int_lit)
                    .map(|p| self.int(&p))
                    .collect();
                let (min, max) = (bounds[0], bounds[1]);
                if min > max {
                    self.push(
                        self.error(
                            "rules::empty-range",
                            format!("the range {min}..{max} is empty"),
                            span,
                            "the smallest value comes first",
                        )
                        .help(format!("write `int({max}..{min})`")),
                    );
                }
                OptionType::Int { min, max }
            }
            Rule::choice_type => OptionType::Choice(self.choices(&inner)),
            _ => OptionType::Bool,
        };
        Spanned::new(ty, span)
    }

    /// The names of a `choice(...)`, each once (duplicates found with a hash map, so
    /// a hostile list of 100,000 values costs linear time).
    fn choices(&mut self, pair: &P<'_>) -> Vec<Ident> {
        let mut names: Vec<Ident> = Vec::new();
        let mut first: HashMap<String, Span> = HashMap::new();
        for p in children(pair, Rule::option_name) {
            let name = self.ident(p);
            if let Some(&earlier) = first.get(&name.node) {
                self.push(
                    self.error(
                        "rules::duplicate-choice",
                        format!("the choice `{}` is listed twice", name.node),
                        name.span,
                        "again",
                    )
                    .also(earlier, "first time"),
                );
            } else {
                first.insert(name.node.clone(), name.span);
            }
            names.push(name);
        }
        names
    }

    /// The default must have the option's type and lie in its range; a choice default
    /// written as a number or `true` is kept as the choice name it spells.
    fn check_default(&mut self, decl: &mut OptionDecl) {
        let default = &decl.default;
        let problem = match (&decl.ty.node, &default.node) {
            (OptionType::Bool, OptionValue::Bool(_)) => None,
            (OptionType::Bool, _) => Some((
                "the default of a bool option must be `true` or `false`".to_string(),
                None,
            )),
            (OptionType::Int { min, max }, OptionValue::Int(v)) => {
                (min <= max && (v < min || v > max)).then(|| {
                    (
                        format!("the default {v} is outside the range {min}..{max}"),
                        None,
                    )
                })
            }
            (OptionType::Int { .. }, _) => Some((
                "the default of an int option must be a whole number".to_string(),
                None,
            )),
            (OptionType::Choice(names), value) => {
                let text = value_text(value);
                if names.iter().any(|n| n.node == text) {
                    decl.default.node = OptionValue::Name(text);
                    None
                } else {
                    let mut list = names
                        .iter()
                        .take(LISTED)
                        .map(|n| format!("`{}`", n.node))
                        .collect::<Vec<_>>();
                    if names.len() > LISTED {
                        list.push(format!("... ({} in all)", names.len()));
                    }
                    let near = words::closest(&text, names.iter().map(|n| n.node.as_str()));
                    let help = match near {
                        Some(n) => format!("did you mean `{n}`?"),
                        None => format!("choose one of {}", list.join(", ")),
                    };
                    Some((
                        format!("the default `{text}` is not one of the choices"),
                        Some(help),
                    ))
                }
            }
        };
        if let Some((message, help)) = problem {
            let help = help.unwrap_or_else(|| {
                format!("write a default of type `{}`", type_text(&decl.ty.node))
            });
            self.push(
                self.error(
                    "rules::bad-default",
                    message,
                    decl.default.span,
                    "this default",
                )
                .also(decl.ty.span, "the option's type")
                .help(help),
            );
        }
    }

    /// `player NAME [tag C] [seat SEAT]`; each attribute at most once.
    pub(super) fn player(&mut self, pair: P<'_>) -> PlayerDecl {
        let mut decl = PlayerDecl {
            name: self.ident(child(&pair, Rule::player_def)),
            tag: None,
            seat: None,
            colour: None,
            span: tight(&pair),
        };
        for attr in children(&pair, Rule::player_attr).map(first) {
            let span = tight(&attr);
            let twice = match attr.as_rule() {
                Rule::tag_attr => decl
                    .tag
                    .replace(self.tag(child(&attr, Rule::tag_text)))
                    .is_some(),
                Rule::colour_attr => decl
                    .colour
                    .replace(string(child(&attr, Rule::string)))
                    .is_some(),
                _ => decl
                    .seat
                    .replace(self.ident(child(&attr, Rule::seat_name)))
                    .is_some(),
            };
            if twice {
                self.duplicate_attribute(span);
            }
        }
        decl
    }

    /// A tag is exactly one character (it prefixes piece letters in position strings).
    fn tag(&mut self, pair: P<'_>) -> Spanned<char> {
        let span = tight(&pair);
        let text = pair.as_str();
        let mut chars = text.chars();
        let c = chars.next().unwrap_or('?');
        if chars.next().is_some() {
            self.push(
                self.error(
                    "rules::bad-tag",
                    format!(
                        "a tag is one character, `{text}` has {}",
                        text.chars().count()
                    ),
                    span,
                    "not one character",
                )
                .help(format!(
                    "tags prefix piece letters in position strings (`{c}K`); write `tag {c}`"
                )),
            );
        }
        Spanned::new(c, span)
    }

    /// "`tag` is given twice" and the like.
    pub(super) fn duplicate_attribute(&mut self, span: Span) {
        self.push(
            self.error(
                "rules::duplicate-attribute",
                "this attribute is given twice".into(),
                span,
                "again",
            )
            .help("give each attribute once"),
        );
    }

    /// `dirs NAME = CASE, CASE`.
    pub(super) fn dirs(&mut self, pair: P<'_>) -> DirsDecl {
        DirsDecl {
            name: self.ident(child(&pair, Rule::dirs_def)),
            cases: children(&pair, Rule::dirs_case)
                .map(|c| self.dirs_case(c))
                .collect(),
            span: tight(&pair),
        }
    }

    /// `NAMES [for PLAYERS] [in ZONE]`.
    fn dirs_case(&mut self, pair: P<'_>) -> DirsCase {
        DirsCase {
            names: children(&pair, Rule::dir_ref)
                .map(|p| self.ident(p))
                .collect(),
            players: self.case_players(&pair),
            zone: find(&pair, Rule::case_zone).map(|z| self.zone_expr(child(&z, Rule::zone_expr))),
            span: tight(&pair),
        }
    }

    /// The players after `for`, or none.
    fn case_players(&mut self, pair: &P<'_>) -> Vec<Ident> {
        match find(pair, Rule::case_players) {
            Some(p) => children(&p, Rule::player_ref)
                .map(|p| self.ident(p))
                .collect(),
            None => Vec::new(),
        }
    }

    /// `zone NAME = ZCASE, ZCASE`.
    pub(super) fn zone(&mut self, pair: P<'_>) -> ZoneDecl {
        ZoneDecl {
            name: self.ident(child(&pair, Rule::zone_def)),
            cases: children(&pair, Rule::zone_case)
                .map(|c| self.zone_case(c))
                .collect(),
            span: tight(&pair),
        }
    }

    /// `TERMS [for PLAYERS]`.
    fn zone_case(&mut self, pair: P<'_>) -> ZoneCase {
        ZoneCase {
            zone: self.zone_expr(child(&pair, Rule::zone_expr)),
            players: self.case_players(&pair),
            span: tight(&pair),
        }
    }

    /// A union of terms (`zone_expr` or, inside move rules, `mod_zone`).
    pub(in crate::rules) fn zone_expr(&mut self, pair: P<'_>) -> ZoneExpr {
        let span = tight(&pair);
        let terms = pair.into_inner().map(|t| self.zone_term(t)).collect();
        ZoneExpr { terms, span }
    }

    /// `name`, `name.SEAT`, `name.others`, `name.all`.
    fn zone_term(&mut self, pair: P<'_>) -> ZoneTerm {
        let span = tight(&pair);
        let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::p_dot);
        let name = self.ident(inner.next().expect("grammar: zone term has a name"));
        let seat = match inner.next() {
            None => SeatSelector::Own,
            Some(s) if s.as_str() == "others" => SeatSelector::Others,
            Some(s) if s.as_str() == "all" => SeatSelector::All,
            Some(s) => SeatSelector::Seat(self.ident(s)),
        };
        ZoneTerm { name, seat, span }
    }
}

/// An option value as the user wrote it, for comparing with choice names.
fn value_text(value: &OptionValue) -> String {
    match value {
        OptionValue::Bool(b) => b.to_string(),
        OptionValue::Int(i) => i.to_string(),
        OptionValue::Name(n) => n.clone(),
    }
}

/// An option type as written.
fn type_text(ty: &OptionType) -> String {
    match ty {
        OptionType::Bool => "bool".into(),
        OptionType::Int { min, max } => format!("int({min}..{max})"),
        OptionType::Choice(names) => {
            let names: Vec<&str> = names.iter().map(|n| n.node.as_str()).collect();
            format!("choice({})", names.join(", "))
        }
    }
}
