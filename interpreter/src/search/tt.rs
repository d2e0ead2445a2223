//! The transposition table: a fixed number of slots allocated once, indexed by the
//! position hash, replaced when the new entry is at least as deep.

use crate::Move;

/// What an entry's value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value itself.
    Exact,
    /// At least the value.
    Lower,
    /// At most the value.
    Upper,
}

impl Bound {
    /// What a fail-soft value `best` searched in the window `alpha..beta` says.
    pub(crate) fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// One slot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    pub value: i32,
    pub depth: i16,
    pub bound: Bound,
}

impl Entry {
    /// The entry's value at `ply` when its bound settles the window `alpha..beta`.
    pub(crate) fn cut(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let v = super::terminal::from_table(self.value, ply as u32);
        let hit = match self.bound {
            Bound::Exact => true,
            Bound::Lower => v >= beta,
            Bound::Upper => v <= alpha,
        };
        hit.then_some(v)
    }
}

/// A fixed-size table.
pub(crate) struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots (bits clamped to 4..=26).
    pub(crate) fn new(bits: u32) -> Table {
        let size = 1usize << bits.clamp(4, 26);
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    /// The entry stored for `key`, if any.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores an entry; a shallower one does not replace a deeper one of the same key.
    pub(crate) fn store(&mut self, e: Entry) {
        let slot = &mut self.slots[e.key as usize & self.mask];
        if let Some(old) = slot {
            if old.key == e.key && old.depth > e.depth {
                return;
            }
        }
        *slot = Some(e);
    }

    /// Empties every slot (the allocation stays).
    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_replace() {
        let mut t = Table::new(4);
        let e = |key, depth| Entry {
            key,
            mv: None,
            value: depth as i32,
            depth,
            bound: Bound::Exact,
        };
        t.store(e(3, 5));
        assert_eq!(t.probe(3).unwrap().value, 5);
        assert!(t.probe(19).is_none(), "same slot, other key");
        t.store(e(3, 2));
        assert_eq!(
            t.probe(3).unwrap().depth,
            5,
            "a shallower entry does not replace"
        );
        t.store(e(19, 1));
        assert_eq!(t.probe(19).unwrap().depth, 1);
        t.clear();
        assert!(t.probe(19).is_none());
    }

    #[test]
    fn bounds_and_cuts() {
        assert_eq!(Bound::of(10, 10, 20), Bound::Upper);
        assert_eq!(Bound::of(20, 10, 20), Bound::Lower);
        assert_eq!(Bound::of(15, 10, 20), Bound::Exact);
        let e = |value, bound| Entry {
            key: 1,
            mv: None,
            value,
            depth: 1,
            bound,
        };
        assert_eq!(e(15, Bound::Exact).cut(0, 10, 20), Some(15));
        assert_eq!(e(25, Bound::Lower).cut(0, 10, 20), Some(25));
        assert_eq!(e(15, Bound::Lower).cut(0, 10, 20), None);
        assert_eq!(e(5, Bound::Upper).cut(0, 10, 20), Some(5));
        assert_eq!(e(15, Bound::Upper).cut(0, 10, 20), None);
    }
}
