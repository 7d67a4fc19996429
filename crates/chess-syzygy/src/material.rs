//! Which pieces a position has: the name of the table that holds it.

use std::fmt;

use chess_core::{Board, Color, Role};

/// The pieces of each side, counted by role: what names a table (`KQvKR`).
///
/// ```
/// use chess_syzygy::Material;
/// let m: Material = "KQvKR".parse().unwrap();
/// assert_eq!(m.to_string(), "KQvKR");
/// assert_eq!(m.mirrored().to_string(), "KRvKQ");
/// assert_eq!(m.count(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// `counts[color][role]`, in chess-core's orders (White, Black; Pawn .. King).
    counts: [[u8; Role::NUM]; Color::NUM],
}

/// The letters of a table name, strongest piece first.
const ORDER: [Role; 6] = [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

impl Material {
    /// The pieces on `board`.
    pub fn of(board: &Board) -> Self {
        let mut counts = [[0; Role::NUM]; Color::NUM];
        for color in Color::ALL {
            for role in Role::ALL {
                counts[color.index()][role.index()] = board.colored_pieces(color, role).len() as u8;
            }
        }
        Material { counts }
    }

    pub(crate) fn from_counts(counts: [[u8; Role::NUM]; Color::NUM]) -> Self {
        Material { counts }
    }

    /// How many pieces of `role` `color` has.
    pub fn pieces(&self, color: Color, role: Role) -> usize {
        self.counts[color.index()][role.index()] as usize
    }

    /// How many pieces there are, kings included.
    pub fn count(&self) -> usize {
        self.counts.iter().flatten().map(|&c| c as usize).sum()
    }

    /// The same material with the colours swapped.
    pub fn mirrored(&self) -> Self {
        Material { counts: [self.counts[1], self.counts[0]] }
    }

    /// Whether both sides have the same pieces.
    pub fn is_symmetric(&self) -> bool {
        self.counts[0] == self.counts[1]
    }

    fn side_name(&self, color: Color) -> String {
        ORDER.iter().flat_map(|&role| std::iter::repeat_n(role.upper_char(), self.pieces(color, role))).collect()
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}v{}", self.side_name(Color::White), self.side_name(Color::Black))
    }
}

/// A table name that is not one: the text it was given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a table name (like KQvKR, one king a side): {0:?}")]
pub struct MaterialError(pub String);

impl std::str::FromStr for Material {
    type Err = MaterialError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || MaterialError(s.to_string());
        let (white, black) = s.split_once('v').ok_or_else(err)?;
        let mut counts = [[0u8; Role::NUM]; Color::NUM];
        for (color, side) in [(Color::White, white), (Color::Black, black)] {
            for c in side.chars() {
                let role = Role::from_char(c.to_ascii_lowercase()).filter(|_| c.is_ascii_uppercase());
                let count = &mut counts[color.index()][role.ok_or_else(err)?.index()];
                *count = count.checked_add(1).ok_or_else(err)?;
            }
        }
        let m = Material { counts };
        let one_king_each = Color::ALL.iter().all(|&c| m.pieces(c, Role::King) == 1);
        if !one_king_each || m.count() > crate::index::MAX_PIECES {
            return Err(err());
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_and_written() {
        let board = Board::from_fen("8/8/8/8/8/3k4/1r6/K1Q5 w - - 0 1").unwrap();
        assert_eq!(Material::of(&board).to_string(), "KQvKR");
        assert_eq!("KRPvKP".parse::<Material>().unwrap().pieces(Color::White, Role::Pawn), 1);
        for bad in ["KQ", "KQvKX", "QvK", "KKvK", "kqvk", "KQQQQQQvK", ""] {
            assert!(bad.parse::<Material>().is_err(), "{bad}");
        }
        assert!("KPvKP".parse::<Material>().unwrap().is_symmetric());
    }
}
