//! Where the graph's text is, and the byte range of it each worker reads.
//!
//! The file is cut into as many byte ranges as there are workers in the run, in worker order;
//! a line belongs to the range that holds its first byte. So every line is read by exactly one
//! worker, and the lines of worker 0, 1, ... in turn are the file's lines in order.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::sync::Arc;

/// Bytes a worker's reader asks of the file at a time.
const BUFFER: usize = 1 << 20;

/// The graph's text: a file that each worker opens to read its own byte range, or bytes in
/// memory (a test's, or a stream read whole).
#[derive(Debug, Clone)]
pub enum Input {
    /// A file at the same path in every process (each reads only its workers' ranges of it).
    File(PathBuf),
    /// Text in memory.
    Bytes(Arc<[u8]>),
}

impl From<&str> for Input {
    fn from(text: &str) -> Input {
        Input::Bytes(text.as_bytes().into())
    }
}

impl From<&[u8]> for Input {
    fn from(bytes: &[u8]) -> Input {
        Input::Bytes(bytes.into())
    }
}

impl From<Vec<u8>> for Input {
    fn from(bytes: Vec<u8>) -> Input {
        Input::Bytes(bytes.into())
    }
}

impl Input {
    /// The size of the text in bytes. O(1).
    pub(crate) fn len(&self) -> io::Result<u64> {
        match self {
            Input::File(path) => Ok(std::fs::metadata(path)?.len()),
            Input::Bytes(bytes) => Ok(bytes.len() as u64),
        }
    }

    /// The lines of range `range` of `ranges` of a text of `size` bytes: those whose first
    /// byte is in `[range · size / ranges, (range + 1) · size / ranges)`. A range after the
    /// first is read with a newline before it, so that the scanner never takes its first
    /// bytes for the byte-order mark it drops at the start of a file: its lines are then
    /// counted from 2. O(1) here; reading costs the range's bytes plus the rest of the line
    /// it ends in (and of the line before it, which is skipped).
    pub(crate) fn range(&self, size: u64, range: usize, ranges: usize) -> io::Result<Range> {
        let bound = |k: usize| (u128::from(size) * k as u128 / ranges as u128) as u64;
        let (start, end) = (bound(range), bound(range + 1));
        let mut inner: Box<dyn BufRead + Send> = match self {
            Input::File(path) => {
                let mut file = File::open(path)?;
                file.seek(SeekFrom::Start(start.saturating_sub(1)))?;
                Box::new(BufReader::with_capacity(BUFFER, file))
            }
            Input::Bytes(bytes) => {
                let mut cursor = io::Cursor::new(Arc::clone(bytes));
                cursor.set_position(start.saturating_sub(1));
                Box::new(cursor)
            }
        };
        let mut at = start;
        if start > 0 {
            // The line that holds byte start − 1 began in an earlier range: skip to its end.
            let mut skipped = Vec::new();
            at += (inner.read_until(b'\n', &mut skipped)? as u64).saturating_sub(1);
        }
        Ok(Range {
            inner,
            lead: start > 0,
            lead_lines: u64::from(start > 0),
            left: end.saturating_sub(at),
            done: at >= end,
            last: b'\n',
        })
    }
}

/// The bytes of one range's lines, as a reader for the scanner.
pub(crate) struct Range {
    inner: Box<dyn BufRead + Send>,
    /// Whether a newline is still to be given before the range's first line.
    lead: bool,
    /// Lines the scanner counts before the range's first (1 after that newline, else 0).
    lead_lines: u64,
    /// Bytes before the end of the range; after them, the rest of the line they end in.
    left: u64,
    done: bool,
    /// The last byte given.
    last: u8,
}

impl Range {
    /// Lines the scanner counts before the range's first: one for the newline put before a
    /// range after the first. O(1).
    pub(crate) fn lead_lines(&self) -> u64 {
        self.lead_lines
    }
}

impl Read for Range {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.lead {
            self.lead = false;
            buf[0] = b'\n';
            return Ok(1);
        }
        if self.done {
            return Ok(0);
        }
        let available = self.inner.fill_buf()?;
        if available.is_empty() {
            self.done = true;
            return Ok(0);
        }
        let n = if self.left > 0 {
            let n = available.len().min(buf.len()).min(self.left as usize);
            self.left -= n as u64;
            n
        } else if self.last == b'\n' {
            // The range ended at a line's end: the next line is the next range's.
            self.done = true;
            return Ok(0);
        } else {
            // The range ended inside a line: read on to its end.
            match memchr::memchr(b'\n', available) {
                Some(k) if k < buf.len() => {
                    self.done = true;
                    k + 1
                }
                _ => available.len().min(buf.len()),
            }
        };
        buf[..n].copy_from_slice(&available[..n]);
        self.last = buf[n - 1];
        self.inner.consume(n);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranges' lines, read back and put together, are the text's lines, each once.
    #[test]
    fn the_ranges_cover_every_line_once() {
        let texts = [
            "",
            "a b\n",
            "a b",
            "a b\nc d\ne\n\n\nlonger_name other\nx",
            "\n\n\n",
            "one very long line that spans every range of the text\nx y\n",
        ];
        for text in texts {
            let input = Input::from(text);
            for ranges in 1..=12 {
                let mut whole = String::new();
                for range in 0..ranges {
                    let mut reader = input.range(text.len() as u64, range, ranges).unwrap();
                    let lead = reader.lead_lines();
                    let mut read = String::new();
                    reader.read_to_string(&mut read).unwrap();
                    if lead == 1 {
                        assert!(read.starts_with('\n'), "{text:?} {range}/{ranges}");
                        read.remove(0);
                    }
                    if !read.is_empty() {
                        assert!(
                            whole.is_empty() || whole.ends_with('\n'),
                            "{text:?} {range}/{ranges}: {whole:?} then {read:?}"
                        );
                    }
                    whole += &read;
                }
                assert_eq!(whole, text, "{ranges} ranges");
            }
        }
    }

    #[test]
    fn a_file_is_read_by_ranges_too() {
        let path = std::env::temp_dir().join(format!("grundy-range-{}", std::process::id()));
        let text = "1 2\n2 3\n3 4\n4 5\n";
        std::fs::write(&path, text).unwrap();
        let input = Input::File(path.clone());
        let size = input.len().unwrap();
        let mut whole = String::new();
        for range in 0..3 {
            let mut reader = input.range(size, range, 3).unwrap();
            let mut read = String::new();
            reader.read_to_string(&mut read).unwrap();
            whole += &read[reader.lead_lines() as usize..];
        }
        std::fs::remove_file(&path).unwrap();
        assert_eq!(whole, text);
    }
}
