//! `chess-tune`: Texel tuning of the classical evaluation.
//!
//! ```text
//! chess-tune datagen --openings EPD --out FILE [--games N] [--nodes N] [--threads N]
//!                    [--random-plies N] [--seed N]
//! chess-tune tune --data FILE[,FILE...] [--out weights.rs] [--iterations N] [--rate R]
//!                 [--lambda L] [--reg R] [--min-count N] [--threads N]
//! chess-tune selfplay [--out DIR] [--chunks N] [--games-per-chunk N] [--nodes N] [--threads N] [--seed N]
//! chess-tune selfplay-stats [--dir DIR]
//! ```
//!
//! `selfplay` writes the neural evaluation's training games in resumable binary chunks (see
//! [`selfplay`] and `docs/datagen.md`); `selfplay-stats` counts what a folder holds.
//! `datagen` plays self-play games and writes quiet positions labelled with the game result;
//! `tune` fits the weights to them and writes `crates/chess-eval/src/weights.rs` (or `--out`).
//! See `docs/evaluation.md` for the procedure and the figures of the last run.

#![forbid(unsafe_code)]
mod datagen;
mod emit;
mod selfplay;
mod tune;

use std::process::ExitCode;

use chess_core::Board;

const USAGE: &str = "usage:
  chess-tune datagen --openings EPD --out FILE [--games N] [--nodes N] [--threads N] [--random-plies N] [--seed N]
  chess-tune selfplay [--out DIR] [--chunks N] [--games-per-chunk N] [--nodes N] [--threads N] [--seed N]
  chess-tune selfplay-stats [--dir DIR]
  chess-tune tune --data FILE[,FILE...] [--out PATH] [--iterations N] [--rate R] [--lambda L] [--reg R] [--min-count N] [--threads N]";

/// `--name value` pairs after the subcommand.
struct Args(Vec<(String, String)>);

impl Args {
    fn parse(args: &[String]) -> Result<Args, String> {
        let mut out = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let name = a.strip_prefix("--").ok_or_else(|| format!("unexpected argument `{a}`"))?;
            let value = it.next().ok_or_else(|| format!("`--{name}` needs a value"))?;
            out.push((name.to_string(), value.clone()));
        }
        Ok(Args(out))
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn num<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| format!("`--{name} {v}`: not a valid number")),
        }
    }

    fn check(&self, known: &[&str]) -> Result<(), String> {
        match self.0.iter().find(|(n, _)| !known.contains(&n.as_str())) {
            Some((n, _)) => Err(format!("unknown option `--{n}`")),
            None => Ok(()),
        }
    }
}

fn threads_default() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn datagen(args: &Args) -> Result<(), String> {
    args.check(&["openings", "out", "games", "nodes", "threads", "random-plies", "seed"])?;
    let path = args.get("openings").ok_or("datagen needs --openings EPD")?;
    let out = args.get("out").ok_or("datagen needs --out FILE")?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut openings = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        let fen = format!("{} 0 1", fields.join(" "));
        openings.push(fen.parse::<Board>().map_err(|e| format!("{path}: {line}: {e}"))?);
    }
    if openings.is_empty() {
        return Err(format!("{path}: no openings"));
    }
    let opts = datagen::DatagenOptions {
        games: args.num("games", 1000)?,
        nodes: args.num("nodes", 8000)?,
        threads: args.num("threads", threads_default())?,
        random_plies: args.num("random-plies", 4)?,
        seed: args.num("seed", 1)?,
    };
    let file = std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?;
    let mut w = std::io::BufWriter::new(file);
    let (games, positions) = datagen::run(&openings, &opts, &mut w).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("{games} games, {positions} positions written to {out}");
    Ok(())
}

/// Where self-play chunks go unless `--out` says otherwise (git-ignored).
const SELFPLAY_DIR: &str = "data/selfplay";

fn selfplay(args: &Args) -> Result<(), String> {
    args.check(&["out", "chunks", "games-per-chunk", "nodes", "threads", "seed"])?;
    let opts = selfplay::SelfplayOptions {
        dir: args.get("out").unwrap_or(SELFPLAY_DIR).into(),
        chunks: args.num("chunks", 1000)?,
        games_per_chunk: args.num("games-per-chunk", 100)?,
        nodes: args.num("nodes", 5000)?,
        threads: args.num("threads", threads_default())?,
        seed: args.num("seed", 1)?,
    };
    if opts.games_per_chunk == 0 || opts.nodes == 0 || opts.threads == 0 {
        return Err("--games-per-chunk, --nodes and --threads must be at least 1".into());
    }
    let written = selfplay::run(&opts).map_err(|e| format!("{}: {e}", opts.dir.display()))?;
    eprintln!("{written} chunks written to {}", opts.dir.display());
    Ok(())
}

fn selfplay_stats(args: &Args) -> Result<(), String> {
    args.check(&["dir"])?;
    let dir = std::path::Path::new(args.get("dir").unwrap_or(SELFPLAY_DIR));
    let (chunks, t) = selfplay::stats(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    println!(
        "{chunks} chunks, {} games, {} positions, {} for training; White {} / draws {} / Black {}",
        t.games, t.positions, t.kept, t.wdl[0], t.wdl[1], t.wdl[2]
    );
    Ok(())
}

fn tune(args: &Args) -> Result<(), String> {
    args.check(&["data", "out", "iterations", "rate", "lambda", "reg", "min-count", "threads"])?;
    let files = args.get("data").ok_or("tune needs --data FILE")?;
    let out = args.get("out").unwrap_or("crates/chess-eval/src/weights.rs");
    let mut text = String::new();
    for f in files.split(',') {
        text.push_str(&std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?);
    }
    let mut data = tune::load(&text)?;
    if data.is_empty() {
        return Err("no positions".into());
    }
    let opts = tune::TuneOptions {
        iterations: args.num("iterations", 2000)?,
        rate: args.num("rate", 1.0)?,
        lambda: args.num("lambda", 1.0)?,
        regularisation: args.num("reg", 0.0)?,
        min_count: args.num("min-count", 1000)?,
        threads: args.num("threads", threads_default())?,
    };
    if !(0.0..=1.0).contains(&opts.lambda) {
        return Err("--lambda must be within 0..=1".into());
    }
    let tuned = tune::tune(&mut data, &opts, |line| eprintln!("{line}"));
    std::fs::write(out, emit::weights_rs(&tuned)).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("weights written to {out}");
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("datagen") => Args::parse(&args[1..]).and_then(|a| datagen(&a)),
        Some("tune") => Args::parse(&args[1..]).and_then(|a| tune(&a)),
        Some("selfplay") => Args::parse(&args[1..]).and_then(|a| selfplay(&a)),
        Some("selfplay-stats") => Args::parse(&args[1..]).and_then(|a| selfplay_stats(&a)),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chess-tune: {e}");
            ExitCode::from(2)
        }
    }
}
