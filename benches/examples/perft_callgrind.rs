//! One perft of the start position, for instruction counts under callgrind:
//!
//! ```text
//! cargo build --release -p chess-benches --example perft_callgrind
//! valgrind --tool=callgrind target/release/examples/perft_callgrind core bulk 4
//! ```
//!
//! Arguments: `core|cozy bulk|full DEPTH [FEN]`.

use std::hint::black_box;

#[path = "../cozy_perft.rs"]
mod cozy_perft;
use cozy_perft::{cozy_bulk, cozy_full};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: perft_callgrind core|cozy bulk|full DEPTH [FEN]";
    let (lib, mode, depth) = match &args[..] {
        [lib, mode, depth, ..] => (lib.as_str(), mode.as_str(), depth.parse::<u32>().expect(usage)),
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let fen = args.get(3).map_or(chess_benches::STARTPOS, String::as_str);
    let depth = black_box(depth);
    let nodes = match (lib, mode) {
        ("core", "bulk") => chess_core::perft(&fen.parse().expect("FEN"), depth),
        ("core", "full") => chess_core::perft_full(&fen.parse().expect("FEN"), depth),
        ("cozy", "bulk") => cozy_bulk(&cozy_chess::Board::from_fen(fen, false).expect("FEN"), depth),
        ("cozy", "full") => cozy_full(&cozy_chess::Board::from_fen(fen, false).expect("FEN"), depth),
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    println!("{lib} {mode} depth {depth}: {nodes} nodes");
}
