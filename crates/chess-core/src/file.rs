//! Files a person names, read and written. One owner for two rules:
//! - reading (a net, a book, a suite, a table) is bounded: only a regular file of a stated maximum
//!   size is read, so that `/dev/zero` is not read without end and a named pipe does not block the
//!   engine forever ([`read_file`]);
//! - writing replaces a file whole or not at all: a full disk, a crash or a killed process leaves
//!   the old contents, never a mix ([`write_file`]).

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The whole of the regular file at `path`, if it holds at most `max_bytes`. A device, a named
/// pipe or a directory is refused without being opened (opening a pipe blocks until another
/// process writes to it), and so is a larger file.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("chess-core-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("small.txt");
/// std::fs::write(&path, "hello").unwrap();
/// assert_eq!(chess_core::read_file(&path, 5).unwrap(), b"hello");
/// assert!(chess_core::read_file(&path, 4).unwrap_err().to_string().contains("larger than"));
/// assert!(chess_core::read_file(&dir, 5).unwrap_err().to_string().contains("not a regular file"));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn read_file(path: impl AsRef<Path>, max_bytes: u64) -> io::Result<Vec<u8>> {
    let path = path.as_ref();
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file"));
    }
    let too_large = || io::Error::new(io::ErrorKind::InvalidData, format!("larger than {}", size(max_bytes)));
    if metadata.len() > max_bytes {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    // The file may have grown since: never read past the bound.
    std::fs::File::open(path)?.take(max_bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large());
    }
    Ok(bytes)
}

/// `read_file` as UTF-8 text.
pub fn read_text_file(path: impl AsRef<Path>, max_bytes: u64) -> io::Result<String> {
    String::from_utf8(read_file(path, max_bytes)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// Write `bytes` as the whole of the file at `path`, atomically: a new file beside it
/// (`.NAME.PID.N.tmp`, with the old file's permissions), flushed to the disk, then renamed over it.
/// On any error (a full disk, a quota, a read-only folder) the file at `path` is as it was and the
/// temporary file is removed; a process killed mid-write can leave only that temporary file. A path
/// naming something other than a regular file (a pipe, a device, a directory) is refused before
/// anything is opened; a symbolic link is followed, so the file it points to gets the new contents.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("chess-core-doc-write-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("games.pgn");
/// chess_core::write_file(&path, b"1. e4 *\n").unwrap();
/// chess_core::write_file(&path, b"1. d4 *\n").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"1. d4 *\n");
/// assert!(chess_core::write_file(&dir, b"x").unwrap_err().to_string().contains("not a regular file"));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_file(path: impl AsRef<Path>, bytes: &[u8]) -> io::Result<()> {
    write_file_with(path, |out| out.write_all(bytes))
}

/// [`write_file`] for contents written piece by piece (a data file of many games): `write` gets a
/// buffered writer to the new file; when it returns `Ok` the file is flushed to the disk and renamed
/// over `path`, and when it (or anything after it) fails, the file at `path` is as it was.
///
/// ```
/// use std::io::Write;
/// let dir = std::env::temp_dir().join(format!("chess-core-doc-write-with-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("data.txt");
/// chess_core::write_file(&path, b"old").unwrap();
/// let failed = chess_core::write_file_with(&path, |out| {
///     out.write_all(b"half of it")?;
///     Err::<(), _>(std::io::Error::other("the generator stopped"))
/// });
/// assert!(failed.is_err());
/// assert_eq!(std::fs::read(&path).unwrap(), b"old");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_file_with<T>(
    path: impl AsRef<Path>,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<T>,
) -> io::Result<T> {
    let target = regular_file_path(path.as_ref())?;
    let tmp = temp_path(&target);
    let written = write_then_rename(&target, &tmp, write);
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written
}

/// `path` with its symbolic links followed when it exists, or as it is when it does not; a path
/// that names anything but a regular file is refused before it is opened (opening a named pipe
/// blocks). What [`write_file`] writes to, and what a caller that locks the file first should lock.
pub fn regular_file_path(path: &Path) -> io::Result<PathBuf> {
    match fs::metadata(path) {
        Ok(m) if m.is_file() => fs::canonicalize(path),
        Ok(_) => Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file")),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(path.to_path_buf()),
        Err(e) => Err(e),
    }
}

/// `.NAME.PID.N.tmp` in the target's folder (a rename is atomic only within one file system), N
/// counting this process's writes so that two threads never share one.
fn temp_path(target: &Path) -> PathBuf {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let name = target.file_name().map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    target.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()))
}

fn write_then_rename<T>(
    target: &Path,
    tmp: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<T>,
) -> io::Result<T> {
    let file = OpenOptions::new().write(true).create_new(true).open(tmp)?;
    // The new file keeps the old one's permissions (a collection made read-only to the group
    // stays so).
    if let Ok(m) = fs::metadata(target) {
        file.set_permissions(m.permissions())?;
    }
    let mut out = BufWriter::new(file);
    let value = write(&mut out)?;
    // Flushed, on the disk, and closed (the temporary `File` ends with the statement) before the rename.
    out.into_inner().map_err(io::IntoInnerError::into_error)?.sync_all()?;
    fs::rename(tmp, target)?;
    // The rename itself reaches the disk with its folder.
    #[cfg(unix)]
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(value)
}

fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b => format!("{b} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("chess-core-file-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn write_file_writes_the_whole_file_and_leaves_nothing_beside_it() {
        let dir = dir("replace");
        let path = dir.join("a.pgn");
        write_file(&path, b"first").unwrap();
        write_file(&path, b"second, longer").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second, longer");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file left");
        // Not a regular file: refused before anything is opened or written.
        assert_eq!(write_file(&dir, b"x").unwrap_err().kind(), io::ErrorKind::InvalidInput);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A folder nobody can add a file to, even root: the old contents stay and the error is
    /// returned. (A full disk, through `chess play`, is `tests/play.rs`'s
    /// `a_failed_save_keeps_the_file_as_it_was` in chess-cli.)
    #[cfg(target_os = "linux")]
    #[test]
    fn a_failed_write_keeps_the_old_contents() {
        let path = Path::new("/proc/version");
        let before = fs::read(path).unwrap();
        assert!(write_file(path, b"new").is_err());
        assert_eq!(fs::read(path).unwrap(), before);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_keeps_pointing_at_the_file() {
        let dir = dir("link");
        let real = dir.join("real.pgn");
        let link = dir.join("link.pgn");
        fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_file(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn threads_writing_one_file_never_share_a_temporary_file() {
        let dir = dir("threads");
        let path = dir.join("net.bin");
        std::thread::scope(|s| {
            for t in 0..4u8 {
                let path = &path;
                s.spawn(move || {
                    for _ in 0..25 {
                        write_file(path, &[t; 4096]).unwrap();
                    }
                });
            }
        });
        let bytes = fs::read(&path).unwrap();
        assert_eq!(bytes.len(), 4096);
        assert!(bytes.iter().all(|&b| b == bytes[0]), "one writer's bytes, whole");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file left");
        fs::remove_dir_all(&dir).unwrap();
    }
}
