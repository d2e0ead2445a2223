//! `check`, `end`, `en passant lasts` and `notation` statements.

use super::cx::Cx;
use super::options::{Active, Options};
use super::pieces::Types;
use crate::clauses::{CheckRule, Clauses, Effect, EndClause, EndEvent};
use crate::variant::NotationMarks;
use dsl::rules::ast::{self, Counted, EnPassantWindow, Event, MateBy, NotationKey, Outcome};
use dsl::Span;

/// Largest count in `repetition N` and `quiet N`.
const MAX_COUNT: i64 = 1_000_000;

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

/// Compiles the game rules.
pub(crate) fn compile(active: &Active, types: &Types, opts: &Options, cx: &mut Cx) -> Clauses {
    let mut c = Clauses::default();
    once(&active.checks, |x| x.span, "check", cx);
    once(&active.eps, |x| x.span, "en passant lasts", cx);
    if let Some(rule) = active.checks.first() {
        c.check = match &rule.node {
            ast::CheckRule::Always => CheckRule::Always,
            ast::CheckRule::Never => CheckRule::Never,
            ast::CheckRule::When(cond) => {
                let n = opts
                    .num_in(&cond.value, -MAX_COUNT, MAX_COUNT, "a count", cx)
                    .unwrap_or(0);
                match cond.subject.node {
                    Counted::Players => CheckRule::Players(cond.op, n),
                    Counted::Royals => CheckRule::Royals(cond.op, n),
                }
            }
        };
    }
    c.ep_round = active
        .eps
        .first()
        .is_some_and(|e| e.node == EnPassantWindow::Round);
    for e in &active.ends {
        if let Some(clause) = end(e, types, opts, cx) {
            c.ends.push(clause);
        }
    }
    c.check_all = c
        .ends
        .iter()
        .any(|e| matches!(e.event, EndEvent::CheckAll { .. }));
    c
}

fn end(e: &ast::EndDecl, types: &Types, opts: &Options, cx: &mut Cx) -> Option<EndClause> {
    let count = |n: &ast::Num, cx: &mut Cx| {
        opts.num_in(
            &dsl::Spanned::new(n.clone(), e.event.span),
            1,
            MAX_COUNT,
            "a count",
            cx,
        )
        .map(|v| v as u32)
    };
    let event = match &e.event.node {
        Event::Checkmate => EndEvent::Checkmate,
        Event::Stalemate => EndEvent::Stalemate,
        Event::NoMoves => EndEvent::NoMoves,
        Event::RoyalCaptured => EndEvent::RoyalCaptured,
        Event::RoyalBlasted => EndEvent::RoyalBlasted,
        Event::LastRoyalCaptured => EndEvent::LastRoyalCaptured,
        // 0 is allowed here and means "never", so that an option can switch it off.
        Event::Moves(n) => EndEvent::Moves(opts.num_in(
            &dsl::Spanned::new(n.clone(), e.event.span),
            0,
            MAX_COUNT,
            "a move limit",
            cx,
        )? as u32),
        Event::LastPlayer => EndEvent::LastPlayer,
        Event::CheckmateBy(by) => EndEvent::CheckmateBy(*by == MateBy::One),
        Event::CheckAll { mate } => EndEvent::CheckAll { mate: *mate },
        Event::Repetition(n) => EndEvent::Repetition(count(n, cx)?),
        Event::Quiet(n) => EndEvent::Quiet(count(n, cx)?),
        Event::Material {
            scope,
            alternatives,
        } => {
            let mut alts = Vec::new();
            let mut ok = true;
            for alt in alternatives {
                let mut ts = Vec::new();
                for l in alt {
                    match types.by_letter(l.node) {
                        Some(t) => ts.push(t),
                        None => {
                            ok = false;
                            cx.error(
                                "compile::unknown-letter",
                                format!("no piece type has the letter `{}`", l.node),
                                l.span,
                                "unknown letter",
                                "material alternatives are lists of piece letters",
                            );
                        }
                    }
                }
                ts.sort_unstable();
                alts.push(ts);
            }
            if !ok {
                return None;
            }
            EndEvent::Material {
                each: *scope == ast::MaterialScope::Each,
                alts,
            }
        }
    };
    let mut effects = Vec::new();
    for o in &e.outcomes {
        let effect = match o.node {
            Outcome::Lose => Effect::Lose,
            Outcome::Win => Effect::Win,
            Outcome::Draw => Effect::Draw,
            Outcome::Eliminate => Effect::Eliminate,
            Outcome::Pass => Effect::Pass,
            Outcome::CaptorControls => Effect::CaptorControls,
            Outcome::LoseToActor => Effect::LoseToActor,
            Outcome::MostRoyals => Effect::MostRoyals,
        };
        let no_move = matches!(
            event,
            EndEvent::Checkmate
                | EndEvent::CheckmateBy(_)
                | EndEvent::Stalemate
                | EndEvent::NoMoves
        );
        let check_all = matches!(event, EndEvent::CheckAll { .. });
        let fits = match effect {
            Effect::Pass => no_move,
            Effect::CaptorControls => {
                matches!(
                    event,
                    EndEvent::Checkmate
                        | EndEvent::CheckmateBy(_)
                        | EndEvent::RoyalCaptured
                        | EndEvent::LastRoyalCaptured
                )
            }
            Effect::Eliminate => !matches!(event, EndEvent::LastPlayer) && !check_all,
            Effect::Lose => !check_all,
            // One subject and an actor who may differ from him.
            Effect::LoseToActor => !check_all && !matches!(event, EndEvent::LastPlayer),
            // A count of pieces, not an event about one player: after a move limit.
            Effect::MostRoyals => matches!(event, EndEvent::Moves(_)),
            _ => true,
        };
        if !fits {
            cx.error(
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
        effects.push(effect);
    }
    Some(EndClause { event, effects })
}

/// The `notation` marks (defaults `=`, `+`, `#`, no draw mark).
pub(crate) fn marks(active: &Active) -> NotationMarks {
    let mut m = NotationMarks::default();
    for n in &active.notations {
        for (key, mark) in &n.marks {
            let slot = match key.node {
                NotationKey::Promotion => &mut m.promotion,
                NotationKey::Check => &mut m.check,
                NotationKey::Mate => &mut m.mate,
                NotationKey::Draw => &mut m.draw,
            };
            *slot = mark.node.clone();
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use crate::clauses::{CheckRule, EndEvent};
    use crate::testing::{codes, compile, CHESS_BOARD};
    use dsl::rules::ast::CmpOp;

    #[test]
    fn rules_compile() {
        let base = "board \"b\"\nplayer white\nplayer black\npiece king K {\n step n\n}\n";
        let v = compile(
            &format!("{base}check when players <= 2\nend quiet 50: draw\nend material each K: draw\nen passant lasts round\nnotation check \"!\"\n"),
            CHESS_BOARD,
        )
        .unwrap();
        assert_eq!(v.clauses.check, CheckRule::Players(CmpOp::Le, 2));
        assert!(v.clauses.ep_round);
        assert_eq!(v.clauses.ends[0].event, EndEvent::Quiet(50));
        assert!(!v.clauses.check_all);
        assert_eq!(v.notation_marks().check, "!");
        assert_eq!(v.notation_marks().mate, "#");
        assert_eq!(v.notation_marks().draw, "", "no draw mark unless given");
        let v = compile(
            &format!("{base}end checkmate by one: pass\nend check all opponents and mate: draw\n"),
            CHESS_BOARD,
        )
        .unwrap();
        assert_eq!(v.clauses.ends[0].event, EndEvent::CheckmateBy(true));
        assert_eq!(v.clauses.ends[1].event, EndEvent::CheckAll { mate: true });
        assert!(v.clauses.check_all);
    }

    #[test]
    fn clause_mistakes_are_reported() {
        let base = "board \"b\"\nplayer white\nplayer black\npiece king K {\n step n\n}\n";
        let c = |extra: &str| codes(&format!("{base}{extra}"), CHESS_BOARD);
        assert_eq!(c("end repetition 3: pass\n"), ["compile::bad-outcome"]);
        assert_eq!(c("end checkmate: most royals\n"), ["compile::bad-outcome"]);
        assert!(c("end moves 0: most royals\nend last royal captured: lose\n").is_empty());
        assert_eq!(c("end moves 2000000: draw\n"), ["compile::number-range"]);
        assert_eq!(
            c("end stalemate: captor controls\n"),
            ["compile::bad-outcome"]
        );
        assert_eq!(
            c("check always\ncheck never\n"),
            ["compile::duplicate-statement"]
        );
        assert_eq!(
            c("end material all K Q: draw\n"),
            ["compile::unknown-letter"]
        );
        assert_eq!(c("end quiet 0: draw\n"), ["compile::number-range"]);
        assert_eq!(c("end quiet moves: draw\n"), ["compile::unknown-option"]);
        assert_eq!(
            c("end check all opponents: lose\n"),
            ["compile::bad-outcome"]
        );
        assert_eq!(
            c("end check all opponents and mate: eliminate\n"),
            ["compile::bad-outcome"]
        );
        assert_eq!(
            c("end checkmate by many: pass, captor controls\n"),
            Vec::<&str>::new()
        );
    }
}
