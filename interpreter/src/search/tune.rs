//! Tuning the evaluation's weights from finished games (Texel's method): the
//! weights that make the static value of the games' quiet positions predict their
//! results best, through a logistic curve, by coordinate descent. The games may be
//! any variant's self-play (`chessgraph selfplay --records`) or any engine's; the
//! tuned weights are written as `hint WORD = N` lines beside the variant.

use super::eval::Evaluator;
use super::weights::Weights;
use crate::{Position, Variant};
use std::sync::Arc;

/// One position of a finished game and the result the first player got in it
/// (1 a win, 0.5 a draw, 0 a loss).
pub struct Sample {
    /// The position (quiet: the tuner reads its static value).
    pub pos: Position,
    /// The first player's result.
    pub score: f64,
}

/// Progress of a tuning run, after each round.
#[derive(Clone, Copy, Debug)]
pub struct TuneReport {
    /// Rounds done.
    pub round: u32,
    /// Mean squared error of the predictions with `weights`.
    pub error: f64,
    /// The best weights so far.
    pub weights: Weights,
}

/// Most rounds of coordinate descent.
pub const MAX_ROUNDS: u32 = 50;

/// The logistic prediction of a result from a value in centipawns.
fn predict(value: i32, scale: f64) -> f64 {
    1.0 / (1.0 + (-(value as f64) / scale).exp())
}

/// The mean squared error of the predictions of `samples` with `w`.
fn error(variant: &Arc<Variant>, samples: &[Sample], w: Weights, scale: f64) -> f64 {
    let eval = Evaluator::with_weights(variant, w);
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = s.score - predict(eval.value(&s.pos, 0), scale);
            d * d
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale of the logistic curve that fits the samples best with `w`: how many
/// centipawns make a win about 73% likely (golden-section search over 20..2000).
fn fit_scale(variant: &Arc<Variant>, samples: &[Sample], w: Weights) -> f64 {
    let eval = Evaluator::with_weights(variant, w);
    let values: Vec<i32> = samples.iter().map(|s| eval.value(&s.pos, 0)).collect();
    let err = |scale: f64| -> f64 {
        samples
            .iter()
            .zip(&values)
            .map(|(s, &v)| (s.score - predict(v, scale)).powi(2))
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (20.0f64, 2000.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if err(a) < err(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Tunes `start` on `samples` for at most `rounds` rounds (each tries every weight
/// one step up and down, keeping what lowers the error; steps halve when a round
/// changes nothing), calling `report` after each. Returns the best weights and the
/// error before and after.
pub fn tune(
    variant: &Arc<Variant>,
    samples: &[Sample],
    start: Weights,
    rounds: u32,
    report: &mut dyn FnMut(&TuneReport),
) -> (Weights, f64, f64) {
    let scale = fit_scale(variant, samples, start);
    let before = error(variant, samples, start, scale);
    let mut best = (start, before);
    let names = Weights::names();
    let mut steps: Vec<i32> = names
        .iter()
        .map(|n| (start.get(n).unwrap_or(0).abs() / 4).max(1))
        .collect();
    for round in 1..=rounds.min(MAX_ROUNDS) {
        let mut changed = false;
        for (i, name) in names.iter().enumerate() {
            for sign in [1, -1] {
                let mut w = best.0;
                let now = w.get(name).unwrap_or(0);
                w.set(name, (now + sign * steps[i]).max(0));
                if w == best.0 {
                    continue;
                }
                let e = error(variant, samples, w, scale);
                if e < best.1 {
                    best = (w, e);
                    changed = true;
                    break;
                }
            }
        }
        report(&TuneReport {
            round,
            error: best.1,
            weights: best.0,
        });
        if !changed {
            if steps.iter().all(|&s| s == 1) {
                break;
            }
            steps.iter_mut().for_each(|s| *s = (*s / 2).max(1));
        }
    }
    (best.0, before, best.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn tuning_follows_the_results() {
        // Games where the side with more mobility always won: the tuner raises the
        // mobility weight from nothing, and the error falls.
        let v = chess();
        let fens = [
            (
                "r1bqkbnr/pppppppp/n7/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
                1.0,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
                0.0,
            ),
            (
                "rnbqkb1r/pppppppp/5n2/8/8/7N/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
                0.0,
            ),
            (
                "rnbqkb1r/pppppppp/7n/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
                1.0,
            ),
        ];
        let samples: Vec<Sample> = fens
            .iter()
            .map(|&(f, score)| Sample {
                pos: Position::from_str(&v, f).unwrap(),
                score,
            })
            .collect();
        let start = Weights {
            reach: 0,
            mobility: 0,
            ..Weights::default()
        };
        let mut rounds = 0;
        let (w, before, after) = tune(&v, &samples, start, 5, &mut |_| rounds += 1);
        assert!((1..=5).contains(&rounds));
        assert!(after < before, "{before} -> {after}");
        assert!(w.mobility > 0 || w.reach > 0, "{w:?}");
    }
}
