//! Every reader of user input, fed arbitrary bytes and text, hostile numbers, long runs of
//! separators and mutations of valid inputs (a piece inserted, a character deleted or
//! replaced): each returns a value or an error, never panics, and where it can says the same
//! thing twice (a value printed back reads back equal; an error names its place). The readers
//! of files and standard input say the same again of their input after a leading byte-order
//! mark.
//!
//! Each reader's test tries `GRUNDY_FUZZ_CASES` inputs (256 by default). The long run,
//! `cargo test --release -p grundy-catalogue --test parsers -- --ignored --nocapture`, tries 10^6 per
//! reader (or `GRUNDY_FUZZ_CASES`) and prints, per reader, the inputs tried, the panics found
//! and the time taken; `GRUNDY_FUZZ_FAMILIES=coins,josephus` limits it to those catalogue
//! families.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Debug;
use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::strategy::BoxedStrategy;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

use grundy::budget::Budget;
use grundy::graph::text::{parse_str, read, write, ReadError};
use grundy::impartial::misere_form::{MisereStore, NotationError};
use grundy::impartial::octal::Rule;
use grundy::input::{self, InputError, Words};
use grundy::math::ratio::Ratio;
use grundy::nimber::batch::products;
use grundy::pattern::table::Span;
use grundy::progress::NoProgress;
use grundy::solve::preference::Ranking;
use grundy::Nimber;
use grundy_catalogue::games::coins::heads_of_row;
use grundy_catalogue::games::family::{ParamKind, Source};
use grundy_catalogue::games::geography::Grid;
use grundy_catalogue::games::rabbit_egg::Record;
use grundy_catalogue::games::registry::{table_game, FAMILIES};
use grundy_catalogue::games::{zero_runs, Family, Inputs};

// ---------------------------------------------------------------------------------------------
// Running

/// Inputs per reader in the default tests.
const DEFAULT_CASES: u32 = 256;
/// Inputs per reader in the long run.
const LONG_CASES: u32 = 1_000_000;

/// Inputs per reader: `GRUNDY_FUZZ_CASES`, or `default`.
fn cases_or(default: u32) -> u32 {
    std::env::var("GRUNDY_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

thread_local! {
    /// Inputs the reader under test accepted (returned a value for), on this thread.
    static ACCEPTED: Cell<u64> = const { Cell::new(0) };
}

/// Counts an input that the reader under test accepted: the figures show how far past the
/// first check the inputs get.
fn accept() {
    ACCEPTED.with(|a| a.set(a.get() + 1));
}

/// What one reader's run found.
struct Figures {
    reader: String,
    inputs: u64,
    accepted: u64,
    failure: Option<String>,
    time: Duration,
}

/// Feeds `cases` values of `strategy` to `check`; a panic or a failed check is shrunk to a
/// smallest input and reported in `failure`.
fn fuzz<S>(
    reader: &str,
    cases: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), TestCaseError>,
) -> Figures
where
    S: Strategy,
    S::Value: Debug,
{
    let tried = AtomicU64::new(0);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        // The inputs of bounded parameters are filtered (numbers within the bound): a run of
        // 10^6 rejects more than proptest's default allows, which is not a failure.
        max_local_rejects: cases.saturating_mul(16).max(65_536),
        ..Config::default()
    });
    ACCEPTED.with(|a| a.set(0));
    let start = Instant::now();
    let result = runner.run(&strategy, |value| {
        tried.fetch_add(1, Ordering::Relaxed);
        check(value)
    });
    Figures {
        reader: reader.to_string(),
        inputs: tried.into_inner(),
        accepted: ACCEPTED.with(Cell::get),
        failure: result.err().map(|e| e.to_string()),
        time: start.elapsed(),
    }
}

/// A reader of files and standard input says the same of an input with a leading UTF-8
/// byte-order mark as of the input alone, errors at the same line and column included (an
/// input that starts with a mark is compared with itself without it).
fn same_with_bom<T: PartialEq + Debug>(
    read: impl Fn(&[u8]) -> T,
    input: &[u8],
) -> Result<(), TestCaseError> {
    const BOM: &[u8] = b"\xef\xbb\xbf";
    let (plain, marked) = match input.strip_prefix(BOM) {
        Some(plain) => (plain, input.to_vec()),
        None => (input, [BOM, input].concat()),
    };
    prop_assert_eq!(read(&marked), read(plain));
    Ok(())
}

/// Fails the test with the smallest failing input of each failed run.
fn expect_clean(figures: impl IntoIterator<Item = Figures>) {
    let failures: Vec<String> = figures
        .into_iter()
        .filter_map(|f| f.failure.map(|e| format!("{}: {e}", f.reader)))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Inputs

/// What mutations insert: one character of each kind, and whole hostile tokens.
const PIECES: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "9",
    "f",
    "a",
    "X",
    "O",
    ".",
    "#",
    ",",
    ":",
    ";",
    "/",
    "-",
    "+",
    "=",
    ">",
    "x",
    " ",
    "\t",
    "\n",
    "\r",
    "\r\n",
    "\0",
    "..",
    "..=",
    "é",
    "\u{feff}",
    "𝟘",
    "99999999999999999999999",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "4294967295",
    "4294967294",
    "9223372036854775808",
    "-1",
    "1e9",
    "0x10",
    "result=win",
    "player=2",
    "payoff=-9223372036854775808",
];

/// Separators, repeated many times by [`hostile`].
const SEPARATORS: &[&str] = &[
    ",", ".", "..", ":", "/", " ", "\n", "\r\n", "\t", "0", "9", "#",
];

/// Tokens that have broken parsers elsewhere: bounds, overflows, signs, exponents, empties.
const TOKENS: &[&str] = &[
    "",
    " ",
    "0",
    "00000000000000000000000000001",
    "99999999999999999999999",
    "18446744073709551615",
    "18446744073709551616",
    "-0",
    "-1",
    "+1",
    "1e18",
    "1_000",
    "0x1f",
    "∞",
    "NaN",
    "1.",
    ".1",
    "1/0",
    "0/0",
    "18446744073709551615/1",
    "1/18446744073709551615",
    "0.0000000000000000000001",
    "18446744073709551615.9",
    "1..",
    "..1",
    "..=",
    "5..3",
    "0..=18446744073709551615",
    ",",
    ",,",
    "1,",
    ",1",
];

/// The string with up to a few edits: a piece inserted, a character deleted or replaced.
fn mutate(example: &str, edits: &[(u8, Index, &str)]) -> String {
    let mut chars: Vec<char> = example.chars().collect();
    for &(op, at, piece) in edits {
        let i = at.index(chars.len() + 1);
        match op {
            0 => {
                chars.splice(i..i, piece.chars());
            }
            1 if i < chars.len() => {
                chars.remove(i);
            }
            _ if i < chars.len() => {
                chars.splice(i..=i, piece.chars());
            }
            _ => chars.extend(piece.chars()),
        }
    }
    chars.into_iter().collect()
}

/// Valid examples with one to four edits.
fn mutated(examples: &'static [&'static str]) -> impl Strategy<Value = String> + Clone {
    (
        select(examples),
        vec((0u8..3, any::<Index>(), select(PIECES)), 1..5),
    )
        .prop_map(|(example, edits)| mutate(example, &edits))
}

/// Hostile text: tokens, very long digit strings, long runs of one separator, examples glued
/// by such runs.
fn hostile(examples: &'static [&'static str]) -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        select(TOKENS).prop_map(String::from),
        "[0-9]{20,400}",
        "[1-9][0-9]{0,30}(\\.\\.=?|[,./:x ])[0-9]{0,30}",
        (select(SEPARATORS), 1..3000usize).prop_map(|(s, n)| s.repeat(n)),
        (
            select(examples),
            select(SEPARATORS),
            1..500usize,
            select(examples)
        )
            .prop_map(|(a, s, n, b)| format!("{a}{}{b}", s.repeat(n))),
    ]
}

/// Text for a reader: arbitrary Unicode, strings over the reader's own `alphabet`, mutated
/// `examples` and hostile text.
fn text(
    alphabet: &'static str,
    examples: &'static [&'static str],
) -> impl Strategy<Value = String> + Clone {
    let letters: Vec<char> = alphabet.chars().collect();
    prop_oneof![
        1 => any::<String>(),
        2 => vec(select(letters), 0..48).prop_map(|c| c.into_iter().collect::<String>()),
        1 => select(examples).prop_map(String::from),
        4 => mutated(examples),
        2 => hostile(examples),
    ]
}

/// Bytes for a reader of bytes: [`text`], arbitrary bytes, and mutated examples with bytes
/// that are not UTF-8 (a lone continuation byte, a truncated sequence, a surrogate, 0xff).
fn bytes(
    alphabet: &'static str,
    examples: &'static [&'static str],
) -> impl Strategy<Value = Vec<u8>> + Clone {
    const BAD: &[&[u8]] = &[
        b"\xff",
        b"\x80",
        b"\xc3",
        b"\xed\xa0\x80",
        b"\xf0\x9f",
        b"\0",
    ];
    prop_oneof![
        3 => text(alphabet, examples).prop_map(String::into_bytes),
        1 => vec(any::<u8>(), 0..128),
        1 => (select(examples), any::<Index>(), select(BAD)).prop_map(|(e, at, bad)| {
            let mut b = e.as_bytes().to_vec();
            let i = at.index(b.len() + 1);
            b.splice(i..i, bad.iter().copied());
            b
        }),
    ]
}

// ---------------------------------------------------------------------------------------------
// The position-graph format

const GRAPHS: &[&str] = &[
    "a b\nb c\n",
    "0 1\n1 2\n2 0\n",
    "1 2\n2 3\n3 result=win\n",
    "x player=1 payoff=-3\nx y\ny player=2 payoff=7 # end\n",
    "# a comment\n\n4294967294 0\n0 4294967294\n",
    "s a\ns b\na result=draw\nb result=loss\n",
    "7\t8\r\n8 9\r\n",
];

const GRAPH_ALPHABET: &str = "0123456789 \t\n\r#=abxyz_.:-resultplayerpayoffwinlossdraw";

/// The graph written back in the text format.
fn written(graph: &grundy::GameGraph) -> String {
    let mut out = Vec::new();
    write(graph, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("the writer writes UTF-8")
}

/// An error names a line that exists (or the one after the last) and a column from 1.
fn check_graph_error(error: &ReadError, input: &[u8]) -> Result<(), TestCaseError> {
    match error {
        ReadError::Syntax { line, column, .. } => {
            let lines = input.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
            prop_assert!(
                (1..=lines).contains(line),
                "line {line} of {lines}: {error}"
            );
            prop_assert!(*column >= 1, "{error}");
        }
        ReadError::Io { .. } => prop_assert!(false, "no input error from memory: {error}"),
    }
    Ok(())
}

fn graph_text(cases: u32) -> Figures {
    fuzz(
        "graph text (parse_str)",
        cases,
        text(GRAPH_ALPHABET, GRAPHS),
        |text| {
            match parse_str(&text) {
                Ok(graph) => {
                    accept();
                    // What is written reads back as the same graph.
                    let once = written(&graph);
                    let again = parse_str(&once).map_err(|e| {
                        TestCaseError::fail(format!("written graph unreadable: {e}\n{once}"))
                    })?;
                    prop_assert_eq!(written(&again), once);
                }
                Err(e) => check_graph_error(&e, text.as_bytes())?,
            }
            same_with_bom(
                |bytes| {
                    let text = String::from_utf8(bytes.to_vec()).expect("text and the mark");
                    parse_str(&text)
                        .map(|g| written(&g))
                        .map_err(|e| e.to_string())
                },
                text.as_bytes(),
            )
        },
    )
}

/// A reader that gives its bytes a few at a time (`sizes`, in turn), and now and then an
/// interruption, as a pipe or a slow device may.
struct Dribble<'a> {
    bytes: &'a [u8],
    sizes: &'a [usize],
    turn: usize,
}

impl Read for Dribble<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()];
        self.turn += 1;
        if size == 0 {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        let n = size.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

fn graph_stream(cases: u32) -> Figures {
    fuzz(
        "graph text (read, bytes a few at a time)",
        cases,
        (bytes(GRAPH_ALPHABET, GRAPHS), vec(0usize..8, 1..6)),
        |(input, sizes)| {
            let whole = read(&input[..], "<input>", &NoProgress);
            let sizes: Vec<usize> = if sizes.iter().all(|&s| s == 0) {
                vec![1]
            } else {
                sizes
            };
            let dribble = Dribble {
                bytes: &input,
                sizes: &sizes,
                turn: 0,
            };
            let streamed = read(dribble, "<input>", &NoProgress);
            // Read at once or a few bytes at a time, the input says the same.
            match (&whole, &streamed) {
                (Ok(a), Ok(b)) => {
                    accept();
                    prop_assert_eq!(written(a), written(b));
                }
                (Err(a), Err(b)) => prop_assert_eq!(a.to_string(), b.to_string()),
                _ => prop_assert!(
                    false,
                    "at once: {:?}, streamed: {:?}",
                    whole.as_ref().map(written),
                    streamed.as_ref().map(written)
                ),
            }
            if let Err(e) = &whole {
                check_graph_error(e, &input)?;
            }
            // The mark may come in pieces too.
            same_with_bom(
                |bytes| {
                    let dribble = Dribble {
                        bytes,
                        sizes: &sizes,
                        turn: 0,
                    };
                    read(dribble, "<input>", &NoProgress)
                        .map(|g| written(&g))
                        .map_err(|e| e.to_string())
                },
                &input,
            )
        },
    )
}

// ---------------------------------------------------------------------------------------------
// Take-and-break codes

const CODES: &[&str] = &[
    "0.77",
    ".07",
    "4.07",
    "0.137",
    "0.f",
    "4",
    "grundy",
    "Grundy",
    "0.3f",
    "0.00007",
    "kayles",
    "Dawson's Kayles",
    "splittles:1,3",
];

fn octal_code(cases: u32) -> Figures {
    fuzz(
        "take-and-break code (Rule::parse)",
        cases,
        text("0123456789abcdefgABCDEFG.grundy :,splitke'", CODES),
        |code| {
            match Rule::parse(&code) {
                Ok(rule @ (Rule::Code { .. } | Rule::General(_))) => {
                    accept();
                    // Printed, the code reads back as the same rule.
                    prop_assert_eq!(Rule::parse(&rule.to_string()), Ok(rule));
                }
                Ok(Rule::Grundy) => {
                    accept();
                    prop_assert_eq!(Rule::named(&code), Some(Rule::Grundy));
                }
                Err(e) => {
                    prop_assert!(
                        (1..=code.len() + 2).contains(&e.column),
                        "column {} in {code:?}",
                        e.column
                    );
                }
            }
            Ok(())
        },
    )
}

// ---------------------------------------------------------------------------------------------
// Numbers, lists, ranges, ratios, words

const NUMBERS: &[&str] = &[
    "0",
    "42",
    " 7 ",
    "18446744073709551615",
    "1,3,4",
    "2, 5",
    "3..7",
    "0..=9",
    "9",
    "3/2",
    "1.25",
    "10",
    "0.5",
];
const NUMBER_ALPHABET: &str = "0123456789 ,./=-+";

/// An error placed at `place` says so first.
fn placed(error: &InputError, place: &str) -> Result<(), TestCaseError> {
    let text = error.to_string();
    prop_assert!(
        text.starts_with(place),
        "{text:?} should start with {place:?}"
    );
    Ok(())
}

fn whole_numbers(cases: u32) -> Figures {
    fuzz(
        "whole, whole_up_to",
        cases,
        (text(NUMBER_ALPHABET, NUMBERS), any::<u64>(), any::<u64>()),
        |(text, a, b)| {
            match input::whole("pile 2", &text, "a pile size", 0) {
                Ok(n) => {
                    accept();
                    prop_assert_eq!(text.trim().parse::<u64>(), Ok(n));
                }
                Err(e) => placed(&e, "pile 2: ")?,
            }
            let (min, max) = (a.min(b) % 1000, a.max(b));
            match input::whole_up_to("--k", &text, "a count", min, max) {
                Ok(n) => prop_assert!((min..=max).contains(&n)),
                Err(e) => placed(&e, "--k: ")?,
            }
            Ok(())
        },
    )
}

fn whole_numbers_u128(cases: u32) -> Figures {
    fuzz(
        "whole_u128",
        cases,
        (text(NUMBER_ALPHABET, NUMBERS), any::<u128>()),
        |(text, min)| {
            let min = min >> (min % 128);
            match input::whole_u128("--limit", &text, "a limit", min) {
                Ok(n) => {
                    accept();
                    prop_assert!(n >= min);
                    prop_assert_eq!(text.trim().parse::<u128>(), Ok(n));
                }
                Err(e) => placed(&e, "--limit: ")?,
            }
            Ok(())
        },
    )
}

fn each_whole_numbers(cases: u32) -> Figures {
    fuzz(
        "each_whole",
        cases,
        vec(text(NUMBER_ALPHABET, NUMBERS), 0..6),
        |texts| {
            match input::each_whole("pile", &texts, "a pile size", 1) {
                Ok(values) => {
                    accept();
                    prop_assert_eq!(values.len(), texts.len());
                }
                Err(e) => placed(&e, "pile ")?,
            }
            Ok(())
        },
    )
}

fn lists(cases: u32) -> Figures {
    fuzz(
        "list, pair",
        cases,
        text(NUMBER_ALPHABET, NUMBERS),
        |text| {
            match input::list("--set", &text, "an amount", 1) {
                Ok(values) => {
                    accept();
                    let again: Vec<String> = values.iter().map(u64::to_string).collect();
                    prop_assert_eq!(
                        input::list("--set", &again.join(","), "an amount", 1),
                        Ok(values)
                    );
                }
                Err(e) => placed(&e, "--set: ")?,
            }
            match input::pair("--range", &text, "an amount", 0) {
                Ok((l, r)) => prop_assert_eq!(
                    input::pair("--range", &format!("{l},{r}"), "an amount", 0),
                    Ok((l, r))
                ),
                Err(e) => placed(&e, "--range: ")?,
            }
            Ok(())
        },
    )
}

fn ranges(cases: u32) -> Figures {
    fuzz(
        "range, bytes, Span::parse",
        cases,
        text(NUMBER_ALPHABET, NUMBERS),
        |text| {
            match input::range("--n", &text) {
                Ok((first, last)) => {
                    accept();
                    prop_assert!(first <= last);
                    prop_assert_eq!(
                        input::range("--n", &format!("{first}..={last}")),
                        Ok((first, last))
                    );
                }
                Err(e) => placed(&e, "--n: ")?,
            }
            match input::bytes("--memory", &text) {
                Ok(n) => prop_assert_eq!(input::bytes("--memory", &n.to_string()), Ok(n)),
                Err(e) => placed(&e, "--memory: ")?,
            }
            match Span::parse("--heaps", &text) {
                Ok(span) => {
                    prop_assert!(span.count() >= 1);
                    prop_assert_eq!(Span::parse("--heaps", &span.to_string()), Ok(span));
                }
                Err(e) => placed(&e, "--heaps: ")?,
            }
            Ok(())
        },
    )
}

fn ratios(cases: u32) -> Figures {
    fuzz(
        "ratio, Ratio: FromStr",
        cases,
        text(NUMBER_ALPHABET, NUMBERS),
        |text| {
            match input::ratio("--k", &text) {
                Ok(k) => {
                    accept();
                    prop_assert!(k.den() >= 1);
                    prop_assert_eq!(k.to_string().parse::<Ratio>(), Ok(k));
                }
                Err(e) => placed(&e, "--k: ")?,
            }
            if let Ok(k) = text.parse::<Ratio>() {
                prop_assert_eq!(input::ratio("--k", &text), Ok(k));
            }
            Ok(())
        },
    )
}

const CONTEST: &[&str] = &[
    "3\n1 2 3\n",
    "0\n",
    "2\n18446744073709551615 0\n",
    "5 1 1 1 1 1",
    "2\n1 10\n2 1 2\n",
    "4\n1202\n0 1 2\n",
];

fn words(cases: u32) -> Figures {
    fuzz(
        "Words (files and standard input)",
        cases,
        text("0123456789 \n\r\t-x", CONTEST),
        |text| {
            let mut words = Words::new("piles.txt", &text);
            let read = words.counted("a pile size", 0).and_then(|values| {
                words.finish()?;
                Ok(values)
            });
            match read {
                Ok(values) => {
                    accept();
                    let count = text.split_whitespace().count();
                    prop_assert_eq!(values.len() + 1, count);
                }
                Err(e) => placed(&e, "piles.txt")?,
            }
            Ok(())
        },
    )
}

// ---------------------------------------------------------------------------------------------
// Table names

const TABLES: &[&str] = &[
    "0.77",
    ".07",
    "4.07",
    "grundy",
    "subtraction:1,3,4",
    "subtraction:1,2",
    "coins:ruler:3",
    "coins:two",
    "coins:mock-turtles",
    "coins:ruler",
    "mexmat:12:10",
    "mexmat:1202:1000",
    "wythoff",
    "squares",
    "nim",
    "corners",
];

fn table_names(cases: u32) -> Figures {
    fuzz(
        "table names (table_game)",
        cases,
        text("0123456789.,:abcdeilmnorstuwxyz-", TABLES),
        |spec| {
            match table_game(&spec) {
                Ok(_) => accept(),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
            Ok(())
        },
    )
}

// ---------------------------------------------------------------------------------------------
// Boards, rows and strings

const GRIDS: &[&str] = &["..#\n...\n", ".", "#.\n.#\r\n", "...\n...\n...\n\n\n", "#"];

fn grids(cases: u32) -> Figures {
    fuzz(
        "grid (Grid::parse)",
        cases,
        text(".#\n\r x", GRIDS),
        |text| {
            match Grid::parse(&text) {
                Ok(grid) => {
                    accept();
                    prop_assert!(grid.rows() >= 1 && grid.columns() >= 1);
                    prop_assert!(grid.rows() * grid.columns() <= text.len());
                    prop_assert!(grid.free_count() <= grid.rows() * grid.columns());
                }
                Err(e) => prop_assert!(e.line >= 1 && e.column >= 1, "{e}"),
            }
            Ok(())
        },
    )
}

const RECORDS: &[&str] = &[
    "1 6\nXO.OXO\n1\n1 2\n1 1\n",
    "2 2\nX.\nOX\n",
    "3 3\nOXO\nX.X\nOXO\n1\n1 2\n2 2\n",
    "1 1\n.\n0\n",
];

fn records(cases: u32) -> Figures {
    fuzz(
        "game record (Record::parse)",
        cases,
        text("0123456789 \nXO.x", RECORDS),
        |text| {
            if let Ok(record) = Record::parse(&text) {
                accept();
                // A record read is legal: analysing it must not fail either.
                let _ = record.analyse();
            }
            Ok(())
        },
    )
}

const ROWS: &[&str] = &["0010001000010", "1", "0", "", "0110"];

fn coin_rows(cases: u32) -> Figures {
    fuzz(
        "coin row (heads_of_row)",
        cases,
        text("01 2,", ROWS),
        |row| {
            let length = row.chars().count();
            match heads_of_row(&row) {
                Ok((heads, n)) => {
                    accept();
                    prop_assert_eq!(n, length as u64);
                    prop_assert_eq!(heads.len(), row.matches('1').count());
                    prop_assert!(heads.windows(2).all(|w| w[0] < w[1]));
                    prop_assert!(heads.iter().all(|&h| (1..=n).contains(&h)));
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
            Ok(())
        },
    )
}

fn zero_run_strings(cases: u32) -> Figures {
    fuzz(
        "zero runs (zero_runs::answer)",
        cases,
        text("01 2", ROWS),
        |s| {
            match zero_runs::answer(&s) {
                Ok(answer) => {
                    accept();
                    let value = zero_runs::value(&s).expect("the same string");
                    prop_assert_eq!(answer.value, Some(value));
                }
                Err(e) => prop_assert!((1..=s.chars().count()).contains(&e.position)),
            }
            Ok(())
        },
    )
}

const NIMBERS: &[&str] = &["0", "8", "18446744073709551615", "3141"];

fn nimbers(cases: u32) -> Figures {
    fuzz(
        "nimber (Nimber: FromStr)",
        cases,
        text("0123456789 -+", NIMBERS),
        |s| {
            match s.parse::<Nimber>() {
                Ok(n) => {
                    accept();
                    prop_assert_eq!(n.to_string().parse::<Nimber>(), Ok(n));
                    prop_assert_eq!(s.parse::<u64>(), Ok(n.get()));
                }
                Err(e) => prop_assert_eq!(e.found, s),
            }
            Ok(())
        },
    )
}

const RANKINGS: &[&str] = &["win>draw>loss", "draw,win,loss", " loss > draw > win "];

fn rankings(cases: u32) -> Figures {
    fuzz(
        "ranking (Ranking::parse)",
        cases,
        text("windrawloss>, ", RANKINGS),
        |s| {
            if let Ok(r) = Ranking::parse(&s) {
                accept();
                prop_assert_eq!(Ranking::parse(&r.to_string()), Ok(r));
            }
            Ok(())
        },
    )
}

const MISERE_FORMS: &[&str] = &[
    "*[(2#1)21]",
    "2#",
    "32",
    "&12;#0",
    " ( 2 1 ) # 0 ",
    "2#1 + 3",
    "*3+*[2#]+*",
];

/// Misère canonical forms in CGSuite's notation, read into a store whose memory budget keeps
/// a large heap (`&60000;`) an error, not gigabytes: 4 MiB, so that what a call allocates in
/// all (a heap of n takes O(n²) bytes, built in steps) stays well below the bound of `fast`.
fn misere_forms(cases: u32) -> Figures {
    fuzz(
        "misère form (MisereStore::parse)",
        cases,
        text("0123456789#()&;*[]+ ", MISERE_FORMS),
        |s| {
            let budget = Budget::default().with_memory(4 << 20);
            let mut store = MisereStore::with_budget(budget);
            match fast("misère form", || store.parse(&s)) {
                Ok(g) => {
                    accept();
                    // Writing may run out of the same budget: an error, which is fine.
                    if let Ok(word) = store.notation(g) {
                        prop_assert_eq!(store.parse(&word), Ok(g));
                    }
                }
                // A malformed text names a column within it (or just past its end).
                Err(NotationError::Input(InputError::Invalid { place, message })) => {
                    let column = place.strip_prefix("column ").map(str::parse::<usize>);
                    prop_assert!(
                        matches!(column, Some(Ok(c)) if (1..=s.chars().count() + 1).contains(&c)),
                        "{place}: {message}"
                    );
                    prop_assert!(message.starts_with("expected "), "{message}");
                }
                Err(NotationError::Input(other)) => prop_assert!(false, "{other}"),
                Err(NotationError::Budget(_)) => {}
            }
            Ok(())
        },
    )
}

// ---------------------------------------------------------------------------------------------
// Nim products in bulk

const BATCHES: &[&str] = &[
    "2\n2 2\n8 8\n",
    "2\r\n2 2\r\n 8\t8 ",
    "0\n",
    "1\n0 0\n\n\n",
    "1\n18446744073709551615 18446744073709551615\n",
    "3\n1 2\n3 4\n5 6",
];

fn nimber_batch(cases: u32) -> Figures {
    fuzz(
        "nim products in bulk (batch::products)",
        cases,
        bytes("0123456789 \n\r\t-", BATCHES),
        |input| {
            match products(&input) {
                Ok(out) => {
                    accept();
                    let text = String::from_utf8(out).expect("digits and newlines");
                    prop_assert!(text.lines().all(|l| l.parse::<u64>().is_ok()));
                    // One product a line: T of them (after a byte-order mark, which the
                    // reader skips).
                    let t = String::from_utf8_lossy(&input)
                        .trim_start_matches('\u{feff}')
                        .split_whitespace()
                        .next()
                        .map(|w| w.parse::<usize>().expect("T was read"));
                    prop_assert_eq!(t, Some(text.lines().count()));
                }
                Err(e) => {
                    let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
                    prop_assert!((1..=lines.len()).contains(&e.line), "{e}");
                    prop_assert!((1..=lines[e.line - 1].len() + 1).contains(&e.column), "{e}");
                }
            }
            same_with_bom(products, &input)
        },
    )
}

// ---------------------------------------------------------------------------------------------
// The catalogue's families

/// Parameters whose numbers size a computation (a table up to N, N steps): the numbers
/// generated for them stay below the bound given, so that one case takes milliseconds. Their
/// limits are the families' own tests' business; here any other text is still fed to them.
const SMALL: &[(&str, &str, u64)] = &[
    // Computes the values of heaps 0 to N.
    ("octal", "upto", 300),
    // Lists everyone in order of death (N up to 10^7), or simulates N steps.
    ("josephus", "n", 5000),
    ("josephus", "k", 5000),
    // Tables of values up to the largest pile (4194304).
    ("square-subtraction", "piles", 3000),
    // Tables up to the row's length (multiples: up to 10^10).
    ("coins", "length", 3000),
    ("coins", "by-length", 3000),
    ("coins", "places", 3000),
    // A large multiplier generates its sequence up to the limit of 2^23 terms (a quarter of
    // a second a case).
    ("dynamic-subtraction", "k", 64),
    // Explores every position reachable from the board, up to this many.
    ("connect4", "max-positions", 5000),
    ("cards", "max-positions", 5000),
    // Day 5 of the census enumerates 2^22 sets of games (seconds, 370 MB); later days are
    // refused at once.
    ("misere-census", "day", 4),
    // Canonical forms of heaps that grow quickly with the heap (Splittles' heap 50 takes
    // seconds, and `--allbut` allows every removal but a few).
    ("partizan-splittles", "position", 12),
    ("partizan-subtraction", "position", 30),
    ("partizan-take-and-break", "position", 20),
];

/// Values that every parameter may get: numbers, lists, ranges, ratios, words of the
/// families' vocabularies, and `-` for standard input.
const VALUES: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "10",
    "41",
    "1,3,4",
    "1,10",
    "2,3",
    "3..7",
    "3/2",
    "1.5",
    "0.77",
    "4.07",
    "grundy",
    "two",
    "mock-turtles",
    "ruler",
    "multiples",
    "0010001000010",
    "1202",
    "1000",
    "3:4",
    "1,1",
    "6x4",
    "9x15",
    "fe",
    "-",
    "true",
    "a",
    "2#1 + 3",
    "*[(2#1)21]",
];

/// Numbers that are valid but large: formulas must take them, bounded computations refuse
/// them.
const LARGE: &[&str] = &[
    "18446744073709551615",
    "18446744073709551614",
    "9223372036854775808",
    "4294967296",
    "4194304",
    "1000000000000000000",
    "10000000",
];

/// A value for a parameter whose numbers stay at most `bound` (`None`: any number).
fn value(bound: Option<u64>) -> BoxedStrategy<String> {
    let numbers = match bound {
        Some(b) => (0..=b).prop_map(|n| n.to_string()).boxed(),
        None => prop_oneof![
            (0u64..100).prop_map(|n| n.to_string()),
            select(LARGE).prop_map(String::from),
            any::<u64>().prop_map(|n| n.to_string()),
        ]
        .boxed(),
    };
    let small = move |s: &str| match bound {
        Some(b) => !s
            .split(|c: char| !c.is_ascii_digit())
            .any(|n| n.parse::<u64>().is_ok_and(|n| n > b)),
        None => true,
    };
    let values: Vec<&'static str> = VALUES.iter().copied().filter(|v| small(v)).collect();
    prop_oneof![
        4 => numbers,
        3 => select(values.clone()).prop_map(String::from),
        3 => (vec(select(values), 1..4), vec((0u8..3, any::<Index>(), select(PIECES)), 1..4))
            .prop_map(|(parts, edits)| mutate(&parts.join(","), &edits))
            .prop_filter("numbers within the bound", move |s| small(s)),
        1 => any::<String>(),
        1 => select(TOKENS).prop_map(String::from).prop_filter("within the bound", move |s| small(s)),
    ]
    .boxed()
}

/// Files and standard input for the families that read them: contest inputs, grids, records
/// and graphs, mutated; and arbitrary text.
const FILES: &[&str] = &[
    "3\n1 2 3\n",
    "4\n7 2 1 1\n",
    "2\n1 100\n2 1 10\n",
    "2\n3 1 3 2\n1 5\n",
    "4\n1 2 0 2\n1 0 2\n",
    "..#\n...\n",
    "1 6\nXO.OXO\n1\n1 2\n1 1\n",
    "a b\nb c\nc a\n",
    "0 1\n1 2\n",
    "1,1\n2,2\n",
];

fn file_text() -> impl Strategy<Value = String> {
    prop_oneof![
        text("0123456789 \n.#XOabc,", FILES),
        (select(FILES), 0..4usize).prop_map(|(f, n)| f.repeat(n + 1)),
    ]
}

/// One family's inputs: each parameter given or not, with its values.
fn family_inputs(family: &'static dyn Family) -> BoxedStrategy<Vec<Option<Vec<String>>>> {
    let params: Vec<BoxedStrategy<Option<Vec<String>>>> = family
        .params()
        .iter()
        .map(|param| {
            let bound = SMALL
                .iter()
                .find(|&&(f, p, _)| f == family.name() && p == param.name)
                .map(|&(_, _, b)| b);
            let count = match param.kind {
                ParamKind::Positional { many: true, .. } => 0..5usize,
                ParamKind::Option { values, .. } => values..values + 1,
                ParamKind::Positional { .. } | ParamKind::Flag => 1..2,
            };
            let values = if param.kind == ParamKind::Flag {
                Just(vec!["true".to_string()]).boxed()
            } else {
                vec(value(bound), count).boxed()
            };
            prop::option::weighted(0.7, values).boxed()
        })
        .collect();
    params.boxed()
}

/// The time budget of each case of a family: a few inputs ask for long computations (a board
/// valued to the end, millions of positions explored), and stop at this deadline with an
/// error, as the command line's default timeout stops them.
const CASE_TIME: Duration = Duration::from_secs(5);

fn family(family: &'static dyn Family, cases: u32) -> Figures {
    fuzz(
        &format!("family {}", family.name()),
        cases,
        (family_inputs(family), file_text()),
        |(given, file)| {
            // Whether the family read a file.
            let read_one = Cell::new(false);
            // The report as text, or the error, with `file` as every file's text.
            let run = |file: &[u8]| {
                let text = String::from_utf8(file.to_vec()).expect("text and the mark");
                let reader = |path: &str| {
                    read_one.set(true);
                    Ok(Source {
                        origin: if path == "-" { "<stdin>" } else { path }.to_string(),
                        text: text.clone(),
                    })
                };
                let mut inputs = Inputs::new(family.params(), &reader, &NoProgress)
                    .with_budget(Budget::default().with_time(CASE_TIME));
                for (param, values) in family.params().iter().zip(&given) {
                    if let Some(values) = values {
                        inputs.set(param.name, values.clone());
                    }
                }
                family
                    .answer(&inputs)
                    .map(|report| {
                        // The answer renders, as text and as JSON.
                        let mut out = Vec::new();
                        report.write_text(&mut out).expect("writing to memory");
                        let _ = report.to_json();
                        out
                    })
                    .map_err(|e| e.to_string())
            };
            let start = Instant::now();
            let answer = run(file.as_bytes());
            let took = start.elapsed();
            // The deadline is honoured: a case stops soon after it, whatever it asked for.
            prop_assert!(
                took <= CASE_TIME * 6,
                "ran {took:?}, beyond its deadline of {CASE_TIME:?}"
            );
            match answer {
                Ok(_) => accept(),
                Err(e) => prop_assert!(!e.is_empty()),
            }
            // Compared with itself after a byte-order mark where the first run took well
            // within the deadline, so that neither run of the pair can meet it.
            if read_one.get() && took <= CASE_TIME / 5 {
                same_with_bom(run, file.as_bytes())?;
            }
            Ok(())
        },
    )
}

fn families(cases: u32) -> Vec<Figures> {
    FAMILIES.iter().map(|f| family(*f, cases)).collect()
}

// ---------------------------------------------------------------------------------------------
// Huge counts in tiny inputs: refused at once, without reserving what they announce

/// Counts the bytes each thread allocates, so that a test can bound what one call reserves
/// (the test threads run side by side: a global count would mix them).
struct Counting;

thread_local! {
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; the count is a side
// effect on a const-initialised thread local, which itself never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATED.try_with(|n| n.set(n.get().saturating_add(layout.size())));
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATED.try_with(|n| n.set(n.get().saturating_add(new_size)));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The most a call on a tiny input may allocate: far below what any of the counts announces.
const SMALL_ALLOCATION: usize = 64 << 20;

/// Runs `f` and checks it allocated at most [`SMALL_ALLOCATION`] bytes on this thread:
/// nothing was reserved in proportion to a number in the input (the count of bytes, unlike a
/// clock, does not depend on the machine or on what else runs).
fn fast<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let before = ALLOCATED.with(Cell::get);
    let result = f();
    let allocated = ALLOCATED.with(Cell::get) - before;
    assert!(
        allocated <= SMALL_ALLOCATION,
        "{what}: allocated {allocated} bytes"
    );
    result
}

#[test]
fn huge_counts_in_tiny_inputs_fail_fast() {
    let max = u64::MAX.to_string();
    let error = fast("batch", || products(format!("{max}\n1 1\n").as_bytes())).unwrap_err();
    assert_eq!((error.line, error.column), (3, 1), "{error}");
    let mut words = Words::new("piles.txt", "18446744073709551615 1 2");
    assert!(fast("words", || words.counted("a pile size", 0)).is_err());
    for record in [
        "1000000000000 1000000000000\n",
        "1 1\n.\n18446744073709551615\n",
        "1 1\n.\n9223372036854775807\n1 1\n",
    ] {
        assert!(fast(record, || Record::parse(record)).is_err(), "{record}");
    }
    // Two positions with ids far apart: numbered by sorting, not by a table up to the id.
    let graph = fast("graph", || parse_str("4294967294 0\n")).unwrap();
    assert_eq!(graph.position_count(), 2);
    // A table's name is read, not computed.
    let _ = fast("table", || table_game(&format!("subtraction:1,{max}")));
}

/// A grid's first line of n cells and n short lines after it: the grid is refused at the
/// second line, and the cells reserved are bounded by the text's length, not by the first
/// line's length times the number of lines (which was 40 GB here, and aborted the process).
#[test]
fn a_long_first_row_and_many_lines_reserve_no_more_than_the_text() {
    let n = 200_000;
    let text = format!("{}{}.", ".".repeat(n), "\n".repeat(n));
    let error = fast("grid", || Grid::parse(&text)).unwrap_err();
    assert_eq!((error.line, error.column), (2, 1), "{error}");
}

// ---------------------------------------------------------------------------------------------
// The tests

/// Every reader but the families: a test each (in `readers`), and the list the long run
/// goes through, from one list of names.
macro_rules! readers {
    ($($name:ident),* $(,)?) => {
        const READERS: &[fn(u32) -> Figures] = &[$($name),*];

        mod readers {
            use super::{cases_or, expect_clean, DEFAULT_CASES};

            $(
                #[test]
                fn $name() {
                    expect_clean([super::$name(cases_or(DEFAULT_CASES))]);
                }
            )*

            #[test]
            fn catalogue_families() {
                expect_clean(super::families(cases_or(DEFAULT_CASES)));
            }
        }
    };
}

readers!(
    graph_text,
    graph_stream,
    octal_code,
    whole_numbers,
    whole_numbers_u128,
    each_whole_numbers,
    lists,
    ranges,
    ratios,
    words,
    table_names,
    grids,
    records,
    coin_rows,
    zero_run_strings,
    nimbers,
    rankings,
    misere_forms,
    nimber_batch,
);

/// The long run: 10^6 inputs per reader (`GRUNDY_FUZZ_CASES` to change it), with a table of
/// the figures. `cargo test --release -p grundy-catalogue --test parsers -- --ignored --nocapture`.
#[test]
#[ignore = "10^6 inputs per reader: minutes in release mode"]
fn long_run() {
    let cases = cases_or(LONG_CASES);
    let mut all = Vec::new();
    println!(
        "{:<44} {:>10} {:>10} {:>7} {:>10}",
        "reader", "inputs", "accepted", "panics", "seconds"
    );
    let mut show = |f: Figures| {
        println!(
            "{:<44} {:>10} {:>10} {:>7} {:>10.1}",
            f.reader,
            f.inputs,
            f.accepted,
            usize::from(f.failure.is_some()),
            f.time.as_secs_f64()
        );
        all.push(f);
    };
    let only = std::env::var("GRUNDY_FUZZ_FAMILIES").ok();
    let chosen = |name: &str| {
        only.as_ref()
            .is_none_or(|o| o.split(',').any(|n| n == name))
    };
    if only.is_none() {
        for reader in READERS {
            show(reader(cases));
        }
    }
    for f in FAMILIES.iter().filter(|f| chosen(f.name())) {
        show(family(*f, cases));
    }
    let total: u64 = all.iter().map(|f| f.inputs).sum();
    let accepted: u64 = all.iter().map(|f| f.accepted).sum();
    let panics = all.iter().filter(|f| f.failure.is_some()).count();
    let time: f64 = all.iter().map(|f| f.time.as_secs_f64()).sum();
    println!(
        "{:<44} {total:>10} {accepted:>10} {panics:>7} {time:>10.1}",
        "all"
    );
    expect_clean(all);
}
