//! `grundy increasing-distance FILE`: the table of every start, `--start` with `--last`,
//! JSON fields, and exit code 2 with a `grundy: error:` message on bad input (a graph that is
//! not a tree among them). No run may panic.

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

/// A path a - b - c - d - e with a leaf f on c: the diameter a..e has its middle at c.
const TREE: &str = "a b\nb c\nc d\nd e\nc f\n";
/// A path of four: the middle of its diameter is the middle of the edge b - c.
const PATH4: &str = "a b\nb c\nc d\n";

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["increasing-distance", "-"], TREE).ok(),
        "6 vertices, diameter 4, centre the vertex c: the first player loses only from c\n\
         vertex  outcome  threshold  move\n\
         a       win              4  c\n\
         b       win              2  c\n\
         c       loss             0  -\n\
         d       win              2  c\n\
         e       win              4  c\n\
         f       win              2  c\n"
    );
    assert_eq!(
        grundy(&["increasing-distance", "-"], PATH4).ok(),
        "4 vertices, diameter 3, centre the middle of the edge b - c: the first player wins \
         from every vertex\n\
         vertex  outcome  threshold  move\n\
         a       win              3  c\n\
         b       win              1  c\n\
         c       win              1  b\n\
         d       win              3  b\n"
    );
    assert_eq!(
        grundy(&["increasing-distance", "-", "--start", "a"], TREE).ok(),
        "win\n\
         threshold: 4 (the player to move loses after a move at least this long)\n\
         diameter: 4\n\
         centre: the vertex c\n\
         winning moves (4):\n  \
         to c (distance 2)\n  \
         to d (distance 3)\n  \
         to e (distance 4)\n  \
         to f (distance 3)\n"
    );
    // After a move of length 4, nothing from a is longer than its threshold: a loss.
    assert_eq!(
        grundy(
            &["increasing-distance", "-", "--start", "a", "--last", "4"],
            TREE
        )
        .ok(),
        "loss\n\
         threshold: 4 (the player to move loses after a move at least this long)\n\
         diameter: 4\n\
         centre: the vertex c\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["increasing-distance", "-"], PATH4),
        json!({
            "vertices": 4, "diameter": 3, "centre": {"edge": ["b", "c"]},
            "positions": [
                {"vertex": "a", "outcome": "win", "threshold": 3, "move": "c"},
                {"vertex": "b", "outcome": "win", "threshold": 1, "move": "c"},
                {"vertex": "c", "outcome": "win", "threshold": 1, "move": "b"},
                {"vertex": "d", "outcome": "win", "threshold": 3, "move": "b"},
            ],
        })
    );
    assert_eq!(
        json(
            &["increasing-distance", "-", "--start", "a", "--last", "2"],
            TREE
        ),
        json!({
            "outcome": "win", "value": null,
            "winning_moves": [
                {"to": "d", "distance": 3},
                {"to": "e", "distance": 4},
                {"to": "f", "distance": 3},
            ],
            "threshold": 4, "diameter": 4, "centre": {"vertex": "c"},
        })
    );
    let v = json(&["increasing-distance", "-", "--start", "7"], "7\n");
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["centre"], json!({"vertex": "7"}));
}

#[test]
fn a_long_path() {
    // 200001 vertices in a line: only the middle one loses.
    let text: String = (1..=200_000).map(|v| format!("{} {v}\n", v - 1)).collect();
    let v = json(&["increasing-distance", "-"], &text);
    assert_eq!(v["diameter"], 200_000);
    assert_eq!(v["centre"], json!({"vertex": "100000"}));
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 200_001);
    let losses: Vec<&Value> = positions
        .iter()
        .filter(|p| p["outcome"] == "loss")
        .collect();
    assert_eq!(losses.len(), 1);
    assert_eq!(losses[0]["vertex"], "100000");
    // From the end 0, u wins iff ρ(u) = 2·|u − 100000| ≤ u, for u from 66667 to 200000: the
    // listing stops at 1000 moves and gives the count.
    let v = json(&["increasing-distance", "-", "--start", "0"], &text);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1000);
    assert_eq!(
        v["winning_moves"][0],
        json!({"to": "66667", "distance": 66667})
    );
    assert_eq!(v["winning_move_count"], 133_334);
}

#[test]
fn bad_input_exits_2() {
    for (args, input, expected) in [
        (
            &["increasing-distance", "-"][..],
            "a b\nb c\nc a\n",
            "<stdin>: not a tree: 3 vertices and 3 edges make a cycle (a tree has one edge fewer \
             than vertices)",
        ),
        (
            &["increasing-distance", "-"],
            "a b\nc d\n",
            "<stdin>: not a tree: no path joins a and c",
        ),
        (
            &["increasing-distance", "-"],
            "a a\n",
            "<stdin>: not a tree: a loop at a",
        ),
        (
            &["increasing-distance", "-"],
            "",
            "<stdin>: the graph is empty: a tree needs at least one vertex",
        ),
        (
            &["increasing-distance", "-"],
            "a b\nb player=1\n",
            "<stdin>: this game reads only the edges of the graph: remove the result=, player= \
             and payoff= attributes",
        ),
        (
            &["increasing-distance", "-", "--start", "z"],
            TREE,
            "--start z: no such vertex in <stdin>",
        ),
        (
            &["increasing-distance", "-", "--start", "a", "--last", "-1"],
            TREE,
            "--last -1: expected the length of the previous move (a whole number from 0 to \
             18446744073709551615)",
        ),
    ] {
        assert_eq!(
            grundy(args, input).failed(),
            format!("grundy: error: {expected}\n"),
            "{args:?} {input:?}"
        );
    }
    // --last needs --start: clap's usage error, also exit code 2.
    for args in [
        &["increasing-distance"][..],
        &["increasing-distance", "-", "--last", "2"],
    ] {
        let run = grundy(args, TREE);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
    }
}
