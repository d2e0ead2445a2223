//! The mine extras of position strings: `mines=`, `heard=`, `refused=`, `rng=`.

use super::read::Reader;
use crate::error::{PositionError, PositionErrorKind as K};
use crate::ids::Player;
use crate::mines::{MINE, PRIMED};
use crate::moves::{mk, Move};
use crate::position::Position;

impl Position {
    /// Appends the mine extras for the referee (`viewer: None`) or a player.
    pub(crate) fn write_mines(&self, s: &mut String, viewer: Option<Player>) {
        let v = &*self.v;
        let Some(r) = v.rules.mines.as_deref() else {
            return;
        };
        let mut shown = Vec::new();
        let mut heard = Vec::new();
        for (c, &state) in self.mines.iter().enumerate() {
            if state == 0 {
                continue;
            }
            let name = v.cell_name(c as u16);
            let text = if state & PRIMED != 0 {
                format!("{name}+")
            } else {
                name.to_string()
            };
            match viewer {
                None => shown.push(text),
                Some(_) if r.is_shown(state) => shown.push(text),
                Some(_) if r.is_known(state) => heard.push(name.to_string()),
                Some(_) => {}
            }
        }
        if !shown.is_empty() {
            s.push_str(&format!(" mines={}", shown.join(",")));
        }
        if !heard.is_empty() {
            s.push_str(&format!(" heard={}", heard.join(",")));
        }
        if let Some(m) = self.refused {
            s.push_str(&format!(
                " refused={}-{}",
                v.cell_name(m.from),
                v.cell_name(m.to)
            ));
            if let Some(t) = m.promotion() {
                s.push('-');
                s.push_str(&v.piece_types()[t as usize].symbol(false).to_string());
            }
        }
        if viewer.is_none() {
            s.push_str(&format!(" rng={:016x}", self.rng));
        }
    }
}

impl Reader<'_> {
    /// Reads a mine extra (`mines`, `heard`, `refused`, `rng`); false when `key` is not
    /// one.
    pub(crate) fn mine_extra(
        &self,
        key: &str,
        value: &str,
        at: usize,
        pos: &mut Position,
    ) -> Result<bool, PositionError> {
        if !matches!(key, "mines" | "heard" | "refused" | "rng") {
            return Ok(false);
        }
        if pos.v.rules.mines.is_none() {
            return Err(self.err(
                K::Syntax,
                format!("`{key}=` needs a variant with mines"),
                at,
                value.len(),
            ));
        }
        match key {
            // A view string read back (a player's model of the game, for a search that
            // may know only what he knows): announced mines are primed ones.
            "mines" | "heard" => {
                let mut item_at = at;
                for item in value.split(',') {
                    let (name, primed) = match item.strip_suffix('+') {
                        Some(n) => (n, true),
                        None => (item, key == "heard"),
                    };
                    if !item.is_empty() {
                        let c = self.cell(name, item_at)?;
                        pos.mines[c as usize] = MINE | if primed { PRIMED } else { 0 };
                    }
                    item_at += item.len() + 1;
                }
            }
            "refused" => {
                let mut parts = value.split('-');
                let from_name = parts.next().unwrap_or("");
                let from = self.cell(from_name, at)?;
                let to = self.cell(parts.next().unwrap_or(""), at + from_name.len() + 1)?;
                let mut m = Move::new(from, to, mk::NORMAL, 0);
                if let Some(l) = parts.next() {
                    let (promoted, l) = match l.strip_prefix('+') {
                        Some(rest) => (true, rest),
                        None => (false, l),
                    };
                    let t = l
                        .chars()
                        .next()
                        .filter(|_| l.chars().count() == 1)
                        .and_then(|ch| pos.v.piece_type_by_symbol(ch, promoted))
                        .ok_or_else(|| {
                            self.err(K::Syntax, "unknown promotion letter", at, value.len())
                        })?;
                    m = m.with_promotion(t);
                }
                if parts.next().is_some() {
                    return Err(self.err(
                        K::Syntax,
                        "a refused move is `from-to[-letter]`",
                        at,
                        value.len(),
                    ));
                }
                pos.refused = Some(m);
            }
            _ => {
                pos.rng = u64::from_str_radix(value, 16).map_err(|_| {
                    self.err(K::Number, "rng is 1 to 16 hex digits", at, value.len())
                })?;
            }
        }
        Ok(true)
    }
}
