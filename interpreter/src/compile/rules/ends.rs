//! The event statements as sugar for the rule IR: `end checkmate` is a no-move rule on
//! "the check rule holds and the player is in check", `end royal captured` an
//! after-move rule on "the move captured a royal", `end repetition 3` an adjudication
//! on "repetitions >= 3".

use super::super::options::Active;
use super::{Lower, Stage, MAX_COUNT};
use crate::outcome::EndReason;
use crate::rules::{AddTo, Cond, Credit, Effect, Expr, Rule, StuckRule, Subject, Whose};
use dsl::rules::ast::{self, CmpOp, Event, MateBy, Outcome};
use dsl::{Span, Spanned};

impl Lower<'_, '_> {
    /// The `end` clauses: sugar events and `end if`.
    pub(crate) fn ends(&mut self, active: &Active) {
        let has = |f: &dyn Fn(&Event) -> bool| active.ends.iter().any(|e| f(&e.event.node));
        let last_royal = has(&|e| *e == Event::LastRoyalCaptured);
        let shared = self.rules.shared_royals != 0;
        let check_all_mate = has(&|e| *e == Event::CheckAll { mate: true });
        let mut by_mate: Vec<StuckRule> = Vec::new();
        let mut stuck: Vec<StuckRule> = Vec::new();
        for e in &active.ends {
            if let Event::Condition(_) = &e.event.node {
                self.general_end(e, Stage::End);
                continue;
            }
            let Some(effects) = self.sugar_effects(e) else {
                continue;
            };
            let at_once = e.at_once.is_some();
            if let Some(span) = e.at_once {
                let no_move = matches!(
                    e.event.node,
                    Event::Checkmate | Event::CheckmateBy(_) | Event::Stalemate | Event::NoMoves
                );
                if !no_move {
                    self.cx.error(
                        "compile::at-once",
                        "`at once` is for events about a player without a legal move",
                        span,
                        "not for this event",
                        "write it after `checkmate`, `stalemate` or `no moves`; \
                         the other events are already tested after every move",
                    );
                } else if !active.turns.is_empty() {
                    self.cx.error(
                        "compile::at-once",
                        "`at once` does not combine with `turns per zone`",
                        span,
                        "here",
                        "each board's player is tested at his own turn there",
                    );
                }
                self.rules.at_once |= no_move;
            }
            let royals = self.royal_kinds();
            let subject_check = Cond::Check(Whose::Subject);
            let applies = Cond::CheckApplies;
            let mate = || Cond::And(vec![Cond::CheckApplies, Cond::Check(Whose::Subject)]);
            let no_move = |cond, credit, reason| StuckRule {
                cond,
                credit,
                effects: effects.clone(),
                reason,
                at_once,
            };
            let after = |subject, cond: Cond, reason| {
                let reads_move = cond.reads_move();
                let costly = cond.costly();
                let material_only = cond.reads_material_only();
                Rule {
                    subject,
                    cond,
                    effects: effects.clone(),
                    reason,
                    reads_move,
                    costly,
                    material_only,
                }
            };
            let adjudicate = |cond| Rule {
                subject: Subject::Next,
                cond,
                effects: effects.clone(),
                reason: reason_of(&e.event.node),
                reads_move: false,
                costly: false,
                material_only: false,
            };
            match &e.event.node {
                Event::Checkmate => {
                    stuck.push(no_move(mate(), Credit::Checker, EndReason::Checkmate))
                }
                Event::CheckmateBy(by) => {
                    let (lone, credit) = match by {
                        MateBy::One => (Cond::LoneMate, Credit::LoneMater),
                        MateBy::Many => (Cond::Not(Box::new(Cond::LoneMate)), Credit::Checker),
                    };
                    let cond = Cond::And(vec![applies, subject_check, lone]);
                    by_mate.push(no_move(cond, credit, EndReason::Checkmate));
                }
                Event::Stalemate => {
                    let cond = Cond::And(vec![applies, Cond::Not(Box::new(subject_check))]);
                    stuck.push(no_move(cond, Credit::Previous, EndReason::Stalemate));
                }
                Event::NoMoves => {
                    let cond = Cond::Not(Box::new(applies));
                    stuck.push(no_move(cond, Credit::Previous, EndReason::NoMoves));
                }
                Event::RoyalCaptured => {
                    let mut cond = Cond::Captures(royals);
                    if last_royal {
                        cond = Cond::And(vec![cond, royals_cmp(CmpOp::Gt, shared)]);
                    }
                    self.rules
                        .after
                        .push(after(Subject::Victim, cond, EndReason::RoyalCaptured));
                }
                Event::LastRoyalCaptured => {
                    let cond =
                        Cond::And(vec![Cond::Captures(royals), royals_cmp(CmpOp::Eq, shared)]);
                    // Before `royal captured` rules, which then apply to other captures.
                    let at = self
                        .rules
                        .after
                        .iter()
                        .position(|r| r.reason == EndReason::RoyalCaptured)
                        .unwrap_or(self.rules.after.len());
                    let rule = after(Subject::Victim, cond, EndReason::RoyalCaptured);
                    self.rules.after.insert(at, rule);
                }
                Event::RoyalBlasted => {
                    let rule = after(
                        Subject::Victim,
                        Cond::Blasted(royals),
                        EndReason::RoyalBlasted,
                    );
                    self.rules.after.push(rule);
                }
                Event::CheckAll { mate } => {
                    let cond = if *mate {
                        Cond::CheckAll(true)
                    } else if check_all_mate {
                        Cond::And(vec![
                            Cond::CheckAll(false),
                            Cond::Not(Box::new(Cond::CheckAll(true))),
                        ])
                    } else {
                        Cond::CheckAll(false)
                    };
                    let reason = if *mate {
                        EndReason::CheckAllMate
                    } else {
                        EndReason::CheckAll
                    };
                    self.rules.after.push(after(Subject::Next, cond, reason));
                }
                Event::LastPlayer => {
                    if self.rules.last_player == [Effect::Win] {
                        self.rules.last_player = effects.clone();
                    }
                }
                Event::Repetition(n) => {
                    if let Some(n) = self.count(n, e.event.span, 1) {
                        let cond = Cond::Cmp(Expr::Repetitions, CmpOp::Ge, Expr::Lit(n));
                        self.rules.adjudication.push(adjudicate(cond));
                    }
                }
                Event::Quiet(n) => {
                    if let Some(n) = self.count(n, e.event.span, 1) {
                        let cond = Cond::Cmp(Expr::Quiet, CmpOp::Ge, Expr::Lit(n));
                        self.rules.adjudication.push(adjudicate(cond));
                    }
                }
                // 0 means "never", so that an option can switch the limit off.
                Event::Moves(n) => {
                    if let Some(n) = self.count(n, e.event.span, 0) {
                        if n > 0 {
                            // Move numbers start at 1: move N + 1 means N moves each.
                            let cond = Cond::Cmp(Expr::MoveNumber, CmpOp::Gt, Expr::Lit(n));
                            self.rules.adjudication.push(adjudicate(cond));
                        }
                    }
                }
                Event::Material {
                    scope,
                    alternatives,
                } => {
                    if let Some(cond) = self.material(*scope, alternatives) {
                        self.rules.adjudication.push(adjudicate(cond));
                    }
                }
                Event::Condition(_) => {}
            }
        }
        by_mate.extend(stuck);
        self.rules.stuck = by_mate;
    }

    /// A number of a sugar event, at least `lo`.
    pub(crate) fn count(&mut self, n: &ast::Num, span: Span, lo: i64) -> Option<i64> {
        let what = if lo == 0 { "a move limit" } else { "a count" };
        self.env
            .opts
            .num_in(&Spanned::new(n.clone(), span), lo, MAX_COUNT, what, self.cx)
    }

    /// The effects of a sugar `end EVENT` clause, checked against the event.
    pub(crate) fn sugar_effects(&mut self, e: &ast::EndDecl) -> Option<Vec<Effect>> {
        let event = &e.event.node;
        let no_move = matches!(
            event,
            Event::Checkmate | Event::CheckmateBy(_) | Event::Stalemate | Event::NoMoves
        );
        let check_all = matches!(event, Event::CheckAll { .. });
        let adjudication = matches!(
            event,
            Event::Repetition(_) | Event::Quiet(_) | Event::Moves(_) | Event::Material { .. }
        );
        let mut effects = Vec::new();
        for o in &e.outcomes {
            let fits = match &o.node {
                Outcome::Pass => no_move,
                Outcome::CaptorControls => matches!(
                    event,
                    Event::Checkmate
                        | Event::CheckmateBy(_)
                        | Event::RoyalCaptured
                        | Event::LastRoyalCaptured
                ),
                Outcome::Eliminate => {
                    !matches!(event, Event::LastPlayer) && !check_all && !adjudication
                }
                Outcome::Lose => !check_all,
                // One subject and an actor who may differ from him.
                Outcome::LoseToActor | Outcome::ActorLoses => {
                    !check_all && !matches!(event, Event::LastPlayer)
                }
                // A count of pieces, not an event about one player: after a move limit.
                Outcome::MostRoyals => matches!(event, Event::Moves(_)),
                // Adjudication only reports an end: it changes no counter.
                Outcome::Add(_) => !adjudication,
                _ => true,
            };
            if !fits {
                self.cx.error(
                    "compile::bad-outcome",
                    "this outcome does not apply to this event",
                    o.span,
                    "does not apply",
                    "`pass` follows checkmate, stalemate or no moves; `captor controls` follows \
                     checkmate or royal captured; `eliminate` and `lose` need one player the \
                     event is about (`check all opponents` is about several: use `win` or `draw`); \
                     `lose to actor` also needs an actor (not `last player`); `most royals` \
                     follows `moves N`",
                );
                continue;
            }
            if let Some(effect) = self.outcome(&o.node) {
                effects.push(effect);
            }
        }
        Some(effects)
    }

    /// An outcome as an effect.
    pub(crate) fn outcome(&mut self, o: &Outcome) -> Option<Effect> {
        Some(match o {
            Outcome::Lose => Effect::Lose,
            Outcome::Win => Effect::Win,
            Outcome::Draw => Effect::Draw,
            Outcome::Eliminate => Effect::Eliminate,
            Outcome::Pass => Effect::Pass,
            Outcome::CaptorControls => Effect::CaptorControls,
            Outcome::LoseToActor => Effect::LoseToActor,
            Outcome::MostRoyals => Effect::RankBy(Expr::Royals(Whose::Subject)),
            Outcome::SubjectWins => Effect::SubjectWins,
            Outcome::ActorLoses => Effect::ActorLoses,
            Outcome::RankBy(e) => Effect::RankBy(self.expr(e, Stage::End)?),
            Outcome::RankAllBy(e) => Effect::RankAllBy(self.expr(e, Stage::End)?),
            Outcome::Add(a) => {
                let counter = self.counter_index(&a.counter);
                let amount = self.expr(&a.amount, Stage::After);
                let to = match a.to.as_ref().map(|t| &t.node) {
                    None | Some(ast::AddTo::Subject) => AddTo::Subject,
                    Some(ast::AddTo::Actor) => AddTo::Actor,
                    Some(ast::AddTo::Others) => AddTo::Others,
                    Some(ast::AddTo::All) => AddTo::All,
                    Some(ast::AddTo::Player(p)) => {
                        AddTo::Player(self.env.players.resolve(p, self.cx)?)
                    }
                };
                Effect::Add {
                    counter: counter?,
                    amount: amount?,
                    to,
                }
            }
            Outcome::Score(shares) => self.score(shares)?,
        })
    }

    /// `score subject F actor F others F`: each fraction a share of a point in
    /// whole 24ths.
    fn score(&mut self, shares: &[ast::Share]) -> Option<Effect> {
        let mut units = [0u8; 3];
        let mut seen = [false; 3];
        let mut ok = true;
        for s in shares {
            let i = match s.to {
                ast::ShareTo::Subject => 0,
                ast::ShareTo::Actor => 1,
                ast::ShareTo::Others => 2,
            };
            let (n, d) = s.fraction.node;
            let whole = crate::outcome::SCORE_UNITS as u32;
            if d == 0 || whole % d != 0 || n > d {
                self.cx.error(
                    "compile::bad-share",
                    format!("`{n}/{d}` is not a share of a point the engine can keep"),
                    s.fraction.span,
                    "this fraction",
                    "write a fraction from 0 to 1 whose denominator divides 24 (1/2, 1/3, 3/4, 5/6, 1/8 ...)",
                );
                ok = false;
                continue;
            }
            if std::mem::replace(&mut seen[i], true) {
                self.cx.error(
                    "compile::bad-share",
                    "a player gets two shares",
                    s.fraction.span,
                    "second share",
                    "name `subject`, `actor` and `others` once each",
                );
                ok = false;
            }
            units[i] = (n * (whole / d)) as u8;
        }
        ok.then_some(Effect::Score {
            subject: units[0],
            actor: units[1],
            others: units[2],
        })
    }
}

/// `royals of subject OP 0` (`royals of team` when a team shares its royals: its
/// last royal is the team's last).
fn royals_cmp(op: CmpOp, shared: bool) -> Cond {
    let whose = if shared { Whose::Team } else { Whose::Subject };
    Cond::Cmp(Expr::Royals(whose), op, Expr::Lit(0))
}

/// The reason of an adjudication event.
fn reason_of(e: &Event) -> EndReason {
    match e {
        Event::Repetition(_) => EndReason::Repetition,
        Event::Quiet(_) => EndReason::Quiet,
        Event::Moves(_) => EndReason::MoveLimit,
        _ => EndReason::Material,
    }
}
