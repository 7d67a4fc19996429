//! The EPD perft suites that `chess perft --epd` checks: one position a line, a FEN followed by
//! the leaf count of each depth (`FEN ;D1 20 ;D2 400 ...`); blank lines and `#` comments are
//! skipped. The one reader of that format, which the fuzz target `epd` drives.

use chess_core::Board;

/// The deepest depth a suite may name.
pub const MAX_DEPTH: u32 = 20;

/// One position of a suite and the leaf counts it claims, `(depth, nodes)` in the order written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftCase {
    /// The position.
    pub board: Board,
    /// The expected leaf count of each depth given.
    pub depths: Vec<(u32, u64)>,
}

/// One line of a suite: `FEN ;D1 20 ;D2 400 ...`.
///
/// ```
/// use chess_cli::epd::parse_perft_line;
/// let case = parse_perft_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9").unwrap();
/// assert_eq!(case.depths, [(1, 3), (2, 9)]);
/// assert_eq!(parse_perft_line("8/8/8/8/8/8/8/K6k w - - 0 1 ;D0 1").unwrap_err(), "bad depth \"D0\"");
/// ```
pub fn parse_perft_line(line: &str) -> Result<PerftCase, String> {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim();
    let board = Board::from_fen(fen).map_err(|e| e.to_string())?;
    let mut depths = Vec::new();
    for part in parts {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let (d, n) = part.split_once(char::is_whitespace).ok_or_else(|| format!("bad depth field {part:?}"))?;
        let depth = d
            .strip_prefix('D')
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|d| (1..=MAX_DEPTH).contains(d))
            .ok_or_else(|| format!("bad depth {d:?}"))?;
        let nodes = n.trim().parse::<u64>().map_err(|_| format!("bad node count {n:?}"))?;
        depths.push((depth, nodes));
    }
    Ok(PerftCase { board, depths })
}

/// Every case of a suite's text, or the first line that cannot be read: its number (from 1)
/// and why.
///
/// ```
/// use chess_cli::epd::parse_perft_suite;
/// let text = "# two positions\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3\n\n8/8/8/8/8/8/8/K6k b - - 0 1 ;D1 3\n";
/// assert_eq!(parse_perft_suite(text).unwrap().len(), 2);
/// assert_eq!(parse_perft_suite("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1\n").unwrap_err().0, 1);
/// ```
pub fn parse_perft_suite(text: &str) -> Result<Vec<PerftCase>, (usize, String)> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        cases.push(parse_perft_line(line).map_err(|e| (i + 1, e))?);
    }
    Ok(cases)
}
