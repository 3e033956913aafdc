//! Running the `grundy` binary for the catalogue commands' tests: exit code, stdout and
//! stderr, checked never to show a panic.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

/// What a run of the binary produced.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Asserts success and an empty stderr; returns stdout.
    #[track_caller]
    pub fn ok(&self) -> &str {
        assert_eq!(self.code, 0, "exit code; stderr: {}", self.stderr);
        assert_eq!(self.stderr, "", "stderr of a successful run");
        &self.stdout
    }

    /// Asserts exit code 2, nothing on stdout and a one-line `grundy: error:` message;
    /// returns stderr.
    #[track_caller]
    pub fn failed(&self) -> &str {
        assert_eq!(self.code, 2, "exit code; stdout: {}", self.stdout);
        assert_eq!(self.stdout, "", "stdout of a failed run");
        assert!(
            self.stderr.starts_with("grundy: error: ") && self.stderr.lines().count() == 1,
            "stderr: {}",
            self.stderr
        );
        &self.stderr
    }
}

/// Runs `grundy ARGS...` with no input.
pub fn grundy(args: &[&str]) -> Run {
    run_with_input(args, None)
}

/// Runs `grundy ARGS...`, writing `input` to its standard input when given.
pub fn run_with_input(args: &[&str], input: Option<&str>) -> Run {
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
    let output = child.wait_with_output().expect("the grundy binary ends");
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

/// Runs `grundy ARGS... --json`, which must succeed with one line of JSON.
pub fn json(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let run = grundy(&args);
    let out = run.ok();
    assert!(out.ends_with('\n') && out.lines().count() == 1, "{out}");
    serde_json::from_str(out).expect("valid JSON")
}
