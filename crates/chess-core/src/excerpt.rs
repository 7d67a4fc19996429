//! Text a person gave, bounded for an error message: one owner for how much of a bad value is
//! repeated back (a 10 MB line must not become a 10 MB message).

use std::borrow::Cow;

/// The most characters of a bad value an error message repeats.
const MAX_CHARS: usize = 40;

/// `text` when it is short; otherwise its first 40 characters, `…` and its length in bytes.
///
/// ```
/// use chess_core::excerpt;
/// assert_eq!(excerpt("Nf3"), "Nf3");
/// assert_eq!(excerpt(&"x".repeat(1000)), format!("{}… (1000 bytes)", "x".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(MAX_CHARS) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}… ({} bytes)", &text[..end], text.len())),
    }
}
