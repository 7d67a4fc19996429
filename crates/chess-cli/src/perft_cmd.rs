//! `chess perft`: count move-tree leaves for one position, or check an EPD suite.

use std::process::ExitCode;
use std::time::Instant;

use chess_cli::epd::{parse_perft_suite, PerftCase, MAX_DEPTH};
use chess_core::{divide, perft, CastlingMode, Game};

use crate::args::{ArgError, Args};

/// The largest EPD suite read: 64 MiB (about a million positions).
const MAX_EPD_BYTES: u64 = 64 << 20;

pub fn run(argv: &[String]) -> Result<ExitCode, ArgError> {
    let args =
        Args::parse(argv, &["--fen", "--depth", "--epd", "--max-depth", "--max-nodes"], &["--divide", "--chess960"])?;
    if let Some(path) = args.str("--epd") {
        for conflicting in ["--fen", "--depth"] {
            if args.str(conflicting).is_some() {
                return Err(ArgError::Invalid(format!("--epd cannot be combined with {conflicting}")));
            }
        }
        let max_depth = args.num("--max-depth", 1..=MAX_DEPTH)?.unwrap_or(MAX_DEPTH);
        let max_nodes = args.num("--max-nodes", 1..=u64::MAX)?.unwrap_or(u64::MAX);
        return run_epd(path, max_depth, max_nodes);
    }
    for epd_only in ["--max-depth", "--max-nodes"] {
        if args.str(epd_only).is_some() {
            return Err(ArgError::Invalid(format!("{epd_only} only applies with --epd")));
        }
    }
    let board = args.board("--fen")?;
    let depth = args.num("--depth", 0..=20u32)?.ok_or_else(|| ArgError::MissingValue("--depth".into()))?;
    let mode = if args.flag("--chess960") { CastlingMode::Chess960 } else { Game::from_board(board).castling_mode() };

    let start = Instant::now();
    let nodes = if args.flag("--divide") {
        let mut total = 0;
        for (mv, n) in divide(&board, depth) {
            outln!("{}: {n}", board.uci(mv, mode));
            total += n;
        }
        outln!();
        total
    } else {
        perft(&board, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("Nodes: {nodes}");
    outln!("Time: {:.3} s, {:.1} Mnps", secs, nodes as f64 / secs.max(1e-9) / 1e6);
    Ok(ExitCode::SUCCESS)
}

fn run_epd(path: &str, max_depth: u32, max_nodes: u64) -> Result<ExitCode, ArgError> {
    let text =
        chess_core::read_text_file(path, MAX_EPD_BYTES).map_err(|source| ArgError::Io { path: path.into(), source })?;
    let cases = parse_perft_suite(&text).map_err(|(line, e)| ArgError::Invalid(format!("{path}:{line}: {e}")))?;
    let (mut passed, mut failed, mut total_nodes) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    for PerftCase { board, depths } in &cases {
        for &(depth, expected) in depths {
            if depth > max_depth || expected > max_nodes {
                continue;
            }
            let got = perft(board, depth);
            total_nodes += got;
            if got == expected {
                passed += 1;
            } else {
                failed += 1;
                outln!("FAIL {board} depth {depth}: expected {expected}, got {got}");
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    outln!(
        "{} positions, {total_nodes} nodes in {secs:.2} s ({:.1} Mnps)",
        cases.len(),
        total_nodes as f64 / secs.max(1e-9) / 1e6
    );
    outln!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
