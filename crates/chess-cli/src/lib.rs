//! The parts of the `chess` binary that other programs drive: the UCI engine loop ([`uci`]),
//! which the binary runs when started without a command and the fuzz target `uci` feeds lines
//! to, and the reader of EPD perft suites ([`epd`]) behind `chess perft --epd`. The terminal game,
//! analysis, review and the other commands stay in the binary.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod epd;
pub mod uci;

/// The library example of the workspace README runs as a doctest here: chess-cli is not
/// published, so the file outside the crate is always there (a published crate's package would
/// not carry it).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct WorkspaceReadmeDoctests;
