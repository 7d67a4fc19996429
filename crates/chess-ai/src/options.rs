//! [`AiOptions`]: everything an application can set, validated into typed [`OptionsError`]s.

use std::sync::Arc;

use chess_eval::{EvalConfig, Network};
#[cfg(feature = "syzygy")]
use chess_syzygy::Tablebase;

use crate::level::{Strength, LEVELS, MAX_ELO, MIN_ELO};

/// The deepest search depth an application may ask for, in plies.
pub const MAX_DEPTH: i32 = 128;
pub use chess_search::{max_useful_threads, MAX_HASH_MB, MAX_THREADS};
/// The widest randomness window, in centipawns.
pub const MAX_RANDOMNESS_CP: i32 = 1_000;
/// The most lines an analysis reports.
pub const MAX_MULTI_PV: usize = 256;

/// Overrides of the search depth's shape (each `None` keeps what the level chooses).
///
/// The npm package's js-chess-engine-compatible API passes its `depth: { base, extended, check,
/// quiescence }` option here; they matter mostly for the depth-limited weak levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DepthOptions {
    /// The nominal search depth in plies (1 to [`MAX_DEPTH`]).
    pub base: Option<i32>,
    /// Extra plies added as material comes off the board: one per six pieces gone, at most this
    /// many (0 to 16), so that endgames are searched deeper in the same time.
    pub adaptive_extension: Option<i32>,
    /// Extend the search after a checking move.
    pub check_extension: Option<bool>,
    /// How many plies of captures are searched past the horizon (0 to [`MAX_DEPTH`]; 0 sees no
    /// recapture at all).
    pub quiescence: Option<i32>,
}

/// The settings of an [`Ai`](crate::Ai). Every field has a sensible default (level 3, the
/// embedded opening book, one thread); [`validate`](Self::validate) says what is wrong with a
/// setting instead of clamping it silently.
///
/// ```
/// use chess_ai::{AiOptions, OptionsError, Strength};
///
/// let options = AiOptions { strength: Strength::Level(5), seed: Some(42), ..AiOptions::default() };
/// assert!(options.validate().is_ok());
///
/// let bad = AiOptions { strength: Strength::Level(6), ..AiOptions::default() };
/// assert_eq!(bad.validate(), Err(OptionsError::Level(6)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AiOptions {
    /// How strong the AI plays: a level from 1 to 5, an Elo rating, or full strength.
    pub strength: Strength,
    /// Think at most this long per move, in milliseconds (on top of the level's own limits).
    pub move_time_ms: Option<u64>,
    /// Search at most this many nodes per move (on top of the level's own limits).
    pub nodes: Option<u64>,
    /// Search at most this deep, in plies (on top of the level's own limits).
    pub depth: Option<i32>,
    /// Transposition table size in MiB; `Some(0)` disables it; `None` uses the level's default
    /// (small at low levels).
    pub hash_mb: Option<usize>,
    /// Overrides of the depth's shape.
    pub depth_options: DepthOptions,
    /// Randomness in centipawns: the AI picks among the root moves scoring within this much of
    /// the best, never outside it (`None`: the level's default; `Some(0)`: always the best).
    pub randomness_cp: Option<i32>,
    /// Seed of the random choices (book and randomness). With a seed, the same game and options
    /// give the same move; without one, a seed is drawn when the AI is created.
    pub seed: Option<u64>,
    /// Search threads (1 to [`MAX_THREADS`]; more than one is not deterministic).
    pub threads: usize,
    /// How many best lines [`Ai::analyze`](crate::Ai::analyze) scores exactly (1 to
    /// [`MAX_MULTI_PV`]; the default, [`MAX_MULTI_PV`], scores every legal move).
    pub multi_pv: usize,
    /// Play from the opening book while it knows the position.
    pub book: bool,
    /// The evaluation terms to use instead of the level's (`None`: the level's; analysis always
    /// uses every term unless this says otherwise).
    pub eval: Option<EvalConfig>,
    /// The neural network to evaluate with at full strength and in analysis: by default the one
    /// compiled in ([`Network::embedded`]); `None` for the classical evaluation. Levels and Elo
    /// strengths keep the evaluation they were calibrated with (the classical terms of levels
    /// 1-3, the pinned net of levels 4-5: [`Profile::net`](crate::Profile::net)), whatever this
    /// says; an explicit [`eval`](Self::eval) puts every strength on the classical evaluation.
    pub net: Option<Arc<Network>>,
    /// Syzygy endgame tablebases to probe at full strength and in analysis (`None`: none).
    /// Levels and Elo strengths play endgames by their own search, as people do.
    #[cfg(feature = "syzygy")]
    pub tablebase: Option<Arc<Tablebase>>,
}

impl Default for AiOptions {
    fn default() -> Self {
        AiOptions {
            strength: Strength::default(),
            move_time_ms: None,
            nodes: None,
            depth: None,
            hash_mb: None,
            depth_options: DepthOptions::default(),
            randomness_cp: None,
            seed: None,
            threads: 1,
            multi_pv: MAX_MULTI_PV,
            book: true,
            eval: None,
            net: Some(Network::embedded()),
            #[cfg(feature = "syzygy")]
            tablebase: None,
        }
    }
}

/// A setting out of its range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// Levels go from 1 to 5.
    #[error("level {0} does not exist: levels go from 1 to {LEVELS}")]
    Level(u8),
    /// The Elo setting is outside the calibrated range.
    #[error("Elo {0} is outside the supported range {MIN_ELO}..={MAX_ELO}")]
    Elo(u32),
    /// A zero move time.
    #[error("a move time of 0 ms leaves no time to think")]
    MoveTime,
    /// A zero node limit.
    #[error("a node limit of 0 leaves nothing to search")]
    Nodes,
    /// A depth outside 1..=MAX_DEPTH.
    #[error("depth {0} is outside 1..={MAX_DEPTH}")]
    Depth(i32),
    /// A transposition table larger than [`MAX_HASH_MB`].
    #[error("a {0} MiB transposition table is larger than the {MAX_HASH_MB} MiB allowed")]
    Hash(usize),
    /// The adaptive extension is outside 0..=16.
    #[error("adaptive extension {0} is outside 0..=16")]
    AdaptiveExtension(i32),
    /// The quiescence depth is outside 0..=MAX_DEPTH.
    #[error("quiescence depth {0} is outside 0..={MAX_DEPTH}")]
    Quiescence(i32),
    /// Negative or too wide randomness.
    #[error("randomness {0} cp is outside 0..={MAX_RANDOMNESS_CP}")]
    Randomness(i32),
    /// Threads outside 1..=MAX_THREADS.
    #[error("{0} threads: the number of threads must be from 1 to {MAX_THREADS}")]
    Threads(usize),
    /// Multi-PV outside 1..=MAX_MULTI_PV.
    #[error("multi-PV {0} is outside 1..={MAX_MULTI_PV}")]
    MultiPv(usize),
    /// The machine could not give the transposition table's memory (the AI keeps its old table).
    #[error(transparent)]
    HashAlloc(#[from] chess_search::HashAllocError),
}

impl AiOptions {
    /// Options for a level from 1 to 5 (not validated until used).
    pub fn level(level: u8) -> Self {
        AiOptions { strength: Strength::Level(level), ..AiOptions::default() }
    }

    /// Check every setting; the first one out of range is the error.
    pub fn validate(&self) -> Result<(), OptionsError> {
        match self.strength {
            Strength::Level(l) if !(1..=LEVELS).contains(&l) => return Err(OptionsError::Level(l)),
            Strength::Elo(e) if !(MIN_ELO..=MAX_ELO).contains(&e) => return Err(OptionsError::Elo(e)),
            _ => {}
        }
        if self.move_time_ms == Some(0) {
            return Err(OptionsError::MoveTime);
        }
        if self.nodes == Some(0) {
            return Err(OptionsError::Nodes);
        }
        for depth in [self.depth, self.depth_options.base].into_iter().flatten() {
            if !(1..=MAX_DEPTH).contains(&depth) {
                return Err(OptionsError::Depth(depth));
            }
        }
        if let Some(mb) = self.hash_mb.filter(|&mb| mb > MAX_HASH_MB) {
            return Err(OptionsError::Hash(mb));
        }
        if let Some(x) = self.depth_options.adaptive_extension.filter(|x| !(0..=16).contains(x)) {
            return Err(OptionsError::AdaptiveExtension(x));
        }
        if let Some(q) = self.depth_options.quiescence.filter(|q| !(0..=MAX_DEPTH).contains(q)) {
            return Err(OptionsError::Quiescence(q));
        }
        if let Some(r) = self.randomness_cp.filter(|r| !(0..=MAX_RANDOMNESS_CP).contains(r)) {
            return Err(OptionsError::Randomness(r));
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(OptionsError::Threads(self.threads));
        }
        if !(1..=MAX_MULTI_PV).contains(&self.multi_pv) {
            return Err(OptionsError::MultiPv(self.multi_pv));
        }
        Ok(())
    }
}
