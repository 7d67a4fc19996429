//! The `chess` command: a UCI engine (with no arguments), a game in the terminal (`play`),
//! analysis, perft, eval and bench.

#![forbid(unsafe_code)]
/// `println!` that ends the program quietly when stdout is closed (`chess perft ... | head`)
/// instead of panicking on the broken pipe.
macro_rules! outln {
    () => {
        $crate::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` with the same broken-pipe behaviour as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::write_stdout(format_args!($($arg)*))
    };
}

mod analyze_cmd;
mod args;
mod bench_cmd;
mod eval_cmd;
mod format;
mod perft_cmd;
mod play;
mod review_cmd;
mod saved_file;

use std::io::Write;
use std::process::ExitCode;

use chess_cli::uci;

/// Write to stdout; exit at once (status 0, as `head` expects of a producer) if the reader has
/// gone, and with status 1 on any other write error.
pub(crate) fn write_stdout(args: std::fmt::Arguments) {
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("chess: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}

const USAGE: &str = "\
usage: chess <command> [options]

commands:
  play [--level N] [--color white|black] [--fen FEN] [--seed N] [--pgn FILE]
        play a game against the AI in the terminal (levels 1-5, default 3; 0 is full strength)
  analyze [--fen FEN] [--depth N | --movetime MS] [--multipv N] [--hash MB] [--threads N]
          [--syzygy DIRS] [--net NAME|FILE]
        analyse a position: live iterations, then the best lines in SAN with their scores
        (with Syzygy tables, their verdict first, and the search keeps to it; --net: another net)
  perft --fen FEN --depth N [--divide] [--chess960]
        count the leaves of the legal move tree (startpos if --fen is omitted)
  perft --epd FILE [--max-depth D] [--max-nodes N]
        check every position and depth of an EPD perft suite (';D1 20 ;D2 400 ...')
  eval [--fen FEN] [--simple] [--net NAME|FILE]
        the static evaluation, term by term (--simple: material and piece-square tables only),
        and the net's score beside it (the embedded net, a compiled-in one by name, or a file)
  review FILE|- [--game K] [--nodes N | --movetime MS | --depth D] [--threads N] [--syzygy DIRS]
         [--json | --jsonl] [--annotate OUT.pgn] [--jobs N] [--shard I/N] [--net NAME|FILE]
         [--reviews REVIEWS.jsonl]
        judge every move of each game of a PGN file: accuracy, average centipawn loss, the
        inaccuracies, mistakes and blunders per side, and the key moments with the better move
        (searched with the embedded net, or the one --net names); --reviews searches nothing and
        writes the reviews of an earlier --json or --jsonl run again (the shards' put together)
  bench [DEPTH] [--hash MB] [--eval net|classical|NAME|FILE] [--quiet]
        search the bench positions to DEPTH (default 11) with the embedded net (or the classical
        evaluation, or another net): the embedded net's node count is the search signature
  bench --levels
        how long each difficulty level takes to choose a move on the bench positions
  uci   speak the UCI protocol on stdin/stdout (also what `chess` does with no command)
  help  show this message";

fn main() -> ExitCode {
    #[cfg(feature = "ablation")]
    if let Ok(list) = std::env::var("CHESS_ABLATE") {
        let unknown = uci::unknown_ablations(&list);
        if !unknown.is_empty() {
            eprintln!("chess: CHESS_ABLATE names no feature of this build: {}", unknown.join(", "));
            return ExitCode::from(2);
        }
    }
    let argv: Vec<String> = std::env::args().skip(1).collect();
    // `chess CMD --help` and `chess help CMD`: that command's part of the usage.
    let asks_help = |args: &[String]| args.iter().any(|a| a == "--help" || a == "-h");
    let help_for = match argv.first().map(String::as_str) {
        Some("help" | "--help" | "-h") => argv.get(1),
        Some(_) if asks_help(&argv[1..]) => argv.first(),
        _ => None,
    };
    if let Some(command) = help_for {
        return match command_usage(command) {
            Some(usage) => {
                outln!("usage:\n{usage}");
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("chess: {}", args::ArgError::UnknownCommand(command.clone()));
                eprintln!("{USAGE}");
                ExitCode::from(2)
            }
        };
    }
    let result = match argv.first().map(String::as_str) {
        Some("play") => play::run(&argv[1..]),
        Some("analyze" | "analyse") => analyze_cmd::run(&argv[1..]),
        Some("perft") => perft_cmd::run(&argv[1..]),
        Some("eval") => eval_cmd::run(&argv[1..]),
        Some("bench") => bench_cmd::run(&argv[1..]),
        Some("review") => review_cmd::run(&argv[1..]),
        #[cfg(feature = "tune")]
        Some("params") => {
            print_params();
            Ok(ExitCode::SUCCESS)
        }
        Some("uci") | None => return uci::run(),
        Some("help" | "--help" | "-h") => {
            outln!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => Err(args::ArgError::UnknownCommand(other.to_owned())),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            match e {
                args::ArgError::UnknownCommand(_) => eprintln!("chess: {e}\n{USAGE}"),
                args::ArgError::UnknownOption(_) | args::ArgError::MissingValue(_) => {
                    eprintln!("chess: {e} (chess {} --help lists its options)", argv[0]);
                }
                _ => eprintln!("chess: {e}"),
            }
            ExitCode::from(2)
        }
    }
}

/// The entries of [`USAGE`] for `command` (`perft` and `bench` have two each; `analyse` is
/// `analyze`), or `None` if there is no such command.
fn command_usage(command: &str) -> Option<String> {
    let command = if command == "analyse" { "analyze" } else { command };
    let mut entries = Vec::new();
    let mut inside = false;
    for line in USAGE.lines() {
        let starts_entry = line.starts_with("  ") && !line.starts_with("   ");
        if starts_entry {
            inside = line[2..].split_whitespace().next() == Some(command);
        }
        if inside && (starts_entry || line.starts_with("   ")) {
            entries.push(line);
        } else if !line.starts_with("   ") {
            inside = false;
        }
    }
    (!entries.is_empty()).then(|| entries.join("\n"))
}

/// `chess params` (tuning builds): every tunable search constant as a JSON line (name, current
/// value, default, range and step), what `scripts/spsa.py` reads.
#[cfg(feature = "tune")]
fn print_params() {
    for t in chess_search::params::TABLE {
        let value = chess_search::params::get(t.name).unwrap_or(t.default);
        outln!(
            r#"{{"name":"{}","value":{value},"default":{},"min":{},"max":{},"step":{}}}"#,
            t.name,
            t.default,
            t.min,
            t.max,
            t.step
        );
    }
}
