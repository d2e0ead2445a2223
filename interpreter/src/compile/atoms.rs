//! Move rules -> per `(kind, cell)` atoms with their targets resolved.
//!
//! Everything that depends only on the piece's owner and cell is decided here:
//! direction sets, `from` zones, step and leap targets with their `into` zones, the
//! cells a step must find empty, the cells a creating move passes. What is left for
//! move generation is occupancy, unmoved pieces and en-passant cells. Along the way
//! this module records, per slot, how the piece captures, for the attack tables.

use super::betza::resolve_betza;
use super::cx::Cx;
use super::dirsets::{dirs_of, DirSets};
use super::limits::{too_many, MAX_MOVE_RULES, MAX_PATHS};
use super::names::BoardNames;
use super::options::MoveSource;
use super::options::{Active, Options};
use super::pieces::Types;
use super::players::Players;
use super::rule::{resolve_rule, Rule};
use super::zones::Zones;
use crate::cellset::CellSet;
use crate::ids::{bit, Cell, Dir, Kind, Player};
use crate::paths::{first_order, follow};
use crate::tables::{to, Atom, Op, Tables, Target, NO_EP};
use crate::topology::Topology;
use std::collections::HashMap;

/// Most direction sequences one dotted path may stand for on one cell.
const MAX_SEQUENCES: usize = 4096;
/// Most targets in all tables (hostile rule files).
const MAX_TARGETS: usize = 1 << 24;

/// How a slide captures, for the attack masks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlideAttack {
    /// Directions.
    pub dirs: u32,
    /// Fewest steps.
    pub min: u16,
    /// Most steps.
    pub max: u16,
    /// `into` zone (index + 1 into `Tables::zones`, 0: none).
    pub into: u16,
}

/// How a hop captures, for the hop attack masks: over exactly one screen of any kind.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HopAttack {
    /// Directions.
    pub dirs: u32,
    /// `hop far`: lands anywhere behind the screen; else right behind it.
    pub far: bool,
    /// Fewest steps to the landing cell.
    pub min: u16,
    /// Most steps to the landing cell.
    pub max: u16,
    /// `into` zone (index + 1 into `Tables::zones`, 0: none).
    pub into: u16,
}

/// How one kind on one cell captures.
#[derive(Clone, Debug, Default)]
pub(crate) struct SlotAttack {
    /// Capturing slides.
    pub slides: Vec<SlideAttack>,
    /// Capturing hops over any screen.
    pub hops: Vec<HopAttack>,
    /// Capturing single-direction steps: the direction and the target.
    pub steps: Vec<(Dir, Cell)>,
    /// Capturing leaps and dotted steps: the target and its conditions.
    pub leaps: Vec<(Cell, u32)>,
}

/// What the attack tables and positions need besides the atoms.
pub(crate) struct Compiled {
    /// Per slot.
    pub attack: Vec<SlotAttack>,
    /// Kinds whose captures are found by generation.
    pub irregular: u64,
    /// Types with `first` moves.
    pub first_types: u64,
}

/// Inputs shared by every rule.
pub(crate) struct Env<'a, 'b> {
    pub names: &'a BoardNames<'b>,
    pub players: &'a Players,
    pub zones: &'a Zones,
    pub dirsets: &'a DirSets,
    pub topo: &'a Topology,
    pub opts: &'a Options,
    pub types: &'a Types,
    /// The kinds of the royal types (attacks are recorded for captures of royals).
    pub royal_kinds: u64,
}

/// Builds every atom of every kind on every cell into `t`.
pub(crate) fn compile(active: &Active, env: &Env, t: &mut Tables, cx: &mut Cx) -> Compiled {
    let ntypes = env.types.infos.len();
    let nplayers = env.players.len();
    let cells = env.topo.cells;
    // Resolve each type's rules once.
    let mut rules: Vec<Vec<Rule>> = (0..ntypes).map(|_| Vec::new()).collect();
    for (block, ty) in active.pieces.iter().zip(&env.types.of_block) {
        for (i, r) in block.moves.iter().enumerate() {
            if i == MAX_MOVE_RULES {
                too_many(cx, "move rules in one piece", MAX_MOVE_RULES, r.span());
                break;
            }
            let resolved = match r {
                MoveSource::Rule(r) if r.paths.len() > MAX_PATHS => {
                    too_many(cx, "paths in one move rule", MAX_PATHS, r.span);
                    continue;
                }
                MoveSource::Rule(r) => resolve_rule(r, env, cx).into_iter().collect(),
                MoveSource::Betza(b) => resolve_betza(b, env, cx),
            };
            if let Some(ty) = ty {
                rules[*ty as usize].extend(resolved);
            }
        }
    }
    let mut b = Builder {
        env,
        t,
        ep_ids: HashMap::new(),
        zone_ids: HashMap::new(),
        reported: vec![false; rules.iter().map(Vec::len).sum::<usize>() + 1],
    };
    let kinds = ntypes * nplayers;
    b.t.cells = cells;
    b.t.atom_start = Vec::with_capacity(kinds * cells + 1);
    b.t.dedupe = vec![false; kinds * cells];
    if b.t.ep_start.is_empty() {
        b.t.ep_start.push(0);
    }
    let mut out = Compiled {
        attack: vec![SlotAttack::default(); kinds * cells],
        irregular: 0,
        first_types: 0,
    };
    for (ty, rs) in rules.iter().enumerate() {
        if rs.iter().any(|r| r.first) {
            out.first_types |= 1 << ty;
        }
    }
    for owner in 0..nplayers {
        for (ty, rs) in rules.iter().enumerate() {
            let kind = (owner * ntypes + ty) as Kind;
            for cell in 0..cells as Cell {
                let slot = b.t.slot(kind, cell);
                b.t.atom_start.push(b.t.atoms.len() as u32);
                let mut classes: Vec<(Cell, u8)> = Vec::new();
                let mut rule_index = rules[..ty].iter().map(Vec::len).sum::<usize>();
                for r in rs {
                    rule_index += 1;
                    if r.from.as_ref().is_some_and(|z| !z[owner].contains(cell)) {
                        continue;
                    }
                    let atk = &mut out.attack[slot];
                    // Attacks matter for royals only: a rule whose captures take no
                    // royal (`to enemy not king`) attacks nothing.
                    let captures = r.to & to::ENEMY != 0
                        && r.op != Op::EpCapture
                        && r.takes & env.royal_kinds != 0;
                    let filtered = r.takes & env.royal_kinds != env.royal_kinds;
                    // Hops over any screen are in the hop masks, except on boards whose
                    // flanks or seams the masks do not model.
                    let hop = matches!(r.op, Op::Hop | Op::HopFar);
                    let tabled_hop = hop
                        && r.over == u64::MAX
                        && !env.topo.has_flanks()
                        && !env.topo.has_stops();
                    if captures && (r.first || filtered || (hop && !tabled_hop)) {
                        out.irregular |= bit(kind);
                    }
                    let record = captures && !r.first && !filtered;
                    match r.op {
                        Op::Targets | Op::EpCapture => b.targets(
                            r,
                            owner as Player,
                            cell,
                            record.then_some(atk),
                            &mut classes,
                            rule_index,
                            cx,
                        ),
                        _ => b.rays(
                            r,
                            owner as Player,
                            cell,
                            record.then_some(atk),
                            &mut classes,
                        ),
                    }
                }
                b.t.dedupe[slot] = overlapping(&mut classes);
            }
        }
    }
    b.t.atom_start.push(b.t.atoms.len() as u32);
    out
}

/// True when two entries name the same cell with overlapping occupancy: two rules
/// might then produce the same move.
fn overlapping(classes: &mut [(Cell, u8)]) -> bool {
    classes.sort_unstable();
    classes
        .windows(2)
        .any(|w| w[0].0 == w[1].0 && w[0].1 & w[1].1 != 0)
}

/// A target with its alternative conditions (cells that must be empty, flanks that
/// must be open) and the cells a creating move passes on the way.
type Found = (Cell, Vec<(Vec<Cell>, Vec<u16>)>, Vec<Cell>);

struct Builder<'e, 'a, 'b> {
    env: &'e Env<'a, 'b>,
    t: &'e mut Tables,
    ep_ids: HashMap<Vec<Cell>, u16>,
    zone_ids: HashMap<CellSet, u16>,
    reported: Vec<bool>,
}

impl Builder<'_, '_, '_> {
    fn ep_id(&mut self, cells: &[Cell]) -> u16 {
        if cells.is_empty() {
            return NO_EP;
        }
        if let Some(&id) = self.ep_ids.get(cells) {
            return id;
        }
        let id = (self.t.ep_start.len() - 1) as u16;
        if id == NO_EP {
            return NO_EP;
        }
        self.t.ep_cells.extend_from_slice(cells);
        self.t.ep_start.push(self.t.ep_cells.len() as u32);
        self.ep_ids.insert(cells.to_vec(), id);
        id
    }

    fn zone_id(&mut self, z: &CellSet) -> u16 {
        if let Some(&id) = self.zone_ids.get(z) {
            return id;
        }
        self.t.zones.push(z.clone());
        let id = self.t.zones.len() as u16;
        self.zone_ids.insert(z.clone(), id);
        id
    }

    /// Steps, leaps and en-passant captures: a list of fixed targets.
    #[allow(clippy::too_many_arguments)]
    fn targets(
        &mut self,
        r: &Rule,
        owner: Player,
        cell: Cell,
        atk: Option<&mut SlotAttack>,
        classes: &mut Vec<(Cell, u8)>,
        rule_index: usize,
        cx: &mut Cx,
    ) {
        let env = self.env;
        let mut found: Vec<Found> = Vec::new();
        let mut singles: Vec<(Dir, Cell)> = Vec::new();
        let mut multi: Vec<Cell> = Vec::new();
        for path in &r.paths {
            let choices: Vec<Vec<Dir>> = path
                .iter()
                .map(|&d| dirs_of(env.dirsets.mask(d, owner, cell)).collect())
                .collect();
            let count = choices
                .iter()
                .map(Vec::len)
                .try_fold(1usize, |a, n| a.checked_mul(n));
            if count.map_or(true, |n| n > MAX_SEQUENCES) {
                if !self.reported[rule_index] {
                    self.reported[rule_index] = true;
                    cx.error(
                        "compile::path-too-many",
                        format!("a path of this rule stands for more than {MAX_SEQUENCES} direction sequences"),
                        r.span,
                        "too many",
                        "use smaller direction sets in dotted paths",
                    );
                }
                continue;
            }
            let mut seq = vec![0 as Dir; path.len()];
            for_each_sequence(&choices, 0, &mut seq, &mut |seq| {
                let mut ends = follow(env.topo, cell, seq);
                // A leap ignores the cells it passes: when its written order falls
                // off the board (a missing corner), another order of its steps may
                // still lead to a cell.
                if ends.is_empty() && !r.step && seq.len() > 1 {
                    if let Some(order) = first_order(env.topo, cell, seq) {
                        ends = follow(env.topo, cell, &order);
                    }
                }
                for end in ends {
                    if r.into
                        .as_ref()
                        .is_some_and(|z| !z[owner as usize].contains(end.to))
                    {
                        continue;
                    }
                    let alt = if r.step {
                        let passed: Vec<Cell> =
                            end.passed.iter().copied().filter(|&c| c != cell).collect();
                        (passed, end.flanks.clone())
                    } else {
                        (Vec::new(), Vec::new())
                    };
                    if seq.len() == 1 && r.step {
                        singles.push((seq[0], end.to));
                    } else {
                        multi.push(end.to);
                    }
                    match found.iter_mut().find(|f| f.0 == end.to) {
                        Some(f) => {
                            if !f.1.contains(&alt) {
                                f.1.push(alt);
                            }
                            for c in &end.passed {
                                if !f.2.contains(c) {
                                    f.2.push(*c);
                                }
                            }
                        }
                        None => found.push((end.to, vec![alt], end.passed.clone())),
                    }
                }
            });
        }
        let Some(needs) = self.push_targets(r, &found, classes) else {
            return;
        };
        if let Some(atk) = atk {
            atk.steps.extend(singles.iter().copied());
            for (c, need) in needs {
                if multi.contains(&c) {
                    atk.leaps.push((c, need));
                }
            }
        }
    }

    /// Pushes the targets `found` and their atom (none when there are none); returns
    /// each target's conditions. `None` when the table of targets would overflow.
    fn push_targets(
        &mut self,
        r: &Rule,
        found: &[Found],
        classes: &mut Vec<(Cell, u8)>,
    ) -> Option<Vec<(Cell, u32)>> {
        if self.t.targets.len() + found.len() > MAX_TARGETS {
            return None;
        }
        let start = self.t.targets.len() as u32;
        let class = if r.op == Op::EpCapture {
            to::EMPTY
        } else {
            r.to
        };
        let mut needs = Vec::new();
        for (to_cell, alts, passed) in found {
            let need = self.t.add_need(alts);
            needs.push((*to_cell, need));
            let ep = if r.creates_ep {
                self.ep_id(passed)
            } else {
                NO_EP
            };
            self.t.targets.push(Target {
                to: *to_cell,
                ep,
                need,
            });
            classes.push((*to_cell, class));
        }
        if found.is_empty() {
            return Some(needs);
        }
        let op = if r.op == Op::EpCapture {
            Op::EpCapture
        } else {
            Op::Targets
        };
        self.t.atoms.push(Atom {
            op,
            to: r.to,
            first: r.first,
            creates_ep: r.creates_ep,
            countable: false,
            min: 1,
            max: u16::MAX,
            into: 0,
            start,
            len: found.len() as u32,
            ep: 0,
            takes: r.takes,
            over: r.over,
        });
        Some(needs)
    }

    /// The targets of a short slide (at most [`SHORT_SLIDE`] steps) on a board without
    /// seams: each cell it may stop on, on the condition that the cells before it on
    /// the way are empty and its flanks open. Generating them is a short list, not a
    /// walk of the whole ray (a pawn's double step).
    fn short_slide_targets(
        &mut self,
        r: &Rule,
        dirs: u32,
        owner: Player,
        cell: Cell,
    ) -> Vec<Found> {
        let topo = self.env.topo;
        let into = r.into.as_ref().map(|z| &z[owner as usize]);
        let mut found: Vec<Found> = Vec::new();
        for d in dirs_of(dirs) {
            let ray = topo.ray(topo.ray_id(cell, d));
            for (i, n) in ray.iter().enumerate() {
                if n.depth < r.min || n.depth > r.max || into.is_some_and(|z| !z.contains(n.cell)) {
                    continue;
                }
                let passed = topo.passed(ray, i);
                let alt = (passed.clone(), topo.path_flanks(ray, i));
                match found.iter_mut().find(|f| f.0 == n.cell) {
                    Some(f) => {
                        if !f.1.contains(&alt) {
                            f.1.push(alt);
                        }
                    }
                    None => found.push((n.cell, vec![alt], passed)),
                }
            }
        }
        found
    }

    /// Slides and hops: a list of rays.
    fn rays(
        &mut self,
        r: &Rule,
        owner: Player,
        cell: Cell,
        atk: Option<&mut SlotAttack>,
        classes: &mut Vec<(Cell, u8)>,
    ) {
        let env = self.env;
        let topo = env.topo;
        let mut dirs = 0u32;
        for path in &r.paths {
            dirs |= env.dirsets.mask(path[0], owner, cell);
        }
        let into = match &r.into {
            Some(z) => self.zone_id(&z[owner as usize]),
            None => 0,
        };
        // A short slide is generated as a list of targets; its attacks are still
        // recorded as a slide's.
        let short = r.op == Op::Slide && r.max <= SHORT_SLIDE && !topo.has_stops();
        if short {
            let found = self.short_slide_targets(r, dirs, owner, cell);
            if self.push_targets(r, &found, classes).is_none() || found.is_empty() {
                return;
            }
            if let Some(atk) = atk {
                atk.slides.push(SlideAttack {
                    dirs,
                    min: r.min,
                    max: r.max,
                    into,
                });
            }
            return;
        }
        let start = self.t.ray_ids.len() as u32;
        let ep = self.t.ep_ids.len() as u32;
        let min_depth = if r.op == Op::Slide {
            r.min
        } else {
            r.min.max(2)
        };
        for d in dirs_of(dirs) {
            let id = topo.ray_id(cell, d);
            let ray = topo.ray(id);
            if ray.is_empty() {
                continue;
            }
            self.t.ray_ids.push(id);
            for (i, n) in ray.iter().enumerate() {
                let inside = n.depth >= min_depth
                    && n.depth <= r.max
                    && (into == 0 || self.t.zones[into as usize - 1].contains(n.cell));
                if inside {
                    classes.push((n.cell, r.to));
                }
                if r.creates_ep {
                    let passed = topo.passed(ray, i);
                    let id = self.ep_id(&passed);
                    self.t.ep_ids.push(id);
                }
            }
        }
        let len = self.t.ray_ids.len() as u32 - start;
        if len == 0 {
            return;
        }
        let mut atk = atk;
        if let (Some(atk), Op::Hop | Op::HopFar) = (atk.as_deref_mut(), r.op) {
            if r.over == u64::MAX && !topo.has_flanks() && !topo.has_stops() {
                let hop = HopAttack {
                    dirs,
                    far: r.op == Op::HopFar,
                    min: r.min.max(2),
                    max: r.max,
                    into,
                };
                atk.hops.push(hop);
            }
        }
        if let (Some(atk), Op::Slide) = (atk, r.op) {
            // A slide that ends across a seam (a node entered by a stop edge, deeper
            // than one cell) cannot be seen from its target, whose own ray stops after
            // one cell: it is recorded as a leap whose passed cells must be empty.
            if topo.has_stops() {
                for d in dirs_of(dirs) {
                    let ray = topo.ray(topo.ray_id(cell, d));
                    let base = topo.ray_range(topo.ray_id(cell, d)).start;
                    for (i, n) in ray.iter().enumerate() {
                        let inside = n.depth >= r.min
                            && n.depth <= r.max
                            && (into == 0 || self.t.zones[into as usize - 1].contains(n.cell));
                        if n.depth > 1 && topo.node_stop(base + i) && inside {
                            let alt = (topo.passed(ray, i), topo.path_flanks(ray, i));
                            let need = self.t.add_need(&[alt]);
                            atk.leaps.push((n.cell, need));
                        }
                    }
                }
            }
            atk.slides.push(SlideAttack {
                dirs,
                min: r.min,
                max: r.max,
                into,
            });
        }
        self.t.atoms.push(Atom {
            op: r.op,
            to: r.to,
            first: r.first,
            creates_ep: r.creates_ep,
            countable: false,
            min: r.min,
            max: r.max,
            into,
            start,
            len,
            ep,
            takes: r.takes,
            over: r.over,
        });
    }
}

/// The longest slide generated as a list of targets (`Builder::short_slide_targets`).
const SHORT_SLIDE: u16 = 2;

/// Calls `f` with every direction sequence that picks one choice per path element.
fn for_each_sequence(
    choices: &[Vec<Dir>],
    i: usize,
    seq: &mut Vec<Dir>,
    f: &mut impl FnMut(&[Dir]),
) {
    if i == choices.len() {
        f(seq);
        return;
    }
    for &d in &choices[i] {
        seq[i] = d;
        for_each_sequence(choices, i + 1, seq, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_needs_same_cell_and_class() {
        assert!(!overlapping(&mut [(3, to::ENEMY), (3, to::EMPTY)]));
        assert!(overlapping(&mut [
            (3, to::ENEMY | to::EMPTY),
            (3, to::EMPTY)
        ]));
        assert!(!overlapping(&mut [(3, to::EMPTY), (4, to::EMPTY)]));
    }

    #[test]
    fn sequences_are_the_product() {
        let mut seen = Vec::new();
        let mut seq = vec![0; 2];
        for_each_sequence(&[vec![1, 2], vec![3]], 0, &mut seq, &mut |s| {
            seen.push(s.to_vec())
        });
        assert_eq!(seen, vec![vec![1, 3], vec![2, 3]]);
    }
}
