//! [`Ai`]: the entry point. Configure it with [`AiOptions`], then ask it for a move
//! ([`Ai::best_move`]) or an analysis ([`Ai::analyze`]) of a [`Game`], blocking or in the
//! background ([`Ai::start`]).

use std::sync::{Arc, Mutex, MutexGuard};

use chess_core::{Board, Game, GameStatus};
use chess_eval::{AnyEval, Classical, Nnue, Score};
use chess_search::{Bound, Engine, Handicap, Limits, Reporter, SearchControl, SearchResult, Silent, TimeSource};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::analysis::{Analysis, AnalysisLine};
use crate::level::Profile;
use crate::options::{AiOptions, OptionsError};
use crate::Book;

/// How long [`Ai::best_move`] and [`Ai::analyze`] think when neither the options nor the level
/// limit the search (full strength with no move time, nodes or depth), in milliseconds.
pub const DEFAULT_MOVE_TIME_MS: u64 = 1_000;

/// Why the AI has no move to give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AiError {
    /// The side to move has no legal move.
    #[error("no legal move: the game is over by {}", .0.reason())]
    NoLegalMove(GameStatus),
    /// The search thread of a background search panicked (a bug: please report it).
    #[error("the search thread stopped unexpectedly")]
    SearchPanicked,
}

/// Play a move ([`Ai::best_move`]) or analyse ([`Ai::analyze`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Choose a move at the configured strength (book, randomness, level limits).
    Play,
    /// Score the root moves at full strength (up to the options' multi-PV), no book, no
    /// randomness.
    Analyze,
}

/// A chess AI: an engine, its options, its opening book and its random seed.
///
/// Cloning an `Ai` shares the engine (its transposition table), so a clone can think in the
/// background while the original is kept; two searches on one engine run one after the other.
///
/// ```
/// use chess_ai::{Ai, AiOptions};
/// use chess_core::Game;
///
/// let ai = Ai::new(AiOptions { seed: Some(1), ..AiOptions::level(3) }).unwrap();
/// let mut game = Game::new();
/// game.play_san("e4").unwrap();
/// let answer = ai.best_move(&game).unwrap();
/// assert!(game.board().is_legal(answer.mv()));
/// println!("{} ({}), depth {}", answer.best.san, answer.score(), answer.depth);
/// ```
#[derive(Clone)]
pub struct Ai {
    options: AiOptions,
    profile: Profile,
    engine: Arc<Mutex<Engine<AnyEval>>>,
    book: Option<Arc<Book>>,
    seed: u64,
}

impl std::fmt::Debug for Ai {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ai").field("options", &self.options).field("profile", &self.profile).finish_non_exhaustive()
    }
}

impl Ai {
    /// An AI with these options, or the first option that is out of range.
    pub fn new(options: AiOptions) -> Result<Ai, OptionsError> {
        options.validate()?;
        let profile = Profile::of(options.strength);
        let eval = AnyEval::from(Classical::new(options.eval.unwrap_or(profile.eval)));
        let engine = Engine::try_new(eval, options.hash_mb.unwrap_or(profile.hash_mb))?;
        let ai = Ai {
            seed: options.seed.unwrap_or_else(random_seed),
            engine: Arc::new(Mutex::new(engine)),
            book: Some(embedded_book()),
            profile,
            options,
        };
        ai.lock().set_threads(ai.options.threads);
        Ok(ai)
    }

    /// The options in use.
    pub fn options(&self) -> &AiOptions {
        &self.options
    }

    /// What the configured strength means for the search.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// Change the options (waits for a running search). A changed seed restarts the random
    /// choices; the transposition table is resized when its size changes.
    pub fn set_options(&mut self, options: AiOptions) -> Result<(), OptionsError> {
        options.validate()?;
        let profile = Profile::of(options.strength);
        let old_hash = self.options.hash_mb.unwrap_or(self.profile.hash_mb);
        let new_hash = options.hash_mb.unwrap_or(profile.hash_mb);
        {
            let mut engine = self.lock();
            if old_hash != new_hash {
                engine.set_hash_mb(new_hash)?;
            }
            engine.set_threads(options.threads);
        }
        if options.seed != self.options.seed {
            self.seed = options.seed.unwrap_or_else(random_seed);
        }
        self.options = options;
        self.profile = profile;
        Ok(())
    }

    /// The clock the search reads for its time limits: the platform's by default. A host without
    /// one (`wasm32-unknown-unknown`, where the default never advances) passes its own, for
    /// example one that reads the browser's `performance.now()`.
    pub fn set_time_source(&self, time: Arc<dyn TimeSource>) {
        self.lock().set_time_source(time);
    }

    /// Use `book` instead of the embedded one, or no book at all with `None`.
    pub fn set_book(&mut self, book: Option<Book>) {
        self.book = book.map(Arc::new);
    }

    /// Go back to the embedded book (the default).
    pub fn use_embedded_book(&mut self) {
        self.book = Some(embedded_book());
    }

    /// Forget what earlier searches learned (a new game): transposition table and history.
    pub fn new_game(&self) {
        self.lock().clear();
    }

    /// Choose a move at the configured strength, within the options' limits (blocking).
    pub fn best_move(&self, game: &Game) -> Result<Analysis, AiError> {
        self.think(game, &self.default_limits(Mode::Play), Mode::Play, &SearchControl::new(), &mut Silent)
    }

    /// Score the root moves at full strength within the options' limits (blocking): the best
    /// `multi_pv` lines (every legal move with the default options), best first.
    pub fn analyze(&self, game: &Game) -> Result<Analysis, AiError> {
        self.think(game, &self.default_limits(Mode::Analyze), Mode::Analyze, &SearchControl::new(), &mut Silent)
    }

    /// The general form behind every other: think about `game` within `limits` (a UCI `go`:
    /// clock, move time, nodes, depth...) and the options' and level's own limits, reporting
    /// progress to `reporter`; `control` stops it from another thread. When nothing limits the
    /// search, it runs until `control` stops it (UCI `go infinite`, analysis boards).
    pub fn think(
        &self,
        game: &Game,
        limits: &Limits,
        mode: Mode,
        control: &SearchControl,
        reporter: &mut dyn Reporter,
    ) -> Result<Analysis, AiError> {
        let board = game.board();
        let legal = board.legal_moves();
        if legal.is_empty() {
            return Err(AiError::NoLegalMove(game.status()));
        }
        let mut rng = self.rng_for(board);
        if mode == Mode::Play {
            if let Some(answer) = self.book_move(game, &mut rng) {
                return Ok(answer);
            }
        }
        let mut profile = if mode == Mode::Analyze { crate::level::FULL } else { self.profile };
        profile.eval = self.options.eval.unwrap_or(profile.eval);
        let limits = self.search_limits(board, limits, &profile, mode, legal.len());
        let result = {
            let mut engine = self.lock();
            engine.set_evaluator(self.evaluator(&profile));
            engine.set_handicap(self.handicap(&profile));
            #[cfg(feature = "syzygy")]
            engine.set_tablebase(self.options.tablebase.clone().filter(|_| profile.is_full_strength()));
            engine.search(game, &limits, control, reporter)
        };
        let randomness = match mode {
            Mode::Play => self.options.randomness_cp.unwrap_or(profile.randomness_cp),
            Mode::Analyze => 0,
        };
        let guard = profile.blunder_guard;
        Ok(self.answer(game, result, |lines| choose(board, lines, randomness, guard, &mut rng)))
    }

    /// The limits of the blocking calls: none of their own when the options or the level limit
    /// the search already, else [`DEFAULT_MOVE_TIME_MS`].
    pub fn default_limits(&self, mode: Mode) -> Limits {
        let o = &self.options;
        let level_limited = mode == Mode::Play && (self.profile.nodes.is_some() || self.profile.depth.is_some());
        let options_limited =
            o.move_time_ms.is_some() || o.nodes.is_some() || o.depth.is_some() || o.depth_options.base.is_some();
        if level_limited || options_limited {
            Limits::default()
        } else {
            Limits::move_time(DEFAULT_MOVE_TIME_MS)
        }
    }

    /// The effective limits: the caller's, capped by the options and the level.
    fn search_limits(
        &self,
        board: &Board,
        caller: &Limits,
        profile: &Profile,
        mode: Mode,
        legal_moves: usize,
    ) -> Limits {
        let o = &self.options;
        let d = &o.depth_options;
        let min = |a: Option<u64>, b: Option<u64>| a.into_iter().chain(b).min();
        let mut limits = caller.clone();
        let level_depth = d.base.or(profile.depth).map(|base| {
            let gone = 32 - board.occupied().len() as i32;
            base + (gone / 6).min(d.adaptive_extension.unwrap_or(0))
        });
        limits.depth = [caller.depth, o.depth, level_depth].into_iter().flatten().min();
        limits.nodes = min(min(caller.nodes, o.nodes), profile.nodes);
        limits.move_time_ms = min(caller.move_time_ms, o.move_time_ms);
        let randomness = o.randomness_cp.unwrap_or(profile.randomness_cp);
        limits.multi_pv = match mode {
            Mode::Analyze => o.multi_pv.min(legal_moves),
            Mode::Play if randomness > 0 => profile.candidates.min(legal_moves),
            Mode::Play => caller.multi_pv,
        };
        limits
    }

    /// How well the level searches: the options' depth settings, else the level's.
    /// The evaluation a search with `profile` plays with: explicit [`AiOptions::eval`] terms if
    /// given; else the level's pinned net (levels 4-5); else the options' net at full strength
    /// (and in analysis); else the classical evaluation with the profile's terms (the weak levels
    /// were calibrated with it, and its simpler forms make them play like people).
    fn evaluator(&self, profile: &Profile) -> AnyEval {
        if self.options.eval.is_some() {
            return AnyEval::from(Classical::new(profile.eval));
        }
        match (profile.net, &self.options.net) {
            (Some(pinned), _) => AnyEval::from(Nnue::new(pinned.network())),
            (None, Some(net)) if profile.is_full_strength() => AnyEval::from(Nnue::new(Arc::clone(net))),
            _ => AnyEval::from(Classical::new(profile.eval)),
        }
    }

    fn handicap(&self, profile: &Profile) -> Handicap {
        let d = &self.options.depth_options;
        Handicap {
            check_extension: d.check_extension.unwrap_or(profile.check_extension),
            quiescence_depth: d.quiescence.map(|q| q as u32).or(profile.quiescence),
        }
    }

    /// A book move, if the book is on, the game young enough for this level, and the position
    /// known.
    fn book_move(&self, game: &Game, rng: &mut ChaCha8Rng) -> Option<Analysis> {
        let board = game.board();
        let ply = usize::from(board.fullmove_number().saturating_sub(1)) * 2
            + usize::from(board.side_to_move() == chess_core::Color::Black);
        if !self.options.book || ply >= self.profile.book_plies || has_mate_in_one(board) {
            return None;
        }
        let mv = self.book.as_ref()?.pick(board, rng)?;
        let line = AnalysisLine::new(board, game.castling_mode(), Score::DRAW, Bound::Exact, vec![mv]);
        Some(Analysis {
            best: line.clone(),
            ponder: None,
            from_book: true,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time_ms: 0,
            lines: vec![line],
        })
    }

    /// Turn a search result into an answer, the move picked among its lines by `pick`.
    fn answer(&self, game: &Game, result: SearchResult, pick: impl FnOnce(&[AnalysisLine]) -> usize) -> Analysis {
        let board = game.board();
        let mode = game.castling_mode();
        let lines: Vec<AnalysisLine> = result
            .lines
            .iter()
            .filter(|l| !l.pv.is_empty())
            .map(|l| AnalysisLine::new(board, mode, l.score, l.bound, l.pv.clone()))
            .collect();
        let chosen = pick(&lines);
        let best = lines[chosen].clone();
        Analysis {
            ponder: if chosen == 0 { result.ponder_move } else { best.pv.get(1).copied() },
            best,
            from_book: false,
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            time_ms: result.time_ms,
            lines,
        }
    }

    /// The random generator for a move in this position: a function of the seed and the
    /// position only, so the same game and seed give the same choice whatever came before.
    fn rng_for(&self, board: &Board) -> ChaCha8Rng {
        let position = board.hash() ^ u64::from(board.fullmove_number()).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ChaCha8Rng::seed_from_u64(self.seed ^ position)
    }

    fn lock(&self) -> MutexGuard<'_, Engine<AnyEval>> {
        // A panicking search thread poisons the lock; the engine itself is still consistent.
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Pick among `lines` (best first): the best when there is no randomness or it mates;
/// otherwise each exact line within `window` centipawns of the best draws a bonus uniform in
/// `0..=window`, and the highest score plus bonus wins, so no move outside the window can ever
/// be chosen. With `guard`, moves that lose material on their square (SEE) are left out when
/// the best move does not.
fn choose(board: &Board, lines: &[AnalysisLine], window: i32, guard: bool, rng: &mut impl Rng) -> usize {
    let best = &lines[0];
    if window == 0 || lines.len() == 1 || best.score.is_mate() {
        return 0;
    }
    let guarded = guard && board.see_ge(best.mv, 0);
    let mut chosen = (0, best.score.0 + rng.gen_range(0..=window));
    for (i, line) in lines.iter().enumerate().skip(1) {
        let in_window = line.bound == Bound::Exact && best.score.0 - line.score.0 <= window;
        if !in_window || line.score.is_mate() || (guarded && !board.see_ge(line.mv, 0)) {
            continue;
        }
        let noisy = line.score.0 + rng.gen_range(0..=window);
        if noisy > chosen.1 {
            chosen = (i, noisy);
        }
    }
    chosen.0
}

/// The embedded book, shared by every `Ai` (copied out of its static once, not per AI).
fn embedded_book() -> Arc<Book> {
    static BOOK: std::sync::OnceLock<Arc<Book>> = std::sync::OnceLock::new();
    Arc::clone(BOOK.get_or_init(|| Arc::new(Book::embedded().clone())))
}

/// Whether a legal move mates at once (the book must not play past it).
fn has_mate_in_one(board: &Board) -> bool {
    board.legal_moves().into_iter().any(|mv| {
        let mut after = *board;
        after.play_unchecked(mv);
        after.in_check() && after.legal_moves().is_empty()
    })
}

/// A seed for an AI created without one.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0x5EED);
    hasher.finish()
}

/// Background thinking, so that a user interface never freezes (the `threads` feature, on by
/// default; without it, as in the wasm build, [`Ai::think`] with a [`SearchControl`] is the way).
#[cfg(feature = "threads")]
mod background {
    use std::sync::mpsc::{channel, Receiver};
    use std::thread::JoinHandle;

    use chess_search::Info;

    use super::*;

    /// A search running on its own thread: read its progress, stop it, join it. Dropping the
    /// handle stops the search (and waits for the thread to end).
    ///
    /// ```
    /// use chess_ai::{Ai, AiOptions, Strength};
    /// use chess_core::Game;
    ///
    /// let ai = Ai::new(AiOptions { strength: Strength::Full, ..AiOptions::default() }).unwrap();
    /// let thinking = ai.start_analysis(&Game::new());
    /// std::thread::sleep(std::time::Duration::from_millis(50));
    /// thinking.stop();
    /// let answer = thinking.join().unwrap();
    /// assert!(Game::new().board().is_legal(answer.mv()));
    /// ```
    #[derive(Debug)]
    pub struct Thinking {
        control: Arc<SearchControl>,
        progress: Receiver<Info>,
        thread: Option<JoinHandle<Result<Analysis, AiError>>>,
    }

    impl Thinking {
        /// Ask the search to stop now; [`join`](Self::join) then returns the best move so far.
        pub fn stop(&self) {
            self.control.stop();
        }

        /// Whether the search has finished (its result is ready).
        pub fn is_finished(&self) -> bool {
            self.thread.as_ref().is_none_or(JoinHandle::is_finished)
        }

        /// The progress reports (one per completed iteration and line) since the last call.
        pub fn progress(&self) -> Vec<Info> {
            self.progress.try_iter().collect()
        }

        /// Wait for the result.
        pub fn join(mut self) -> Result<Analysis, AiError> {
            self.wait()
        }

        fn wait(&mut self) -> Result<Analysis, AiError> {
            match self.thread.take() {
                Some(thread) => thread.join().unwrap_or(Err(AiError::SearchPanicked)),
                None => Err(AiError::SearchPanicked),
            }
        }
    }

    impl Drop for Thinking {
        fn drop(&mut self) {
            if self.thread.is_some() {
                self.control.stop();
                let _ = self.wait();
            }
        }
    }

    impl Ai {
        /// Choose a move in the background: [`best_move`](Ai::best_move) on another thread.
        pub fn start(&self, game: &Game) -> Thinking {
            self.spawn(game, self.default_limits(Mode::Play), Mode::Play)
        }

        /// Analyse in the background until stopped, or until the options' limits end it.
        pub fn start_analysis(&self, game: &Game) -> Thinking {
            self.spawn(game, Limits::default(), Mode::Analyze)
        }

        /// Think in the background within `limits`, as [`Ai::think`] does (no limit at all means
        /// until stopped).
        pub fn spawn(&self, game: &Game, limits: Limits, mode: Mode) -> Thinking {
            let control = Arc::new(SearchControl::new());
            let (sender, progress) = channel();
            let (ai, game, thread_control) = (self.clone(), game.clone(), Arc::clone(&control));
            let thread = std::thread::spawn(move || {
                let mut report = |info: &Info| {
                    let _ = sender.send(info.clone());
                };
                ai.think(&game, &limits, mode, &thread_control, &mut report)
            });
            Thinking { control, progress, thread: Some(thread) }
        }
    }
}

#[cfg(feature = "threads")]
pub use background::Thinking;

#[cfg(test)]
mod tests {
    use super::*;

    fn line(board: &Board, uci: &str, cp: i32) -> AnalysisLine {
        let mv = board.parse_uci(uci).unwrap();
        AnalysisLine::new(board, chess_core::CastlingMode::Standard, Score(cp), Bound::Exact, vec![mv])
    }

    #[test]
    fn choice_stays_inside_the_window() {
        let board = Board::startpos();
        let lines =
            [line(&board, "e2e4", 40), line(&board, "d2d4", 35), line(&board, "g1f3", 20), line(&board, "a2a4", -30)];
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = [0; 4];
        for _ in 0..2_000 {
            seen[choose(&board, &lines, 25, true, &mut rng)] += 1;
        }
        assert!(seen[0] > 0 && seen[1] > 0 && seen[2] > 0, "{seen:?}");
        assert_eq!(seen[3], 0, "70 cp below the best is outside a 25 cp window: {seen:?}");
        assert!(seen[0] > seen[2], "the best is chosen more often than a worse move: {seen:?}");
        assert_eq!(choose(&board, &lines, 0, true, &mut rng), 0);
    }

    #[test]
    fn a_mate_stays_the_move() {
        let board = Board::startpos();
        let mut lines = vec![line(&board, "e2e4", 0), line(&board, "d2d4", 0)];
        lines[0].score = Score::mate_in(3);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for _ in 0..100 {
            assert_eq!(choose(&board, &lines, 1_000, false, &mut rng), 0);
        }
    }

    #[test]
    fn guard_leaves_out_hanging_moves() {
        // After 1.d4 d5 2.Qd2 e6: Qf4 is safe, Qh6 hangs the queen to the g7 pawn.
        let board: Board = "rnbqkbnr/ppp2ppp/4p3/3p4/3P4/8/PPPQPPPP/RNB1KBNR w KQkq - 0 3".parse().unwrap();
        let lines = [line(&board, "d2f4", 10), line(&board, "d2h6", 0)];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..200 {
            assert_eq!(choose(&board, &lines, 100, true, &mut rng), 0);
        }
        let unguarded = (0..200).filter(|_| choose(&board, &lines, 100, false, &mut rng) == 1).count();
        assert!(unguarded > 0);
    }
}
