//! The engine's data files: the two nets the module searches with, the opening book and the
//! opening names. Natively (and in a build without the `host-data` feature) they are compiled in.
//! The npm package's module is built with `host-data`, so that a page's first download carries
//! none of them (about 390 KB gzipped): the package's JavaScript gives each file's bytes
//! ([`provide`]) before the first call that needs it, and a call made sooner is refused with
//! [`Error::DataMissing`] (code `NOT_LOADED`), never a panic.
//!
//! ```
//! use chess_wasm::data::{self, Need};
//! // Compiled in natively: nothing is missing.
//! # #[cfg(not(feature = "host-data"))]
//! assert!(data::require(Need::Engine).is_ok() && data::missing().is_empty());
//! assert!(data::provide("no-such-file.bin", b"").is_err());
//! ```

use crate::Error;

/// The files, by the names the package ships them under (`dist/nets/`, `dist/data/`).
pub const FILES: [&str; 4] = [NETS[0].0, NETS[1].0, BOOK, OPENINGS];

/// The nets' files and the names inside them.
const NETS: [(&str, &str); 2] = [("s6-128-hm-1000.nnue", "s6-128-hm-1000"), ("cn128-v2.nnue", "cn128-v2")];
/// The opening book's file.
const BOOK: &str = "lichess_openings_cc0.bin";
/// The opening names' file.
const OPENINGS: &str = "openings.tsv";

/// What a call needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// A search (levels, full strength, analysis, the bench): the nets and the book.
    Engine,
    /// A review: the nets, the book and the opening names (a review names the opening).
    Review,
    /// The opening names alone.
    Openings,
}

/// The files not yet there, of all [`FILES`].
pub fn missing() -> Vec<&'static str> {
    missing_for(Need::Review)
}

/// The files `need` wants that are not yet there.
fn missing_for(need: Need) -> Vec<&'static str> {
    let nets = chess_eval::Network::missing();
    let mut out: Vec<&'static str> = Vec::new();
    if need != Need::Openings {
        out.extend(NETS.iter().filter(|(_, name)| nets.contains(name)).map(|(file, _)| *file));
        if !chess_ai::Book::is_available() {
            out.push(BOOK);
        }
    }
    if need != Need::Engine && !chess_ai::openings::is_available() {
        out.push(OPENINGS);
    }
    out
}

/// `Ok` when everything `need` wants is there, else [`Error::DataMissing`] naming the files.
pub fn require(need: Need) -> Result<(), Error> {
    let missing = missing_for(need);
    if missing.is_empty() {
        Ok(())
    } else {
        Err(Error::DataMissing(missing.join(", ")))
    }
}

/// Give the bytes of the file named `file` (one of [`FILES`]); a file already there stays as it
/// is. Refused when the name is not one of them or the bytes are not that file.
pub fn provide(file: &str, bytes: &[u8]) -> Result<(), Error> {
    let known = || format!("'{file}' is not one of the engine's data files ({})", FILES.join(", "));
    if !FILES.contains(&file) {
        return Err(Error::Data(known()));
    }
    #[cfg(feature = "host-data")]
    {
        let bad = |why: String| Error::Data(format!("{file}: {why}"));
        if let Some((_, name)) = NETS.iter().find(|(f, _)| *f == file) {
            chess_eval::Network::provide(name, bytes).map_err(|e| bad(e.to_string()))?;
        } else if file == BOOK {
            chess_ai::Book::provide(bytes).map_err(|e| bad(e.to_string()))?;
        } else {
            let text = String::from_utf8(bytes.to_vec()).map_err(|_| bad("not UTF-8 text".into()))?;
            chess_ai::openings::provide(text).map_err(|e| bad(e.to_string()))?;
        }
    }
    #[cfg(not(feature = "host-data"))]
    let _ = bytes;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_are_the_compiled_in_ones() {
        for (file, name) in NETS {
            assert_eq!(file, format!("{name}.nnue"));
            assert!(chess_eval::nnue::COMPILED_IN.iter().any(|(n, _)| *n == name), "{name}");
        }
        let refused = provide("x.nnue", b"").unwrap_err();
        assert_eq!(refused.code(), "INVALID_DATA");
        assert!(refused.to_string().contains("openings.tsv"), "{refused}");
    }
}
