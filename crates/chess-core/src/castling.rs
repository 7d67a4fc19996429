//! Castling rights, Chess960-ready: each right remembers the file of its rook.

use crate::enums::simple_enum;
use crate::{Color, File};

simple_enum!(
    /// Which way to castle: `Short` (king side, towards the h-file) or `Long` (queen side).
    CastleSide, 2, [Short, Long]
);

impl CastleSide {
    /// The file the king lands on: g or c.
    pub const fn king_to_file(self) -> File {
        match self {
            CastleSide::Short => File::G,
            CastleSide::Long => File::C,
        }
    }
    /// The file the rook lands on: f or d.
    pub const fn rook_to_file(self) -> File {
        match self {
            CastleSide::Short => File::F,
            CastleSide::Long => File::D,
        }
    }
}

/// How castling moves are written in UCI notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingMode {
    /// Standard chess: the king's two-square move (`e1g1`).
    #[default]
    Standard,
    /// Chess960: the king takes its own rook (`e1h1`), as the `UCI_Chess960` option asks.
    Chess960,
}

/// The castling rights of both sides: for each colour and side, the file of the rook that may
/// still castle.
///
/// ```
/// use chess_core::{CastleSide, CastlingRights, Color, File};
/// let rights = CastlingRights::STANDARD;
/// assert_eq!(rights.get(Color::White, CastleSide::Short), Some(File::H));
/// assert!(CastlingRights::NONE.is_empty());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    rooks: [[Option<File>; 2]; 2],
}

impl CastlingRights {
    /// No rights.
    pub const NONE: Self = CastlingRights { rooks: [[None; 2]; 2] };
    /// `KQkq` in standard chess.
    pub const STANDARD: Self = CastlingRights { rooks: [[Some(File::H), Some(File::A)]; 2] };

    /// The rook file for `color` castling to `side`, if the right is held.
    #[inline(always)]
    pub const fn get(&self, color: Color, side: CastleSide) -> Option<File> {
        self.rooks[color as usize][side as usize]
    }

    /// Set or clear a right.
    #[inline(always)]
    pub fn set(&mut self, color: Color, side: CastleSide, rook_file: Option<File>) {
        self.rooks[color as usize][side as usize] = rook_file;
    }

    /// Clear both rights of `color`.
    #[inline(always)]
    pub fn clear(&mut self, color: Color) {
        self.rooks[color as usize] = [None; 2];
    }

    /// Whether no right is held.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        matches!(self.rooks, [[None, None], [None, None]])
    }

    /// The rights with colours swapped (for mirrored positions).
    pub const fn swap_colors(self) -> Self {
        CastlingRights { rooks: [self.rooks[1], self.rooks[0]] }
    }
}
