//! `betza "..."` move rules -> ordinary resolved rules: each Betza move becomes one
//! rule whose paths are steps of the owner's frame ([`super::frame`]), so the rest of
//! the compiler treats it like a rule written with `step`, `leap`, `slide` or `hop`.
//!
//! The translation follows Fairy-Stockfish: a leaper lands on its displacement whatever
//! it passes (a `leap` path, long axis first, like `n.n.e`), a lame leaper (`n`) must
//! find the cells of Fairy-Stockfish's path empty (orthogonal steps while one axis is
//! longer, then diagonal ones: the xiangqi horse is `n.ne`), riders slide, `p` hops
//! anywhere behind a screen (`hop far`), `g` right behind it.

use super::atoms::Env;
use super::cx::Cx;
use super::dirsets::DirRef;
use super::frame::Frames;
use super::rule::{resolve_parts, Rule};
use dsl::rules::ast::{Atom, BetzaRule, Modifier, Num, TargetRule};
use dsl::rules::betza::{span_in, BetzaKind, BetzaMove, Modality};
use dsl::{Span, Spanned};

/// The rules of a `betza` statement (those without errors; errors are reported).
pub(crate) fn resolve_betza(b: &BetzaRule, env: &Env, cx: &mut Cx) -> Vec<Rule> {
    let mut out = Vec::new();
    for m in &b.moves {
        // The move's letters inside the quotes, for diagnostics.
        let at = span_in(b.text.span, &m.at);
        if let Some(r) = resolve_move(m, at, b, env, cx) {
            out.push(r);
        }
    }
    out
}

fn resolve_move(m: &BetzaMove, at: Span, b: &BetzaRule, env: &Env, cx: &mut Cx) -> Option<Rule> {
    let frames = &env.dirsets.frames;
    if m.oriented {
        if let Some(why) = &frames.unoriented {
            cx.error(
                "compile::betza-without-forward",
                format!("this Betza move depends on where forward is, but {why}"),
                at,
                "needs forward",
                "declare one forward direction per player: `dirs forward = n for white, s for black`",
            );
            return None;
        }
    }
    let atom = match m.kind {
        BetzaKind::Leap if m.vectors.iter().all(|&v| unit(v)) => Atom::Step,
        BetzaKind::Leap => Atom::Leap,
        BetzaKind::Lame => Atom::Step,
        BetzaKind::Ride => Atom::Slide,
        BetzaKind::Cannon | BetzaKind::Grasshopper => Atom::Hop,
    };
    let mut modifiers: Vec<Spanned<Modifier>> = Vec::new();
    let mut add = |node| modifiers.push(Spanned::new(node, at));
    match m.modality {
        Modality::Both => {}
        Modality::Move => add(Modifier::To(TargetRule::Empty)),
        Modality::Capture => add(Modifier::To(TargetRule::Enemy)),
    }
    if m.initial {
        add(Modifier::First);
    }
    if m.kind == BetzaKind::Cannon {
        add(Modifier::Far);
    }
    if let Some(n) = m.range {
        add(Modifier::Max(Num::Lit(i64::from(n))));
    }
    // The statement's own modifiers come last: they override the notation's.
    modifiers.extend(b.modifiers.iter().cloned());
    let mut rule = resolve_parts(atom, &modifiers, b.span, env, cx)?;
    for &v in &m.vectors {
        let steps = match m.kind {
            BetzaKind::Leap if !unit(v) => leap_path(v),
            BetzaKind::Lame => lame_path(v),
            _ => vec![v],
        };
        let mut path = Vec::with_capacity(steps.len());
        for (f, r) in steps {
            let k = Frames::index(f, r)?;
            if let Some(p) = frames.dirs.iter().position(|d| d[k] == 0) {
                cx.error(
                    "compile::betza-off-lattice",
                    format!(
                        "the board has no direction one step {} for player {}",
                        STEP_NAMES[k], env.players.infos[p].name
                    ),
                    at,
                    "no such step",
                    "Betza moves need board directions whose edges are lattice steps: \
                     orthogonal ones, and diagonal ones for F, B, Q, K and lame leaps",
                );
                return None;
            }
            path.push(DirRef::Frame(k as u8));
        }
        rule.paths.push(path);
    }
    Some(rule)
}

const STEP_NAMES: [&str; 8] = [
    "forward",
    "forward-right",
    "right",
    "back-right",
    "back",
    "back-left",
    "left",
    "forward-left",
];

fn unit((f, r): (i8, i8)) -> bool {
    f.abs() <= 1 && r.abs() <= 1
}

/// A leap's path: orthogonal steps along the longer axis, then the shorter (`n.n.e`).
fn leap_path((f, r): (i8, i8)) -> Vec<(i8, i8)> {
    let along = |n: i8, unit: (i8, i8)| std::iter::repeat(unit).take(n.unsigned_abs() as usize);
    let fw = along(f, (f.signum(), 0));
    let side = along(r, (0, r.signum()));
    if f.abs() >= r.abs() {
        fw.chain(side).collect()
    } else {
        side.chain(fw).collect()
    }
}

/// A lame leap's path as Fairy-Stockfish walks it: along the axis with more left to go,
/// diagonally while both are equal.
fn lame_path((f, r): (i8, i8)) -> Vec<(i8, i8)> {
    let (mut cf, mut cr) = (0i8, 0i8);
    let mut steps = Vec::new();
    while (cf, cr) != (f, r) {
        let (df, dr) = (f - cf, r - cr);
        let step = match dr.abs().cmp(&df.abs()) {
            std::cmp::Ordering::Greater => (0, dr.signum()),
            std::cmp::Ordering::Less => (df.signum(), 0),
            std::cmp::Ordering::Equal => (df.signum(), dr.signum()),
        };
        cf += step.0;
        cr += step.1;
        steps.push(step);
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_follow_fairy_stockfish() {
        assert_eq!(leap_path((2, 1)), [(1, 0), (1, 0), (0, 1)]);
        assert_eq!(leap_path((-1, 2)), [(0, 1), (0, 1), (-1, 0)]);
        // Horse: leg, then diagonal; elephant: two diagonals; janggi elephant (nZ).
        assert_eq!(lame_path((2, 1)), [(1, 0), (1, 1)]);
        assert_eq!(lame_path((2, -2)), [(1, -1), (1, -1)]);
        assert_eq!(lame_path((3, 2)), [(1, 0), (1, 1), (1, 1)]);
        assert_eq!(lame_path((-2, 0)), [(-1, 0), (-1, 0)]);
    }
}
