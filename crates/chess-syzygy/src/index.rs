//! From a placement of pieces to the number of its entry in a table.
//!
//! A Syzygy table is a long array of values, one per placement of its pieces, with the
//! symmetries of the board taken out. This module turns a list of squares (in the order the
//! table's header gives its pieces) into the array index, as the format defines it:
//!
//! - **Tables without pawns** use the eight symmetries of the board: the first piece is brought
//!   into the triangle a1-d1-d4, and the encoding of the first two or three pieces together
//!   ("KK" when only the kings are unique, "111" when at least three pieces are) leaves out the
//!   placements that are mirror images along the a1-h8 diagonal.
//! - **Tables with pawns** use the left-right mirror only: the "leading" pawns (those of the side
//!   with fewer pawns) decide the file (a-d) and the index of their placement.
//! - **Groups of identical pieces** are encoded as combinations (a binomial number system), so
//!   that two white rooks on a1 and h1 are one placement, not two.
//!
//! Every table here is computed at compile time from its definition; squares are numbered
//! a1 = 0, b1 = 1, ..., h8 = 63.

/// The most pieces a table can have (the format's limit, not the tables this crate has seen).
pub(crate) const MAX_PIECES: usize = 7;

const fn file(sq: usize) -> usize {
    sq & 7
}

const fn rank(sq: usize) -> usize {
    sq >> 3
}

/// How far a square is above the a1-h8 diagonal: `rank - file` (negative below it).
const fn off_diagonal(sq: usize) -> i32 {
    rank(sq) as i32 - file(sq) as i32
}

/// The square's mirror image in the a1-h8 diagonal.
const fn flip_diagonal(sq: usize) -> usize {
    ((sq >> 3) | (sq << 3)) & 63
}

/// The number of the square's class among the ten of the a1-d1-d4 triangle: the square is
/// mirrored into that triangle, whose six squares off the diagonal come first (b1, c1, d1, c2,
/// d2, d3) and its four diagonal squares last (a1, b2, c3, d4).
const fn triangle_class(sq: usize) -> usize {
    let (mut f, mut r) = (file(sq), rank(sq));
    if f > 3 {
        f = 7 - f;
    }
    if r > 3 {
        r = 7 - r;
    }
    if r > f {
        let t = f;
        f = r;
        r = t;
    }
    if r == f {
        return 6 + r;
    }
    // Off the diagonal, by rank then file: (0,1) (0,2) (0,3) (1,2) (1,3) (2,3).
    match (r, f) {
        (0, 1) => 0,
        (0, 2) => 1,
        (0, 3) => 2,
        (1, 2) => 3,
        (1, 3) => 4,
        _ => 5,
    }
}

/// [`triangle_class`] of every square.
pub(crate) const TRIANGLE: [u8; 64] = {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = triangle_class(sq) as u8;
        sq += 1;
    }
    t
};

/// The squares below the a1-h8 diagonal numbered 0-27 (by rank, then file), those above it
/// numbered as their mirror image, and the diagonal 28-35.
const LOWER: [u8; 64] = {
    let mut t = [0; 64];
    let mut n = 0;
    let mut r = 0;
    while r < 8 {
        let mut f = r + 1;
        while f < 8 {
            t[r * 8 + f] = n;
            t[f * 8 + r] = n;
            n += 1;
            f += 1;
        }
        t[r * 8 + r] = 28 + r as u8;
        r += 1;
    }
    t
};

/// The a1-h8 diagonal numbered 0-7 from a1, the h1-a8 diagonal 8-15 from h1; other squares 0.
const DIAG: [u8; 64] = {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 8 {
        t[i * 8 + i] = i as u8;
        t[i * 8 + (7 - i)] = 8 + i as u8;
        i += 1;
    }
    t
};

/// A pawn square's number among the 24 of files a-d, ranks 2-7 (e-h mirrored): `6 × file +
/// rank − 1`. The leading pawn with the smallest number decides a pawn table's file.
pub(crate) const FLAP: [u8; 64] = {
    let mut t = [0; 64];
    let mut sq = 8;
    while sq < 56 {
        let f = if file(sq) > 3 { 7 - file(sq) } else { file(sq) };
        t[sq] = (6 * f + rank(sq) - 1) as u8;
        sq += 1;
    }
    t
};

/// The order in which the other leading pawns are encoded: the central files first, from the
/// seventh rank down, the d- and e-files interleaved.
const PTWIST: [u8; 64] = {
    let mut t = [0; 64];
    let mut sq = 8;
    while sq < 56 {
        let f = file(sq);
        let base = if f <= 3 { 11 + 12 * (3 - f) } else { 10 + 12 * (f - 4) };
        t[sq] = (base - 2 * (rank(sq) - 1)) as u8;
        sq += 1;
    }
    t
};

/// The square of each [`FLAP`] number on files a-d.
const INV_FLAP: [u8; 24] = {
    let mut t = [0; 24];
    let mut j = 0;
    while j < 24 {
        t[j] = (8 * (j % 6 + 1) + j / 6) as u8;
        j += 1;
    }
    t
};

/// A pawn table's four files: a and h are file 0, d and e file 3.
pub(crate) const fn pawn_file_class(sq: usize) -> usize {
    let f = file(sq);
    if f > 3 {
        7 - f
    } else {
        f
    }
}

const fn kings_adjacent_or_equal(a: usize, b: usize) -> bool {
    let df = file(a).abs_diff(file(b));
    let dr = rank(a).abs_diff(rank(b));
    df <= 1 && dr <= 1
}

/// The 462 legal placements of two kings, the first in the a1-d1-d4 triangle: `KK_INDEX[class
/// of the first][square of the second]`, `-1` where the kings touch or where the placement is the
/// mirror image of one already counted (first king on the diagonal, second above it). The
/// placements with both kings on the diagonal come last.
const KK_INDEX: [[i16; 64]; 10] = {
    let mut t = [[-1i16; 64]; 10];
    let mut code = 0;
    // Two passes: the placements with both kings on the diagonal are numbered after all others.
    let mut pass = 0;
    while pass < 2 {
        let mut class = 0;
        while class < 10 {
            // The one square of the triangle (r <= f <= 3) in this class.
            let mut s1 = 0;
            while s1 < 64 {
                if file(s1) <= 3 && rank(s1) <= file(s1) && triangle_class(s1) == class {
                    let mut s2 = 0;
                    while s2 < 64 {
                        let legal =
                            !kings_adjacent_or_equal(s1, s2) && !(off_diagonal(s1) == 0 && off_diagonal(s2) > 0);
                        let both_on_diagonal = off_diagonal(s1) == 0 && off_diagonal(s2) == 0;
                        if legal && both_on_diagonal == (pass == 1) {
                            t[class][s2] = code;
                            code += 1;
                        }
                        s2 += 1;
                    }
                }
                s1 += 1;
            }
            class += 1;
        }
        pass += 1;
    }
    t
};

/// `BINOMIAL[k][n]` = n choose k.
const BINOMIAL: [[u64; 64]; MAX_PIECES] = {
    let mut t = [[0u64; 64]; MAX_PIECES];
    let mut k = 0;
    while k < MAX_PIECES {
        let mut n = 0;
        while n < 64 {
            // n! / (k! (n-k)!) as a running product, exact at every step.
            let mut v: u64 = if k <= n { 1 } else { 0 };
            let mut i = 0;
            while i < k && v != 0 {
                v = v * (n - i) as u64 / (i + 1) as u64;
                i += 1;
            }
            t[k][n] = v;
            n += 1;
        }
        k += 1;
    }
    t
};

pub(crate) fn binomial(n: usize, k: usize) -> u64 {
    BINOMIAL.get(k).and_then(|row| row.get(n)).copied().unwrap_or(0)
}

/// For `k + 1` leading pawns: the index of the first placement whose smallest pawn has each
/// [`FLAP`] number (`.0`), and the number of placements on each of the four files (`.1`).
const PAWN_INDEX: ([[u64; 24]; 5], [[u64; 4]; 5]) = {
    let mut index = [[0u64; 24]; 5];
    let mut factor = [[0u64; 4]; 5];
    let mut k = 0;
    while k < 5 {
        let mut f = 0;
        while f < 4 {
            let mut sum = 0;
            let mut j = 6 * f;
            while j < 6 * f + 6 {
                index[k][j] = sum;
                sum += if k == 0 { 1 } else { BINOMIAL[k][PTWIST[INV_FLAP[j] as usize] as usize] };
                j += 1;
            }
            factor[k][f] = sum;
            f += 1;
        }
        k += 1;
    }
    (index, factor)
};

/// The number of placements of `leading` leading pawns with the first on pawn file `file`.
pub(crate) fn pawn_factor(leading: usize, file: usize) -> u64 {
    PAWN_INDEX.1[leading - 1][file]
}

/// The number of placements of `k` identical pieces on `n` squares: n choose k.
pub(crate) fn group_factor(k: usize, n: usize) -> u64 {
    binomial(n, k)
}

/// How a table without pawns encodes its first pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PieceEncoding {
    /// At least three unique pieces: the first three together (31,332 placements).
    Three,
    /// Only the two kings are unique: the kings together (462 placements).
    Kings,
}

impl PieceEncoding {
    /// How many of the first pieces the encoding takes together.
    pub(crate) const fn lead(self) -> usize {
        match self {
            PieceEncoding::Three => 3,
            PieceEncoding::Kings => 2,
        }
    }

    /// How many placements those pieces have.
    pub(crate) const fn placements(self) -> u64 {
        match self {
            PieceEncoding::Three => 31_332,
            PieceEncoding::Kings => 462,
        }
    }
}

/// The index of a placement in a table without pawns. `pos` holds the squares in the header's
/// order and is reordered in place; `norm[i]` is the size of the group that starts at `i`,
/// `factor[i]` its weight in the index.
pub(crate) fn encode_piece(encoding: PieceEncoding, norm: &[u8], factor: &[u64], pos: &mut [usize]) -> u64 {
    let n = pos.len();
    // Bring the first piece into the a1-d4 quadrant, then (if the first piece off the diagonal
    // among the leading ones is above it) below the diagonal.
    if pos[0] & 4 != 0 {
        pos.iter_mut().for_each(|s| *s ^= 7);
    }
    if pos[0] & 0x20 != 0 {
        pos.iter_mut().for_each(|s| *s ^= 0x38);
    }
    if let Some(i) = pos.iter().position(|&s| off_diagonal(s) != 0) {
        if i < encoding.lead() && off_diagonal(pos[i]) > 0 {
            pos.iter_mut().for_each(|s| *s = flip_diagonal(*s));
        }
    }

    let mut idx = match encoding {
        PieceEncoding::Three => {
            let i = usize::from(pos[1] > pos[0]);
            let j = usize::from(pos[2] > pos[0]) + usize::from(pos[2] > pos[1]);
            let [t0, d0, d1, d2] =
                [TRIANGLE[pos[0]] as usize, DIAG[pos[0]] as usize, DIAG[pos[1]] as usize, DIAG[pos[2]] as usize];
            if off_diagonal(pos[0]) != 0 {
                t0 * 63 * 62 + (pos[1] - i) * 62 + (pos[2] - j)
            } else if off_diagonal(pos[1]) != 0 {
                6 * 63 * 62 + d0 * 28 * 62 + LOWER[pos[1]] as usize * 62 + pos[2] - j
            } else if off_diagonal(pos[2]) != 0 {
                6 * 63 * 62 + 4 * 28 * 62 + d0 * 7 * 28 + (d1 - i) * 28 + LOWER[pos[2]] as usize
            } else {
                6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + d0 * 7 * 6 + (d1 - i) * 6 + (d2 - j)
            }
        }
        // The kings' placement is legal (the position was), so the entry is not -1.
        PieceEncoding::Kings => KK_INDEX[TRIANGLE[pos[0]] as usize][pos[1]].max(0) as usize,
    } as u64;
    idx *= factor[0];
    idx + encode_groups(norm, factor, pos, encoding.lead(), n, 0)
}

/// The index of a placement in a table with pawns (already mirrored so that the leading
/// pawns' side moves up the board). `leading` and `other` count the two sides' pawns, the
/// leading ones first in `pos`, with the one that decided the file at `pos[0]`.
pub(crate) fn encode_pawn(norm: &[u8], factor: &[u64], pos: &mut [usize], leading: usize, other: usize) -> u64 {
    let n = pos.len();
    if pos[0] & 4 != 0 {
        pos.iter_mut().for_each(|s| *s ^= 7);
    }
    // The other leading pawns, in PTWIST order, largest first.
    pos[1..leading].sort_unstable_by(|a, b| PTWIST[*b].cmp(&PTWIST[*a]));
    let t = leading - 1;
    let mut idx = PAWN_INDEX.0[t][FLAP[pos[0]] as usize];
    for i in (1..=t).rev() {
        idx += binomial(PTWIST[pos[i]] as usize, t - i + 1);
    }
    idx *= factor[0];

    // The other side's pawns: 48 squares of ranks 2-7, less those the leading pawns hold.
    let mut i = leading;
    if other > 0 {
        idx += encode_group(pos, i, other, 8) * factor[i];
        i += other;
    }
    idx + encode_groups(norm, factor, pos, i, n, 0)
}

/// The groups of identical pieces from `pos[start]` to `pos[end - 1]`.
fn encode_groups(norm: &[u8], factor: &[u64], pos: &mut [usize], start: usize, end: usize, skip: usize) -> u64 {
    let mut idx = 0;
    let mut i = start;
    while i < end {
        let t = (norm[i] as usize).max(1);
        idx += encode_group(pos, i, t, skip) * factor[i];
        i += t;
    }
    idx
}

/// One group of `len` identical pieces at `pos[start..]`, as a combination of the squares the
/// pieces before it leave free (minus `skip` squares at the bottom: the first rank for pawns).
fn encode_group(pos: &mut [usize], start: usize, len: usize, skip: usize) -> u64 {
    pos[start..start + len].sort_unstable();
    let mut s = 0;
    for m in start..start + len {
        let p = pos[m];
        let below = pos[..start].iter().filter(|&&q| p > q).count();
        s += binomial(p - below - skip, m - start + 1);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_have_the_sizes_the_format_says() {
        // 462 king placements, numbered 0-461 without a gap.
        let mut seen: Vec<i16> = KK_INDEX.iter().flatten().copied().filter(|&v| v >= 0).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..462).collect::<Vec<_>>());
        // The ten triangle classes, each 8 squares but a1, b2, c3, d4 (4 each: on a diagonal).
        for class in 0..10 {
            let count = TRIANGLE.iter().filter(|&&c| c as usize == class).count();
            assert_eq!(count, if class >= 6 { 4 } else { 8 }, "class {class}");
        }
        assert_eq!(binomial(62, 3), 37_820);
        assert_eq!(binomial(3, 5), 0);
        // One leading pawn: six ranks a file.
        assert_eq!((0..4).map(|f| pawn_factor(1, f)).collect::<Vec<_>>(), [6, 6, 6, 6]);
        assert_eq!(pawn_file_class(7), 0);
    }
}
