//! The Win% curve on our own games: lichess's review turns a score into winning chances with
//! `100 / (1 + e^(-0.00368208 cp))`, fitted to human games on lichess. This fits the same curve,
//! `100 / (1 + e^(-k cp))`, to the self-play games of `data/selfplay` (the side to move's search
//! score against the game's result from its view, a draw counting one half) by maximum
//! likelihood, and tabulates both curves against the observed score by bands of 100 centipawns.
//!
//! What it is fitted on: positions from the ninth ply on, scores within ±1,000 (lichess caps
//! there too), mate scores left out. The self-play games end by adjudication once one side has
//! led by a wide margin for several plies, so the largest scores meet their result by
//! construction: the middle bands say more than the ends.

use crate::selfplay::{GameRecord, MATE_STORED};

/// lichess's coefficient.
pub const LICHESS_K: f64 = 0.003_682_08;

/// Plies left out at the start of each game (the random opening and its first replies).
const SKIP_PLIES: usize = 8;

/// One band of scores.
#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    /// The band's centipawns, `lo..hi`.
    pub lo: i32,
    /// Its upper end (exclusive).
    pub hi: i32,
    /// Positions in it.
    pub n: usize,
    /// The mean result from the mover's view (0 to 1).
    pub observed: f64,
    /// The fitted curve at the band's mean score.
    pub fitted: f64,
    /// lichess's curve there.
    pub lichess: f64,
}

/// The fit.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// The fitted coefficient.
    pub k: f64,
    /// Positions it was fitted on.
    pub samples: usize,
    /// The bands, from -1000 to 1000.
    pub bands: Vec<Band>,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The (score, result) pairs of the games: the mover's score and its result.
pub fn samples<'a>(games: impl IntoIterator<Item = &'a GameRecord>) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for game in games {
        let white_result = f64::from(game.result) / 2.0;
        for (ply, (board, p)) in game.positions().enumerate() {
            if ply < SKIP_PLIES || p.score.abs() >= MATE_STORED || p.score.abs() > 1_000 {
                continue;
            }
            let mover =
                if board.side_to_move() == chess_core::Color::White { white_result } else { 1.0 - white_result };
            out.push((f64::from(p.score), mover));
        }
    }
    out
}

/// Fit `k` by Newton's method on the log-likelihood, then tabulate the bands.
pub fn fit(samples: &[(f64, f64)]) -> Fit {
    let mut k = LICHESS_K;
    for _ in 0..50 {
        let (mut grad, mut hess) = (0.0, 0.0);
        for &(s, y) in samples {
            let p = sigmoid(k * s);
            grad += (y - p) * s;
            hess -= p * (1.0 - p) * s * s;
        }
        if hess == 0.0 {
            break;
        }
        let step = grad / hess;
        k -= step;
        if step.abs() < 1e-12 {
            break;
        }
    }
    let bands = (-10..10)
        .map(|i| {
            let (lo, hi) = (i * 100, i * 100 + 100);
            let inside: Vec<&(f64, f64)> =
                samples.iter().filter(|(s, _)| *s >= f64::from(lo) && *s < f64::from(hi)).collect();
            let n = inside.len();
            let mean = |f: &dyn Fn(&(f64, f64)) -> f64| {
                if n == 0 {
                    f64::NAN
                } else {
                    inside.iter().map(|x| f(x)).sum::<f64>() / n as f64
                }
            };
            let s = mean(&|x| x.0);
            Band { lo, hi, n, observed: mean(&|x| x.1), fitted: sigmoid(k * s), lichess: sigmoid(LICHESS_K * s) }
        })
        .collect();
    Fit { k, samples: samples.len(), bands }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_a_known_coefficient() {
        // Results drawn deterministically from a curve of k = 0.006: the expected results
        // themselves (a fractional result is a fine target for the likelihood).
        let samples: Vec<(f64, f64)> =
            (-1000..=1000).step_by(5).map(|s| (f64::from(s), sigmoid(0.006 * f64::from(s)))).collect();
        let fit = fit(&samples);
        assert!((fit.k - 0.006).abs() < 1e-6, "{}", fit.k);
        assert_eq!(fit.samples, samples.len());
        let band = fit.bands.iter().find(|b| b.lo == 200).unwrap();
        assert!((band.observed - band.fitted).abs() < 0.01, "{band:?}");
        assert!(band.lichess < band.fitted, "a steeper curve says more at +2");
    }
}
