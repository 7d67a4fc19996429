//! `chess-tune`: Texel tuning of the classical evaluation.
//!
//! ```text
//! chess-tune datagen --openings EPD --out FILE [--games N] [--nodes N] [--threads N]
//!                    [--random-plies N] [--seed N]
//! chess-tune tune --data FILE[,FILE...] [--out weights_tuned.rs] [--iterations N] [--rate R]
//!                 [--lambda L] [--reg R] [--min-count N] [--threads N]
//! chess-tune selfplay [--out DIR] [--chunks N] [--games-per-chunk N] [--nodes N] [--threads N] [--seed N]
//!                   [--eval net|classical|NAME|FILE] [--shard I/N]
//! chess-tune selfplay-stats [--dir DIR]
//! chess-tune pack [--data DIR] [--out training-data] [--data-seeds S,S] [--budget-mb N]
//! chess-tune unpack [--from training-data] [--out DIR] [--data-seeds S,S]
//! chess-tune verify-data [--from training-data] [--data-seeds S,S]
//! chess-tune winfit [--dir DIR]
//! chess-tune validate --nets NAME|FILE[,...] [--data DIR] [--data-seeds S,S] [--max-positions N]
//! chess-tune train [--data DIR] [--data-seeds S,S] [--hidden N] [--output-buckets B] [--kings plain|hm|hm2|hm4] [--epochs N] [--lr R] [--wd R] [--batch N]
//!                  [--lambda L] [--wdl-scale CP] [--next-ply W] [--threads N] [--seed N] [--max-positions N] [--mirror BOOL] [--init embedded|NAME|FILE] [--out FILE] [--name NAME]
//! ```
//!
//! `train` fits the neural evaluation to them and writes the quantised net (see [`train`] and
//! `docs/training.md`); `validate` compares nets by their loss on the held-out games of a data
//! set. `selfplay` writes the neural evaluation's training games in resumable binary chunks (see
//! [`selfplay`](mod@selfplay) and `docs/datagen.md`; `--shard I/N` plays every N-th chunk from the
//! I-th, the same bytes, for a job array: `scripts/slurm/`, `docs/scale.md`); `selfplay-stats` counts what a folder holds; `pack` packs
//! its chunks into the repository's `training-data/` (about 2 bytes a position, with a manifest of
//! checksums and provenance: [`training_data`]), `unpack` writes them back as chunks, and
//! `verify-data` checks every packed chunk against the manifest.
//! `datagen` plays self-play games and writes quiet positions labelled with the game result;
//! `tune` fits the weights to them and writes `crates/chess-eval/src/weights_tuned.rs` (or `--out`).
//! See `docs/evaluation.md` for the procedure and the figures of the last run.

#![forbid(unsafe_code)]
mod adjudication;
mod datagen;
mod emit;
mod pack;
mod selfplay;
mod train;
mod training_data;
mod tune;
mod winfit;

use std::process::ExitCode;

use chess_core::Board;
use chess_eval::nnue::KingBuckets;

const USAGE: &str = "usage:
  chess-tune datagen --openings EPD --out FILE [--games N] [--nodes N] [--threads N] [--random-plies N] [--seed N]
  chess-tune selfplay [--out DIR] [--chunks N] [--games-per-chunk N] [--nodes N] [--threads N] [--seed N] [--eval net|classical|NAME|FILE] [--shard I/N]
  chess-tune selfplay-stats [--dir DIR]
  chess-tune pack [--data DIR] [--out training-data] [--data-seeds S,S] [--budget-mb N]
  chess-tune unpack [--from training-data] [--out DIR] [--data-seeds S,S]
  chess-tune verify-data [--from training-data] [--data-seeds S,S]
  chess-tune winfit [--dir DIR]
  chess-tune train [--data DIR] [--data-seeds S,S] [--hidden N] [--output-buckets B] [--kings plain|hm|hm2|hm4] [--epochs N] [--lr R] [--wd R] [--batch N] [--lambda L] [--wdl-scale CP] [--next-ply W] [--threads N] [--seed N] [--max-positions N] [--mirror BOOL] [--init embedded|NAME|FILE] [--out FILE] [--name NAME]
  chess-tune validate --nets NAME|FILE[,...] [--data DIR] [--data-seeds S,S] [--max-positions N] [--threads N]
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
    let (games, positions) =
        chess_core::write_file_with(out, |w| datagen::run(&openings, &opts, w)).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("{games} games, {positions} positions written to {out}");
    Ok(())
}

/// The net that option `--flag` names: `embedded` (the full-strength net), the name of another
/// compiled-in net, or a net file (`crates/chess-eval/nets/cn128-v1.nnue`); or a message that says
/// which option and why.
fn open_net(flag: &str, value: &str) -> Result<std::sync::Arc<chess_eval::Network>, String> {
    chess_eval::Network::load(value).map_err(|e| format!("--{flag} {value}: {e}"))
}

/// Where self-play chunks go unless `--out` says otherwise (git-ignored).
const SELFPLAY_DIR: &str = "data/selfplay";

fn selfplay(args: &Args) -> Result<(), String> {
    args.check(&["out", "chunks", "games-per-chunk", "nodes", "threads", "seed", "eval", "shard"])?;
    let net = match args.get("eval").unwrap_or("net") {
        "net" => Some(chess_eval::Network::embedded()),
        "classical" => None,
        net => Some(open_net("eval", net)?),
    };
    let opts = selfplay::SelfplayOptions {
        dir: args.get("out").unwrap_or(SELFPLAY_DIR).into(),
        chunks: args.num("chunks", 1000)?,
        games_per_chunk: args.num("games-per-chunk", 100)?,
        nodes: args.num("nodes", 5000)?,
        threads: args.num("threads", threads_default())?,
        seed: args.num("seed", 1)?,
        net,
        shard: args.get("shard").map_or(Ok((1, 1)), parse_shard)?,
    };
    eprintln!("self-play with {}", opts.eval_name());
    if opts.games_per_chunk == 0 || opts.nodes == 0 || opts.threads == 0 {
        return Err("--games-per-chunk, --nodes and --threads must be at least 1".into());
    }
    let written = selfplay::run(&opts).map_err(|e| format!("{}: {e}", opts.dir.display()))?;
    eprintln!("{written} chunks written to {}", opts.dir.display());
    Ok(())
}

/// `--shard I/N` (`1 <= I <= N`): the I-th of N shares of a run's chunks, as `chess review
/// --shard` takes it.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard takes I/N, the I-th of N shards (1 <= I <= N), got `{text}`");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (usize, usize) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if n == 0 || i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// The repository's folder of packed self-play data.
const TRAINING_DATA_DIR: &str = "training-data";
/// What the packed data may take in all (issue 84: the repository stays clonable).
const TRAINING_DATA_BUDGET_MB: u64 = 150;

fn pack_data(args: &Args) -> Result<(), String> {
    args.check(&["data", "out", "data-seeds", "budget-mb"])?;
    let opts = training_data::PackOptions {
        data: args.get("data").unwrap_or(SELFPLAY_DIR).into(),
        out: args.get("out").unwrap_or(TRAINING_DATA_DIR).into(),
        seeds: data_seeds(args)?,
        budget: args.num::<u64>("budget-mb", TRAINING_DATA_BUDGET_MB)?.saturating_mul(1 << 20),
    };
    let (packed, total) = training_data::pack_folder(&opts).map_err(|e| format!("pack: {e}"))?;
    let entries = training_data::read_manifest(&opts.out).map_err(|e| format!("pack: {e}"))?;
    let positions: u64 = entries.values().filter_map(|e| e.summary_number("positions")).sum();
    eprintln!(
        "{packed} chunks packed now; {} has {} chunks, {positions} positions in {:.1} MB ({:.2} bytes a position)",
        opts.out.display(),
        entries.len(),
        total as f64 / 1e6,
        total as f64 / positions.max(1) as f64
    );
    Ok(())
}

fn unpack_data(args: &Args, write: bool) -> Result<(), String> {
    args.check(if write { &["from", "out", "data-seeds"] } else { &["from", "data-seeds"] })?;
    let opts = training_data::UnpackOptions {
        from: args.get("from").unwrap_or(TRAINING_DATA_DIR).into(),
        out: write.then(|| args.get("out").unwrap_or(SELFPLAY_DIR).into()),
        seeds: data_seeds(args)?,
    };
    let report = training_data::unpack_folder(&opts).map_err(|e| format!("{}: {e}", opts.from.display()))?;
    match &opts.out {
        Some(out) => eprintln!(
            "{} chunks checked ({} positions), {} written to {}",
            report.checked,
            report.positions,
            report.written,
            out.display()
        ),
        None => eprintln!("{} chunks checked ({} positions): all whole", report.checked, report.positions),
    }
    // What a net's card says of the data it was trained on (`data`, `data_sha256`), for these chunks.
    let entries = training_data::read_manifest(&opts.from).map_err(|e| format!("{}: {e}", opts.from.display()))?;
    let identity = training_data::DataIdentity::of_manifest(&entries, &opts.seeds);
    eprintln!("data {}, data_sha256 {}", identity.chunks(), identity.sha256());
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

/// The Win% curve fitted to the self-play games, beside lichess's (docs/review.md).
fn win_fit(args: &Args) -> Result<(), String> {
    args.check(&["dir"])?;
    let dir = std::path::Path::new(args.get("dir").unwrap_or(SELFPLAY_DIR));
    let paths = selfplay::chunk_paths(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut samples = Vec::new();
    let mut games = 0;
    for path in &paths {
        let chunk = selfplay::read_chunk(path).map_err(|e| format!("{}: {e}", path.display()))?;
        games += chunk.len();
        samples.extend(winfit::samples(&chunk));
    }
    if samples.is_empty() {
        return Err(format!("no self-play positions in {}", dir.display()));
    }
    let fit = winfit::fit(&samples);
    println!(
        "{} chunks, {games} games, {} positions: k = {:.6} (lichess {:.6})",
        paths.len(),
        fit.samples,
        fit.k,
        winfit::LICHESS_K
    );
    println!("| score (cp, mover) | positions | observed | fitted | lichess |");
    println!("| --- | --- | --- | --- | --- |");
    for b in fit.bands.iter().filter(|b| b.n > 0) {
        println!(
            "| {} to {} | {} | {:.1}% | {:.1}% | {:.1}% |",
            b.lo,
            b.hi,
            b.n,
            100.0 * b.observed,
            100.0 * b.fitted,
            100.0 * b.lichess
        );
    }
    Ok(())
}

/// `--data-seeds S,S`: the self-play runs whose chunks to read (none given: all).
fn data_seeds(args: &Args) -> Result<Vec<u64>, String> {
    match args.get("data-seeds") {
        None => Ok(Vec::new()),
        Some(list) => list
            .split(',')
            .map(|s| s.trim().parse::<u64>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("--data-seeds {list}: {e} (a comma-separated list of seeds)")),
    }
}

/// `validate`: each net's loss on the held-out games of a data set, the measure `train` prints,
/// so that nets trained on other data (or the embedded one) are compared on the same positions.
fn validate(args: &Args) -> Result<(), String> {
    args.check(&["nets", "data", "data-seeds", "max-positions", "threads"])?;
    let nets = args.get("nets").ok_or("validate needs --nets NAME|FILE[,NAME|FILE...]")?;
    let dir = std::path::PathBuf::from(args.get("data").unwrap_or(SELFPLAY_DIR));
    let seeds = data_seeds(args)?;
    let max_positions = args.num("max-positions", 0)?;
    let threads = args.num("threads", threads_default())?;
    // Samples are read through a net's inputs: load once for each layout.
    let mut loaded: Vec<(KingBuckets, train::Dataset)> = Vec::new();
    for spec in nets.split(',') {
        let net = open_net("nets", spec)?;
        let kings = net.kings();
        let index = match loaded.iter().position(|(k, _)| *k == kings) {
            Some(index) => index,
            None => {
                let data = train::load(&dir, &seeds, train::Target::SCORE, max_positions, false, kings)?;
                println!(
                    "{} chunks, {} games: {} validation positions (inputs {kings}); the classical evaluation's loss {:.6}",
                    data.chunks,
                    data.games,
                    data.validation.len(),
                    data.classical_validation_loss
                );
                loaded.push((kings, data));
                loaded.len() - 1
            }
        };
        let data = &loaded[index].1;
        let float = train::FloatNet::from_network(&net);
        let loss = train::mean_loss(&float, &data.validation, train::Target::SCORE, threads);
        println!("{spec}: {} ({:016x}, {}): validation loss {loss:.6}", net.name(), net.hash(), net.shape());
    }
    Ok(())
}

fn train_net(args: &Args) -> Result<(), String> {
    args.check(&[
        "data",
        "data-seeds",
        "hidden",
        "output-buckets",
        "kings",
        "epochs",
        "lr",
        "wd",
        "batch",
        "lambda",
        "wdl-scale",
        "next-ply",
        "threads",
        "seed",
        "max-positions",
        "mirror",
        "init",
        "out",
        "name",
    ])?;
    let init = match args.get("init") {
        None => None,
        Some(net) => Some(train::FloatNet::from_network(&*open_net("init", net)?)),
    };
    // A net trained on keeps its width, or grows to a multiple of it (each unit copied).
    let hidden = args.num("hidden", init.as_ref().map_or(128, |net| net.hidden()))?;
    if !(1..=chess_eval::nnue::MAX_HIDDEN).contains(&hidden) {
        return Err(format!("--hidden must be within 1..={}", chess_eval::nnue::MAX_HIDDEN));
    }
    let seed = args.num("seed", 1)?;
    let init = match init.map(|net| (net.hidden(), net.widened(hidden, seed))) {
        None => None,
        Some((_, Some(net))) => Some(net),
        Some((had, None)) => return Err(format!("--init is a net of width {had}: --hidden must be a multiple of it")),
    };
    // Output buckets: as many as --init has, or copies of its one output.
    let buckets = args.num("output-buckets", init.as_ref().map_or(1, |net| net.buckets()))?;
    if !(1..=chess_eval::nnue::MAX_BUCKETS).contains(&buckets) {
        return Err(format!("--output-buckets must be within 1..={}", chess_eval::nnue::MAX_BUCKETS));
    }
    let init = match init.map(|net| (net.buckets(), net.with_buckets(buckets))) {
        None => None,
        Some((_, Some(net))) => Some(net),
        Some((had, None)) => return Err(format!("--init has {had} output buckets, not --output-buckets {buckets}")),
    };
    // Inputs: as --init reads them, or its plain inputs copied into each king bucket.
    let kings = match args.get("kings") {
        None => init.as_ref().map_or(KingBuckets::PLAIN, |net| net.kings()),
        Some(name) => KingBuckets::named(name).ok_or_else(|| {
            let names: Vec<_> = KingBuckets::NAMED.iter().map(|(n, _)| *n).collect();
            format!("--kings {name}: not a layout ({})", names.join(", "))
        })?,
    };
    let init = match init.map(|net| (net.kings(), net.with_kings(kings))) {
        None => None,
        Some((_, Some(net))) => Some(net),
        Some((had, None)) => return Err(format!("--init reads its inputs as {had}, not --kings {kings}")),
    };
    let opts = train::TrainOptions {
        data: args.get("data").unwrap_or(SELFPLAY_DIR).into(),
        data_seeds: data_seeds(args)?,
        hidden,
        buckets,
        kings,
        epochs: args.num("epochs", 10)?,
        lr: args.num("lr", 0.001)?,
        weight_decay: args.num("wd", 0.01)?,
        batch: args.num("batch", 4_096)?,
        target: train::Target {
            lambda: args.num("lambda", 0.0)?,
            scale: args.num("wdl-scale", chess_eval::nnue::SCALE as f32)?,
            next: args.num("next-ply", 0.0)?,
        },
        threads: args.num("threads", threads_default())?,
        seed,
        max_positions: args.num("max-positions", 0)?,
        mirror: args.num("mirror", false)?,
        init,
    };
    if opts.epochs == 0 || opts.batch == 0 {
        return Err("--epochs and --batch must be at least 1".into());
    }
    if !(0.0..=1.0).contains(&opts.target.lambda) || opts.lr.is_nan() || opts.lr <= 0.0 {
        return Err("--lambda must be within 0..=1 and --lr positive".into());
    }
    if !(0.0..1.0).contains(&opts.target.next) {
        return Err("--next-ply must be within 0..1".into());
    }
    if !(50.0..=2000.0).contains(&opts.target.scale) {
        return Err("--wdl-scale must be within 50..=2000 centipawns (chess-tune winfit fits it)".into());
    }
    let out = args.get("out").unwrap_or("data/nets/net.nnue").to_owned();
    let started = std::time::Instant::now();
    let mut data = train::load(&opts.data, &opts.data_seeds, opts.target, opts.max_positions, opts.mirror, opts.kings)?;
    if data.train.is_empty() {
        return Err(format!("{}: no training positions", opts.data.display()));
    }
    eprintln!(
        "{} chunks, {} games: {} training positions, {} validation positions ({:.1} s to load); \
         the classical evaluation's validation loss: {:.6}",
        data.chunks,
        data.games,
        data.train.len(),
        data.validation.len(),
        started.elapsed().as_secs_f64(),
        data.classical_validation_loss
    );
    let mut last = None;
    let float = train::train(&mut data.train, &data.validation, &opts, |r| {
        eprintln!(
            "epoch {:>3}  lr {:.5}  train {:.6}  validation {:.6}  {:.0} positions/s",
            r.epoch, r.lr, r.train_loss, r.validation_loss, r.positions_per_second
        );
        last = Some(*r);
    });
    let name =
        args.get("name").map(str::to_owned).unwrap_or_else(|| format!("selfplay-{}x{}", opts.hidden, data.train.len()));
    let net = float.quantise(&name);
    for (what, fen) in [("start position", chess_core::STARTPOS), ("a queen up", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")] {
        let board: Board = fen.parse().expect("a valid FEN");
        eprintln!("{what}: float {:+.1} cp, quantised {:+} cp", float.evaluate(&board), net.evaluate(&board));
    }
    if let Some(dir) = std::path::Path::new(&out).parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    chess_core::write_file(&out, &net.to_bytes()).map_err(|e| format!("{out}: {e}"))?;
    let last = last.expect("one epoch at least");
    let command: Vec<String> = std::env::args().collect();
    let summary = format!(
        "{{\"name\":{:?},\"hash\":\"{:016x}\",\"hidden\":{},\"output_buckets\":{},\"kings\":\"{}\",\"epochs\":{},\"lambda\":{},\"wdl_scale\":{},\"next_ply\":{},\"lr\":{},\"batch\":{},\"mirror\":{},\"seed\":{},\"chunks\":{},\"data\":{:?},\"data_sha256\":\"{}\",\"games\":{},\"positions\":{},\"validation_positions\":{},\"train_loss\":{:.6},\"validation_loss\":{:.6},\"classical_validation_loss\":{:.6},\"positions_per_second\":{:.0},\"seconds\":{:.0},\"command\":{:?}}}\n",
        name,
        net.hash(),
        opts.hidden,
        opts.buckets,
        opts.kings,
        opts.epochs,
        opts.target.lambda,
        opts.target.scale,
        opts.target.next,
        opts.lr,
        opts.batch,
        opts.mirror,
        opts.seed,
        data.chunks,
        data.identity.chunks(),
        data.identity.sha256(),
        data.games,
        data.train.len(),
        data.validation.len(),
        last.train_loss,
        last.validation_loss,
        data.classical_validation_loss,
        last.positions_per_second,
        started.elapsed().as_secs_f64(),
        command.join(" ")
    );
    chess_core::write_file(format!("{out}.json"), summary.as_bytes()).map_err(|e| format!("{out}.json: {e}"))?;
    eprintln!("{name} ({:016x}, {}) written to {out}, summary in {out}.json", net.hash(), net.shape());
    Ok(())
}

fn tune(args: &Args) -> Result<(), String> {
    args.check(&["data", "out", "iterations", "rate", "lambda", "reg", "min-count", "threads"])?;
    let files = args.get("data").ok_or("tune needs --data FILE")?;
    let out = args.get("out").unwrap_or("crates/chess-eval/src/weights_tuned.rs");
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
    chess_core::write_file(out, emit::weights_tuned_rs(&tuned).as_bytes()).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("weights written to {out}");
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let result = match args.first().map(String::as_str) {
        Some("datagen") => Args::parse(&args[1..]).and_then(|a| datagen(&a)),
        Some("tune") => Args::parse(&args[1..]).and_then(|a| tune(&a)),
        Some("selfplay") => Args::parse(&args[1..]).and_then(|a| selfplay(&a)),
        Some("selfplay-stats") => Args::parse(&args[1..]).and_then(|a| selfplay_stats(&a)),
        Some("pack") => Args::parse(&args[1..]).and_then(|a| pack_data(&a)),
        Some("unpack") => Args::parse(&args[1..]).and_then(|a| unpack_data(&a, true)),
        Some("verify-data") => Args::parse(&args[1..]).and_then(|a| unpack_data(&a, false)),
        Some("winfit") => Args::parse(&args[1..]).and_then(|a| win_fit(&a)),
        // A full training run takes minutes of both cores: one typed bare to see the options
        // shows them instead.
        Some("train") if args.len() == 1 => {
            Err(format!("{USAGE}\n(`train` needs at least one option, e.g. `--data data/selfplay`)"))
        }
        Some("train") => Args::parse(&args[1..]).and_then(|a| train_net(&a)),
        Some("validate") => Args::parse(&args[1..]).and_then(|a| validate(&a)),
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

#[cfg(test)]
mod tests {
    use super::parse_shard;

    #[test]
    fn a_shard_is_i_of_n() {
        assert_eq!(parse_shard("1/1"), Ok((1, 1)));
        assert_eq!(parse_shard("3/4"), Ok((3, 4)));
        for bad in ["0/4", "5/4", "1/0", "2", "a/b", "-1/4"] {
            assert_eq!(
                parse_shard(bad),
                Err(format!("--shard takes I/N, the I-th of N shards (1 <= I <= N), got `{bad}`"))
            );
        }
    }
}
