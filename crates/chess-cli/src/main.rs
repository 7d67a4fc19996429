//! The `chess` command: perft and eval today; UCI, play, analyze and bench as the engine grows.

mod args;
mod eval_cmd;
mod perft_cmd;

use std::process::ExitCode;

const USAGE: &str = "\
usage: chess <command> [options]

commands:
  perft --fen FEN --depth N [--divide] [--chess960]
        count the leaves of the legal move tree (startpos if --fen is omitted)
  perft --epd FILE [--max-depth D] [--max-nodes N]
        check every position and depth of an EPD perft suite (';D1 20 ;D2 400 ...')
  eval [--fen FEN] [--simple]
        the static evaluation, term by term (--simple: material and piece-square tables only)
  help  show this message";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match argv.first().map(String::as_str) {
        Some("perft") => perft_cmd::run(&argv[1..]),
        Some("eval") => eval_cmd::run(&argv[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => Err(args::ArgError::UnknownCommand(other.to_owned())),
        None => Err(args::ArgError::MissingCommand),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("chess: {e}");
            if matches!(e, args::ArgError::UnknownCommand(_) | args::ArgError::MissingCommand) {
                eprintln!("{USAGE}");
            }
            ExitCode::from(2)
        }
    }
}
