//! Nim products in bulk, in Library Checker's `nim_product_64` format: `T`, then `T` lines
//! `A B` of decimal integers from 0 to 2^64 − 1; the answer is the `T` products, one a line.
//!
//! The input is read as bytes in one pass, without allocating per number, and malformed input
//! is an error at a line and a (byte) column saying what was expected there: the count `T`
//! is never trusted for an allocation beyond what the input's length can hold.

use std::fmt;

/// A place in the input (1-based line and byte column) and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in bytes.
    pub column: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl fmt::Display for BatchError {
    /// `LINE:COLUMN: message`; a front end puts the input's name before it (`<stdin>:`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for BatchError {}

/// The products for a `nim_product_64` input, as the output text: one decimal product a
/// line. Blanks (spaces, tabs, carriage returns) may surround the numbers, the last line may
/// lack its newline and blank lines may follow the last pair; a leading byte-order mark is
/// dropped (columns count from the byte after it). O(length of the input), with
/// about 15 ns per product; the output is reserved for at most as many lines as the input can
/// hold (4 bytes a pair), whatever `T` says.
///
/// ```
/// use grundy::nimber::batch::products;
/// assert_eq!(products(b"2\n2 2\n8 8\n").unwrap(), b"3\n13\n");
/// let error = products(b"1\n2 x\n").unwrap_err();
/// assert_eq!((error.line, error.column), (2, 3));
/// ```
pub fn products(input: &[u8]) -> Result<Vec<u8>, BatchError> {
    let input = crate::input::without_bom_bytes(input);
    let mut p = Cursor {
        s: input,
        pos: 0,
        line: 1,
        line_start: 0,
    };
    let t = p.number("the number of pairs T")?;
    p.end_of_line("T")?;
    // T comes from the input: reserve for at most what the input can hold (4 bytes a line).
    let lines = usize::try_from(t)
        .unwrap_or(usize::MAX)
        .min(input.len() / 4 + 1);
    let mut out = Vec::with_capacity(lines * 21);
    let mut buffer = itoa::Buffer::new();
    for i in 1..=t {
        if p.at_end() {
            return Err(p.error(format!(
                "expected line {i} of T = {t} lines `A B`, found end of input"
            )));
        }
        let a = p.number("the first factor A")?;
        let b = p.number("the second factor B")?;
        p.end_of_line("`A B`")?;
        out.extend_from_slice(buffer.format(super::mul(a, b)).as_bytes());
        out.push(b'\n');
    }
    p.skip_whitespace();
    if !p.at_end() {
        return Err(p.error(format!(
            "expected the end of input after T = {t} lines `A B`, found {}",
            p.found()
        )));
    }
    Ok(out)
}

/// Reads numbers off the input, counting lines and (byte) columns.
struct Cursor<'a> {
    s: &'a [u8],
    pos: usize,
    /// 1-based number of the line `pos` is on.
    line: usize,
    /// Offset of the first byte of that line.
    line_start: usize,
}

impl Cursor<'_> {
    fn at_end(&self) -> bool {
        self.pos >= self.s.len()
    }

    fn error(&self, message: String) -> BatchError {
        self.error_at(self.pos, message)
    }

    fn error_at(&self, pos: usize, message: String) -> BatchError {
        BatchError {
            line: self.line,
            column: pos - self.line_start + 1,
            message,
        }
    }

    /// Skips spaces, tabs and carriage returns (not newlines).
    fn skip_blanks(&mut self) {
        while let Some(b' ' | b'\t' | b'\r') = self.s.get(self.pos) {
            self.pos += 1;
        }
    }

    /// Skips all whitespace, newlines included.
    fn skip_whitespace(&mut self) {
        while let Some(&c) = self.s.get(self.pos) {
            match c {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'\n' => self.newline(),
                _ => break,
            }
        }
    }

    /// Steps over the newline at `pos`.
    fn newline(&mut self) {
        self.pos += 1;
        self.line += 1;
        self.line_start = self.pos;
    }

    /// What is at `pos`, for a message.
    fn found(&self) -> String {
        describe(&self.s[self.pos.min(self.s.len())..])
    }

    /// A decimal integer from 0 to 2^64 - 1 after optional blanks on the current line.
    fn number(&mut self, what: &str) -> Result<u64, BatchError> {
        self.skip_blanks();
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(&c) = self.s.get(self.pos) {
            if !c.is_ascii_digit() {
                break;
            }
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(c - b'0')))
                .ok_or_else(|| {
                    self.error_at(
                        start,
                        format!(
                            "number too large: expected {what}, an integer from 0 to {}",
                            u64::MAX
                        ),
                    )
                })?;
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.error(format!(
                "expected {what}, a decimal integer from 0 to {}, found {}",
                u64::MAX,
                self.found()
            )));
        }
        match self.s.get(self.pos) {
            None | Some(b' ' | b'\t' | b'\r' | b'\n') => Ok(value),
            Some(_) => Err(self.error(format!(
                "expected a decimal digit, a space or the end of the line in {what}, found {}",
                self.found()
            ))),
        }
    }

    /// The end of the line (or of the input) after optional blanks.
    fn end_of_line(&mut self, after: &str) -> Result<(), BatchError> {
        self.skip_blanks();
        match self.s.get(self.pos) {
            None => Ok(()),
            Some(b'\n') => {
                self.newline();
                Ok(())
            }
            Some(_) => Err(self.error(format!(
                "expected the end of the line after {after}, found {}",
                self.found()
            ))),
        }
    }
}

/// Describes the start of `rest` for a message: `end of input`, `end of line`, a quoted
/// character, or a byte that is not UTF-8.
fn describe(rest: &[u8]) -> String {
    match rest.first() {
        None => "end of input".to_string(),
        Some(b'\n') => "end of line".to_string(),
        Some(&c) if c.is_ascii_graphic() => format!("'{}'", c as char),
        Some(&c) if c.is_ascii() => format!("the control character 0x{c:02x}"),
        Some(&c) => {
            let chunk = &rest[..rest.len().min(4)];
            let valid = match std::str::from_utf8(chunk) {
                Ok(s) => s,
                Err(e) => std::str::from_utf8(&chunk[..e.valid_up_to()]).unwrap_or_default(),
            };
            match valid.chars().next() {
                Some(ch) => format!("'{ch}'"),
                None => format!("the byte 0x{c:02x} (not UTF-8)"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> Result<String, String> {
        products(input.as_bytes())
            .map(|out| String::from_utf8(out).expect("ASCII"))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn products_and_layout() {
        assert_eq!(run("2\n2 2\n8 8\n"), Ok("3\n13\n".to_string()));
        assert_eq!(run("2\r\n2 2\r\n 8\t8 "), Ok("3\n13\n".to_string()));
        assert_eq!(run("0\n"), Ok(String::new()));
        assert_eq!(run("1\n0 0\n\n\n"), Ok("0\n".to_string()));
    }

    #[test]
    fn errors_name_the_place() {
        let cases = [
            ("", "1:1: expected the number of pairs T"),
            ("2\n1 2\n", "3:1: expected line 2 of T = 2"),
            ("1\n1\n", "2:2: expected the second factor B"),
            (
                "1\n1 x\n",
                "2:3: expected the second factor B, a decimal integer",
            ),
            ("1\n18446744073709551616 1\n", "2:1: number too large"),
            (
                "1\n1 2 3\n",
                "2:5: expected the end of the line after `A B`",
            ),
            ("1\n12a 3\n", "2:3: expected a decimal digit"),
            ("1\n1 2\n3 4\n", "3:1: expected the end of input"),
            ("1 2\n", "1:3: expected the end of the line after T"),
            ("1\n-1 2\n", "2:1: expected the first factor A"),
            ("1\n\u{e9} 2\n", "found 'é'"),
            ("1\n\u{ff}", "found 'ÿ'"),
        ];
        for (input, expected) in cases {
            let error = run(input).expect_err(input);
            assert!(error.contains(expected), "{input:?}: {error}");
        }
        let error = products(b"1\n\xff 2\n").expect_err("not UTF-8").to_string();
        assert!(error.contains("0xff (not UTF-8)"), "{error}");
    }
}
