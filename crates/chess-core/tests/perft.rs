//! Perft against the shared suites (vendored in `tests/data`).
//!
//! In CI: every `standard.epd` depth up to ~20 million nodes, the 6 classic positions to depth 5,
//! and all 960 Chess960 starting positions to depth 3. The deepest counts are `#[ignore]`d:
//! `cargo test --release -p chess-core --test perft -- --ignored`.

use chess_core::{perft, perft_full, Board};

struct Case {
    fen: String,
    depths: Vec<(u32, u64)>,
}

fn load(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_owned();
            let depths = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').unwrap();
                    (d.trim_start_matches('D').parse().unwrap(), n.trim().parse().unwrap())
                })
                .collect();
            Case { fen, depths }
        })
        .collect()
}

fn run(cases: &[Case], max_depth: u32, max_nodes: u64, min_nodes: u64) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in cases {
        let board: Board = case.fen.parse().unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.depths {
            if depth > max_depth || expected > max_nodes || expected < min_nodes {
                continue;
            }
            checked += 1;
            let got = perft(&board, depth);
            if got != expected {
                failures.push(format!("{} depth {depth}: expected {expected}, got {got}", case.fen));
            }
        }
    }
    (checked, failures)
}

#[test]
fn standard_suite() {
    let cases = load(include_str!("data/standard.epd"));
    assert_eq!(cases.len(), 128);
    let (checked, failures) = run(&cases, 6, 20_000_000, 0);
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(checked > 600, "only {checked} depths checked");
}

#[test]
fn classic_positions_to_depth_5() {
    let cases = load(include_str!("data/perft_cpw.epd"));
    assert_eq!(cases.len(), 7);
    let (checked, failures) = run(&cases, 5, u64::MAX, 0);
    assert!(failures.is_empty(), "{failures:#?}");
    assert_eq!(checked, 7 * 5);
}

#[test]
#[ignore = "deep: billions of nodes; run with --release -- --ignored"]
fn classic_positions_deep() {
    let cases = load(include_str!("data/perft_cpw.epd"));
    let (_, failures) = run(&cases, 8, u64::MAX, 20_000_000);
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn chess960_suite_to_depth_3() {
    let cases = load(include_str!("data/fischer.epd"));
    assert_eq!(cases.len(), 960);
    let (checked, failures) = run(&cases, 3, u64::MAX, 0);
    assert!(failures.is_empty(), "{failures:#?}");
    assert_eq!(checked, 960 * 3);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn chess960_suite_deep() {
    let cases = load(include_str!("data/fischer.epd"));
    let (_, failures) = run(&cases, 5, u64::MAX, 0);
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn full_perft_matches_bulk_perft() {
    // Every leaf made: the same counts, and play_unchecked exercised on every leaf.
    for case in load(include_str!("data/perft_cpw.epd")) {
        let board: Board = case.fen.parse().unwrap();
        let (depth, expected) = case.depths[2];
        assert_eq!(perft_full(&board, depth), expected, "{}", case.fen);
    }
}
