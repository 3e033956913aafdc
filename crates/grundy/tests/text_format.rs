//! The text format: what the reader accepts, where and how it reports errors, and the
//! round trip `write` -> `parse_str`.

use std::io::{self, Read};

use grundy::graph::text::{parse_str, read, read_path, write, ReadError};
use grundy::graph::{Csr, Labels};
use grundy::progress::NoProgress;
use grundy::{GameGraph, Outcome, Player};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The place and message of a syntax error, checking that the displayed error is
/// `origin:line:column: message`.
fn syntax_error(result: Result<GameGraph, ReadError>, origin: &str) -> (u64, u64, String) {
    match result {
        Err(error @ ReadError::Syntax { .. }) => {
            let shown = error.to_string();
            let ReadError::Syntax {
                origin: o,
                line,
                column,
                message,
            } = error
            else {
                unreachable!()
            };
            assert_eq!(o, origin);
            assert_eq!(shown, format!("{origin}:{line}:{column}: {message}"));
            (line, column, message)
        }
        Err(other) => panic!("expected a syntax error, got {other:?}"),
        Ok(graph) => panic!("expected a syntax error, got a graph {graph:?}"),
    }
}

/// Parses `text`, expecting an error at `line:column` whose message contains every one of
/// `fragments`.
#[track_caller]
fn expect_error(text: &str, line: u64, column: u64, fragments: &[&str]) {
    let (l, c, message) = syntax_error(parse_str(text), "<input>");
    assert_eq!(
        (l, c),
        (line, column),
        "place of the error in {text:?}: {message}"
    );
    for fragment in fragments {
        assert!(
            message.contains(fragment),
            "message for {text:?} should contain {fragment:?}: {message}"
        );
    }
}

#[track_caller]
fn parse(text: &str) -> GameGraph {
    parse_str(text).unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

/// Labels of all positions, in position order.
fn labels(graph: &GameGraph) -> Vec<String> {
    (0..graph.position_count() as u32)
        .map(|p| graph.label(p))
        .collect()
}

/// Every move as a pair of labels, in position order and then option order.
fn moves(graph: &GameGraph) -> Vec<(String, String)> {
    (0..graph.position_count() as u32)
        .flat_map(|p| {
            graph
                .options(p)
                .iter()
                .map(move |&q| (graph.label(p), graph.label(q)))
        })
        .collect()
}

fn mv(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

fn names(list: &[&str]) -> Labels {
    Labels::Names(list.iter().map(|s| Box::<str>::from(*s)).collect())
}

/// A reader that hands out its bytes a few at a time and is sometimes interrupted, to
/// exercise the reader's buffering at every possible cut.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
    calls: usize,
}

impl<'a> Trickle<'a> {
    fn new(data: &'a [u8]) -> Trickle<'a> {
        Trickle {
            data,
            step: 0,
            calls: 0,
        }
    }
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.calls % 5 == 0 {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "try again"));
        }
        self.step = self.step % 3 + 1;
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// A reader that fails after a few bytes.
struct Failing {
    sent: bool,
}

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.sent {
            return Err(io::Error::other("the disk is on fire"));
        }
        self.sent = true;
        let text = b"a b\nb c";
        buf[..text.len()].copy_from_slice(text);
        Ok(text.len())
    }
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

#[test]
fn malformed_characters() {
    let expected = "expected a position id (an integer or a name of A-Z a-z 0-9 _ . : -), \
                    an attribute key=value, or '#' for a comment";
    expect_error("a b\nc $d\n", 2, 3, &["unexpected character '$'", expected]);
    expect_error("ab!c d\n", 1, 3, &["unexpected character '!'"]);
    expect_error("a\tb@\n", 1, 4, &["unexpected character '@'"]);
    expect_error(
        "a b\n\n# comment\n  x,y\n",
        4,
        4,
        &["unexpected character ','"],
    );
    expect_error("a b\n(c) d\n", 2, 1, &["unexpected character '('"]);
    // A control character is named by its byte.
    expect_error("a\x01 b\n", 1, 2, &["unexpected byte 0x01"]);
    // A non-ASCII character: the column is that of its first byte.
    expect_error("a caf\u{e9}\n", 1, 6, &["unexpected byte 0xc3"]);
}

#[test]
fn non_utf8_byte() {
    let bytes = b"a b\nc \xff\n";
    let (line, column, message) =
        syntax_error(read(&bytes[..], "game.txt", &NoProgress), "game.txt");
    assert_eq!((line, column), (2, 3));
    assert!(message.contains("unexpected byte 0xff"), "{message}");
    assert!(message.contains("expected a position id"), "{message}");
    // Inside a name.
    let bytes = b"a b\nb c\ncd\xfe e\n";
    let (line, column, message) = syntax_error(read(&bytes[..], "g", &NoProgress), "g");
    assert_eq!((line, column), (3, 3));
    assert!(message.contains("0xfe"), "{message}");
}

#[test]
fn three_ids_on_a_line() {
    let fragments = ["expected the end of the line", "one move `u v`"];
    expect_error("a b c\n", 1, 5, &fragments);
    expect_error("a b\n1   2 3 # comment\n", 2, 7, &fragments);
    expect_error("a b\nb c\nc\td\te", 3, 5, &fragments);
}

#[test]
fn attribute_on_a_move_line() {
    expect_error(
        "a b result=win\n",
        1,
        5,
        &["attributes belong on a line with a single position, not on a move line"],
    );
    expect_error("x\n1 2 player=1\n", 2, 5, &["not on a move line"]);
}

#[test]
fn attribute_before_an_id() {
    expect_error(
        "result=win a\n",
        1,
        1,
        &["expected a position id before the attributes"],
    );
    expect_error(
        "a b\n   player=2\n",
        2,
        4,
        &["expected a position id before"],
    );
    // An id after the attributes.
    expect_error(
        "a result=win b\n",
        1,
        14,
        &["a position id cannot follow attributes"],
    );
}

#[test]
fn unknown_attribute_key() {
    let expected = "expected result=win|loss|draw, player=1|2 or payoff=N";
    expect_error(
        "a colour=red\n",
        1,
        3,
        &["unknown attribute 'colour'", expected],
    );
    expect_error(
        "a result=win Result=win\n",
        1,
        14,
        &["unknown attribute 'Result'"],
    );
    expect_error("a =win\n", 1, 3, &["unknown attribute ''"]);
}

#[test]
fn bad_result_or_player_value() {
    // The column is that of the value.
    expect_error(
        "a result=maybe\n",
        1,
        10,
        &["unknown result 'maybe': expected win, loss or draw"],
    );
    expect_error("a result=Win\n", 1, 10, &["unknown result 'Win'"]);
    expect_error("a result=\n", 1, 10, &["unknown result ''"]);
    expect_error(
        "b c\na  player=3\n",
        2,
        11,
        &["unknown player '3': expected 1 or 2"],
    );
    expect_error("a player=one\n", 1, 10, &["unknown player 'one'"]);
    expect_error("a player=1 player=01\n", 1, 19, &["unknown player '01'"]);
}

#[test]
fn contradictory_attributes() {
    // The error is at the later attribute; the message names the earlier one.
    expect_error(
        "a result=win\nb\n  a result=loss\n",
        3,
        5,
        &["contradictory attributes: result=loss here, but result=win at line 1 column 3"],
    );
    expect_error(
        "5 player=1\n5 6\n# comment\n5 result=draw player=2\n",
        4,
        15,
        &["contradictory attributes: player=2 here, but player=1 at line 1 column 3"],
    );
    // On one line.
    expect_error(
        "a player=1 player=2\n",
        1,
        12,
        &["player=2 here, but player=1 at line 1 column 3"],
    );
    // `007` and `7` are one position.
    expect_error(
        "007 result=win\n7 result=loss\n",
        2,
        3,
        &["result=loss here, but result=win at line 1 column 5"],
    );
    // With a name somewhere in the file, integer ids are still one position per integer.
    expect_error(
        "3 result=win\nname\n3 result=draw\n",
        3,
        3,
        &["result=draw here, but result=win at line 1 column 3"],
    );
}

#[test]
fn integer_id_too_large() {
    let fragment = "position id 4294967295 is too large: integer ids go up to 4294967294";
    expect_error("4294967295 1\n", 1, 1, &[fragment]);
    expect_error("a\n1 4294967295\n", 2, 3, &[fragment]);
    expect_error("99999999999999999999999999 1\n", 1, 1, &["is too large"]);
    expect_error("x 4294967296\n", 1, 3, &["is too large"]);
    // The largest id is fine, and so are leading zeros in front of it.
    let graph = parse("4294967294 0\n0004294967294\n");
    assert_eq!(graph.labels(), &Labels::Integers(vec![0, 4294967294]));
    assert_eq!(moves(&graph), vec![mv("4294967294", "0")]);
}

#[test]
fn error_places_with_crlf_comments_and_no_final_newline() {
    expect_error("a b\r\nc d e\r\n", 2, 5, &["expected the end of the line"]);
    expect_error(
        "# one\n\n   \n# two\na b c",
        5,
        5,
        &["expected the end of the line"],
    );
    expect_error(
        "a b # c d e\nb c d\n",
        2,
        5,
        &["expected the end of the line"],
    );
    expect_error("a b\n\tc d e", 2, 6, &["expected the end of the line"]);
}

#[test]
fn errors_through_a_trickling_reader_are_at_the_same_place() {
    for text in [
        "a b\nc $d\n",
        "a b\r\nc d e\r\n",
        "a result=win\nb\n  a result=loss\n",
        "a b\nb c\nc d e",
        "4294967295 1\n",
    ] {
        let whole = syntax_error(parse_str(text), "<input>");
        let trickled = syntax_error(read(Trickle::new(text.as_bytes()), "t", &NoProgress), "t");
        assert_eq!(whole, trickled, "{text:?}");
    }
}

#[test]
fn errors_after_more_than_one_read_buffer() {
    // Some 6 MB of moves, then a bad line: the line count survives the buffer boundaries.
    let lines = 600_000;
    let mut text = String::with_capacity(lines * 10);
    for i in 0..lines {
        text.push_str(&format!("{i} {}\n", i + 1));
    }
    text.push_str("1 2 3\n");
    let (line, column, _) = syntax_error(parse_str(&text), "<input>");
    assert_eq!((line, column), (lines as u64 + 1, 5));
    // Without the bad line the graph is read whole.
    text.truncate(text.len() - "1 2 3\n".len());
    let graph = parse(&text);
    assert_eq!(graph.position_count(), lines + 1);
    assert_eq!(graph.move_count(), lines);
}

#[test]
fn a_line_longer_than_the_read_buffer() {
    // A 5 MB name on line 2: the reader grows its buffer for the line.
    let long = "n".repeat(5 << 20);
    let text = format!("a b\n{long} a\nb c d\n");
    let (line, column, _) = syntax_error(parse_str(&text), "<input>");
    assert_eq!((line, column), (3, 5));
    let text = format!("a b\n{long} a\n");
    let graph = parse(&text);
    assert_eq!(graph.position_count(), 3);
    assert_eq!(graph.index_of(&long), Some(2));
    assert_eq!(graph.options(2), &[0]);
}

#[test]
fn io_errors() {
    match read(Failing { sent: false }, "broken", &NoProgress) {
        Err(ReadError::Io {
            origin,
            error: source,
        }) => {
            assert_eq!(origin, "broken");
            assert_eq!(source.to_string(), "the disk is on fire");
        }
        other => panic!("expected an I/O error, got {other:?}"),
    }
    let missing = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-such-graph.txt");
    match read_path(&missing, &NoProgress) {
        Err(error @ ReadError::Io { .. }) => {
            let shown = error.to_string();
            assert!(
                shown.starts_with(&format!("{}: ", missing.display())),
                "{shown}"
            );
            let ReadError::Io { error: source, .. } = error else {
                unreachable!()
            };
            assert_eq!(source.kind(), io::ErrorKind::NotFound);
        }
        other => panic!("expected an I/O error, got {other:?}"),
    }
}

#[test]
fn read_path_names_the_file_in_syntax_errors() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("text_format");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.txt");
    std::fs::write(&path, "a b\nb c\nc ? d\n").unwrap();
    let origin = path.display().to_string();
    let (line, column, message) = syntax_error(read_path(&path, &NoProgress), &origin);
    assert_eq!((line, column), (3, 3));
    assert!(message.contains("unexpected character '?'"), "{message}");

    let path = dir.join("good.txt");
    std::fs::write(&path, "a b\nb c\n").unwrap();
    let graph = read_path(&path, &NoProgress).unwrap();
    assert_eq!(graph, parse("a b\nb c\n"));
}

// ---------------------------------------------------------------------------------------------
// Accepted input
// ---------------------------------------------------------------------------------------------

#[test]
fn empty_input_is_the_empty_graph() {
    for text in ["", "\n", "# only a comment", "\n\n  \t \r\n# c\n   # d\n"] {
        let graph = parse(text);
        assert_eq!(graph.position_count(), 0, "{text:?}");
        assert_eq!(graph.move_count(), 0, "{text:?}");
        assert!(!graph.has_fixed_results());
        assert!(!graph.has_players());
    }
}

#[test]
fn comments_and_blank_lines() {
    let graph =
        parse("# a game\n\na b   # the first move\n\n\t\nb c#no space needed\n   # x y z\n");
    assert_eq!(labels(&graph), ["a", "b", "c"]);
    assert_eq!(moves(&graph), vec![mv("a", "b"), mv("b", "c")]);
    // A comment right after an attribute.
    let graph = parse("a result=win# won\n");
    assert_eq!(graph.fixed_result(0), Some(Outcome::Win));
    // Bytes inside a comment are not looked at.
    let graph = read(&b"a b # caf\xe9 $%! x y z\n"[..], "c", &NoProgress).unwrap();
    assert_eq!(moves(&graph), vec![mv("a", "b")]);
}

#[test]
fn crlf_line_ends() {
    let lf = parse("a b\nb c\nd result=draw player=2\n");
    let crlf = parse("a b\r\nb c\r\nd result=draw player=2\r\n");
    assert_eq!(crlf, lf);
    assert_eq!(parse("a b\r\nb c"), parse("a b\nb c\n"));
}

#[test]
fn last_line_without_newline() {
    let graph = parse("a b\nb c");
    assert_eq!(moves(&graph), vec![mv("a", "b"), mv("b", "c")]);
    let graph = parse("a b\nc result=loss");
    assert_eq!(graph.fixed_result(2), Some(Outcome::Loss));
    assert_eq!(parse("1 2\n3"), parse("1 2\n3\n"));
}

#[test]
fn a_position_declared_alone() {
    let graph = parse("a b\nz\n");
    assert_eq!(labels(&graph), ["a", "b", "z"]);
    let z = graph.index_of("z").unwrap();
    assert!(graph.options(z).is_empty());
    assert!(graph.is_terminal(z));
    // Declaring a position that has moves changes nothing.
    assert_eq!(parse("a\na b\nb\n"), parse("a b\n"));
    // A lone integer.
    let graph = parse("7\n");
    assert_eq!(graph.labels(), &Labels::Integers(vec![7]));
    assert_eq!(graph.move_count(), 0);
}

#[test]
fn integer_ids_sorted_ascending_whatever_the_file_order() {
    let graph = parse("10 2\n5\n2 7\n100 10\n3 3\n");
    assert_eq!(graph.labels(), &Labels::Integers(vec![2, 3, 5, 7, 10, 100]));
    assert_eq!(
        moves(&graph),
        vec![mv("2", "7"), mv("3", "3"), mv("10", "2"), mv("100", "10")]
    );
    // The same with sparse, large ids (which are not looked up in a table).
    let graph = parse("4000000000 17\n3000000000\n17 1\n");
    assert_eq!(
        graph.labels(),
        &Labels::Integers(vec![1, 17, 3000000000, 4000000000])
    );
    assert_eq!(moves(&graph), vec![mv("17", "1"), mv("4000000000", "17")]);
    assert_eq!(graph.index_of("3000000000"), Some(2));
    // The same as building it directly.
    assert_eq!(
        parse("2 1\n1 0\n0 2\n"),
        GameGraph::from_moves(3, &[(0, 2), (1, 0), (2, 1)])
    );
}

#[test]
fn names_in_file_order() {
    let graph = parse("zeta alpha\nmid\nalpha zeta\nbeta.2:x-y_z mid\n");
    assert_eq!(labels(&graph), ["zeta", "alpha", "mid", "beta.2:x-y_z"]);
    assert!(matches!(graph.labels(), Labels::Names(_)));
    assert_eq!(
        moves(&graph),
        vec![
            mv("zeta", "alpha"),
            mv("alpha", "zeta"),
            mv("beta.2:x-y_z", "mid")
        ]
    );
}

#[test]
fn names_and_integers_mixed_after_the_first_name() {
    // Integers first, the first name on a line of its own: positions in file order.
    let graph = parse("10 2\n3\nb\n2 b\n");
    assert_eq!(graph.labels(), &names(&["10", "2", "3", "b"]));
    assert_eq!(moves(&graph), vec![mv("10", "2"), mv("2", "b")]);
    // A name first, then integers.
    let graph = parse("b 10\n2 b\n10 2\n");
    assert_eq!(graph.labels(), &names(&["b", "10", "2"]));
    assert_eq!(
        moves(&graph),
        vec![mv("b", "10"), mv("10", "2"), mv("2", "b")]
    );
}

#[test]
fn names_and_integers_mixed_on_the_first_line_with_a_name() {
    // The first name is the second id of a move line whose first id is an integer.
    let graph = parse("10 b\n2 10\n");
    assert_eq!(graph.labels(), &names(&["10", "b", "2"]));
    assert_eq!(moves(&graph), vec![mv("10", "b"), mv("2", "10")]);
}

#[test]
fn names_and_integers_mixed_first_name_after_integer_moves() {
    // Integer moves, then a line `integer name`: the move must start at that integer.
    let graph = parse("1 0\n0 b\n");
    assert_eq!(graph.labels(), &names(&["1", "0", "b"]));
    assert_eq!(moves(&graph), vec![mv("1", "0"), mv("0", "b")]);
}

#[test]
fn leading_zeros_name_the_same_integer() {
    let graph = parse("007 8\n7 9\n0 00\n");
    assert_eq!(graph.labels(), &Labels::Integers(vec![0, 7, 8, 9]));
    assert_eq!(
        moves(&graph),
        vec![mv("0", "0"), mv("7", "8"), mv("7", "9")]
    );
    assert_eq!(graph.index_of("007"), graph.index_of("7"));
    assert_eq!(graph.index_of("007"), Some(1));
    // Also in a graph with names.
    let graph = parse("a 007\n7 a\n");
    assert_eq!(graph.labels(), &names(&["a", "7"]));
    assert_eq!(moves(&graph), vec![mv("a", "7"), mv("7", "a")]);
    assert_eq!(graph.index_of("0007"), Some(1));
}

#[test]
fn attributes_are_read() {
    let graph = parse("a b\na result=win\nb player=2 result=draw\nc\tplayer=1\nd result=loss\n");
    assert_eq!(labels(&graph), ["a", "b", "c", "d"]);
    let fixed: Vec<_> = (0..4).map(|p| graph.fixed_result(p)).collect();
    let players: Vec<_> = (0..4).map(|p| graph.player(p)).collect();
    assert_eq!(
        fixed,
        [
            Some(Outcome::Win),
            Some(Outcome::Draw),
            None,
            Some(Outcome::Loss)
        ]
    );
    assert_eq!(players, [None, Some(Player::Two), Some(Player::One), None]);
    // The fixed result does not remove the moves.
    assert_eq!(graph.options(0), &[1]);
    assert!(graph.is_terminal(0));
}

#[test]
fn repeated_identical_attributes_are_fine() {
    let once = parse("a result=win player=1\na b\n");
    let repeated = parse(
        "a result=win\na result=win player=1\na b\n  a player=1 result=win\na result=win result=win\n",
    );
    assert_eq!(repeated, once);
    let graph = parse("007 player=2\n7 player=2\n");
    assert_eq!(graph.player(0), Some(Player::Two));
}

#[test]
fn parallel_moves_and_passes() {
    let graph = parse("a b\na b\nb b\n");
    assert_eq!(graph.move_count(), 3);
    assert_eq!(graph.options(0), &[1, 1]);
    assert_eq!(graph.options(1), &[1]);
}

#[test]
fn trickling_reader_reads_the_same_graph() {
    for text in [
        "",
        "a b\nb c\r\n# comment\n\nd result=win player=2\n  e   f   # x\ng",
        "10 2\n5\n2 7\n100 10\n3 3\n",
        "007 8\n7 9\n",
    ] {
        let trickled = read(Trickle::new(text.as_bytes()), "t", &NoProgress).unwrap();
        assert_eq!(trickled, parse(text), "{text:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Round trip
// ---------------------------------------------------------------------------------------------

/// Names the reader keeps as they are: name bytes, and an all-digit name only in canonical
/// form (no leading zeros, at most 4294967294), since `007` is read as `7`.
fn canonical_name() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Za-z0-9_.:-]{1,8}",
        (0u32..=4294967294).prop_map(|i| i.to_string()),
        (0u32..20).prop_map(|i| i.to_string()),
    ]
    .prop_filter_map("canonical", |name| {
        if name.bytes().all(|b| b.is_ascii_digit()) {
            let value: u64 = name.parse().ok()?;
            (value <= 4294967294 && value.to_string() == name).then_some(name)
        } else {
            Some(name)
        }
    })
}

fn labels_strategy() -> impl Strategy<Value = Labels> {
    let small = prop::collection::btree_set(0u32..40, 0..12)
        .prop_map(|ids| Labels::Integers(ids.into_iter().collect()));
    let large = prop::collection::btree_set(0u32..=4294967294, 0..12)
        .prop_map(|ids| Labels::Integers(ids.into_iter().collect()));
    // A named graph has at least one name that is not all digits (else it is read as a graph
    // of integers) and so at least one position.
    let named = prop::collection::vec(canonical_name(), 1..12).prop_filter_map(
        "distinct names, one not all digits",
        |list| {
            let mut seen = std::collections::HashSet::new();
            let list: Vec<Box<str>> = list
                .into_iter()
                .filter(|n| seen.insert(n.clone()))
                .map(Into::into)
                .collect();
            list.iter()
                .any(|n| !n.bytes().all(|b| b.is_ascii_digit()))
                .then_some(Labels::Names(list))
        },
    );
    prop_oneof![small, large, named]
}

fn outcome_strategy() -> impl Strategy<Value = Outcome> {
    prop_oneof![Just(Outcome::Win), Just(Outcome::Loss), Just(Outcome::Draw)]
}

fn player_strategy() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::One), Just(Player::Two)]
}

fn graph_strategy() -> impl Strategy<Value = GameGraph> {
    labels_strategy()
        .prop_flat_map(|labels| {
            let n = labels.len();
            let moves = if n == 0 {
                Just(Vec::new()).boxed()
            } else {
                prop::collection::vec((0..n as u32, 0..n as u32), 0..=3 * n).boxed()
            };
            let fixed = prop::collection::vec(prop::option::of(outcome_strategy()), n);
            let players = prop::collection::vec(prop::option::of(player_strategy()), n);
            (Just(labels), moves, fixed, players)
        })
        .prop_map(|(labels, moves, fixed, players)| {
            let csr = Csr::from_edges(labels.len(), || moves.iter().copied());
            GameGraph::new(csr, labels)
                .with_fixed_results(fixed)
                .with_players(players)
        })
}

fn written(graph: &GameGraph) -> String {
    let mut out = Vec::new();
    write(graph, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// One line of a random file in the model test.
#[derive(Debug, Clone)]
enum ModelLine {
    Declare(usize),
    Move(usize, usize),
    Result(usize),
    Comment,
}

/// Ids for the model test: integers (with a leading-zero spelling) and names.
const MODEL_IDS: &[&str] = &["0", "1", "2", "007", "7", "10", "a", "b", "c_d"];

/// Every position's fixed result in the model test, so that attributes never contradict.
fn model_result(canonical: &str) -> Outcome {
    match canonical.len() % 3 {
        0 => Outcome::Win,
        1 => Outcome::Loss,
        _ => Outcome::Draw,
    }
}

fn canonical(id: &str) -> String {
    match id.parse::<u32>() {
        Ok(i) => i.to_string(),
        Err(_) => id.to_string(),
    }
}

fn model_line() -> impl Strategy<Value = ModelLine> {
    let id = 0..MODEL_IDS.len();
    prop_oneof![
        id.clone().prop_map(ModelLine::Declare),
        (id.clone(), id.clone()).prop_map(|(a, b)| ModelLine::Move(a, b)),
        (id.clone(), id.clone()).prop_map(|(a, b)| ModelLine::Move(a, b)),
        id.prop_map(ModelLine::Result),
        Just(ModelLine::Comment),
    ]
}

/// 512 cases; failures are reported, not saved to files next to the tests.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 512,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// The reader against a direct model of the format: labels (integers sorted, or every id
    /// in order of first mention once a name appears), moves in file order, fixed results.
    #[test]
    fn reader_agrees_with_a_model_of_the_format(
        lines in prop::collection::vec(model_line(), 0..12),
        only_integers in any::<bool>(),
    ) {
        // Half of the files use integer ids only.
        let pick = |i: usize| if only_integers { MODEL_IDS[i % 6] } else { MODEL_IDS[i] };
        let mut text = String::new();
        let mut mentions: Vec<String> = Vec::new();
        let mut model_moves: Vec<(String, String)> = Vec::new();
        let mut fixed: Vec<String> = Vec::new();
        for line in &lines {
            match *line {
                ModelLine::Declare(a) => {
                    text.push_str(&format!("{}\n", pick(a)));
                    mentions.push(canonical(pick(a)));
                }
                ModelLine::Move(a, b) => {
                    text.push_str(&format!("{} {}\n", pick(a), pick(b)));
                    mentions.push(canonical(pick(a)));
                    mentions.push(canonical(pick(b)));
                    model_moves.push((canonical(pick(a)), canonical(pick(b))));
                }
                ModelLine::Result(a) => {
                    let c = canonical(pick(a));
                    text.push_str(&format!("{} result={}\n", pick(a), model_result(&c)));
                    mentions.push(c.clone());
                    fixed.push(c);
                }
                ModelLine::Comment => text.push_str("# x y z\n"),
            }
        }
        let mut expected_labels: Vec<String> = Vec::new();
        for m in &mentions {
            if !expected_labels.contains(m) {
                expected_labels.push(m.clone());
            }
        }
        let all_integers = mentions.iter().all(|m| m.parse::<u32>().is_ok());
        if all_integers {
            expected_labels.sort_by_key(|m| m.parse::<u32>().unwrap());
        }
        // Moves grouped by source in position order, each source's moves in file order.
        let mut expected_moves = Vec::new();
        for label in &expected_labels {
            expected_moves.extend(model_moves.iter().filter(|(a, _)| a == label).cloned());
        }

        let graph = parse_str(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(labels(&graph), expected_labels.clone(), "text:\n{}", text);
        prop_assert_eq!(matches!(graph.labels(), Labels::Integers(_)), all_integers);
        prop_assert_eq!(moves(&graph), expected_moves, "text:\n{}", text);
        for (p, label) in expected_labels.iter().enumerate() {
            let want = fixed.contains(label).then(|| model_result(label));
            prop_assert_eq!(graph.fixed_result(p as u32), want, "{}: {}", label, text);
        }
    }

    #[test]
    fn write_then_parse_gives_the_same_graph(graph in graph_strategy()) {
        let text = written(&graph);
        let reread = parse_str(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&reread, &graph, "text:\n{}", text);
        // Writing again gives the same text, and a trickling reader the same graph.
        prop_assert_eq!(written(&reread), text.clone());
        let trickled = read(Trickle::new(text.as_bytes()), "t", &NoProgress).unwrap();
        prop_assert_eq!(&trickled, &graph);
    }
}

#[test]
fn payoff_attribute_is_read_written_and_checked() {
    let g = parse_str("a b\nb payoff=-7\nc payoff=9223372036854775807\n").unwrap();
    let b = g.index_of("b").unwrap();
    assert_eq!(g.payoff(b), Some(-7));
    assert_eq!(g.payoff(g.index_of("c").unwrap()), Some(i64::MAX));
    assert_eq!(g.payoff(g.index_of("a").unwrap()), None);
    let mut text = Vec::new();
    grundy::graph::text::write(&g, &mut text).unwrap();
    assert_eq!(parse_str(std::str::from_utf8(&text).unwrap()).unwrap(), g);
    let err = parse_str("a payoff=1.5\n").unwrap_err().to_string();
    assert!(
        err.contains("<input>:1:10") && err.contains("bad payoff '1.5'"),
        "{err}"
    );
    let err = parse_str("a payoff=1\na payoff=2\n")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("<input>:2:3") && err.contains("contradictory"),
        "{err}"
    );
}
