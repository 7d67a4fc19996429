//! `chess eval`: the evaluation of a position, term by term.

use std::process::ExitCode;

use chess_eval::{Classical, EvalConfig};

use crate::args::{ArgError, Args};

pub fn run(argv: &[String]) -> Result<ExitCode, ArgError> {
    let args = Args::parse(argv, &["--fen"], &["--simple"])?;
    let board = args.board("--fen")?;
    let config = if args.flag("--simple") { EvalConfig::MATERIAL_PST } else { EvalConfig::FULL };
    out!("{}\n{}", board.diagram(), Classical::new(config).trace(&board));
    Ok(ExitCode::SUCCESS)
}
