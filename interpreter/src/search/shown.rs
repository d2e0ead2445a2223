//! Search values as protocols and people write them: centipawns, or moves to a
//! forced end.
//!
//! The search gives values from the side of the player to move; a decided game is
//! worth a base value (the points won against the best opponent, in multiples of
//! half of [`MATE`], or just past the decided threshold for small differences) less
//! the plies to the end, so the plies are recovered from the nearest base above.

use super::terminal::{is_mate_value, MATE};

/// Plies to the end farthest a decided value is read back from (the search goes
/// less than 100 plies deep).
const MAX_PLIES: i32 = 512;

/// A value for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Centipawns.
    Cp(i32),
    /// A forced end in this many moves of the player to move: positive when he wins,
    /// negative when he loses (UCI's `mate N`).
    Mate(i32),
}

/// The plies to the end of a decided value `a` (positive), when its base is known.
fn plies_to_end(a: i32) -> Option<i32> {
    let half = MATE / 2;
    let above_half = (a + half - 1) / half * half - a;
    if above_half < MAX_PLIES {
        return Some(above_half);
    }
    // Small point differences: the decided threshold plus 1024 (search/terminal.rs).
    let small = MATE / 4 + 1024 - a;
    (0..MAX_PLIES).contains(&small).then_some(small)
}

impl Shown {
    /// The score of a search value.
    pub fn of(value: i32) -> Shown {
        if !is_mate_value(value) {
            return Shown::Cp(value);
        }
        match plies_to_end(value.abs()) {
            // The player to move wins on his own move (odd plies) and loses on the
            // opponent's (even plies): moves = (plies + 1) / 2 either way.
            Some(p) => Shown::Mate(value.signum() * ((p + 1) / 2).max(1)),
            None => Shown::Cp(value.signum() * 100_000),
        }
    }

    /// UCI: `cp 35`, `mate 3`, `mate -2`.
    pub fn uci(self) -> String {
        match self {
            Shown::Cp(c) => format!("cp {c}"),
            Shown::Mate(n) => format!("mate {n}"),
        }
    }

    /// CECP thinking output: centipawns, or 100000 + N for a win in N moves
    /// (-100000 - N for a loss), as XBoard reads it.
    pub fn xboard(self) -> i32 {
        match self {
            Shown::Cp(c) => c.clamp(-99_999, 99_999),
            Shown::Mate(n) if n > 0 => 100_000 + n,
            Shown::Mate(n) => -100_000 + n,
        }
    }

    /// For people: `+0.35`, `-1.20`, `wins in 3`, `loses in 2`.
    pub fn words(self) -> String {
        match self {
            Shown::Cp(c) => format!("{:+.2}", c as f64 / 100.0),
            Shown::Mate(n) if n > 0 => format!("wins in {n}"),
            Shown::Mate(n) => format!("loses in {}", -n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_as_moves_to_the_end() {
        assert_eq!(Shown::of(35), Shown::Cp(35));
        assert_eq!(Shown::of(-120).words(), "-1.20");
        // Mate on the player's first move (1 ply), in two (3 plies); mated after
        // the opponent's reply (2 plies).
        assert_eq!(Shown::of(MATE - 1), Shown::Mate(1));
        assert_eq!(Shown::of(MATE - 3), Shown::Mate(2));
        assert_eq!(Shown::of(-MATE + 2), Shown::Mate(-1));
        assert_eq!(Shown::of(-MATE + 4).uci(), "mate -2");
        // Twice the points (3/1/0 schemes), half of them, a small difference.
        assert_eq!(Shown::of(2 * MATE - 5), Shown::Mate(3));
        assert_eq!(Shown::of(MATE / 2 - 1), Shown::Mate(1));
        assert_eq!(Shown::of(MATE / 4 + 1024 - 7), Shown::Mate(4));
        assert_eq!(Shown::of(MATE - 1).xboard(), 100_001);
        assert_eq!(Shown::of(-MATE + 2).xboard(), -100_001);
        assert_eq!(Shown::of(MATE - 3).words(), "wins in 2");
        assert_eq!(Shown::of(-MATE + 4).words(), "loses in 2");
        // A decided value of no known base stays a large centipawn value.
        assert_eq!(Shown::of(MATE / 4 + 5000), Shown::Cp(100_000));
    }
}
