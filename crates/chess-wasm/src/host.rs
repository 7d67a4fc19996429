//! What the JavaScript host gives the engine: a clock (`performance.now()`), a stop flag in
//! shared memory, and random seeds (`crypto.getRandomValues`). Only meaningful on
//! `wasm32-unknown-unknown`; natively these functions fall back to the platform.

use std::cell::RefCell;

use chess_ai::TimeSource;

thread_local! {
    static STOP: RefCell<Option<js_sys::Int32Array>> = const { RefCell::new(None) };
    static PERFORMANCE: RefCell<Option<(wasm_bindgen::JsValue, js_sys::Function)>> = const { RefCell::new(None) };
}

/// The host's clock: `performance.now()` (browsers, workers, Node), else `Date.now()`.
#[derive(Debug, Clone, Copy, Default)]
pub struct HostClock;

impl TimeSource for HostClock {
    fn now_ms(&self) -> u64 {
        if !cfg!(target_arch = "wasm32") {
            return chess_ai::default_time_source().now_ms();
        }
        PERFORMANCE.with(|cell| {
            let mut cell = cell.borrow_mut();
            if cell.is_none() {
                let global = js_sys::global();
                if let Ok(perf) = js_sys::Reflect::get(&global, &"performance".into()) {
                    if let Ok(now) = js_sys::Reflect::get(&perf, &"now".into()) {
                        if let Ok(now) = wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(now) {
                            *cell = Some((perf, now));
                        }
                    }
                }
            }
            match cell.as_ref().and_then(|(perf, now)| now.call0(perf).ok()).and_then(|v| v.as_f64()) {
                Some(ms) => ms as u64,
                None => js_sys::Date::now() as u64,
            }
        })
    }
}

/// Watch `flag` (a view on a `SharedArrayBuffer`) during the next search, or stop watching.
pub fn set_stop_flag(flag: Option<js_sys::Int32Array>) {
    STOP.with(|cell| *cell.borrow_mut() = flag);
}

/// Whether the page asked the running search to stop (`flag[0] != 0`).
pub fn stop_requested() -> bool {
    STOP.with(|cell| cell.borrow().as_ref().is_some_and(|flag| js_sys::Atomics::load(flag, 0).unwrap_or(0) != 0))
}

/// A seed from `crypto.getRandomValues` (every host the package supports has it), else from
/// `Math.random()`: never the same on every page load.
pub fn random_seed() -> u64 {
    if !cfg!(target_arch = "wasm32") {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(0x5EED);
        return h.finish();
    }
    let words = js_sys::Uint32Array::new_with_length(2);
    let crypto = js_sys::Reflect::get(&js_sys::global(), &"crypto".into()).ok();
    let filled = crypto
        .as_ref()
        .and_then(|c| js_sys::Reflect::get(c, &"getRandomValues".into()).ok())
        .and_then(|f| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f).ok())
        .is_some_and(|f| f.call1(crypto.as_ref().unwrap_or(&wasm_bindgen::JsValue::NULL), &words).is_ok());
    if filled {
        (u64::from(words.get_index(0)) << 32) | u64::from(words.get_index(1))
    } else {
        let half = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
        (half() << 32) | half()
    }
}
