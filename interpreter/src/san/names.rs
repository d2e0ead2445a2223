//! Cell names as SAN sees them: a *file* (everything before the trailing digits) and a
//! *rank* (the trailing digits), and the hint that tells a move's from cell apart.

use crate::ids::Cell;
use crate::qualified::unqualified;
use crate::variant::Variant;

/// `(file, rank)` of a cell name: `a1` -> (`a`, `1`), `d10` -> (`d`, `10`),
/// `k:a3` -> (`k:a`, `3`), `b` -> (`b`, ``), `12` -> (``, `12`).
pub(crate) fn split(name: &str) -> (&str, &str) {
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    name.split_at(name.len() - digits)
}

/// True when `hint` names `cell`: empty, the whole name, its file or its rank.
pub(crate) fn hint_fits(v: &Variant, cell: Cell, hint: &str) -> bool {
    let name = v.cell_name(cell);
    let (file, rank) = split(name);
    hint.is_empty() || hint == name || hint == file || hint == rank
}

/// True when `hint` names `cell` as [`hint_fits`] says, or names it without its
/// qualifier: the unqualified name or its file (`e4` or `e` for `2:e4`; the rank is
/// the same either way).
pub(crate) fn hint_fits_unqualified(v: &Variant, cell: Cell, hint: &str) -> bool {
    hint_fits(v, cell, hint)
        || unqualified(v.cell_name(cell)).is_some_and(|short| {
            let (file, _) = split(short);
            hint == short || hint == file
        })
}

/// How much of the from cell a hint may leave out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hint {
    /// As little as tells the move apart.
    Least,
    /// Whenever a hint is needed, the whole cell name.
    Name,
}

/// The hint written before the target cell: empty when no rival piece of the same
/// type reaches the target (and the piece is not a capturing pawn), else the from
/// cell's file, rank or whole name, the first that no rival's cell fits.
pub(crate) fn disambiguation(
    v: &Variant,
    from: Cell,
    rivals: &[Cell],
    pawn_capture: bool,
    how: Hint,
) -> String {
    let name = v.cell_name(from);
    if rivals.is_empty() && !pawn_capture {
        return String::new();
    }
    if how == Hint::Name {
        return name.to_owned();
    }
    let (file, rank) = split(name);
    let clear = |h: &str| !h.is_empty() && !rivals.iter().any(|&c| hint_fits(v, c, h));
    if clear(file) {
        file.to_owned()
    } else if !pawn_capture && clear(rank) {
        rank.to_owned()
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn names_split_into_file_and_rank() {
        assert_eq!(split("a1"), ("a", "1"));
        assert_eq!(split("d10"), ("d", "10"));
        assert_eq!(split("k:a3"), ("k:a", "3"));
        assert_eq!(split("b"), ("b", ""));
        assert_eq!(split("12"), ("", "12"));
        assert_eq!(split("1b"), ("1b", ""));
    }
}
