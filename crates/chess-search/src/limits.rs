//! What a search is asked to do: how long, how deep, which moves, how many lines.

use chess_core::Move;

/// The remaining time of the side to move, UCI style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clock {
    /// Time left on the clock, in milliseconds.
    pub time_ms: u64,
    /// Increment per move, in milliseconds.
    pub increment_ms: u64,
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// The limits and shape of one search. The default is an infinite search (until stopped).
///
/// ```
/// use chess_search::Limits;
/// let limits = Limits { depth: Some(8), ..Limits::default() };
/// assert_eq!(limits.multi_pv, 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many plies of iterative deepening.
    pub depth: Option<i32>,
    /// Stop after about this many nodes (exactly, in single-threaded searches, checked every node).
    pub nodes: Option<u64>,
    /// Think exactly this long, in milliseconds.
    pub move_time_ms: Option<u64>,
    /// Manage this clock: a soft bound ends the iterations, a hard bound stops mid-search.
    pub clock: Option<Clock>,
    /// Stop as soon as a mate in this many moves (or fewer) is found.
    pub mate: Option<i32>,
    /// Only consider these root moves (UCI `searchmoves`); empty means all.
    pub search_moves: Vec<Move>,
    /// How many best lines to search and report (multi-PV), at least 1.
    pub multi_pv: usize,
    /// Milliseconds kept in reserve for communication and GUI lag.
    pub move_overhead_ms: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            move_time_ms: None,
            clock: None,
            mate: None,
            search_moves: Vec::new(),
            multi_pv: 1,
            move_overhead_ms: 10,
        }
    }
}

impl Limits {
    /// A search to a fixed depth.
    pub fn depth(depth: i32) -> Self {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// A search of a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Self {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// A search of a fixed time.
    pub fn move_time(ms: u64) -> Self {
        Limits { move_time_ms: Some(ms), ..Limits::default() }
    }

    /// Whether only a stop signal ends the search (no depth, node, time or mate limit).
    pub fn is_infinite(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.move_time_ms.is_none()
            && self.clock.is_none()
            && self.mate.is_none()
    }
}
