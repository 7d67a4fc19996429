//! Late-move reductions: the table of base reductions by depth and move number, and the rule
//! that adjusts it for one move.

use super::negamax::Node;
use crate::params::*;

/// Late-move reduction table, `[depth][move number]`.
pub(crate) struct LmrTable([[i32; 64]; 64]);

impl LmrTable {
    pub(crate) fn new() -> Self {
        let (base, divisor) = (lmr_base_percent() as f64 / 100.0, lmr_divisor_percent() as f64 / 100.0);
        let mut table = [[0; 64]; 64];
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (moves, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32;
            }
        }
        LmrTable(table)
    }

    #[inline]
    pub(crate) fn get(&self, depth: i32, moves: usize) -> i32 {
        self.0[(depth as usize).min(63)][moves.min(63)]
    }
}

/// A late move as the reduction rule sees it.
#[derive(Clone, Copy)]
pub(super) struct LateMove {
    /// Not a capture or a promotion.
    pub quiet: bool,
    pub gives_check: bool,
    /// A killer or the counter move.
    pub refutation: bool,
    /// Its history score (quiet moves; 0 for the others).
    pub history: i32,
    /// The node's TT move, tried before it, is a capture or a promotion.
    pub tt_noisy: bool,
}

/// The depth a late move is searched to at first (a re-search at `new_depth` follows if it
/// beats alpha): `new_depth` less the table's base `reduction`, adjusted: less in PV nodes, for
/// checks, killers and the counter move, and moves with a good history; more when the position
/// is not improving, at expected cut nodes, and for a quiet move when the TT move is noisy. At
/// least one ply is left.
#[inline]
pub(super) fn reduced_depth(new_depth: i32, reduction: i32, pv: bool, node: &Node, mv: LateMove) -> i32 {
    if !enabled(Rule::Lmr) || node.depth < lmr_min_depth() {
        return new_depth;
    }
    let mut r = reduction;
    r -= pv as i32;
    r += !node.improving as i32;
    r += node.cut_node as i32;
    r += (mv.tt_noisy && mv.quiet) as i32;
    r -= mv.gives_check as i32;
    r -= mv.refutation as i32;
    r -= mv.history / lmr_history_divisor();
    (new_depth - r).clamp(1, new_depth.max(1))
}
