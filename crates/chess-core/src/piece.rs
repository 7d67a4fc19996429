//! Colours, piece kinds and coloured pieces.

use core::fmt;
use core::ops::Not;

use crate::enums::simple_enum;

simple_enum!(
    /// A side: `White` moves first.
    Color, 2, [White, Black]
);

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl Color {
    /// The colour as a sentence names it: `White` or `Black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// The colour in lower case, as data formats write it (and [`Display`](fmt::Display)):
    /// `white` or `black`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// A colour a person typed: `white`, `black`, `w` or `b`, in any case, spaces around
    /// ignored.
    ///
    /// ```
    /// use chess_core::Color;
    /// assert_eq!(Color::from_name(" Black "), Some(Color::Black));
    /// assert_eq!(Color::from_name("W"), Some(Color::White));
    /// assert_eq!(Color::from_name("green"), None);
    /// assert_eq!((Color::White.name(), Color::Black.as_str()), ("White", "black"));
    /// ```
    pub fn from_name(name: &str) -> Option<Color> {
        match name.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Some(Color::White),
            "black" | "b" => Some(Color::Black),
            _ => None,
        }
    }

    /// `'w'` or `'b'`, as in FEN.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
    /// Parse `'w'` or `'b'`.
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

simple_enum!(
    /// A kind of piece, without colour, in value order.
    Role, 6, [Pawn, Knight, Bishop, Rook, Queen, King]
);

impl Role {
    /// The kinds a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The lowercase letter of this kind (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The uppercase letter used in SAN (`N B R Q K`; `P` for pawns).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Parse a piece letter, either case.
    pub const fn from_char(c: char) -> Option<Self> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        })
    }
}

/// A piece of a given colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Which kind.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Self {
        Piece { color, role }
    }

    /// The FEN letter: uppercase for white, lowercase for black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Parse a FEN letter.
    pub const fn from_char(c: char) -> Option<Self> {
        match Role::from_char(c) {
            Some(role) => Some(Piece { color: if c.is_ascii_uppercase() { Color::White } else { Color::Black }, role }),
            None => None,
        }
    }

    /// The Unicode chess symbol (`♔` ... `♟`).
    pub const fn unicode(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::King) => '♔',
            (Color::White, Role::Queen) => '♕',
            (Color::White, Role::Rook) => '♖',
            (Color::White, Role::Bishop) => '♗',
            (Color::White, Role::Knight) => '♘',
            (Color::White, Role::Pawn) => '♙',
            (Color::Black, Role::King) => '♚',
            (Color::Black, Role::Queen) => '♛',
            (Color::Black, Role::Rook) => '♜',
            (Color::Black, Role::Bishop) => '♝',
            (Color::Black, Role::Knight) => '♞',
            (Color::Black, Role::Pawn) => '♟',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
