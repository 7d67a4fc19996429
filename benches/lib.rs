//! Benchmarks live in `benches/`; this library holds the positions they share.

#![forbid(unsafe_code)]

/// The standard starting position.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// "Kiwipete", the classic perft position 2: castling, pins, en passant, promotions nearby.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Perft position 3: a sparse endgame with en-passant pins along the rank.
pub const POSITION3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
