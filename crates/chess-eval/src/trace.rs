//! [`S`] (a middlegame/endgame pair) and the evaluation [`Trace`].

use core::fmt;
use core::ops::{Add, AddAssign, Mul, Neg, Sub};

/// A pair of values: middlegame and endgame, in centipawns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct S(pub i32, pub i32);

impl S {
    /// The middlegame value.
    pub const fn mg(self) -> i32 {
        self.0
    }
    /// The endgame value.
    pub const fn eg(self) -> i32 {
        self.1
    }
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}
impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}
impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}
impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}
impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// The evaluation terms, in the order the trace prints them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Term {
    /// Piece values.
    Material,
    /// Piece-square tables.
    PieceSquare,
    /// Doubled, isolated, backward and connected pawns.
    Pawns,
    /// Passed pawns.
    PassedPawns,
    /// Safe squares each piece reaches.
    Mobility,
    /// Pawn shield, open files at the king, attacks on the king zone.
    KingSafety,
    /// Bishop pair, rooks on open and half-open files.
    Pieces,
    /// A bonus for the side to move.
    Tempo,
}

impl Term {
    /// Number of terms.
    pub const NUM: usize = 8;
    /// All terms, in order.
    pub const ALL: [Term; 8] = [
        Term::Material,
        Term::PieceSquare,
        Term::Pawns,
        Term::PassedPawns,
        Term::Mobility,
        Term::KingSafety,
        Term::Pieces,
        Term::Tempo,
    ];
    /// The name printed in traces.
    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::PieceSquare => "Piece-square",
            Term::Pawns => "Pawns",
            Term::PassedPawns => "Passed pawns",
            Term::Mobility => "Mobility",
            Term::KingSafety => "King safety",
            Term::Pieces => "Pieces",
            Term::Tempo => "Tempo",
        }
    }
}

/// The breakdown of an evaluation: every term for white and black, the phase and the final
/// score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    /// `terms[term as usize] = [white, black]`.
    pub terms: [[S; 2]; Term::NUM],
    /// Game phase, `0` (pawn ending) to `24` (all pieces on).
    pub phase: i32,
    /// The blended score from white's point of view.
    pub white_score: i32,
    /// The score from the side to move's point of view (what `evaluate` returns).
    pub score: i32,
}

impl Trace {
    /// Total of one term, white minus black.
    pub fn net(&self, term: Term) -> S {
        let [w, b] = self.terms[term as usize];
        w - b
    }

    /// Sum of all terms, white minus black, before phase blending.
    pub fn total(&self) -> S {
        Term::ALL.iter().fold(S(0, 0), |acc, &t| acc + self.net(t))
    }
}

impl fmt::Display for Trace {
    /// A table like the ones strong engines print.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cell = |s: S| format!("{:>6} {:>6}", s.0, s.1);
        writeln!(f, "        Term  |     White     |     Black     |     Total")?;
        writeln!(f, "              |    MG     EG  |    MG     EG  |    MG     EG")?;
        writeln!(f, " -------------+---------------+---------------+--------------")?;
        for term in Term::ALL {
            let [w, b] = self.terms[term as usize];
            writeln!(f, " {:>12} | {} | {} | {}", term.name(), cell(w), cell(b), cell(w - b))?;
        }
        writeln!(f, " -------------+---------------+---------------+--------------")?;
        writeln!(f, " {:>12} |               |               | {}", "Total", cell(self.total()))?;
        writeln!(f)?;
        writeln!(f, " Phase: {}/24 (24 = opening)", self.phase)?;
        writeln!(f, " Evaluation: {:+} cp (white's view), {:+} cp (side to move)", self.white_score, self.score)
    }
}
