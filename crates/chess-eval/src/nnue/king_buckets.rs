//! [`KingBuckets`]: which set of input weights a perspective reads, chosen by where its own king
//! stands, and whether it sees its board mirrored left to right.

use std::fmt;

use chess_core::{Color, Role, Square};

use super::{NetError, INPUTS};

/// The most king buckets a net may have.
pub const MAX_KING_BUCKETS: usize = 32;

/// How a perspective's king chooses its inputs: a net with `count` king buckets has `count` sets
/// of [`INPUTS`] feature weights, and each perspective reads the set of the bucket its own king's
/// square maps to (squares seen from that side's first rank). With `mirror`, a perspective whose
/// king is on files e-h sees its board mirrored left to right, so the king is always on files
/// a-d: the net learns each king placement once, and a position and its mirror image share
/// their weights.
///
/// [`PLAIN`](Self::PLAIN) (one bucket, no mirroring) is the layout of nets without king buckets.
///
/// ```
/// use chess_core::{Color, Role, Square};
/// use chess_eval::nnue::{feature, KingBuckets};
///
/// let hm = KingBuckets::named("hm").unwrap();
/// // A king on g1 sees its board mirrored: its own pawn on h2 is read as a pawn on a2.
/// assert_eq!(hm.feature(Color::White, Square::G1, Color::White, Role::Pawn, Square::H2), feature(Color::White, Color::White, Role::Pawn, Square::A2));
/// // A king on c1 sees it as it is.
/// assert_eq!(hm.feature(Color::White, Square::C1, Color::White, Role::Pawn, Square::H2), feature(Color::White, Color::White, Role::Pawn, Square::H2));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KingBuckets {
    /// The bucket of each square of the perspective's own king, from its own side; with
    /// `mirror`, the entries of files e-h equal those of their mirror squares.
    table: [u8; 64],
    mirror: bool,
    count: u8,
}

/// Where a perspective's features are in the input weights: the offset of its king bucket's set
/// and the square transformation (vertical flip for Black, horizontal mirror when the king is on
/// files e-h of a mirrored layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// The first feature of the king bucket's set (below `MAX_KING_BUCKETS × INPUTS`).
    base: u16,
    xor: u8,
}

impl View {
    /// The input feature of a `color` `role` on `square` for a perspective that sees the board
    /// through this view: own pieces first (`own` tells whether `color` is the perspective's).
    #[inline]
    pub const fn feature(self, own: bool, role: Role, square: Square) -> usize {
        self.base as usize + (!own as usize) * 384 + role.index() * 64 + (square.index() ^ self.xor as usize)
    }

    /// Which of a perspective's `2 × count` views this is: its king bucket, then whether it
    /// mirrors (below `2 × MAX_KING_BUCKETS`).
    #[inline]
    pub const fn slot(self) -> usize {
        (self.base as usize / INPUTS) * 2 + (self.xor & 7 != 0) as usize
    }
}

impl KingBuckets {
    /// One bucket and no mirroring: the inputs of a net without king buckets.
    pub const PLAIN: KingBuckets = KingBuckets { table: [0; 64], mirror: false, count: 1 };

    /// The layouts known by name, for trainers' command lines: `plain`; `hm` (mirrored, one
    /// bucket); `hm2` (mirrored; king on its first rank, or in front of it); `hm4` (mirrored;
    /// first rank files a-b, first rank files c-d, second rank, beyond).
    pub const NAMED: [(&'static str, KingBuckets); 4] = [
        ("plain", KingBuckets::PLAIN),
        ("hm", KingBuckets::mirrored_by_rank([0; 8], [0; 8])),
        ("hm2", KingBuckets::mirrored_by_rank([0, 1, 1, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1, 1])),
        ("hm4", KingBuckets::mirrored_by_rank([0, 2, 3, 3, 3, 3, 3, 3], [1, 2, 3, 3, 3, 3, 3, 3])),
    ];

    /// A mirrored layout whose bucket depends on the king's rank (from its own side), on files
    /// a-b (`wing`) and c-d (`centre`).
    const fn mirrored_by_rank(wing: [u8; 8], centre: [u8; 8]) -> KingBuckets {
        let mut table = [0u8; 64];
        let mut count = 0;
        let mut sq = 0;
        while sq < 64 {
            let (file, rank) = (sq % 8, sq / 8);
            let near = if file < 4 { file } else { 7 - file };
            table[sq] = if near < 2 { wing[rank] } else { centre[rank] };
            if table[sq] + 1 > count {
                count = table[sq] + 1;
            }
            sq += 1;
        }
        KingBuckets { table, mirror: true, count }
    }

    /// The layout called `name` in [`NAMED`](Self::NAMED).
    pub fn named(name: &str) -> Option<KingBuckets> {
        Self::NAMED.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
    }

    /// A layout from its table (the bucket of each square of the perspective's own king, from
    /// its own side) and mirroring; with `mirror`, only files a-d of the table are read. The
    /// buckets must be `0..count` with each one used.
    pub fn new(table: [u8; 64], mirror: bool) -> Result<KingBuckets, NetError> {
        let mut table = table;
        if mirror {
            for sq in 0..64 {
                if sq % 8 >= 4 {
                    table[sq] = table[sq ^ 7];
                }
            }
        }
        let count = usize::from(table.iter().copied().max().unwrap_or(0)) + 1;
        if count > MAX_KING_BUCKETS || (0..count).any(|b| !table.contains(&(b as u8))) {
            return Err(NetError::BadKingBuckets);
        }
        Ok(KingBuckets { table, mirror, count: count as u8 })
    }

    /// The number of king buckets: sets of [`INPUTS`] feature weights.
    pub const fn count(&self) -> usize {
        self.count as usize
    }

    /// Whether a king on files e-h mirrors its side's board.
    pub const fn mirror(&self) -> bool {
        self.mirror
    }

    /// The bucket of each square of a perspective's own king, from its own side.
    pub const fn table(&self) -> &[u8; 64] {
        &self.table
    }

    /// Whether this is [`PLAIN`](Self::PLAIN): the king's square never changes the view.
    #[inline]
    pub const fn is_plain(&self) -> bool {
        self.count == 1 && !self.mirror
    }

    /// The view of `perspective`, whose king stands on `king`.
    #[inline]
    pub const fn view(&self, perspective: Color, king: Square) -> View {
        let flip = match perspective {
            Color::White => 0,
            Color::Black => 56,
        };
        let own_king = king.index() ^ flip;
        let mirror = if self.mirror && own_king % 8 >= 4 { 7 } else { 0 };
        View { base: (self.table[own_king] as usize * INPUTS) as u16, xor: (flip ^ mirror) as u8 }
    }

    /// The input feature of a `color` `role` on `square`, for `perspective` whose king is on
    /// `king`.
    #[inline]
    pub const fn feature(&self, perspective: Color, king: Square, color: Color, role: Role, square: Square) -> usize {
        self.view(perspective, king).feature(color as usize == perspective as usize, role, square)
    }

    /// The layout's name in [`NAMED`](Self::NAMED), if it has one.
    pub fn name(&self) -> Option<&'static str> {
        Self::NAMED.iter().find(|(_, k)| k == self).map(|(n, _)| *n)
    }
}

/// The layout for people: its name if it has one, else `3 king buckets` (`, mirrored`).
impl fmt::Display for KingBuckets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => write!(f, "{name}"),
            None => write!(f, "{} king buckets{}", self.count, if self.mirror { ", mirrored" } else { "" }),
        }
    }
}

impl fmt::Debug for KingBuckets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KingBuckets({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_layouts_have_the_buckets_they_say() {
        let counts: Vec<_> = KingBuckets::NAMED.iter().map(|(n, k)| (*n, k.count(), k.mirror())).collect();
        assert_eq!(counts, [("plain", 1, false), ("hm", 1, true), ("hm2", 2, true), ("hm4", 4, true)]);
        for (name, layout) in KingBuckets::NAMED {
            assert_eq!(KingBuckets::new(layout.table, layout.mirror), Ok(layout), "{name} is canonical");
            assert_eq!(layout.name(), Some(name));
        }
        let hm4 = KingBuckets::named("hm4").unwrap();
        let bucket = |sq: Square| hm4.view(Color::White, sq).base as usize / INPUTS;
        assert_eq!([bucket(Square::A1), bucket(Square::C1), bucket(Square::E2), bucket(Square::G1)], [0, 1, 2, 0]);
        // Black's king on g8 is on its own first rank, on the wing.
        assert_eq!(hm4.view(Color::Black, Square::G8).base, 0);
        assert_eq!(hm4.view(Color::Black, Square::D7).base as usize, 2 * INPUTS);
        assert_eq!(KingBuckets::named("nope"), None);
    }

    #[test]
    fn the_plain_view_is_the_plain_feature() {
        for sq in [Square::A1, Square::E1, Square::H8] {
            for perspective in Color::ALL {
                let view = KingBuckets::PLAIN.view(perspective, sq);
                assert_eq!(
                    view.feature(false, Role::Queen, Square::D5),
                    super::super::feature(perspective, !perspective, Role::Queen, Square::D5)
                );
            }
        }
    }

    #[test]
    fn a_mirrored_layout_sees_a_position_and_its_mirror_alike() {
        let hm4 = KingBuckets::named("hm4").unwrap();
        for (king, sq) in [(Square::G1, Square::B7), (Square::D2, Square::H3), (Square::E8, Square::A1)] {
            for perspective in Color::ALL {
                assert_eq!(
                    hm4.feature(perspective, king, Color::Black, Role::Knight, sq),
                    hm4.feature(perspective, king.flip_file(), Color::Black, Role::Knight, sq.flip_file()),
                );
            }
        }
    }

    #[test]
    fn bad_tables_are_refused() {
        let mut gap = [0u8; 64];
        gap[5] = 2;
        assert_eq!(KingBuckets::new(gap, false), Err(NetError::BadKingBuckets));
        // Mirrored, the e-h files are not read: bucket 2 on f1 is gone, and so is the gap.
        assert_eq!(KingBuckets::new(gap, true).map(|k| k.count()), Ok(1));
        assert_eq!(KingBuckets::new([40; 64], false), Err(NetError::BadKingBuckets));
        let mut two = [0u8; 64];
        two[63] = 1;
        assert_eq!(KingBuckets::new(two, false).map(|k| k.count()), Ok(2));
    }
}
