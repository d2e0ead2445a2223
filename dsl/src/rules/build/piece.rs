//! Piece declarations and what goes in their blocks: move rules, modifiers,
//! promotions and nested `when` blocks.

use super::{child, children, find, first, has, letter, string, tight, Builder, P};
use crate::limits::MAX_PATH_LEN;
use crate::rules::ast::{
    Atom, BetzaRule, Modifier, MoveRule, Num, Path, PieceDecl, PieceFilter, PieceItem, PromoteRule,
    TargetRule, When,
};
use crate::rules::betza::{parse_betza, span_in};
use crate::rules::parser::Rule;
use crate::{Span, Spanned};
use std::mem::discriminant;

impl Builder<'_> {
    /// `piece NAME L [royal] [pawn] [value N] { ... }`.
    pub(super) fn piece(&mut self, pair: P<'_>) -> PieceDecl {
        let block = child(&pair, Rule::piece_block);
        let open = tight(&child(&block, Rule::p_lbrace));
        let written = child(&pair, Rule::piece_letter);
        let promoted = written.as_str().starts_with('+');
        let mut letter = letter(&written);
        if promoted {
            // `+P`: the letter after the mark.
            letter.node = written.as_str()[1..].chars().next().unwrap_or('?');
            letter.span.start += 1;
        }
        let mut decl = PieceDecl {
            name: self.ident(child(&pair, Rule::piece_def)),
            letter,
            promoted,
            royal: false,
            pawn: false,
            value: None,
            body: self.piece_block(block),
            span: Span {
                start: tight(&pair).start,
                end: open.end,
            },
        };
        for attr in children(&pair, Rule::piece_attr).map(first) {
            let span = tight(&attr);
            let twice = match attr.as_rule() {
                Rule::kw_royal => std::mem::replace(&mut decl.royal, true),
                Rule::kw_pawn => std::mem::replace(&mut decl.pawn, true),
                _ => decl
                    .value
                    .replace(self.num(child(&attr, Rule::num)))
                    .is_some(),
            };
            if twice {
                self.duplicate_attribute(span);
            }
        }
        decl
    }

    /// The statements of a piece block.
    pub(super) fn piece_block(&mut self, pair: P<'_>) -> Vec<PieceItem> {
        children(&pair, Rule::piece_item)
            .filter_map(|p| self.piece_item(first(p)))
            .collect()
    }

    /// One statement of a piece block (`None` for a bare block left by recovery).
    pub(super) fn piece_item(&mut self, pair: P<'_>) -> Option<PieceItem> {
        Some(match pair.as_rule() {
            Rule::move_rule => PieceItem::Move(self.move_rule(pair)),
            Rule::promote_rule => PieceItem::Promote(self.promote(pair)),
            Rule::place_promote => PieceItem::Promote(self.place_promote(pair)),
            Rule::betza_rule => PieceItem::Betza(self.betza_rule(pair)),
            Rule::drop_rule => PieceItem::Drop(crate::rules::ast::DropRule {
                gate: has(&pair, Rule::kw_gate),
                into: pair
                    .clone()
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::into_mod)
                    .map(|p| self.zone_expr(child(&p, Rule::mod_zone))),
                span: tight(&pair),
            }),
            Rule::like_rule => PieceItem::Like(
                children(&pair, Rule::piece_ref)
                    .map(|p| self.ident(p))
                    .collect(),
            ),
            Rule::piece_when => {
                let block = child(&pair, Rule::piece_block);
                let (cond, span) = self.when_header(&pair, &block);
                PieceItem::When(When {
                    cond,
                    items: self.piece_block(block),
                    span,
                })
            }
            _ => {
                self.bare_block(pair);
                return None;
            }
        })
    }

    /// `ATOM PATHS MODIFIERS`.
    fn move_rule(&mut self, pair: P<'_>) -> MoveRule {
        let atom_pair = child(&pair, Rule::atom);
        let atom = Spanned::new(
            match first(atom_pair.clone()).as_rule() {
                Rule::kw_step => Atom::Step,
                Rule::kw_slide => Atom::Slide,
                Rule::kw_leap => Atom::Leap,
                _ => Atom::Hop,
            },
            tight(&atom_pair),
        );
        let rule = MoveRule {
            atom,
            paths: children(&pair, Rule::path).map(|p| self.path(p)).collect(),
            modifiers: self.modifiers(&pair),
            span: tight(&pair),
        };
        self.check_move(&rule);
        rule
    }

    /// `betza "TEXT" MODIFIERS`: every mistake in the text is reported at its letters.
    fn betza_rule(&mut self, pair: P<'_>) -> BetzaRule {
        let text = string(child(&pair, Rule::string));
        let moves = match parse_betza(&text.node) {
            Ok(moves) => moves,
            Err(errors) => {
                for e in errors {
                    let span = span_in(text.span, &e.at);
                    self.push(
                        self.error("rules::betza", e.message, span, "here")
                            .help(e.help),
                    );
                }
                Vec::new()
            }
        };
        let rule = BetzaRule {
            text,
            moves,
            modifiers: self.modifiers(&pair),
            span: tight(&pair),
        };
        self.check_modifiers_once(&rule.modifiers);
        rule
    }

    /// `n` or `n.n.e`, at most [`MAX_PATH_LEN`] steps.
    fn path(&mut self, pair: P<'_>) -> Path {
        let span = tight(&pair);
        let steps: Vec<_> = children(&pair, Rule::path_step)
            .map(|s| self.ident(s))
            .collect();
        if steps.len() > MAX_PATH_LEN {
            self.push(
                self.error(
                    "rules::path-too-long",
                    format!(
                        "this path has {} steps, more than the limit of {MAX_PATH_LEN}",
                        steps.len()
                    ),
                    span,
                    "too long",
                )
                .help("split the move into shorter paths or use `slide`"),
            );
        }
        Path { steps, span }
    }

    /// One modifier.
    fn modifier(&mut self, pair: P<'_>) -> Spanned<Modifier> {
        let span = tight(&pair);
        let inner = first(pair);
        let modifier = match inner.as_rule() {
            Rule::over_mod => Modifier::Over(self.piece_filter(child(&inner, Rule::piece_filter))),
            Rule::to_mod => {
                let t = first(child(&inner, Rule::target));
                let word = match t.as_rule() {
                    Rule::capture_target => first(t).as_rule(),
                    r => r,
                };
                Modifier::To(match word {
                    Rule::kw_empty => TargetRule::Empty,
                    Rule::kw_enemy => TargetRule::Enemy,
                    Rule::kw_friend => TargetRule::Friend,
                    _ => TargetRule::Any,
                })
            }
            Rule::kw_first => Modifier::First,
            Rule::from_mod => Modifier::From(self.zone_expr(child(&inner, Rule::mod_zone))),
            Rule::into_mod => Modifier::Into(self.zone_expr(child(&inner, Rule::mod_zone))),
            Rule::max_mod => Modifier::Max(self.num(child(&inner, Rule::num)).node),
            Rule::min_mod => Modifier::Min(self.num(child(&inner, Rule::num)).node),
            Rule::exactly_mod => Modifier::Exactly(self.num(child(&inner, Rule::num)).node),
            Rule::kw_far => Modifier::Far,
            Rule::creates_mod => Modifier::CreatesEnPassant,
            _ => Modifier::EnPassant,
        };
        Spanned::new(modifier, span)
    }

    /// `[not] PIECES`.
    fn piece_filter(&mut self, pair: P<'_>) -> PieceFilter {
        PieceFilter {
            not: find(&pair, Rule::kw_not).is_some(),
            pieces: children(&pair, Rule::filter_ref)
                .map(|p| self.ident(p))
                .collect(),
        }
    }

    /// The modifiers of a move rule: a `to` with a piece filter gives two.
    pub(super) fn modifiers(&mut self, pair: &P<'_>) -> Vec<Spanned<Modifier>> {
        let mut out = Vec::new();
        for m in children(pair, Rule::modifier) {
            let inner = first(m.clone());
            if inner.as_rule() == Rule::to_mod {
                let t = first(child(&inner, Rule::target));
                if let Some(f) = find(&t, Rule::piece_filter) {
                    let span = tight(&f);
                    out.push(self.modifier(m));
                    out.push(Spanned::new(Modifier::Takes(self.piece_filter(f)), span));
                    continue;
                }
            }
            out.push(self.modifier(m));
        }
        out
    }

    /// Checks that need no board: each modifier once, `far` only on hops, dotted
    /// paths only where a fixed path makes sense (steps and leaps).
    fn check_move(&mut self, rule: &MoveRule) {
        self.check_modifiers_once(&rule.modifiers);
        for m in &rule.modifiers {
            if m.node == Modifier::Far && rule.atom.node != Atom::Hop {
                self.push(
                    self.error(
                        "rules::far-without-hop",
                        "`far` only applies to `hop`".into(),
                        m.span,
                        "not a hop",
                    )
                    .help("to move any distance use `slide`"),
                );
            }
        }
        if matches!(rule.atom.node, Atom::Slide | Atom::Hop) {
            for path in rule.paths.iter().filter(|p| p.steps.len() > 1) {
                self.push(
                    self.error(
                        "rules::dotted-ray",
                        "a slide or hop follows single directions, not dotted paths".into(),
                        path.span,
                        "dotted path",
                    )
                    .help("use `leap` or `step` for a fixed path, or name a direction"),
                );
            }
        }
    }

    /// Each modifier once.
    fn check_modifiers_once(&mut self, modifiers: &[Spanned<Modifier>]) {
        for (i, m) in modifiers.iter().enumerate() {
            if let Some(earlier) = modifiers[..i]
                .iter()
                .find(|e| discriminant(&e.node) == discriminant(&m.node))
            {
                self.push(
                    self.error(
                        "rules::duplicate-modifier",
                        "this modifier is given twice".into(),
                        m.span,
                        "again",
                    )
                    .also(earlier.span, "first time")
                    .help("give each modifier once; write two move rules for two different moves"),
                );
            }
        }
    }

    /// `[may] promote into ZONE to TYPES`.
    fn promote(&mut self, pair: P<'_>) -> PromoteRule {
        PromoteRule {
            optional: has(&pair, Rule::kw_may),
            from: has(&pair, Rule::kw_from),
            zone: self.zone_expr(child(&pair, Rule::zone_expr)),
            into: children(&pair, Rule::promo_ref)
                .map(|p| self.ident(p))
                .collect(),
            only_lost: has(&pair, Rule::only_lost),
            in_place: None,
            span: tight(&pair),
        }
    }

    /// `promote in place [or step] [from ZONE] to TYPES`.
    fn place_promote(&mut self, pair: P<'_>) -> PromoteRule {
        let span = tight(&pair);
        PromoteRule {
            optional: true,
            from: true,
            zone: match find(&pair, Rule::zone_expr) {
                Some(z) => self.zone_expr(z),
                None => crate::rules::ast::ZoneExpr {
                    terms: Vec::new(),
                    span,
                },
            },
            into: children(&pair, Rule::promo_ref)
                .map(|p| self.ident(p))
                .collect(),
            only_lost: false,
            in_place: Some(has(&pair, Rule::kw_step)),
            span,
        }
    }

    /// A number or the name of an int option.
    pub(super) fn num(&mut self, pair: P<'_>) -> Spanned<Num> {
        let span = tight(&pair);
        let num = match find(&pair, Rule::number) {
            Some(n) => Num::Lit(self.int(&n)),
            None => Num::Option(self.ident(child(&pair, Rule::option_ref)).node),
        };
        Spanned::new(num, span)
    }
}
