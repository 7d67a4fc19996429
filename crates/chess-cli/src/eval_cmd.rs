//! `chess eval`: the classical evaluation of a position, term by term, and the net's score
//! beside it (the embedded net, or the one `--net` names: a compiled-in net or a file).

use std::process::ExitCode;

use chess_eval::{endgame, Classical, EvalConfig, Network};

use crate::args::{ArgError, Args};

pub fn run(argv: &[String]) -> Result<ExitCode, ArgError> {
    let args = Args::parse(argv, &["--fen", "--net"], &["--simple"])?;
    let board = args.board("--fen")?;
    let config = if args.flag("--simple") { EvalConfig::MATERIAL_PST } else { EvalConfig::FULL };
    let net = args.net("--net")?.unwrap_or_else(Network::embedded);
    out!("{}\n{}", board.diagram(), Classical::new(config).trace(&board));
    // The net scores for the side to move; the trace's total is White's.
    let for_white = |score: i32| if board.side_to_move() == chess_core::Color::White { score } else { -score };
    let raw = net.evaluate(&board);
    out!("\nNet {} ({:016x}, {}): {:+} cp for White", net.name(), net.hash(), net.shape(), for_white(raw));
    // What the engine searches with: the net's score scaled for drawish endings.
    match endgame::scale(&board, raw) {
        endgame::NORMAL => outln!(),
        factor => outln!(
            "; a drawish ending keeps {factor}/{}: {:+} cp",
            endgame::NORMAL,
            for_white(endgame::scaled(&board, raw))
        ),
    }
    Ok(ExitCode::SUCCESS)
}
