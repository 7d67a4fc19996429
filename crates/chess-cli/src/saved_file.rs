//! The files the program writes for a person (a game added to a PGN collection, an annotated
//! PGN): each write leaves either the old contents or the new ones, never a mix, and never drops
//! what another program added meanwhile.
//!
//! - [`chess_core::write_file`] (the one owner of that rule) writes the new contents to a file
//!   beside the target and renames it over the target: a full disk, a crash or a killed process
//!   mid-write leaves the old file as it was (a process killed mid-write can leave its
//!   `.NAME.PID.N.tmp` beside it; nothing else).
//! - [`update`] is for a file that several programs add to (two `chess play --pgn games.pgn` at
//!   once): under an exclusive advisory lock (`flock`) on the file, it reads what the file holds
//!   now, lets the caller compute the new contents from them, and writes them with
//!   [`chess_core::write_file`]. Each writer re-reads under the lock, so a game another writer
//!   appended is in what it writes back.
//!
//! The lock is on the file itself; since a replace puts a new file (a new inode) at the path, a
//! writer that waited for the lock checks, once it has it, that the path still names the file it
//! locked, and starts again when it does not.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::Path;

/// The largest file [`update`] reads back (a PGN collection): 256 MiB.
pub const MAX_UPDATE_BYTES: u64 = 256 << 20;

/// Change the file at `path` under an exclusive lock: `edit` gets its current text (empty when
/// the file does not exist yet) and returns the new text, which replaces it
/// ([`chess_core::write_file`]). Returns what `edit` returned beside the text. Other programs that
/// write the file the same way wait for the lock, then see this change.
pub fn update<T>(path: &Path, edit: impl FnOnce(&str) -> (String, T)) -> io::Result<T> {
    let target = chess_core::regular_file_path(path)?;
    let (_locked, current) = lock(&target)?;
    let (text, value) = edit(&current);
    if text != current {
        chess_core::write_file(&target, text.as_bytes())?;
    }
    Ok(value)
}

/// Open `target` (creating it empty when it does not exist), take its exclusive lock and read it.
/// The lock is held while the returned file lives.
fn lock(target: &Path) -> io::Result<(File, String)> {
    loop {
        let file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(target)?;
        file.lock()?;
        if !still_at(&file, target)? {
            // Replaced by another writer while we waited: lock the file that is there now.
            continue;
        }
        let bytes = chess_core::read_file(target, MAX_UPDATE_BYTES)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text: left as it is"))?;
        return Ok((file, text));
    }
}

/// Whether `path` still names the open `file`.
#[cfg(unix)]
fn still_at(file: &File, path: &Path) -> io::Result<bool> {
    use std::os::unix::fs::MetadataExt;
    let (open, named) = (file.metadata()?, fs::metadata(path));
    Ok(named.is_ok_and(|named| named.dev() == open.dev() && named.ino() == open.ino()))
}

#[cfg(not(unix))]
fn still_at(_: &File, path: &Path) -> io::Result<bool> {
    Ok(path.exists())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("chess-saved-file-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn updates_from_many_threads_keep_every_addition() {
        let dir = dir("update");
        let path = dir.join("games.pgn");
        std::thread::scope(|s| {
            for t in 0..4 {
                let path = &path;
                s.spawn(move || {
                    for i in 0..25 {
                        update(path, |text| (format!("{text}{t}-{i}\n"), ())).unwrap();
                    }
                });
            }
        });
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 100, "{text}");
        for t in 0..4 {
            for i in 0..25 {
                assert!(text.contains(&format!("{t}-{i}\n")));
            }
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}
