//! The files the program writes for a person (a game added to a PGN collection, an annotated
//! PGN): each write leaves either the old contents or the new ones, never a mix, and never drops
//! what another program added meanwhile.
//!
//! - [`replace`] writes the new contents to a file beside the target and renames it over the
//!   target: a full disk, a crash or a killed process mid-write leaves the old file as it was
//!   (a process killed mid-write can leave its `.NAME.PID.tmp` beside it; nothing else).
//! - [`update`] is for a file that several programs add to (two `chess play --pgn games.pgn` at
//!   once): under an exclusive advisory lock (`flock`) on the file, it reads what the file holds
//!   now, lets the caller compute the new contents from them, and [`replace`]s. Each writer
//!   re-reads under the lock, so a game another writer appended is in what it writes back.
//!
//! The lock is on the file itself; since a replace puts a new file (a new inode) at the path, a
//! writer that waited for the lock checks, once it has it, that the path still names the file it
//! locked, and starts again when it does not.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The largest file [`update`] reads back (a PGN collection): 256 MiB.
pub const MAX_UPDATE_BYTES: u64 = 256 << 20;

/// Write `bytes` as the whole of the file at `path`, atomically: a new file beside it, flushed to
/// the disk, then renamed over it. On any error the file at `path` is as it was. A path that names
/// something other than a regular file (a pipe, a device, a directory) is refused; a symbolic link
/// is followed, so the file it points to gets the new contents.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = resolve(path)?;
    let tmp = temp_path(&target);
    let written = write_new(&target, &tmp, bytes);
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written
}

/// Change the file at `path` under an exclusive lock: `edit` gets its current text (empty when
/// the file does not exist yet) and returns the new text, which [`replace`]s it. Returns what
/// `edit` returned beside the text. Other programs that write the file the same way wait for
/// the lock, then see this change.
pub fn update<T>(path: &Path, edit: impl FnOnce(&str) -> (String, T)) -> io::Result<T> {
    let target = resolve(path)?;
    let (_locked, current) = lock(&target)?;
    let (text, value) = edit(&current);
    if text != current {
        replace(&target, text.as_bytes())?;
    }
    Ok(value)
}

/// `path` with its symbolic links followed when it exists; a path that names anything but a
/// regular file is refused before it is opened (opening a named pipe blocks).
fn resolve(path: &Path) -> io::Result<PathBuf> {
    match fs::metadata(path) {
        Ok(m) if m.is_file() => fs::canonicalize(path),
        Ok(_) => Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(path.to_path_buf()),
        Err(e) => Err(e),
    }
}

/// `.NAME.PID.tmp` in the target's folder (a rename is atomic only within one file system).
fn temp_path(target: &Path) -> PathBuf {
    let name = target.file_name().map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

fn write_new(target: &Path, tmp: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create(true).truncate(true).open(tmp)?;
    // The new file keeps the old one's permissions (a collection made read-only to the group
    // stays so).
    if let Ok(m) = fs::metadata(target) {
        file.set_permissions(m.permissions())?;
    }
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    fs::rename(tmp, target)?;
    // The rename itself reaches the disk with its folder.
    #[cfg(unix)]
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(())
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

    fn dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("chess-saved-file-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn replace_writes_the_whole_file_and_leaves_nothing_beside_it() {
        let dir = dir("replace");
        let path = dir.join("a.pgn");
        replace(&path, b"first").unwrap();
        replace(&path, b"second, longer").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second, longer");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file left");
        // Not a regular file: refused before anything is opened or written.
        assert_eq!(replace(&dir, b"x").unwrap_err().kind(), io::ErrorKind::InvalidInput);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_failed_write_keeps_the_old_contents() {
        let dir = dir("failed");
        let path = dir.join("a.pgn");
        replace(&path, b"old").unwrap();
        // The temporary file cannot be created: the folder is a file's name.
        let blocked = dir.join(format!(".a.pgn.{}.tmp", std::process::id()));
        fs::create_dir(&blocked).unwrap();
        assert!(replace(&path, b"new").is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        fs::remove_dir(&blocked).unwrap();
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_keeps_pointing_at_the_file() {
        let dir = dir("link");
        let real = dir.join("real.pgn");
        let link = dir.join("link.pgn");
        fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        replace(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        fs::remove_dir_all(&dir).unwrap();
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
