//! Probe positions read one FEN a line from standard input; print `FEN;WDL;DTZ` for each
//! (`error: ...` in place of the values when the tables cannot answer).
//!
//! ```text
//! cargo run --release -p chess-syzygy --example probe -- PATH < positions.fen
//! ```
use std::io::{BufRead, Write};

use chess_core::Board;
use chess_syzygy::Tablebase;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: probe SYZYGY_PATH < fens");
        std::process::exit(2);
    };
    let tb = match Tablebase::open(&path) {
        Ok(tb) => tb,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let answer = Board::from_fen(fen).map_err(|e| e.to_string()).and_then(|b| {
            Ok((tb.probe_wdl(&b).map_err(|e| e.to_string())?, tb.probe_dtz(&b).map_err(|e| e.to_string())?))
        });
        let written = match answer {
            Ok((wdl, dtz)) => writeln!(out, "{fen};{};{dtz}", wdl.value()),
            Err(e) => writeln!(out, "{fen};error: {e}"),
        };
        if written.is_err() {
            return;
        }
    }
}
