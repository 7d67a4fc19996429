//! The seam between the search and the platform: a source of elapsed time.
//!
//! `std::time::Instant` panics on `wasm32-unknown-unknown`, so the search never calls it
//! directly. It asks a [`TimeSource`] instead: [`SystemTime`] on native targets; in a browser, an
//! application passes its own (for example one that reads `performance.now()`), or none, in which
//! case time limits cannot be honoured and searches should be limited by depth or nodes.

/// Milliseconds since some fixed start, monotonic.
pub trait TimeSource: Send + Sync {
    /// Milliseconds elapsed since the source was created (or any fixed origin).
    fn now_ms(&self) -> u64;
}

/// The platform's monotonic clock (`std::time::Instant`).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[derive(Debug, Clone, Copy)]
pub struct SystemTime(std::time::Instant);

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Default for SystemTime {
    fn default() -> Self {
        SystemTime(std::time::Instant::now())
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl TimeSource for SystemTime {
    fn now_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// A clock that never advances: time limits never trigger. The default where no platform clock
/// exists (`wasm32-unknown-unknown`).
#[derive(Debug, Clone, Copy, Default)]
pub struct FrozenTime;

impl TimeSource for FrozenTime {
    fn now_ms(&self) -> u64 {
        0
    }
}

/// The platform's default time source.
pub fn default_time_source() -> std::sync::Arc<dyn TimeSource> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        std::sync::Arc::new(SystemTime::default())
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        std::sync::Arc::new(FrozenTime)
    }
}

/// Whether this build can run search threads: the `threads` feature, on a platform that has them.
pub const THREADS_AVAILABLE: bool =
    cfg!(feature = "threads") && !cfg!(all(target_arch = "wasm32", target_os = "unknown"));
