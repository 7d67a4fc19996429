//! The transposition table: a lock-free hash table shared by every search thread.
//!
//! - The size is set in MiB; 0 disables the table (probes miss, stores are dropped).
//! - Entries live in 64-byte buckets of four, one cache line. A key maps to one bucket; a store
//!   replaces the entry of the same position if there is one, otherwise the least valuable entry
//!   (shallowest, oldest) of the bucket.
//! - Each entry is two `AtomicU64`s: the data, and the key XORed with the data. A reader that
//!   sees a torn pair (one word from another writer) gets a key that does not match, and treats
//!   it as a miss. No locks, no `unsafe`.
//! - Mate scores are stored relative to the node (distance from it, not from the root) and
//!   converted back on probing, so a mate found along one path is right along another.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use chess_core::Move;
use chess_eval::Score;

use crate::params::{tt_age_weight, tt_keep_depth_margin};

/// A transposition table the machine could not give the memory for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a {mb} MiB transposition table: not enough memory")]
pub struct HashAllocError {
    /// The size asked for, in MiB.
    pub mb: usize,
}

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (no move reached alpha).
    Upper = 1,
    /// The true score is at least this (a move reached beta).
    Lower = 2,
    /// The true score.
    Exact = 3,
}

impl Bound {
    const fn from_bits(bits: u64) -> Option<Bound> {
        match bits {
            1 => Some(Bound::Upper),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Exact),
            _ => None,
        }
    }
}

/// A probed entry, its score already converted to be relative to the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtEntry {
    /// The best (or refuting) move found, if any.
    pub mv: Option<Move>,
    /// The search score (interpret with `bound`).
    pub score: i32,
    /// The static evaluation of the position.
    pub eval: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// What kind of bound `score` is.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; 4],
}

const AGE_BITS: u32 = 6;
const AGE_MASK: u8 = (1 << AGE_BITS) - 1;

/// Data word layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | age 6.
#[inline]
fn pack(mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    let mv = mv.map_or(0, Move::to_u16) as u64;
    let score = score as i16 as u16 as u64;
    let eval = eval as i16 as u16 as u64;
    let depth = depth.clamp(0, 255) as u64;
    mv | score << 16 | eval << 32 | depth << 48 | (bound as u64) << 56 | ((age & AGE_MASK) as u64) << 58
}

#[inline]
fn data_depth(data: u64) -> i32 {
    (data >> 48 & 0xff) as i32
}

#[inline]
fn data_age(data: u64) -> u8 {
    (data >> 58) as u8 & AGE_MASK
}

/// A score as stored: mate scores made relative to the node at `ply`.
#[inline]
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= Score::MATE_BOUND.0 {
        score + ply as i32
    } else if score <= -Score::MATE_BOUND.0 {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score back to root-relative, for a node at `ply`.
#[inline]
fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= Score::MATE_BOUND.0 {
        score - ply as i32
    } else if score <= -Score::MATE_BOUND.0 {
        score + ply as i32
    } else {
        score
    }
}

/// The transposition table. Share it between threads by reference: every method takes `&self`
/// except resizing.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: AtomicU8,
}

impl TranspositionTable {
    /// Bytes per bucket of four entries.
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

    /// A table of `mb` MiB (0: disabled), or an error when the memory cannot be had.
    pub fn try_new(mb: usize) -> Result<Self, HashAllocError> {
        Ok(TranspositionTable { buckets: Self::allocate(mb)?, age: AtomicU8::new(0) })
    }

    /// Resize to `mb` MiB, emptying the table; when that much memory cannot be had, the table is
    /// left as it was (entries and size) and the error says so.
    pub fn try_resize(&mut self, mb: usize) -> Result<(), HashAllocError> {
        if mb == self.size_mb() && !self.buckets.is_empty() {
            self.clear();
            return Ok(());
        }
        // Allocated beside the old table, which stays whole if this fails.
        let buckets = Self::allocate(mb)?;
        self.buckets = Vec::new();
        self.buckets = buckets;
        self.age.store(0, Relaxed);
        Ok(())
    }

    /// The zeroed buckets of an `mb` MiB table, allocated fallibly.
    fn allocate(mb: usize) -> Result<Vec<Bucket>, HashAllocError> {
        let count = mb.checked_mul(1 << 20).ok_or(HashAllocError { mb })? / Self::BUCKET_BYTES;
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|_| HashAllocError { mb })?;
        buckets.resize_with(count, Bucket::default);
        Ok(buckets)
    }

    /// The size in MiB.
    pub fn size_mb(&self) -> usize {
        (self.buckets.len() * Self::BUCKET_BYTES) >> 20
    }

    /// Forget every entry.
    pub fn clear(&self) {
        for bucket in &self.buckets {
            for slot in &bucket.slots {
                slot.key_xor_data.store(0, Relaxed);
                slot.data.store(0, Relaxed);
            }
        }
        self.age.store(0, Relaxed);
    }

    /// Start a new search: entries from older searches become preferred victims.
    pub fn new_search(&self) {
        let age = self.age.load(Relaxed);
        self.age.store((age + 1) & AGE_MASK, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> Option<&Bucket> {
        if self.buckets.is_empty() {
            return None;
        }
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        Some(&self.buckets[index])
    }

    /// Look a position up; `ply` is its distance from the root (for mate scores).
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        let bucket = self.bucket(key)?;
        for slot in &bucket.slots {
            let data = slot.data.load(Relaxed);
            if slot.key_xor_data.load(Relaxed) ^ data != key {
                continue;
            }
            let bound = Bound::from_bits(data >> 56 & 3)?;
            return Some(TtEntry {
                mv: Move::from_u16(data as u16),
                score: score_from_tt((data >> 16) as u16 as i16 as i32, ply),
                eval: (data >> 32) as u16 as i16 as i32,
                depth: data_depth(data),
                bound,
            });
        }
        None
    }

    /// Store a search result for the position `key` at distance `ply` from the root (`entry`'s
    /// score relative to the root, as [`probe`](Self::probe) gives it back).
    #[inline]
    pub fn store(&self, key: u64, entry: TtEntry, ply: usize) {
        let TtEntry { mv, score, eval, depth, bound } = entry;
        let Some(bucket) = self.bucket(key) else { return };
        let age = self.age.load(Relaxed);
        // The slot of this position if present, else the least valuable one.
        let mut victim = &bucket.slots[0];
        let mut victim_value = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Relaxed);
            if slot.key_xor_data.load(Relaxed) ^ data == key {
                let old_depth = data_depth(data);
                // Keep a deeper entry of this search unless the new one is exact.
                if bound != Bound::Exact && depth + tt_keep_depth_margin() < old_depth && data_age(data) == age {
                    return;
                }
                let mv = mv.or_else(|| Move::from_u16(data as u16));
                write(slot, key, pack(mv, score_to_tt(score, ply), eval, depth, bound, age));
                return;
            }
            let stale = (age.wrapping_sub(data_age(data)) & AGE_MASK) as i32;
            let value = data_depth(data) - tt_age_weight() * stale;
            if value < victim_value {
                victim_value = value;
                victim = slot;
            }
        }
        write(victim, key, pack(mv, score_to_tt(score, ply), eval, depth, bound, age));
    }

    /// Entries written by the current search, per mille of a sample of the table (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Relaxed);
        let sample = self.buckets.len().min(250);
        if sample == 0 {
            return 0;
        }
        let used: usize = self.buckets[..sample]
            .iter()
            .flat_map(|b| &b.slots)
            .filter(|s| {
                let data = s.data.load(Relaxed);
                data >> 56 & 3 != 0 && data_age(data) == age
            })
            .count();
        (used * 1000 / (sample * 4)) as u32
    }
}

#[inline]
fn write(slot: &Slot, key: u64, data: u64) {
    slot.key_xor_data.store(key ^ data, Relaxed);
    slot.data.store(data, Relaxed);
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable").field("mb", &self.size_mb()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn try_new_sizes_and_refuses() {
        assert_eq!(TranspositionTable::try_new(2).unwrap().size_mb(), 2);
        assert!(TranspositionTable::try_new(usize::MAX >> 20).is_err());
    }
    use chess_core::Square;

    #[test]
    fn bucket_is_one_cache_line() {
        assert_eq!(TranspositionTable::BUCKET_BYTES, 64);
        assert_eq!(TranspositionTable::try_new(1).unwrap().buckets.len(), 16_384);
    }

    #[test]
    fn disabled_table_misses() {
        let tt = TranspositionTable::try_new(0).unwrap();
        tt.store(42, TtEntry { mv: None, score: 1, eval: 1, depth: 1, bound: Bound::Exact }, 0);
        assert!(tt.probe(42, 0).is_none());
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::try_new(1).unwrap();
        // Mate in 3 plies from a node at ply 5 is mate in 8 plies from the root.
        tt.store(7, TtEntry { mv: None, score: Score::mate_in(8).0, eval: 0, depth: 4, bound: Bound::Exact }, 5);
        // Seen from a node at ply 1, it is mate in 4 plies from the root.
        assert_eq!(tt.probe(7, 1).unwrap().score, Score::mate_in(4).0);
        tt.store(9, TtEntry { mv: None, score: Score::mated_in(6).0, eval: 0, depth: 4, bound: Bound::Upper }, 2);
        assert_eq!(tt.probe(9, 4).unwrap().score, Score::mated_in(8).0);
    }

    #[test]
    fn round_trip_and_move_kept_on_moveless_store() {
        let tt = TranspositionTable::try_new(1).unwrap();
        let mv = Move::new(Square::E2, Square::E4, None);
        tt.store(11, TtEntry { mv: Some(mv), score: -123, eval: -50, depth: 9, bound: Bound::Lower }, 0);
        let e = tt.probe(11, 0).unwrap();
        assert_eq!(e, TtEntry { mv: Some(mv), score: -123, eval: -50, depth: 9, bound: Bound::Lower });
        tt.store(11, TtEntry { mv: None, score: 7, eval: 7, depth: 10, bound: Bound::Upper }, 0);
        assert_eq!(tt.probe(11, 0).unwrap().mv, Some(mv));
        tt.clear();
        assert!(tt.probe(11, 0).is_none());
    }

    #[test]
    fn replacement_prefers_shallow_and_old_entries() {
        let tt = TranspositionTable::try_new(1).unwrap();
        let n = tt.buckets.len() as u128;
        // Keys that share bucket 0: the top bits of key * n are zero.
        let keys: Vec<u64> = (1..=5u64).collect();
        assert!(keys.iter().all(|&k| (k as u128 * n) >> 64 == 0));
        for (i, &k) in keys[..4].iter().enumerate() {
            tt.store(k, TtEntry { mv: None, score: 0, eval: 0, depth: 10 + i as i32, bound: Bound::Exact }, 0);
        }
        tt.store(keys[4], TtEntry { mv: None, score: 0, eval: 0, depth: 1, bound: Bound::Exact }, 0);
        // The shallowest (depth 10, key 1) made way.
        assert!(tt.probe(1, 0).is_none());
        assert!(tt.probe(5, 0).is_some());
        // A new search ages every entry: a fresh depth-1 entry and the three deep old ones stay,
        // the old shallow one goes.
        tt.new_search();
        tt.store(99, TtEntry { mv: None, score: 0, eval: 0, depth: 1, bound: Bound::Exact }, 0);
        tt.store(100, TtEntry { mv: None, score: 0, eval: 0, depth: 1, bound: Bound::Exact }, 0);
        assert!(tt.probe(5, 0).is_none());
        assert!(tt.probe(99, 0).is_none() && tt.probe(100, 0).is_some());
        assert_eq!((2..=4).filter(|&k| tt.probe(k, 0).is_some()).count(), 3);
    }

    #[test]
    fn hashfull_counts_this_search() {
        let tt = TranspositionTable::try_new(1).unwrap();
        for k in 0..100_000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                TtEntry { mv: None, score: 0, eval: 0, depth: 1, bound: Bound::Exact },
                0,
            );
        }
        assert!(tt.hashfull() > 500, "{}", tt.hashfull());
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn a_table_the_machine_cannot_give_is_an_error_and_the_old_one_stays() {
        let mut tt = TranspositionTable::try_new(1).unwrap();
        tt.store(42, TtEntry { mv: None, score: 7, eval: 0, depth: 3, bound: Bound::Exact }, 0);
        let huge = usize::MAX >> 20;
        assert_eq!(TranspositionTable::try_new(huge).err(), Some(HashAllocError { mb: huge }));
        assert_eq!(tt.try_resize(huge), Err(HashAllocError { mb: huge }));
        assert_eq!(tt.try_resize(usize::MAX), Err(HashAllocError { mb: usize::MAX }));
        assert_eq!(tt.size_mb(), 1);
        assert_eq!(tt.probe(42, 0).map(|e| e.score), Some(7));
        assert_eq!(tt.try_resize(2), Ok(()));
        assert_eq!(tt.size_mb(), 2);
        assert!(tt.probe(42, 0).is_none());
    }
}
