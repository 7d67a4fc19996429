//! Reading a file a person named (a net, a book, a suite, a table), bounded: one owner for the
//! rule that only a regular file of a stated maximum size is read, so that `/dev/zero` is not read
//! without end and a named pipe does not block the engine forever.

use std::io::{self, Read};
use std::path::Path;

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

fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b => format!("{b} bytes"),
    }
}
