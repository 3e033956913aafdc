//! The partizan rulesets' commands (`domineering`, `cram`, `clobber`, `anticlobber`,
//! `toads-and-frogs`, `hackenbush`, `snort`, `col`, `konane`, `amazons`) and their tables
//! (`grundy table cram`, `domineering`, `toads-and-frogs`): canonical form, outcome class and both
//! players' winning moves in text and JSON, and exit code 2 with a `grundy: error:` message
//! naming the place of a bad position. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn domineering_text_and_json() {
    assert_eq!(
        grundy(&["domineering", "..|.."]).ok(),
        "N (the first player wins)\n\
         canonical form: +-1\n\
         Left (vertical dominoes) moving first: win\n\
         winning moves (2):\n  \
         (1,1)-(2,1) to #.|#. = 1\n  \
         (1,2)-(2,2) to .#|.# = 1\n\
         Right (horizontal dominoes) moving first: win\n\
         winning moves (2):\n  \
         (1,1)-(1,2) to ##|.. = -1\n  \
         (2,1)-(2,2) to ..|## = -1\n"
    );
    assert_eq!(
        json(&["domineering", ".#|.."]),
        json!({
            "outcome_class": "N",
            "canonical_form": "*",
            "position": ".#|..",
            "left_first": {
                "outcome": "win",
                "value": null,
                "winning_moves": [{"move": "(1,1)-(2,1)", "position": "##|#.", "canonical_form": "0"}],
            },
            "right_first": {
                "outcome": "win",
                "value": null,
                "winning_moves": [{"move": "(2,1)-(2,2)", "position": ".#|##", "canonical_form": "0"}],
            },
        })
    );
    // The empty 4x4 board, as CGSuite prints it.
    let v = json(&["domineering", "....|....|....|...."]);
    assert_eq!(v["canonical_form"], "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
}

#[test]
fn the_other_rulesets() {
    assert_eq!(
        json(&["cram", ".........|##.######"])["canonical_form"],
        "*4"
    );
    assert_eq!(json(&["clobber", "xox|ox."])["canonical_form"], "{^^*|*,v}");
    assert_eq!(
        grundy(&["anticlobber", "xoxo|oo.."]).ok(),
        "R (Right wins)\n\
         canonical form: {*|-1}\n\
         Left (x) moving first: loss\n\
         Right (o) moving first: win\n\
         winning moves (1):\n  \
         (2,2)->(2,3) to xoxo|oxo. = -1\n"
    );
    assert_eq!(
        grundy(&["toads-and-frogs", "TT..FF"]).ok(),
        "N (the first player wins)\n\
         canonical form: *\n\
         Left (toads) moving first: win\n\
         winning moves (1):\n  \
         T 2->3 to T.T.FF = 0\n\
         Right (frogs) moving first: win\n\
         winning moves (1):\n  \
         F 5->4 to TT.F.F = 0\n"
    );
    assert_eq!(
        json(&["hackenbush", "lrlrrllr"])["canonical_form"],
        "77/128"
    );
    assert_eq!(
        grundy(&["hackenbush", "0-1:b 1-2:r 2-0:g"]).ok(),
        "L (Left wins)\n\
         canonical form: 1/2*\n\
         Left (blue and green) moving first: win\n\
         winning moves (1):\n  \
         edge 3 (2-0:g) to 0-1:b 1-2:r = 1/2\n\
         Right (red and green) moving first: loss\n"
    );
    // A position where nobody can move.
    assert_eq!(json(&["toads-and-frogs", "FT"])["outcome_class"], "P");
}

#[test]
fn snort_and_col() {
    assert_eq!(
        grundy(&["snort", ".-.-.(-.;-.)"]).ok(),
        "N (the first player wins)\n\
         canonical form: +-{3|2}\n\
         Left (L) moving first: win\n\
         winning moves (2):\n  \
         vertex 1 to 0:L 2:L 2-3 2-4 = {3|1*}\n  \
         vertex 2 to 1:L 3:L 4:L 0-1 = {3|2}\n\
         Right (R) moving first: win\n\
         winning moves (2):\n  \
         vertex 1 to 0:R 2:R 2-3 2-4 = {-1*|-3}\n  \
         vertex 2 to 1:R 3:R 4:R 0-1 = {-2|-3}\n"
    );
    assert_eq!(
        json(&["col", "0-1 1-2:x"]),
        json!({
            "outcome_class": "R",
            "canonical_form": "-1/2",
            "position": "1:L 0-1",
            "left_first": {"outcome": "loss", "value": null, "winning_moves": []},
            "right_first": {
                "outcome": "win",
                "value": null,
                "winning_moves": [{"move": "vertex 0", "position": "", "canonical_form": "0"}],
            },
        })
    );
    assert_eq!(
        json(&["col", "R-.-R-.-L-.-R-.-R-."])["canonical_form"],
        "7/8"
    );
    assert_eq!(
        grundy(&["snort", "0-1 1-2:x 3-q"]).failed(),
        "grundy: error: position: 1:13: expected a vertex V or V:C (V from 0 to 63; C '.' \
         (uncoloured), 'L' or 'R' (tinted), 'x' or 'o' (coloured)), found \"q\"\n"
    );
}

#[test]
fn konane() {
    assert_eq!(
        grundy(&["konane", "xo.ox|.xoxo|ox.ox"]).ok(),
        "L (Left wins)\n\
         canonical form: 1/2*\n\
         Left (x) moving first: win\n\
         winning moves (1):\n  \
         (3,5)->(3,3) to xo.ox|.xoxo|oxx.. = 1/2\n\
         Right (o) moving first: loss\n"
    );
    // A double jump is a move, and wins.
    assert_eq!(
        json(&["konane", "xo.o."])["left_first"]["winning_moves"],
        json!([{"move": "(1,1)->(1,5)", "position": "....x", "canonical_form": "0"}])
    );
    assert_eq!(
        grundy(&["konane", "xo|xz"]).failed(),
        "grundy: error: position: 2:2: expected 'x' (Left's stone), 'o' (Right's stone), '.' \
         (empty) or '#' (blocked), found 'z'\n"
    );
}

#[test]
fn amazons() {
    // CGSuite's case.
    assert_eq!(
        json(&["amazons", "x...|o..."])["canonical_form"],
        "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}"
    );
    assert_eq!(
        grundy(&["amazons", "x..|##o"]).ok(),
        "N (the first player wins)\n\
         canonical form: +-1\n\
         Left (x) moving first: win\n\
         winning moves (2):\n  \
         (1,1)->(1,2)/(1,3) to .x#|##o = 1\n  \
         (1,1)->(1,3)/(1,2) to .#x|##o = 0\n\
         Right (o) moving first: win\n\
         winning moves (3):\n  \
         (2,3)->(1,2)/(1,3) to xo#|##. = -1\n  \
         (2,3)->(1,2)/(2,3) to xo.|### = -1\n  \
         (2,3)->(1,3)/(1,2) to x#o|##. = -1\n"
    );
    // Burnt cells meeting at a corner do not stop a diagonal move.
    assert_eq!(
        json(&["amazons", "x.#|#.o"])["left_first"]["winning_moves"][1],
        json!({"move": "(1,1)->(2,2)/(1,2)", "position": ".##|#xo", "canonical_form": "1"})
    );
    assert_eq!(
        grundy(&["amazons", "x..|.O."]).failed(),
        "grundy: error: position: 2:2: expected 'x' (Left's amazon), 'o' (Right's amazon), '.' \
         (empty) or '#' (burnt), found 'O'\n"
    );
    assert_eq!(
        grundy(&["amazons", "x..|.o"]).failed(),
        "grundy: error: position: 2:3: expected a row of 3 cells like row 1, found 2\n"
    );
}

#[test]
fn cram_table() {
    assert_eq!(
        grundy(&["table", "cram", "--a", "1..3", "--b", "1..4"]).ok(),
        "a\\b 1 2 3 4\n  1 0 1 1 2\n  2 1 0 1 0\n  3 1 1 0 1\n"
    );
    assert!(grundy(&["table", "cram", "--a", "1..5", "--b", "1..6"])
        .failed()
        .contains("at most 25 are tabulated"));
}

#[test]
fn domineering_and_toads_tables() {
    // `--rows`/`--cols` name `--a`/`--b`; a board with no cell is 0.
    assert_eq!(
        grundy(&["table", "domineering", "--rows", "0..2", "--cols", "1..4"]).ok(),
        "a\\b        1        2        3        4\n  \
           0        0        0        0        0\n  \
           1        0       -1       -1       -2\n  \
           2        1      +-1 {2|-1/2}  Miny(2)\n"
    );
    assert_eq!(
        grundy(&[
            "table",
            "domineering",
            "--rows",
            "1..2",
            "--cols",
            "1..4",
            "--outcome"
        ])
        .ok(),
        "a\\b 1 2 3 4\n  1 P R R R\n  2 L N N R\n"
    );
    // A form longer than 16 characters is a note below the table.
    let run = grundy(&["table", "domineering", "--rows", "4", "--cols", "4"]);
    let text = run.ok();
    assert!(
        text.contains("    [1]") && text.ends_with("[1] +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}\n")
    );
    // CSV quotes forms with commas; JSON has the forms as strings.
    let run = grundy(&[
        "table",
        "domineering",
        "--rows",
        "4",
        "--cols",
        "4",
        "--csv",
    ]);
    let csv = run.ok();
    assert!(
        csv.contains(",\"+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}\""),
        "{csv}"
    );
    assert_eq!(
        json(&["table", "domineering", "--rows", "2", "--cols", "1..2"]),
        json!({
            "game": "Domineering (rows x columns)",
            "kind": "forms",
            "a": {"first": 0, "last": 2},
            "b": {"first": 1, "last": 2},
            "forms": [["0", "0"], ["0", "-1"], ["1", "+-1"]],
        })
    );
    assert_eq!(
        grundy(&["table", "toads-and-frogs", "--a", "0..2", "--b", "0..2"]).ok(),
        "a\\b        0        1        2\n  \
           0        0       -1       -2\n  \
           1        1        * {0|-1/2}\n  \
           2        2  {1/2|0}        *\n"
    );
    assert!(
        grundy(&["table", "domineering", "--rows", "1..5", "--cols", "1..6"])
            .failed()
            .contains("has 30 cells; at most 28 are tabulated")
    );
    // An error names the option under both its names.
    assert!(grundy(&["table", "domineering", "--rows", "1..x"])
        .failed()
        .starts_with("grundy: error: --a (--rows): 'x' is not a bound of the range"));
    let svg = std::env::temp_dir().join(format!("grundy-domineering-{}.svg", std::process::id()));
    grundy(&[
        "table",
        "domineering",
        "--rows",
        "1..3",
        "--cols",
        "1..3",
        "--svg",
        svg.to_str().unwrap(),
    ])
    .ok();
    let drawn = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_file(&svg).unwrap();
    assert!(
        drawn.contains("canonical forms, a = 1..3, b = 1..3"),
        "{drawn}"
    );
    assert!(
        drawn.contains("<title>a = 2, b = 3: {2|-1/2}</title>"),
        "{drawn}"
    );
    assert!(drawn.contains("L: 2") && drawn.contains("R: 2"), "{drawn}");
}

#[test]
fn bad_positions_exit_2() {
    assert_eq!(
        grundy(&["domineering", "..|.x"]).failed(),
        "grundy: error: position: 2:2: expected '.' (empty) or '#' (filled), found 'x'\n"
    );
    assert_eq!(
        grundy(&["clobber", "xo|x"]).failed(),
        "grundy: error: position: 2:2: expected a row of 2 cells like row 1, found 1\n"
    );
    assert_eq!(
        grundy(&["toads-and-frogs", "TTx"]).failed(),
        "grundy: error: position: 1:3: expected 'T' (a toad), 'F' (a frog) or '.' (empty), \
         found 'x'\n"
    );
    let big = ["...................."; 7].join("|");
    assert_eq!(
        grundy(&["cram", &big]).failed(),
        "grundy: error: position: 7:9: the board has more than 128 cells, the most this \
         ruleset plays\n"
    );
    let long = "T".repeat(129);
    assert!(grundy(&["toads-and-frogs", &long])
        .failed()
        .contains("1:129: the strip has more than 128 cells"));
    assert_eq!(
        grundy(&["hackenbush", "l(l;rx)"]).failed(),
        "grundy: error: position: 1:6: expected an edge ('l' or 'b' blue, 'r' red, 'e' or 'g' \
         green), '(', ';' or ')', found 'x'\n"
    );
    grundy(&["domineering"]).usage();
}

/// A strip of `n` cells alternating `x` and `o`.
fn strip(n: usize) -> String {
    "xo".chars().cycle().take(n).collect()
}

/// Runs `args`, which must stop on a budget: exit code 2 within `seconds`, and one error line
/// that starts with `message` and ends with how to raise the budget, `raise`.
fn stops(args: &[&str], message: &str, raise: &str, seconds: u64) {
    let clock = std::time::Instant::now();
    let run = grundy(args);
    let took = clock.elapsed();
    let error = run.failed();
    assert!(
        error.starts_with(&format!("grundy: error: {message}"))
            && error.ends_with(&format!("{raise}\n")),
        "{args:?}: {error}"
    );
    assert!(took.as_secs() < seconds, "{args:?} took {took:?}");
}

#[test]
fn long_valuations_stop_within_their_budget() {
    let memory = "raise it with --memory SIZE (e.g. --memory 8G)";
    let time = "raise it with --timeout SECONDS";
    stops(
        &["clobber", &strip(128), "--memory", "64M"],
        "the memory budget of 64.0 MiB ran out while computing canonical forms after ",
        memory,
        20,
    );
    let path = vec!["."; 30].join("-");
    stops(
        &["snort", &path, "--timeout", "0.5"],
        "the time budget of 0.5 s ran out while computing canonical forms after ",
        time,
        10,
    );
    let tree = format!("l({};{})", ["lr"; 12].join(";"), ["rl"; 12].join(";"));
    stops(
        &["hackenbush", &tree, "--memory", "1M"],
        "the memory budget of 1.0 MiB ran out while computing canonical forms after ",
        memory,
        10,
    );
    // A table keeps the rows it finished: they are written, then the budget's error.
    let clock = std::time::Instant::now();
    let run = grundy(&[
        "table",
        "domineering",
        "--rows",
        "1..4",
        "--cols",
        "1..7",
        "--timeout",
        "0.2",
    ]);
    assert!(clock.elapsed().as_secs() < 10);
    assert_eq!(run.code, 2, "{}", run.stderr);
    // The header, then rows 1, 2 ... of those finished (row 4 takes seconds).
    let labels: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!((2..=4).contains(&labels.len()), "{}", run.stdout);
    assert_eq!(labels[0], "a\\b");
    for (i, label) in labels[1..].iter().enumerate() {
        assert_eq!(*label, (i + 1).to_string(), "{}", run.stdout);
    }
    assert!(
        run.stderr.starts_with(
            "grundy: error: Domineering (rows x columns): the time budget of 0.2 s ran out \
             while computing canonical forms after "
        ) && run.stderr.ends_with(&format!("{time}\n")),
        "{}",
        run.stderr
    );
    let sum = (0..14)
        .map(|i| format!("{{{}|{{{}|{}}}}}", i + 2, i + 1, -i))
        .collect::<Vec<_>>()
        .join("+");
    stops(
        &["cgt", &sum, "--timeout", "0.3"],
        &format!("expression '{sum}': the time budget of 0.3 s ran out while computing"),
        time,
        10,
    );
    // A generous budget changes nothing.
    assert_eq!(
        grundy(&["clobber", "xox|ox.", "--memory", "1G", "--timeout", "60"]).ok(),
        grundy(&["clobber", "xox|ox."]).ok()
    );
}

#[test]
fn ctrl_c_stops_a_valuation_cleanly() {
    use std::process::{Command, Stdio};
    let path = vec!["."; 30].join("-");
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["snort", &path])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    // SAFETY: kill sends a signal to the child this test started.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("grundy: error: stopped while computing canonical forms after "),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}
