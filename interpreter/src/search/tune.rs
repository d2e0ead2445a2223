//! Tuning the evaluation's weights from finished games (Texel's method): the
//! weights that make the static value of the games' quiet positions predict their
//! results best, through a logistic curve, by coordinate descent. The games may be
//! any variant's self-play (`chessgraph selfplay --records`) or any engine's; the
//! tuned weights are written as `hint WORD = N` lines beside the variant.

use super::eval::Evaluator;
use super::places::Places;
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

/// The mean squared error of the predictions of `samples` with `w` and `places`.
fn error(
    variant: &Arc<Variant>,
    samples: &[Sample],
    w: Weights,
    places: &Places,
    scale: f64,
) -> f64 {
    let eval = Evaluator::with_weights_and_places(variant, w, places.clone());
    let values: Vec<i32> = samples.iter().map(|s| eval.value(&s.pos, 0)).collect();
    mean_error(samples, &values, scale)
}

/// The mean squared error of the predictions of `samples` from their static
/// `values`.
fn mean_error(samples: &[Sample], values: &[i32], scale: f64) -> f64 {
    samples
        .iter()
        .zip(values)
        .map(|(s, &v)| (s.score - predict(v, scale)).powi(2))
        .sum::<f64>()
        / samples.len().max(1) as f64
}

/// The scale of the logistic curve that fits the samples best with `w`: how many
/// centipawns make a win about 73% likely (golden-section search over 20..2000).
fn fit_scale(variant: &Arc<Variant>, samples: &[Sample], w: Weights) -> f64 {
    let eval = Evaluator::with_weights(variant, w);
    let values: Vec<i32> = samples.iter().map(|s| eval.value(&s.pos, 0)).collect();
    fit_scale_of(samples, &values)
}

/// [`fit_scale`] for the static values `values` of `samples`.
fn fit_scale_of(samples: &[Sample], values: &[i32]) -> f64 {
    let err = |scale: f64| mean_error(samples, values, scale);
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
    let places = Places::of(variant);
    let before = error(variant, samples, start, &places, scale);
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
                let e = error(variant, samples, w, &places, scale);
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

/// How the tables of places are fitted ([`tune_places`]).
#[derive(Clone, Copy, Debug)]
pub struct PlaceTuning {
    /// Steps of gradient descent.
    pub steps: u32,
    /// The largest change of an entry per step (centipawns; Adam's rate).
    pub rate: f64,
    /// Entries met in fewer samples than this stay as they are (too little data).
    pub min_samples: u32,
    /// The pull of every entry towards zero (L2), against the noise of few samples.
    pub shrink: f64,
}

impl Default for PlaceTuning {
    fn default() -> PlaceTuning {
        PlaceTuning {
            steps: 400,
            rate: 1.0,
            min_samples: 50,
            shrink: 1e-7,
        }
    }
}

/// The samples' static values with the tables at `start`, and the weight of every
/// entry of the tables in each value (sparse rows).
struct Rows {
    base: Vec<f64>,
    /// Row `i` is `features[starts[i]..starts[i + 1]]`.
    starts: Vec<usize>,
    features: Vec<(u32, f32)>,
}

impl Rows {
    fn new(eval: &Evaluator, samples: &[Sample]) -> Rows {
        let mut rows = Rows {
            base: Vec::with_capacity(samples.len()),
            starts: vec![0],
            features: Vec::new(),
        };
        for s in samples {
            rows.base.push(eval.value(&s.pos, 0) as f64);
            eval.place_features(&s.pos, 0, &mut rows.features);
            rows.starts.push(rows.features.len());
        }
        rows
    }

    fn row(&self, i: usize) -> &[(u32, f32)] {
        &self.features[self.starts[i]..self.starts[i + 1]]
    }

    /// The value of sample `i` with the tables moved by `delta` from the start.
    fn value(&self, i: usize, delta: &[f64]) -> f64 {
        self.base[i]
            + self
                .row(i)
                .iter()
                .map(|&(j, w)| delta[j as usize] * w as f64)
                .sum::<f64>()
    }
}

/// What [`tune_places`] found.
#[derive(Clone, Debug)]
pub struct PlaceFit {
    /// The fitted tables.
    pub places: Places,
    /// Mean squared error on the samples fitted, before and after.
    pub error: (f64, f64),
    /// Mean squared error on the samples held out (not fitted), before and after:
    /// the fit generalises only if it falls too.
    pub held_out: (f64, f64),
}

/// Fits the tables of places (every kind's worth on every cell, middle game and
/// endgame) to `samples` with the other weights `w` fixed, starting from `start`:
/// the value is linear in the tables, so the squared error of the logistic
/// predictions is lowered by gradient descent (Adam) over all entries at once.
/// `held_out` samples are only measured. `report` is called every 25 steps with the
/// step and the error. The errors returned are computed afresh with the rounded
/// tables.
pub fn tune_places(
    variant: &Arc<Variant>,
    samples: &[Sample],
    held_out: &[Sample],
    w: Weights,
    start: Places,
    how: PlaceTuning,
    report: &mut dyn FnMut(u32, f64),
) -> PlaceFit {
    let eval = Evaluator::with_weights_and_places(variant, w, start.clone());
    let rows = Rows::new(&eval, samples);
    let values: Vec<i32> = rows.base.iter().map(|&v| v as i32).collect();
    let scale = fit_scale_of(samples, &values);
    // The error before, from the values the rows already hold.
    let before = mean_error(samples, &values, scale);
    let held_before = error(variant, held_out, w, &start, scale);
    let n = start.len();
    let mut seen = vec![0u32; n];
    for &(j, _) in &rows.features {
        seen[j as usize] += 1;
    }
    let free: Vec<bool> = seen.iter().map(|&c| c >= how.min_samples).collect();
    let (mut delta, mut m, mut v2) = (vec![0f64; n], vec![0f64; n], vec![0f64; n]);
    let (b1, b2) = (0.9f64, 0.999f64);
    let count = samples.len().max(1) as f64;
    for step in 1..=how.steps {
        let mut grad = vec![0f64; n];
        let mut err = 0.0;
        for (i, s) in samples.iter().enumerate() {
            let p = 1.0 / (1.0 + (-rows.value(i, &delta) / scale).exp());
            let d = p - s.score;
            err += d * d;
            let g = 2.0 * d * p * (1.0 - p) / scale / count;
            for &(j, x) in rows.row(i) {
                grad[j as usize] += g * x as f64;
            }
        }
        for j in 0..n {
            if !free[j] {
                continue;
            }
            let g = grad[j] + how.shrink * (start.get_index(j) as f64 + delta[j]);
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v2[j] = b2 * v2[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(step as i32));
            let vh = v2[j] / (1.0 - b2.powi(step as i32));
            delta[j] -= how.rate * mh / (vh.sqrt() + 1e-12);
        }
        if step % 25 == 0 || step == how.steps {
            report(step, err / count);
        }
    }
    let mut tuned = start.clone();
    for (j, d) in delta.iter().enumerate() {
        let x = (start.get_index(j) as f64 + d)
            .round()
            .clamp(-2000.0, 2000.0);
        tuned.set_index(j, x as i16);
    }
    let after = error(variant, samples, w, &tuned, scale);
    let held_after = error(variant, held_out, w, &tuned, scale);
    PlaceFit {
        places: tuned,
        error: (before, after),
        held_out: (held_before, held_after),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::fide_chess as chess;

    /// Samples of chess positions with their results.
    fn samples_of(v: &Arc<Variant>, fens: &[(&str, f64)]) -> Vec<Sample> {
        fens.iter()
            .map(|&(f, score)| Sample {
                pos: Position::from_str(v, f).unwrap(),
                score,
            })
            .collect()
    }

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
        let samples = samples_of(&v, &fens);
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

    #[test]
    fn tables_of_places_follow_the_results() {
        // White's knight on c3 won, on a3 lost: the fitted middle-game table values
        // c3 above a3 for the white knight, and the error falls.
        let v = chess();
        let fens = [
            (
                "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 0 1",
                1.0,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq - 0 1",
                0.0,
            ),
        ];
        let samples = samples_of(&v, &fens);
        let how = PlaceTuning {
            steps: 50,
            min_samples: 1,
            ..PlaceTuning::default()
        };
        let mut reports = 0;
        let fit = tune_places(
            &v,
            &samples,
            &samples,
            Weights::of(&v),
            Places::zero(&v),
            how,
            &mut |_, _| reports += 1,
        );
        assert_eq!(reports, 2);
        let ((before, after), (held_before, held_after)) = (fit.error, fit.held_out);
        assert!(after < before, "{before} -> {after}");
        // Held out here are the same two positions: measured with the same tables.
        assert_eq!((held_before, held_after), (before, after));
        let p = fit.places;
        let knight = samples[0].pos.board[v.cell("c3").unwrap() as usize] - 1;
        let at =
            |c| p.get_index(p.index(knight, v.cell(c).unwrap(), crate::rules::PlacePhase::Middle));
        assert!(at("c3") > at("a3") + 20, "{} {}", at("c3"), at("a3"));
    }
}
