//! Position lists shared by the evaluation tests.
#![allow(dead_code)]

use std::path::Path;

use chess_core::Board;

/// The snapshot set: `(name, board)`.
pub fn snapshot_positions() -> Vec<(String, Board)> {
    include_str!("../data/positions.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, fen) = l.split_once('|').expect("name | fen");
            (name.trim().to_owned(), fen.trim().parse().unwrap_or_else(|e| panic!("{name}: {e}")))
        })
        .collect()
}

/// The first four fields of an EPD line, as a FEN.
fn epd_board(line: &str) -> Option<Board> {
    let fields: Vec<&str> = line.split_whitespace().take(4).collect();
    if fields.len() < 4 {
        return None;
    }
    Board::from_fen(&fields.join(" ")).ok()
}

/// Every position of the STS suite and, in the repository, of the perft suites of chess-core
/// (read from `../chess-core/tests/data`; the packaged crate has the STS suite alone).
pub fn suite_positions() -> Vec<Board> {
    let mut out: Vec<Board> = include_str!("../data/sts.epd").lines().filter_map(epd_board).collect();
    assert_eq!(out.len(), 1500, "the STS suite has 1500 positions");
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../chess-core/tests/data");
    if !core.is_dir() {
        eprintln!("skipped: chess-core's perft suites ({} is absent), the STS suite alone", core.display());
        return out;
    }
    for name in ["standard.epd", "perft_cpw.epd", "fischer.epd"] {
        let path = core.join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        out.extend(text.lines().filter_map(|l| l.split(';').next()).filter_map(|f| f.trim().parse::<Board>().ok()));
    }
    assert!(out.len() > 2500, "{} positions with chess-core's suites", out.len());
    out
}
