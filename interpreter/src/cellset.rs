//! A set of cells as a bitset sized to the board.
//!
//! Zones, unmoved pieces and pinned pieces are cell sets; a board has at most 1024
//! cells, so a set is at most 16 words and membership is one shift and mask.

use crate::ids::Cell;

/// A set of cells of one board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet {
    words: Vec<u64>,
}

impl CellSet {
    /// The empty set for a board of `cells` cells.
    pub fn new(cells: usize) -> CellSet {
        CellSet {
            words: vec![0; cells.div_ceil(64)],
        }
    }

    /// The set of the given cells.
    pub fn from_cells(cells: usize, members: impl IntoIterator<Item = Cell>) -> CellSet {
        let mut s = CellSet::new(cells);
        for c in members {
            s.insert(c);
        }
        s
    }

    /// True when `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        let c = cell as usize;
        self.words
            .get(c >> 6)
            .is_some_and(|w| w & (1u64 << (c & 63)) != 0)
    }

    /// Adds `cell`; returns true if it was not there.
    #[inline]
    pub fn insert(&mut self, cell: Cell) -> bool {
        let c = cell as usize;
        let w = &mut self.words[c >> 6];
        let b = 1u64 << (c & 63);
        let new = *w & b == 0;
        *w |= b;
        new
    }

    /// Removes `cell`; returns true if it was there.
    #[inline]
    pub fn remove(&mut self, cell: Cell) -> bool {
        let c = cell as usize;
        let w = &mut self.words[c >> 6];
        let b = 1u64 << (c & 63);
        let was = *w & b != 0;
        *w &= !b;
        was
    }

    /// Empties the set, keeping its size.
    #[inline]
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Number of cells in the set.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when the set has no cell.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Adds every cell of `other` (same board).
    pub fn union_with(&mut self, other: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// Keeps only the cells also in `other` (same board).
    pub fn intersect_with(&mut self, other: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= b;
        }
    }

    /// True when this set and `other` (same board) share a cell.
    #[inline]
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// Makes this set a copy of `other` without allocating (same board).
    pub(crate) fn copy_from(&mut self, other: &CellSet) {
        self.words.copy_from_slice(&other.words);
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some((i * 64 + b) as Cell)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_contains() {
        let mut s = CellSet::new(130);
        assert!(s.is_empty());
        assert!(s.insert(0));
        assert!(s.insert(129));
        assert!(!s.insert(129));
        assert!(s.contains(129) && s.contains(0) && !s.contains(64));
        assert_eq!(s.len(), 2);
        assert!(s.remove(0));
        assert!(!s.remove(0));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![129]);
    }

    #[test]
    fn out_of_range_is_not_contained() {
        let s = CellSet::new(10);
        assert!(!s.contains(1000));
    }

    #[test]
    fn iter_is_sorted_and_union_works() {
        let mut a = CellSet::from_cells(200, [5, 70, 199]);
        let b = CellSet::from_cells(200, [6, 70]);
        a.union_with(&b);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![5, 6, 70, 199]);
        a.clear();
        assert_eq!(a.len(), 0);
    }
}
