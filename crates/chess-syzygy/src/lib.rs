//! Syzygy endgame tablebases: perfect play with up to seven pieces, read from the `.rtbw` and
//! `.rtbz` files of the format that Ronald de Man's generator writes.
//!
//! - [`Tablebase::probe_wdl`]: win, draw or loss (with the fifty-move rule's cursed wins and
//!   blessed losses), what a search probes inside its tree.
//! - [`Tablebase::probe_dtz`]: the distance to the next capture or pawn move, which keeps a win
//!   a win under the fifty-move rule.
//! - [`Tablebase::root_moves`]: every legal move ranked by both, for the root of a search.
//!
//! Safe Rust only, no dependency but `chess-core` and `thiserror`. Files are read into memory
//! when first probed (one table at a time, lazily), which suits the 3-5 piece tables; the
//! largest 6- and 7-piece files would want memory mapping instead.
//!
//! The prober was written from the format's public descriptions and checked against
//! python-chess's independent prober on random positions of every 3- and 4-piece table (see
//! `scripts/syzygy-check.py`).
//!
//! ```
//! use chess_core::Board;
//! use chess_syzygy::{Tablebase, Wdl};
//!
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tables");
//! let tb = Tablebase::open(dir)?;
//! // White to move wins with king and rook against king.
//! let board = Board::from_fen("8/8/8/8/8/2k5/8/KR6 w - - 0 1")?;
//! assert_eq!(tb.probe_wdl(&board)?, Wdl::Win);
//! assert!(tb.probe_dtz(&board)? > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::path::PathBuf;

mod index;
mod material;
mod table;
mod tablebase;

pub use material::{Material, MaterialError};
pub use tablebase::{RootMove, Tablebase};

/// A result under the fifty-move rule, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// Lost.
    Loss,
    /// Lost with best play, but saved by the fifty-move rule.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won with best play, but drawn by the fifty-move rule.
    CursedWin,
    /// Won.
    Win,
}

impl Wdl {
    /// −2 (loss) to 2 (win), as the tables number results.
    pub const fn value(self) -> i8 {
        match self {
            Wdl::Loss => -2,
            Wdl::BlessedLoss => -1,
            Wdl::Draw => 0,
            Wdl::CursedWin => 1,
            Wdl::Win => 2,
        }
    }

    /// The result for the other side.
    pub const fn flip(self) -> Self {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    fn from_i8(v: i8) -> Result<Self, ProbeError> {
        Ok(match v {
            -2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            2 => Wdl::Win,
            _ => return Err(ProbeError::Internal(v)),
        })
    }
}

impl std::fmt::Display for Wdl {
    /// `win`, `cursed win`, `draw`, `blessed loss` or `loss`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Wdl::Loss => "loss",
            Wdl::BlessedLoss => "blessed loss",
            Wdl::Draw => "draw",
            Wdl::CursedWin => "cursed win",
            Wdl::Win => "win",
        })
    }
}

/// Tablebases that cannot be opened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SyzygyError {
    /// A directory could not be read.
    #[error("cannot read the Syzygy directory {path}: {message}")]
    Io {
        /// The directory.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// The directories hold no WDL table.
    #[error("no Syzygy tables (.rtbw files) in {0:?}")]
    NoTables(String),
    /// Bytes handed over as a table are not one: the name is not a table's file name
    /// (`KRvK.rtbw`), or the data is not that table.
    #[error("{name} is not a Syzygy table: {why}")]
    NotATable {
        /// The name the table was handed over with.
        name: String,
        /// What is wrong with it.
        why: &'static str,
    },
}

/// A position the tables cannot answer for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProbeError {
    /// The tables have no castling: a position with castling rights is not in them.
    #[error("positions with castling rights are not in the tables")]
    CastlingRights,
    /// More pieces than the largest table.
    #[error("{pieces} pieces: the tables have at most {max}")]
    TooManyPieces {
        /// Pieces on the board.
        pieces: usize,
        /// The most any table has.
        max: usize,
    },
    /// The table this position (or one a capture reaches) needs is not there.
    #[error("no table for {0}")]
    MissingTable(Material),
    /// A table file could not be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// A table file is damaged or not a Syzygy table.
    #[error("{0} is not a valid Syzygy table")]
    Corrupt(PathBuf),
    /// A value out of range: a bug of this crate.
    #[error("the prober computed an impossible result {0}")]
    Internal(i8),
}
