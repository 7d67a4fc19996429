//! The `#[wasm_bindgen]` layer both engine modules of the npm package have (the `engine`
//! feature): the data files the JavaScript gives ([`provide_data`], [`missing_data`]), the net
//! full strength searches with ([`load_net`], [`current_net`]) and the stop flag of a search. The
//! engine's module and the review module are two instances with two memories: the package gives
//! each what it needs.

use chess_ai::SearchControl;
use wasm_bindgen::prelude::*;

use crate::data::{self, Need};
use crate::{host, js, net, serde_text as json};

/// The control of a search the page can stop through `stop[0]` (shared memory, or a flag its
/// `onProgress` sets); the caller clears the flag with `host::set_stop_flag(None)` when the search
/// returns.
pub(crate) fn stopped_by(flag: js_sys::Int32Array) -> SearchControl {
    host::set_stop_flag(Some(flag));
    SearchControl::with_signal(host::stop_requested)
}

/// Search at full strength on this net file's bytes from now on (this module instance), instead
/// of the compiled-in `s6-128-hm-1000`: JSON `{name, hash, shape, compiledIn}` of the net. Bytes
/// that are not a net are refused with the reason, and the net in use stays.
#[wasm_bindgen(js_name = loadNet)]
pub fn load_net(bytes: &[u8]) -> Result<String, JsValue> {
    net::load(bytes).map(|d| json(&d)).map_err(js)
}

/// Go back to the compiled-in net.
#[wasm_bindgen(js_name = unloadNet)]
pub fn unload_net() {
    net::unload();
}

/// The net full strength searches with now, as JSON `{name, hash, shape, compiledIn}`.
#[wasm_bindgen(js_name = currentNet)]
pub fn current_net() -> Result<String, JsValue> {
    data::require(Need::Engine).map_err(js)?;
    Ok(json(&net::describe()))
}

/// The largest net file the engine reads, in bytes ([`chess_eval::Network::MAX_FILE_BYTES`]):
/// the package refuses more before it copies the bytes into the module's memory.
#[wasm_bindgen(js_name = maxNetBytes)]
pub fn max_net_bytes() -> u32 {
    net::MAX_BYTES as u32
}

/// Give the bytes of one of the engine's data files ([`data::FILES`]), for the module built
/// without them (`host-data`): the package's JavaScript fetches each when first needed.
#[wasm_bindgen(js_name = provideData)]
pub fn provide_data(file: &str, bytes: &[u8]) -> Result<(), JsValue> {
    data::provide(file, bytes).map_err(js)
}

/// The engine's data files not yet given, as a JSON array of their names (`[]` when they are
/// compiled in or all given).
#[wasm_bindgen(js_name = missingData)]
pub fn missing_data() -> String {
    json(&data::missing())
}
