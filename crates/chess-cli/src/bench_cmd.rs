//! `chess bench [depth]`: the search signature and a speed figure.

use std::process::ExitCode;

use chess_eval::Classical;
use chess_search::{run_bench, Engine, DEFAULT_BENCH_DEPTH};

use crate::args::{ArgError, Args};

pub fn run(argv: &[String]) -> Result<ExitCode, ArgError> {
    // `chess bench 12` and `chess bench --depth 12` both work.
    let (depth, rest) = match argv.first().and_then(|a| a.parse::<i32>().ok()) {
        Some(d) => (Some(d), &argv[1..]),
        None => (None, argv),
    };
    let args = Args::parse(rest, &["--depth", "--hash"], &["--quiet"])?;
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
    let mut engine = Engine::new(Classical::default(), hash);
    let total = run_bench(&mut engine, depth, |fen, nodes, ms| {
        if !quiet {
            outln!("{nodes:>12} nodes {ms:>7} ms  {fen}");
        }
    });
    outln!("===========================");
    outln!("Total time (ms) : {}", total.time_ms);
    outln!("Nodes searched  : {}", total.nodes);
    outln!("Nodes/second    : {}", total.nps());
    Ok(ExitCode::SUCCESS)
}
