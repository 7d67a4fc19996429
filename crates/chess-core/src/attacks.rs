//! Attack tables, all computed by `const fn` at compile time into statics (no build script).
//!
//! Sliders use "fancy" magic bitboards: for each square, the relevant occupancy (the ray squares
//! minus the board edge) is multiplied by a magic number, and the top bits of the product index a
//! per-square slice of one shared table. The magic numbers below were found by
//! `examples/find_magics.rs` (seeded search, re-run it to reproduce them); the test
//! `slider_tables_match_ray_walks` checks every table entry against a plain ray walk.
//!
//! With the `small` feature (a build where size matters more than speed: the npm package's
//! rules-only module) there are no magic tables (861 KB): each ray of a slider stops at its first
//! blocker, found by a bit scan on a table of 8 rays a square (4 KB).

use crate::{BitBoard, Color, File, Piece, Role, Square};

const fn bb(x: u64) -> BitBoard {
    BitBoard(x)
}

const fn step_attacks(sq: usize, deltas: &[(i8, i8)]) -> u64 {
    let mut out = 0u64;
    let mut i = 0;
    while i < deltas.len() {
        if let Some(to) = Square::from_index(sq).try_offset(deltas[i].0, deltas[i].1) {
            out |= 1 << to as u8;
        }
        i += 1;
    }
    out
}

const KNIGHT_DELTAS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_DELTAS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const fn step_table(deltas: &[(i8, i8)]) -> [BitBoard; 64] {
    let mut t = [BitBoard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = bb(step_attacks(sq, deltas));
        sq += 1;
    }
    t
}

static KNIGHT: [BitBoard; 64] = step_table(&KNIGHT_DELTAS);
static KING: [BitBoard; 64] = step_table(&KING_DELTAS);
static PAWN: [[BitBoard; 64]; 2] = [step_table(&[(-1, 1), (1, 1)]), step_table(&[(-1, -1), (1, -1)])];

/// Squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> BitBoard {
    KNIGHT[sq as usize]
}

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> BitBoard {
    KING[sq as usize]
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward).
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> BitBoard {
    PAWN[color as usize][sq as usize]
}

/// The squares attacked by `color`'s pawns on `pawns`, all at once (the union of
/// [`pawn_attacks`] over them, by two shifts).
///
/// ```
/// use chess_core::{attacks::pawn_attacks_set, BitBoard, Color, Square};
/// let pawns = BitBoard::from(Square::A2) | BitBoard::from(Square::E4);
/// let attacked: Vec<Square> = pawn_attacks_set(Color::White, pawns).into_iter().collect();
/// assert_eq!(attacked, [Square::B3, Square::D5, Square::F5]);
/// ```
#[inline(always)]
pub fn pawn_attacks_set(color: Color, pawns: BitBoard) -> BitBoard {
    let (west, east) = (pawns - File::A.bitboard(), pawns - File::H.bitboard());
    match color {
        Color::White => BitBoard(west.0 << 7 | east.0 << 9),
        Color::Black => BitBoard(west.0 >> 9 | east.0 >> 7),
    }
}

/// Slider attacks by walking rays until a blocker (inclusive). Slow; used to build tables.
const fn ray_walk(sq: usize, occupied: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0u64;
    let (f0, r0) = ((sq & 7) as i8, (sq >> 3) as i8);
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

/// The relevant occupancy mask: ray squares, excluding the last square of each ray.
#[cfg(any(test, not(feature = "small")))]
const fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0u64;
    let mut d = 0;
    while d < 4 {
        let mut cur = Square::from_index(sq);
        while let Some(next) = cur.try_offset(dirs[d].0, dirs[d].1) {
            if next.try_offset(dirs[d].0, dirs[d].1).is_none() {
                break;
            }
            out |= 1 << next as u8;
            cur = next;
        }
        d += 1;
    }
    out
}

/// Slider attacks from "fancy" magic bitboards (the default build).
#[cfg(not(feature = "small"))]
mod magic {
    use super::{bb, ray_walk, relevant_mask, BitBoard, Square, BISHOP_DIRS, ROOK_DIRS};

    #[derive(Clone, Copy)]
    struct Magic {
        mask: u64,
        magic: u64,
        shift: u32,
        offset: usize,
    }

    #[rustfmt::skip]
    const ROOK_MAGICS: [u64; 64] = [
        0x1080004008801020, 0x0840092002C03000, 0x1900200010400900, 0x0880100008000480,
        0x4200100420080200, 0x8100020100080400, 0x0200040110886200, 0x0200008040220411,
        0x0404800084400220, 0x0000401000402000, 0x0086001081220440, 0x0408800800100280,
        0x000A001201040820, 0x8848800200840080, 0x4001000100040200, 0x0442000102105084,
        0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021D00100,
        0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000A0001768104,
        0x0000800080204009, 0x2010004140002001, 0x9800200280100080, 0x1000100080080080,
        0x0442000A00049020, 0x2100040080020080, 0x0800120400900148, 0x0010040A00128541,
        0x2800804000800030, 0x1010002000400041, 0x4000200011004100, 0x0610008410800800,
        0x0400802402800800, 0xC100020080800400, 0x0002000802000401, 0x0182085882000401,
        0x0220204000808000, 0x2860100040024022, 0x0001002004110040, 0x99101042000A0020,
        0x0004080004008080, 0x0010040002008080, 0x2012004881020004, 0x8300842444820011,
        0x0088403882010200, 0x0820400080210100, 0x0110910040A00300, 0x0801100280080480,
        0x0242009008200600, 0x1002000489500200, 0x0040800200010080, 0x0091800041000080,
        0x0000209300488001, 0x04C1002414824001, 0x020020000B001041, 0x7000100004200901,
        0x8002002004100802, 0x30010002084C0007, 0x0888221800813004, 0x4000002840840112,
    ];

    #[rustfmt::skip]
    const BISHOP_MAGICS: [u64; 64] = [
        0xA010041108003100, 0x006082020A002900, 0x6810010619200000, 0x08281A0520000408,
        0x0001104001000400, 0x0018901008048400, 0x00040A0210245280, 0x000200210808A402,
        0x9140048410821200, 0x0800091010820041, 0x20504804832202C0, 0x0100091401081000,
        0x8021011140000012, 0x0810020804450400, 0x208B0542109008A2, 0x0080084A08040204,
        0x0040E2A80811244C, 0x2505022008008108, 0x0430220100420040, 0x010A040420220040,
        0x1105000290400000, 0x0093001200822120, 0x4000A62048043004, 0x280120048A015004,
        0x006090002A020814, 0x44042000240800D0, 0x01102800040A4400, 0x1004080080220040,
        0x0001001011004024, 0x0010044000805040, 0x0914041200820100, 0x0004821012821480,
        0x0024040500C05021, 0x0088611002080200, 0x0116080A00040020, 0x4000020080080080,
        0x2450450140840040, 0x0000880201484100, 0x0222020404020092, 0x8081110600002E00,
        0x2842101105000801, 0x1100809008001025, 0x00020202221C0400, 0x0422014022009020,
        0x0210046102100C00, 0xC004008082029102, 0x00AA461801101200, 0x0404080080201108,
        0x020542108C205002, 0x0410544804100100, 0x0040910841100000, 0x0400200042021100,
        0x00004204850400C0, 0x0200100410A42102, 0x1040020801210102, 0x0805040410420000,
        0x2884804130100200, 0x800C262201242000, 0x1058000194108800, 0x0014221054420204,
        0x0104000012A02200, 0x0200881003300100, 0x0140400202840100, 0x0402020801010201,
    ];

    const fn magics(numbers: &[u64; 64], dirs: &[(i8, i8); 4], start: usize) -> [Magic; 64] {
        let mut out = [Magic { mask: 0, magic: 0, shift: 0, offset: 0 }; 64];
        let mut offset = start;
        let mut sq = 0;
        while sq < 64 {
            let mask = relevant_mask(sq, dirs);
            let bits = mask.count_ones();
            out[sq] = Magic { mask, magic: numbers[sq], shift: 64 - bits, offset };
            offset += 1 << bits;
            sq += 1;
        }
        out
    }

    const fn table_len(dirs: &[(i8, i8); 4]) -> usize {
        let mut n = 0;
        let mut sq = 0;
        while sq < 64 {
            n += 1 << relevant_mask(sq, dirs).count_ones();
            sq += 1;
        }
        n
    }

    pub(super) const ROOK_LEN: usize = table_len(&ROOK_DIRS);
    pub(super) const BISHOP_LEN: usize = table_len(&BISHOP_DIRS);
    const SLIDER_LEN: usize = ROOK_LEN + BISHOP_LEN;

    static ROOK_MAGIC: [Magic; 64] = magics(&ROOK_MAGICS, &ROOK_DIRS, 0);
    static BISHOP_MAGIC: [Magic; 64] = magics(&BISHOP_MAGICS, &BISHOP_DIRS, ROOK_LEN);

    /// Writes the attack sets of one kind of slider (its magics and directions) into the table
    /// `$table`. A macro, not a `const fn` taking `&mut` (Rust 1.83): the crate's `rust-version`,
    /// 1.82, allows mutating a local in const code but no `&mut`; the heap table of the
    /// `runtime-tables` build is filled by the same loop.
    macro_rules! fill {
        ($table:ident, $magics:expr, $dirs:expr) => {{
            let (magics, dirs): (&[Magic; 64], &[(i8, i8); 4]) = ($magics, $dirs);
            let mut sq = 0;
            while sq < 64 {
                let m = magics[sq];
                // Enumerate every subset of the mask (carry-rippler).
                let mut sub = 0u64;
                loop {
                    let idx = m.offset + (sub.wrapping_mul(m.magic) >> m.shift) as usize;
                    $table[idx] = bb(ray_walk(sq, sub, dirs));
                    sub = sub.wrapping_sub(m.mask) & m.mask;
                    if sub == 0 {
                        break;
                    }
                }
                sq += 1;
            }
        }};
    }

    /// The shared table of every square's attack sets, in the binary (the default).
    #[cfg(not(feature = "runtime-tables"))]
    static SLIDER: [BitBoard; SLIDER_LEN] = {
        let mut t = [BitBoard::EMPTY; SLIDER_LEN];
        fill!(t, &magics(&ROOK_MAGICS, &ROOK_DIRS, 0), &ROOK_DIRS);
        fill!(t, &magics(&BISHOP_MAGICS, &BISHOP_DIRS, ROOK_LEN), &BISHOP_DIRS);
        t
    };

    /// The shared table, computed on first use (the `runtime-tables` build: 861 KB less binary,
    /// about a millisecond once).
    #[cfg(feature = "runtime-tables")]
    #[inline(always)]
    fn slider() -> &'static [BitBoard; SLIDER_LEN] {
        static TABLE: std::sync::OnceLock<Box<[BitBoard; SLIDER_LEN]>> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            // Made on the heap: the table is too large for a WebAssembly stack.
            let mut t: Box<[BitBoard; SLIDER_LEN]> =
                vec![BitBoard::EMPTY; SLIDER_LEN].into_boxed_slice().try_into().expect("SLIDER_LEN entries");
            fill!(t, &ROOK_MAGIC, &ROOK_DIRS);
            fill!(t, &BISHOP_MAGIC, &BISHOP_DIRS);
            t
        })
    }

    /// The shared table, in the binary.
    #[cfg(not(feature = "runtime-tables"))]
    #[inline(always)]
    fn slider() -> &'static [BitBoard; SLIDER_LEN] {
        &SLIDER
    }

    #[inline(always)]
    fn magic_index(m: &Magic, occupied: BitBoard) -> usize {
        m.offset + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize
    }

    /// Squares a rook on `sq` attacks, given the occupied squares (blockers included).
    #[inline(always)]
    pub fn rook_attacks(sq: Square, occupied: BitBoard) -> BitBoard {
        let m = &ROOK_MAGIC[sq as usize];
        slider()[magic_index(m, occupied)]
    }

    /// Squares a bishop on `sq` attacks, given the occupied squares (blockers included).
    #[inline(always)]
    pub fn bishop_attacks(sq: Square, occupied: BitBoard) -> BitBoard {
        let m = &BISHOP_MAGIC[sq as usize];
        slider()[magic_index(m, occupied)]
    }
}

/// Slider attacks by a bit scan on each ray (the `small` build: no magic tables).
#[cfg(feature = "small")]
mod scan {
    use super::{BitBoard, Square, BISHOP_DIRS, ROOK_DIRS};

    /// The rays from each square in each direction of [`ROOK_DIRS`] then [`BISHOP_DIRS`], the square
    /// itself left out (the `small` build's slider tables).
    static DIRECTION_RAYS: [[u64; 64]; 8] = {
        let mut t = [[0u64; 64]; 8];
        let mut d = 0;
        while d < 8 {
            let (df, dr) = if d < 4 { ROOK_DIRS[d] } else { BISHOP_DIRS[d - 4] };
            let mut sq = 0;
            while sq < 64 {
                let (mut f, mut r) = ((sq & 7) as i8 + df, (sq >> 3) as i8 + dr);
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    t[d][sq] |= 1u64 << (r * 8 + f);
                    f += df;
                    r += dr;
                }
                sq += 1;
            }
            d += 1;
        }
        t
    };

    /// A slider's attacks along four directions (indexes into [`DIRECTION_RAYS`]): each ray up to its
    /// first blocker, the nearest set bit (the lowest on a ray to higher squares, else the highest).
    #[inline]
    fn slide(sq: Square, occupied: BitBoard, directions: [usize; 4]) -> BitBoard {
        let mut out = 0u64;
        for d in directions {
            let ray = DIRECTION_RAYS[d][sq as usize];
            let blockers = ray & occupied.0;
            out |= if blockers == 0 {
                ray
            } else {
                let (df, dr) = if d < 4 { ROOK_DIRS[d] } else { BISHOP_DIRS[d - 4] };
                let up = dr > 0 || (dr == 0 && df > 0);
                let first = if up { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
                ray ^ DIRECTION_RAYS[d][first as usize]
            };
        }
        BitBoard(out)
    }

    /// The direction index (into [`DIRECTION_RAYS`]) of each direction's opposite.
    const OPPOSITE: [usize; 8] = [1, 0, 3, 2, 7, 6, 5, 4];

    /// The direction from `a` to `b`, when they share a rank, file or diagonal (`a != b`).
    #[inline]
    fn direction(a: Square, b: Square) -> Option<usize> {
        (0..8).find(|&d| DIRECTION_RAYS[d][a as usize] & (1u64 << b as u8) != 0)
    }

    /// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else
    /// empty: the ray from `a` towards `b` less the one from `b` on, and `b`.
    #[inline]
    pub fn between(a: Square, b: Square) -> BitBoard {
        BitBoard(
            direction(a, b)
                .map_or(0, |d| DIRECTION_RAYS[d][a as usize] & !DIRECTION_RAYS[d][b as usize] & !(1u64 << b as u8)),
        )
    }

    /// The full line (edge to edge) through `a` and `b` if they share one; else empty.
    #[inline]
    pub fn line(a: Square, b: Square) -> BitBoard {
        BitBoard(
            direction(a, b).map_or(0, |d| {
                DIRECTION_RAYS[d][a as usize] | DIRECTION_RAYS[OPPOSITE[d]][a as usize] | (1u64 << a as u8)
            }),
        )
    }

    /// Squares a rook on `sq` attacks, given the occupied squares (blockers included).
    #[inline]
    pub fn rook_attacks(sq: Square, occupied: BitBoard) -> BitBoard {
        slide(sq, occupied, [0, 1, 2, 3])
    }

    /// Squares a bishop on `sq` attacks, given the occupied squares (blockers included).
    #[inline]
    pub fn bishop_attacks(sq: Square, occupied: BitBoard) -> BitBoard {
        slide(sq, occupied, [4, 5, 6, 7])
    }
}

#[cfg(not(feature = "small"))]
pub use magic::{bishop_attacks, rook_attacks};
#[cfg(feature = "small")]
pub use scan::{bishop_attacks, rook_attacks};

/// Squares a queen on `sq` attacks, given the occupied squares.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: BitBoard) -> BitBoard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares `piece` on `sq` attacks, given the occupied squares: the one dispatch from a piece to
/// its table (a pawn attacks diagonally forward; its pushes are moves, not attacks).
///
/// ```
/// use chess_core::{attacks::piece_attacks, BitBoard, Color, Piece, Role, Square};
/// let knight = piece_attacks(Piece::new(Color::White, Role::Knight), Square::A1, BitBoard::EMPTY);
/// assert_eq!(knight.into_iter().collect::<Vec<_>>(), [Square::C2, Square::B3]);
/// let blocker = BitBoard::from(Square::A3);
/// let rook = piece_attacks(Piece::new(Color::Black, Role::Rook), Square::A1, blocker);
/// assert!(rook.has(Square::A3) && !rook.has(Square::A4) && rook.has(Square::H1));
/// ```
#[inline(always)]
pub fn piece_attacks(piece: Piece, sq: Square, occupied: BitBoard) -> BitBoard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// Rook moves on an empty board from `sq`.
#[inline(always)]
pub fn rook_rays(sq: Square) -> BitBoard {
    RAYS[0][sq as usize]
}

/// Bishop moves on an empty board from `sq`.
#[inline(always)]
pub fn bishop_rays(sq: Square) -> BitBoard {
    RAYS[1][sq as usize]
}

static RAYS: [[BitBoard; 64]; 2] = {
    let mut t = [[BitBoard::EMPTY; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        t[0][sq] = bb(ray_walk(sq, 0, &ROOK_DIRS));
        t[1][sq] = bb(ray_walk(sq, 0, &BISHOP_DIRS));
        sq += 1;
    }
    t
};

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` on a shared line, else empty.
/// `LINE[a][b]`: the whole line through `a` and `b` (edge to edge), else empty. (The `small`
/// build reads both off its rays instead: 64 KB less.)
#[cfg(any(test, not(feature = "small")))]
static LINES: [[[BitBoard; 64]; 64]; 2] = {
    let mut t = [[[BitBoard::EMPTY; 64]; 64]; 2];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let dir = if d < 4 { ROOK_DIRS[d] } else { BISHOP_DIRS[d - 4] };
            let full_line = {
                let back = (-dir.0, -dir.1);
                let mut l = 1u64 << a;
                let mut cur = Square::from_index(a);
                while let Some(n) = cur.try_offset(dir.0, dir.1) {
                    l |= 1 << n as u8;
                    cur = n;
                }
                cur = Square::from_index(a);
                while let Some(n) = cur.try_offset(back.0, back.1) {
                    l |= 1 << n as u8;
                    cur = n;
                }
                l
            };
            let mut between = 0u64;
            let mut cur = Square::from_index(a);
            while let Some(n) = cur.try_offset(dir.0, dir.1) {
                t[0][a][n as usize] = bb(between);
                t[1][a][n as usize] = bb(full_line);
                between |= 1 << n as u8;
                cur = n;
            }
            d += 1;
        }
        a += 1;
    }
    t
};

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
#[cfg(not(feature = "small"))]
#[inline(always)]
pub fn between(a: Square, b: Square) -> BitBoard {
    LINES[0][a as usize][b as usize]
}

/// The full line (edge to edge) through `a` and `b` if they share one; else empty.
#[cfg(not(feature = "small"))]
#[inline(always)]
pub fn line(a: Square, b: Square) -> BitBoard {
    LINES[1][a as usize][b as usize]
}

#[cfg(feature = "small")]
pub use scan::{between, line};

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "small")]
    #[test]
    fn the_small_builds_lines_are_the_tables() {
        for a in Square::ALL {
            for b in Square::ALL {
                assert_eq!(between(a, b), LINES[0][a as usize][b as usize], "between {a} {b}");
                assert_eq!(line(a, b), LINES[1][a as usize][b as usize], "line {a} {b}");
            }
        }
    }

    #[test]
    fn slider_tables_match_ray_walks() {
        for sq in Square::ALL {
            for (dirs, f) in
                [(&ROOK_DIRS, rook_attacks as fn(Square, BitBoard) -> BitBoard), (&BISHOP_DIRS, bishop_attacks)]
            {
                let mask = relevant_mask(sq as usize, dirs);
                let mut sub = 0u64;
                loop {
                    // Add noise outside the mask: it must not change the result.
                    let occ = sub | (0x8142_2418_1824_4281u64.rotate_left(sq as u32) & !mask);
                    assert_eq!(f(sq, BitBoard(occ)).0, ray_walk(sq as usize, occ, dirs), "{sq} {occ:x}");
                    sub = sub.wrapping_sub(mask) & mask;
                    if sub == 0 {
                        break;
                    }
                }
            }
        }
        #[cfg(not(feature = "small"))]
        assert_eq!((magic::ROOK_LEN, magic::BISHOP_LEN), (102_400, 5_248));
    }

    #[test]
    fn step_tables() {
        assert_eq!(knight_attacks(Square::A1).0, Square::B3.bitboard().0 | Square::C2.bitboard().0);
        assert_eq!(king_attacks(Square::E4).len(), 8);
        assert_eq!(pawn_attacks(Color::White, Square::E4), Square::D5.bitboard() | Square::F5.bitboard());
        assert_eq!(pawn_attacks(Color::Black, Square::A7), Square::B6.bitboard());
    }

    #[test]
    fn lines_and_betweens() {
        assert_eq!(between(Square::A1, Square::D4), Square::B2.bitboard() | Square::C3.bitboard());
        assert_eq!(between(Square::A1, Square::B3), BitBoard::EMPTY);
        assert_eq!(between(Square::E1, Square::E2), BitBoard::EMPTY);
        assert_eq!(line(Square::B2, Square::C3).len(), 8);
        assert!(line(Square::B2, Square::C3).has(Square::A1));
        assert_eq!(line(Square::A1, Square::B3), BitBoard::EMPTY);
        assert_eq!(line(Square::E1, Square::E5), crate::File::E.bitboard());
    }
}
