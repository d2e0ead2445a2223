//! The names rules read, resolved: piece types as kind sets, zones per player,
//! explosion areas, counters.

use super::Lower;
use crate::cellset::CellSet;
use crate::compile::cx::help_for;
use crate::compile::dirsets::dirs_of;
use crate::ids::{bit, Cell, PieceType, Player};
use crate::rules::Explosion;
use dsl::rules::ast;

impl Lower<'_, '_> {
    /// Every kind of every type.
    pub(crate) fn all_kinds(&self) -> u64 {
        let n = self.env.ntypes * self.env.players.len();
        if n >= 64 {
            u64::MAX
        } else {
            (1u64 << n) - 1
        }
    }

    /// The kinds of the royal types.
    pub(crate) fn royal_kinds(&self) -> u64 {
        let t = &self.env.types.infos;
        self.kinds_of_types(
            &(0..t.len() as PieceType)
                .filter(|&i| t[i as usize].royal)
                .collect::<Vec<_>>(),
        )
    }

    /// The kinds (of every owner) of `types`.
    pub(crate) fn kinds_of_types(&self, types: &[PieceType]) -> u64 {
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
    pub(crate) fn piece_kinds(&mut self, pieces: &[ast::Ident]) -> Option<u64> {
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
    pub(crate) fn zone(&mut self, z: &ast::ZoneExpr) -> Option<u16> {
        let e = self.env.zones.resolve(z, self.env.names, self.cx)?;
        let sets: Vec<CellSet> = self.env.zones.eval_all(&e);
        if let Some(i) = self.rules.zones.iter().position(|s| *s == sets) {
            return Some(i as u16);
        }
        self.rules.zones.push(sets);
        Some((self.rules.zones.len() - 1) as u16)
    }

    /// The cells around each cell along `dirs` (for the mover), sparing `except`.
    pub(crate) fn explosion(&mut self, dirs: &[ast::Ident], except: &[ast::Ident]) -> Option<u16> {
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
    pub(crate) fn counter_index(&mut self, name: &ast::Ident) -> Option<u16> {
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
}
