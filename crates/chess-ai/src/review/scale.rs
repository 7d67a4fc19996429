//! Our centipawns in Stockfish's: the scale a review reads Win% on.
//!
//! lichess's Win% curve ([`win_percent`](super::win_percent)) was fitted to Stockfish's
//! centipawns, and a review is measured against Stockfish's (docs/review.md). A net's centipawns
//! are its own: where `s7-hm4-1726-k200` at the review's budget says +1.00, Stockfish at depth
//! 18 says +1.12 (the score of the same rank among the reference positions), and where it says
//! +8.00, Stockfish says +5.47 (`s6-128-hm-1000`: +1.17 and +5.55; `cn128-v2`: +1.26 and
//! +5.77). Read on lichess's curve unchanged, our scores made balanced positions look calmer and
//! won ones more won than Stockfish's do, so a move from +8 to +5 lost Win% it did not lose, and
//! one from +1 to −1 too little.
//!
//! [`ScoreScale`] maps a net's centipawns to Stockfish's, piecewise linearly through knots fitted
//! by quantile matching (the k-th smallest of our |scores| to the k-th smallest of Stockfish's)
//! over the positions of the two reference samples, `scripts/fit-review-scale.py`. Matching
//! quantiles, not least squares, keeps the fit from shrinking towards the mean where the two
//! engines disagree. A net without a fitted table reads its scores unchanged
//! ([`ScoreScale::IDENTITY`]); a new embedded net has its table fitted before it is embedded (a
//! test checks that the embedded net has one).

use chess_eval::{Network, Score};

/// A monotone map from a net's centipawns to Stockfish's, the same for both signs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreScale {
    /// `(ours, Stockfish's)` at increasing `ours`, from `(0, 0)`; the last segment goes on
    /// beyond the last knot.
    knots: &'static [(i32, i32)],
}

/// The fitted tables, by the hash of the net ([`Network::hash`]) whose scores they map.
/// Each at 50,000 nodes a position: 4,996 positions of the 70 games of docs/review-quality and
/// docs/review-quality-2 against Stockfish 15.1 at depth 18.
const FITTED: [(u64, ScoreScale); 3] = [
    (
        // s7-hm4-1726-k200, the embedded net (natively) since 2026-12-04 (4,995 positions).
        0x0dcd_9c03_e201_d233,
        ScoreScale {
            knots: &[
                (0, 0),
                (25, 31),
                (50, 61),
                (100, 112),
                (150, 165),
                (200, 215),
                (300, 325),
                (400, 391),
                (500, 448),
                (600, 499),
                (800, 547),
                (1000, 604),
                (1500, 778),
            ],
        },
    ),
    (
        // s6-128-hm-1000: full strength natively 2026-11-29 to 12-03, in WebAssembly since.
        0xc385_be07_44ec_a044,
        ScoreScale {
            knots: &[
                (0, 0),
                (25, 33),
                (50, 61),
                (100, 117),
                (150, 171),
                (200, 223),
                (300, 334),
                (400, 397),
                (500, 461),
                (600, 509),
                (800, 555),
                (1000, 608),
                (1500, 794),
            ],
        },
    ),
    (
        // cn128-v2, the embedded net until 2026-11-29 (the levels' net), for `--net cn128-v2`.
        0xc13b_3e71_014a_8da7,
        ScoreScale {
            knots: &[
                (0, 0),
                (25, 32),
                (50, 63),
                (100, 126),
                (150, 182),
                (200, 250),
                (300, 352),
                (400, 411),
                (500, 489),
                (600, 526),
                (800, 577),
                (1000, 645),
                (1500, 900),
            ],
        },
    ),
];

impl ScoreScale {
    /// Scores read as they are.
    pub const IDENTITY: ScoreScale = ScoreScale { knots: &[(0, 0), (1, 1)] };

    /// The table fitted to `net`'s scores; [`ScoreScale::IDENTITY`] for a net without one and
    /// for the classical evaluation (`None`).
    ///
    /// ```
    /// use chess_ai::review::ScoreScale;
    /// use chess_eval::{Network, Score};
    /// let scale = ScoreScale::for_net(Some(&Network::embedded()));
    /// assert_ne!(scale, ScoreScale::IDENTITY);
    /// assert_eq!(ScoreScale::for_net(None).apply(Score(250)), Score(250));
    /// ```
    pub fn for_net(net: Option<&Network>) -> ScoreScale {
        net.and_then(|net| FITTED.iter().find(|(hash, _)| *hash == net.hash()))
            .map_or(ScoreScale::IDENTITY, |&(_, scale)| scale)
    }

    /// `score` in Stockfish's centipawns; a mate stays the mate it is.
    ///
    /// ```
    /// use chess_ai::review::ScoreScale;
    /// use chess_eval::{Network, Score};
    /// let scale = ScoreScale::for_net(Some(&Network::embedded()));
    /// assert_eq!(scale.apply(Score(100)), Score(112));
    /// assert_eq!(scale.apply(Score(-250)), Score(-270));
    /// assert_eq!(scale.apply(Score::mate_in(2)), Score::mate_in(2));
    /// ```
    pub fn apply(self, score: Score) -> Score {
        if score.mate_moves().is_some() {
            return score;
        }
        let x = score.0.abs();
        let i = self.knots.windows(2).position(|w| x <= w[1].0).unwrap_or(self.knots.len() - 2);
        let ((x0, y0), (x1, y1)) = (self.knots[i], self.knots[i + 1]);
        // In i64: the last segment may run far past its knot.
        let y = i64::from(y0) + (i64::from(y1 - y0) * i64::from(x - x0)) / i64::from(x1 - x0);
        let y = i32::try_from(y).unwrap_or(i32::MAX);
        Score(if score.0 < 0 { -y } else { y })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_compiled_in_net_has_a_fitted_table() {
        // The embedded net, the WebAssembly build's (`s6-128-hm-1000`) and the levels' are all
        // reviewed with; a new one needs its own: `scripts/fit-review-scale.py` (docs/review.md).
        for (name, _) in chess_eval::nnue::COMPILED_IN {
            let net = Network::embedded_named(name).expect("compiled in");
            assert_ne!(
                ScoreScale::for_net(Some(&net)),
                ScoreScale::IDENTITY,
                "no review scale fitted for the compiled-in net {name} ({:016x})",
                net.hash()
            );
        }
    }

    #[test]
    fn every_table_is_monotone_from_zero() {
        for (_, scale) in FITTED.iter().chain([&(0, ScoreScale::IDENTITY)]) {
            assert_eq!(scale.knots[0], (0, 0));
            assert!(scale.knots.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1), "{scale:?}");
        }
    }

    #[test]
    fn the_map_goes_through_its_knots_and_between_them() {
        let scale = ScoreScale::for_net(Some(&Network::embedded()));
        for &(x, y) in scale.knots {
            assert_eq!(scale.apply(Score(x)), Score(y));
            assert_eq!(scale.apply(Score(-x)), Score(-y));
        }
        assert_eq!(scale.apply(Score(350)), Score(358));
        assert_eq!(scale.apply(Score(2000)), Score(952));
        // The levels' net keeps its own table.
        let levels = ScoreScale::for_net(Some(&Network::embedded_named("cn128-v2").unwrap()));
        assert_eq!((levels.apply(Score(100)), levels.apply(Score(2000))), (Score(126), Score(1155)));
        let identity = ScoreScale::IDENTITY;
        for cp in [-5000, -1, 0, 7, 300, 29_000] {
            assert_eq!(identity.apply(Score(cp)), Score(cp));
        }
    }
}
