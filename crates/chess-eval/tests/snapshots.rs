//! Snapshot regressions: the trace of every position in `data/positions.txt`.
//!
//! A change of evaluation shows up as a diff of `tests/snapshots/*.snap`. Review it with
//! `cargo insta review` (or set `INSTA_UPDATE=always` and read `git diff`), and accept it only
//! when the change is intended.

mod common;

use chess_eval::Classical;

#[test]
fn traces_of_the_snapshot_positions() {
    let positions = common::snapshot_positions();
    assert!(positions.len() >= 50, "{}", positions.len());
    let eval = Classical::default();
    let mut report = String::new();
    for (name, board) in &positions {
        report.push_str(&format!("== {name}: {board}\n{}\n", eval.trace(board)));
    }
    insta::assert_snapshot!("traces", report);
}

#[test]
fn scores_of_the_snapshot_positions_with_simple_eval() {
    let eval = Classical::new(chess_eval::EvalConfig::MATERIAL_PST);
    let report: String = common::snapshot_positions()
        .iter()
        .map(|(name, board)| format!("{name:>24}: {:+}\n", eval.trace(board).score))
        .collect();
    insta::assert_snapshot!("material_pst_scores", report);
}
