//! Read every game of a PGN file with chess-core's reader and write each back with its writer:
//! `cargo run --release -p chess-core --example pgn_export -- FILE > OUT`. `scripts/pgn-check.py`
//! uses it to check the reader on python-chess's PGN, and python-chess on ours.

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: pgn_export FILE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("pgn_export: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut failed = 0;
    for game in chess_core::PgnGames::new(&text) {
        match game {
            Ok(game) => println!("{}", game.to_pgn()),
            Err(e) => {
                eprintln!("{e}");
                failed += 1;
            }
        }
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
