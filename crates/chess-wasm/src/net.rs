//! The package's full-strength net: the module's own (`s6-128-hm-1000`, small enough for the
//! AI's first download; compiled in natively, one of the data files the npm package's module is
//! given, [`crate::data`]), or a net the caller loads from a file's bytes
//! ([`load`]: the npm package ships `s7-hm4-1726-k200.nnue`, the native build's net, and loads
//! it on first use). Full strength, analysis, the review and the bench search with it; the
//! levels keep the net they were calibrated with.
//!
//! The loaded net is per thread: in WebAssembly a module instance has one thread (a page's and
//! each worker's instance load their own), natively each test sees only its own.
//!
//! ```
//! use chess_wasm::net;
//! assert_eq!(net::current().name(), net::COMPILED);
//! let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../chess-eval/nets/cn128-v2.nnue")).unwrap();
//! let loaded = net::load(&bytes).unwrap();
//! assert_eq!((loaded.name.as_str(), loaded.hash.as_str()), ("cn128-v2", "c13b3e71014a8da7"));
//! assert_eq!(net::current().name(), "cn128-v2");
//! assert!(net::load(b"not a net").is_err(), "a bad file changes nothing");
//! assert_eq!(net::current().name(), "cn128-v2");
//! net::unload();
//! assert_eq!(net::current().name(), net::COMPILED);
//! ```

use std::cell::RefCell;
use std::sync::Arc;

use chess_eval::Network;
use serde::Serialize;

use crate::error::Error;

/// The package's own full-strength net: the one `chess-eval` compiles into WebAssembly builds as
/// its first (or, with `host-data`, is given first). Named here, not taken as `Network::embedded()`, so that the
/// native build of this crate (its tests, the fixtures the npm package checks against) plays as
/// the WebAssembly one does.
pub const COMPILED: &str = "s6-128-hm-1000";

thread_local! {
    static LOADED: RefCell<Option<Arc<Network>>> = const { RefCell::new(None) };
}

/// What a net is, as JavaScript sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NetJson {
    /// The name inside the file.
    pub name: String,
    /// [`Network::hash`] of its weights, 16 hexadecimal digits.
    pub hash: String,
    /// Its shape in words ([`Network::shape`]).
    pub shape: String,
    /// Whether it is the one compiled into the module.
    pub compiled_in: bool,
}

/// The net full strength searches with now: the loaded one, else [`COMPILED`].
pub fn current() -> Arc<Network> {
    loaded().unwrap_or_else(compiled)
}

/// [`current`] described.
pub fn describe() -> NetJson {
    let loaded = loaded();
    let net = loaded.clone().unwrap_or_else(compiled);
    NetJson {
        name: net.name().to_owned(),
        hash: format!("{:016x}", net.hash()),
        shape: net.shape(),
        compiled_in: loaded.is_none(),
    }
}

/// The largest net file read, in bytes: chess-eval's limit (256 MiB).
pub const MAX_BYTES: usize = Network::MAX_FILE_BYTES as usize;

/// Read a net file's bytes and search with it at full strength from now on (on this thread).
/// A file that is not a net (or larger than [`MAX_BYTES`]) is refused with the reason, and the
/// net in use stays.
pub fn load(bytes: &[u8]) -> Result<NetJson, Error> {
    if bytes.len() > MAX_BYTES {
        return Err(Error::Net(format!("{} bytes: more than a net file can be (256 MiB)", bytes.len())));
    }
    let net = Network::from_bytes(bytes).map_err(|e| Error::Net(e.to_string()))?;
    LOADED.with(|l| *l.borrow_mut() = Some(Arc::new(net)));
    Ok(describe())
}

/// Go back to the compiled-in net.
pub fn unload() {
    LOADED.with(|l| *l.borrow_mut() = None);
}

fn loaded() -> Option<Arc<Network>> {
    LOADED.with(|l| l.borrow().clone())
}

fn compiled() -> Arc<Network> {
    Network::embedded_named(COMPILED).expect("chess-eval compiles the package's net in on every target (tested)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_net_is_the_wasm_builds_embedded_one() {
        // chess-eval's first net in WebAssembly; natively it is compiled in by name too.
        assert_eq!(compiled().name(), COMPILED);
        #[cfg(target_arch = "wasm32")]
        assert!(Arc::ptr_eq(&compiled(), &Network::embedded()));
    }

    #[test]
    fn the_native_full_strength_net_loads_from_its_file() {
        let bytes =
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../chess-eval/nets/s7-hm4-1726-k200.nnue")).unwrap();
        let d = load(&bytes).unwrap();
        assert_eq!(d.hash, format!("{:016x}", Network::embedded().hash()), "the native build's net");
        assert_eq!((d.shape.clone(), d.compiled_in), (Network::embedded().shape(), false));
        let truncated = load(&bytes[..1000]).unwrap_err().to_string();
        assert!(truncated.starts_with("invalid net: "), "{truncated}");
        assert_eq!(describe(), d, "a refused file leaves the loaded net");
        unload();
        assert!(describe().compiled_in);
    }
}
