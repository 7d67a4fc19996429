//! What a front end asks of the engine beside its moves: a hint, and whether it takes a draw
//! offered to it. One owner for both, so that the terminal, the page and any application give
//! the same hint in the same time and answer a draw offer the same way.
//!
//! ```
//! use chess_ai::assist::{answer_draw_offer, DrawAnswer, DRAW_FROM_MOVE};
//! use chess_eval::Score;
//!
//! assert_eq!(answer_draw_offer(12, Some(Score(0))), DrawAnswer::TooEarly { from_move: DRAW_FROM_MOVE });
//! assert_eq!(answer_draw_offer(40, Some(Score(-20))), DrawAnswer::Accepts);
//! assert_eq!(answer_draw_offer(40, Some(Score(150))), DrawAnswer::Declines);
//! ```

use crate::{AiOptions, Strength};
use chess_eval::Score;

/// How long a hint thinks (full strength, the position's analysis), in milliseconds.
pub const HINT_MOVE_TIME_MS: u64 = 1_000;
/// The transposition table of a hint's search, in MiB.
pub const HINT_HASH_MB: usize = 16;
/// How long the engine thinks about a draw offer before it answers, in milliseconds.
pub const DRAW_OFFER_MOVE_TIME_MS: u64 = 800;
/// The first move number at which the engine considers a draw offer: earlier, it declines
/// without looking (a game is for playing, not for agreeing draws in the opening).
pub const DRAW_FROM_MOVE: u16 = 30;
/// The engine accepts a draw when its search scores the position within this many centipawns
/// of equal (either side's view: a level position).
pub const DRAW_WITHIN_CP: i32 = 30;

/// The options of the AI that gives hints: full strength, [`HINT_MOVE_TIME_MS`], no book (a
/// hint is the engine's own opinion), one line.
pub fn hint_options(seed: Option<u64>) -> AiOptions {
    AiOptions {
        strength: Strength::Full,
        move_time_ms: Some(HINT_MOVE_TIME_MS),
        hash_mb: Some(HINT_HASH_MB),
        multi_pv: 1,
        book: false,
        seed,
        ..AiOptions::default()
    }
}

/// The engine's answer to a draw offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum DrawAnswer {
    /// Before move [`DRAW_FROM_MOVE`]: declined without a search.
    TooEarly {
        /// The first move number at which an offer is considered.
        from_move: u16,
    },
    /// The position is level: the draw is agreed.
    Accepts,
    /// The engine plays on.
    Declines,
}

impl DrawAnswer {
    /// A stable kebab-case name: `too-early`, `accepts`, `declines`.
    pub const fn name(self) -> &'static str {
        match self {
            DrawAnswer::TooEarly { .. } => "too-early",
            DrawAnswer::Accepts => "accepts",
            DrawAnswer::Declines => "declines",
        }
    }
}

/// Whether the engine takes a draw offered at move `full_move`, from its search's score of the
/// position (`None`: no score, as when the search failed). Before [`DRAW_FROM_MOVE`] the score
/// is not needed: a front end asks with `None` first and searches
/// ([`DRAW_OFFER_MOVE_TIME_MS`]) only when the answer is not [`DrawAnswer::TooEarly`]. A mate
/// on the board's horizon, for either side, is no level position.
pub fn answer_draw_offer(full_move: u16, score: Option<Score>) -> DrawAnswer {
    if full_move < DRAW_FROM_MOVE {
        return DrawAnswer::TooEarly { from_move: DRAW_FROM_MOVE };
    }
    match score {
        Some(s) if s.mate_moves().is_none() && s.0.abs() <= DRAW_WITHIN_CP => DrawAnswer::Accepts,
        _ => DrawAnswer::Declines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_is_taken_late_and_level_only() {
        assert_eq!(answer_draw_offer(29, None), DrawAnswer::TooEarly { from_move: 30 });
        assert_eq!(answer_draw_offer(30, None), DrawAnswer::Declines, "no score: play on");
        assert_eq!(answer_draw_offer(30, Some(Score(30))), DrawAnswer::Accepts);
        assert_eq!(answer_draw_offer(30, Some(Score(-30))), DrawAnswer::Accepts);
        assert_eq!(answer_draw_offer(30, Some(Score(31))), DrawAnswer::Declines);
        assert_eq!(answer_draw_offer(80, Some(Score::mate_in(3))), DrawAnswer::Declines);
        assert_eq!(answer_draw_offer(80, Some(-Score::mate_in(3))), DrawAnswer::Declines);
    }

    #[test]
    fn a_hint_thinks_at_full_strength_without_the_book() {
        let o = hint_options(Some(7));
        assert_eq!(
            (o.strength, o.move_time_ms, o.book, o.seed),
            (Strength::Full, Some(HINT_MOVE_TIME_MS), false, Some(7))
        );
    }
}
