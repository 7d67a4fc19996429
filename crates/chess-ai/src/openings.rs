//! Opening names: the ECO code and name of a position or of a game's opening, from the lichess
//! chess-openings data set (CC0 1.0; `data/OPENINGS-SOURCE.md` says where it comes from and how
//! `scripts/openings.py` turns it into `data/openings.tsv`).
//!
//! The table names 3,807 positions by their Polyglot key (the opening book's key, so the table
//! does not depend on this engine's own hashing). A game is named as lichess names it: after the
//! last named position it passed through, so a transposition finds its name and a game that left
//! the book keeps the name of where it left.
//!
//! ```
//! use chess_ai::openings::{classify, Opening};
//! use chess_core::Game;
//!
//! let mut game = Game::new();
//! for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "a3"] {
//!     game.play_san(san).unwrap();
//! }
//! let (opening, ply) = classify(&game).unwrap();
//! assert_eq!(opening, Opening { eco: "C50", name: "Italian Game: Giuoco Piano" });
//! assert_eq!(ply, 6); // named after 3...Bc5; 4. a3 is not in the table
//! ```

use std::sync::OnceLock;

use chess_core::{Board, Game};

use crate::book::polyglot_key;

/// A named opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The Encyclopaedia of Chess Openings code (`A00` to `E99`).
    pub eco: &'static str,
    /// The name, `Family: Variation, Subvariation` (`Sicilian Defense: Najdorf Variation`).
    pub name: &'static str,
}

/// The table's text, a row a named position: its Polyglot key in hexadecimal, the ECO code and
/// the name, separated by tabs, sorted by key (given by the host at run time with `host-data`).
#[cfg(not(feature = "host-data"))]
static DATA: &str = include_str!("../data/openings.tsv");

/// The table, sorted by key (parsed once, or as the host provided it with `host-data`).
static TABLE: OnceLock<Vec<(u64, Opening)>> = OnceLock::new();

/// The table: empty with `host-data` until the host [provides](provide) it.
fn table() -> &'static [(u64, Opening)] {
    #[cfg(not(feature = "host-data"))]
    return TABLE.get_or_init(|| table_of(DATA));
    #[cfg(feature = "host-data")]
    TABLE.get().map_or(&[], Vec::as_slice)
}

/// The rows of a table's text, or the 1-based line of the first bad row (too few fields, a key
/// that is not hexadecimal, or a key not above the row before).
fn parse(text: &str) -> Result<Vec<(u64, &str, &str)>, usize> {
    let mut rows: Vec<(u64, &str, &str)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut fields = line.splitn(3, '\t');
        let (key, eco, name) = (fields.next(), fields.next(), fields.next());
        let row = match (key.and_then(|k| u64::from_str_radix(k, 16).ok()), eco, name) {
            (Some(key), Some(eco), Some(name)) => (key, eco, name),
            _ => return Err(i + 1),
        };
        if rows.last().is_some_and(|last| last.0 >= row.0) {
            return Err(i + 1);
        }
        rows.push(row);
    }
    Ok(rows)
}

/// The table of a text kept for the life of the program, checked by [`parse`] already.
fn table_of(text: &'static str) -> Vec<(u64, Opening)> {
    let rows = parse(text).unwrap_or_else(|line| panic!("openings.tsv: a bad row at line {line}"));
    rows.into_iter().map(|(key, eco, name)| (key, Opening { eco, name })).collect()
}

/// A table of opening names the host gave is not one: the 1-based line of its first bad row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadTable {
    /// The line of the first bad row.
    pub line: usize,
}

impl std::fmt::Display for BadTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "not a table of opening names (openings.tsv): line {} is not `key<TAB>ECO<TAB>name` sorted by key",
            self.line
        )
    }
}

impl std::error::Error for BadTable {}

/// Give the table's text (`data/openings.tsv`; the `host-data` feature compiles none in). A
/// table already provided stays as it is. Returns the number of named positions.
#[cfg(feature = "host-data")]
pub fn provide(text: String) -> Result<usize, BadTable> {
    if let Some(table) = TABLE.get() {
        return Ok(table.len());
    }
    parse(&text).map_err(|line| BadTable { line })?;
    // Kept for the life of the program, as the compiled-in table is: the names are `&'static`.
    Ok(TABLE.get_or_init(|| table_of(Box::leak(text.into_boxed_str()))).len())
}

/// Whether the table is there: always, unless the `host-data` feature leaves it to the host,
/// which has not yet provided it (`openings::provide`).
pub fn is_available() -> bool {
    !cfg!(feature = "host-data") || TABLE.get().is_some()
}

/// The opening named at exactly this position, if the table names it.
pub fn opening_of(board: &Board) -> Option<Opening> {
    let key = polyglot_key(board);
    let table = table();
    table.binary_search_by_key(&key, |&(k, _)| k).ok().map(|i| table[i].1)
}

/// The opening of a game: the last named position it passed through, with that position's ply
/// (0 is the start position). `None` when it passed through none (a game from a set-up position).
pub fn classify(game: &Game) -> Option<(Opening, usize)> {
    game.positions().iter().enumerate().rev().find_map(|(ply, board)| Some((opening_of(board)?, ply)))
}

/// The number of positions the table names.
pub fn count() -> usize {
    table().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(sans: &[&str]) -> Game {
        let mut game = Game::new();
        for san in sans {
            game.play_san(san).unwrap();
        }
        game
    }

    #[test]
    fn the_table_is_whole_and_sorted() {
        assert_eq!(count(), 3_807);
        assert!(table().windows(2).all(|w| w[0].0 < w[1].0));
        assert!(table().iter().all(|(_, o)| o.eco.len() == 3 && !o.name.is_empty()));
    }

    #[test]
    fn a_table_given_by_a_host_is_read_without_panics() {
        assert_eq!(parse("0a\tB00\tA\n0b\tB01\tB, C").unwrap(), [(10, "B00", "A"), (11, "B01", "B, C")]);
        assert_eq!(parse("zz\tB00\tA"), Err(1), "a key that is not hexadecimal");
        assert_eq!(parse("0a\tB00"), Err(1), "a missing name");
        assert_eq!(parse("0b\tB00\tA\n0a\tB01\tB"), Err(2), "not sorted");
        assert_eq!(parse("0a\tB00\tA\n0a\tB01\tB"), Err(2), "a key twice");
        assert!(BadTable { line: 2 }.to_string().contains("line 2"));
        assert!(is_available());
    }

    #[test]
    fn well_known_lines_get_their_names() {
        let najdorf = played(&["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"]);
        assert_eq!(classify(&najdorf).unwrap().0, Opening { eco: "B90", name: "Sicilian Defense: Najdorf Variation" });
        // The start position has no name; one move does.
        assert_eq!(classify(&Game::new()), None);
        assert_eq!(classify(&played(&["e4"])).unwrap().0.name, "King's Pawn Game");
    }

    #[test]
    fn a_transposition_finds_the_name_of_the_position() {
        // 1. Nf3 d5 2. d4 reaches the position of 1. d4 d5 2. Nf3.
        let a = classify(&played(&["Nf3", "d5", "d4"])).unwrap().0;
        let b = classify(&played(&["d4", "d5", "Nf3"])).unwrap().0;
        assert_eq!(a, b);
        assert_eq!(a.eco, "D02");
    }
}
