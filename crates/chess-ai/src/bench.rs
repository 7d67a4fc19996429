//! The search signature and a speed figure: the bench positions ([`BENCH_POSITIONS`]) searched
//! to a depth, one thread, the table cleared before each. The node count is the signature every
//! search change quotes (`Bench: N`); it is the same natively and in WebAssembly.
//!
//! ```
//! use chess_ai::bench::{bench, BenchEval};
//!
//! let r = bench(3, 1, BenchEval::Classical, None, |_, _, _| {}).unwrap();
//! assert!(r.nodes > 0);
//! ```

use std::sync::Arc;

use chess_eval::{Classical, Evaluator};
use chess_search::{bench_evaluator, run_bench, Engine};
pub use chess_search::{BenchResult, BENCH_POSITIONS, DEFAULT_BENCH_DEPTH};

use crate::{HashAllocError, TimeSource};

/// The evaluation a bench runs with.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub enum BenchEval {
    /// The embedded net: the signature's.
    #[default]
    Net,
    /// The classical evaluation.
    Classical,
    /// Another net (a candidate's speed, or a net with king buckets).
    Network(Arc<chess_eval::Network>),
}

/// Search every bench position to `depth` with a `hash_mb` table, reporting each position's
/// FEN, nodes and milliseconds to `each`; `time` replaces the clock (a browser's, in wasm).
/// Fails only when the table cannot be allocated.
pub fn bench(
    depth: i32,
    hash_mb: usize,
    eval: BenchEval,
    time: Option<Arc<dyn TimeSource>>,
    each: impl FnMut(&str, u64, u64),
) -> Result<BenchResult, HashAllocError> {
    fn go<E: Evaluator>(
        evaluator: E,
        depth: i32,
        hash_mb: usize,
        time: Option<Arc<dyn TimeSource>>,
        each: impl FnMut(&str, u64, u64),
    ) -> Result<BenchResult, HashAllocError> {
        let mut engine = Engine::try_new(evaluator, hash_mb)?;
        if let Some(time) = time {
            engine.set_time_source(time);
        }
        Ok(run_bench(&mut engine, depth, each))
    }
    match eval {
        BenchEval::Net => go(bench_evaluator(), depth, hash_mb, time, each),
        BenchEval::Classical => go(Classical::default(), depth, hash_mb, time, each),
        BenchEval::Network(net) => go(chess_eval::Nnue::new(net), depth, hash_mb, time, each),
    }
}
