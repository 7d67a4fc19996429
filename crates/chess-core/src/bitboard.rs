//! [`BitBoard`]: a set of squares in one `u64`.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign};

use crate::{File, Rank, Square};

// The squares' own sets, defined here so that squares need not know bitboards.

impl File {
    /// The squares of this file.
    #[inline]
    pub const fn bitboard(self) -> BitBoard {
        BitBoard(0x0101_0101_0101_0101 << self as u8)
    }
}

impl Rank {
    /// The squares of this rank.
    #[inline]
    pub const fn bitboard(self) -> BitBoard {
        BitBoard(0xFF << (8 * self as u8))
    }
}

impl Square {
    /// The square as a one-square bitboard.
    #[inline(always)]
    pub const fn bitboard(self) -> BitBoard {
        BitBoard(1 << self as u8)
    }
}

/// A set of squares, one bit per square (`A1` is bit 0, `H8` bit 63).
///
/// It reads like a set: [`has`](Self::has), [`len`](Self::len), iteration in square order, and
/// the operators `|` (union), `&` (intersection), `-` (difference), `^` and `!` (complement).
///
/// ```
/// use chess_core::{BitBoard, Square};
/// let bb = Square::E4.bitboard() | Square::D5.bitboard();
/// assert!(bb.has(Square::E4));
/// assert_eq!(bb.len(), 2);
/// assert_eq!(bb.iter().collect::<Vec<_>>(), vec![Square::E4, Square::D5]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BitBoard(pub u64);

impl BitBoard {
    /// The empty set.
    pub const EMPTY: Self = BitBoard(0);
    /// Every square.
    pub const FULL: Self = BitBoard(!0);
    /// The four edges of the board.
    pub const EDGES: Self = BitBoard(0xFF81_8181_8181_81FF);
    /// The light squares.
    pub const LIGHT_SQUARES: Self = BitBoard(0x55AA_55AA_55AA_55AA);
    /// The dark squares.
    pub const DARK_SQUARES: Self = BitBoard(!0x55AA_55AA_55AA_55AA);

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq as u8 & 1 != 0
    }
    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Whether the set is not empty.
    #[inline(always)]
    pub const fn is_nonempty(self) -> bool {
        self.0 != 0
    }
    /// The number of squares.
    #[inline(always)]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// Whether the set has more than one square.
    #[inline(always)]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    /// Whether the sets share a square.
    #[inline(always)]
    pub const fn intersects(self, other: Self) -> bool {
        self.0 & other.0 != 0
    }
    /// Whether every square of `self` is in `other`.
    #[inline(always)]
    pub const fn is_subset(self, other: Self) -> bool {
        self.0 & !other.0 == 0
    }
    /// The lowest square, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros() as usize))
        }
    }
    /// The highest square, if any.
    #[inline(always)]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(63 - self.0.leading_zeros() as usize))
        }
    }
    /// The only square of a one-square set, `None` for an empty or larger set.
    #[inline(always)]
    pub const fn single(self) -> Option<Square> {
        if self.has_many() {
            None
        } else {
            self.first()
        }
    }
    /// The set with `sq` added.
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Self {
        BitBoard(self.0 | 1 << sq as u8)
    }
    /// The set with `sq` removed.
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Self {
        BitBoard(self.0 & !(1 << sq as u8))
    }
    /// The union (usable in `const` context).
    #[inline(always)]
    pub const fn union(self, other: Self) -> Self {
        BitBoard(self.0 | other.0)
    }
    /// Mirror vertically (rank 1 <-> rank 8).
    #[inline(always)]
    pub const fn flip_ranks(self) -> Self {
        BitBoard(self.0.swap_bytes())
    }
    /// Mirror horizontally (file a <-> file h).
    #[inline]
    pub const fn flip_files(self) -> Self {
        const K1: u64 = 0x5555_5555_5555_5555;
        const K2: u64 = 0x3333_3333_3333_3333;
        const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        let mut x = self.0;
        x = ((x >> 1) & K1) | ((x & K1) << 1);
        x = ((x >> 2) & K2) | ((x & K2) << 2);
        x = ((x >> 4) & K4) | ((x & K4) << 4);
        BitBoard(x)
    }
    /// Iterate the squares in ascending order.
    #[inline(always)]
    pub const fn iter(self) -> BitBoardIter {
        BitBoardIter(self.0)
    }
    /// The set of a whole file.
    #[inline(always)]
    pub const fn file(file: File) -> Self {
        file.bitboard()
    }
    /// The set of a whole rank.
    #[inline(always)]
    pub const fn rank(rank: Rank) -> Self {
        rank.bitboard()
    }
}

/// Iterator over the squares of a [`BitBoard`], lowest first.
#[derive(Debug, Clone, Copy)]
pub struct BitBoardIter(u64);

impl Iterator for BitBoardIter {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index(self.0.trailing_zeros() as usize);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitBoardIter {}

impl IntoIterator for BitBoard {
    type Item = Square;
    type IntoIter = BitBoardIter;
    #[inline(always)]
    fn into_iter(self) -> BitBoardIter {
        self.iter()
    }
}

impl FromIterator<Square> for BitBoard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(BitBoard::EMPTY, |bb, sq| bb.with(sq))
    }
}

impl From<Square> for BitBoard {
    #[inline(always)]
    fn from(sq: Square) -> Self {
        sq.bitboard()
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for BitBoard {
            type Output = BitBoard;
            #[inline(always)]
            fn $f(self, rhs: BitBoard) -> BitBoard {
                BitBoard(self.0 $op rhs.0)
            }
        }
        impl $atr for BitBoard {
            #[inline(always)]
            fn $af(&mut self, rhs: BitBoard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for BitBoard {
    type Output = BitBoard;
    /// Set difference.
    #[inline(always)]
    fn sub(self, rhs: BitBoard) -> BitBoard {
        BitBoard(self.0 & !rhs.0)
    }
}
impl SubAssign for BitBoard {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: BitBoard) {
        self.0 &= !rhs.0;
    }
}
impl Not for BitBoard {
    type Output = BitBoard;
    #[inline(always)]
    fn not(self) -> BitBoard {
        BitBoard(!self.0)
    }
}

impl fmt::Debug for BitBoard {
    /// An 8x8 grid, rank 8 first, `X` for members.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "BitBoard(0x{:016X})", self.0)?;
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.has(Square::new(file, *rank)) { 'X' } else { '.' };
                write!(f, "{c}")?;
                if file != File::H {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
