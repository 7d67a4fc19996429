//! Nanoseconds per static evaluation over the 59 snapshot positions of chess-eval, and per node
//! of the neural evaluation's search pattern (update after a move, evaluate, take back) against
//! the classical evaluation of the same positions.

use std::sync::Arc;

use chess_core::{Board, Move};
use chess_eval::{Classical, EvalConfig, Evaluator, Network, Nnue};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn positions() -> Vec<Board> {
    include_str!("../../crates/chess-eval/tests/data/positions.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_once('|').expect("name | fen").1.trim().parse().expect("valid FEN"))
        .collect()
}

fn bench_eval(c: &mut Criterion) {
    let boards = positions();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(boards.len() as u64));
    for (name, config) in [("full", EvalConfig::FULL), ("material_pst", EvalConfig::MATERIAL_PST)] {
        let mut eval = Classical::new(config);
        group.bench_function(name, |b| {
            b.iter(|| boards.iter().map(|board| eval.evaluate(black_box(board)).0).sum::<i32>())
        });
    }
    group.finish();
}

/// From each snapshot position, a line of up to 12 plies (a fixed choice among the legal moves):
/// the positions a search walks through, each with the move that led to it.
fn lines() -> Vec<(Board, Vec<(Move, Board)>)> {
    positions()
        .into_iter()
        .map(|root| {
            let mut board = root;
            let mut line = Vec::new();
            for ply in 0..12 {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(ply * 7 + 3) % moves.len()];
                board.play(mv);
                line.push((mv, board));
            }
            (root, line)
        })
        .collect()
}

fn bench_nnue(c: &mut Criterion) {
    let lines = lines();
    let nodes: usize = lines.iter().map(|(_, l)| l.len()).sum();
    let mut group = c.benchmark_group("eval_per_node");
    group.throughput(Throughput::Elements(nodes as u64));
    let mut classical = Classical::default();
    group.bench_function("classical", |b| {
        b.iter(|| {
            lines.iter().flat_map(|(_, l)| l).map(|(_, after)| classical.evaluate(black_box(after)).0).sum::<i32>()
        })
    });
    for hidden in [128, 256] {
        let mut nnue = Nnue::new(Arc::new(Network::random(hidden, 1)));
        group.bench_function(format!("nnue_{hidden}"), |b| {
            b.iter(|| {
                let mut sum = 0;
                for (root, line) in &lines {
                    nnue.reset(root);
                    let mut before = root;
                    for (mv, after) in line {
                        nnue.push(before, *mv, black_box(after));
                        sum += nnue.evaluate(after).0;
                        before = after;
                    }
                    for _ in line {
                        nnue.pop();
                    }
                }
                sum
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = bench_eval, bench_nnue
}
criterion_main!(benches);
