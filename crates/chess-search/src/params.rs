//! Every tunable constant of the search, in one place.
//!
//! Each pruning or reduction rule in [`crate::search`] names its constants from here, so a tuning
//! run (or a reader) finds them all together. Depths are in plies, margins in centipawns.

/// Aspiration windows start this wide around the previous iteration's score...
pub const ASPIRATION_DELTA: i32 = 16;
/// ...from this depth on (shallower iterations use a full window).
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Reverse futility pruning: at most this deep...
pub const RFP_MAX_DEPTH: i32 = 8;
/// ...a node whose static eval beats beta by this much per ply is cut.
pub const RFP_MARGIN: i32 = 75;

/// Null-move pruning: from this depth on...
pub const NMP_MIN_DEPTH: i32 = 3;
/// ...the null move is searched this much shallower...
pub const NMP_BASE_REDUCTION: i32 = 3;
/// ...plus one ply per this many plies of depth...
pub const NMP_DEPTH_DIVISOR: i32 = 3;
/// ...plus one ply per this many centipawns the eval exceeds beta (at most three).
pub const NMP_EVAL_DIVISOR: i32 = 200;
/// Above this depth a null-move cutoff is verified by a reduced normal search (zugzwang guard).
pub const NMP_VERIFY_DEPTH: i32 = 12;

/// Late move pruning: at most this deep, quiet moves past `(LMP_BASE + depth²) / (2 - improving)`
/// are skipped.
pub const LMP_MAX_DEPTH: i32 = 8;
/// See [`LMP_MAX_DEPTH`].
pub const LMP_BASE: i32 = 3;

/// Futility pruning: at most this deep (after reduction)...
pub const FP_MAX_DEPTH: i32 = 8;
/// ...quiet moves are skipped when the static eval plus this margin...
pub const FP_BASE: i32 = 90;
/// ...plus this much per ply cannot reach alpha.
pub const FP_PER_DEPTH: i32 = 85;

/// SEE pruning in the main search: at most this deep...
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;
/// ...a quiet move losing more than this per ply of material is skipped...
pub const SEE_QUIET_MARGIN: i32 = -60;
/// ...and a capture losing more than this per ply squared.
pub const SEE_NOISY_MARGIN: i32 = -20;

/// Late move reductions start at this depth...
pub const LMR_MIN_DEPTH: i32 = 3;
/// ...with `LMR_BASE + ln(depth) * ln(moves) / LMR_DIVISOR` plies (quiet moves)...
pub const LMR_BASE: f64 = 0.8;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.2;
/// ...one ply less per this much history score.
pub const LMR_HISTORY_DIVISOR: i32 = 6000;

/// Quiescence delta pruning: a capture that cannot lift the stand-pat this far above alpha is
/// skipped.
pub const QS_DELTA_MARGIN: i32 = 150;

/// History scores stay within plus or minus this (the "gravity" bound).
pub const HISTORY_MAX: i32 = 16_384;
/// The history bonus is `min(HISTORY_BONUS_PER_DEPTH * depth - HISTORY_BONUS_OFFSET, HISTORY_BONUS_MAX)`.
pub const HISTORY_BONUS_PER_DEPTH: i32 = 300;
/// See [`HISTORY_BONUS_PER_DEPTH`].
pub const HISTORY_BONUS_OFFSET: i32 = 250;
/// See [`HISTORY_BONUS_PER_DEPTH`].
pub const HISTORY_BONUS_MAX: i32 = 2_400;

/// A rule of the search that an ablation match can switch off, to prove by games that it earns
/// its place (see `docs/search.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Reverse futility pruning.
    ReverseFutility,
    /// Null-move pruning.
    NullMove,
    /// Late move pruning.
    LateMovePruning,
    /// Futility pruning.
    Futility,
    /// SEE pruning in the main search.
    SeePruning,
    /// Late move reductions.
    Lmr,
    /// Aspiration windows.
    Aspiration,
    /// The check extension (when [`Handicap::check_extension`](crate::Handicap::check_extension)
    /// allows it).
    CheckExtension,
    /// The counter-move slot of move ordering.
    CounterMove,
    /// Continuation history in the ordering (and reduction) of quiet moves.
    ContinuationHistory,
}

impl Rule {
    /// Every rule.
    pub const ALL: [Rule; 10] = [
        Rule::ReverseFutility,
        Rule::NullMove,
        Rule::LateMovePruning,
        Rule::Futility,
        Rule::SeePruning,
        Rule::Lmr,
        Rule::Aspiration,
        Rule::CheckExtension,
        Rule::CounterMove,
        Rule::ContinuationHistory,
    ];

    /// The rule's short name, as `CHESS_ABLATE` lists it: `rfp`, `nmp`, `lmp`, `fp`, `see`,
    /// `lmr`, `asp`, `check`, `counter`, `conthist`.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::ReverseFutility => "rfp",
            Rule::NullMove => "nmp",
            Rule::LateMovePruning => "lmp",
            Rule::Futility => "fp",
            Rule::SeePruning => "see",
            Rule::Lmr => "lmr",
            Rule::Aspiration => "asp",
            Rule::CheckExtension => "check",
            Rule::CounterMove => "counter",
            Rule::ContinuationHistory => "conthist",
        }
    }
}

/// Whether `rule` is on. Always, in normal builds (the compiler removes the test); with the
/// `ablation` feature, the rules named in the `CHESS_ABLATE` environment variable
/// (comma-separated short names) are off.
#[cfg(not(feature = "ablation"))]
#[inline(always)]
pub const fn enabled(rule: Rule) -> bool {
    let _ = rule;
    true
}

/// Whether `rule` is on: off when `CHESS_ABLATE` names it (ablation builds only).
#[cfg(feature = "ablation")]
#[inline]
pub fn enabled(rule: Rule) -> bool {
    static OFF: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    let off = OFF.get_or_init(|| {
        let list = std::env::var("CHESS_ABLATE").unwrap_or_default();
        Rule::ALL
            .iter()
            .enumerate()
            .filter(|(_, r)| list.split(',').any(|name| name.trim() == r.name()))
            .fold(0, |mask, (i, _)| mask | 1 << i)
    });
    let index = Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0);
    off & (1 << index) == 0
}
