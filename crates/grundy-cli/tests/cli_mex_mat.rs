//! `grundy mex-mat ROW COLUMN` and `--file` in the contest's format: text and JSON output,
//! n = 2·10^5 from standard input, and exit code 2 with a `grundy: error:` message on bad
//! input. No run may panic.

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

fn run_with_input(args: &[&str], input: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    if let Some(input) = input {
        let mut stdin = child.stdin.take().expect("piped stdin");
        stdin.write_all(input.as_bytes()).expect("write stdin");
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

fn grundy(args: &[&str]) -> Run {
    run_with_input(args, None)
}

fn json(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let run = grundy(&args);
    let out = run.ok();
    assert!(out.ends_with('\n') && out.lines().count() == 1, "{out}");
    serde_json::from_str(out).expect("valid JSON")
}

#[test]
fn text_output() {
    // The first sample of ARC107 E.
    assert_eq!(
        grundy(&["mex-mat", "1202", "1000"]).ok(),
        "0: 7\n1: 4\n2: 5\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "1,2,0,2", "1 0 0 0"]).ok(),
        "0: 7\n1: 4\n2: 5\n"
    );
    assert_eq!(grundy(&["mex-mat", "2", "2"]).ok(), "0: 0\n1: 0\n2: 1\n");
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["mex-mat", "1202", "1000"]),
        json!({"n": 4, "zeros": 7, "ones": 4, "twos": 5})
    );
}

#[test]
fn the_contest_format() {
    let input = "4\n1 2 0 2\n0\n0\n0\n";
    let run = run_with_input(&["mex-mat", "--file", "-"], Some(input));
    assert_eq!(run.ok(), "0: 7\n1: 4\n2: 5\n");
    let run = run_with_input(&["mex-mat", "--file", "-", "--json"], Some(input));
    assert_eq!(run.ok(), "{\"n\":4,\"zeros\":7,\"ones\":4,\"twos\":5}\n");
    // n = 200000: the counts add up to n².
    let n = 200_000;
    let mut input = format!("{n}\n");
    for i in 0..2 * n - 1 {
        input.push_str(["0 ", "1 ", "2 ", "1 ", "0 ", "0 ", "2 "][(i * 7 + i / 3) % 7]);
    }
    let run = run_with_input(&["mex-mat", "--file", "-", "--json"], Some(&input));
    let v: Value = serde_json::from_str(run.ok()).unwrap();
    let total: u64 = ["zeros", "ones", "twos"]
        .iter()
        .map(|k| v[k].as_u64().unwrap())
        .sum();
    assert_eq!(total, (n * n) as u64);
    let run = run_with_input(&["mex-mat", "--file", "-"], Some("3\n1 2 0\n1\n"));
    assert_eq!(
        run.failed(),
        "grundy: error: <stdin>: expected a value of the first column, found the end of the input\n"
    );
    let run = run_with_input(&["mex-mat", "--file", "-"], Some("2\n1 2\n3\n"));
    assert_eq!(
        run.failed(),
        "grundy: error: <stdin>:3: '3' is not a cell (0, 1 or 2)\n"
    );
    let run = run_with_input(&["mex-mat", "--file", "-"], Some("1\n1\n1\n"));
    assert_eq!(
        run.failed(),
        "grundy: error: <stdin>:3: unexpected '1' after the last value expected\n"
    );
    let run = run_with_input(&["mex-mat", "--file", "-"], Some("0\n"));
    assert_eq!(
        run.failed(),
        "grundy: error: <stdin>:1: '0' is not a size n ≥ 1\n"
    );
}

#[test]
fn bad_input_exits_2() {
    assert_eq!(
        grundy(&["mex-mat", "1203", "1000"]).failed(),
        "grundy: error: ROW: cell 4 is '3': cells are the digits 0, 1 and 2\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "1202", "2000"]).failed(),
        "grundy: error: the first row starts with 1 and the first column with 2: both are the \
         corner a(0, 0)\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "1202", "100"]).failed(),
        "grundy: error: the first row has 4 cells and the first column 3: both must have n\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "", ""]).failed(),
        "grundy: error: the matrix needs at least one cell (n ≥ 1)\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "12"]).failed(),
        "grundy: error: give the first row and the first column (ROW COLUMN), or --file\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "12", "10", "--file", "-"]).failed(),
        "grundy: error: give the matrix as ROW COLUMN or with --file, not both\n"
    );
    assert!(grundy(&["mex-mat", "--file", "/nonexistent/x"])
        .failed()
        .starts_with("grundy: error: /nonexistent/x: "));
}
