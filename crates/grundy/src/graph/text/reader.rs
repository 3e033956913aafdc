//! Streaming reader of the text format.
//!
//! The input is read in blocks of a few MiB and parsed line by line with a byte scanner; moves
//! are kept as `(from, to)` pairs in fixed-size blocks (8 bytes per move, no doubling
//! slack), then packed into compressed sparse rows. Peak memory is about 12 bytes per move
//! plus a few bytes per position, whatever the file's size.
//!
//! Reading is two layers: [`scan`] cuts the text into items (a move, or a position with its
//! attributes) and reports syntax errors with their place; a [`Sink`] receives the items. The
//! graph builder behind [`read`] is one sink; engines that keep only part of a graph (a
//! distributed solver keeping the positions it owns) are others, so that every reader of the
//! format accepts and refuses exactly the same files.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use rustc_hash::FxHashMap;

use crate::graph::csr::{self, Counts, Fill};
use crate::graph::{GameGraph, Labels};
use crate::input::{without_bom_bytes, BOM};
use crate::outcome::{Outcome, Player};
use crate::progress::{NoProgress, Progress};

/// Why a graph could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The text is not in the format; the message says what was expected.
    #[error("{origin}:{line}:{column}: {message}")]
    Syntax {
        /// The file name, or `<input>` for text without one.
        origin: String,
        /// 1-based line number.
        line: u64,
        /// 1-based column (byte) number.
        column: u64,
        /// What is wrong and what was expected.
        message: String,
    },
    /// The input could not be read.
    #[error("{origin}: {error}")]
    Io {
        /// The file name.
        origin: String,
        /// The underlying error (shown in the message, so not chained as a source).
        error: io::Error,
    },
}

/// The largest integer id: `u32::MAX` is kept free as a marker.
const MAX_INTEGER_ID: u32 = u32::MAX - 1;
/// Marks a declaration (a position named alone) among the move pairs.
const NO_TARGET: u32 = u32::MAX;
/// Moves per storage block: 8 MiB of pairs.
const BLOCK: usize = 1 << 20;
/// Bytes read at a time.
const READ_CHUNK: usize = 4 << 20;

/// Parses a graph from a string (errors name the origin `<input>`). O(length).
///
/// ```
/// use grundy::graph::text::parse_str;
///
/// let game = parse_str("# a chain\na b\nb c\n").unwrap();
/// assert_eq!((game.position_count(), game.move_count()), (3, 2));
/// assert_eq!(game.options(game.index_of("a").unwrap()), &[1]);
///
/// let error = parse_str("a b\nc, d\n").unwrap_err();
/// assert!(error.to_string().starts_with("<input>:2:2: unexpected character ','"));
/// ```
pub fn parse_str(text: &str) -> Result<GameGraph, ReadError> {
    read(text.as_bytes(), "<input>", &NoProgress)
}

/// Reads a graph from a file; progress is reported in bytes. O(file size). Errors name the
/// file.
///
/// ```
/// use grundy::graph::text::read_path;
/// use grundy::progress::NoProgress;
///
/// let path = std::env::temp_dir().join(format!("grundy-read-path-{}.game", std::process::id()));
/// std::fs::write(&path, "0 1\n1 2\n").unwrap();
/// let game = read_path(&path, &NoProgress).unwrap();
/// std::fs::remove_file(&path).unwrap();
/// assert_eq!(game.position_count(), 3);
///
/// let missing = read_path(&path, &NoProgress).unwrap_err();
/// assert!(missing.to_string().starts_with(&path.display().to_string()));
/// ```
pub fn read_path(path: &Path, progress: &dyn Progress) -> Result<GameGraph, ReadError> {
    let origin = path.display().to_string();
    let io_error = |error| ReadError::Io {
        origin: origin.clone(),
        error,
    };
    let file = File::open(path).map_err(io_error)?;
    let size = file.metadata().map(|m| m.len()).ok();
    progress.phase("reading", size);
    read(file, &origin, progress)
}

/// Reads a graph from any byte stream; `origin` names it in error messages. Progress is
/// reported in bytes read. O(input size); memory as in the module's documentation.
///
/// ```
/// use grundy::graph::text::read;
/// use grundy::progress::NoProgress;
///
/// let input: &[u8] = b"0 1\n1 2\n2 0\n";
/// let game = read(input, "cycle.game", &NoProgress).unwrap();
/// assert_eq!(game.options(2), &[0]);
///
/// let error = read(&b"0 1 2\n"[..], "bad.game", &NoProgress).unwrap_err();
/// assert!(error.to_string().starts_with("bad.game:1:5:"));
/// ```
pub fn read<R: Read>(
    input: R,
    origin: &str,
    progress: &dyn Progress,
) -> Result<GameGraph, ReadError> {
    let mut builder = Builder::new(origin);
    let lines = scan(input, origin, progress, &mut builder)?;
    builder.line = lines;
    builder.finish()
}

/// Reads the items of a byte stream into `sink`, in file order; `origin` names the input in
/// error messages. Returns the number of lines. Syntax errors, and errors the sink returns, are
/// [`ReadError::Syntax`] at their line and column. A leading byte-order mark is dropped, and
/// columns count from the byte after it. Progress is reported in bytes read. O(input size)
/// time; memory a few MiB beside the sink's.
///
/// ```
/// use grundy::graph::text::{scan, Attribute, Id, Sink, SinkError};
/// use grundy::progress::NoProgress;
///
/// // A sink that counts moves and keeps the fixed results.
/// #[derive(Default)]
/// struct Count(usize, Vec<String>);
/// impl Sink for Count {
///     fn moved(&mut self, _: Id<'_>, _: Id<'_>, _: u64) -> Result<(), SinkError> {
///         self.0 += 1;
///         Ok(())
///     }
///     fn position(&mut self, id: Id<'_>, attrs: &[(Attribute, u64)], _: u64) -> Result<(), SinkError> {
///         for (attr, _) in attrs {
///             self.1.push(format!("{id:?} {}={}", attr.key(), attr.value_text()));
///         }
///         Ok(())
///     }
/// }
/// let mut count = Count::default();
/// let lines = scan(&b"a b\nb 7\nb result=win\n"[..], "g", &NoProgress, &mut count).unwrap();
/// assert_eq!((lines, count.0), (3, 2));
/// assert_eq!(count.1, ["Name(\"b\") result=win"]);
/// ```
pub fn scan<R: Read, S: Sink>(
    mut input: R,
    origin: &str,
    progress: &dyn Progress,
    sink: &mut S,
) -> Result<u64, ReadError> {
    let mut scanner = Scanner {
        origin,
        line: 0,
        sink,
    };
    let mut buf: Vec<u8> = vec![0; READ_CHUNK];
    let mut filled = 0;
    // Until the first bytes are in: a leading byte-order mark is dropped before line 1.
    let mut at_start = true;
    loop {
        if filled == buf.len() {
            // One line longer than the buffer: make room for it.
            buf.resize(buf.len() * 2, 0);
        }
        let n = match input.read(&mut buf[filled..]) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => {
                return Err(ReadError::Io {
                    origin: origin.to_string(),
                    error,
                })
            }
        };
        progress.advance(n as u64);
        if n == 0 {
            scanner.lines(&buf[..filled], true)?;
            break;
        }
        filled += n;
        if at_start {
            if BOM.as_bytes().starts_with(&buf[..filled]) && filled < BOM.len() {
                // Maybe the start of a mark: read on to tell.
                continue;
            }
            let mark = filled - without_bom_bytes(&buf[..filled]).len();
            buf.copy_within(mark..filled, 0);
            filled -= mark;
            at_start = false;
        }
        if let Some(last) = memchr::memrchr(b'\n', &buf[..filled]) {
            scanner.lines(&buf[..=last], false)?;
            buf.copy_within(last + 1..filled, 0);
            filled -= last + 1;
        }
    }
    Ok(scanner.line)
}

/// An attribute as read, kept with its place for error messages.
#[derive(Debug, Clone, Copy)]
struct AttrEntry {
    position: u32,
    value: Attribute,
    line: u64,
    column: u64,
}

/// An attribute of a position, as read: `result=`, `player=` or `payoff=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attribute {
    /// `result=win|loss|draw`: the game ends here with this outcome for the player to move.
    Result(Outcome),
    /// `player=1|2`: the player to move.
    Player(Player),
    /// `payoff=N`: the game ends here with this payoff.
    Payoff(i64),
}

impl Attribute {
    /// The attribute's key as written (`result`, `player`, `payoff`). O(1).
    pub fn key(self) -> &'static str {
        match self {
            Attribute::Result(_) => "result",
            Attribute::Player(_) => "player",
            Attribute::Payoff(_) => "payoff",
        }
    }

    /// The attribute's value as written (`win`, `2`, `-3`). O(1).
    pub fn value_text(self) -> String {
        match self {
            Attribute::Result(o) => o.to_string(),
            Attribute::Player(p) => p.to_string(),
            Attribute::Payoff(v) => v.to_string(),
        }
    }
}

/// The attribute arrays of a graph, one entry per position.
struct Attributes {
    fixed: Vec<Option<Outcome>>,
    player: Vec<Option<Player>>,
    payoff: Vec<Option<i64>>,
}

/// How ids are held while reading: raw integers as long as every id is one (so the final order
/// is by id, and no hashing is needed), names with a hash table once a name appears.
enum Ids {
    Integers,
    Names {
        index: FxHashMap<Box<str>, u32>,
        labels: Vec<Box<str>>,
    },
}

/// The graph builder behind [`read`]: numbers the ids and keeps the moves and attributes.
struct Builder {
    origin: String,
    line: u64,
    ids: Ids,
    /// `(from, to)` in file order; `to == NO_TARGET` for a declaration.
    pairs: Vec<Vec<(u32, u32)>>,
    attrs: Vec<AttrEntry>,
}

/// A token of a line.
enum Token<'a> {
    Id(Id<'a>),
    /// Key, its column, value, its column.
    Attribute(&'a [u8], usize, &'a [u8], usize),
}

/// A position id as written, not yet numbered: an integer (leading zeros dropped) or a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Id<'a> {
    /// An all-digit id, at most 4294967294.
    Integer(u32),
    /// A name of `A-Z a-z 0-9 _ . : -` that is not all digits.
    Name(&'a str),
}

/// An error a [`Sink`] finds in an item: the scanner reports it at this column of the item's
/// line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SinkError {
    /// 1-based column (byte) of the line.
    pub column: u64,
    /// What is wrong and what was expected.
    pub message: String,
}

/// Receives the items of a file from [`scan`], in file order.
pub trait Sink {
    /// A line `from to`: a move. `line` is its 1-based line number.
    fn moved(&mut self, from: Id<'_>, to: Id<'_>, line: u64) -> Result<(), SinkError>;
    /// A line with a single position and its attributes (each with its 1-based column),
    /// possibly none.
    fn position(
        &mut self,
        id: Id<'_>,
        attributes: &[(Attribute, u64)],
        line: u64,
    ) -> Result<(), SinkError>;
}

/// Cuts lines into items for a sink, counting lines for error messages.
struct Scanner<'s, S> {
    origin: &'s str,
    line: u64,
    sink: &'s mut S,
}

impl<S: Sink> Scanner<'_, S> {
    fn error(&self, column: usize, message: impl Into<String>) -> ReadError {
        ReadError::Syntax {
            origin: self.origin.to_string(),
            line: self.line,
            column: column as u64 + 1,
            message: message.into(),
        }
    }

    /// The error a sink found in the current line.
    fn sink_error(&self, error: SinkError) -> ReadError {
        self.error(error.column.saturating_sub(1) as usize, error.message)
    }

    /// Parses complete lines; at the end of input the last line may lack its newline.
    fn lines(&mut self, text: &[u8], at_end: bool) -> Result<(), ReadError> {
        let mut start = 0;
        while start < text.len() {
            // Most lines of big files are `u v` with integer ids: read those in one go.
            if let Some(((u, v), next)) = integer_move(text, start) {
                self.line += 1;
                self.sink
                    .moved(Id::Integer(u), Id::Integer(v), self.line)
                    .map_err(|e| self.sink_error(e))?;
                start = next;
                continue;
            }
            let end = match memchr::memchr(b'\n', &text[start..]) {
                Some(k) => start + k,
                None if at_end => text.len(),
                None => break,
            };
            self.line += 1;
            self.parse_line(&text[start..end])?;
            start = end + 1;
        }
        Ok(())
    }

    fn parse_line(&mut self, line: &[u8]) -> Result<(), ReadError> {
        let mut ids = [Id::Integer(0); 2];
        let mut id_count = 0;
        // Attributes with their columns; allocates only on lines that have some.
        let mut attrs: Vec<(Attribute, usize)> = Vec::new();
        let mut i = 0;
        loop {
            while i < line.len() && matches!(line[i], b' ' | b'\t' | b'\r') {
                i += 1;
            }
            if i == line.len() || line[i] == b'#' {
                break;
            }
            let start = i;
            while i < line.len() && !matches!(line[i], b' ' | b'\t' | b'\r' | b'#') {
                i += 1;
            }
            match self.token(&line[start..i], start)? {
                Token::Id(id) => {
                    if !attrs.is_empty() {
                        return Err(self.error(
                            start,
                            "expected an attribute key=value: a position id cannot follow \
                             attributes",
                        ));
                    }
                    if id_count == 2 {
                        return Err(self.error(
                            start,
                            "expected the end of the line: a line holds one move `u v` \
                             (or one position with its attributes)",
                        ));
                    }
                    ids[id_count] = id;
                    id_count += 1;
                }
                Token::Attribute(key, key_col, value, value_col) => {
                    if id_count == 0 {
                        return Err(
                            self.error(start, "expected a position id before the attributes")
                        );
                    }
                    if id_count == 2 {
                        return Err(self.error(
                            start,
                            "attributes belong on a line with a single position, not on a \
                             move line",
                        ));
                    }
                    attrs.push((self.attribute(key, key_col, value, value_col)?, key_col));
                }
            }
        }
        let line_number = self.line;
        let sent = match id_count {
            0 => Ok(()),
            1 => {
                let attrs: Vec<(Attribute, u64)> = attrs
                    .into_iter()
                    .map(|(a, col)| (a, col as u64 + 1))
                    .collect();
                self.sink.position(ids[0], &attrs, line_number)
            }
            _ => self.sink.moved(ids[0], ids[1], line_number),
        };
        sent.map_err(|e| self.sink_error(e))
    }

    /// Classifies one whitespace-free token starting at column `col`.
    fn token<'a>(&self, tok: &'a [u8], col: usize) -> Result<Token<'a>, ReadError> {
        if tok.iter().all(u8::is_ascii_digit) {
            let mut value: u64 = 0;
            for &b in tok {
                value = value * 10 + u64::from(b - b'0');
                if value > u64::from(MAX_INTEGER_ID) {
                    return Err(self.error(
                        col,
                        format!(
                            "position id {} is too large: integer ids go up to {MAX_INTEGER_ID}",
                            String::from_utf8_lossy(tok)
                        ),
                    ));
                }
            }
            return Ok(Token::Id(Id::Integer(value as u32)));
        }
        if let Some(eq) = tok.iter().position(|&b| b == b'=') {
            return Ok(Token::Attribute(
                &tok[..eq],
                col,
                &tok[eq + 1..],
                col + eq + 1,
            ));
        }
        if let Some(bad) = tok.iter().position(|&b| !is_name_byte(b)) {
            let what = match tok[bad] {
                b if b.is_ascii_graphic() => format!("unexpected character '{}'", b as char),
                b => format!("unexpected byte 0x{b:02x}"),
            };
            return Err(self.error(
                col + bad,
                format!(
                    "{what}: expected a position id (an integer or a name of A-Z a-z 0-9 _ . : -), \
                     an attribute key=value, or '#' for a comment"
                ),
            ));
        }
        // All bytes are ASCII name bytes, so this is valid UTF-8.
        let name = std::str::from_utf8(tok).expect("ASCII");
        Ok(Token::Id(Id::Name(name)))
    }

    fn attribute(
        &self,
        key: &[u8],
        key_col: usize,
        value: &[u8],
        value_col: usize,
    ) -> Result<Attribute, ReadError> {
        let value_text = String::from_utf8_lossy(value);
        match key {
            b"result" => Outcome::from_word(&value_text)
                .map(Attribute::Result)
                .ok_or_else(|| {
                    self.error(
                        value_col,
                        format!("unknown result '{value_text}': expected win, loss or draw"),
                    )
                }),
            b"player" => Player::from_word(&value_text)
                .map(Attribute::Player)
                .ok_or_else(|| {
                    self.error(
                        value_col,
                        format!("unknown player '{value_text}': expected 1 or 2"),
                    )
                }),
            b"payoff" => value_text.parse().map(Attribute::Payoff).map_err(|_| {
                self.error(
                    value_col,
                    format!(
                        "bad payoff '{value_text}': expected an integer from {} to {}",
                        i64::MIN,
                        i64::MAX
                    ),
                )
            }),
            _ => Err(self.error(
                key_col,
                format!(
                    "unknown attribute '{}': expected result=win|loss|draw, player=1|2 or \
                     payoff=N",
                    String::from_utf8_lossy(key)
                ),
            )),
        }
    }
}

impl Builder {
    fn new(origin: &str) -> Builder {
        Builder {
            origin: origin.to_string(),
            line: 0,
            ids: Ids::Integers,
            pairs: Vec::new(),
            attrs: Vec::new(),
        }
    }

    fn error(&self, column: usize, message: impl Into<String>) -> ReadError {
        ReadError::Syntax {
            origin: self.origin.clone(),
            line: self.line,
            column: column as u64 + 1,
            message: message.into(),
        }
    }

    #[inline]
    fn push_pair(&mut self, pair: (u32, u32)) {
        match self.pairs.last_mut() {
            Some(block) if block.len() < BLOCK => block.push(pair),
            _ => self.push_block(pair),
        }
    }

    #[cold]
    fn push_block(&mut self, pair: (u32, u32)) {
        let mut block = Vec::with_capacity(BLOCK);
        block.push(pair);
        self.pairs.push(block);
    }

    /// The position number of an id: the raw integer while every id is one, else the index of
    /// the name.
    #[inline]
    fn resolve(&mut self, id: Id<'_>) -> u32 {
        match id {
            Id::Integer(v) => self.integer_id(v),
            Id::Name(name) => self.named_id(name),
        }
    }

    #[inline]
    fn integer_id(&mut self, id: u32) -> u32 {
        match &mut self.ids {
            Ids::Integers => id,
            Ids::Names { .. } => self.named_id(&id.to_string()),
        }
    }

    fn named_id(&mut self, name: &str) -> u32 {
        if matches!(self.ids, Ids::Integers) {
            self.switch_to_names();
        }
        let Ids::Names { index, labels } = &mut self.ids else {
            unreachable!("switched to names above")
        };
        if let Some(&i) = index.get(name) {
            return i;
        }
        let i = labels.len() as u32;
        let name: Box<str> = name.into();
        index.insert(name.clone(), i);
        labels.push(name);
        i
    }

    /// The first name arrives: the integer ids read so far become names, numbered in the
    /// order of first mention like every name after them.
    fn switch_to_names(&mut self) {
        let mut index: FxHashMap<Box<str>, u32> = FxHashMap::default();
        let mut labels: Vec<Box<str>> = Vec::new();
        let mut renumber = |raw: u32| -> u32 {
            let name: Box<str> = raw.to_string().into();
            *index.entry(name.clone()).or_insert_with(|| {
                labels.push(name);
                labels.len() as u32 - 1
            })
        };
        for block in &mut self.pairs {
            for pair in block.iter_mut() {
                pair.0 = renumber(pair.0);
                if pair.1 != NO_TARGET {
                    pair.1 = renumber(pair.1);
                }
            }
        }
        // Attributes always follow the declaration pair of their position, so every position
        // they name is already numbered.
        for attr in &mut self.attrs {
            attr.position = renumber(attr.position);
        }
        self.ids = Ids::Names { index, labels };
    }

    fn finish(mut self) -> Result<GameGraph, ReadError> {
        let labels = match std::mem::replace(&mut self.ids, Ids::Integers) {
            Ids::Names { labels, .. } => Labels::Names(labels),
            Ids::Integers => Labels::Integers(self.renumber_integers()),
        };
        let n = labels.len();
        let move_count: usize = self
            .pairs
            .iter()
            .map(|b| b.iter().filter(|p| p.1 != NO_TARGET).count())
            .sum();
        if move_count > u32::MAX as usize {
            return Err(self.error(0, "too many moves: at most 4294967295 are supported"));
        }
        // Each block of pairs is freed as soon as the fill pass has used it, so the peak is
        // the pairs (8 bytes per move) rather than pairs and rows together.
        let pairs = std::mem::take(&mut self.pairs);
        let mut counts = Counts::new(n);
        for &(s, t) in pairs.iter().flatten() {
            if t != NO_TARGET {
                counts.count(s);
            }
        }
        let fill = move |fill: &mut Fill<'_>| {
            for block in pairs {
                for (s, t) in block {
                    if t != NO_TARGET {
                        fill.push(s, t);
                    }
                }
            }
        };
        let moves = csr::build(n, vec![counts], vec![fill]);
        let graph = GameGraph::new(moves, labels);
        if self.attrs.is_empty() {
            return Ok(graph);
        }
        let attrs = self.attribute_arrays(n)?;
        Ok(graph
            .with_fixed_results(attrs.fixed)
            .with_players(attrs.player)
            .with_payoffs(attrs.payoff))
    }

    /// Replaces raw integer ids by dense indices in increasing id order; returns the ids.
    ///
    /// When ids are dense enough, a presence bitset (1 bit per possible id, small enough to
    /// stay in cache) and per-word ranks number them; ids that are exactly `0..n` need no
    /// renumbering at all. Sparse ids are sorted instead.
    fn renumber_integers(&mut self) -> Vec<u32> {
        let mentions: usize = self.pairs.iter().map(Vec::len).sum::<usize>() * 2;
        let max = self
            .pairs
            .iter()
            .flatten()
            .map(|&(a, b)| if b == NO_TARGET { a } else { a.max(b) })
            .max();
        let Some(max) = max else { return Vec::new() };
        let max = max as usize;
        if max > 64 * mentions + (1 << 20) {
            let mut ids: Vec<u32> = self
                .pairs
                .iter()
                .flatten()
                .flat_map(|&(a, b)| [a, b])
                .filter(|&x| x != NO_TARGET)
                .collect();
            ids.sort_unstable();
            ids.dedup();
            ids.shrink_to_fit();
            self.remap(|raw| ids.binary_search(&raw).expect("id was collected") as u32);
            return ids;
        }
        let mut present = vec![0u64; max / 64 + 1];
        for &(a, b) in self.pairs.iter().flatten() {
            present[a as usize / 64] |= 1 << (a % 64);
            if b != NO_TARGET {
                present[b as usize / 64] |= 1 << (b % 64);
            }
        }
        let mut rank = Vec::with_capacity(present.len());
        let mut total = 0u32;
        for &word in &present {
            rank.push(total);
            total += word.count_ones();
        }
        if total as usize != max + 1 {
            self.remap(|raw| {
                let word = present[raw as usize / 64];
                rank[raw as usize / 64] + (word & ((1u64 << (raw % 64)) - 1)).count_ones()
            });
        }
        let mut ids = Vec::with_capacity(total as usize);
        for (w, &word) in present.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                ids.push((w * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        ids
    }

    fn remap(&mut self, map: impl Fn(u32) -> u32) {
        for pair in self.pairs.iter_mut().flatten() {
            pair.0 = map(pair.0);
            if pair.1 != NO_TARGET {
                pair.1 = map(pair.1);
            }
        }
        for attr in &mut self.attrs {
            attr.position = map(attr.position);
        }
    }

    /// Fills the attribute arrays; a position given two different values for one attribute is
    /// an error at the later of the two.
    fn attribute_arrays(&mut self, n: usize) -> Result<Attributes, ReadError> {
        let mut fixed: Vec<Option<Outcome>> = vec![None; n];
        let mut player: Vec<Option<Player>> = vec![None; n];
        let mut payoff: Vec<Option<i64>> = vec![None; n];
        let mut first: FxHashMap<(u32, &'static str), AttrEntry> = FxHashMap::default();
        // Entries are in file order, so the first conflict found is the first in the file.
        let mut conflict: Option<(AttrEntry, AttrEntry)> = None;
        for &entry in &self.attrs {
            let earlier = *first
                .entry((entry.position, entry.value.key()))
                .or_insert(entry);
            if earlier.value != entry.value {
                conflict = Some((earlier, entry));
                break;
            }
            match entry.value {
                Attribute::Result(o) => fixed[entry.position as usize] = Some(o),
                Attribute::Player(p) => player[entry.position as usize] = Some(p),
                Attribute::Payoff(v) => payoff[entry.position as usize] = Some(v),
            }
        }
        if let Some((earlier, later)) = conflict {
            self.line = later.line;
            return Err(self.error(
                later.column as usize - 1,
                format!(
                    "contradictory attributes: {}={} here, but {}={} at line {} column {}",
                    later.value.key(),
                    later.value.value_text(),
                    earlier.value.key(),
                    earlier.value.value_text(),
                    earlier.line,
                    earlier.column
                ),
            ));
        }
        Ok(Attributes {
            fixed,
            player,
            payoff,
        })
    }
}

impl Sink for Builder {
    #[inline]
    fn moved(&mut self, from: Id<'_>, to: Id<'_>, _line: u64) -> Result<(), SinkError> {
        // A name anywhere on the line switches the whole graph to names before any of its ids
        // is numbered.
        if matches!(to, Id::Name(..)) && matches!(self.ids, Ids::Integers) {
            self.switch_to_names();
        }
        let pair = (self.resolve(from), self.resolve(to));
        self.push_pair(pair);
        Ok(())
    }

    fn position(
        &mut self,
        id: Id<'_>,
        attributes: &[(Attribute, u64)],
        line: u64,
    ) -> Result<(), SinkError> {
        let p = self.resolve(id);
        self.push_pair((p, NO_TARGET));
        for &(value, column) in attributes {
            self.attrs.push(AttrEntry {
                position: p,
                value,
                line,
                column,
            });
        }
        Ok(())
    }
}

/// Reads a line `u v\n` of two integer ids separated by one space or tab, at `at`: the pair
/// and the start of the next line, or `None` for any other line (which then takes the general
/// path, where errors are reported).
#[inline]
fn integer_move(text: &[u8], at: usize) -> Option<((u32, u32), usize)> {
    let (u, at) = integer(text, at)?;
    if !matches!(text.get(at), Some(b' ' | b'\t')) {
        return None;
    }
    let (v, at) = integer(text, at + 1)?;
    (text.get(at) == Some(&b'\n')).then_some(((u, v), at + 1))
}

/// An integer id of at most 10 digits at `at`, not above [`MAX_INTEGER_ID`].
#[inline]
fn integer(text: &[u8], at: usize) -> Option<(u32, usize)> {
    let mut value: u64 = 0;
    let mut i = at;
    while let Some(&b) = text.get(i) {
        if !b.is_ascii_digit() || i - at == 10 {
            break;
        }
        value = value * 10 + u64::from(b - b'0');
        i += 1;
    }
    (i > at && value <= u64::from(MAX_INTEGER_ID)).then_some((value as u32, i))
}

#[inline]
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'-')
}
