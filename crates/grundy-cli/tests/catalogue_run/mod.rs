//! Running the `grundy` binary for the command-line tests: exit code, stdout and stderr,
//! checked never to show a panic, and the temporary files some commands read.
//!
//! Each test file is a crate of its own and uses only some of these helpers, hence the
//! `dead_code` allowance.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
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

    /// Asserts a usage error: exit code 2, nothing on stdout, a `grundy: error:` line and at
    /// most one indented hint line (clap's tip, or where to read the help); returns stderr.
    #[track_caller]
    pub fn usage(&self) -> &str {
        assert_eq!(self.code, 2, "exit code; stdout: {}", self.stdout);
        assert_eq!(self.stdout, "", "stdout of a usage error");
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert!(
            matches!(lines[..], [first] | [first, _] if first.starts_with("grundy: error: "))
                && lines[1..].iter().all(|hint| hint.starts_with("  ")),
            "stderr: {}",
            self.stderr
        );
        &self.stderr
    }

    /// Asserts success with one line of JSON on stdout (and nothing on stderr); returns it
    /// parsed. For runs whose arguments carry `--json` themselves.
    #[track_caller]
    pub fn json(&self) -> Value {
        let out = self.ok();
        assert!(out.ends_with('\n') && out.lines().count() == 1, "{out}");
        serde_json::from_str(out).expect("valid JSON")
    }
}

/// Runs `grundy ARGS...` with no input.
pub fn grundy(args: &[&str]) -> Run {
    run_with_bytes(args, None)
}

/// Runs `grundy ARGS...`, writing `input` to its standard input when given.
pub fn run_with_input(args: &[&str], input: Option<&str>) -> Run {
    run_with_bytes(args, input.map(str::as_bytes))
}

/// Runs `grundy ARGS...`, writing `input` to its standard input when given: bytes, so that
/// input which is not UTF-8 can be tried too. The input is written from another thread, as a
/// large input would otherwise fill the pipe while the binary's output fills the other one;
/// a broken pipe is not an error, as a run refused early (a usage error, malformed input)
/// need not read all of it.
pub fn run_with_bytes(args: &[&str], input: Option<&[u8]>) -> Run {
    run_in_config(args, input, &config_dir())
}

/// The configuration folder the binary is given in the tests (`GRUNDY_CONFIG_DIR`): inside
/// the target folder, so that the key `grundy search --regions` makes is never the user's.
pub fn config_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("grundy-config")
}

/// Runs `grundy ARGS...` as [`run_with_bytes`] does, with `config` as its configuration
/// folder (where it keeps its key).
pub fn run_in_config(args: &[&str], input: Option<&[u8]>, config: &Path) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("GRUNDY_CONFIG_DIR", config)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    let writer = input.map(|input| {
        let mut stdin = child.stdin.take().expect("piped stdin");
        let input = input.to_vec();
        std::thread::spawn(move || match stdin.write_all(&input) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            other => other.expect("write stdin"),
        })
    });
    let output = child.wait_with_output().expect("the grundy binary ends");
    if let Some(writer) = writer {
        writer.join().expect("the thread writing stdin");
    }
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
    json_with_input(args, None)
}

/// Runs `grundy ARGS... --json` with `input` on standard input when given, which must succeed
/// with one line of JSON.
pub fn json_with_input(args: &[&str], input: Option<&str>) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    run_with_input(&args, input).json()
}

/// A fresh path `name` in this test file's own temporary directory (`CARGO_TARGET_TMPDIR/`,
/// then the test crate's name, so that test files running at once keep apart): the directory
/// is created if need be, and a file left there by an earlier run is removed, so that what a
/// test reads back is what this run wrote.
pub fn temp_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(env!("CARGO_CRATE_NAME"));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        other => other.expect("remove an earlier run's temp file"),
    }
    path
}

/// A fresh folder path `name` in this test file's temporary directory (see [`temp_path`]):
/// a folder left there by an earlier run is removed, and none is made.
pub fn temp_folder(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(env!("CARGO_CRATE_NAME"))
        .join(name);
    match std::fs::remove_dir_all(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        other => other.expect("remove an earlier run's temp folder"),
    }
    path
}

/// Writes `contents` to the file `name` in this test file's temporary directory (see
/// [`temp_path`]), for the commands that read files; returns its path. The name keeps tests
/// apart.
pub fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, contents).expect("write temp file");
    path
}

/// A temporary path as an argument.
pub fn path_str(path: &Path) -> &str {
    path.to_str().expect("UTF-8 temp path")
}

/// Makes `command`'s child run with at most `bytes` of address space (`RLIMIT_AS`, as
/// `ulimit -v`) and no core file, closing its stderr first when `close_stderr`: how the
/// limits tests run the binary as a machine short of memory would.
pub fn limit_memory(command: &mut Command, bytes: u64, close_stderr: bool) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec the closure calls only setrlimit and close, which are
    // async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            let memory = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            let no_core = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &memory) != 0
                || libc::setrlimit(libc::RLIMIT_CORE, &no_core) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            if close_stderr {
                libc::close(2);
            }
            Ok(())
        });
    }
}
