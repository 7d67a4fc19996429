//! Our centipawns in Stockfish's: the scale a review reads Win% on.
//!
//! lichess's Win% curve ([`win_percent`](super::win_percent)) was fitted to Stockfish's
//! centipawns, and a review is measured against Stockfish's (docs/review.md). A net's centipawns
//! are its own: where `s7-hm4-1726-k200` at the review's budget says +1.00, Stockfish at depth
//! 18 says +1.12 (the score of the same rank among the reference positions), and where it says
//! +8.00, Stockfish says +5.53 (`s6-128-hm-1000`: +1.17 and +5.57; `cn128-v2`: +1.26 and
//! +5.77). Read on lichess's curve unchanged, our scores made balanced positions look calmer and
//! won ones more won than Stockfish's do, so a move from +8 to +5 lost Win% it did not lose, and
//! one from +1 to −1 too little. In endings the two disagree most: where our net says +2.00 with
//! two rooks a side or less, Stockfish's score of the same rank is +1.00, often a draw it sees
//! (0.00) where ours sees an extra pawn; endings have a table of their own ([`ENDGAME_PHASE`]).
//!
//! [`ScoreScale`] maps a net's centipawns to Stockfish's, piecewise linearly through knots fitted
//! by quantile matching (the k-th smallest of our |scores| to the k-th smallest of Stockfish's)
//! over the positions of the reference samples, `scripts/fit-review-scale.py`. Matching
//! quantiles, not least squares, keeps the fit from shrinking towards the mean where the two
//! engines disagree. A net without a fitted table reads its scores unchanged
//! ([`ScoreScale::IDENTITY`]); a new embedded net has its table fitted before it is embedded (a
//! test checks that the embedded net has one).

use chess_core::Board;
use chess_eval::{Network, Score};

/// A monotone map from a net's centipawns to Stockfish's, the same for both signs, with a table
/// of its own for endings (a [`phase`](chess_eval::phase) of 8 or less).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreScale {
    /// `(ours, Stockfish's)` at increasing `ours`, from `(0, 0)`; the last segment goes on
    /// beyond the last knot. For positions with more than [`ENDGAME_PHASE`].
    knots: &'static [(i32, i32)],
    /// The same for endings: positions of [`ENDGAME_PHASE`] or less.
    endgame: &'static [(i32, i32)],
}

/// The endings that have a table of their own: a position whose pieces other than kings and
/// pawns weigh this or less ([`chess_eval::phase`]: a knight or a bishop 1, a rook 2, a queen 4;
/// 24 at the start), such as two rooks a side, or a rook and a bishop against a rook and a
/// knight. Where our net says +2.00 in such an ending, Stockfish at depth 18 often sees a draw:
/// read on the middlegame's table, the move from a drawn ending scored 0.00 into one scored
/// +2.00 was marked a blunder.
pub const ENDGAME_PHASE: i32 = 8;

/// `cn128-v2`'s table (fitted on samples 1 and 2, before endings had their own).
const CN128_V2: &[(i32, i32)] = &[
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
];

/// The fitted tables, by the hash of the net ([`Network::hash`]) whose scores they map.
/// Each at 50,000 nodes a position against Stockfish 15.1 at depth 18: since 2026-12-05 the
/// 7,019 positions of the 90 games of docs/review-quality, -2 and -4 (5,837 beyond the endings,
/// 1,182 endings); docs/review-quality-3 is left out, to test them on. `cn128-v2`'s table is
/// the older fit (4,996 positions of the first two samples), its endings read on the same.
const FITTED: [(u64, ScoreScale); 3] = [
    (
        // s7-hm4-1726-k200, the embedded net (natively) since 2026-12-04.
        0x0dcd_9c03_e201_d233,
        ScoreScale {
            knots: &[
                (0, 0),
                (25, 32),
                (50, 62),
                (100, 112),
                (150, 165),
                (200, 211),
                (300, 315),
                (400, 389),
                (500, 442),
                (600, 501),
                (800, 553),
                (1000, 604),
                (1500, 761),
            ],
            endgame: &[
                (0, 0),
                (25, 0),
                (50, 1),
                (100, 12),
                (150, 55),
                (200, 100),
                (300, 248),
                (400, 395),
                (500, 468),
                (600, 502),
                (800, 572),
                (1000, 629),
                (1500, 973),
            ],
        },
    ),
    (
        // s6-128-hm-1000: full strength natively 2026-11-29 to 12-03, in WebAssembly since.
        0xc385_be07_44ec_a044,
        ScoreScale {
            knots: &[
                (0, 0),
                (25, 34),
                (50, 62),
                (100, 117),
                (150, 173),
                (200, 218),
                (300, 323),
                (400, 397),
                (500, 459),
                (600, 513),
                (800, 557),
                (1000, 614),
                (1500, 786),
            ],
            endgame: &[
                (0, 0),
                (25, 0),
                (50, 6),
                (100, 12),
                (150, 43),
                (200, 91),
                (300, 326),
                (400, 398),
                (500, 443),
                (600, 501),
                (800, 570),
                (1000, 626),
                (1500, 927),
            ],
        },
    ),
    (
        // cn128-v2, the embedded net until 2026-11-29 (the levels' net), for `--net cn128-v2`:
        // its endings are read on the same table (not fitted apart).
        0xc13b_3e71_014a_8da7,
        ScoreScale { knots: CN128_V2, endgame: CN128_V2 },
    ),
];

impl ScoreScale {
    /// Scores read as they are.
    pub const IDENTITY: ScoreScale = ScoreScale { knots: &[(0, 0), (1, 1)], endgame: &[(0, 0), (1, 1)] };

    /// The table fitted to `net`'s scores; [`ScoreScale::IDENTITY`] for a net without one and
    /// for the classical evaluation (`None`).
    ///
    /// ```
    /// use chess_ai::review::ScoreScale;
    /// use chess_eval::{Network, Score};
    /// let scale = ScoreScale::for_net(Some(&Network::embedded()));
    /// assert_ne!(scale, ScoreScale::IDENTITY);
    /// assert_eq!(ScoreScale::for_net(None).apply(Score(250), &chess_core::Board::default()), Score(250));
    /// ```
    pub fn for_net(net: Option<&Network>) -> ScoreScale {
        net.and_then(|net| FITTED.iter().find(|(hash, _)| *hash == net.hash()))
            .map_or(ScoreScale::IDENTITY, |&(_, scale)| scale)
    }

    /// `score`, the search's score of `board`, in Stockfish's centipawns: by the endings' table
    /// when `board` is one (a [`phase`](chess_eval::phase) of 8 or less); a mate stays the mate
    /// it is.
    ///
    /// ```
    /// use chess_ai::review::ScoreScale;
    /// use chess_core::Board;
    /// use chess_eval::{Network, Score};
    /// let scale = ScoreScale::for_net(Some(&Network::embedded()));
    /// let start = Board::default();
    /// assert_eq!(scale.apply(Score(100), &start), Score(112));
    /// assert_eq!(scale.apply(Score::mate_in(2), &start), Score::mate_in(2));
    /// // Two rooks a side: an ending.
    /// let rooks: Board = "r3k2r/pppp1ppp/8/8/8/8/PPPP1PPP/R3K2R w - - 0 1".parse().unwrap();
    /// assert_eq!(scale.apply(Score(-200), &rooks), Score(-100));
    /// ```
    pub fn apply(self, score: Score, board: &Board) -> Score {
        if score.mate_moves().is_some() {
            return score;
        }
        let knots = if chess_eval::phase(board) <= ENDGAME_PHASE { self.endgame } else { self.knots };
        let x = score.0.abs();
        let i = knots.windows(2).position(|w| x <= w[1].0).unwrap_or(knots.len() - 2);
        let ((x0, y0), (x1, y1)) = (knots[i], knots[i + 1]);
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
            for knots in [scale.knots, scale.endgame] {
                assert_eq!(knots[0], (0, 0));
                assert!(knots.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1), "{scale:?}");
            }
        }
    }

    fn board(fen: &str) -> Board {
        fen.parse().expect("a FEN")
    }

    #[test]
    fn the_map_goes_through_its_knots_and_between_them() {
        let scale = ScoreScale::for_net(Some(&Network::embedded()));
        let start = Board::default();
        // Two rooks and a bishop a side (phase 10) is no ending; two rooks a side (8) is.
        let middle = board("r1b1k2r/pppp1ppp/8/8/8/8/PPPP1PPP/R1B1K2R w - - 0 1");
        let ending = board("r3k2r/pppp1ppp/8/8/8/8/PPPP1PPP/R3K2R w - - 0 1");
        assert_eq!((chess_eval::phase(&middle), chess_eval::phase(&ending)), (10, ENDGAME_PHASE));
        for (knots, at) in [(scale.knots, &start), (scale.knots, &middle), (scale.endgame, &ending)] {
            for &(x, y) in knots {
                assert_eq!(scale.apply(Score(x), at), Score(y));
                assert_eq!(scale.apply(Score(-x), at), Score(-y));
            }
        }
        assert_eq!(scale.apply(Score(350), &start), Score(352));
        assert_eq!(scale.apply(Score(2000), &start), Score(918));
        assert_eq!(scale.apply(Score(250), &ending), Score(174));
        assert_eq!(scale.apply(Score::mated_in(3), &ending), Score::mated_in(3));
        // The levels' net keeps its own table.
        let levels = ScoreScale::for_net(Some(&Network::embedded_named("cn128-v2").unwrap()));
        assert_eq!((levels.apply(Score(100), &start), levels.apply(Score(2000), &start)), (Score(126), Score(1155)));
        let identity = ScoreScale::IDENTITY;
        for cp in [-5000, -1, 0, 7, 300, 29_000] {
            assert_eq!(identity.apply(Score(cp), &start), Score(cp));
            assert_eq!(identity.apply(Score(cp), &ending), Score(cp));
        }
    }
}
