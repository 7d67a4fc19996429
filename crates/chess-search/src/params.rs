//! Every tunable constant of the search, in one declarative table.
//!
//! Each pruning, reduction, ordering, time and replacement rule names its numbers from here, so
//! a reader or a tuning run finds them all together. Depths are in plies, margins in centipawns,
//! fractions in percent. A constant is read through a function of its name (`rfp_margin()`):
//!
//! - in normal builds the function is a `const fn` returning the literal, so the compiler folds
//!   it exactly as it would a `const`;
//! - with the `tune` feature each value lives in an atomic that `params::set` changes at run time (the
//!   UCI engine of a tuning build lists every row of [`TABLE`] as a `spin` option), for SPSA and
//!   the like. Values are process-wide in such a build.
//!
//! ```
//! use chess_search::params::{self, rfp_margin};
//!
//! let row = params::TABLE.iter().find(|t| t.name == "rfp_margin").unwrap();
//! assert_eq!(row.default, rfp_margin());
//! assert!(row.min <= row.default && row.default <= row.max);
//! assert_eq!(params::get("RFP_Margin"), Some(rfp_margin()));
//! ```

#[cfg(feature = "tune")]
use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

/// One row of the table: a tunable constant, its default, the range a tuner may explore and the
/// step it should perturb it by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tunable {
    /// The name: that of the function that reads it, and of the UCI option of a tuning build.
    pub name: &'static str,
    /// The value of normal builds.
    pub default: i32,
    /// The smallest value that makes sense.
    pub min: i32,
    /// The largest value that makes sense.
    pub max: i32,
    /// A tuner's perturbation step.
    pub step: i32,
}

/// Declares the table: each row a documented function of the constant's name, and a [`Tunable`].
macro_rules! tunables {
    ($( $(#[doc = $doc:literal])+ $name:ident = $value:literal, $min:literal..=$max:literal, step $step:literal; )+) => {
        /// Every tunable constant of the search, in declaration order.
        pub const TABLE: &[Tunable] = &[
            $( Tunable { name: stringify!($name), default: $value, min: $min, max: $max, step: $step }, )+
        ];

        #[cfg(not(feature = "tune"))]
        mod values {
            $(
                $(#[doc = $doc])+
                #[inline(always)]
                pub const fn $name() -> i32 {
                    $value
                }
            )+
        }

        #[cfg(feature = "tune")]
        mod values {
            use super::*;

            /// Each constant's index in [`TABLE`] and [`VALUES`].
            #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
            enum Id {
                $( $name, )+
            }

            /// The current values, in table order.
            pub(super) static VALUES: [AtomicI32; TABLE.len()] = [$( AtomicI32::new($value), )+];

            $(
                $(#[doc = $doc])+
                #[inline]
                pub fn $name() -> i32 {
                    VALUES[Id::$name as usize].load(Relaxed)
                }
            )+
        }

        pub use values::*;
    };
}

tunables! {
    /// Aspiration windows start this wide around the previous iteration's score.
    aspiration_delta = 16, 4..=64, step 2;
    /// Aspiration windows are used from this depth on (shallower iterations use a full window).
    aspiration_min_depth = 4, 1..=10, step 1;

    /// Reverse futility pruning applies at most this deep.
    rfp_max_depth = 8, 2..=14, step 1;
    /// Reverse futility pruning cuts a node whose static eval beats beta by this much per ply.
    rfp_margin = 75, 30..=150, step 5;

    /// Null-move pruning applies from this depth on.
    nmp_min_depth = 3, 1..=6, step 1;
    /// The null move is searched this much shallower...
    nmp_base_reduction = 3, 1..=6, step 1;
    /// ...plus one ply per this many plies of depth...
    nmp_depth_divisor = 3, 1..=8, step 1;
    /// ...plus one ply per this many centipawns the eval exceeds beta...
    nmp_eval_divisor = 200, 50..=400, step 10;
    /// ...but at most this many plies for the eval.
    nmp_eval_max_reduction = 3, 0..=6, step 1;
    /// Above this depth a null-move cutoff is verified by a reduced normal search in which the
    /// side to move may not pass (the zugzwang guard).
    nmp_verify_depth = 12, 6..=30, step 1;

    /// Singular extensions from this depth: the TT move is searched one ply deeper when every
    /// other move fails low against the TT score less a margin.
    se_min_depth = 8, 4..=14, step 1;
    /// The TT entry must be at most this much shallower than the node.
    se_tt_depth_margin = 3, 1..=6, step 1;
    /// The singular margin: the others are searched against `tt_score - se_margin × depth`.
    se_margin = 1, 1..=4, step 1;
    /// A singular move whose rivals all fail low by more than this below the singular beta is
    /// extended two plies (non-PV nodes, at a ply below the iteration's depth).
    se_double_margin = 16, 0..=100, step 2;

    /// Late move pruning applies at most this deep: quiet moves past
    /// `(lmp_base + depth²) / (2 - improving)` are skipped.
    lmp_max_depth = 8, 2..=14, step 1;
    /// See [`lmp_max_depth`].
    lmp_base = 3, 0..=10, step 1;

    /// Futility pruning applies at most this deep (after reduction): quiet moves are skipped
    /// when the static eval plus `fp_base + fp_per_depth × depth` cannot reach alpha.
    fp_max_depth = 8, 2..=14, step 1;
    /// See [`fp_max_depth`].
    fp_base = 90, 0..=250, step 10;
    /// See [`fp_max_depth`].
    fp_per_depth = 85, 20..=200, step 5;

    /// SEE pruning in the main search applies at most this deep.
    see_prune_max_depth = 8, 2..=14, step 1;
    /// A quiet move losing more material than this per ply is skipped.
    see_quiet_margin = -60, -150..=-10, step 5;
    /// A capture losing more material than this per ply squared is skipped.
    see_noisy_margin = -20, -80..=-5, step 2;

    /// Late move reductions start at this depth.
    lmr_min_depth = 3, 1..=6, step 1;
    /// The reduction of a quiet move is `lmr_base + ln(depth) × ln(moves) / lmr_divisor`
    /// plies, here in hundredths of a ply.
    lmr_base_percent = 80, 0..=200, step 5;
    /// See [`lmr_base_percent`] (in hundredths).
    lmr_divisor_percent = 220, 100..=400, step 10;
    /// One ply less reduction per this much history score.
    lmr_history_divisor = 6000, 1000..=20000, step 250;
    /// At the root, moves are reduced from this move number on (the first is 0).
    root_lmr_min_moves = 3, 1..=10, step 1;

    /// Quiescence delta pruning: a capture that cannot lift the stand-pat this far above alpha
    /// is skipped.
    qs_delta_margin = 150, 0..=400, step 10;

    /// History scores stay within plus or minus this (the "gravity" bound; they are stored in
    /// 16 bits).
    history_max = 16384, 4096..=32000, step 512;
    /// The history bonus is
    /// `clamp(history_bonus_per_depth × depth - history_bonus_offset, 0, history_bonus_max)`.
    history_bonus_per_depth = 300, 50..=800, step 25;
    /// See [`history_bonus_per_depth`].
    history_bonus_offset = 250, 0..=1000, step 25;
    /// See [`history_bonus_per_depth`].
    history_bonus_max = 2400, 500..=8000, step 100;

    /// Correction history: the largest correction of the static evaluation, in centipawns.
    correction_max_cp = 64, 8..=200, step 8;
    /// Correction history: the most a search moves the average, in 256ths (a search to depth
    /// `d` weighs `(d + 1)²`, up to this).
    correction_max_weight = 128, 16..=255, step 8;

    /// The transposition table keeps an entry of the current search that is deeper by more than
    /// this than a new inexact result for the same position.
    tt_keep_depth_margin = 4, 0..=10, step 1;
    /// When a bucket is full, an entry loses this much depth-worth per search of age.
    tt_age_weight = 8, 0..=32, step 1;

    /// Sudden-death games are planned as if this many moves remained.
    sudden_death_moves = 25, 10..=60, step 1;
    /// The soft time bound adds this percentage of the increment to `time / moves to go`...
    time_increment_percent = 75, 0..=100, step 5;
    /// ...and is at most this percentage of the time left.
    time_soft_max_percent = 40, 10..=80, step 5;
    /// The hard bound is this many times the soft one...
    time_hard_multiple = 5, 1..=10, step 1;
    /// ...and at most this percentage of the time left.
    time_hard_max_percent = 50, 20..=90, step 5;
    /// On the last move before a time control, the soft bound is this percentage of the time
    /// left...
    last_move_soft_percent = 80, 40..=95, step 5;
    /// ...and the hard bound this one.
    last_move_hard_percent = 90, 50..=98, step 2;
    /// How much of the best move's instability carries over to the next iteration, in percent.
    instability_decay_percent = 50, 0..=90, step 5;
    /// The soft bound is scaled by `stability_base_percent + stability_per_change_percent ×
    /// instability` percent, at most `stability_max_percent`...
    stability_base_percent = 60, 20..=100, step 5;
    /// See [`stability_base_percent`].
    stability_per_change_percent = 35, 0..=100, step 5;
    /// See [`stability_base_percent`].
    stability_max_percent = 200, 100..=400, step 10;
    /// ...and by `1 + min(score drop, score_drop_cap) / score_drop_divisor` when the score fell
    /// since the last iteration.
    score_drop_cap = 100, 0..=400, step 10;
    /// See [`score_drop_cap`].
    score_drop_divisor = 200, 50..=800, step 25;
    /// ...and by `(node_share_base_percent - share) × node_share_scale_percent`, in hundredths,
    /// where `share` is the fraction of the root's nodes spent below the best move: a best move
    /// that took most of the effort ends the search sooner.
    node_share_base_percent = 150, 100..=250, step 5;
    /// See [`node_share_base_percent`].
    node_share_scale_percent = 135, 50..=250, step 5;
}

/// The current value of the constant `name` (case-insensitive, as UCI option names are), or
/// `None` if there is none of that name.
pub fn get(name: &str) -> Option<i32> {
    let index = TABLE.iter().position(|t| t.name.eq_ignore_ascii_case(name))?;
    #[cfg(feature = "tune")]
    return Some(values::VALUES[index].load(Relaxed));
    #[cfg(not(feature = "tune"))]
    Some(TABLE[index].default)
}

/// Why [`set`] refused a value.
#[cfg(feature = "tune")]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetError {
    /// No constant has that name.
    #[error("no tunable search constant is named {0:?}")]
    Unknown(String),
    /// The value is outside the constant's range.
    #[error("{name} must be within {min}..={max}, not {value}")]
    OutOfRange {
        /// The constant.
        name: &'static str,
        /// The value refused.
        value: i32,
        /// The smallest value allowed.
        min: i32,
        /// The largest value allowed.
        max: i32,
    },
}

/// Change the constant `name` (case-insensitive) for every search that starts afterwards, in
/// this process (tuning builds only).
#[cfg(feature = "tune")]
pub fn set(name: &str, value: i32) -> Result<(), SetError> {
    let index =
        TABLE.iter().position(|t| t.name.eq_ignore_ascii_case(name)).ok_or_else(|| SetError::Unknown(name.into()))?;
    let row = TABLE[index];
    if !(row.min..=row.max).contains(&value) {
        return Err(SetError::OutOfRange { name: row.name, value, min: row.min, max: row.max });
    }
    values::VALUES[index].store(value, Relaxed);
    Ok(())
}

/// Put every constant back to its default (tuning builds only).
#[cfg(feature = "tune")]
pub fn reset() {
    for (value, row) in values::VALUES.iter().zip(TABLE) {
        value.store(row.default, Relaxed);
    }
}

/// Declares [`Rule`] once: each rule with its doc and its short name, from which the enum,
/// [`Rule::ALL`] and [`Rule::name`] are all made.
macro_rules! rules {
    ($($(#[$doc:meta])* $rule:ident => $name:literal,)*) => {
        /// A rule of the search that an ablation match can switch off, to prove by games that it
        /// earns its place (see `docs/search.md`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Rule {
            $($(#[$doc])* $rule,)*
        }

        impl Rule {
            /// Every rule.
            pub const ALL: [Rule; [$($name),*].len()] = [$(Rule::$rule),*];

            #[doc = concat!("The rule's short name, as `CHESS_ABLATE` lists it:", $(" `", $name, "`",)* ".")]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Rule::$rule => $name,)*
                }
            }
        }
    };
}

rules! {
    /// Reverse futility pruning.
    ReverseFutility => "rfp",
    /// Null-move pruning.
    NullMove => "nmp",
    /// Late move pruning.
    LateMovePruning => "lmp",
    /// Futility pruning.
    Futility => "fp",
    /// SEE pruning in the main search.
    SeePruning => "see",
    /// Late move reductions.
    Lmr => "lmr",
    /// Aspiration windows.
    Aspiration => "asp",
    /// The check extension (when [`Handicap::check_extension`](crate::Handicap::check_extension)
    /// allows it).
    CheckExtension => "check",
    /// The counter-move slot of move ordering.
    CounterMove => "counter",
    /// Continuation history in the ordering (and reduction) of quiet moves.
    ContinuationHistory => "conthist",
    /// The static evaluation corrected by the pawn structure's correction history.
    CorrectionHistory => "corrhist",
    /// Singular extensions (and their multi-cut and negative extension).
    Singular => "se",
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// The constants are global in a tuning build: a test that sets them must not run while
    /// another reads them.
    static GLOBALS: Mutex<()> = Mutex::new(());

    #[test]
    fn the_table_is_consistent() {
        let _globals = GLOBALS.lock().unwrap_or_else(|e| e.into_inner());
        for (i, row) in TABLE.iter().enumerate() {
            assert!(row.min <= row.default && row.default <= row.max, "{row:?}");
            assert!(row.step > 0 && row.step <= row.max - row.min, "{row:?}");
            assert_eq!(get(row.name), Some(row.default), "{row:?}");
            assert!(TABLE[..i].iter().all(|r| !r.name.eq_ignore_ascii_case(row.name)), "{} twice", row.name);
        }
        assert_eq!(get("no_such_constant"), None);
        assert_eq!((rfp_margin(), lmr_divisor_percent(), see_quiet_margin()), (75, 220, -60));
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_tuning_build_sets_and_refuses() {
        let _globals = GLOBALS.lock().unwrap_or_else(|e| e.into_inner());
        assert_eq!(set("FP_BASE", 120), Ok(()));
        assert_eq!((fp_base(), get("fp_base")), (120, Some(120)));
        assert_eq!(set("fp_base", 1000), Err(SetError::OutOfRange { name: "fp_base", value: 1000, min: 0, max: 250 }));
        assert_eq!(set("fp_bass", 1), Err(SetError::Unknown("fp_bass".into())));
        assert_eq!(SetError::Unknown("x".into()).to_string(), "no tunable search constant is named \"x\"");
        reset();
        assert_eq!(fp_base(), 90);
    }
}
