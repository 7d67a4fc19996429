//! Perft with chess-core and cozy-chess side by side, on the same positions and depths.
//!
//! `cargo bench -p chess-benches --bench perft`
//!
//! Two groups: `perft_bulk` (depth-1 nodes count their moves without making them) and
//! `perft_full` (every leaf move made on a board copy, key updated). Each benchmark id is
//! `<library>/<position>_d<depth>`.

use std::time::Duration;

use chess_benches::{KIWIPETE, POSITION3, STARTPOS};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

#[path = "../cozy_perft.rs"]
mod cozy_perft;
use cozy_perft::{cozy_bulk, cozy_full};

/// Position name, FEN, bulk depth, full depth: each around 10-100 ms per iteration.
const POSITIONS: [(&str, &str, u32, u32); 3] =
    [("startpos", STARTPOS, 5, 5), ("kiwipete", KIWIPETE, 4, 4), ("position3", POSITION3, 6, 5)];

type CorePerft = fn(&chess_core::Board, u32) -> u64;
type CozyPerft = fn(&cozy_chess::Board, u32) -> u64;

fn group(c: &mut Criterion, name: &str, full: bool) {
    let (core_perft, cozy_perft): (CorePerft, CozyPerft) =
        if full { (chess_core::perft_full, cozy_full) } else { (chess_core::perft, cozy_bulk) };
    let mut group = c.benchmark_group(name);
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    for (pos, fen, bulk_depth, full_depth) in POSITIONS {
        let depth = if full { full_depth } else { bulk_depth };
        let core: chess_core::Board = fen.parse().expect("valid FEN");
        let cozy = cozy_chess::Board::from_fen(fen, false).expect("valid FEN");
        // Checked once, outside the timed loop: both libraries do the same work.
        let nodes = core_perft(&core, depth);
        assert_eq!(nodes, cozy_perft(&cozy, depth), "{pos} depth {depth}: chess-core and cozy-chess disagree");
        group.throughput(Throughput::Elements(nodes));
        let id = format!("{pos}_d{depth}");
        group.bench_with_input(BenchmarkId::new("chess-core", &id), &core, |b, board| {
            b.iter(|| core_perft(black_box(board), black_box(depth)))
        });
        group.bench_with_input(BenchmarkId::new("cozy-chess", &id), &cozy, |b, board| {
            b.iter(|| cozy_perft(black_box(board), black_box(depth)))
        });
    }
    group.finish();
}

fn perft_bulk(c: &mut Criterion) {
    group(c, "perft_bulk", false);
}

fn perft_full(c: &mut Criterion) {
    group(c, "perft_full", true);
}

criterion_group!(benches, perft_bulk, perft_full);
criterion_main!(benches);
