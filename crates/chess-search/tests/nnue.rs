//! The neural evaluation inside a real search: at every node it evaluates, the incrementally
//! updated accumulators give the score of a fresh sum (scaled for drawish endings), and the
//! search's hooks keep it on the incremental path (no position summed anew but the root).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use chess_core::{Board, Game, Move};
use chess_eval::nnue::KingBuckets;
use chess_eval::{endgame, Evaluator, Network, Nnue, Score};
use chess_search::{Engine, Limits};

/// `Nnue` checked against a fresh sum at every evaluation.
#[derive(Clone)]
struct Checked {
    inner: Nnue,
    evaluations: Arc<AtomicU64>,
    /// Refreshes other than the one of `reset`: a hook the search failed to call.
    stray_refreshes: Arc<AtomicU64>,
}

impl Checked {
    fn track<T>(&mut self, f: impl FnOnce(&mut Nnue) -> T) -> T {
        let before = self.inner.refreshes();
        let out = f(&mut self.inner);
        self.stray_refreshes.fetch_add(self.inner.refreshes() - before, Ordering::Relaxed);
        out
    }
}

impl Evaluator for Checked {
    fn evaluate(&mut self, board: &Board) -> Score {
        let score = self.track(|n| n.evaluate(board));
        // A fresh sum, scaled for drawish endings as the evaluator scales it.
        let raw = self.inner.network().evaluate(board);
        let fresh = endgame::scaled(board, raw).clamp(-Score::MAX_EVAL.0, Score::MAX_EVAL.0);
        assert_eq!(score.0, fresh, "{board}");
        self.evaluations.fetch_add(1, Ordering::Relaxed);
        score
    }
    fn reset(&mut self, root: &Board) {
        self.inner.reset(root);
    }
    fn push(&mut self, before: &Board, mv: Move, after: &Board) {
        self.track(|n| n.push(before, mv, after));
    }
    fn push_null(&mut self, before: &Board, after: &Board) {
        self.track(|n| n.push_null(before, after));
    }
    fn pop(&mut self) {
        self.track(|n| n.pop());
    }
}

#[test]
fn every_node_of_a_search_matches_a_fresh_sum() {
    // A plain net, and one with mirrored inputs and king buckets (whose king moves sum a side
    // anew, which is not a stray refresh).
    let hm4 = KingBuckets::named("hm4").unwrap();
    for net in [Network::random(32, 11), Network::random_with_kings(hm4, 32, 11)] {
        let evaluations = Arc::new(AtomicU64::new(0));
        let stray_refreshes = Arc::new(AtomicU64::new(0));
        let checked = Checked {
            inner: Nnue::new(Arc::new(net)),
            evaluations: Arc::clone(&evaluations),
            stray_refreshes: Arc::clone(&stray_refreshes),
        };
        let mut engine = Engine::new(checked, 16);
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/pPp1pppp/8/3pP3/8/8/P1PP1PPP/R3K2R w KQkq d6 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let result = engine.think(&Game::from_fen(fen).unwrap(), &Limits::depth(6));
            assert!(result.best_move.is_some(), "{fen}");
        }
        assert!(evaluations.load(Ordering::Relaxed) > 1_000, "{evaluations:?} evaluations");
        assert_eq!(stray_refreshes.load(Ordering::Relaxed), 0);
    }
}
