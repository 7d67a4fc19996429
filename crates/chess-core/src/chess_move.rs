//! [`Move`]: a 16-bit move, and [`MoveList`].

use core::fmt;
use core::num::NonZeroU16;

use arrayvec::ArrayVec;

use crate::{Role, Square};

/// A move in 16 bits: origin, destination and promotion.
///
/// Castling is encoded as the king capturing its own rook (`e1h1` for white's short castle in
/// standard chess), the one encoding that works for Chess960 too; notation functions such as
/// [`Board::uci`](crate::Board::uci) convert to the conventional `e1g1` when asked. En passant
/// is a pawn moving diagonally onto the en-passant square. A `Move` says nothing about legality:
/// see [`Board::is_legal`](crate::Board::is_legal).
///
/// `Option<Move>` is also 16 bits.
///
/// ```
/// use chess_core::{Move, Role, Square};
/// let mv = Move::new(Square::E7, Square::E8, Some(Role::Knight));
/// assert_eq!(mv.from(), Square::E7);
/// assert_eq!(mv.to(), Square::E8);
/// assert_eq!(mv.promotion(), Some(Role::Knight));
/// assert_eq!(mv.to_string(), "e7e8n");
/// assert_eq!(core::mem::size_of::<Option<Move>>(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

/// Bit 15 is always set so that the value is never zero.
const TAG: u16 = 1 << 15;

impl Move {
    /// A move from `from` to `to`, promoting to `promotion`.
    ///
    /// # Panics
    /// If `promotion` is a pawn or a king. [`Move::try_new`] returns `None` instead.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, promotion: Option<Role>) -> Self {
        match Self::try_new(from, to, promotion) {
            Some(mv) => mv,
            None => panic!("a move can only promote to a knight, bishop, rook or queen"),
        }
    }

    /// A move from `from` to `to`, promoting to `promotion`, or `None` if `promotion` is a pawn
    /// or a king.
    ///
    /// ```
    /// use chess_core::{Move, Role, Square};
    /// assert!(Move::try_new(Square::E7, Square::E8, Some(Role::Queen)).is_some());
    /// assert_eq!(Move::try_new(Square::E7, Square::E8, Some(Role::King)), None);
    /// ```
    #[inline(always)]
    pub const fn try_new(from: Square, to: Square, promotion: Option<Role>) -> Option<Self> {
        let promo = match promotion {
            None => 0,
            Some(Role::Knight) => 1,
            Some(Role::Bishop) => 2,
            Some(Role::Rook) => 3,
            Some(Role::Queen) => 4,
            Some(Role::Pawn | Role::King) => return None,
        };
        let raw = TAG | from as u16 | (to as u16) << 6 | promo << 12;
        match NonZeroU16::new(raw) {
            Some(v) => Some(Move(v)),
            None => unreachable!(),
        }
    }

    /// The origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index((self.0.get() & 63) as usize)
    }

    /// The destination square (the own rook's square for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index((self.0.get() >> 6 & 63) as usize)
    }

    /// The promotion piece, if any.
    #[inline(always)]
    pub const fn promotion(self) -> Option<Role> {
        match self.0.get() >> 12 & 7 {
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            _ => None,
        }
    }

    /// The raw 16-bit encoding (never 0), for compact storage such as a transposition table.
    #[inline(always)]
    pub const fn to_u16(self) -> u16 {
        self.0.get()
    }

    /// Decode [`to_u16`](Self::to_u16); `None` for 0 or a value that is not a valid encoding.
    #[inline]
    pub const fn from_u16(raw: u16) -> Option<Self> {
        if raw & TAG == 0 || (raw >> 12 & 7) > 4 {
            return None;
        }
        match NonZeroU16::new(raw) {
            Some(v) => Some(Move(v)),
            None => None,
        }
    }
}

impl fmt::Display for Move {
    /// Raw long algebraic: `e2e4`, `e7e8q`; castling as king takes rook (`e1h1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The most legal moves any chess position has is 218; this leaves a margin.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
