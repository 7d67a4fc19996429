//! Playing strength: [`Strength`] (a level, an Elo rating or full strength) and the
//! [`Profile`] it turns into, from one table of calibrated anchors.
//!
//! A weak level is the real engine held back the way a weaker player is: it looks less far
//! ahead (a depth or node budget), judges positions more simply (fewer evaluation terms), follows
//! only two captures past its horizon (the lowest levels), and does not always pick the
//! best of the moves it saw (randomness among moves within a window of the best, guarded against
//! moves that simply hang the piece). Every figure lives in [`ANCHORS`]; `docs/levels.md` gives
//! the games that calibrated them.

use std::sync::Arc;

use chess_eval::{EvalConfig, Network};

/// The lowest Elo an [`Strength::Elo`] setting accepts (level 1's).
pub const MIN_ELO: u32 = LEVEL_ELO[0];
/// The highest Elo an [`Strength::Elo`] setting accepts (level 5's).
pub const MAX_ELO: u32 = LEVEL_ELO[LEVELS as usize - 1];

/// How strong the AI plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strength {
    /// A difficulty level from 1 (about 800 Elo) to 5 (about 2300); see [`LEVEL_ELO`].
    Level(u8),
    /// A rating from [`MIN_ELO`] to [`MAX_ELO`] (the `UCI_Elo` convention of chess GUIs).
    Elo(u32),
    /// No handicap: the full engine within the given time, node or depth limits.
    Full,
}

impl Strength {
    /// The Elo this strength is calibrated to (`None` for full strength).
    pub fn elo(self) -> Option<u32> {
        Profile::of(self).elo
    }
}

impl Default for Strength {
    fn default() -> Self {
        Strength::Level(3)
    }
}

impl Profile {
    /// Whether this is full strength (no level or Elo holds it back).
    pub const fn is_full_strength(&self) -> bool {
        self.elo.is_none()
    }
}

/// How many levels there are: the length of [`ANCHORS`], the one table of levels (everything
/// that names a level's range derives it from here).
pub const LEVELS: u8 = ANCHORS.len() as u8;

/// The Elo each level is calibrated to, level 1 first: [`ANCHORS`]' ratings.
pub const LEVEL_ELO: [u32; LEVELS as usize] = {
    let mut elo = [0; LEVELS as usize];
    let mut i = 0;
    while i < elo.len() {
        elo[i] = match ANCHORS[i].elo {
            Some(e) => e,
            None => panic!("every level has its Elo"),
        };
        i += 1;
    }
    elo
};

/// What a strength means for the search: limits, evaluation, randomness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    /// The Elo this profile is calibrated to (`None` at full strength).
    pub elo: Option<u32>,
    /// Depth limit in plies.
    pub depth: Option<i32>,
    /// Node limit per move.
    pub nodes: Option<u64>,
    /// The evaluation terms used when the profile has no [`net`](Self::net).
    pub eval: EvalConfig,
    /// The neural network the level evaluates with (`None`: the classical evaluation with the
    /// [`eval`](Self::eval) terms). Pinned by name and hash, so a new full-strength net never
    /// moves a calibrated level.
    pub net: Option<PinnedNet>,
    /// Capture plies past the horizon (`None`: until quiet).
    pub quiescence: Option<u32>,
    /// Whether checks extend the search.
    pub check_extension: bool,
    /// The randomness window in centipawns.
    pub randomness_cp: i32,
    /// How many root moves are scored exactly to choose among (multi-PV).
    pub candidates: usize,
    /// The opening book is used up to this game ply.
    pub book_plies: usize,
    /// Default transposition table size, MiB.
    pub hash_mb: usize,
    /// Never let randomness pick a move that loses material on its square (static exchange)
    /// when the best move does not.
    pub blunder_guard: bool,
}

/// A net a level is calibrated with: the name of a net compiled into `chess-eval`
/// ([`Network::embedded_named`]) and the hash its weights must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PinnedNet {
    /// The net's name.
    pub name: &'static str,
    /// [`Network::hash`] of its weights.
    pub hash: u64,
}

impl PinnedNet {
    /// The compiled-in net of this name. The test `level_net_is_compiled_in_with_its_hash` keeps
    /// the table's nets in the crate, so this cannot fail in a tested build.
    pub fn network(self) -> Arc<Network> {
        Network::embedded_named(self.name).expect("every level's net is compiled in (tested)")
    }
}

/// The net level 5 was calibrated with (`cn128-v2`, the full-strength net from 2026-11-26 to
/// 2026-11-29, compiled in beside the full-strength net since; level 5 played on `cn128-v1` from
/// 2026-11-26 to 2026-11-28).
pub const LEVEL_NET: PinnedNet = PinnedNet { name: "cn128-v2", hash: 0xc13b_3e71_014a_8da7 };

/// How many nodes of the classical evaluation a node of [`LEVEL_NET`] is worth at level 5's
/// budget, for the Elo settings between level 4 (classical) and level 5 (the net), which take
/// level 4's evaluation: the classical evaluation held 2000 Elo at 45,000 nodes and 2400 at
/// 3,000,000 (`docs/levels.md`), so 2300 at about 1,050,000 (geometrically, three quarters of
/// the way); the net's level 5 holds 2300 at 200,000.
pub const CLASSICAL_NODES_PER_NET_NODE: f64 = 5.25;

const fn eval(piece_square: bool, pawns: bool, mobility: bool, king_safety: bool) -> EvalConfig {
    EvalConfig { piece_square, pawns, passed_pawns: pawns, mobility, king_safety, pieces: mobility, tempo: true }
}

/// The calibration anchors, weakest first: level `n` is `ANCHORS[n - 1]`, an Elo setting between
/// two anchors takes the lower anchor's discrete settings and interpolates the node budget
/// (geometrically) and the randomness (linearly).
pub const ANCHORS: [Profile; 5] = [
    // Level 1, ~800: one ply and two captures past it, material and squares only, any move
    // within 175 cp of its best (it sees a hanging piece, not a pawn it gives away).
    Profile {
        elo: Some(800),
        depth: Some(1),
        nodes: None,
        eval: eval(true, false, false, false),
        net: None,
        quiescence: Some(2),
        check_extension: false,
        randomness_cp: 175,
        candidates: 64,
        book_plies: 2,
        hash_mb: 1,
        blunder_guard: false,
    },
    // Level 2, ~1200: four plies and two capture plies past them, pawn structure, no checks
    // extension.
    Profile {
        elo: Some(1200),
        depth: Some(4),
        nodes: None,
        eval: eval(true, true, false, false),
        net: None,
        quiescence: Some(2),
        check_extension: false,
        randomness_cp: 55,
        candidates: 8,
        book_plies: 6,
        hash_mb: 1,
        blunder_guard: true,
    },
    // Level 3, ~1600: a small node budget, all terms but king safety.
    Profile {
        elo: Some(1600),
        depth: None,
        nodes: Some(5_000),
        eval: eval(true, true, true, false),
        net: None,
        quiescence: None,
        check_extension: true,
        randomness_cp: 30,
        candidates: 4,
        book_plies: 10,
        hash_mb: 2,
        blunder_guard: true,
    },
    // Level 4, ~2000.
    Profile {
        elo: Some(2000),
        depth: None,
        nodes: Some(45_000),
        eval: EvalConfig::FULL,
        net: None,
        quiescence: None,
        check_extension: true,
        randomness_cp: 15,
        candidates: 2,
        book_plies: 16,
        hash_mb: 8,
        blunder_guard: true,
    },
    // Level 5, ~2300: the net, at a budget that answers in a fraction of a second.
    Profile {
        elo: Some(2300),
        depth: None,
        nodes: Some(200_000),
        eval: EvalConfig::FULL,
        net: Some(LEVEL_NET),
        quiescence: None,
        check_extension: true,
        randomness_cp: 0,
        candidates: 1,
        book_plies: usize::MAX,
        hash_mb: 16,
        blunder_guard: true,
    },
];

/// Full strength.
pub const FULL: Profile = Profile {
    elo: None,
    depth: None,
    nodes: None,
    eval: EvalConfig::FULL,
    net: None,
    quiescence: None,
    check_extension: true,
    randomness_cp: 0,
    candidates: 1,
    book_plies: usize::MAX,
    hash_mb: 32,
    blunder_guard: false,
};

impl Profile {
    /// The profile of a strength. Out-of-range levels and ratings are clamped (options are
    /// validated before they get here).
    ///
    /// ```
    /// use chess_ai::{Profile, Strength};
    /// let level3 = Profile::of(Strength::Level(3));
    /// assert_eq!(level3.elo, Some(1600));
    /// assert_eq!(Profile::of(Strength::Elo(1600)), level3);
    /// let between = Profile::of(Strength::Elo(1800));
    /// assert!(between.nodes > level3.nodes && between.nodes < Profile::of(Strength::Level(4)).nodes);
    /// ```
    pub fn of(strength: Strength) -> Profile {
        match strength {
            Strength::Full => FULL,
            Strength::Level(l) => ANCHORS[usize::from(l.clamp(1, LEVELS)) - 1],
            Strength::Elo(elo) => Profile::for_elo(elo.clamp(MIN_ELO, MAX_ELO)),
        }
    }

    fn for_elo(elo: u32) -> Profile {
        let upper = ANCHORS.iter().position(|a| a.elo >= Some(elo)).unwrap_or(ANCHORS.len() - 1);
        let hi = ANCHORS[upper];
        if hi.elo == Some(elo) || upper == 0 {
            return hi;
        }
        let lo = ANCHORS[upper - 1];
        let (lo_elo, hi_elo) = (lo.elo.unwrap_or(MIN_ELO), hi.elo.unwrap_or(MAX_ELO));
        let t = f64::from(elo - lo_elo) / f64::from(hi_elo - lo_elo);
        // From a classical anchor to a net anchor, the net's budget counts in classical nodes.
        let worth = if lo.net.is_none() && hi.net.is_some() { CLASSICAL_NODES_PER_NET_NODE } else { 1.0 };
        let nodes = match (lo.nodes, hi.nodes) {
            (Some(a), Some(b)) => Some((a as f64 * (worth * b as f64 / a as f64).powf(t)).round() as u64),
            (a, _) => a,
        };
        let randomness = f64::from(lo.randomness_cp) + t * f64::from(hi.randomness_cp - lo.randomness_cp);
        Profile { elo: Some(elo), nodes, randomness_cp: randomness.round() as i32, ..lo }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_get_stronger_and_less_random() {
        for pair in ANCHORS.windows(2) {
            assert!(pair[0].elo < pair[1].elo);
            assert!(pair[0].randomness_cp >= pair[1].randomness_cp);
            assert!(pair[0].candidates >= pair[1].candidates);
            assert!(pair[0].book_plies <= pair[1].book_plies);
        }
        for (anchor, elo) in ANCHORS.iter().zip(LEVEL_ELO) {
            assert_eq!(anchor.elo, Some(elo));
        }
    }

    #[test]
    fn elo_between_anchors_interpolates() {
        let p = Profile::of(Strength::Elo(1800));
        let (a, b) = (ANCHORS[2], ANCHORS[3]);
        let nodes = p.nodes.unwrap();
        let mean = (a.nodes.unwrap() as f64 * b.nodes.unwrap() as f64).sqrt();
        assert!((nodes as f64 - mean).abs() <= 1.0, "halfway in Elo is the geometric mean: {nodes} vs {mean}");
        assert!(nodes > a.nodes.unwrap() && nodes < b.nodes.unwrap());
        assert_eq!(p.randomness_cp, (a.randomness_cp + b.randomness_cp + 1) / 2);
        assert_eq!(p.eval, a.eval);
        assert_eq!(Profile::of(Strength::Elo(MIN_ELO)), ANCHORS[0]);
        assert_eq!(Profile::of(Strength::Elo(MAX_ELO)), ANCHORS[4]);
    }

    #[test]
    fn elo_between_a_classical_and_a_net_anchor_counts_net_nodes_in_classical_ones() {
        let (a, b) = (ANCHORS[3], ANCHORS[4]);
        assert_eq!((a.net, b.net), (None, Some(LEVEL_NET)));
        let p = Profile::of(Strength::Elo((a.elo.unwrap() + b.elo.unwrap()) / 2));
        let classical_b = b.nodes.unwrap() as f64 * CLASSICAL_NODES_PER_NET_NODE;
        let mean = (a.nodes.unwrap() as f64 * classical_b).sqrt();
        assert!((p.nodes.unwrap() as f64 - mean).abs() <= 1.0, "{:?} vs {mean}", p.nodes);
        assert_eq!((p.net, p.eval), (None, a.eval), "the lower anchor's evaluation");
        // Rising Elo never shrinks the budget of one evaluation.
        let budgets: Vec<u64> =
            (2000..2300).step_by(25).map(|e| Profile::of(Strength::Elo(e)).nodes.unwrap()).collect();
        assert!(budgets.windows(2).all(|w| w[0] < w[1]), "{budgets:?}");
    }

    #[test]
    fn level_net_is_compiled_in_with_its_hash() {
        for anchor in ANCHORS {
            if let Some(pinned) = anchor.net {
                let net = chess_eval::Network::embedded_named(pinned.name).expect("compiled in");
                assert_eq!(
                    net.hash(),
                    pinned.hash,
                    "{} changed: the levels were calibrated on other weights",
                    pinned.name
                );
                assert_eq!(pinned.network().name(), pinned.name);
            }
        }
        assert_eq!(LEVEL_NET.hash, 0xc13b_3e71_014a_8da7);
    }
}
