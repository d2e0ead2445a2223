//! How long a search may run: depth, thinking time, nodes, or a game clock.
//!
//! A depth limit alone makes the search deterministic (tests rely on it); time and
//! node limits are hard budgets checked every few hundred nodes. A game clock gives
//! a soft target (the iteration in progress may finish; a stable best move stops
//! earlier) and a hard ceiling the search never passes.

use std::time::{Duration, Instant};

/// Deepest iteration any search runs (plies), whatever the limits say.
pub const MAX_DEPTH: u32 = 64;

/// The time a player has left on his clock, as engine protocols send it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left for the rest of the game (or until the next time control).
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, when the control counts moves.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search. Unset limits do not apply; with none set the search
/// stops at [`MAX_DEPTH`] (or when stopped from outside).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest full-width iteration (plies).
    pub depth: Option<u32>,
    /// Thinking time.
    pub time: Option<Duration>,
    /// Most nodes (full-width and quiescence).
    pub nodes: Option<u64>,
    /// The mover's clock: the search shares out its time.
    pub clock: Option<Clock>,
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

/// Time kept back on the clock for the protocol's own delays.
const CLOCK_RESERVE: Duration = Duration::from_millis(30);

/// The soft and hard time of one move on `clock`: the soft time is the clock shared
/// over the moves still to play (30 when the control does not say) plus most of the
/// increment; the hard time is at most five soft times and never more than a third of
/// what is left.
fn clock_budget(clock: &Clock) -> (Duration, Duration) {
    let left = clock.remaining.saturating_sub(CLOCK_RESERVE);
    let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 60);
    let soft = left / moves + clock.increment * 3 / 4;
    let hard = (soft * 5).min(left / 3).max(Duration::from_millis(1));
    (soft.min(hard), hard)
}

/// The running budget of one search.
pub(crate) struct Budget {
    start: Instant,
    deadline: Option<Instant>,
    /// Past this, no new iteration starts, and a stable best move stops the search.
    soft: Option<Duration>,
    nodes: Option<u64>,
}

impl Budget {
    pub(crate) fn start(limits: &Limits) -> Budget {
        let start = Instant::now();
        let mut hard = limits.time;
        let mut soft = None;
        if let Some(clock) = &limits.clock {
            let (s, h) = clock_budget(clock);
            soft = Some(s);
            hard = Some(hard.map_or(h, |t| t.min(h)));
        }
        Budget {
            start,
            deadline: hard.map(|t| start + t),
            soft,
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

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True when, after an iteration, another should not start: past half the soft
    /// time, or past a fifth of it when the best move has held for `stable`
    /// iterations (an obvious move). `scale` (in hundredths) stretches the soft time
    /// when the best move or the value has just changed.
    pub(crate) fn soft_stop(&self, stable: u32, scale: u32) -> bool {
        let Some(soft) = self.soft else {
            return false;
        };
        let soft = soft * scale.clamp(50, 300) / 100;
        let used = self.elapsed();
        used >= soft / 2 || (stable >= 6 && used >= soft / 5)
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

    #[test]
    fn clock_shares_time_and_keeps_a_reserve() {
        let ms = Duration::from_millis;
        let c = Clock {
            remaining: ms(60_030),
            increment: ms(0),
            moves_to_go: None,
        };
        assert_eq!(clock_budget(&c), (ms(2000), ms(10_000)));
        let c = Clock {
            remaining: ms(1_030),
            increment: ms(1000),
            moves_to_go: Some(1),
        };
        let (soft, hard) = clock_budget(&c);
        assert!(hard <= ms(334) && soft <= hard, "{soft:?} {hard:?}");
        let c = Clock {
            remaining: ms(10),
            ..Clock::default()
        };
        assert_eq!(clock_budget(&c).1, ms(1), "an empty clock still moves");
    }
}
