//! `chess analyze`: live iterations, then the best lines in SAN with their scores (searched with
//! the embedded net, or the one `--net` names).

use std::process::ExitCode;
use std::sync::Arc;

use chess_ai::{Ai, AiOptions, Mode, Strength, Tablebase};
use chess_ai::{Bound, Info, Limits, SearchControl};
use chess_core::{Board, Game};

use crate::args::{ArgError, Args};
use crate::format;

/// Analysis without `--depth` or `--movetime` thinks this long.
const DEFAULT_MOVETIME_MS: u64 = 3_000;

pub fn run(argv: &[String]) -> Result<ExitCode, ArgError> {
    let args = Args::parse(
        argv,
        &["--fen", "--depth", "--movetime", "--multipv", "--hash", "--threads", "--syzygy", "--net"],
        &[],
    )?;
    let board = args.board("--fen")?;
    let depth = args.num::<i32>("--depth", 1..=chess_ai::MAX_DEPTH)?;
    let movetime = args.num::<u64>("--movetime", 1..=86_400_000)?;
    if depth.is_some() && movetime.is_some() {
        return Err(ArgError::Invalid("give --depth or --movetime, not both".to_owned()));
    }
    let multi_pv = args.num::<usize>("--multipv", 1..=chess_ai::MAX_MULTI_PV)?.unwrap_or(3);
    let tablebase = syzygy_arg(&args)?;
    let options = AiOptions {
        strength: Strength::Full,
        depth,
        move_time_ms: movetime.or(depth.is_none().then_some(DEFAULT_MOVETIME_MS)),
        multi_pv,
        hash_mb: Some(args.num::<usize>("--hash", 0..=chess_ai::MAX_HASH_MB)?.unwrap_or(64)),
        threads: args.num::<usize>("--threads", 1..=chess_ai::MAX_THREADS)?.unwrap_or(1),
        book: false,
        tablebase: tablebase.clone(),
        net: Some(args.net("--net")?.unwrap_or_else(chess_eval::Network::embedded)),
        ..AiOptions::default()
    };
    let ai = Ai::new(options).map_err(|e| ArgError::Invalid(e.to_string()))?;
    let game = Game::from_board(board);
    outln!("{}\nFen: {board}\n", board.diagram());
    if let Some(tb) = tablebase.as_deref().filter(|tb| tb.covers(&board)) {
        match tb.probe_wdl(&board).and_then(|wdl| Ok((wdl, tb.probe_dtz(&board)?))) {
            Ok((wdl, dtz)) => outln!(
                "Tablebases: a {wdl} for {} ({} plies to the next capture, pawn move or mate)\n",
                board.side_to_move().as_str(),
                dtz.abs()
            ),
            Err(e) => outln!("Tablebases: {e}\n"),
        }
    }
    let mut report = |info: &Info| outln!("{}", iteration_line(&board, info));
    match ai.think(&game, &Limits::default(), Mode::Analyze, &SearchControl::new(), &mut report) {
        Err(e) => outln!("{e}"),
        Ok(analysis) => {
            outln!(
                "\nBest lines (depth {}, seldepth {}, {} nodes, {} ms):",
                analysis.depth,
                analysis.seldepth,
                analysis.nodes,
                analysis.time_ms
            );
            for (i, line) in analysis.lines.iter().enumerate() {
                outln!("{:>2}. {:>7}  {}", i + 1, line.score.in_pawns(), format::numbered_line(&board, &line.pv_san));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One iteration: `depth 12/18  +0.34  1,234,567 nodes  456 ms  1. e4 e5 2. Nf3`.
fn iteration_line(board: &Board, info: &Info) -> String {
    let bound = match info.bound {
        Bound::Exact => "",
        Bound::Lower => " (lower bound)",
        Bound::Upper => " (upper bound)",
    };
    format!(
        "depth {:>2}/{:<2} line {} {:>7}{bound}  {:>10} nodes {:>6} ms  {}",
        info.depth,
        info.seldepth,
        info.multi_pv,
        info.score.in_pawns(),
        info.nodes,
        info.time_ms,
        format::numbered_line(board, &board.san_line(&info.pv))
    )
}

/// The tables of `--syzygy DIRS` (directories separated as in a path list), opened.
pub(crate) fn syzygy_arg(args: &Args) -> Result<Option<Arc<Tablebase>>, ArgError> {
    let Some(path) = args.str("--syzygy") else { return Ok(None) };
    let tb = Tablebase::open(path).map_err(|e| ArgError::BadValue {
        option: "--syzygy".to_owned(),
        value: path.to_owned(),
        reason: e.to_string(),
    })?;
    Ok(Some(Arc::new(tb)))
}
