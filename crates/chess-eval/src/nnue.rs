//! A neural evaluation of the (768 → N)×2 → 1 "perspective" family, efficiently updated (NNUE).
//!
//! **Inputs.** Each side's view of the board is 768 sparse features: one per (own or enemy piece,
//! role, square), squares flipped vertically for Black so that both sides see the board from
//! their own first rank ([`feature`]). A net may have several sets of these 768 input weights
//! (*king buckets*), each side reading the set its own king's square selects, and may mirror a
//! side's board left to right when its king is on files e-h ([`KingBuckets`]); a king move that
//! changes its side's set or mirroring sums that side's accumulator anew.
//!
//! **Hidden layer.** An accumulator of N integers per side: the bias plus the weight rows of the
//! features present. A move changes two to four features, so the accumulator of a position is
//! its parent's with those rows added and taken away, not a new sum: [`Nnue`] follows the search
//! through the [`Evaluator`](crate::Evaluator) hooks, records each move's change and applies it
//! only when a position is evaluated (`nnue/accumulator.rs`). The loops over the hidden layer
//! are in `nnue/kernels.rs`, compiled for AVX2 as well where the CPU has it.
//!
//! **Output.** The side to move's accumulator, then the other side's, each clipped to
//! `0..=QA` and squared (SCReLU), dotted with the output weights, plus the bias:
//! `eval = (Σ clip(a)² · w / QA + bias) · SCALE / (QA · QB)` centipawns. A net may have several
//! sets of output weights and biases (*output buckets*), one for each range of piece counts
//! ([`output_bucket`]): the same hidden layer read differently in the opening, the middlegame
//! and the endgame, at no cost to speed.
//!
//! **Quantisation.** Feature weights and biases are the float weights × [`QA`] (as `i16`), output
//! weights × [`QB`], the output bias × `QA · QB` (as `i32`); a float evaluation of the same net is
//! `SCALE · (Σ clip(a, 0, 1)² · w + bias)`. The trainer (`chess-tune train`) writes this format.
//!
//! **File** ([`Network::to_bytes`], little-endian): the magic `CNN1`, the hidden width N (`u32`),
//! the name (`u32` length + UTF-8), then the feature weights (`i16`, 768 rows of N), the feature
//! biases (`i16` × N), the output weights (`i16` × 2N: side to move, then the other side) and the
//! output bias (`i32`). A net with B > 1 output buckets starts with `CNN2`, has the bucket count
//! B (`u32`) after N, and B sets of output weights and then B biases. A net with king buckets or
//! mirroring starts with `CNN3`, has B, then a flags byte (1: mirrored) and the 64 bytes of the
//! king bucket of each square (from the side's own view) after N, and K sets of 768 feature weight
//! rows for K king buckets. Each net is written in the first of these formats that holds it. A net
//! is known by its name and [`Network::hash`] (FNV-1a of the file).

use std::fmt;
use std::sync::{Arc, OnceLock};

use chess_core::{Board, Color, Role, Square};

mod accumulator;
#[allow(unsafe_code)]
mod kernels;
mod king_buckets;

pub use accumulator::Nnue;
pub use king_buckets::{KingBuckets, View, MAX_KING_BUCKETS};

/// Input features per perspective: 2 colours × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// Scale of the hidden layer's quantised weights, and its clipping bound.
pub const QA: i32 = 255;
/// Scale of the quantised output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the net's raw output.
pub const SCALE: i32 = 400;
/// The first bytes of a net file.
pub const MAGIC: &[u8; 4] = b"CNN1";
/// The first bytes of the file of a net with output buckets.
pub const MAGIC_BUCKETS: &[u8; 4] = b"CNN2";
/// The first bytes of the file of a net with king buckets or mirrored inputs ([`KingBuckets`]).
pub const MAGIC_KINGS: &[u8; 4] = b"CNN3";
/// The widest hidden layer a file may declare.
pub const MAX_HIDDEN: usize = 4096;
/// The most output buckets a net may have: one per piece count from 2 to 32.
pub const MAX_BUCKETS: usize = 31;

/// The output bucket, of `buckets`, of a position with `pieces` pieces (kings included): the
/// counts 2-32 split into `buckets` equal ranges, the fewest pieces first.
///
/// ```
/// use chess_eval::nnue::output_bucket;
///
/// assert_eq!(output_bucket(32, 1), 0);
/// assert_eq!((output_bucket(2, 8), output_bucket(5, 8), output_bucket(6, 8)), (0, 0, 1));
/// assert_eq!((output_bucket(29, 8), output_bucket(30, 8), output_bucket(32, 8)), (6, 7, 7));
/// ```
#[inline]
pub const fn output_bucket(pieces: u32, buckets: usize) -> usize {
    let pieces = if pieces < 2 {
        2
    } else if pieces > 32 {
        32
    } else {
        pieces
    };
    (pieces as usize - 2) * buckets / 31
}

/// The nets compiled into the crate (`nets/`), by the name inside each file: the full-strength
/// net ([`Network::embedded`]) first, then any net kept for whoever pins it by name
/// ([`Network::embedded_named`]; the levels of `chess-ai` pin `cn128-v2`, the net they were
/// calibrated with). Older nets stay in `nets/` as files, for [`Network::load`] by path.
///
/// WebAssembly (`wasm32`) builds leave out `s7-hm4-1726-k200` (790 KB, four king buckets), so a
/// page's module stays small: their full-strength net is `s6-128-hm-1000` (201 KB), and the
/// bigger net is read from its file's bytes when wanted ([`Network::from_bytes`]; the npm package
/// ships the file and loads it on first use). Native builds keep `s6-128-hm-1000` too, so that
/// the WebAssembly build's play can be reproduced natively by name.
///
/// With the `host-nets` feature no bytes are compiled in: the WebAssembly build's names are
/// listed, and the host gives each file's bytes once (`Network::provide`) before the first
/// search (the npm package fetches them when first needed, so that a page's first download
/// carries no net).
#[cfg(all(not(target_arch = "wasm32"), not(feature = "host-nets")))]
pub const COMPILED_IN: [(&str, &[u8]); 3] = [
    ("s7-hm4-1726-k200", include_bytes!("../nets/s7-hm4-1726-k200.nnue")),
    ("s6-128-hm-1000", include_bytes!("../nets/s6-128-hm-1000.nnue")),
    ("cn128-v2", include_bytes!("../nets/cn128-v2.nnue")),
];

/// The nets compiled into the crate in WebAssembly: see the native [`COMPILED_IN`].
#[cfg(all(target_arch = "wasm32", not(feature = "host-nets")))]
pub const COMPILED_IN: [(&str, &[u8]); 2] = [
    ("s6-128-hm-1000", include_bytes!("../nets/s6-128-hm-1000.nnue")),
    ("cn128-v2", include_bytes!("../nets/cn128-v2.nnue")),
];

/// The nets the host provides (the `host-nets` feature), by name, their bytes empty: see the
/// other [`COMPILED_IN`]. [`Network::provide`] takes these files and no other.
#[cfg(feature = "host-nets")]
pub const COMPILED_IN: [(&str, &[u8]); 2] = [("s6-128-hm-1000", &[]), ("cn128-v2", &[])];

/// The hashes of the weights of the nets [`Network::provide`] takes, in the order of
/// [`COMPILED_IN`].
#[cfg(feature = "host-nets")]
const PROVIDED_HASHES: [u64; 2] = [0xc385_be07_44ec_a044, 0xc13b_3e71_014a_8da7];

/// The nets of [`COMPILED_IN`], parsed on first use (or given by the host, with `host-nets`).
static PARSED: [OnceLock<Arc<Network>>; COMPILED_IN.len()] = [const { OnceLock::new() }; COMPILED_IN.len()];

/// The input feature of a `color` `role` on `square`, seen by `perspective`: own pieces first,
/// squares flipped vertically for Black.
///
/// ```
/// use chess_core::{Color, Role, Square};
/// use chess_eval::nnue::feature;
///
/// // White's pawn on e2 is, for Black, an enemy pawn on e7 of its own board.
/// assert_eq!(feature(Color::White, Color::White, Role::Pawn, Square::E2), 12);
/// assert_eq!(feature(Color::Black, Color::White, Role::Pawn, Square::E2), 384 + 52);
/// ```
#[inline]
pub const fn feature(perspective: Color, color: Color, role: Role, square: Square) -> usize {
    KingBuckets::PLAIN.feature(perspective, Square::A1, color, role, square)
}

/// Why a net file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NetError {
    /// The file does not start with [`MAGIC`].
    BadMagic,
    /// The file ends before the weights it declares.
    Truncated,
    /// The hidden width is 0 or above [`MAX_HIDDEN`].
    BadWidth(usize),
    /// The number of output buckets is 0 or above [`MAX_BUCKETS`].
    BadBuckets(usize),
    /// The king buckets are not `0..count` each used, or more than [`MAX_KING_BUCKETS`], or the
    /// flags are unknown.
    BadKingBuckets,
    /// The name is not UTF-8.
    BadName,
    /// Bytes follow the last weight.
    TrailingBytes(usize),
    /// The weight vectors do not have the sizes of a net of that width.
    WrongSizes,
    /// The output weights are so large that the output sum could overflow.
    OutputWeightsTooLarge,
    /// The file could not be read ([`Network::open`]): the file system's reason.
    Io(String),
    /// `Network::provide` (`host-nets`) was given a net that is not the one it was told, or not
    /// one of those it takes (by name and hash): the name inside the file.
    NotProvidable(String),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::BadMagic => write!(f, "not a net file (it does not start with CNN1, CNN2 or CNN3)"),
            NetError::Truncated => write!(f, "the net file is truncated"),
            NetError::BadWidth(n) => write!(f, "hidden width {n} is not within 1..={MAX_HIDDEN}"),
            NetError::BadBuckets(n) => write!(f, "{n} output buckets is not within 1..={MAX_BUCKETS}"),
            NetError::BadKingBuckets => {
                write!(
                    f,
                    "the king buckets are not 0..n each used (n at most {MAX_KING_BUCKETS}) or the flags are unknown"
                )
            }
            NetError::BadName => write!(f, "the net's name is not UTF-8"),
            NetError::TrailingBytes(n) => write!(f, "{n} bytes follow the net's last weight"),
            NetError::WrongSizes => write!(f, "the weights do not have the sizes of the net's width"),
            NetError::OutputWeightsTooLarge => write!(f, "output weights too large: the output sum could overflow"),
            NetError::Io(reason) => write!(f, "cannot read the net file: {reason}"),
            NetError::NotProvidable(name) => {
                let names: Vec<&str> = COMPILED_IN.iter().map(|(name, _)| *name).collect();
                write!(f, "the net {name:?} is not the one named, or not one the engine takes in place of a compiled-in net ({})", names.join(", "))
            }
        }
    }
}

impl std::error::Error for NetError {}

/// A quantised net: the weights an [`Nnue`] evaluates with.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    name: String,
    kings: KingBuckets,
    hidden: usize,
    /// `INPUTS` rows of `hidden` per king bucket.
    feature_weights: Vec<i16>,
    feature_bias: Vec<i16>,
    /// `2 × hidden` per output bucket: the side to move's half, then the other side's.
    output_weights: Vec<i16>,
    /// One per output bucket.
    output_bias: Vec<i32>,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Network({:?}, {}, {:016x})", self.name, self.shape(), self.hash())
    }
}

impl Network {
    /// The largest net file read: 256 MiB (a net of 768 inputs and 100,000 hidden units).
    pub const MAX_FILE_BYTES: u64 = 256 << 20;

    /// A net from its quantised weights (layout as in the [module docs](self)), reading its
    /// inputs through `kings`; as many output buckets as `output_bias` has biases.
    pub fn new(
        name: &str,
        kings: KingBuckets,
        hidden: usize,
        feature_weights: Vec<i16>,
        feature_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: Vec<i32>,
    ) -> Result<Network, NetError> {
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(NetError::BadWidth(hidden));
        }
        let buckets = output_bias.len();
        if buckets == 0 || buckets > MAX_BUCKETS {
            return Err(NetError::BadBuckets(buckets));
        }
        if feature_weights.len() != kings.count() * INPUTS * hidden
            || feature_bias.len() != hidden
            || output_weights.len() != 2 * hidden * buckets
        {
            return Err(NetError::WrongSizes);
        }
        // Σ clip(a)² · w over 2N terms must fit an i32, and each clip(a) · w an i16.
        let largest = output_weights.iter().map(|w| (*w as i32).abs()).max().unwrap_or(0);
        if largest > Network::max_output_weight(hidden) {
            return Err(NetError::OutputWeightsTooLarge);
        }
        Ok(Network { name: name.to_owned(), kings, hidden, feature_weights, feature_bias, output_weights, output_bias })
    }

    /// The largest output weight (quantised) a net of width `hidden` may have: above it, the
    /// output sum could overflow 32 bits. Trainers clip to it.
    pub const fn max_output_weight(hidden: usize) -> i32 {
        let by_sum = i32::MAX as i64 / (QA as i64 * QA as i64 * 2 * hidden as i64);
        // And `clip(a) · w` must fit an i16, for the vectorised product.
        let by_product = i16::MAX as i64 / QA as i64;
        (if by_sum < by_product { by_sum } else { by_product }) as i32
    }

    /// A net read from a file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let mut r = Reader(bytes);
        let version = match r.take(4)? {
            m if m == MAGIC => 1,
            m if m == MAGIC_BUCKETS => 2,
            m if m == MAGIC_KINGS => 3,
            _ => return Err(NetError::BadMagic),
        };
        let hidden = r.u32()? as usize;
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(NetError::BadWidth(hidden));
        }
        let buckets = if version >= 2 { r.u32()? as usize } else { 1 };
        if buckets == 0 || buckets > MAX_BUCKETS {
            return Err(NetError::BadBuckets(buckets));
        }
        let kings = if version >= 3 {
            let flags = r.take(1)?[0];
            if flags > 1 {
                return Err(NetError::BadKingBuckets);
            }
            let table: [u8; 64] = r.take(64)?.try_into().expect("64 bytes");
            let kings = KingBuckets::new(table, flags == 1)?;
            if kings.table() != &table {
                // Not canonical: the mirrored files of a mirrored table must repeat the others.
                return Err(NetError::BadKingBuckets);
            }
            kings
        } else {
            KingBuckets::PLAIN
        };
        let name_len = r.u32()? as usize;
        let name = std::str::from_utf8(r.take(name_len)?).map_err(|_| NetError::BadName)?.to_owned();
        let feature_weights = r.i16s(kings.count() * INPUTS * hidden)?;
        let feature_bias = r.i16s(hidden)?;
        let output_weights = r.i16s(2 * hidden * buckets)?;
        let output_bias = r.i32s(buckets)?;
        if !r.0.is_empty() {
            return Err(NetError::TrailingBytes(r.0.len()));
        }
        Network::new(&name, kings, hidden, feature_weights, feature_bias, output_weights, output_bias)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let buckets = self.buckets();
        let mut out = Vec::with_capacity(
            85 + self.name.len() + 2 * (self.feature_weights.len() + (1 + 2 * buckets) * self.hidden) + 4 * buckets,
        );
        // Each net is written in the first format that holds it, so the bytes (and hash) of a
        // net never change when a later format comes.
        let version = if !self.kings.is_plain() {
            3
        } else if buckets > 1 {
            2
        } else {
            1
        };
        out.extend_from_slice([MAGIC, MAGIC_BUCKETS, MAGIC_KINGS][version - 1]);
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        if version >= 2 {
            out.extend_from_slice(&(buckets as u32).to_le_bytes());
        }
        if version >= 3 {
            out.push(u8::from(self.kings.mirror()));
            out.extend_from_slice(self.kings.table());
        }
        out.extend_from_slice(&(self.name.len() as u32).to_le_bytes());
        out.extend_from_slice(self.name.as_bytes());
        for w in self.feature_weights.iter().chain(&self.feature_bias).chain(&self.output_weights) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// The net in the file at `path` ([`from_bytes`](Self::from_bytes) of its contents): a
    /// regular file of at most [`MAX_FILE_BYTES`](Self::MAX_FILE_BYTES).
    pub fn open(path: impl AsRef<std::path::Path>) -> Result<Network, NetError> {
        let bytes = chess_core::read_file(path, Self::MAX_FILE_BYTES).map_err(|e| NetError::Io(e.to_string()))?;
        Network::from_bytes(&bytes)
    }

    /// The net at full strength: the first of the nets compiled into the crate
    /// ([`COMPILED_IN`], described in `nets/README.md`). Parsed once, then shared.
    ///
    /// ```
    /// use chess_core::Board;
    /// use chess_eval::Network;
    ///
    /// let net = Network::embedded();
    /// assert!(net.hidden() >= 64);
    /// // It knows chess: a queen up is winning for whoever has it.
    /// let up: Board = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse().unwrap();
    /// assert!(net.evaluate(&up) > 500);
    /// assert!(net.evaluate(&up.mirrored()) > 500);
    /// ```
    pub fn embedded() -> Arc<Network> {
        Network::compiled_in(0)
    }

    /// The net compiled into the crate whose name is `name`, if one is: the full-strength net
    /// ([`embedded`](Self::embedded)) and every net something else pins by name (the levels of
    /// `chess-ai` keep the net they were calibrated with, checked by its hash), so a new
    /// full-strength net never moves them.
    ///
    /// ```
    /// use chess_eval::Network;
    ///
    /// let net = Network::embedded_named("cn128-v2").unwrap();
    /// assert_eq!(net.hash(), 0xc13b_3e71_014a_8da7);
    /// assert!(Network::embedded_named("no such net").is_none());
    /// ```
    pub fn embedded_named(name: &str) -> Option<Arc<Network>> {
        let index = COMPILED_IN.iter().position(|(n, _)| *n == name)?;
        Some(Network::compiled_in(index))
    }

    /// The net that a user's option names: `embedded` (the full-strength net), the name of a
    /// compiled-in net ([`embedded_named`](Self::embedded_named)), or else the path of a net
    /// file ([`open`](Self::open)). The one reading of such an option, for every command that
    /// takes a net.
    ///
    /// ```
    /// use chess_eval::{nnue::NetError, Network};
    ///
    /// assert_eq!(Network::load("cn128-v2").unwrap().hash(), 0xc13b_3e71_014a_8da7);
    /// let v1 = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/cn128-v1.nnue");
    /// assert_eq!(Network::load(v1).unwrap().hash(), 0x878a_54b1_fe0c_636c);
    /// assert_eq!(Network::load("embedded").unwrap().hash(), Network::embedded().hash());
    /// let missing = Network::load("no/such.nnue").unwrap_err();
    /// assert!(matches!(missing, NetError::Io(_)));
    /// assert!(missing.to_string().contains("cn128-v2"), "{missing}");
    /// ```
    pub fn load(spec: &str) -> Result<Arc<Network>, NetError> {
        if spec == "embedded" {
            return Ok(Network::embedded());
        }
        if let Some(net) = Network::embedded_named(spec) {
            return Ok(net);
        }
        Network::open(spec).map(Arc::new).map_err(|e| match e {
            NetError::Io(reason) => {
                let names: Vec<&str> = COMPILED_IN.iter().map(|(name, _)| *name).collect();
                NetError::Io(format!("{reason} (and no compiled-in net has that name: embedded, {})", names.join(", ")))
            }
            other => other,
        })
    }

    /// The `index`-th net of [`COMPILED_IN`], parsed on first use.
    #[cfg(not(feature = "host-nets"))]
    fn compiled_in(index: usize) -> Arc<Network> {
        let net = PARSED[index].get_or_init(|| {
            let net =
                Network::from_bytes(COMPILED_IN[index].1).expect("a compiled-in net is a valid net file (tested)");
            Arc::new(net)
        });
        Arc::clone(net)
    }

    /// The `index`-th net of [`COMPILED_IN`], as the host provided it.
    ///
    /// # Panics
    /// When the host has not provided it: a host checks [`Network::missing`] before its first
    /// search (the npm package's bindings refuse to search while a net is missing).
    #[cfg(feature = "host-nets")]
    fn compiled_in(index: usize) -> Arc<Network> {
        let name = COMPILED_IN[index].0;
        Arc::clone(PARSED[index].get().unwrap_or_else(|| panic!("the net {name} must be provided before use")))
    }

    /// Give the bytes of the net named `name`, one of [`COMPILED_IN`] (the `host-nets` feature:
    /// none is compiled in). The file must be that net, by the name inside it and its weights'
    /// hash; a net already provided stays as it is. Returns the net.
    #[cfg(feature = "host-nets")]
    pub fn provide(name: &str, bytes: &[u8]) -> Result<Arc<Network>, NetError> {
        let net = Network::from_bytes(bytes)?;
        let index = COMPILED_IN
            .iter()
            .zip(PROVIDED_HASHES)
            .position(|((listed, _), hash)| *listed == name && *listed == net.name() && hash == net.hash())
            .ok_or_else(|| NetError::NotProvidable(net.name().to_owned()))?;
        Ok(Arc::clone(PARSED[index].get_or_init(|| Arc::new(net))))
    }

    /// The names of the nets of [`COMPILED_IN`] not yet available: none when they are compiled
    /// in, else those the host has not provided (`Network::provide`, `host-nets`).
    ///
    /// ```
    /// # #[cfg(not(feature = "host-nets"))]
    /// assert!(chess_eval::Network::missing().is_empty());
    /// ```
    pub fn missing() -> Vec<&'static str> {
        if !cfg!(feature = "host-nets") {
            return Vec::new();
        }
        COMPILED_IN
            .iter()
            .zip(&PARSED)
            .filter(|(_, parsed)| parsed.get().is_none())
            .map(|((name, _), _)| *name)
            .collect()
    }

    /// A net of width `hidden` with small pseudo-random weights drawn from `seed` (a fixed LCG),
    /// for tests and benchmarks of the machinery: it knows no chess.
    pub fn random(hidden: usize, seed: u64) -> Network {
        Network::random_with_kings(KingBuckets::PLAIN, hidden, seed)
    }

    /// [`random`](Self::random), reading its inputs through `kings`.
    pub fn random_with_kings(kings: KingBuckets, hidden: usize, seed: u64) -> Network {
        let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mut next = |range: i32| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((state >> 33) as i32).rem_euclid(2 * range + 1) - range
        };
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let feature_weights = (0..kings.count() * INPUTS * hidden).map(|_| next(40) as i16).collect();
        let feature_bias = (0..hidden).map(|_| next(60) as i16).collect();
        let largest = Network::max_output_weight(hidden).min(64);
        let output_weights = (0..2 * hidden).map(|_| next(largest) as i16).collect();
        let output_bias = vec![next(5000)];
        Network::new("random", kings, hidden, feature_weights, feature_bias, output_weights, output_bias)
            .expect("weights within bounds")
    }

    /// The net's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The width N of the hidden layer (per perspective).
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// How the inputs are chosen by each side's king ([`KingBuckets::PLAIN`] for a net without
    /// king buckets or mirroring).
    pub fn kings(&self) -> KingBuckets {
        self.kings
    }

    /// The number of output buckets ([`output_bucket`]); 1 for a net without.
    pub fn buckets(&self) -> usize {
        self.output_bias.len()
    }

    /// The net's shape for people: `768->128x2->1`, then its king buckets' layout if it has one
    /// (`, inputs hm4`) and its output buckets if it has them.
    ///
    /// ```
    /// assert_eq!(chess_eval::Network::random(16, 1).shape(), "768->16x2->1");
    /// ```
    pub fn shape(&self) -> String {
        let mut shape = format!("768->{}x2->1", self.hidden);
        if !self.kings.is_plain() {
            shape += &format!(", inputs {}", self.kings);
        }
        if self.buckets() > 1 {
            shape += &format!(", {} output buckets", self.buckets());
        }
        shape
    }

    /// The quantised weights, as [`new`](Self::new) takes them: the feature weights (`INPUTS`
    /// rows of `hidden` per king bucket), the feature biases, the output weights (per bucket, side to move then
    /// the other side) and the output biases. What a trainer starts from to go on training a net.
    pub fn weights(&self) -> (&[i16], &[i16], &[i16], &[i32]) {
        (&self.feature_weights, &self.feature_bias, &self.output_weights, &self.output_bias)
    }

    /// A fingerprint of the weights: FNV-1a (64 bits) of [`to_bytes`](Self::to_bytes).
    pub fn hash(&self) -> u64 {
        self.to_bytes().iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
    }

    /// The weight row of input feature `f`.
    #[inline]
    fn row(&self, f: usize) -> &[i16] {
        &self.feature_weights[f * self.hidden..(f + 1) * self.hidden]
    }

    /// The view of `perspective` on `board` (its king bucket and mirroring).
    #[inline]
    fn view(&self, board: &Board, perspective: Color) -> View {
        if self.kings.is_plain() {
            KingBuckets::PLAIN.view(perspective, Square::A1)
        } else {
            self.kings.view(perspective, board.king(perspective))
        }
    }

    /// Both accumulators of `board`, summed anew: `[White's, Black's]`.
    fn accumulate(&self, board: &Board, white: &mut [i16], black: &mut [i16]) {
        self.accumulate_one(board, Color::White, white);
        self.accumulate_one(board, Color::Black, black);
    }

    /// The accumulator of `perspective` for `board`, summed anew.
    fn accumulate_one(&self, board: &Board, perspective: Color, acc: &mut [i16]) {
        let view = self.view(board, perspective);
        acc.copy_from_slice(&self.feature_bias);
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in board.colored_pieces(color, role) {
                    kernels::add(acc, self.row(view.feature(color == perspective, role, sq)));
                }
            }
        }
    }

    /// The output for `board` from the side to move's accumulator `us` and the other's, in
    /// centipawns (unclamped).
    #[inline]
    fn output(&self, board: &Board, us: &[i16], them: &[i16]) -> i32 {
        let bucket = output_bucket(board.occupied().len(), self.buckets());
        let weights = &self.output_weights[2 * self.hidden * bucket..2 * self.hidden * (bucket + 1)];
        let (w_us, w_them) = weights.split_at(self.hidden);
        let sum = kernels::screlu_dot(us, w_us) + kernels::screlu_dot(them, w_them);
        // In 64 bits from here: the bias and the scale could take an extreme net past i32.
        let bias = self.output_bias[bucket];
        let out = (i64::from(sum / QA) + i64::from(bias)) * i64::from(SCALE) / i64::from(QA * QB);
        out.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }

    /// The evaluation of `board` for its side to move, summed from scratch, in centipawns: the raw
    /// net, before [`Nnue`]'s scaling of drawish endings ([`crate::endgame`]).
    pub fn evaluate(&self, board: &Board) -> i32 {
        let mut white = vec![0; self.hidden];
        let mut black = vec![0; self.hidden];
        self.accumulate(board, &mut white, &mut black);
        let (us, them) = match board.side_to_move() {
            Color::White => (&white, &black),
            Color::Black => (&black, &white),
        };
        self.output(board, us, them)
    }
}

/// Reads a net file front to back.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetError> {
        if self.0.len() < n {
            return Err(NetError::Truncated);
        }
        let (head, tail) = self.0.split_at(n);
        self.0 = tail;
        Ok(head)
    }

    fn u32(&mut self) -> Result<u32, NetError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("four bytes")))
    }

    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, NetError> {
        let bytes = self.take(n.checked_mul(2).ok_or(NetError::Truncated)?)?;
        Ok(bytes.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect())
    }

    fn i32s(&mut self, n: usize) -> Result<Vec<i32>, NetError> {
        let bytes = self.take(n.checked_mul(4).ok_or(NetError::Truncated)?)?;
        Ok(bytes.chunks_exact(4).map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, Score};

    #[test]
    fn every_compiled_in_net_parses_under_its_own_name() {
        for (name, _) in COMPILED_IN {
            let net = Network::embedded_named(name).expect("listed, so found");
            assert_eq!(net.name(), name, "the table's name is the file's");
            assert!(Arc::ptr_eq(&net, &Network::embedded_named(name).unwrap()), "parsed once");
        }
        assert_eq!(Network::embedded().name(), COMPILED_IN[0].0);
    }

    #[test]
    fn file_round_trip_and_refusals() {
        let net = Network::random(16, 1);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), 4 + 4 + 4 + 6 + 2 * (768 * 16 + 16 + 32) + 4);
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        assert_eq!(Network::from_bytes(b"NOPE"), Err(NetError::BadMagic));
        assert_eq!(Network::from_bytes(&bytes[..bytes.len() - 1]), Err(NetError::Truncated));
        let mut long = bytes.clone();
        long.push(0);
        assert_eq!(Network::from_bytes(&long), Err(NetError::TrailingBytes(1)));
        let mut wide = bytes.clone();
        wide[4..8].copy_from_slice(&100_000u32.to_le_bytes());
        assert_eq!(Network::from_bytes(&wide), Err(NetError::BadWidth(100_000)));
        assert_eq!(NetError::BadMagic.to_string(), "not a net file (it does not start with CNN1, CNN2 or CNN3)");
        let path = std::env::temp_dir().join(format!("chess-eval-open-{}.nnue", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(Network::open(&path).unwrap(), net);
        std::fs::remove_file(&path).unwrap();
        let missing = Network::open(&path).unwrap_err();
        assert!(matches!(missing, NetError::Io(_)), "{missing:?}");
        assert!(missing.to_string().starts_with("cannot read the net file: "), "{missing}");
        assert_ne!(Network::random(16, 2).hash(), net.hash());
        let too_large = vec![i16::MAX; 32];
        assert_eq!(
            Network::new("x", KingBuckets::PLAIN, 16, vec![0; 768 * 16], vec![0; 16], too_large, vec![0]),
            Err(NetError::OutputWeightsTooLarge)
        );
        assert_eq!(
            Network::new("x", KingBuckets::PLAIN, 16, vec![0; 10], vec![0; 16], vec![0; 32], vec![0]),
            Err(NetError::WrongSizes)
        );
        assert_eq!(
            Network::new("x", KingBuckets::PLAIN, 16, vec![0; 768 * 16], vec![0; 16], vec![0; 32], vec![0; 2]),
            Err(NetError::WrongSizes)
        );
        assert_eq!(
            Network::new("x", KingBuckets::PLAIN, 16, vec![0; 768 * 16], vec![0; 16], vec![], vec![]),
            Err(NetError::BadBuckets(0))
        );
    }

    #[test]
    fn an_extreme_output_bias_does_not_overflow() {
        let net =
            Network::new("huge", KingBuckets::PLAIN, 8, vec![0; 768 * 8], vec![0; 8], vec![0; 16], vec![i32::MAX])
                .unwrap();
        assert!(net.evaluate(&Board::startpos()) > 1_000_000);
        let mut nnue = Nnue::new(Arc::new(net));
        assert_eq!(nnue.evaluate(&Board::startpos()), Score::MAX_EVAL);
    }

    #[test]
    fn a_net_of_only_an_output_bias_scores_it() {
        // Output bias 2·QA·QB is 2.0 in float: 800 centipawns for the side to move.
        let net =
            Network::new("bias", KingBuckets::PLAIN, 8, vec![0; 768 * 8], vec![0; 8], vec![0; 16], vec![2 * QA * QB])
                .unwrap();
        assert_eq!(net.evaluate(&Board::startpos()), 2 * SCALE);
        // One hidden unit at QA (1.0) with output weight QB (1.0) adds 1.0: another 400.
        let mut fb = vec![0; 8];
        fb[0] = QA as i16;
        let mut ow = vec![0; 16];
        ow[0] = QB as i16;
        let net = Network::new("one", KingBuckets::PLAIN, 8, vec![0; 768 * 8], fb, ow, vec![2 * QA * QB]).unwrap();
        assert_eq!(net.evaluate(&Board::startpos()), 3 * SCALE);
    }

    #[test]
    fn output_buckets_go_by_piece_count_and_round_trip() {
        // Two buckets, each only a bias: 1.0 (400 cp) with 2-16 pieces, 2.0 with 17-32.
        let bias = vec![QA * QB, 2 * QA * QB];
        let net = Network::new("two", KingBuckets::PLAIN, 8, vec![0; 768 * 8], vec![0; 8], vec![0; 32], bias).unwrap();
        assert_eq!((net.buckets(), net.shape().as_str()), (2, "768->8x2->1, 2 output buckets"));
        let endgame: Board = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse().unwrap();
        assert_eq!((net.evaluate(&endgame), net.evaluate(&Board::startpos())), (SCALE, 2 * SCALE));
        let mut nnue = Nnue::new(Arc::new(net.clone()));
        assert_eq!(nnue.evaluate(&endgame), Score(SCALE));
        let bytes = net.to_bytes();
        assert_eq!(&bytes[..4], MAGIC_BUCKETS);
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        assert_eq!(Network::from_bytes(&bytes[..bytes.len() - 4]), Err(NetError::Truncated));
        let mut none = bytes.clone();
        none[8..12].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(Network::from_bytes(&none), Err(NetError::BadBuckets(0)));
        // A net without buckets keeps the first format: the first net's hash is its file's.
        let file = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/cn128-v1.nnue")).unwrap();
        let v1 = Network::from_bytes(&file).unwrap();
        assert_eq!(&v1.to_bytes()[..4], MAGIC);
        assert_eq!(v1.to_bytes(), file);
    }

    #[test]
    fn the_evaluation_is_symmetric_for_a_mirrored_position() {
        let net = Network::random(32, 7);
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let board: Board = fen.parse().unwrap();
            assert_eq!(net.evaluate(&board), net.evaluate(&board.mirrored()), "{fen}");
        }
    }

    #[test]
    fn a_net_with_king_buckets_round_trips_and_sees_mirror_images_alike() {
        let hm4 = KingBuckets::named("hm4").unwrap();
        let net = Network::random_with_kings(hm4, 16, 3);
        assert_eq!((net.kings(), net.shape().as_str()), (hm4, "768->16x2->1, inputs hm4"));
        let bytes = net.to_bytes();
        assert_eq!(&bytes[..4], MAGIC_KINGS);
        assert_eq!(bytes.len(), 4 + 4 + 4 + 1 + 64 + 4 + 6 + 2 * (4 * 768 * 16 + 16 + 32) + 4);
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        let mut flags = bytes.clone();
        flags[12] = 2;
        assert_eq!(Network::from_bytes(&flags), Err(NetError::BadKingBuckets));
        let mut uncanonical = bytes.clone();
        uncanonical[13 + 7] = 1; // h1's entry differs from a1's in a mirrored table
        assert_eq!(Network::from_bytes(&uncanonical), Err(NetError::BadKingBuckets));
        assert_eq!(Network::from_bytes(&bytes[..bytes.len() - 2 * 768]), Err(NetError::Truncated));
        // Mirrored inputs: a position without castling rights and its mirror image (files a-h
        // swapped) are the same inputs, so the same score to the last centipawn.
        let flip = |fen: &str| fen.parse::<Board>().unwrap().flipped_files().unwrap();
        for fen in
            ["r4rk1/pp3ppp/2n1bn2/q2p4/3P4/2NBBN2/PPQ2PPP/2KR3R w - - 0 1", "8/5k2/3p4/1p1P4/1P3K2/8/8/8 b - - 0 1"]
        {
            let board: Board = fen.parse().unwrap();
            assert_eq!(net.evaluate(&board), net.evaluate(&flip(fen)), "{fen}");
            assert_ne!(Network::random(16, 3).evaluate(&board), Network::random(16, 3).evaluate(&flip(fen)));
        }
    }
}
