//! Lowering the game rules into the rule IR (`crate::rules`): `check`, `end`, `after
//! move`, `forbid`, `must`, `adjudicate`, `counter`, `allow pass`, `non-aggression`,
//! `en passant lasts`.
//!
//! The event statements of earlier versions are sugar here: `end checkmate` is a
//! no-move rule on "the check rule holds and the player is in check", `end royal
//! captured` an after-move rule on "the move captured a royal", `end repetition 3` an
//! adjudication on "repetitions >= 3", `non-aggression` a `forbid` filter. Every
//! problem is reported with its span; a rule with an error is left out.

use super::cx::{help_for, Cx};
use super::dirsets::{dirs_of, DirSets};
use super::names::BoardNames;
use super::options::{Active, Options};
use super::pieces::Types;
use super::players::Players;
use super::zones::Zones;
use crate::cellset::CellSet;
use crate::ids::{bit, Cell, PieceType, Player};
use crate::outcome::EndReason;
use crate::rules::cond::type_counts;
use crate::rules::{
    CheckRule, Cond, Counter, Credit, Effect, Explosion, Expr, Filter, Rule, Rules, StuckRule,
    Subject, Whose,
};
use crate::topology::Topology;
use crate::variant::OptionValue;
use dsl::rules::ast::{self, CmpOp, EnPassantWindow, Event, MateBy, MaterialScope, Outcome};
use dsl::{Span, Spanned};

/// Largest count in `repetition N`, `quiet N` and `moves N`.
const MAX_COUNT: i64 = 1_000_000;
/// Largest number of counters.
const MAX_COUNTERS: usize = 16;
/// Largest number of rules of all stages together.
const MAX_RULES: usize = 256;

/// What the lowering reads.
pub(crate) struct Env<'a> {
    pub names: &'a BoardNames<'a>,
    pub players: &'a Players,
    pub zones: &'a Zones,
    pub dirsets: &'a DirSets,
    pub types: &'a Types,
    pub opts: &'a Options,
    pub topo: &'a Topology,
    /// Per kind: owner and type (kinds are `owner * types + type`).
    pub ntypes: usize,
    /// Named conditions (`def NAME = COND`).
    pub defs: &'a [&'a ast::DefDecl],
}

/// Where a condition is evaluated: what it may read and which effects fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// `end if`: after every move, about every player.
    End,
    /// `after move`: about the mover and the move.
    After,
    /// `forbid`/`must`: about the mover and the move being tested.
    Filter,
    /// `check when`/`unless`.
    Check,
    /// `adjudicate if`: about the player to move, no move.
    Adjudicate,
}

impl Stage {
    fn name(self) -> &'static str {
        match self {
            Stage::End => "`end if`",
            Stage::After => "`after move`",
            Stage::Filter => "a move filter",
            Stage::Check => "`check`",
            Stage::Adjudicate => "`adjudicate`",
        }
    }
}

/// The lowering state: the environment, the counters declared, the zones and
/// explosions collected, the diagnostics.
struct Lower<'a, 'c> {
    env: &'a Env<'a>,
    cx: &'c mut Cx,
    rules: Rules,
    /// The `def`s being expanded (a def may not use itself).
    expanding: Vec<&'a str>,
    /// Each end-reason label's index in `rules.labels`.
    label_ids: std::collections::HashMap<String, u16>,
}

/// Reports the second of two statements that may appear once.
fn once<T>(items: &[T], span: impl Fn(&T) -> Span, what: &str, cx: &mut Cx) {
    if let [first, second, ..] = items {
        cx.error(
            "compile::duplicate-statement",
            format!("the rules in force have two `{what}` statements"),
            span(second),
            "second one",
            "keep one (inside `when` blocks, make sure only one applies)",
        )
        .secondary
        .push((span(first), "first one".into()));
    }
}

/// Compiles the game rules in force.
pub(crate) fn compile(active: &Active, env: &Env, cx: &mut Cx) -> Rules {
    let mut l = Lower {
        env,
        cx,
        rules: Rules::default(),
        expanding: Vec::new(),
        label_ids: std::collections::HashMap::new(),
    };
    l.counters(active);
    l.check(active);
    once(&active.eps, |x| x.span, "en passant lasts", l.cx);
    l.rules.ep_round = active
        .eps
        .first()
        .is_some_and(|e| e.node == EnPassantWindow::Round);
    l.rules.allow_pass = !active.passes.is_empty();
    l.ends(active);
    for a in &active.afters {
        l.after(a);
    }
    for f in &active.filters {
        l.filter(f);
    }
    l.non_aggression(active);
    for a in &active.adjudications {
        l.general_end(a, Stage::Adjudicate);
    }
    let total = l.rules.after.len() + l.rules.filters.len() + l.rules.adjudication.len();
    if total > MAX_RULES {
        let span = active.ends.first().map_or(Span::new(0, 0), |e| e.span);
        super::limits::too_many(l.cx, "rules", MAX_RULES, span);
    }
    let r = &mut l.rules;
    r.reads_lost = r.filters.iter().any(|f| f.cond.reads_lost())
        || r.after.iter().any(|x| x.cond.reads_lost())
        || r.adjudication.iter().any(|x| x.cond.reads_lost());
    r.explodes = !r.explosions.is_empty();
    l.rules
}

impl Lower<'_, '_> {
    /// `counter NAME [fen remaining N]`.
    fn counters(&mut self, active: &Active) {
        for c in &active.counters {
            let name = &c.name.node;
            if let Some(first) = active
                .counters
                .iter()
                .take_while(|x| !std::ptr::eq(*x, c))
                .find(|x| x.name.node == *name)
            {
                self.cx
                    .error(
                        "compile::duplicate-counter",
                        format!("counter `{name}` is declared twice"),
                        c.name.span,
                        "second one",
                        "give each counter its own name",
                    )
                    .secondary
                    .push((first.name.span, "first one".into()));
                continue;
            }
            if RESERVED_KEYS.contains(&name.as_str()) {
                self.cx.error(
                    "compile::reserved-counter",
                    format!("`{name}` is a key of position strings and cannot name a counter"),
                    c.name.span,
                    "reserved",
                    format!(
                        "choose another name (reserved: {})",
                        RESERVED_KEYS.join(", ")
                    ),
                );
                continue;
            }
            if self.rules.counters.len() == MAX_COUNTERS {
                super::limits::too_many(self.cx, "counters", MAX_COUNTERS, c.span);
                break;
            }
            self.rules.counters.push(Counter {
                name: name.clone(),
                fen_remaining: c.fen_remaining.as_ref().map(|n| n.node),
            });
        }
    }

    /// `check always|never|when COND [unless COND]`.
    fn check(&mut self, active: &Active) {
        once(&active.checks, |x| x.span, "check", self.cx);
        let Some(c) = active.checks.first() else {
            return;
        };
        self.rules.check = match &c.rule.node {
            ast::CheckRule::Always => CheckRule::Always,
            ast::CheckRule::Never => CheckRule::Never,
            ast::CheckRule::When(cond) => match self.cond(cond, Stage::Check) {
                Some(c) => CheckRule::When(c),
                None => CheckRule::Always,
            },
        };
        self.rules.unless = c.unless.as_ref().and_then(|u| self.cond(u, Stage::Filter));
    }

    /// The `end` clauses: sugar events and `end if`.
    fn ends(&mut self, active: &Active) {
        let has = |f: &dyn Fn(&Event) -> bool| active.ends.iter().any(|e| f(&e.event.node));
        let last_royal = has(&|e| *e == Event::LastRoyalCaptured);
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
            let royals = self.royal_kinds();
            let subject_check = Cond::Check(Whose::Subject);
            let applies = Cond::CheckApplies;
            let mate = || Cond::And(vec![Cond::CheckApplies, Cond::Check(Whose::Subject)]);
            let no_move = |cond, credit, reason| StuckRule {
                cond,
                credit,
                effects: effects.clone(),
                reason,
            };
            let after = |subject, cond: Cond, reason| {
                let reads_move = cond.reads_move();
                let costly = cond.costly();
                Rule {
                    subject,
                    cond,
                    effects: effects.clone(),
                    reason,
                    reads_move,
                    costly,
                }
            };
            let adjudicate = |cond| Rule {
                subject: Subject::Next,
                cond,
                effects: effects.clone(),
                reason: reason_of(&e.event.node),
                reads_move: false,
                costly: false,
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
                        cond = Cond::And(vec![cond, royals_cmp(CmpOp::Gt)]);
                    }
                    self.rules
                        .after
                        .push(after(Subject::Victim, cond, EndReason::RoyalCaptured));
                }
                Event::LastRoyalCaptured => {
                    let cond = Cond::And(vec![Cond::Captures(royals), royals_cmp(CmpOp::Eq)]);
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
    fn count(&mut self, n: &ast::Num, span: Span, lo: i64) -> Option<i64> {
        let what = if lo == 0 { "a move limit" } else { "a count" };
        self.env
            .opts
            .num_in(&Spanned::new(n.clone(), span), lo, MAX_COUNT, what, self.cx)
    }

    /// `material each|all ALTS` as a condition.
    fn material(
        &mut self,
        scope: MaterialScope,
        alternatives: &[Vec<Spanned<char>>],
    ) -> Option<Cond> {
        let mut alts = Vec::new();
        let mut ok = true;
        for alt in alternatives {
            let mut ts: Vec<PieceType> = Vec::new();
            for l in alt {
                match self.env.types.by_letter(l.node) {
                    Some(t) => ts.push(t),
                    None => {
                        ok = false;
                        self.cx.error(
                            "compile::unknown-letter",
                            format!("no piece type has the letter `{}`", l.node),
                            l.span,
                            "unknown letter",
                            "material alternatives are lists of piece letters",
                        );
                    }
                }
            }
            alts.push(type_counts(&ts));
        }
        ok.then_some(Cond::Material {
            each: scope == MaterialScope::Each,
            alts,
        })
    }

    /// The effects of a sugar `end EVENT` clause, checked against the event.
    fn sugar_effects(&mut self, e: &ast::EndDecl) -> Option<Vec<Effect>> {
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
    fn outcome(&mut self, o: &Outcome) -> Option<Effect> {
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
        })
    }

    /// `end if COND: OUTCOMES` and `adjudicate if COND: OUTCOMES`.
    fn general_end(&mut self, e: &ast::EndDecl, stage: Stage) {
        let Event::Condition(c) = &e.event.node else {
            return;
        };
        let cond = self.cond(c, stage);
        let mut effects = Vec::new();
        for o in &e.outcomes {
            let misfit = matches!(
                o.node,
                Outcome::Pass
                    | Outcome::CaptorControls
                    | Outcome::LoseToActor
                    | Outcome::ActorLoses
            ) || (stage == Stage::Adjudicate && o.node == Outcome::Eliminate);
            if misfit {
                self.stage_error(o.span, stage, outcome_word(&o.node));
                continue;
            }
            if let Some(x) = self.outcome(&o.node) {
                effects.push(x);
            }
        }
        let Some(cond) = cond else {
            return;
        };
        let reason = self.label(e.label.as_ref());
        let rule = Rule {
            subject: if stage == Stage::End {
                Subject::Each
            } else {
                Subject::Next
            },
            reads_move: cond.reads_move(),
            costly: cond.costly(),
            cond,
            effects,
            reason,
        };
        if stage == Stage::End {
            self.rules.after.push(rule);
        } else {
            self.rules.adjudication.push(rule);
        }
    }

    /// The end reason of a general rule: its label (shared by the rules that have
    /// it), or `rule-N`.
    fn label(&mut self, label: Option<&Spanned<String>>) -> EndReason {
        let n = self.rules.labels.len();
        let text = match label {
            Some(l) => l
                .node
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '-'
                    }
                })
                .collect::<String>()
                .trim_matches('-')
                .to_owned(),
            None => String::new(),
        };
        let text = if text.is_empty() {
            format!("rule-{}", n + 1)
        } else {
            text
        };
        // One reason per label: rules that share a label end the game for the same
        // reason, which a position string (`end=LABEL:...`) reads back as written.
        if let Some(&i) = self.label_ids.get(&text) {
            return EndReason::Rule(i);
        }
        self.label_ids.insert(text.clone(), n as u16);
        self.rules.labels.push(text);
        EndReason::Rule(n as u16)
    }

    /// `after move [if COND]: EFFECTS`.
    fn after(&mut self, a: &ast::AfterDecl) {
        let cond = match &a.cond {
            Some(c) => self.cond(c, Stage::After),
            None => Some(Cond::True),
        };
        let mut effects = Vec::new();
        for e in &a.effects {
            match &e.node {
                ast::Effect::Add { amount, counter } => {
                    if let Some(c) = self.counter_index(counter) {
                        effects.push(Effect::Add {
                            counter: c,
                            amount: amount.node,
                        });
                    }
                }
                ast::Effect::Explode { dirs, except } => {
                    let captures = a.cond.as_ref().is_some_and(|c| implies_capture(&c.node));
                    if !captures {
                        self.cx.error(
                            "compile::effect-stage",
                            "`explode` follows a capture",
                            e.span,
                            "no capture here",
                            "write it after `after move if captures:` (the explosion is centred \
                             on the captured piece's cell)",
                        );
                        continue;
                    }
                    if let Some(x) = self.explosion(dirs, except) {
                        effects.push(Effect::Explode(x));
                    }
                }
                ast::Effect::Outcome(o) => {
                    if matches!(
                        o,
                        Outcome::Pass
                            | Outcome::CaptorControls
                            | Outcome::LoseToActor
                            | Outcome::ActorLoses
                    ) {
                        self.stage_error(e.span, Stage::After, outcome_word(o));
                        continue;
                    }
                    if let Some(x) = self.outcome(o) {
                        effects.push(x);
                    }
                }
            }
        }
        let Some(cond) = cond else {
            return;
        };
        let reason = self.label(None);
        self.rules.after.push(Rule {
            subject: Subject::Mover,
            reads_move: true,
            costly: cond.costly(),
            cond,
            effects,
            reason,
        });
    }

    /// Reports an effect that does not fit its stage.
    fn stage_error(&mut self, span: Span, stage: Stage, what: &str) {
        let fits = match stage {
            Stage::End => "`end if` ends the game (`win`, `lose`, `subject wins`, `draw`, `rank by`) or eliminates the player it holds for",
            Stage::After => "`after move` changes counters (`add N to C`), explodes captures, or ends the game for the mover (`win`, `lose`, `draw`, `eliminate`)",
            Stage::Adjudicate => "`adjudicate` ends the game (`win`, `lose`, `subject wins`, `draw`, `rank by`)",
            _ => "",
        };
        self.cx.error(
            "compile::effect-stage",
            format!("`{what}` does not fit {}", stage.name()),
            span,
            "not here",
            format!(
                "{fits}; `pass` and `captor controls` follow `end checkmate|stalemate|no moves`"
            ),
        );
    }

    /// `forbid COND` / `must COND`.
    fn filter(&mut self, f: &ast::FilterDecl) {
        if let Some(cond) = self.cond(&f.cond, Stage::Filter) {
            self.rules.filters.push(Filter { must: f.must, cond });
        }
    }

    /// `non-aggression [lost OP N] [lead OP N] [in ZONE] [unless check]`: a `forbid`
    /// filter on captures of a protected victim's non-royal pieces.
    fn non_aggression(&mut self, active: &Active) {
        once(&active.aggressions, |x| x.span, "non-aggression", self.cx);
        let Some(d) = active.aggressions.first() else {
            return;
        };
        const MAX_POINTS: i64 = 1_000_000;
        let royals = self.royal_kinds();
        let all = self.all_kinds();
        let mut parts = vec![
            Cond::Captures(all & !royals),
            Cond::Not(Box::new(Cond::Captures(royals))),
        ];
        let mut ok = true;
        if let Some(z) = &d.zone {
            match self.zone(z) {
                Some(z) => parts.push(Cond::Move {
                    kinds: all,
                    from: None,
                    into: Some(z),
                    zone_owner: Whose::Victim,
                }),
                None => ok = false,
            }
        }
        let lost = |w| Expr::Lost(w);
        for (cmp, lead) in [(&d.lost, false), (&d.lead, true)] {
            let Some(c) = cmp else { continue };
            match self.env.opts.num_in(
                &c.value,
                -MAX_POINTS,
                MAX_POINTS,
                "a number of points",
                self.cx,
            ) {
                Some(n) => {
                    let left = if lead {
                        Expr::Sum(vec![
                            (false, lost(Whose::Victim)),
                            (true, lost(Whose::Mover)),
                        ])
                    } else {
                        lost(Whose::Victim)
                    };
                    parts.push(Cond::Cmp(left, c.op, Expr::Lit(n)));
                }
                None => ok = false,
            }
        }
        if d.unless_check {
            parts.push(Cond::Not(Box::new(Cond::GivesCheck(Whose::Victim))));
        }
        if ok {
            self.rules.filters.push(Filter {
                must: false,
                cond: Cond::And(parts),
            });
        }
    }

    /// Every kind of every type.
    fn all_kinds(&self) -> u64 {
        let n = self.env.ntypes * self.env.players.len();
        if n >= 64 {
            u64::MAX
        } else {
            (1u64 << n) - 1
        }
    }

    /// The kinds of the royal types.
    fn royal_kinds(&self) -> u64 {
        let t = &self.env.types.infos;
        self.kinds_of_types(
            &(0..t.len() as PieceType)
                .filter(|&i| t[i as usize].royal)
                .collect::<Vec<_>>(),
        )
    }

    /// The kinds (of every owner) of `types`.
    fn kinds_of_types(&self, types: &[PieceType]) -> u64 {
        let n = self.env.ntypes;
        let mut m = 0;
        for p in 0..self.env.players.len() {
            for &t in types {
                let k = p * n + t as usize;
                if k < 64 {
                    m |= bit(k as u8);
                }
            }
        }
        m
    }

    /// Piece names (or `royal`) as a kind set; empty: every kind.
    fn piece_kinds(&mut self, pieces: &[ast::Ident]) -> Option<u64> {
        if pieces.is_empty() {
            return Some(self.all_kinds());
        }
        let mut m = 0;
        let mut ok = true;
        for p in pieces {
            if p.node == "royal" && self.env.types.find("royal").is_none() {
                m |= self.royal_kinds();
                continue;
            }
            match self.env.types.find(&p.node) {
                Some(t) => m |= self.kinds_of_types(&[t]),
                None => {
                    ok = false;
                    let mut known: Vec<&str> = self
                        .env
                        .types
                        .infos
                        .iter()
                        .map(|t| t.name.as_str())
                        .collect();
                    known.push("royal");
                    let mut help = help_for(&p.node, &known, "piece types");
                    if self.env.names.zones.contains_key(p.node.as_str()) {
                        help = format!(
                            "`{}` is a zone: write `in {}` after the pieces",
                            p.node, p.node
                        );
                    }
                    self.cx.error(
                        "compile::unknown-piece",
                        format!("unknown piece type `{}`", p.node),
                        p.span,
                        "no piece type has this name",
                        help,
                    );
                }
            }
        }
        ok.then_some(m)
    }

    /// A zone of a condition: resolved per player and stored in the rules.
    fn zone(&mut self, z: &ast::ZoneExpr) -> Option<u16> {
        let e = self.env.zones.resolve(z, self.env.names, self.cx)?;
        let sets: Vec<CellSet> = self.env.zones.eval_all(&e);
        if let Some(i) = self.rules.zones.iter().position(|s| *s == sets) {
            return Some(i as u16);
        }
        self.rules.zones.push(sets);
        Some((self.rules.zones.len() - 1) as u16)
    }

    /// The cells around each cell along `dirs` (for the mover), sparing `except`.
    fn explosion(&mut self, dirs: &[ast::Ident], except: &[ast::Ident]) -> Option<u16> {
        let refs: Vec<_> = dirs
            .iter()
            .map(|d| self.env.dirsets.resolve(d, self.env.names, self.cx))
            .collect();
        let spare = if except.is_empty() {
            0
        } else {
            self.piece_kinds(except)?
        };
        let refs: Option<Vec<_>> = refs.into_iter().collect();
        let refs = refs?;
        let topo = self.env.topo;
        let cells = topo.cells;
        let mut x = Explosion {
            start: Vec::with_capacity(self.env.players.len() * cells + 1),
            cells: Vec::new(),
            spare,
            stride: cells,
        };
        for p in 0..self.env.players.len() as Player {
            for c in 0..cells as Cell {
                x.start.push(x.cells.len() as u32);
                let mut mask = 0u32;
                for &r in &refs {
                    mask |= self.env.dirsets.mask(r, p, c);
                }
                for d in dirs_of(mask) {
                    for s in topo.succ(c, d) {
                        if s.to != c
                            && !x.cells[*x.start.last().unwrap() as usize..].contains(&s.to)
                        {
                            x.cells.push(s.to);
                        }
                    }
                }
            }
        }
        x.start.push(x.cells.len() as u32);
        self.rules.explosions.push(x);
        Some((self.rules.explosions.len() - 1) as u16)
    }

    /// A counter by name.
    fn counter_index(&mut self, name: &ast::Ident) -> Option<u16> {
        if let Some(i) = self.rules.counters.iter().position(|c| c.name == name.node) {
            return Some(i as u16);
        }
        let known: Vec<&str> = self
            .rules
            .counters
            .iter()
            .map(|c| c.name.as_str())
            .collect();
        let help = if known.is_empty() {
            format!("declare it first: `counter {}`", name.node)
        } else {
            help_for(&name.node, &known, "counters")
        };
        self.cx.error(
            "compile::unknown-counter",
            format!("unknown counter `{}`", name.node),
            name.span,
            "no counter has this name",
            help,
        );
        None
    }

    /// `of WHOSE`.
    fn whose(&mut self, w: Option<&Spanned<ast::Whose>>, stage: Stage) -> Option<Whose> {
        let Some(w) = w else {
            return Some(Whose::Subject);
        };
        Some(match &w.node {
            ast::Whose::Subject => Whose::Subject,
            ast::Whose::Mover => Whose::Mover,
            ast::Whose::Next => Whose::Next,
            ast::Whose::Victim => {
                if stage == Stage::Adjudicate {
                    self.no_move_here(
                        w.span,
                        stage,
                        "`victim` is the owner of what a move captured",
                    );
                    return None;
                }
                Whose::Victim
            }
            ast::Whose::Others => Whose::Others,
            ast::Whose::All => Whose::All,
            ast::Whose::Player(p) => Whose::Player(self.env.players.resolve(p, self.cx)?),
        })
    }

    /// Reports a move fact where the stage has no move.
    fn no_move_here(&mut self, span: Span, stage: Stage, what: &str) {
        self.cx.error(
            "compile::condition-stage",
            format!("this condition reads a move, and {} has none", stage.name()),
            span,
            "reads the move",
            format!("{what}; use it in `end if`, `after move`, `forbid`, `must` or `unless`"),
        );
    }

    /// A condition.
    fn cond(&mut self, c: &Spanned<ast::Cond>, stage: Stage) -> Option<Cond> {
        let moves_here = !matches!(stage, Stage::Adjudicate | Stage::Check);
        let needs_move = |l: &mut Self, what: &str| {
            if moves_here {
                true
            } else {
                l.no_move_here(c.span, stage, what);
                false
            }
        };
        Some(match &c.node {
            ast::Cond::Or(cs) | ast::Cond::And(cs) => {
                let parts: Vec<Option<Cond>> = cs.iter().map(|c| self.cond(c, stage)).collect();
                let parts: Vec<Cond> = parts.into_iter().collect::<Option<_>>()?;
                if matches!(c.node, ast::Cond::Or(_)) {
                    Cond::Or(parts)
                } else {
                    Cond::And(parts)
                }
            }
            ast::Cond::Not(inner) => Cond::Not(Box::new(self.cond(inner, stage)?)),
            ast::Cond::Compare(a, op, b) => {
                let (a, b) = (self.expr(a, stage), self.expr(b, stage));
                Cond::Cmp(a?, *op, b?)
            }
            ast::Cond::Check(w) => Cond::Check(self.whose(w.as_ref(), stage)?),
            ast::Cond::GivesCheck(w) => {
                if !needs_move(self, "`gives check` is about a move") {
                    return None;
                }
                match self.whose(w.as_ref(), stage)? {
                    Whose::Subject => Cond::GivesCheck(Whose::Others),
                    x => Cond::GivesCheck(x),
                }
            }
            ast::Cond::Captures(pieces) => {
                if !needs_move(self, "`captures` is about a move") {
                    return None;
                }
                Cond::Captures(self.piece_kinds(pieces)?)
            }
            ast::Cond::Move(m) => {
                if !needs_move(self, "`move` is about a move") {
                    return None;
                }
                self.move_fact(m)?
            }
            ast::Cond::Can(m) => Cond::Can(Box::new(self.move_fact(m)?)),
            ast::Cond::Promotes | ast::Cond::Castles => {
                if !needs_move(self, "this fact is about a move") {
                    return None;
                }
                if matches!(c.node, ast::Cond::Promotes) {
                    Cond::Promotes
                } else {
                    Cond::Castles
                }
            }
            ast::Cond::Turn => Cond::Turn,
            ast::Cond::Moved => Cond::Moved,
            ast::Cond::RoundStart => Cond::RoundStart,
            ast::Cond::Material {
                scope,
                alternatives,
            } => self.material(*scope, alternatives)?,
            ast::Cond::Name(n) => self.named_cond(n, stage)?,
        })
    }

    /// A name used as a condition: a `def`, or a `bool` option.
    fn named_cond(&mut self, n: &ast::Ident, stage: Stage) -> Option<Cond> {
        let env = self.env;
        if let Some(d) = env.defs.iter().rev().find(|d| d.name.node == n.node) {
            if self.expanding.contains(&d.name.node.as_str()) || self.expanding.len() >= 16 {
                self.cx.error(
                    "compile::def-cycle",
                    format!("`{}` is defined through itself", n.node),
                    n.span,
                    "used inside its own definition",
                    "a `def` may use other defs, but not itself, directly or through them",
                );
                return None;
            }
            self.expanding.push(&d.name.node);
            let c = self.cond(&d.cond, stage);
            self.expanding.pop();
            return c;
        }
        match self.env.opts.lookup(&n.node) {
            Some(OptionValue::Bool(b)) => Some(if *b {
                Cond::True
            } else {
                Cond::Not(Box::new(Cond::True))
            }),
            Some(_) => {
                self.cx.error(
                    "compile::condition-type",
                    format!(
                        "option `{}` is a number or a choice, not a condition",
                        n.node
                    ),
                    n.span,
                    "not true or false",
                    format!("compare it (`{} = ...`) or use a `bool` option", n.node),
                );
                None
            }
            None if self.rules.counters.iter().any(|c| c.name == n.node) => {
                self.cx.error(
                    "compile::condition-type",
                    format!("`{}` is a counter (a number), not a condition", n.node),
                    n.span,
                    "a number",
                    format!("compare it, e.g. `{} >= 3`", n.node),
                );
                None
            }
            None => {
                let known: Vec<&str> = self
                    .env
                    .opts
                    .infos
                    .iter()
                    .filter(|o| matches!(o.value, OptionValue::Bool(_)))
                    .map(|o| o.name.as_str())
                    .collect();
                let mut known = known;
                known.extend(self.env.defs.iter().map(|d| d.name.node.as_str()));
                let mut help = help_for(&n.node, &known, "defs and bool options");
                if known.is_empty() {
                    help = "a condition is a comparison (`pieces queen = 0`), a fact (`check`, \
                            `captures`, ...) or a `bool` option"
                        .into();
                }
                self.cx.error(
                    "compile::unknown-condition",
                    format!("unknown condition `{}`", n.node),
                    n.span,
                    "not a condition",
                    help,
                );
                None
            }
        }
    }

    /// `move [of PIECES] [from ZONE] [into ZONE]`.
    fn move_fact(&mut self, m: &ast::MoveFact) -> Option<Cond> {
        let kinds = self.piece_kinds(&m.pieces);
        let from = m.from.as_ref().map(|z| self.zone(z));
        let into = m.into.as_ref().map(|z| self.zone(z));
        Some(Cond::Move {
            kinds: kinds?,
            from: match from {
                Some(z) => Some(z?),
                None => None,
            },
            into: match into {
                Some(z) => Some(z?),
                None => None,
            },
            zone_owner: Whose::Mover,
        })
    }

    /// An expression.
    fn expr(&mut self, e: &Spanned<ast::Expr>, stage: Stage) -> Option<Expr> {
        let mut terms = Vec::new();
        let mut ok = true;
        for (minus, t) in &e.node.terms {
            match self.term(t, stage) {
                Some(x) => terms.push((*minus, x)),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        Some(match terms.as_slice() {
            [(false, _)] => terms.pop().map(|(_, t)| t)?,
            _ => Expr::Sum(terms),
        })
    }

    fn term(&mut self, t: &Spanned<ast::Term>, stage: Stage) -> Option<Expr> {
        Some(match &t.node {
            ast::Term::Num(n) => Expr::Lit(*n),
            ast::Term::Pieces {
                pieces,
                zone,
                whose,
            } => {
                let kinds = self.piece_kinds(pieces);
                let zone = zone.as_ref().map(|z| self.zone(z));
                let whose = self.whose(whose.as_ref(), stage)?;
                Expr::Pieces {
                    kinds: kinds?,
                    zone: match zone {
                        Some(z) => Some(z?),
                        None => None,
                    },
                    whose,
                }
            }
            ast::Term::Royals(w) => Expr::Royals(self.whose(w.as_ref(), stage)?),
            ast::Term::Players => Expr::Players,
            ast::Term::Lost(w) => Expr::Lost(self.whose(w.as_ref(), stage)?),
            ast::Term::Repetitions => Expr::Repetitions,
            ast::Term::Quiet => Expr::Quiet,
            ast::Term::Name(n, w) => {
                if let Some(i) = self.rules.counters.iter().position(|c| c.name == n.node) {
                    return Some(Expr::Counter(i as u16, self.whose(w.as_ref(), stage)?));
                }
                if self.env.opts.lookup(&n.node).is_some() {
                    let v =
                        self.env
                            .opts
                            .num(&ast::Num::Option(n.node.clone()), n.span, self.cx)?;
                    return Some(Expr::Lit(v));
                }
                self.counter_index(n)?;
                return None;
            }
        })
    }
}

/// `royals of subject OP 0`.
fn royals_cmp(op: CmpOp) -> Cond {
    Cond::Cmp(Expr::Royals(Whose::Subject), op, Expr::Lit(0))
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

/// True when the condition holds only for captures.
fn implies_capture(c: &ast::Cond) -> bool {
    match c {
        ast::Cond::Captures(_) => true,
        ast::Cond::And(cs) => cs.iter().any(|c| implies_capture(&c.node)),
        ast::Cond::Or(cs) => cs.iter().all(|c| implies_capture(&c.node)),
        _ => false,
    }
}

/// The outcome as written, for messages.
fn outcome_word(o: &Outcome) -> &'static str {
    match o {
        Outcome::Lose => "lose",
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Eliminate => "eliminate",
        Outcome::Pass => "pass",
        Outcome::CaptorControls => "captor controls",
        Outcome::LoseToActor => "lose to actor",
        Outcome::MostRoyals => "most royals",
        Outcome::SubjectWins => "subject wins",
        Outcome::ActorLoses => "actor loses",
        Outcome::RankBy(_) => "rank by",
    }
}

/// Keys of position-string extras that counters may not use.
const RESERVED_KEYS: &[&str] = &[
    "elim", "ctl", "end", "lost", "mines", "heard", "rng", "refused", "turns", "next",
];
