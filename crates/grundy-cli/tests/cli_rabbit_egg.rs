//! `grundy rabbit-egg FILE`: the contest's examples (text, JSON and the contest's own output
//! with `--noi`), a board without moves, files and standard input, and exit code 2 with a
//! `grundy: error:` message on bad input. No run may panic.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

/// What a run of the binary produced.
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// Asserts success and an empty stderr; returns stdout.
    #[track_caller]
    fn ok(&self) -> &str {
        assert_eq!(self.code, 0, "exit code; stderr: {}", self.stderr);
        assert_eq!(self.stderr, "", "stderr of a successful run");
        &self.stdout
    }

    /// Asserts exit code 2, nothing on stdout and a `grundy: error:` message; returns stderr.
    #[track_caller]
    fn failed(&self) -> &str {
        assert_eq!(self.code, 2, "exit code; stdout: {}", self.stdout);
        assert_eq!(self.stdout, "", "stdout of a failed run");
        assert!(
            self.stderr.starts_with("grundy: error: "),
            "stderr: {}",
            self.stderr
        );
        &self.stderr
    }
}

/// Runs the binary with `input` on standard input.
fn grundy(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    // A run refused before reading its input (a usage error) closes the pipe early.
    match child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_bytes())
    {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.expect("write stdin"),
    }
    let output = child
        .wait_with_output()
        .expect("the grundy binary finishes");
    let run = Run {
        code: output.status.code().expect("exit code, not a signal"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "grundy {args:?} panicked: {}",
        run.stderr
    );
    assert_ne!(run.code, 101, "grundy {args:?} panicked: {}", run.stderr);
    run
}

/// Runs with `--json` added; one line of valid JSON.
fn json(args: &[&str], input: &str) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let run = grundy(&args, input);
    let out = run.ok();
    assert!(out.ends_with('\n') && out.lines().count() == 1, "{out}");
    serde_json::from_str(out).expect("valid JSON")
}

const SAMPLE1: &str = "1 6 \nXO.OXO \n1 \n1 2 \n1 1 \n";
const SAMPLE2: &str =
    "3 3 \nXOX \nO.O \nXOX \n4 \n2 3 \n1 3 \n1 2 \n1 1 \n2 1 \n3 1 \n3 2 \n3 3 \n";
const SAMPLE3: &str = "4 4 \nOOXX \nOXXO \nOO.O \nXXXO \n2 \n3 2 \n2 2 \n1 2 \n1 3 \n";

#[test]
fn the_contest_output() {
    assert_eq!(
        grundy(&["rabbit-egg", "-", "--noi"], SAMPLE1).ok(),
        "1\n1\n"
    );
    assert_eq!(grundy(&["rabbit-egg", "-", "--noi"], SAMPLE2).ok(), "0\n");
    assert_eq!(
        grundy(&["rabbit-egg", "-", "--noi"], SAMPLE3).ok(),
        "2\n1\n2\n"
    );
    let dir = std::env::temp_dir().join(format!("grundy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("rabbit-egg-3.in");
    std::fs::write(&path, SAMPLE3).expect("write input");
    assert_eq!(
        grundy(&["rabbit-egg", "--noi", path.to_str().unwrap()], "").ok(),
        "2\n1\n2\n"
    );
}

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["rabbit-egg", "-"], SAMPLE1).ok(),
        "loss\n\
         to move: rabbit (white pieces, O), after 2 moves\n\
         move 1: rabbit M(1, 2): rabbit wins before, egg wins after: a mistake\n\
         move 2: egg M(1, 1): egg wins before, rabbit loses after\n\
         rabbit's mistakes: 1 (round 1)\n\
         egg's mistakes: 0\n"
    );
    let out = grundy(&["rabbit-egg", "-"], SAMPLE3).ok().to_string();
    assert!(out.starts_with("loss\nto move: rabbit (white pieces, O), after 4 moves\n"));
    assert!(
        out.contains("\nrabbit's mistakes: 2 (rounds 1, 2)\n"),
        "{out}"
    );
    // The board alone: the rabbit to move, and how to win.
    assert_eq!(
        grundy(&["rabbit-egg", "-"], "2 2\n.O\nOX\n").ok(),
        "win\n\
         to move: rabbit (white pieces, O), after 0 moves\n\
         rabbit's mistakes: 0\n\
         egg's mistakes: 0\n\
         winning moves (2):\n  \
         M(1, 2)\n  \
         M(2, 1)\n"
    );
    // k = 0: the board alone. The rabbit's only move lets the egg follow, then she is stuck.
    assert_eq!(
        grundy(&["rabbit-egg", "-"], "1 4\nX.OX\n0\n").ok(),
        "loss\n\
         to move: rabbit (white pieces, O), after 0 moves\n\
         rabbit's mistakes: 0\n\
         egg's mistakes: 0\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["rabbit-egg", "-"], SAMPLE1),
        json!({
            "outcome": "loss", "value": null, "winning_moves": [],
            "to_move": "rabbit",
            "moves": [
                {"number": 1, "side": "rabbit", "round": 1, "cell": [1, 2],
                 "before": "win", "after": "win", "mistake": true},
                {"number": 2, "side": "egg", "round": 1, "cell": [1, 1],
                 "before": "win", "after": "loss", "mistake": false},
            ],
            "mistakes": [1],
            "egg_mistakes": [],
        })
    );
    let v = json(&["rabbit-egg", "-"], SAMPLE3);
    assert_eq!(v["mistakes"], json!([1, 2]));
    assert_eq!(v["moves"].as_array().unwrap().len(), 4);
    let v = json(&["rabbit-egg", "-"], "2 2\n.O\nOX\n");
    assert_eq!(
        v["winning_moves"],
        json!([{"cell": [1, 2]}, {"cell": [2, 1]}])
    );
    assert_eq!(v["moves"], json!([]));
}

#[test]
fn bad_input_exits_2() {
    for (input, expected) in [
        (
            "",
            "<stdin>:1:1: expected the number of rows n, found the end of the input",
        ),
        (
            "1 3\nXO\n",
            "<stdin>:2:1: row 1 has 2 cells, expected m = 3",
        ),
        (
            "1 3\nXOX\n",
            "<stdin>:2:1: the board has no empty cell '.': it needs exactly one",
        ),
        (
            "1 3\nXo.\n",
            "<stdin>:2:2: unexpected 'o' in row 1: expected 'X' (a black piece), 'O' (a white \
             piece) or '.' (the empty cell)",
        ),
        (
            "1 3\nXO.\n1\n1 1\n1 2\n",
            "<stdin>:4:1: move 1 (rabbit): M(1, 1): the cell does not share a side with the \
             empty cell (1, 3)",
        ),
        (
            "1 3\nXO.\n1\n1 2\n",
            "<stdin>:4:4: expected move 2 (egg: the row x and column y of a piece), found the \
             end of the input",
        ),
        (
            "1 3\nXO.\n1\n1 2\n1 1\n9\n",
            "<stdin>:6:1: unexpected '9' after the last move",
        ),
        (
            "1 3\nXO.\n-1\n",
            "<stdin>:3:1: expected the number of rounds k (a whole number), found '-1'",
        ),
    ] {
        assert_eq!(
            grundy(&["rabbit-egg", "-"], input).failed(),
            format!("grundy: error: {expected}\n"),
            "{input:?}"
        );
        assert_eq!(
            grundy(&["rabbit-egg", "-", "--noi"], input).failed(),
            format!("grundy: error: {expected}\n"),
            "{input:?}"
        );
    }
    let missing = grundy(&["rabbit-egg", "/nonexistent/record.in"], "");
    assert!(missing
        .failed()
        .starts_with("grundy: error: /nonexistent/record.in: "));
    for args in [&["rabbit-egg"][..], &["rabbit-egg", "-", "--noi", "--json"]] {
        let run = grundy(args, SAMPLE1);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
    }
}
