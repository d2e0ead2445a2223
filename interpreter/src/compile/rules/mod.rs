//! Lowering the game rules into the rule IR (`crate::rules`): `check`, `end`, `after
//! move`, `forbid`, `must`, `adjudicate`, `counter`, `allow pass`, `non-aggression`,
//! `en passant lasts`. The event statements are in `ends.rs`; conditions and
//! expressions are lowered beside their evaluation (`crate::rules::cond`, `expr`).
//!
//! The event statements of earlier versions are sugar here: `end checkmate` is a
//! no-move rule on "the check rule holds and the player is in check", `end royal
//! captured` an after-move rule on "the move captured a royal", `end repetition 3` an
//! adjudication on "repetitions >= 3", `non-aggression` a `forbid` filter. Every
//! problem is reported with its span; a rule with an error is left out.

mod ends;
mod hints;
mod sets;

use super::cx::Cx;
use super::dirsets::DirSets;
use super::names::BoardNames;
use super::options::{Active, Options};
use super::pieces::Types;
use super::players::Players;
use super::zones::Zones;
use crate::outcome::EndReason;
use crate::rules::{CheckRule, Cond, Counter, Effect, Expr, Filter, Rule, Rules, Subject, Whose};
use crate::topology::Topology;
use dsl::rules::ast::{self, EnPassantWindow, Event, Outcome};
use dsl::{Span, Spanned};

/// Largest count in `repetition N`, `quiet N` and `moves N`.
pub(crate) const MAX_COUNT: i64 = 1_000_000;
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
pub(crate) enum Stage {
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
    pub(crate) fn name(self) -> &'static str {
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
pub(crate) struct Lower<'a, 'c> {
    pub(crate) env: &'a Env<'a>,
    pub(crate) cx: &'c mut Cx,
    pub(crate) rules: Rules,
    /// The `def`s being expanded (a def may not use itself).
    pub(crate) expanding: Vec<&'a str>,
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
    l.teams(active);
    for a in &active.announces {
        l.rules.announce |= match a.node {
            dsl::rules::ast::Announced::Captures => crate::rules::ANNOUNCE_CAPTURES,
            dsl::rules::ast::Announced::Checks => crate::rules::ANNOUNCE_CHECKS,
            dsl::rules::ast::Announced::Attempts => crate::rules::ANNOUNCE_ATTEMPTS,
        };
    }
    once(&active.sees, |x| x.span, "see", l.cx);
    if let Some(s) = active.sees.first() {
        l.rules.visibility = s.node;
    }
    l.check(active);
    once(&active.eps, |x| x.span, "en passant lasts", l.cx);
    l.rules.ep_round = active
        .eps
        .first()
        .is_some_and(|e| e.node == EnPassantWindow::Round);
    l.rules.allow_pass = !active.passes.is_empty();
    l.hints(active);
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
    r.after_changes_board = r.explodes
        || r.mines.is_some()
        || r.after.iter().flat_map(|x| &x.effects).any(changes_board);
    let before_and_captures = |c: &Cond| !c.reads_after(false) && c.needs_capture();
    r.quiet_explodes_nothing = r
        .after
        .iter()
        .filter(|x| x.effects.iter().any(|e| matches!(e, Effect::Explode(_))))
        .all(|x| x.subject == Subject::Mover && before_and_captures(&x.cond));
    r.unless_needs_capture = r.unless.as_ref().is_some_and(before_and_captures);
    r.lone_blast = lone_blast(&r.after);
    l.rules
}

/// True when an after-move effect changes the board or who controls it beyond the
/// move itself: explosions, eliminations, control passing and transfers.
fn changes_board(e: &Effect) -> bool {
    matches!(
        e,
        Effect::Explode(_) | Effect::Eliminate | Effect::CaptorControls | Effect::Transfer(_)
    )
}

/// See [`Rules::lone_blast`].
fn lone_blast(after: &[Rule]) -> Option<(usize, usize)> {
    let mut blast = None;
    for (i, r) in after.iter().enumerate() {
        for e in &r.effects {
            match e {
                Effect::Explode(x) if blast.is_none() => blast = Some((i, *x as usize)),
                e if changes_board(e) => return None,
                _ => {}
            }
        }
    }
    let (i, x) = blast?;
    let r = &after[i];
    (r.subject == Subject::Mover && !r.cond.reads_after(false)).then_some((i, x))
}

impl Lower<'_, '_> {
    /// `counter NAME [fen remaining N]`.
    pub(crate) fn counters(&mut self, active: &Active) {
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

    /// `team NAME: PLAYERS`: each player in one team at most, two members or more.
    pub(crate) fn teams(&mut self, active: &Active) {
        let mut seen: u16 = 0;
        for t in &active.teams {
            let mut members: u16 = 0;
            for name in &t.players {
                let Some(p) = self.env.players.resolve(name, self.cx) else {
                    continue;
                };
                if seen & (1 << p) != 0 || members & (1 << p) != 0 {
                    self.cx.error(
                        "compile::team-twice",
                        format!("`{}` is in two teams", name.node),
                        name.span,
                        "again here",
                        "a player belongs to one team at most",
                    );
                    continue;
                }
                members |= 1 << p;
            }
            if members.count_ones() < 2 {
                self.cx.error(
                    "compile::team-too-small",
                    format!("team `{}` has fewer than two players", t.name.node),
                    t.span,
                    "this team",
                    "name two players or more; a player alone needs no team",
                );
                continue;
            }
            seen |= members;
            for p in 0..dsl::limits::MAX_PLAYERS {
                if members & (1 << p) != 0 {
                    self.rules.team[p] = members;
                }
            }
            if t.all {
                self.rules.team_all |= members;
            }
            self.rules.team_names.push((t.name.node.clone(), members));
            if t.shares_royals {
                self.rules.shared_royals |= members;
            }
            self.rules.teams = true;
        }
    }

    /// `check always|never|when COND [unless COND]`.
    pub(crate) fn check(&mut self, active: &Active) {
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

    /// `end if COND: OUTCOMES` and `adjudicate if COND: OUTCOMES`.
    pub(crate) fn general_end(&mut self, e: &ast::EndDecl, stage: Stage) {
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
            ) || (stage == Stage::Adjudicate
                && matches!(o.node, Outcome::Eliminate | Outcome::Add(_)));
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
            material_only: cond.reads_material_only(),
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
    pub(crate) fn label(&mut self, label: Option<&Spanned<String>>) -> EndReason {
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
    pub(crate) fn after(&mut self, a: &ast::AfterDecl) {
        let cond = match &a.cond {
            Some(c) => self.cond(c, Stage::After),
            None => Some(Cond::True),
        };
        let mut effects = Vec::new();
        for e in &a.effects {
            match &e.node {
                ast::Effect::Transfer { map } => {
                    if let Some(x) = self.transfer(map, a, e.span, cond.as_ref()) {
                        effects.push(Effect::Transfer(x));
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
            material_only: false,
            cond,
            effects,
            reason,
        });
    }

    /// `transfer through MAP`: the board's map by name; one such rule, whose condition
    /// is read before the move (the move filter asks it of every move).
    fn transfer(
        &mut self,
        map: &ast::Ident,
        a: &ast::AfterDecl,
        span: Span,
        cond: Option<&Cond>,
    ) -> Option<u16> {
        let board = self.env.names.board;
        let Some(i) = board.maps.iter().position(|m| m.name == map.node) else {
            let names: Vec<&str> = board.maps.iter().map(|m| m.name.as_str()).collect();
            let help = if names.is_empty() {
                "declare the map in the board file, under `maps:`".to_owned()
            } else {
                format!("the board's maps: {}", names.join(", "))
            };
            self.cx.error(
                "compile::unknown-map",
                format!("the board has no cell map `{}`", map.node),
                map.span,
                "no such map",
                help,
            );
            return None;
        };
        if self.rules.transfer.is_some() {
            self.cx.error(
                "compile::duplicate-statement",
                "a second `transfer` rule",
                span,
                "second one",
                "one rule may transfer pieces; join the conditions with `or`",
            );
            return None;
        }
        let cond = cond?.clone();
        if cond.reads_after(false) || cond.costly() {
            let at = a.cond.as_ref().map_or(span, |c| c.span);
            self.cx.error(
                "compile::effect-stage",
                "a transfer's condition must be about the move alone",
                at,
                "read after the move",
                "the move filter asks it before the move is made: use `move`, `captures`, `promotes`, `castles`, `drops`",
            );
            return None;
        }
        if self.rules.maps.is_empty() {
            let cells = board.cells.len();
            self.rules.maps = board
                .maps
                .iter()
                .map(|m| {
                    let mut image = vec![crate::rules::effect::NO_IMAGE; cells];
                    for &(from, to) in &m.pairs {
                        image[from as usize] = to as crate::ids::Cell;
                    }
                    image.into_boxed_slice()
                })
                .collect();
        }
        self.rules.transfer = Some((cond, i as u16));
        Some(i as u16)
    }

    /// Reports an effect that does not fit its stage.
    pub(crate) fn stage_error(&mut self, span: Span, stage: Stage, what: &str) {
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
    pub(crate) fn filter(&mut self, f: &ast::FilterDecl) {
        if let Some(cond) = self.cond(&f.cond, Stage::Filter) {
            let mut filter = Filter::new(f.must, cond);
            filter.in_play = f.in_play;
            self.rules.filters.push(filter);
        }
    }

    /// `non-aggression [lost OP N] [lead OP N] [in ZONE] [unless check]`: a `forbid`
    /// filter on captures of a protected victim's non-royal pieces.
    pub(crate) fn non_aggression(&mut self, active: &Active) {
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
            self.rules
                .filters
                .push(Filter::new(false, Cond::And(parts)));
        }
    }

    /// Reports a move fact where the stage has no move.
    pub(crate) fn no_move_here(&mut self, span: Span, stage: Stage, what: &str) {
        self.cx.error(
            "compile::condition-stage",
            format!("this condition reads a move, and {} has none", stage.name()),
            span,
            "reads the move",
            format!("{what}; use it in `end if`, `after move`, `forbid`, `must` or `unless`"),
        );
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
        Outcome::RankAllBy(_) => "rank all by",
        Outcome::Add(_) => "add",
        Outcome::Score(_) => "score",
    }
}

/// Keys of position-string extras that counters may not use.
const RESERVED_KEYS: &[&str] = &[
    "elim", "ctl", "end", "lost", "mines", "heard", "rng", "refused", "turns", "next",
];
