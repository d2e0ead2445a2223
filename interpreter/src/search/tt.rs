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

/// One slot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    pub value: i32,
    pub depth: i16,
    pub bound: Bound,
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
}
