//! `mines` and `mine` statements -> [`MineRules`].
//!
//! Checks what only the board and the pieces can tell: the zone's names, the mirror's
//! directions, the piece names, a count larger than the zone, and two rules for the
//! same piece type and mine state.

use super::cx::Cx;
use super::names::BoardNames;
use super::options::{Active, Options};
use super::pieces::Types;
use super::zones::Zones;
use crate::ids::{Cell, Dir};
use crate::mines::{MineRules, MinesShown, AGAIN, BLAST, NO_CELL, PRIME, UNDO};
use crate::topology::Topology;
use dsl::rules::ast::{MineEffect, MineShown, MinesKind};
use dsl::Span;

/// Everything a mine compile needs from the other phases.
pub(crate) struct Env<'a> {
    pub names: &'a BoardNames<'a>,
    pub zones: &'a Zones,
    pub types: &'a Types,
    pub topo: &'a Topology,
    pub opts: &'a Options,
}

/// The mine rules, or `None` when the rules in force have no mine statement.
pub(crate) fn compile(active: &Active, env: &Env, cx: &mut Cx) -> Option<Box<MineRules>> {
    if active.mines.is_empty() && active.mine_rules.is_empty() {
        return None;
    }
    let cells = env.names.board.cells.len();
    let ntypes = env.types.infos.len();
    let mut rules = MineRules {
        count: 0,
        zone: Vec::new(),
        seed: 0,
        seed_option: None,
        mirror: None,
        shown: MinesShown::Never,
        unprimed: vec![0; ntypes],
        primed: vec![0; ntypes],
        keys: MineRules::make_keys(cells),
    };
    let mut seen: [Option<Span>; 3] = [None; 3];
    let mut mirror_dirs = None;
    for m in &active.mines {
        let slot = match m.kind {
            MinesKind::Layout { .. } => 0,
            MinesKind::Mirror(..) => 1,
            MinesKind::Shown(_) => 2,
        };
        if let Some(first) = seen[slot].replace(m.span) {
            cx.error(
                "compile::duplicate-statement",
                "the rules in force have two `mines` statements of this kind",
                m.span,
                "second one",
                "keep one (inside `when` blocks, make sure only one applies)",
            )
            .secondary
            .push((first, "first one".into()));
            continue;
        }
        match &m.kind {
            MinesKind::Layout { count, zone, seed } => {
                let n = env.opts.num_in(count, 0, cells as i64, "a mine count", cx);
                let s = env.opts.num_in(seed, 0, i64::MAX, "a seed", cx);
                if let Some(expr) = env.zones.resolve(zone, env.names, cx) {
                    rules.zone = env.zones.eval(&expr, 0).iter().collect();
                }
                rules.count = n.unwrap_or(0) as usize;
                rules.seed = s.unwrap_or(0) as u64;
                if let dsl::rules::ast::Num::Option(name) = &seed.node {
                    rules.seed_option = Some(name.clone());
                }
                if rules.count > rules.zone.len() && n.is_some() {
                    cx.error(
                        "compile::too-many-mines",
                        format!(
                            "{} mines do not fit in a zone of {} cells",
                            rules.count,
                            rules.zone.len()
                        ),
                        count.span,
                        "too many",
                        "lay at most as many mines as the zone has cells, or widen the zone",
                    );
                }
            }
            MinesKind::Mirror(a, b) => {
                let dir = |name: &dsl::rules::ast::Ident, cx: &mut Cx| {
                    let d = env.names.dirs.get(name.node.as_str()).copied();
                    if d.is_none() {
                        cx.unknown(
                            "compile::unknown-direction",
                            "direction",
                            name,
                            env.names.board.directions.iter().map(|d| d.name.as_str()),
                            "directions",
                        );
                    }
                    d
                };
                if let (Some(a), Some(b)) = (dir(a, cx), dir(b, cx)) {
                    mirror_dirs = Some((a, b));
                }
            }
            MinesKind::Shown(s) => {
                rules.shown = match s.node {
                    MineShown::Always => MinesShown::Always,
                    MineShown::Primed => MinesShown::Primed,
                    MineShown::Never => MinesShown::Never,
                }
            }
        }
    }
    if let Some((a, b)) = mirror_dirs {
        rules.mirror = Some(mirror(env.topo, cells, &rules.zone, a, b));
    }
    let mut given: Vec<[Option<Span>; 2]> = vec![[None; 2]; ntypes];
    for r in &active.mine_rules {
        let bits = r.effects.iter().fold(0u8, |acc, e| {
            acc | match e.node {
                MineEffect::Prime => PRIME,
                MineEffect::Undo => UNDO,
                MineEffect::Blast => BLAST,
                MineEffect::Again => AGAIN,
            }
        });
        let types: Vec<(usize, Span)> = if r.pieces.is_empty() {
            (0..ntypes).map(|t| (t, r.span)).collect()
        } else {
            r.pieces
                .iter()
                .filter_map(|p| env.types.resolve(p, cx).map(|t| (t as usize, p.span)))
                .collect()
        };
        let state = usize::from(r.primed.node);
        for (t, span) in types {
            if let Some(first) = given[t][state].replace(span) {
                cx.error(
                    "compile::duplicate-mine-rule",
                    format!(
                        "two `mine {}` rules for the {}",
                        if state == 1 { "primed" } else { "unprimed" },
                        env.types.infos[t].name
                    ),
                    span,
                    "second rule",
                    "give each piece type one rule per mine state",
                )
                .secondary
                .push((first, "first rule".into()));
            }
            let table = if state == 1 {
                &mut rules.primed
            } else {
                &mut rules.unprimed
            };
            table[t] = bits;
        }
    }
    Some(Box::new(rules))
}

/// Steps from `cell` along `dir` (first successor of each edge, remaps followed).
fn walk(topo: &Topology, cell: Cell, dir: Dir, steps: usize) -> Option<Cell> {
    let (mut c, mut d) = (cell, dir);
    for _ in 0..steps {
        let s = topo.succ(c, d).first()?;
        c = s.to;
        d = s.dir;
    }
    Some(c)
}

/// How many steps lead from `cell` along `dir` before the board ends (bounded).
fn reach(topo: &Topology, cell: Cell, dir: Dir, cells: usize) -> usize {
    let (mut c, mut d, mut n) = (cell, dir, 0);
    while n < cells {
        match topo.succ(c, d).first() {
            Some(s) if s.to != cell => {
                c = s.to;
                d = s.dir;
                n += 1;
            }
            _ => break,
        }
    }
    n
}

/// Per cell, its mirror image on its line along `a`/`b`: the cell as far from the `a`
/// end as this one is from the `b` end; [`NO_CELL`] outside the zone or when the
/// image is not in the zone.
fn mirror(topo: &Topology, cells: usize, zone: &[Cell], a: Dir, b: Dir) -> Vec<Cell> {
    let mut out = vec![NO_CELL; cells];
    for &c in zone {
        let (ka, kb) = (reach(topo, c, a, cells), reach(topo, c, b, cells));
        let image = if ka >= kb {
            walk(topo, c, a, ka - kb)
        } else {
            walk(topo, c, b, kb - ka)
        };
        if let Some(m) = image.filter(|m| zone.contains(m)) {
            out[c as usize] = m;
        }
    }
    out
}
