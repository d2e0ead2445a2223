//! One move rule with its names and modifiers resolved, checked for combinations that
//! make no sense (`max` on a step, `en passant` on a slide...). `atoms.rs` then
//! compiles it for every owner and cell.

use super::atoms::Env;
use super::cx::Cx;
use super::dirsets::DirRef;
use crate::cellset::CellSet;
use crate::tables::{to, Op};
use dsl::rules::ast::{Atom as AstAtom, Modifier, MoveRule, PieceFilter, TargetRule};
use dsl::{Span, Spanned};

/// Longest slide or hop a rule may ask for.
const MAX_RANGE: i64 = 1024;

/// A move rule with its names resolved.
pub(crate) struct Rule {
    pub op: Op,
    pub step: bool,
    pub to: u8,
    pub first: bool,
    pub creates_ep: bool,
    pub min: u16,
    pub max: u16,
    pub from: Option<Vec<CellSet>>,
    pub into: Option<Vec<CellSet>>,
    pub paths: Vec<Vec<DirRef>>,
    /// Kinds a capture may take (`to enemy PIECES`; all by default).
    pub takes: u64,
    /// Kinds a hop may jump over (`over PIECES`; all by default).
    pub over: u64,
    pub span: Span,
}

/// Resolves a move rule (`None` when it has errors, which are reported).
pub(crate) fn resolve_rule(r: &MoveRule, env: &Env, cx: &mut Cx) -> Option<Rule> {
    let rule = resolve_parts(r.atom.node, &r.modifiers, r.span, env, cx);
    let mut paths = Vec::with_capacity(r.paths.len());
    let mut ok = true;
    for p in &r.paths {
        let refs: Vec<DirRef> = p
            .steps
            .iter()
            .filter_map(|s| env.dirsets.resolve(s, env.names, cx))
            .collect();
        if refs.len() == p.steps.len() {
            paths.push(refs);
        } else {
            ok = false;
        }
    }
    let mut rule = rule?;
    rule.paths = paths;
    ok.then_some(rule)
}

/// Resolves the atom and modifiers of a move rule (`None` when they have errors, which
/// are reported); the paths are left empty.
pub(crate) fn resolve_parts(
    atom: AstAtom,
    modifiers: &[Spanned<Modifier>],
    span: Span,
    env: &Env,
    cx: &mut Cx,
) -> Option<Rule> {
    let mut ok = true;
    let (op, step) = match atom {
        AstAtom::Step => (Op::Targets, true),
        AstAtom::Leap => (Op::Targets, false),
        AstAtom::Slide => (Op::Slide, false),
        AstAtom::Hop => (Op::Hop, false),
    };
    let mut rule = Rule {
        op,
        step,
        to: to::EMPTY | to::ENEMY,
        first: false,
        creates_ep: false,
        min: 1,
        max: u16::MAX,
        from: None,
        into: None,
        paths: Vec::new(),
        takes: u64::MAX,
        over: u64::MAX,
        span,
    };
    let ranged = matches!(atom, AstAtom::Slide | AstAtom::Hop);
    let range = |m: &dsl::Spanned<Modifier>, n, cx: &mut Cx| -> Option<u16> {
        if !ranged {
            cx.error(
                "compile::range-without-ray",
                "`max`, `min` and `exactly` apply to `slide` and `hop`",
                m.span,
                "not a slide or hop",
                "a step or leap goes exactly as far as its path",
            );
            return None;
        }
        env.opts
            .num_in(
                &dsl::Spanned::new(n, m.span),
                1,
                MAX_RANGE,
                "a number of steps",
                cx,
            )
            .map(|v| v as u16)
    };
    let mut exact = false;
    for m in modifiers {
        match &m.node {
            Modifier::To(t) => {
                rule.to = match t {
                    TargetRule::Empty => to::EMPTY,
                    TargetRule::Enemy => to::ENEMY,
                    TargetRule::Friend => to::FRIEND,
                    TargetRule::Any => to::EMPTY | to::ENEMY,
                }
            }
            Modifier::Takes(f) => match kinds_of(f, env, cx) {
                Some(k) => rule.takes = k,
                None => ok = false,
            },
            Modifier::Over(f) => {
                if atom != AstAtom::Hop {
                    cx.error(
                        "compile::over-without-hop",
                        "`over` applies to `hop`",
                        m.span,
                        "not a hop",
                        "only a hop jumps over a piece (its screen)",
                    );
                    ok = false;
                }
                match kinds_of(f, env, cx) {
                    Some(k) => rule.over = k,
                    None => ok = false,
                }
            }
            Modifier::First => rule.first = true,
            Modifier::From(z) => match env.zones.resolve(z, env.names, cx) {
                Some(e) => rule.from = Some(env.zones.eval_all(&e)),
                None => ok = false,
            },
            Modifier::Into(z) => match env.zones.resolve(z, env.names, cx) {
                Some(e) => rule.into = Some(env.zones.eval_all(&e)),
                None => ok = false,
            },
            Modifier::Max(n) => match range(m, n.clone(), cx) {
                Some(v) => rule.max = v,
                None => ok = false,
            },
            Modifier::Min(n) => match range(m, n.clone(), cx) {
                Some(v) => rule.min = v,
                None => ok = false,
            },
            Modifier::Exactly(n) => match range(m, n.clone(), cx) {
                Some(v) => {
                    rule.min = v;
                    rule.max = v;
                    exact = true;
                }
                None => ok = false,
            },
            Modifier::Far => rule.op = Op::HopFar,
            Modifier::CreatesEnPassant => {
                if atom == AstAtom::Hop {
                    cx.error(
                        "compile::hop-creates-en-passant",
                        "a hop cannot create en-passant cells",
                        m.span,
                        "on a hop",
                        "en-passant cells are the empty cells a step, slide or leap passes",
                    );
                    ok = false;
                }
                rule.creates_ep = true;
            }
            Modifier::EnPassant => {
                if op != Op::Targets {
                    cx.error(
                        "compile::ray-en-passant",
                        "`en passant` applies to `step` and `leap`",
                        m.span,
                        "on a ray",
                        "write the en-passant capture as a step or leap to the passed cell",
                    );
                    ok = false;
                }
                rule.op = Op::EpCapture;
            }
        }
    }
    let has_range = modifiers
        .iter()
        .filter(|m| {
            matches!(
                m.node,
                Modifier::Max(_) | Modifier::Min(_) | Modifier::Exactly(_)
            )
        })
        .count();
    if exact && has_range > 1 {
        cx.error(
            "compile::conflicting-range",
            "`exactly` cannot be combined with `min` or `max`",
            span,
            "conflicting ranges",
            "keep `exactly N`, or use `min` and `max`",
        );
        ok = false;
    } else if rule.min > rule.max {
        cx.error(
            "compile::empty-range",
            format!(
                "`min {}` is more than `max {}`: no move is possible",
                rule.min, rule.max
            ),
            span,
            "empty range",
            "make `min` at most `max`",
        );
        ok = false;
    }
    if rule.op == Op::EpCapture && rule.creates_ep {
        cx.error(
            "compile::en-passant-both-ways",
            "a move cannot both capture en passant and create en-passant cells",
            span,
            "both",
            "split it into two move rules",
        );
        ok = false;
    }
    ok.then_some(rule)
}

/// The kinds (of every owner) of a piece filter: the types named, or all but them.
fn kinds_of(f: &PieceFilter, env: &Env, cx: &mut Cx) -> Option<u64> {
    let ntypes = env.types.infos.len();
    let mut types = 0u64;
    let mut ok = true;
    for p in &f.pieces {
        match env.types.resolve(p, cx) {
            Some(t) => types |= 1 << t,
            None => ok = false,
        }
    }
    if f.not {
        types = !types;
    }
    let mut kinds = 0u64;
    for owner in 0..env.players.len() {
        for t in 0..ntypes {
            let k = owner * ntypes + t;
            if types & (1 << t) != 0 && k < 64 {
                kinds |= 1 << k;
            }
        }
    }
    ok.then_some(kinds)
}

#[cfg(test)]
mod tests {
    use crate::testing::{codes, CHESS_BOARD};

    #[test]
    fn move_rule_mistakes_are_reported() {
        let base = "board \"b\"\nplayer white\n";
        let c = |body: &str| codes(&format!("{base}piece x X {{\n{body}\n}}\n"), CHESS_BOARD);
        assert_eq!(c("step n max 2"), ["compile::range-without-ray"]);
        assert_eq!(c("slide n min 3 max 2"), ["compile::empty-range"]);
        assert_eq!(c("slide n exactly 2 max 3"), ["compile::conflicting-range"]);
        assert_eq!(c("slide n en passant"), ["compile::ray-en-passant"]);
        assert_eq!(
            c("hop n creates en passant"),
            ["compile::hop-creates-en-passant"]
        );
        assert_eq!(
            c("step n en passant creates en passant"),
            ["compile::en-passant-both-ways"]
        );
        assert_eq!(c("slide n max 5000"), ["compile::number-range"]);
        assert_eq!(c("step n from nowhere"), ["compile::unknown-zone"]);
    }
}
