//! Controlling a running search from another thread: stop it, or tell it the ponder move was
//! played.

use std::sync::atomic::{AtomicBool, Ordering};

/// Shared flags for one search. Create one per search, keep a reference (or an `Arc`) where the
/// stop request comes from, and pass it to [`Engine::search`](crate::Engine::search).
///
/// ```
/// use chess_search::SearchControl;
/// let control = SearchControl::new();
/// assert!(!control.is_stopped());
/// control.stop();
/// assert!(control.is_stopped());
/// ```
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    /// Set by a caller's [`stop`](SearchControl::stop) (or the host's signal), never by a search
    /// that ends by itself.
    asked: AtomicBool,
    pondering: AtomicBool,
    signal: Option<fn() -> bool>,
}

impl SearchControl {
    /// Flags for a normal search.
    pub fn new() -> Self {
        SearchControl::default()
    }

    /// Flags for a ponder search: time limits only start counting at [`ponderhit`](Self::ponderhit).
    pub fn new_pondering() -> Self {
        SearchControl { pondering: AtomicBool::new(true), ..SearchControl::default() }
    }

    /// Flags for a search that a host can also stop through `signal`, a check the search calls
    /// where it polls its own flag (every thousand nodes or so). A browser uses it where no
    /// second thread can call [`stop`](Self::stop): the check reads a flag that the page sets
    /// in shared memory.
    ///
    /// ```
    /// use chess_search::SearchControl;
    /// let control = SearchControl::with_signal(|| true);
    /// assert!(control.is_stopped());
    /// ```
    pub fn with_signal(signal: fn() -> bool) -> Self {
        SearchControl { signal: Some(signal), ..SearchControl::default() }
    }

    /// Ask the search to stop as soon as possible; it returns the best move found so far.
    pub fn stop(&self) {
        self.asked.store(true, Ordering::Relaxed);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// A search ends (its limits reached): its helper threads stop, the caller did not ask.
    pub(crate) fn finish(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a caller asked for a stop ([`stop`](Self::stop), or the host's signal), as
    /// opposed to a search that ended by its limits, which also sets [`is_stopped`](Self::is_stopped).
    ///
    /// ```
    /// use chess_search::SearchControl;
    /// let control = SearchControl::new();
    /// assert!(!control.was_asked_to_stop());
    /// control.stop();
    /// assert!(control.was_asked_to_stop());
    /// ```
    pub fn was_asked_to_stop(&self) -> bool {
        if self.asked.load(Ordering::Relaxed) {
            return true;
        }
        let signalled = self.signal.is_some_and(|signal| signal());
        if signalled {
            self.stop();
        }
        signalled
    }

    /// Ready the control for another search after one that ended by its limits (a series of
    /// searches under one control, such as a game review): clears the stop a finished search
    /// left, keeps a caller's.
    pub fn rearm(&self) {
        if !self.was_asked_to_stop() {
            self.stop.store(false, Ordering::Relaxed);
        }
    }

    /// Whether a stop was asked for (or the search decided to stop), here or through the host's
    /// signal.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.was_asked_to_stop()
    }

    /// The opponent played the expected move: the search goes on as a normal timed search whose
    /// clock starts now.
    pub fn ponderhit(&self) {
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether the search is pondering (time limits suspended).
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
}
