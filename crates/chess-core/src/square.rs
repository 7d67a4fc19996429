//! Files, ranks and squares.

use core::fmt;
use core::str::FromStr;

use crate::Color;

use crate::enums::simple_enum;

simple_enum!(
    /// A file (column) of the board, `A` to `H`.
    File, 8, [A, B, C, D, E, F, G, H]
);
simple_enum!(
    /// A rank (row) of the board, `First` (white's back rank) to `Eighth`.
    Rank, 8, [First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth]
);

impl File {
    /// Mirror horizontally (`A` <-> `H`).
    #[inline]
    pub const fn flip(self) -> Self {
        Self::ALL[7 - self.index()]
    }
    /// The lowercase letter of this file.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }
    /// Parse a lowercase file letter, the form [`File::char`] prints and squares use (`e` of
    /// `e4`). Uppercase is refused, as in [`Square`]'s parser: in SAN an uppercase `B` is a
    /// bishop. (Shredder-FEN's uppercase castling files are lowered by the FEN parser.)
    ///
    /// ```
    /// use chess_core::File;
    /// assert_eq!(File::from_char('e'), Some(File::E));
    /// assert_eq!(File::from_char('E'), None);
    /// assert_eq!("E4".parse::<chess_core::Square>().is_err(), true);
    /// ```
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            'a'..='h' => Some(Self::ALL[c as usize - 'a' as usize]),
            _ => None,
        }
    }
}

impl Rank {
    /// Mirror vertically (`First` <-> `Eighth`).
    #[inline]
    pub const fn flip(self) -> Self {
        Self::ALL[7 - self.index()]
    }
    /// This rank seen from `color`'s side: `First.relative_to(Black)` is `Eighth`.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Self {
        match color {
            Color::White => self,
            Color::Black => self.flip(),
        }
    }
    /// The digit of this rank.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }
    /// Parse a rank digit.
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            '1'..='8' => Some(Self::ALL[c as usize - '1' as usize]),
            _ => None,
        }
    }
}

/// A square of the board, `A1 = 0`, `B1 = 1`, ..., `H8 = 63` (little-endian rank-file mapping).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// Number of squares.
    pub const NUM: usize = 64;
    /// All squares, `A1` to `H8`.
    #[rustfmt::skip]
    pub const ALL: [Self; 64] = {
        let mut all = [Square::A1; 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square::from_index(i);
            i += 1;
        }
        all
    };

    /// The square with this index (`0..64`).
    ///
    /// # Panics
    /// If `index >= 64`.
    #[inline(always)]
    #[rustfmt::skip]
    pub const fn from_index(index: usize) -> Self {
        use Square::*;
        // The optimiser turns this match into a bounds check and the identity.
        match index {
            0 => A1, 1 => B1, 2 => C1, 3 => D1, 4 => E1, 5 => F1, 6 => G1, 7 => H1,
            8 => A2, 9 => B2, 10 => C2, 11 => D2, 12 => E2, 13 => F2, 14 => G2, 15 => H2,
            16 => A3, 17 => B3, 18 => C3, 19 => D3, 20 => E3, 21 => F3, 22 => G3, 23 => H3,
            24 => A4, 25 => B4, 26 => C4, 27 => D4, 28 => E4, 29 => F4, 30 => G4, 31 => H4,
            32 => A5, 33 => B5, 34 => C5, 35 => D5, 36 => E5, 37 => F5, 38 => G5, 39 => H5,
            40 => A6, 41 => B6, 42 => C6, 43 => D6, 44 => E6, 45 => F6, 46 => G6, 47 => H6,
            48 => A7, 49 => B7, 50 => C7, 51 => D7, 52 => E7, 53 => F7, 54 => G7, 55 => H7,
            56 => A8, 57 => B8, 58 => C8, 59 => D8, 60 => E8, 61 => F8, 62 => G8, 63 => H8,
            _ => panic!("square index out of range"),
        }
    }

    /// The square with this index, or `None` if `index >= 64`.
    #[inline]
    pub const fn try_from_index(index: usize) -> Option<Self> {
        if index < 64 {
            Some(Self::from_index(index))
        } else {
            None
        }
    }

    /// The index of this square, `0..64`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square on `file` and `rank`.
    #[inline(always)]
    pub const fn new(file: File, rank: Rank) -> Self {
        Self::from_index(rank as usize * 8 + file as usize)
    }

    /// The file of this square.
    #[inline(always)]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The rank of this square.
    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// Mirror vertically (`A1` <-> `A8`): the same square seen from the other side.
    #[inline(always)]
    pub const fn flip_rank(self) -> Self {
        Self::from_index(self as usize ^ 56)
    }

    /// Mirror horizontally (`A1` <-> `H1`).
    #[inline(always)]
    pub const fn flip_file(self) -> Self {
        Self::from_index(self as usize ^ 7)
    }

    /// This square seen from `color`'s side: flipped vertically for black.
    #[inline(always)]
    pub const fn relative_to(self, color: Color) -> Self {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// The square offset by `files` and `ranks`, or `None` when that leaves the board.
    #[inline]
    pub const fn try_offset(self, files: i8, ranks: i8) -> Option<Self> {
        let f = self.file() as i8 + files;
        let r = self.rank() as i8 + ranks;
        if f < 0 || f >= 8 || r < 0 || r >= 8 {
            None
        } else {
            Some(Self::from_index((r * 8 + f) as usize))
        }
    }

    /// The square the given number of ranks "forward" for `color`, assuming it exists.
    ///
    /// # Panics
    /// If the result leaves the board.
    #[inline(always)]
    pub const fn forward(self, color: Color, ranks: u8) -> Self {
        match color {
            Color::White => Self::from_index(self as usize + 8 * ranks as usize),
            Color::Black => Self::from_index(self as usize - 8 * ranks as usize),
        }
    }

    /// Whether the square is light (`H1` is light, `A1` dark).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() as u8 + self.rank() as u8) % 2 == 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The error for a string that is not a square name such as `e4`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {0:?}: expected a file a-h followed by a rank 1-8")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(f), Some(r)) => Ok(Square::new(f, r)),
                _ => Err(ParseSquareError(crate::excerpt(s).into_owned())),
            },
            _ => Err(ParseSquareError(crate::excerpt(s).into_owned())),
        }
    }
}
