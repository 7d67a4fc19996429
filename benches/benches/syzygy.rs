//! Microseconds per tablebase probe: WDL (what the search asks inside its tree) and DTZ (the
//! root), over the 1,200 positions of chess-syzygy's tests on its vendored tables, the tables
//! already in memory.

use chess_core::Board;
use chess_syzygy::Tablebase;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn bench_probe(c: &mut Criterion) {
    let tb =
        Tablebase::open(concat!(env!("CARGO_MANIFEST_DIR"), "/../crates/chess-syzygy/tests/tables")).expect("tables");
    let boards: Vec<Board> = include_str!("../../crates/chess-syzygy/tests/data/positions.txt")
        .lines()
        .map(|l| l.split(';').next().expect("fen").parse().expect("valid FEN"))
        .collect();
    // Load every table before timing.
    for b in &boards {
        tb.probe_dtz(b).expect("probe");
    }
    let mut group = c.benchmark_group("syzygy");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("wdl", |b| {
        b.iter(|| boards.iter().map(|x| tb.probe_wdl(black_box(x)).unwrap().value() as i32).sum::<i32>())
    });
    group.bench_function("dtz", |b| b.iter(|| boards.iter().map(|x| tb.probe_dtz(black_box(x)).unwrap()).sum::<i32>()));
    group.finish();
}

criterion_group!(benches, bench_probe);
criterion_main!(benches);
