//! Game-level clauses: `castle`, `setup`, `check`, `end`, `en passant`, `notation`.

use super::{child, children, find, first, letter, string, tight, Builder, P};
use crate::rules::ast::{AddOutcome, AddTo, Share, ShareTo};
use crate::rules::ast::{
    CastleDecl, CastleSafety, CheckDecl, CheckRule, CmpOp, EnPassantWindow, EndDecl, Event, MateBy,
    MaterialScope, NonAggressionDecl, NotationDecl, NotationKey, Outcome, RuntimeCmp, SetupDecl,
    SetupGroup, TurnsDecl,
};
use crate::rules::expr::{Expr, Term};
use crate::rules::parser::Rule;
use crate::{Span, Spanned};

impl Builder<'_> {
    /// `castle "NAME" for PLAYER: king A to B, rook C [DIR] to D [, safe path|between|none]`.
    pub(super) fn castle(&mut self, pair: P<'_>) -> CastleDecl {
        let king: Vec<_> = children(&child(&pair, Rule::king_clause), Rule::cell).collect();
        let rook_clause = child(&pair, Rule::rook_clause);
        let rook: Vec<_> = children(&rook_clause, Rule::cell).collect();
        let safety = match find(&pair, Rule::safe_clause) {
            Some(clause) => {
                let safety = if find(&clause, Rule::kw_between).is_some() {
                    CastleSafety::Between
                } else if find(&clause, Rule::kw_none).is_some() {
                    CastleSafety::None
                } else {
                    CastleSafety::Path
                };
                Spanned::new(safety, tight(&clause))
            }
            // Not written: the FIDE default, spanned empty at the end of the rook clause.
            None => {
                let end = tight(&rook_clause).end as usize;
                Spanned::new(CastleSafety::Path, Span::new(end, end))
            }
        };
        CastleDecl {
            name: string(child(&pair, Rule::string)),
            player: self.ident(child(&pair, Rule::player_ref)),
            king_from: self.ident(king[0].clone()),
            king_to: self.ident(king[1].clone()),
            rook_from: self.ident(rook[0].clone()),
            rook_dir: find(&rook_clause, Rule::castle_dir).map(|d| self.ident(d)),
            rook_to: self.ident(rook[1].clone()),
            safety,
            span: tight(&pair),
        }
    }

    /// `setup PLAYER: L CELLS, L CELLS`.
    pub(super) fn setup(&mut self, pair: P<'_>) -> SetupDecl {
        let (mut groups, mut hand) = (Vec::new(), Vec::new());
        for g in children(&pair, Rule::setup_group) {
            match find(&g, Rule::hand_group) {
                Some(h) => hand.extend(children(&h, Rule::letter).map(|l| letter(&l))),
                None => groups.push(SetupGroup {
                    letter: letter(&child(&g, Rule::letter)),
                    cells: children(&g, Rule::cell).map(|c| self.ident(c)).collect(),
                    span: tight(&g),
                }),
            }
        }
        SetupDecl {
            player: self.ident(child(&pair, Rule::player_ref)),
            groups,
            hand,
            span: tight(&pair),
        }
    }

    /// `check always | never | when COND [unless COND]`.
    pub(super) fn check(&mut self, pair: P<'_>) -> CheckDecl {
        let span = tight(&pair);
        let rule = match find(&pair, Rule::check_when) {
            Some(w) => {
                let cond = self.cond(child(&w, Rule::cond));
                Spanned::new(CheckRule::When(cond), tight(&w))
            }
            None => {
                let word = pair
                    .clone()
                    .into_inner()
                    .find(|p| matches!(p.as_rule(), Rule::kw_always | Rule::kw_never))
                    .expect("grammar: always or never");
                let rule = match word.as_rule() {
                    Rule::kw_never => CheckRule::Never,
                    _ => CheckRule::Always,
                };
                Spanned::new(rule, tight(&word))
            }
        };
        CheckDecl {
            rule,
            unless: find(&pair, Rule::check_unless).map(|u| self.cond(child(&u, Rule::cond))),
            span,
        }
    }

    /// `adjudicate if COND: OUTCOMES ["name"]`.
    pub(super) fn adjudicate(&mut self, pair: P<'_>) -> EndDecl {
        let c = child(&pair, Rule::cond);
        let span = tight(&c);
        EndDecl {
            event: Spanned::new(Event::Condition(self.cond(c)), span),
            outcomes: children(&pair, Rule::outcome)
                .map(|o| self.outcome(&o))
                .collect(),
            at_once: None,
            label: find(&pair, Rule::string).map(string),
            span: tight(&pair),
        }
    }

    /// `end EVENT: OUTCOME, OUTCOME`.
    pub(super) fn end(&mut self, pair: P<'_>) -> EndDecl {
        EndDecl {
            event: match find(&pair, Rule::end_if) {
                Some(e) => {
                    let span = tight(&e);
                    Spanned::new(Event::Condition(self.cond(child(&e, Rule::cond))), span)
                }
                None => self.event(child(&pair, Rule::event)),
            },
            outcomes: children(&pair, Rule::outcome)
                .map(|o| self.outcome(&o))
                .collect(),
            at_once: find(&pair, Rule::at_once).map(|a| tight(&a)),
            label: find(&pair, Rule::string).map(string),
            span: tight(&pair),
        }
    }

    /// What an `end` clause reacts to.
    fn event(&mut self, pair: P<'_>) -> Spanned<Event> {
        let span = tight(&pair);
        let inner = first(pair);
        let event = match inner.as_rule() {
            Rule::kw_checkmate => Event::Checkmate,
            Rule::kw_stalemate => Event::Stalemate,
            Rule::no_moves => Event::NoMoves,
            Rule::royal_captured => Event::RoyalCaptured,
            Rule::royal_blasted => Event::RoyalBlasted,
            Rule::last_royal_captured => Event::LastRoyalCaptured,
            Rule::moves_limit => Event::Moves(self.num(child(&inner, Rule::num)).node),
            Rule::repetition => Event::Repetition(self.num(child(&inner, Rule::num)).node),
            Rule::quiet => Event::Quiet(self.num(child(&inner, Rule::num)).node),
            Rule::material => Event::Material {
                scope: match find(&inner, Rule::kw_each) {
                    Some(_) => MaterialScope::Each,
                    None => MaterialScope::All,
                },
                alternatives: children(&inner, Rule::material_alt)
                    .map(|alt| children(&alt, Rule::letter).map(|l| letter(&l)).collect())
                    .collect(),
            },
            Rule::checkmate_by => Event::CheckmateBy(match find(&inner, Rule::kw_one) {
                Some(_) => MateBy::One,
                None => MateBy::Many,
            }),
            Rule::check_all => Event::CheckAll {
                mate: find(&inner, Rule::kw_mate).is_some(),
            },
            _ => Event::LastPlayer,
        };
        Spanned::new(event, span)
    }

    /// `non-aggression [lost OP N] [lead OP N] [in ZONE] [unless check]`, each
    /// condition once.
    pub(super) fn non_aggression(&mut self, pair: P<'_>) -> NonAggressionDecl {
        let mut decl = NonAggressionDecl {
            lost: None,
            lead: None,
            zone: find(&pair, Rule::aggression_zone)
                .map(|z| self.zone_expr(child(&z, Rule::aggr_zone))),
            unless_check: find(&pair, Rule::unless_check).is_some(),
            span: tight(&pair),
        };
        for cond in children(&pair, Rule::aggression_cond) {
            let cmp = RuntimeCmp {
                op: cmp_op(child(&cond, Rule::cmp_op).as_str()),
                value: self.num(child(&cond, Rule::num)),
                span: tight(&cond),
            };
            let slot = match find(&cond, Rule::kw_lost) {
                Some(_) => &mut decl.lost,
                None => &mut decl.lead,
            };
            if slot.replace(cmp).is_some() {
                self.duplicate_attribute(tight(&cond));
            }
        }
        decl
    }

    /// `en passant lasts turn|round`.
    pub(super) fn en_passant(&mut self, pair: P<'_>) -> Spanned<EnPassantWindow> {
        let window = match find(&pair, Rule::kw_round) {
            Some(_) => EnPassantWindow::Round,
            None => EnPassantWindow::Turn,
        };
        Spanned::new(window, tight(&pair))
    }

    /// `turns per zone Z1, Z2, ...`.
    pub(super) fn turns(&mut self, pair: P<'_>) -> TurnsDecl {
        let (mut zones, mut players) = (Vec::new(), Vec::new());
        for track in children(&pair, Rule::turn_track) {
            zones.push(self.zone_expr(child(&track, Rule::zone_expr)));
            players.push(
                children(&track, Rule::player_ref)
                    .map(|p| self.ident(p))
                    .collect(),
            );
        }
        TurnsDecl {
            zones,
            players,
            span: tight(&pair),
        }
    }

    /// `notation KEY "MARK", ...`, each key once.
    pub(super) fn notation(&mut self, pair: P<'_>) -> NotationDecl {
        let mut marks: Vec<(Spanned<NotationKey>, Spanned<String>)> = Vec::new();
        for mark in children(&pair, Rule::notation_mark) {
            let key_pair = child(&mark, Rule::notation_key);
            let key = match first(key_pair.clone()).as_rule() {
                Rule::kw_promotion => NotationKey::Promotion,
                Rule::kw_check => NotationKey::Check,
                Rule::kw_draw => NotationKey::Draw,
                _ => NotationKey::Mate,
            };
            let key = Spanned::new(key, tight(&key_pair));
            if let Some((earlier, _)) = marks.iter().find(|(k, _)| k.node == key.node) {
                self.push(
                    self.error(
                        "rules::duplicate-mark",
                        format!("the `{}` mark is given twice", key_pair.as_str()),
                        key.span,
                        "again",
                    )
                    .also(earlier.span, "first time")
                    .help("give each mark once"),
                );
            }
            marks.push((key, string(child(&mark, Rule::string))));
        }
        NotationDecl {
            marks,
            span: tight(&pair),
        }
    }
}

/// `lose`, `lose to actor`, `win`, `draw`, `eliminate`, `pass`, `captor controls`.
impl Builder<'_> {
    /// One outcome of an `end` clause or an `after move` rule.
    pub(super) fn outcome(&mut self, pair: &P<'_>) -> Spanned<Outcome> {
        let inner = first(pair.clone());
        let outcome = match inner.as_rule() {
            Rule::kw_lose => Outcome::Lose,
            Rule::kw_win => Outcome::Win,
            Rule::kw_draw => Outcome::Draw,
            Rule::kw_eliminate => Outcome::Eliminate,
            Rule::kw_pass => Outcome::Pass,
            Rule::lose_to_actor => Outcome::LoseToActor,
            Rule::most_royals => Outcome::MostRoyals,
            Rule::subject_wins => Outcome::SubjectWins,
            Rule::actor_loses => Outcome::ActorLoses,
            Rule::rank_by => {
                let e = self.expr(child(&inner, Rule::expr));
                if find(&inner, Rule::kw_all).is_some() {
                    Outcome::RankAllBy(e)
                } else {
                    Outcome::RankBy(e)
                }
            }
            Rule::add_effect => Outcome::Add(self.add_outcome(&inner)),
            Rule::score_outcome => Outcome::Score(
                children(&inner, Rule::score_share)
                    .map(|s| self.share(&s))
                    .collect(),
            ),
            _ => Outcome::CaptorControls,
        };
        Spanned::new(outcome, tight(pair))
    }
}

impl Builder<'_> {
    /// `add EXPR to COUNTER [of WHO]`.
    fn add_outcome(&mut self, pair: &P<'_>) -> AddOutcome {
        let amount = match find(pair, Rule::expr) {
            Some(e) => self.expr(e),
            None => {
                let n = child(pair, Rule::int_lit);
                let term = Spanned::new(Term::Num(self.int(&n)), tight(&n));
                Spanned::new(
                    Expr {
                        terms: vec![(false, term)],
                    },
                    tight(&n),
                )
            }
        };
        let to = find(pair, Rule::add_to).map(|a| {
            let word = a
                .clone()
                .into_inner()
                .find(|p| p.as_rule() != Rule::kw_of)
                .expect("grammar: `of` names someone");
            let span = tight(&word);
            let to = match word.as_rule() {
                Rule::kw_subject => AddTo::Subject,
                Rule::kw_actor => AddTo::Actor,
                Rule::kw_others => AddTo::Others,
                Rule::kw_all => AddTo::All,
                _ => AddTo::Player(self.ident(word)),
            };
            Spanned::new(to, span)
        });
        AddOutcome {
            amount,
            counter: self.ident(child(pair, Rule::counter_ref)),
            to,
        }
    }

    /// `subject|actor|others FRACTION`.
    fn share(&mut self, pair: &P<'_>) -> Share {
        let to = if find(pair, Rule::kw_actor).is_some() {
            ShareTo::Actor
        } else if find(pair, Rule::kw_others).is_some() {
            ShareTo::Others
        } else {
            ShareTo::Subject
        };
        let f = child(pair, Rule::fraction);
        let text = f.as_str();
        let (n, d) = text.split_once('/').unwrap_or((text, "1"));
        // Over-long digits saturate; the compiler reports fractions it cannot use.
        let parse = |t: &str| t.parse::<u32>().unwrap_or(u32::MAX);
        Share {
            to,
            fraction: Spanned::new((parse(n), parse(d)), tight(&f)),
        }
    }
}

/// A comparison operator as written (the grammar admits only these).
pub(in crate::rules) fn cmp_op(text: &str) -> CmpOp {
    match text {
        "!=" => CmpOp::Ne,
        "<" => CmpOp::Lt,
        "<=" => CmpOp::Le,
        ">=" => CmpOp::Ge,
        ">" => CmpOp::Gt,
        _ => CmpOp::Eq,
    }
}
