//! A table of regions and their canonical forms in a file, so that a search (or any
//! valuation of a ruleset's positions) starts with what an earlier one valued.
//!
//! The format is text, one region a line:
//!
//! ```text
//! grundy regions 2 Domineering
//! ..|..<TAB>+-1
//! ...<TAB>-1
//! crc32 a1c2f9b0
//! hmac-sha256 5b1c…(64 hexadecimal digits)
//! ```
//!
//! a header naming the format and the ruleset, each region in the ruleset's notation and its
//! canonical form separated by a tab (`<TAB>` above), the CRC-32 of every line before it, and
//! last the HMAC-SHA-256 of every line before it under the user's secret [`Key`].
//!
//! **What is believed.** A table says what thousands of positions are worth, and nothing in
//! a search checks it afterwards: a wrong value is a wrong answer. Checking every region an
//! answer depends on would cost what valuing them costs (a region's check needs its options'
//! values, checked in turn), so a table is believed because of who wrote it: the digest is
//! made with a key only the user can read, so a file that matches it was written by this
//! user's `grundy` and not edited since. A file whose digest does not match (written under
//! another key, edited, or cut short) is refused, never believed; so is a table of format 1,
//! which had only a CRC, which anyone editing the file can recompute. The CRC stays, so that
//! a damaged file is told from a foreign one. Past the digest, each line is still read
//! strictly (the header's ruleset, each region read back and already normalised, each form),
//! and errors name the file, the line and the column.
//!
//! **The sample.** The key says who wrote a table, not with which rules: a table written by
//! an earlier build whose rules or forms differ is signed with the same key. So one region in
//! [`SPOT_EVERY`] (and the first) is valued again from its options' values as the table
//! gives them, and compared: one canonical form for 64 regions read. (Valued afresh, each
//! with all the regions below it, as format 1 did, the sample reaches nearly every region
//! of a large table, and costs what the table spares.)
//!
//! **The key** is 32 random bytes, written in hexadecimal to the file [`KEY_FILE`] in the
//! user's configuration folder ([`key_folder`]), made on first use, readable by its owner
//! alone (mode 0600); a key file others may read is refused, as anyone who reads it can sign
//! a table. The engine reads no environment: a front end gives [`user_key`] its lookup of
//! variables.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::rulesets::{Evaluator, Ruleset, CHECK_REGIONS};
use super::store::{Held, PRINT_LIMIT};
use super::{GameId, GameStore, ParseErrorKind, ValueError};

/// The first words of the header, before the format and the ruleset's name.
const MAGIC: &str = "grundy regions";

/// The format this build writes and reads: 2, signed with the user's key (1 had only a CRC).
pub const FORMAT: u32 = 2;

/// What to do with a table that is refused: every such message ends with it.
const ANEW: &str = "remove the file, or give another path, and the search writes a new table";

/// What a budget's error says was being done while a table was read.
pub const READING: &str = "reading a table of regions";

/// The start of the digest's line, the last of a table.
const DIGEST: &str = "hmac-sha256 ";

/// One region in this many (and the first) is valued again when a table is loaded.
pub const SPOT_EVERY: usize = 64;

/// The name of the key's file in the configuration folder.
pub const KEY_FILE: &str = "key";

/// The bytes of a key.
const KEY_BYTES: usize = 32;

/// The digest a table is signed with.
type Digest = Hmac<Sha256>;

/// A table of regions could not be read: where, and what was wrong.
#[derive(Debug, thiserror::Error)]
pub enum RegionTableError {
    /// The file is malformed, damaged, foreign, or for another ruleset:
    /// `origin:line:column: message`.
    #[error("{origin}:{line}:{column}: {message}")]
    Invalid {
        /// The file (as the caller names it).
        origin: String,
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What was expected, and what was found.
        message: String,
    },
    /// Valuing a region of the sample, or holding the table, ran out of budget.
    #[error(transparent)]
    Value(#[from] ValueError),
}

/// The user's key could not be found, read or made.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    /// No configuration folder is named by the environment.
    #[error(
        "no folder for grundy's key: set GRUNDY_CONFIG_DIR (or XDG_CONFIG_HOME, or HOME) to a \
         folder of yours"
    )]
    NoFolder,
    /// The front end gave no way to find the key (the catalogue's inputs without one).
    #[error("this front end keeps no key to sign tables of regions with")]
    NotKept,
    /// The file or its folder could not be read or written.
    #[error(
        "{}: {error}: grundy's key, which signs tables of regions, cannot be read or made \
         there: set GRUNDY_CONFIG_DIR to a folder of yours",
        path.display()
    )]
    Io {
        /// The key's file, or its folder.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// The file does not hold a key.
    #[error(
        "{}: not a key (expected {} hexadecimal digits): remove it and a new key is made \
         (tables of regions written under the old one are then refused)",
        path.display(),
        2 * KEY_BYTES
    )]
    Malformed {
        /// The key's file.
        path: PathBuf,
    },
    /// Others than its owner may read the file, and so sign tables.
    #[error(
        "{}: others may read this key (mode {mode:03o}), and sign tables of regions with it: \
         make it yours alone (chmod 600), or remove it and a new key is made",
        path.display()
    )]
    Exposed {
        /// The key's file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
}

/// The secret a table of regions is signed with: 32 random bytes, the user's own (see the
/// module). Its `Debug` shows none of them.
#[derive(Clone, PartialEq, Eq)]
pub struct Key([u8; KEY_BYTES]);

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Key(..)")
    }
}

impl Key {
    /// The key of these bytes (a test's, or one kept elsewhere than [`KEY_FILE`]). O(1).
    pub fn from_bytes(bytes: [u8; KEY_BYTES]) -> Key {
        Key(bytes)
    }

    /// A new key from the system's random source. O(1).
    pub fn random() -> io::Result<Key> {
        let mut bytes = [0; KEY_BYTES];
        getrandom::fill(&mut bytes).map_err(|e| io::Error::other(e.to_string()))?;
        Ok(Key(bytes))
    }

    /// The key in `folder`'s [`KEY_FILE`], made (with the folder, readable by its owner
    /// alone) when there is none. Two processes making it at once agree on one: each writes
    /// its own file and links it to the name, and the one that finds the name taken reads
    /// the other's. Refused: a file that holds no key, or that others may read. O(1).
    pub fn find_or_make(folder: &Path) -> Result<Key, KeyError> {
        let path = folder.join(KEY_FILE);
        match Key::read(&path) {
            Err(KeyError::Io { error, .. }) if error.kind() == io::ErrorKind::NotFound => {}
            found => return found,
        }
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |error| KeyError::Io { path, error }
        };
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(folder).map_err(io(folder))?;
        let key = Key::random().map_err(io(&path))?;
        // A name of its own for each maker, threads of one process included.
        let nonce = getrandom::u64().map_err(|e| io(&path)(io::Error::other(e.to_string())))?;
        let partial = folder.join(format!("{KEY_FILE}.{nonce:016x}.partial"));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let written = options.open(&partial).and_then(|mut file| {
            use std::io::Write as _;
            writeln!(file, "{}", hex(&key.0))?;
            file.sync_all()
        });
        let linked = written.and_then(|()| std::fs::hard_link(&partial, &path));
        // The partial file is removed whatever happened: only its link under the name counts.
        let _ = std::fs::remove_file(&partial);
        match linked {
            Ok(()) => Ok(key),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Key::read(&path),
            Err(e) => Err(io(&path)(e)),
        }
    }

    /// The key in the file `path`, refused if others may read it. O(1).
    fn read(path: &Path) -> Result<Key, KeyError> {
        let io = |error| KeyError::Io {
            path: path.to_path_buf(),
            error,
        };
        let file = std::fs::File::open(path).map_err(io)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = file.metadata().map_err(io)?.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                return Err(KeyError::Exposed {
                    path: path.to_path_buf(),
                    mode,
                });
            }
        }
        let mut text = String::new();
        // A key is 65 bytes: more is not a key, and is not read whole.
        io::Read::read_to_string(&mut io::Read::take(file, 256), &mut text).map_err(io)?;
        let malformed = || KeyError::Malformed {
            path: path.to_path_buf(),
        };
        unhex(text.trim_end()).map(Key).ok_or_else(malformed)
    }

    /// The digest of `bytes` under this key, ready to be fed or checked.
    fn digest(&self, bytes: &[u8]) -> Digest {
        let mut mac = Digest::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(bytes);
        mac
    }
}

/// The user's configuration folder, from the environment as `var` reads it (a front end
/// passes `std::env::var_os`): `$GRUNDY_CONFIG_DIR` where set, else `$XDG_CONFIG_HOME/grundy`
/// (when absolute, as the XDG base directories say), else `$HOME/.config/grundy`. O(1).
pub fn key_folder(var: impl Fn(&'static str) -> Option<OsString>) -> Result<PathBuf, KeyError> {
    let set = |name: &'static str| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(folder) = set("GRUNDY_CONFIG_DIR") {
        return Ok(folder);
    }
    if let Some(config) = set("XDG_CONFIG_HOME").filter(|p| p.is_absolute()) {
        return Ok(config.join("grundy"));
    }
    set("HOME")
        .map(|home| home.join(".config").join("grundy"))
        .ok_or(KeyError::NoFolder)
}

/// The user's key: found in (or made in) the folder [`key_folder`] finds with `var`. What a
/// front end calls, once, when a table of regions is to be read or written. O(1).
pub fn user_key(var: impl Fn(&'static str) -> Option<OsString>) -> Result<Key, KeyError> {
    Key::find_or_make(&key_folder(var)?)
}

/// The 32 bytes `digits` writes in hexadecimal (a key, a digest), if it is 64 hexadecimal
/// digits.
fn unhex(digits: &str) -> Option<[u8; KEY_BYTES]> {
    if digits.len() != 2 * KEY_BYTES {
        return None;
    }
    let mut bytes = [0; KEY_BYTES];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(digits.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(bytes)
}

/// `bytes` in lowercase hexadecimal.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// A line of the file as a message quotes it: without its newline, and its first 60
/// characters only (a file that is not a table may be one long line).
fn quoted(line: &str) -> String {
    let line = line.trim_end_matches('\n');
    match line.char_indices().nth(60) {
        Some((cut, _)) => format!("{}...", &line[..cut]),
        None => line.to_string(),
    }
}

/// The column, in a position's text, of column `column` of its row `row` (rows separated
/// by `|`, both from 1).
fn column_in(text: &str, row: usize, column: usize) -> usize {
    let before: usize = text
        .split('|')
        .take(row.saturating_sub(1))
        .map(|r| r.chars().count() + 1)
        .sum();
    before + column
}

/// The table of every region the evaluators have valued (each with its store: the threads
/// of a search), as text (see the module) signed with `key`, sorted by region and without
/// repeats, so that equal tables under one key are equal files. A region whose form is
/// longer than [`PRINT_LIMIT`] characters is left out (it is valued again when met), and
/// the writing stops with the stores' budgets. O(regions · (length of a form)).
pub fn save<'a, R: Ruleset + 'a>(
    valued: impl IntoIterator<Item = (&'a Evaluator<R>, &'a mut GameStore)>,
    key: &Key,
) -> Result<String, ValueError> {
    let mut lines = Vec::new();
    let mut name = "";
    for (evaluator, store) in valued {
        let rules = evaluator.rules();
        name = rules.name();
        for (p, v) in evaluator.valued() {
            match store.written(v, PRINT_LIMIT) {
                Ok(form) => lines.push(format!("{}\t{form}", rules.show(p))),
                Err(ValueError::TooLong { .. }) => {}
                Err(e) => return Err(e),
            }
        }
    }
    lines.sort_unstable();
    lines.dedup();
    let mut text = format!("{MAGIC} {FORMAT} {name}\n");
    for line in lines {
        text.push_str(&line);
        text.push('\n');
    }
    Ok(sign(text, key))
}

/// `text`, a table's header and lines (each ending in a newline), with the checksum's line
/// and the digest's under `key` added: what [`save`] writes. O(length).
pub fn sign(mut text: String, key: &Key) -> String {
    let sum = crc32fast::hash(text.as_bytes());
    let _ = writeln!(text, "crc32 {sum:08x}");
    let digest = key.digest(text.as_bytes()).finalize().into_bytes();
    let _ = writeln!(text, "{DIGEST}{}", hex(&digest));
    text
}

/// The lines of `text` (see the module) between the header and the checksum (the first of
/// them line 2 of the file), once the header's format and ruleset (`rules_name`), the checksum and the digest
/// under `key` are checked, in the order that names the damage best: a table of format 1 is
/// told as such before its missing digest is; a changed byte is told by the CRC as damage,
/// and only a file whose CRC holds but whose digest does not as foreign. O(length).
fn verified<'t>(
    text: &'t str,
    rules_name: &str,
    key: &Key,
    invalid: &impl Fn(usize, usize, String) -> RegionTableError,
) -> Result<&'t str, RegionTableError> {
    let header = format!("{MAGIC} {FORMAT} {rules_name}");
    let first = text.lines().next().unwrap_or("");
    let format = first
        .strip_prefix(MAGIC)
        .and_then(|rest| rest.strip_prefix(' '))
        .map(|rest| rest.split(' ').next().unwrap_or(""));
    match format {
        None => {
            return Err(invalid(
                1,
                1,
                format!(
                    "not a table of regions: expected the header '{header}', found '{}'",
                    quoted(first)
                ),
            ))
        }
        Some(f) if f != FORMAT.to_string() => {
            return Err(invalid(
                1,
                MAGIC.len() + 2,
                format!(
                    "a table of format {f}, which this build does not read (format {FORMAT} is \
                     signed with your key): {ANEW}"
                ),
            ))
        }
        Some(_) => {}
    }
    // The digest's line, and the checksum's before it: each the last line of what precedes.
    let last_line_of = |text: &'t str| -> (usize, &'t str) {
        let start = text.trim_end_matches('\n').rfind('\n').map_or(0, |i| i + 1);
        (start, &text[start..])
    };
    let lines_before = |end: usize| text[..end].lines().count();
    let (digest_at, digest_line) = last_line_of(text);
    let digest = digest_line
        .trim_end_matches('\n')
        .strip_prefix(DIGEST)
        .and_then(unhex)
        .ok_or_else(|| {
            invalid(
                lines_before(digest_at) + 1,
                1,
                format!(
                    "expected the digest's line `{DIGEST}` and 64 hexadecimal digits, found \
                     '{}': the file is cut short or damaged: {ANEW}",
                    quoted(digest_line)
                ),
            )
        })?;
    let (sum_at, sum_line) = last_line_of(&text[..digest_at]);
    let sum_line_number = lines_before(sum_at) + 1;
    let stored = sum_line
        .trim_end_matches('\n')
        .strip_prefix("crc32 ")
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or_else(|| {
            invalid(
                sum_line_number,
                1,
                format!(
                    "expected the checksum's line `crc32 XXXXXXXX`, found '{}': {ANEW}",
                    quoted(sum_line)
                ),
            )
        })?;
    let sum = crc32fast::hash(&text.as_bytes()[..sum_at]);
    if sum != stored {
        return Err(invalid(
            sum_line_number,
            7,
            format!("the checksum is {sum:08x}, not {stored:08x}: the file is damaged: {ANEW}"),
        ));
    }
    if key
        .digest(&text.as_bytes()[..digest_at])
        .verify_slice(&digest)
        .is_err()
    {
        return Err(invalid(
            sum_line_number + 1,
            DIGEST.len() + 1,
            format!(
                "the digest does not match your key: the table was written under another key \
                 (another account's or machine's, or before the key was made anew) or edited \
                 since, and is not believed: {ANEW}"
            ),
        ));
    }
    if first != header {
        return Err(invalid(
            1,
            1,
            format!("expected the header '{header}', found '{}'", quoted(first)),
        ));
    }
    Ok(text[..sum_at]
        .split_once('\n')
        .map_or("", |(_, lines)| lines))
}

/// A region's line of a table, read.
struct Line<'t, P> {
    /// Its number in the file, from 1.
    number: usize,
    /// The region.
    region: P,
    /// The column its form starts at, from 1.
    form_column: usize,
    /// Its form, as written.
    form: &'t str,
}

/// Remembers each of `entries` in `evaluator` as valued, checking every [`CHECK_REGIONS`]
/// the memo's bytes (and `beside`, what the caller holds besides) against `store`'s budget.
/// O(entries).
fn remember_all<R: Ruleset>(
    evaluator: &mut Evaluator<R>,
    store: &mut GameStore,
    entries: impl IntoIterator<Item = (R::Position, GameId)>,
    beside: u64,
) -> Result<(), ValueError> {
    for (k, (p, v)) in entries.into_iter().enumerate() {
        evaluator.remember(p, v);
        if k % CHECK_REGIONS == 0 {
            store.check_budget(Held {
                bytes: evaluator.bytes() + beside,
                positions: 0,
            })?;
        }
    }
    Ok(())
}

/// Reads a table (see the module) into every evaluator of `valuers`, its forms into the
/// evaluator's store, after checking it whole under `key`; returns the number of regions.
/// Every check but the sample's passes before an evaluator remembers a region; a table that
/// fails the sample (or a budget that runs out) leaves the valuers holding part of it, and
/// their search is to be dropped, as `grundy search` drops it. O(length) a valuer, besides
/// one canonical form for each region of the sample.
pub fn load<'a, R: Ruleset + Clone + 'a>(
    valuers: impl IntoIterator<Item = (&'a mut Evaluator<R>, &'a mut GameStore)>,
    text: &str,
    origin: &str,
    key: &Key,
) -> Result<usize, RegionTableError> {
    let invalid = |line: usize, column: usize, message: String| RegionTableError::Invalid {
        origin: origin.to_string(),
        line,
        column,
        message,
    };
    let mut valuers = valuers.into_iter().peekable();
    let Some((first, store)) = valuers.peek() else {
        return Ok(0);
    };
    let (rules, budget) = (first.rules().clone(), store.budget().clone());
    let lines = verified(text, rules.name(), key, &invalid)?;
    // The regions, read once for every valuer.
    let mut read: Vec<Line<R::Position>> = Vec::new();
    // What is held beside the evaluators while they take the table: the text, and the lines.
    let held = |read: &Vec<Line<R::Position>>| {
        (text.len() + read.capacity() * std::mem::size_of::<Line<R::Position>>()) as u64
    };
    let mut regions = Vec::new();
    for (number, line) in (2..).zip(lines.lines()) {
        if number % CHECK_REGIONS == 0 {
            budget
                .check(READING, 0, held(&read))
                .map_err(ValueError::Budget)?;
        }
        let (position, form) = line
            .split_once('\t')
            .ok_or_else(|| invalid(number, 1, "expected a region, a tab and its form".into()))?;
        let region = rules
            .parse(position)
            .map_err(|e| invalid(number, column_in(position, e.line, e.column), e.message))?;
        regions.clear();
        rules.regions(&region, &mut regions);
        if regions.len() != 1 || regions[0] != region {
            return Err(invalid(
                number,
                1,
                format!("'{position}' is not one normalised region"),
            ));
        }
        let form_column = position.chars().count() + 2;
        read.push(Line {
            number,
            region,
            form_column,
            form,
        });
    }
    let beside = held(&read);
    for (k, (evaluator, store)) in valuers.enumerate() {
        let mut values = Vec::with_capacity(read.len());
        for line in &read {
            let v = store.parse(line.form).map_err(|e| match e.kind {
                // The budget ran out while the form was read: not the line's fault.
                ParseErrorKind::Value(budget @ ValueError::Budget(_)) => budget.into(),
                kind => invalid(
                    line.number,
                    line.form_column - 1 + e.column,
                    kind.to_string(),
                ),
            })?;
            values.push(v);
        }
        let entries = read.iter().zip(&values).enumerate();
        // The first valuer takes the sample's regions last, valued from the others' values.
        let sample = |i: usize| k == 0 && i % SPOT_EVERY == 0;
        let others = entries.clone().filter(|&(i, _)| !sample(i));
        remember_all(
            evaluator,
            store,
            others.map(|(_, (line, &v))| (line.region.clone(), v)),
            beside,
        )?;
        for (_, (line, &v)) in entries.filter(|&(i, _)| sample(i)) {
            let fresh = evaluator.value(store, &line.region)?;
            if fresh != v {
                return Err(invalid(
                    line.number,
                    1,
                    format!(
                        "the region's value is {}, not {}: the table was written with other \
                         rules (by another build): {ANEW}",
                        store.display(fresh),
                        store.display(v)
                    ),
                ));
            }
        }
        // The text and the lines are the caller's no longer: the store counts the memo alone.
        store.check_budget(Held {
            bytes: evaluator.bytes(),
            positions: 0,
        })?;
    }
    Ok(read.len())
}
