//! `chess bench [depth]`: the search signature and a speed figure (with the embedded net, or
//! `--eval classical`, or another net by name or file); `chess bench --levels`: how
//! long each difficulty level takes to choose a move.

use std::process::ExitCode;
use std::time::Instant;

use chess_ai::bench::{bench, BenchEval, BENCH_POSITIONS, DEFAULT_BENCH_DEPTH};
use chess_ai::HashAllocError;
use chess_ai::{Ai, AiOptions};
use chess_core::Game;

use crate::args::{ArgError, Args};

pub fn run(argv: &[String]) -> Result<ExitCode, ArgError> {
    // `chess bench 12` and `chess bench --depth 12` both work.
    let (depth, rest) = match argv.first().and_then(|a| a.parse::<i32>().ok()) {
        Some(d) => (Some(d), &argv[1..]),
        None => (None, argv),
    };
    let args = Args::parse(rest, &["--depth", "--hash", "--eval"], &["--quiet", "--levels"])?;
    // Every option is read before anything runs, so a bad value is refused whatever the mode.
    let search_options = depth.is_some() || ["--depth", "--hash", "--eval"].iter().any(|o| args.str(o).is_some());
    let depth = match depth {
        Some(d) if !(1..=64).contains(&d) => {
            return Err(ArgError::BadValue {
                option: "depth".into(),
                value: d.to_string(),
                reason: "must be between 1 and 64".into(),
            })
        }
        Some(d) => d,
        None => args.num("--depth", 1..=64)?.unwrap_or(DEFAULT_BENCH_DEPTH),
    };
    let hash = args.num("--hash", 1..=4096)?.unwrap_or(16);
    let quiet = args.flag("--quiet");
    // `net` is the signature's (the embedded net); another net by name or file measures its speed.
    let eval = match args.str("--eval").unwrap_or("net") {
        "net" => BenchEval::Net,
        "classical" => BenchEval::Classical,
        spec => BenchEval::Network(chess_eval::Network::load(spec).map_err(|e| ArgError::BadValue {
            option: "--eval".into(),
            value: spec.into(),
            reason: format!("{e}; --eval takes net (the signature's), classical, a compiled-in net or a net file"),
        })?),
    };
    if args.flag("--levels") {
        if search_options {
            return Err(ArgError::Invalid("bench --levels takes no --depth, --hash or --eval".into()));
        }
        levels();
        return Ok(ExitCode::SUCCESS);
    }
    let each = |fen: &str, nodes: u64, ms: u64| {
        if !quiet {
            outln!("{nodes:>12} nodes {ms:>7} ms  {fen}");
        }
    };
    let total = bench(depth, hash, eval, None, each).map_err(|e: HashAllocError| ArgError::Invalid(e.to_string()))?;
    outln!("===========================");
    outln!("Total time (ms) : {}", total.time_ms);
    outln!("Nodes searched  : {}", total.nodes);
    outln!("Nodes/second    : {}", total.nps());
    Ok(ExitCode::SUCCESS)
}

/// Each level's time to choose a move (no book, one thread, a fixed seed) on every bench
/// position: the mean and the slowest, in milliseconds.
fn levels() {
    outln!("level   mean ms   max ms   ({} bench positions, no book, one thread)", BENCH_POSITIONS.len());
    for level in 1..=chess_ai::LEVELS {
        let options = AiOptions { seed: Some(1), book: false, ..AiOptions::level(level) };
        let ai = Ai::new(options).expect("valid level options");
        let mut times = Vec::with_capacity(BENCH_POSITIONS.len());
        for fen in BENCH_POSITIONS {
            let game = Game::from_fen(fen).expect("the bench positions are valid");
            let started = Instant::now();
            if ai.best_move(&game).is_ok() {
                times.push(started.elapsed().as_secs_f64() * 1000.0);
            }
        }
        let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
        let max = times.iter().copied().fold(0.0, f64::max);
        outln!("{level:>5} {mean:>9.1} {max:>8.1}");
    }
}
