//! CECP time controls (`level`, `st`, `sd`, `time`) turned into the search's limits.
//!
//! `level MPS BASE INC` is a clock: MPS moves in BASE minutes (`5` or `2:30`; MPS 0
//! for the whole game), INC seconds added a move; `time N` tells the engine's clock
//! in centiseconds before each move. `st N` is N seconds a move, `sd N` a depth
//! limit. With none of them the engine thinks a second a move.

use super::super::protocol::input::quote;
use chessgraph::search::{Clock, Limits};
use std::time::Duration;

/// Thinking time a move when no time control was given.
const DEFAULT: Duration = Duration::from_millis(1000);
/// Longest time accepted anywhere (a week).
const MAX: Duration = Duration::from_secs(7 * 24 * 3600);
/// Deepest `sd` kept (the search's own maximum).
const MAX_DEPTH: u32 = 64;

/// `level MPS BASE INC`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Moves per session; 0: the whole game.
    pub moves: u32,
    /// Time of a session.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// The time control in force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// `level`.
    pub level: Option<Level>,
    /// `st`: time a move.
    pub per_move: Option<Duration>,
    /// `sd`: depth limit.
    pub depth: Option<u32>,
    /// `time`: the engine's clock.
    pub own: Option<Duration>,
}

/// Seconds as a decimal number (`12`, `0.5`), bounded.
fn seconds(text: &str) -> Option<Duration> {
    let s: f64 = text.parse().ok()?;
    (s.is_finite() && s >= 0.0).then(|| Duration::from_secs_f64(s.min(MAX.as_secs_f64())))
}

/// Reads `MPS BASE INC`.
pub fn parse_level(args: &str) -> Result<Level, String> {
    let bad = || format!("level MPS BASE INC, not `{}`", quote(args, 40));
    let [mps, base, inc] = args.split_whitespace().collect::<Vec<_>>()[..] else {
        return Err(bad());
    };
    let moves: u32 = mps.parse().map_err(|_| bad())?;
    let base = match base.split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().map_err(|_| bad())?;
            let s: u64 = s.parse().map_err(|_| bad())?;
            Duration::from_secs(m.min(MAX.as_secs() / 60) * 60 + s.min(59))
        }
        None => seconds(base).map(|m| m * 60).ok_or_else(bad)?,
    };
    Ok(Level {
        moves: moves.min(1000),
        base: base.min(MAX),
        increment: seconds(inc).ok_or_else(bad)?,
    })
}

/// Reads `st N` (seconds).
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    seconds(text.trim())
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("st takes seconds, not `{}`", quote(text, 40)))
}

/// Reads `sd N`.
pub fn parse_depth(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(d) if d >= 1 => Ok(d.min(MAX_DEPTH)),
        _ => Err(format!(
            "sd takes a depth from 1, not `{}`",
            quote(text, 40)
        )),
    }
}

/// Reads `time N` / `otim N` (centiseconds; a negative clock is an empty one).
pub fn parse_centiseconds(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<i64>() {
        Ok(cs) => Ok(Duration::from_millis(cs.max(0) as u64 * 10).min(MAX)),
        Err(_) => Err(format!(
            "time takes centiseconds, not `{}`",
            quote(text, 40)
        )),
    }
}

impl TimeControl {
    /// The limits of the engine's next move, when it has made `made` moves in the
    /// game (for the moves left in a session).
    pub fn limits(&self, made: u32) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(t) = self.per_move {
            limits.time = Some(t);
        } else if let Some(level) = self.level {
            limits.clock = Some(Clock {
                remaining: self.own.unwrap_or(level.base),
                increment: level.increment,
                moves_to_go: (level.moves > 0).then(|| level.moves - made % level.moves),
            });
        } else if self.depth.is_none() {
            limits.time = Some(DEFAULT);
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_limits() {
        let l = parse_level("40 5 0").unwrap();
        assert_eq!((l.moves, l.base), (40, Duration::from_secs(300)));
        let l = parse_level("0 2:30 1.5").unwrap();
        assert_eq!(l.base, Duration::from_secs(150));
        assert_eq!(l.increment, Duration::from_millis(1500));
        assert!(parse_level("40 5").is_err() && parse_level("x 5 0").is_err());
        assert!(parse_level("0 -1 0").is_err());
        let mut tc = TimeControl {
            level: Some(parse_level("40 5 0").unwrap()),
            ..TimeControl::default()
        };
        tc.own = Some(parse_centiseconds("6000").unwrap());
        let c = tc.limits(45).clock.unwrap();
        assert_eq!(c.remaining, Duration::from_secs(60));
        assert_eq!(c.moves_to_go, Some(35));
        assert_eq!(TimeControl::default().limits(0), Limits::time_ms(1000));
        let tc = TimeControl {
            depth: Some(parse_depth("3").unwrap()),
            ..TimeControl::default()
        };
        assert_eq!(tc.limits(0), Limits::depth(3));
        let tc = TimeControl {
            per_move: Some(parse_seconds("2").unwrap()),
            ..TimeControl::default()
        };
        assert_eq!(tc.limits(0), Limits::time_ms(2000));
        assert!(parse_seconds("0").is_err() && parse_depth("0").is_err());
        assert_eq!(parse_centiseconds("-5").unwrap(), Duration::ZERO);
    }
}
