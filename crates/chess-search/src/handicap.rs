//! [`Handicap`]: the ways a weakened search plays worse on purpose. A [`Limits`](crate::Limits)
//! says how long to search (it mirrors a UCI `go`); a handicap says how well, and is set on the
//! [`Engine`](crate::Engine) by whoever owns the strength levels (`chess-ai`).

/// Search features a weak level turns off. The default is full strength.
///
/// ```
/// use chess_search::Handicap;
/// assert_eq!(Handicap::default(), Handicap::NONE);
/// assert!(Handicap::NONE.check_extension);
/// assert_eq!(Handicap::NONE.quiescence_depth, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Handicap {
    /// Extend the search by a ply after a checking move. Weak levels turn it off.
    pub check_extension: bool,
    /// Captures searched beyond the horizon, in plies: `None` searches them until the position
    /// is quiet; `Some(0)` stops at the horizon with the static evaluation, as a beginner who does
    /// not look at recaptures. Check evasions are always searched.
    pub quiescence_depth: Option<u32>,
}

impl Handicap {
    /// Full strength: no handicap.
    pub const NONE: Handicap = Handicap { check_extension: true, quiescence_depth: None };
}

impl Default for Handicap {
    fn default() -> Self {
        Handicap::NONE
    }
}
