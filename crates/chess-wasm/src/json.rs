//! The JSON of the game's boundary, written by hand: the shapes of [`crate::position`] ([`Json`],
//! [`Object`]). What JavaScript passes to a game crosses as strings and typed arrays (tags as
//! names and values, NAGs as a `Uint8Array`, a move's path as a `Uint32Array`, a variation's
//! moves as strings), so that nothing here is read.
//!
//! By hand because serde_json, with serde's derived code, its error messages and the float
//! formatting they pull in, was a third of the npm package's rules-only module
//! (`chess-wasm/rules`), and the game's shapes are few and flat. The engine's options, analyses
//! and reviews still cross as serde JSON: the engine's module carries serde for chess-ai anyway.
//! Each shape has one writer, here or there, never both.

/// A value that writes itself as JSON text, as serde_json would write it (the same escapes, no
/// spaces).
pub trait Json {
    /// Append `self` as JSON to `out`.
    fn write_json(&self, out: &mut String);
}

/// `value` as JSON text.
///
/// ```
/// use chess_wasm::json::to_string;
/// assert_eq!(to_string(&vec![Some("a\"b\n"), None]), r#"["a\"b\n",null]"#);
/// ```
pub fn to_string<T: Json + ?Sized>(value: &T) -> String {
    let mut out = String::new();
    value.write_json(&mut out);
    out
}

impl Json for str {
    fn write_json(&self, out: &mut String) {
        out.push('"');
        for c in self.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\u{8}' => out.push_str("\\b"),
                '\u{c}' => out.push_str("\\f"),
                c if u32::from(c) < 0x20 => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    let n = u32::from(c) as usize;
                    out.push_str("\\u00");
                    out.push(char::from(HEX[n >> 4]));
                    out.push(char::from(HEX[n & 15]));
                }
                c => out.push(c),
            }
        }
        out.push('"');
    }
}

impl Json for String {
    fn write_json(&self, out: &mut String) {
        self.as_str().write_json(out);
    }
}

impl Json for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

macro_rules! json_integer {
    ($($t:ty),*) => {$(
        impl Json for $t {
            fn write_json(&self, out: &mut String) {
                out.push_str(&self.to_string());
            }
        }
    )*};
}
json_integer!(u8, u16, u32, usize);

impl<T: Json> Json for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(value) => value.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: Json> Json for [T] {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (i, value) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            value.write_json(out);
        }
        out.push(']');
    }
}

impl<T: Json> Json for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

impl<T: Json + ?Sized> Json for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

/// A pair as a two-element array (as serde writes a tuple): `["White", "Ann"]`.
impl<A: Json, B: Json> Json for (A, B) {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        self.0.write_json(out);
        out.push(',');
        self.1.write_json(out);
        out.push(']');
    }
}

/// A JSON object being written: its fields in the order they are given.
///
/// ```
/// use chess_wasm::json::Object;
/// let mut out = String::new();
/// Object::new(&mut out).field("uci", "e2e4").field("check", &false).end();
/// assert_eq!(out, r#"{"uci":"e2e4","check":false}"#);
/// ```
pub struct Object<'a> {
    out: &'a mut String,
    empty: bool,
}

impl<'a> Object<'a> {
    /// Start an object in `out`.
    pub fn new(out: &'a mut String) -> Object<'a> {
        out.push('{');
        Object { out, empty: true }
    }

    /// Write the field `name` (a plain word: no characters JSON escapes) with `value`.
    pub fn field<T: Json + ?Sized>(&mut self, name: &str, value: &T) -> &mut Self {
        self.name(name);
        value.write_json(self.out);
        self
    }

    /// Write the field `name` with `json`, text that is already JSON.
    pub fn raw(&mut self, name: &str, json: &str) -> &mut Self {
        self.name(name);
        self.out.push_str(json);
        self
    }

    fn name(&mut self, name: &str) {
        if !self.empty {
            self.out.push(',');
        }
        self.empty = false;
        name.write_json(self.out);
        self.out.push(':');
    }

    /// Close the object.
    pub fn end(&mut self) {
        self.out.push('}');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let text = "a\"b\\c\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}é♞/";
        assert_eq!(to_string(text), r#""a\"b\\c\n\r\t\b\f\u0001\u001f"#.to_owned() + "\u{7f}é♞/\"");
        let pairs = [("White".to_owned(), "O\"Neil".to_owned())];
        assert_eq!(to_string(&pairs[..]), r#"[["White","O\"Neil"]]"#);
        assert_eq!(to_string(&Vec::<u8>::new()), "[]");
        let mut out = String::new();
        Object::new(&mut out).end();
        assert_eq!(out, "{}");
    }
}
