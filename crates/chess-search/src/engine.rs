//! [`Engine`]: the search as an application uses it. It owns the transposition table and the
//! per-thread move-ordering memory, runs one search at a time on one or more threads (Lazy SMP),
//! and returns a [`SearchResult`].

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use chess_core::{Game, Move};
use chess_eval::{Evaluator, Score};
#[cfg(feature = "syzygy")]
use chess_syzygy::Tablebase;

use crate::clock::{default_time_source, TimeSource, THREADS_AVAILABLE};
use crate::control::SearchControl;
use crate::handicap::Handicap;
use crate::history::History;
use crate::limits::Limits;
use crate::report::{Reporter, RootLine, SearchResult, Silent};
use crate::search::{Line, LmrTable, RootMove, Shared, Worker, INFINITE};
use crate::tt::{Bound, HashAllocError, TranspositionTable};

/// The most search threads an engine runs.
pub const MAX_THREADS: usize = 256;
/// The largest transposition table, in MiB: 64 GiB on 64-bit machines, 1 GiB where addresses
/// have 32 bits (WebAssembly's memory holds 4 GiB in all). The one definition: chess-ai's
/// options, the UCI `Hash` option and the JavaScript API use it. A size within it can still be
/// more than the machine has: tables are allocated fallibly ([`Engine::try_new`],
/// [`Engine::set_hash_mb`]).
pub const MAX_HASH_MB: usize = if cfg!(target_pointer_width = "64") { 65_536 } else { 1_024 };

/// The most search threads that help on this machine: one a core, within [`MAX_THREADS`].
pub fn max_useful_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, MAX_THREADS)
}

/// A chess engine: search plus evaluator, reusable from move to move.
///
/// ```
/// use chess_core::Game;
/// use chess_eval::Classical;
/// use chess_search::{Engine, Limits};
///
/// let mut engine = Engine::new(Classical::default(), 16);
/// // Mate in one: the queen takes f7.
/// let game = Game::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
/// let result = engine.think(&game, &Limits::depth(4));
/// assert_eq!(result.best_move.unwrap().to_string(), "f3f7");
/// assert_eq!(result.score.to_string(), "mate 1");
/// ```
pub struct Engine<E: Evaluator> {
    evaluator: E,
    tt: TranspositionTable,
    histories: Vec<History>,
    time: Arc<dyn TimeSource>,
    lmr: LmrTable,
    handicap: Handicap,
    #[cfg(feature = "syzygy")]
    tablebase: Option<Arc<Tablebase>>,
}

impl<E: Evaluator> Engine<E> {
    /// An engine with `hash_mb` MiB of transposition table (0 disables it), one thread.
    ///
    /// # Panics
    /// When the table's memory cannot be had; [`try_new`](Self::try_new) answers with an error.
    pub fn new(evaluator: E, hash_mb: usize) -> Self {
        Self::try_new(evaluator, hash_mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An engine with `hash_mb` MiB of transposition table (0 disables it; sizes above
    /// [`MAX_HASH_MB`] are capped), one thread; an error when the machine cannot give the memory.
    pub fn try_new(evaluator: E, hash_mb: usize) -> Result<Self, HashAllocError> {
        Ok(Engine {
            evaluator,
            tt: TranspositionTable::try_new(hash_mb.min(MAX_HASH_MB))?,
            histories: vec![History::default()],
            time: default_time_source(),
            lmr: LmrTable::new(),
            handicap: Handicap::NONE,
            #[cfg(feature = "syzygy")]
            tablebase: None,
        })
    }

    #[cfg(feature = "syzygy")]
    /// Probe these Syzygy tablebases: the search scores positions with few enough pieces
    /// exactly (right after a capture or pawn move), and a root the tables cover is searched on
    /// the moves that keep its best result only, winning within the fifty-move rule.
    pub fn set_tablebase(&mut self, tablebase: Option<Arc<Tablebase>>) {
        self.tablebase = tablebase;
    }

    #[cfg(feature = "syzygy")]
    /// The tablebases the search probes.
    pub fn tablebase(&self) -> Option<&Arc<Tablebase>> {
        self.tablebase.as_ref()
    }

    /// Resize the transposition table (emptying it). Sizes above [`MAX_HASH_MB`] are capped.
    /// When the machine cannot give the memory, the table stays as it was and the error says so.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), HashAllocError> {
        self.tt.try_resize(mb.min(MAX_HASH_MB))
    }

    /// The transposition table's size in MiB (0: none, every search starts from nothing).
    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Entries written by the last search, per mille of a sample of the table (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Search with `n` threads, at most one a processor core: more only share the cores and
    /// starve the thread that watches the clock (256 threads on 2 cores turned a 100 ms move
    /// into 3 s), and Lazy SMP gains nothing from them. Always 1 where threads are unavailable,
    /// such as `wasm32-unknown-unknown`. [`threads`](Self::threads) says how many it uses.
    pub fn set_threads(&mut self, n: usize) {
        let n = if THREADS_AVAILABLE { n.clamp(1, max_useful_threads()) } else { 1 };
        self.histories.resize_with(n, History::default);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.histories.len()
    }

    /// Replace the time source (for platforms without `std::time::Instant`, or for tests).
    pub fn set_time_source(&mut self, time: Arc<dyn TimeSource>) {
        self.time = time;
    }

    /// Weaken the searches that follow ([`Handicap::NONE`] for full strength).
    pub fn set_handicap(&mut self, handicap: Handicap) {
        self.handicap = handicap;
    }

    /// The handicap the searches play with.
    pub fn handicap(&self) -> Handicap {
        self.handicap
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Replace the evaluator.
    pub fn set_evaluator(&mut self, evaluator: E) {
        self.evaluator = evaluator;
    }

    /// Forget everything learned (a new game): the transposition table and move-ordering
    /// statistics.
    pub fn clear(&mut self) {
        self.tt.clear();
        for h in &mut self.histories {
            h.clear();
        }
    }

    /// Search quietly with a fresh control (no way to stop it but its limits).
    pub fn think(&mut self, game: &Game, limits: &Limits) -> SearchResult {
        self.search(game, limits, &SearchControl::new(), &mut Silent)
    }

    /// Search the current position of `game` (its history counts for repetitions) within
    /// `limits`, reporting progress to `reporter`. `control` can stop it from another thread.
    ///
    /// The result's move is always legal; it is `None` only when there is no legal move.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        control: &SearchControl,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let start_ms = self.time.now_ms();
        let board = *game.board();
        let mut legal: Vec<Move> = board.legal_moves().into_iter().collect();
        if !limits.search_moves.is_empty() {
            let wanted: Vec<Move> = legal.iter().copied().filter(|m| limits.search_moves.contains(m)).collect();
            if !wanted.is_empty() {
                legal = wanted;
            }
        }
        #[cfg(feature = "syzygy")]
        let verdicts = match self.tablebase.as_deref() {
            Some(tb) => keep_tablebase_best(tb, &board, &mut legal),
            None => Vec::new(),
        };
        #[cfg(not(feature = "syzygy"))]
        let verdicts: Vec<(Move, i32)> = Vec::new();
        if legal.is_empty() {
            let score = if board.in_check() { Score::mated_in(0) } else { Score::DRAW };
            return SearchResult {
                best_move: None,
                ponder_move: None,
                score,
                depth: 0,
                seldepth: 0,
                nodes: 0,
                time_ms: 0,
                pv: Vec::new(),
                lines: Vec::new(),
            };
        }
        let root_moves: Vec<RootMove> = legal
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                previous_score: -INFINITE,
                bound: Bound::Upper,
                seldepth: 0,
                pv: Line::from_iter([mv]),
                tablebase_score: verdicts.iter().find(|(m, _)| *m == mv).map(|&(_, score)| score),
                nodes: 0,
            })
            .collect();
        let keys: Vec<u64> = game.keys().collect();
        self.tt.new_search();
        // A tuning build may have changed the reduction constants since the last search.
        #[cfg(feature = "tune")]
        {
            self.lmr = LmrTable::new();
        }

        let shared = Shared {
            tt: &self.tt,
            control,
            node_counters: (0..self.histories.len()).map(|_| AtomicU64::new(0)).collect(),
            time: &*self.time,
            lmr: &self.lmr,
            limits,
            handicap: self.handicap,
            start_ms,
            #[cfg(feature = "syzygy")]
            tablebase: self.tablebase.as_deref(),
            tb_hits: AtomicU64::new(0),
        };
        let (main_history, helper_histories) = self.histories.split_first_mut().expect("at least one thread");
        let make_worker =
            |id, history| Worker::new(id, self.evaluator.clone(), history, &shared, keys.clone(), root_moves.clone());
        let helpers: Vec<Worker<'_, E>> =
            helper_histories.iter_mut().enumerate().map(|(i, h)| make_worker(i + 1, h)).collect();
        let mut main = make_worker(0, main_history);
        run_threads(&mut main, helpers, &board, control, reporter);
        let mut result = result_of(&main, limits.multi_pv);
        result.nodes = main.total_nodes();
        result.time_ms = main.elapsed_ms();
        if result.ponder_move.is_none() {
            // A one-move PV: the TT may know the reply.
            if let Some(best) = result.best_move {
                let mut after = board;
                after.play_unchecked(best);
                result.ponder_move = self.tt.probe(after.hash(), 0).and_then(|e| e.mv).filter(|&m| after.is_legal(m));
            }
        }
        result
    }
}

/// Lazy SMP: helpers search the same tree on their own threads, sharing only the TT; the main
/// thread reports, decides when to stop, and gives the result.
#[cfg(feature = "threads")]
fn run_threads<E: Evaluator>(
    main: &mut Worker<'_, E>,
    helpers: Vec<Worker<'_, E>>,
    board: &chess_core::Board,
    control: &SearchControl,
    reporter: &mut dyn Reporter,
) {
    if helpers.is_empty() {
        main.iterate(board, reporter);
        return;
    }
    std::thread::scope(|scope| {
        for mut helper in helpers {
            let board = *board;
            scope.spawn(move || helper.iterate(&board, &mut Silent));
        }
        main.iterate(board, reporter);
        control.finish();
    });
}

/// Without the `threads` feature (the wasm build) only the main thread searches.
#[cfg(not(feature = "threads"))]
fn run_threads<E: Evaluator>(
    main: &mut Worker<'_, E>,
    _helpers: Vec<Worker<'_, E>>,
    board: &chess_core::Board,
    _control: &SearchControl,
    reporter: &mut dyn Reporter,
) {
    main.iterate(board, reporter);
}

/// Keep the root moves of `legal` that the tables rank best (the best result, and for a win,
/// one the fifty-move rule cannot spoil); all of them if the tables cannot answer. Returns the
/// score each kept move is reported with: `TB_WIN` less the plies to zeroing for a win, its
/// negation for a loss, 0 for a draw.
#[cfg(feature = "syzygy")]
fn keep_tablebase_best(tb: &Tablebase, board: &chess_core::Board, legal: &mut Vec<Move>) -> Vec<(Move, i32)> {
    if !tb.covers(board) {
        return Vec::new();
    }
    let Ok(ranked) = tb.root_moves(board) else { return Vec::new() };
    let rank_of = |mv: &Move| ranked.iter().find(|m| m.mv == *mv).map(|m| m.rank);
    let Some(best) = legal.iter().filter_map(rank_of).max() else { return Vec::new() };
    legal.retain(|mv| rank_of(mv) == Some(best));
    let score = |dtz: i32| match dtz.signum() * i32::from(best != 0) {
        1 => Score::TB_WIN.0 - dtz,
        -1 => -Score::TB_WIN.0 - dtz,
        _ => 0,
    };
    ranked.iter().filter(|m| legal.contains(&m.mv)).map(|m| (m.mv, score(m.dtz))).collect()
}

fn result_of<E: Evaluator>(main: &Worker<'_, E>, multi_pv: usize) -> SearchResult {
    let best = &main.root_moves[0];
    let lines = main.root_moves[..multi_pv.clamp(1, main.root_moves.len())]
        .iter()
        .map(|rm| RootLine {
            mv: rm.mv,
            score: Score(rm.reported_score().max(-Score::MATE.0)),
            bound: rm.bound,
            pv: rm.pv.to_vec(),
        })
        .collect();
    SearchResult {
        best_move: Some(best.mv),
        ponder_move: best.pv.get(1).copied(),
        // Stopped before the first move was searched: no score is known.
        score: Score(if best.display_score() == -INFINITE { 0 } else { best.reported_score() }),
        depth: main.completed_depth,
        seldepth: best.seldepth,
        nodes: 0,
        time_ms: 0,
        pv: best.pv.to_vec(),
        lines,
    }
}
