//! Time management: how long to think, from the limits.
//!
//! - The **soft** bound is checked between iterations: past it, no new iteration starts. It is
//!   stretched when the best move keeps changing and shrunk when it is stable.
//! - The **hard** bound is checked during the search: past it, the search stops at once.
//!
//! For a clock with `time` left, increment `inc` and `moves_to_go` (sudden death counts as
//! [`sudden_death_moves`] moves), after subtracting the move overhead:
//! `soft = time / moves_to_go + 3/4 inc`, capped at 2/5 of the time left, and
//! `hard = min(5 × soft, time / 2)` (80% and 90% of the time left when this is the last move of
//! the control). The numbers are those of [`crate::params`], where the names say which is which.

use crate::limits::Limits;
use crate::params::*;

/// `value × percent / 100`.
fn percent(value: u64, percent: i32) -> u64 {
    value.saturating_mul(percent.max(0) as u64) / 100
}

/// Time bounds for one search, in milliseconds since it started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start a new iteration after this (before stability scaling).
    pub soft_ms: u64,
    /// Stop searching at this point.
    pub hard_ms: u64,
}

impl TimeBudget {
    /// The budget for `limits`, or `None` when no time limit applies.
    pub fn new(limits: &Limits) -> Option<TimeBudget> {
        let overhead = limits.move_overhead_ms;
        let from_move_time = limits.move_time_ms.map(|t| {
            let t = t.saturating_sub(overhead).max(1);
            TimeBudget { soft_ms: t, hard_ms: t }
        });
        let from_clock = limits.clock.map(|c| {
            let time = c.time_ms.saturating_sub(overhead).max(1);
            let mtg = c.moves_to_go.map_or(sudden_death_moves().max(1) as u64, |m| (m as u64).clamp(1, 50));
            let inc = c.increment_ms;
            let (soft, hard) = if mtg == 1 {
                (percent(time, last_move_soft_percent()), percent(time, last_move_hard_percent()))
            } else {
                let soft =
                    (time / mtg + percent(inc, time_increment_percent())).min(percent(time, time_soft_max_percent()));
                (soft, (soft * time_hard_multiple().max(1) as u64).min(percent(time, time_hard_max_percent())))
            };
            TimeBudget { soft_ms: soft.max(1), hard_ms: hard.max(1) }
        });
        match (from_move_time, from_clock) {
            (Some(a), Some(b)) => {
                Some(TimeBudget { soft_ms: a.soft_ms.min(b.soft_ms), hard_ms: a.hard_ms.min(b.hard_ms) })
            }
            (a, b) => a.or(b),
        }
    }

    /// The soft bound scaled by how often the best move changed lately (`instability` counts
    /// changes, decayed each iteration), how much the score dropped, and the share of the root's
    /// nodes spent below the best move (`best_move_share`, from 0 to 1: a move that took most of
    /// the effort was hardly challenged; `None` before any node was counted).
    pub fn scaled_soft_ms(&self, instability: f64, score_drop: i32, best_move_share: Option<f64>) -> u64 {
        let hundredths = |p: i32| p as f64 / 100.0;
        let stability = (hundredths(stability_base_percent())
            + hundredths(stability_per_change_percent()) * instability)
            .min(hundredths(stability_max_percent()));
        let drop = 1.0 + (score_drop.clamp(0, score_drop_cap()) as f64) / score_drop_divisor() as f64;
        let effort = best_move_share.map_or(1.0, |share| {
            (hundredths(node_share_base_percent()) - share.clamp(0.0, 1.0)) * hundredths(node_share_scale_percent())
        });
        ((self.soft_ms as f64 * stability * drop * effort) as u64).min(self.hard_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Clock;
    use crate::Engine;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;

    fn clock(time_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> Limits {
        Limits { clock: Some(Clock { time_ms, increment_ms, moves_to_go }), move_overhead_ms: 10, ..Limits::default() }
    }

    #[test]
    fn budgets() {
        assert_eq!(TimeBudget::new(&Limits::default()), None);
        assert_eq!(TimeBudget::new(&Limits::move_time(1000)), Some(TimeBudget { soft_ms: 990, hard_ms: 990 }));
        // 10 s + 0.1 s: about 0.47 s planned, at most 2.4 s.
        let b = TimeBudget::new(&clock(10_000, 100, None)).unwrap();
        assert_eq!(b, TimeBudget { soft_ms: 9990 / 25 + 75, hard_ms: (9990 / 25 + 75) * 5 });
        // Never more than half the clock for one move, even with a huge increment.
        let b = TimeBudget::new(&clock(1_000, 5_000, None)).unwrap();
        assert!(b.hard_ms <= 500 && b.soft_ms <= 400, "{b:?}");
        // The last move before the control may use most of the time.
        let b = TimeBudget::new(&clock(5_000, 0, Some(1))).unwrap();
        assert_eq!(b.hard_ms, 4_491);
        // Flagging: with less time than the overhead, still at least a millisecond.
        let b = TimeBudget::new(&clock(3, 0, None)).unwrap();
        assert_eq!(b, TimeBudget { soft_ms: 1, hard_ms: 1 });
    }

    #[test]
    fn stability_scaling() {
        let b = TimeBudget { soft_ms: 1000, hard_ms: 3000 };
        assert_eq!(b.scaled_soft_ms(0.0, 0, None), 600);
        assert!(b.scaled_soft_ms(3.0, 0, None) > 1500);
        assert!(b.scaled_soft_ms(0.0, 100, None) > b.scaled_soft_ms(0.0, 0, None));
        assert_eq!(b.scaled_soft_ms(100.0, 100, None), 3000);
        // The best move's share of the nodes: (1.5 - share) x 1.35.
        assert_eq!(b.scaled_soft_ms(0.0, 0, Some(1.0)), 405);
        assert_eq!(b.scaled_soft_ms(0.0, 0, Some(0.5)), 810);
        assert_eq!(b.scaled_soft_ms(0.0, 0, Some(0.0)), 1215);
        assert!(b.scaled_soft_ms(0.0, 0, Some(0.9)) < b.scaled_soft_ms(0.0, 0, Some(0.3)));
        assert_eq!(b.scaled_soft_ms(100.0, 100, Some(0.0)), 3000);
    }

    /// A clock that advances one millisecond each time the search reads it: time limits then
    /// follow the work done, not the machine's load, and the test is exact on a busy machine.
    struct TickingClock(AtomicU64);

    impl crate::TimeSource for TickingClock {
        fn now_ms(&self) -> u64 {
            self.0.fetch_add(1, Ordering::Relaxed)
        }
    }

    #[test]
    fn clock_limits_are_kept() {
        for (time_ms, increment_ms, moves_to_go) in [(1_000, 0, None), (60_000, 1_000, None), (5_000, 0, Some(1))] {
            let limits = Limits { clock: Some(Clock { time_ms, increment_ms, moves_to_go }), ..Limits::default() };
            let budget = TimeBudget::new(&limits).unwrap();
            let mut engine = Engine::new(chess_eval::Classical::default(), 16);
            engine.set_time_source(Arc::new(TickingClock(AtomicU64::new(0))));
            let g = chess_core::Game::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
            let r = engine.think(&g, &limits);
            assert!(g.board().is_legal(r.best_move.unwrap()));
            // It used its time: past the soft bound at its most stable scaling (no new iteration
            // starts after it), never past the hard one (the clock is read once more to report).
            assert!(r.time_ms >= budget.scaled_soft_ms(0.0, 0, Some(1.0)), "{time_ms}: {} ms of {budget:?}", r.time_ms);
            assert!(r.time_ms <= budget.hard_ms + 1, "{time_ms}: {} ms of {budget:?}", r.time_ms);
        }
    }
}
