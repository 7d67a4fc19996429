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

static DATA: &str = include_str!("../data/openings.tsv");

/// The table, sorted by key (parsed once).
fn table() -> &'static [(u64, Opening)] {
    static TABLE: OnceLock<Vec<(u64, Opening)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let rows: Vec<(u64, Opening)> = DATA
            .lines()
            .map(|line| {
                let mut fields = line.splitn(3, '\t');
                let (key, eco, name) = (fields.next(), fields.next(), fields.next());
                match (key.and_then(|k| u64::from_str_radix(k, 16).ok()), eco, name) {
                    (Some(key), Some(eco), Some(name)) => (key, Opening { eco, name }),
                    _ => panic!("data/openings.tsv: a bad row: {line:?}"),
                }
            })
            .collect();
        debug_assert!(rows.windows(2).all(|w| w[0].0 < w[1].0), "data/openings.tsv is sorted by key");
        rows
    })
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
