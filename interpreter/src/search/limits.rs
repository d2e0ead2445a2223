//! How long a search may run: depth, thinking time and nodes.
//!
//! A depth limit alone makes the search deterministic (tests rely on it); time and
//! node limits are hard budgets checked every few hundred nodes.

use std::time::{Duration, Instant};

/// Deepest iteration any search runs (plies), whatever the limits say.
pub const MAX_DEPTH: u32 = 64;

/// The limits of one search. Unset limits do not apply; with none set the search
/// stops at [`MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest full-width iteration (plies).
    pub depth: Option<u32>,
    /// Thinking time.
    pub time: Option<Duration>,
    /// Most nodes (full-width and quiescence).
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for `ms` milliseconds.
    pub fn time_ms(ms: u64) -> Limits {
        Limits {
            time: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }

    /// The deepest iteration to run.
    pub(crate) fn max_depth(&self) -> u32 {
        self.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
    }
}

/// The running budget of one search.
pub(crate) struct Budget {
    deadline: Option<Instant>,
    nodes: Option<u64>,
}

impl Budget {
    pub(crate) fn start(limits: &Limits) -> Budget {
        Budget {
            deadline: limits.time.map(|t| Instant::now() + t),
            nodes: limits.nodes,
        }
    }

    /// True when the search must stop after `nodes` nodes.
    pub(crate) fn exhausted(&self, nodes: u64) -> bool {
        if self.nodes.is_some_and(|n| nodes >= n) {
            return true;
        }
        nodes % 256 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets() {
        assert_eq!(Limits::default().max_depth(), MAX_DEPTH);
        assert_eq!(Limits::depth(0).max_depth(), 1);
        assert_eq!(Limits::depth(3).max_depth(), 3);
        let b = Budget::start(&Limits {
            nodes: Some(10),
            ..Limits::default()
        });
        assert!(!b.exhausted(9) && b.exhausted(10));
        let b = Budget::start(&Limits::time_ms(0));
        assert!(b.exhausted(256) && !b.exhausted(255));
    }
}
