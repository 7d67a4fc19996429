//! [`Score`]: centipawns, with a range reserved above every evaluation for mate scores.

use core::fmt;
use core::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// A score in centipawns from the point of view of the side to move, or a mate score.
///
/// Layout of the range (all fit in an `i16`, so a transposition table can store them compactly):
///
/// | range | meaning |
/// | --- | --- |
/// | `-MAX_EVAL ..= MAX_EVAL` | evaluations (an [`Evaluator`](crate::Evaluator) must stay here) |
/// | `TB_WIN - MAX_PLY ..= TB_WIN` | a tablebase win, `TB_WIN - n` reached `n` plies from the root |
/// | `MATE_BOUND ..= MATE` | mate for the side to move; `MATE - n` means mate in `n` plies |
/// | `-MATE ..= -MATE_BOUND` | the side to move gets mated |
/// | `INFINITE` | above everything, for search windows |
///
/// ```
/// use chess_eval::Score;
/// let s = Score::mate_in(3); // mate in 3 plies: 2 moves
/// assert!(s.is_mate());
/// assert_eq!(s.mate_moves(), Some(2));
/// assert_eq!(Score::mated_in(2).mate_moves(), Some(-1));
/// assert_eq!(Score::cp(35).to_string(), "cp 35");
/// assert_eq!(s.to_string(), "mate 2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// A draw, or an equal position.
    pub const DRAW: Score = Score(0);
    /// Mate on the board (0 plies away).
    pub const MATE: Score = Score(32_000);
    /// Above every score.
    pub const INFINITE: Score = Score(32_001);
    /// The deepest ply a search may reach; mate scores keep this much room.
    pub const MAX_PLY: i32 = 256;
    /// The smallest mate score: `MATE - MAX_PLY`.
    pub const MATE_BOUND: Score = Score(32_000 - 256);
    /// The largest evaluation; an evaluator clamps to `-MAX_EVAL ..= MAX_EVAL`.
    pub const MAX_EVAL: Score = Score(30_000);
    /// A position the endgame tablebases say is won, at the root: above every evaluation, below
    /// every mate (a search reports `TB_WIN - ply` for a win found `ply` plies from the root).
    pub const TB_WIN: Score = Score(31_000);

    /// A centipawn score.
    #[inline(always)]
    pub const fn cp(centipawns: i32) -> Score {
        Score(centipawns)
    }

    /// The side to move mates in `ply` plies.
    #[inline(always)]
    pub const fn mate_in(ply: i32) -> Score {
        Score(Self::MATE.0 - ply)
    }

    /// The side to move is mated in `ply` plies.
    #[inline(always)]
    pub const fn mated_in(ply: i32) -> Score {
        Score(-Self::MATE.0 + ply)
    }

    /// Whether this is a mate score (either side).
    #[inline(always)]
    pub const fn is_mate(self) -> bool {
        self.0.abs() >= Self::MATE_BOUND.0 && self.0.abs() <= Self::MATE.0
    }

    /// Moves to mate as UCI reports them: positive when the side to move mates, negative when it
    /// is mated (`mate -1`: mated after one more move of its own... i.e. in one reply).
    pub const fn mate_moves(self) -> Option<i32> {
        if !self.is_mate() {
            None
        } else if self.0 > 0 {
            Some((Self::MATE.0 - self.0 + 1) / 2)
        } else {
            Some(-(Self::MATE.0 + self.0) / 2)
        }
    }

    /// The score as people read it, from the side to move's point of view: pawns with a sign
    /// (`+0.34`, `-1.20`), a mate in moves (`#3` mates, `#-2` is mated), or `+TB` / `-TB` above
    /// every evaluation (a win or loss the endgame tablebases prove). The one form of every
    /// front end's scores (the terminal's `play`, `analyze` and `review`, a review's sentences).
    ///
    /// ```
    /// use chess_eval::Score;
    /// assert_eq!(Score(34).in_pawns(), "+0.34");
    /// assert_eq!(Score(-120).in_pawns(), "-1.20");
    /// assert_eq!(Score(0).in_pawns(), "+0.00");
    /// assert_eq!(Score::mate_in(5).in_pawns(), "#3");
    /// assert_eq!(Score::mated_in(4).in_pawns(), "#-2");
    /// assert_eq!((Score::TB_WIN - 29).in_pawns(), "+TB");
    /// ```
    pub fn in_pawns(self) -> String {
        self.signed(1)
    }

    /// [`in_pawns`](Self::in_pawns) of a score found for `mover` (the side to move when it was
    /// found), from White's point of view: `+0.35` is good for White, `#3` a mate in 3 for White,
    /// `#-3` for Black.
    ///
    /// ```
    /// use chess_core::Color;
    /// use chess_eval::Score;
    /// assert_eq!(Score(35).in_pawns_for_white(Color::White), "+0.35");
    /// assert_eq!(Score(21).in_pawns_for_white(Color::Black), "-0.21");
    /// assert_eq!(Score::mate_in(5).in_pawns_for_white(Color::White), "#3");
    /// assert_eq!(Score::mate_in(5).in_pawns_for_white(Color::Black), "#-3");
    /// assert_eq!(Score::mated_in(4).in_pawns_for_white(Color::White), "#-2");
    /// assert_eq!(Score::mated_in(4).in_pawns_for_white(Color::Black), "#2");
    /// assert_eq!((Score::TB_WIN - 3).in_pawns_for_white(Color::Black), "-TB");
    /// ```
    pub fn in_pawns_for_white(self, mover: chess_core::Color) -> String {
        self.signed(if mover == chess_core::Color::White { 1 } else { -1 })
    }

    fn signed(self, sign: i32) -> String {
        match self.mate_moves() {
            Some(moves) => format!("#{}", sign * moves),
            None if self.0.abs() > Self::MAX_EVAL.0 => if sign * self.0 > 0 { "+TB" } else { "-TB" }.to_owned(),
            None => format!("{:+.2}", f64::from(sign * self.0) / 100.0),
        }
    }

    /// Clamp an evaluation into the evaluation range.
    #[inline(always)]
    pub const fn clamp_eval(self) -> Score {
        if self.0 > Self::MAX_EVAL.0 {
            Self::MAX_EVAL
        } else if self.0 < -Self::MAX_EVAL.0 {
            Score(-Self::MAX_EVAL.0)
        } else {
            self
        }
    }
}

impl fmt::Display for Score {
    /// UCI style: `cp 35` or `mate -3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(m) => write!(f, "mate {m}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, rhs: i32) -> Score {
        Score(self.0 + rhs)
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, rhs: i32) -> Score {
        Score(self.0 - rhs)
    }
}

impl Add for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, rhs: Score) -> Score {
        Score(self.0 + rhs.0)
    }
}

impl Sub for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, rhs: Score) -> Score {
        Score(self.0 - rhs.0)
    }
}

impl AddAssign<i32> for Score {
    fn add_assign(&mut self, rhs: i32) {
        self.0 += rhs;
    }
}

impl SubAssign<i32> for Score {
    fn sub_assign(&mut self, rhs: i32) {
        self.0 -= rhs;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_sit_above_every_evaluation() {
        assert!(Score::mate_in(Score::MAX_PLY) > Score::MAX_EVAL);
        assert!(Score::mated_in(Score::MAX_PLY) < -Score::MAX_EVAL);
        assert!(Score::INFINITE > Score::MATE);
        assert!(i16::try_from(Score::INFINITE.0).is_ok());
        assert_eq!(Score::mate_in(1).mate_moves(), Some(1));
        assert_eq!(Score::mate_in(5).mate_moves(), Some(3));
        assert_eq!(Score::mated_in(0).mate_moves(), Some(0));
        assert_eq!(Score::mated_in(4).mate_moves(), Some(-2));
        assert_eq!(Score::MAX_EVAL.mate_moves(), None);
        assert_eq!(Score(99_999).clamp_eval(), Score::MAX_EVAL);
    }
}
