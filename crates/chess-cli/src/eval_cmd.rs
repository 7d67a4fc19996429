//! `chess eval`: the evaluation of a position, term by term.

use std::process::ExitCode;

use chess_core::Board;
use chess_eval::{Classical, EvalConfig};

use crate::args::{ArgError, Args};

pub fn run(argv: &[String]) -> Result<ExitCode, ArgError> {
    let args = Args::parse(argv, &["--fen"], &["--simple"])?;
    let fen = args.str("--fen").unwrap_or(chess_core::STARTPOS);
    let board = Board::from_fen(fen).map_err(|e| ArgError::BadValue {
        option: "--fen".into(),
        value: fen.into(),
        reason: e.to_string(),
    })?;
    let config = if args.flag("--simple") { EvalConfig::MATERIAL_PST } else { EvalConfig::FULL };
    print!("{}\n{}", board.diagram(), Classical::new(config).trace(&board));
    Ok(ExitCode::SUCCESS)
}
