//! Small helpers for text that comes from input files and text shown to users: a UTF-8
//! byte-order mark at the start of a file, control characters that must not reach a terminal
//! raw, and an error with its chain of sources as one line.

use std::borrow::Cow;

/// The UTF-8 byte-order mark some editors put at the start of a text file.
pub const BOM: char = '\u{feff}';

/// The text without a leading UTF-8 byte-order mark (call it on a file's first line).
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The bytes without a leading UTF-8 byte-order mark.
pub fn strip_bom_bytes(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// The text with control characters (and a stray byte-order mark) escaped as `\u{7}`, `\r`,
/// ..., so input echoed in a message cannot move the cursor, clear the screen or ring the bell.
/// Line breaks and tabs are kept: messages use them.
pub fn printable(text: &str) -> Cow<'_, str> {
    let escaped = |c: char| (c.is_control() && c != '\n' && c != '\t') || c == BOM;
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if escaped(c) {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

/// An error and its sources, joined by `: ` (the way `{:#}` prints an `anyhow::Error`), with
/// a source that only repeats the message before it left out.
pub fn error_chain(error: &dyn std::error::Error) -> String {
    let mut out = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !out.ends_with(&text) {
            out.push_str(": ");
            out.push_str(&text);
        }
        source = cause.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_order_marks_are_stripped_once() {
        assert_eq!(strip_bom("\u{feff}cat"), "cat");
        assert_eq!(strip_bom("cat"), "cat");
        assert_eq!(strip_bom_bytes(b"\xEF\xBB\xBFcat\n"), b"cat\n");
        assert_eq!(strip_bom_bytes(b"\xEF\xBBcat"), b"\xEF\xBBcat");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("plain\n\ttext"), "plain\n\ttext");
        assert_eq!(printable("a\u{7}b\u{1b}[2Jc\r"), "a\\u{7}b\\u{1b}[2Jc\\r");
        assert_eq!(printable("\u{feff}x"), "\\u{feff}x");
    }

    #[test]
    fn error_chains_do_not_repeat_themselves() {
        let io = std::io::Error::from_raw_os_error(21);
        let wrapped = crate::vision::VisionError::Io(io);
        let text = error_chain(&wrapped);
        assert!(text.starts_with("cannot open the image: "), "{text}");
        assert_eq!(text.matches("os error 21").count(), 1, "{text}");
    }
}
