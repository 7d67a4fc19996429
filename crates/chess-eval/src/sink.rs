//! The evaluator's term-by-term output: [`Classical`](crate::Classical) walks a position once and
//! reports each term to a [`Sink`]; summing the weights gives the evaluation, counting them gives
//! the tuner's coefficients.

use chess_core::Color;

use crate::layout::Param;
use crate::trace::{Term, S};

/// Receives the evaluation term by term: the evaluator sums weights, the tuner counts them.
pub(crate) trait Sink {
    /// The following calls belong to `term` of `color`.
    fn begin(&mut self, term: Term, color: Color);
    /// `count` times weight `index` of `param`.
    fn add(&mut self, param: Param, index: usize, count: i32);
    /// A value not linear in a weight.
    fn add_fixed(&mut self, value: S);
}
