//! Nanoseconds per static evaluation over the 59 snapshot positions of chess-eval.

use chess_core::Board;
use chess_eval::{Classical, EvalConfig, Evaluator};
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

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = bench_eval
}
criterion_main!(benches);
