//! The `grundy` binary under limits: each case runs in a child process with at most 4 GiB of
//! address space and 20 seconds (10 for the fuzzed command lines), in a directory of its own,
//! with standard input empty. A case fails when the binary panics (exit code 101, or
//! `panicked` on stderr), is killed by a signal (an abort when memory runs out), is still
//! running at the deadline, exits with a code other than 0 and 2, or exits with 2 without a
//! `grundy: error:` line.
//!
//! The cases: inputs an adversarial review found (huge piles in `play`, huge `--upto`, boards
//! too large to solve, a search's table larger than the address space), errors with stderr
//! closed, clap's usage errors, every example of the help with each of its numbers replaced
//! by an extreme one, and command lines mutated at random from those examples:
//! `GRUNDY_FUZZ_CASES` of them (200 by default; the seed is `GRUNDY_FUZZ_SEED`, 1 by
//! default). The long run, `cargo test --release -p grundy-cli --test cli_bounded --
//! --ignored --nocapture`, tries 10^4 command lines and prints its figures.

mod catalogue_run;

use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

// ---------------------------------------------------------------------------------------------
// Running one case

/// The most address space a child may take.
const MEMORY: u64 = 4 << 30;
/// How long a named case may run.
const TIMEOUT: Duration = Duration::from_secs(20);
/// How long a fuzzed command line may run.
const FUZZ_TIMEOUT: Duration = Duration::from_secs(10);
/// The timeout of a case bounded by its memory budget rather than at once (see
/// `adversarial_cases`).
const SLOW_TIMEOUT: Duration = Duration::from_secs(90);
/// The address space of a case bounded by its memory budget: a smaller machine, so that the
/// budget (3/4 of it) runs out sooner.
const SLOW_MEMORY: u64 = 1 << 30;
/// The bytes of stdout and stderr kept for the verdict and the report.
const KEPT: usize = 64 << 10;

/// What the child's stderr is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stderr {
    /// A pipe read by the test.
    Read,
    /// A pipe whose reader has gone: writes fail with a broken pipe.
    Gone,
    /// No file descriptor 2 at all.
    Closed,
}

/// One run of the binary.
#[derive(Debug, Clone)]
struct Case {
    args: Vec<String>,
    stdin: Vec<u8>,
    stderr: Stderr,
    timeout: Duration,
    /// The child's address space, in bytes.
    memory: u64,
}

impl Case {
    /// `grundy ARGS...` with empty stdin, stderr read, the named cases' timeout.
    fn new<S: AsRef<str>>(args: &[S]) -> Case {
        Case {
            args: args.iter().map(|a| a.as_ref().to_string()).collect(),
            stdin: Vec::new(),
            stderr: Stderr::Read,
            timeout: TIMEOUT,
            memory: MEMORY,
        }
    }

    /// The command line, quoted enough to be read back.
    fn line(&self) -> String {
        let mut line = String::from("grundy");
        for arg in &self.args {
            if !arg.is_empty()
                && arg
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.,:/=".contains(c))
            {
                line.push(' ');
                line.push_str(arg);
            } else {
                line.push_str(&format!(" {arg:?}"));
            }
        }
        line
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Code(i32),
    Signal(i32),
    TimedOut,
}

/// What a run did.
#[derive(Debug)]
struct Outcome {
    end: End,
    stdout: String,
    stderr: String,
    time: Duration,
}

/// Reads a pipe to its end on a thread, keeping the first [`KEPT`] bytes.
fn drain(pipe: Option<impl Read + Send + 'static>) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let Some(mut pipe) = pipe else { return kept };
        let mut buf = [0u8; 1 << 14];
        while let Ok(n) = pipe.read(&mut buf) {
            if n == 0 {
                break;
            }
            let room = KEPT.saturating_sub(kept.len());
            kept.extend_from_slice(&buf[..n.min(room)]);
        }
        kept
    })
}

/// A fresh working directory for a run of the test `test` (commands may write files), of its
/// own among the tests running at once.
fn workdir(test: &str) -> PathBuf {
    static MADE: AtomicUsize = AtomicUsize::new(0);
    let n = MADE.fetch_add(1, Ordering::Relaxed);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_bounded")
        .join(format!("{test}-{n}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a working directory");
    dir
}

/// The write end of a pipe whose read end is closed.
fn pipe_without_reader() -> OwnedFd {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe() returns.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe");
    // SAFETY: both descriptors are fresh and owned here alone.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read);
    write
}

/// Starts the binary for a case in `dir`, under the memory limit.
fn spawn(case: &Case, dir: &PathBuf) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .args(&case.args)
        .current_dir(dir)
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    match case.stderr {
        Stderr::Read => command.stderr(Stdio::piped()),
        Stderr::Gone => command.stderr(Stdio::from(pipe_without_reader())),
        Stderr::Closed => command.stderr(Stdio::null()),
    };
    let close_stderr = case.stderr == Stderr::Closed;
    catalogue_run::limit_memory(&mut command, case.memory, close_stderr);
    command.spawn().expect("the grundy binary runs")
}

/// Runs a case in `dir`: its input written, its output kept, killed at its timeout.
fn run_in(case: &Case, dir: &PathBuf) -> Outcome {
    let start = Instant::now();
    let mut child = spawn(case, dir);
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = case.stdin.clone();
    // A run that stops early need not read its input: a broken pipe is no failure.
    let writer = thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(&input);
    });
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let end = loop {
        match child.try_wait().expect("waiting for the child") {
            Some(status) => {
                break match (status.code(), status.signal()) {
                    (Some(code), _) => End::Code(code),
                    (None, signal) => End::Signal(signal.unwrap_or(0)),
                }
            }
            None if start.elapsed() > case.timeout => {
                let _ = child.kill();
                let _ = child.wait();
                break End::TimedOut;
            }
            None => thread::sleep(Duration::from_millis(5)),
        }
    };
    let time = start.elapsed();
    let _ = writer.join();
    let text = |h: thread::JoinHandle<Vec<u8>>| {
        String::from_utf8_lossy(&h.join().expect("the thread reading a pipe")).into_owned()
    };
    Outcome {
        end,
        stdout: text(stdout),
        stderr: text(stderr),
        time,
    }
}

/// Why a run fails the suite, if it does.
fn verdict(outcome: &Outcome) -> Option<String> {
    let first = outcome.stderr.lines().next().unwrap_or("").to_string();
    match outcome.end {
        End::TimedOut => Some(format!("still running after {:.0?}", outcome.time)),
        End::Signal(signal) => Some(format!("killed by signal {signal}: {first}")),
        End::Code(101) => Some(format!("panicked: {}", outcome.stderr.trim_end())),
        _ if outcome.stderr.contains("panicked") => {
            Some(format!("panicked: {}", outcome.stderr.trim_end()))
        }
        End::Code(0) => None,
        End::Code(2)
            if outcome
                .stderr
                .lines()
                .any(|l| l.starts_with("grundy: error: ")) =>
        {
            None
        }
        // Nothing can be read from a closed stderr: the exit code is the whole answer.
        End::Code(2) if outcome.stderr.is_empty() => None,
        End::Code(2) => Some(format!(
            "exit code 2 without a grundy: error: line: {first}"
        )),
        End::Code(code) => Some(format!("exit code {code}: {first}")),
    }
}

/// What a batch of runs found.
struct Figures {
    runs: usize,
    failures: Vec<String>,
    time: Duration,
    /// The slowest runs, slowest first, with their command lines.
    slowest: Vec<(Duration, String)>,
}

/// Runs the cases on a few threads, each in its own directory; returns the figures, the
/// failures as `command line: why`.
fn run_all(test: &str, cases: &[Case]) -> Figures {
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let times = Mutex::new(Vec::new());
    let workers = thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 4));
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(case) = cases.get(i) else { break };
                let dir = workdir(test);
                let outcome = run_in(case, &dir);
                let _ = std::fs::remove_dir_all(&dir);
                times
                    .lock()
                    .expect("no thread panics holding the list")
                    .push((outcome.time, case.line()));
                if let Some(why) = verdict(&outcome) {
                    let mut why = why;
                    why.truncate(600);
                    failures
                        .lock()
                        .expect("no thread panics holding the list")
                        .push(format!("{}: {why}", case.line()));
                }
            });
        }
    });
    let mut failures = failures.into_inner().expect("the list of failures");
    failures.sort();
    let mut slowest = times.into_inner().expect("the list of times");
    slowest.sort_by_key(|&(time, _)| std::cmp::Reverse(time));
    slowest.truncate(5);
    Figures {
        runs: cases.len(),
        failures,
        time: start.elapsed(),
        slowest,
    }
}

/// Fails with every failure, after printing the figures.
fn expect_clean(test: &str, figures: &Figures) {
    println!(
        "{test}: {} runs, {} failures, {:.1} s",
        figures.runs,
        figures.failures.len(),
        figures.time.as_secs_f64()
    );
    for (time, line) in &figures.slowest {
        let mut line = line.clone();
        line.truncate(120);
        println!("  {:>6.2} s  {line}", time.as_secs_f64());
    }
    assert!(
        figures.failures.is_empty(),
        "{} of {} runs failed:\n{}",
        figures.failures.len(),
        figures.runs,
        figures.failures.join("\n")
    );
}

/// Runs one case in a directory of its own.
fn run_one(test: &str, case: &Case) -> Outcome {
    let dir = workdir(test);
    let outcome = run_in(case, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

// ---------------------------------------------------------------------------------------------
// The examples of the help

/// The command lines of the help: the `e.g.` lines of `grundy --help`, and the `Example:`
/// lines of each command's help (`, then` between two command lines; a parenthesis, a
/// redirection or a pipe ends one).
fn examples() -> Vec<Vec<String>> {
    let help = |args: &[&str]| -> String {
        let outcome = run_one("help", &Case::new(args));
        assert_eq!(
            outcome.end,
            End::Code(0),
            "grundy {args:?}: {}",
            outcome.stderr
        );
        outcome.stdout
    };
    let root = help(&["--help"]);
    let commands: Vec<String> = root
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("  e.g.") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .map(String::from)
        .collect();
    assert!(commands.len() > 20, "commands of the help:\n{root}");
    let mut texts: Vec<String> = root
        .lines()
        .filter_map(|l| l.trim().strip_prefix("e.g. "))
        .map(String::from)
        .collect();
    for command in &commands {
        let text = help(&[command, "--help"]);
        texts.extend(
            text.lines()
                .filter_map(|l| l.strip_prefix("Example: "))
                .flat_map(|l| l.split(", then "))
                .map(String::from),
        );
    }
    let mut lines: Vec<Vec<String>> = texts
        .iter()
        .map(|text| words(text))
        .filter_map(|words| match words.split_first() {
            // The server runs until it is stopped: its own test covers it.
            Some((first, rest))
                if first == "grundy" && rest.first().is_some_and(|c| c != "serve") =>
            {
                Some(rest.to_vec())
            }
            _ => None,
        })
        .collect();
    lines.sort();
    lines.dedup();
    lines
}

/// The words of a command line as a shell splits them (single and double quotes), up to a
/// parenthesis, a redirection or a pipe outside quotes.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                let quoted: String = chars.by_ref().take_while(|&q| q != c).collect();
                word.get_or_insert_with(String::new).push_str(&quoted);
            }
            '(' | '<' | '>' | '|' if word.is_none() => break,
            c if c.is_whitespace() => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// Numbers that break parsers and allocations: 0, 1, 2^31, 2^32, 2^63, 2^64 - 1, 2^64,
/// 10^30, -1, and nothing.
const EXTREMES: &[&str] = &[
    "0",
    "1",
    "2147483648",
    "4294967296",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "1000000000000000000000000000000",
    "-1",
    "",
];

/// The command line with each run of digits, one at a time, replaced by each extreme number.
fn with_extremes(args: &[String]) -> Vec<Vec<String>> {
    let mut lines = Vec::new();
    for (i, arg) in args.iter().enumerate() {
        let mut start = None;
        for (j, c) in arg.char_indices().chain([(arg.len(), ' ')]) {
            match (start, c.is_ascii_digit()) {
                (None, true) => start = Some(j),
                (Some(s), false) => {
                    for extreme in EXTREMES {
                        let mut line = args.to_vec();
                        line[i] = format!("{}{extreme}{}", &arg[..s], &arg[j..]);
                        lines.push(line);
                    }
                    start = None;
                }
                _ => {}
            }
        }
    }
    lines
}

// ---------------------------------------------------------------------------------------------
// The cases an adversarial review found

/// A strip of `n` cells alternating `x` and `o`.
fn strip(n: usize) -> String {
    "xo".chars().cycle().take(n).collect()
}

#[test]
fn adversarial_cases() {
    let max = u64::MAX.to_string();
    // A Hackenbush tree of 20 edges: a trunk, nine branches of two, and a leaf.
    let tree = format!("l({};l)", ["lr"; 9].join(";"));
    let path = vec!["."; 30].join("-");
    let lines: Vec<Vec<String>> = [
        vec!["play", "wythoff", &max, &max],
        vec!["play", "fibonacci", &max],
        vec!["play", &format!("subtraction:1..{max}"), "5"],
        vec!["play", "squares", &max],
        vec!["play", "nim", "3", "134217728", "--limit", "100"],
        vec!["octal", "0.f", "--upto", "4294967294"],
        vec!["octal", "0.77", "--upto", &max],
        vec!["table", "0.77", "--n", &format!("0..{max}")],
        vec!["table", "0.77", "--n", "0..4294967294", "--width", &max],
        vec!["table", "wythoff", "--a", &format!("0..{max}")],
        vec!["table", "wythoff", "--a", "0..100000", "--png", "w.png"],
        vec!["clobber", &strip(128)],
        vec!["snort", &path],
        vec!["hackenbush", &tree],
        vec![
            "strong", "connect4", "--width", "7", "--height", "6", "c4-7x6",
        ],
        // A table the memory budget allows and the address space does not: a smaller one.
        vec![
            "search",
            "connect4",
            "4444",
            "--memory",
            "1000G",
            "--table",
            "64G",
            "--max-positions",
            "100000",
        ],
    ]
    .iter()
    .map(|l| l.iter().map(|s| s.to_string()).collect())
    .collect();
    let mut cases: Vec<Case> = lines.iter().map(|l| Case::new(l)).collect();
    // Clobber and Snort here value canonical forms until the memory budget (3/4 of what the
    // process can have) runs out: about 25 s under 4 GiB on a quiet 2-core machine, about
    // 11 s under 1 GiB. They run under 1 GiB, with a longer timeout for a busy machine.
    for case in &mut cases {
        if ["clobber", "snort"].contains(&case.args[0].as_str()) {
            case.timeout = SLOW_TIMEOUT;
            case.memory = SLOW_MEMORY;
        }
    }
    expect_clean("adversarial", &run_all("adversarial", &cases));
}

#[test]
fn every_example_with_extreme_numbers() {
    let cases: Vec<Case> = examples()
        .iter()
        .flat_map(|args| {
            let mut lines = vec![args.clone()];
            lines.extend(with_extremes(args));
            lines
        })
        .map(|line| Case::new(&line))
        .collect();
    expect_clean("extremes", &run_all("extremes", &cases));
}

// ---------------------------------------------------------------------------------------------
// Closed streams, usage errors, a byte-order mark

#[test]
fn an_error_with_stderr_gone_exits_2() {
    for stderr in [Stderr::Gone, Stderr::Closed] {
        for args in [
            &["nim", "x"][..],
            &["nim", "--bogus"],
            &["solve", "/nonexistent"],
        ] {
            let mut case = Case::new(args);
            case.stderr = stderr;
            let outcome = run_one("stderr-gone", &case);
            assert_eq!(outcome.end, End::Code(2), "{} ({stderr:?})", case.line());
        }
    }
}

#[test]
fn stdout_gone_is_no_panic() {
    // An answer, a game played, and help into a pipe nobody reads: exit 0, no message.
    for args in [
        &["nim", "3", "4"][..],
        &["play", "nim", "3"],
        &["--help"],
        &["nim", "--help"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::from(pipe_without_reader()))
            .stderr(Stdio::piped())
            .spawn()
            .expect("the grundy binary runs");
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .expect("piped stderr")
            .read_to_string(&mut stderr)
            .expect("stderr");
        let status = child.wait().expect("the child ends");
        assert_eq!((status.code(), stderr.as_str()), (Some(0), ""), "{args:?}");
    }
    // The server's first line into a closed pipe: it serves on until stopped.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::from(pipe_without_reader()))
        .stderr(Stdio::null())
        .spawn()
        .expect("the grundy binary runs");
    thread::sleep(Duration::from_millis(1500));
    let still = child.try_wait().expect("the child's state");
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(still, None, "the server stopped when stdout was gone");
}

#[test]
fn usage_errors_are_one_line() {
    for args in [
        &["nim", "--bogus"][..],
        &["nim"],
        &["nimx", "3"],
        &[],
        &["strong"],
        &["strong", "connect4"],
        &["play", "nim", "3", "--first", "x"],
        &["play", "nim", "3", "--limit", "-1"],
        &["table", "0.77", "--n"],
        &["nim", "3", "--format"],
        &["serve", "--listen", "nowhere"],
        &["completions", "tcsh"],
    ] {
        let outcome = run_one("usage", &Case::new(args));
        let lines: Vec<&str> = outcome.stderr.lines().collect();
        assert_eq!(outcome.end, End::Code(2), "{args:?}: {}", outcome.stderr);
        assert_eq!(outcome.stdout, "", "{args:?}");
        assert!(
            lines.len() <= 2
                && lines[0].starts_with("grundy: error: ")
                && !lines[0].contains("error: error")
                && lines[1..].iter().all(|l| l.starts_with("  ")),
            "{args:?}: {}",
            outcome.stderr
        );
    }
    for args in [
        &["--help"][..],
        &["--version"],
        &["nim", "--help"],
        &["help", "nim"],
    ] {
        let outcome = run_one("usage", &Case::new(args));
        assert_eq!(outcome.end, End::Code(0), "{args:?}");
        assert!(
            outcome.stdout.contains("grundy"),
            "{args:?}: {}",
            outcome.stdout
        );
        assert_eq!(outcome.stderr, "", "{args:?}");
    }
}

/// Every reader of files and standard input says the same of its input after a leading
/// byte-order mark: files with `{}` in the arguments (the path of the input), or stdin.
#[test]
fn a_byte_order_mark_is_read_past() {
    let dir = workdir("bom-files");
    let graph = "a b\nb c\n";
    let readers: &[(&[&str], &str)] = &[
        (&["solve", "{}", "--format", "tsv"], graph),
        (&["solve", "-", "--format", "tsv"], graph),
        (
            &["solve", "{}", "--engine", "timely", "--workers", "2"],
            graph,
        ),
        (&["candy-piles", "--file", "{}"], "3\n1 2 3\n"),
        (&["candy-piles", "--file", "-"], "3\n1 2 3\n"),
        (
            &["geography", "--grid", "{}", "--start", "1,1"],
            "..#\n...\n",
        ),
        (&["increasing-distance", "{}", "--start", "a"], graph),
        (&["cgt", "--file", "{}"], "{1|*}\n"),
        (&["cgt", "-"], "{1|*}\n"),
        (&["nimber", "batch"], "2\n2 2\n8 8\n"),
        (&["play", "nim", "3", "4"], "1\n"),
        (&["play", "--graph", "{}"], graph),
        (&["merge", "{}", "{}"], "a\tloss\nb\twin\n"),
        // An error is placed as without the mark: line 2, column 2.
        (&["solve", "{}"], "a b\nb, c\n"),
        (&["nimber", "batch"], "1\n2 x\n"),
    ];
    for (n, &(args, text)) in readers.iter().enumerate() {
        let run = |marked: bool| {
            let text = if marked {
                format!("\u{feff}{text}")
            } else {
                text.to_string()
            };
            let path = dir.join(format!("input-{n}-{marked}"));
            std::fs::write(&path, &text).expect("an input file");
            let path = path.to_str().expect("UTF-8 path");
            let args: Vec<&str> = args
                .iter()
                .map(|&a| if a == "{}" { path } else { a })
                .collect();
            let mut case = Case::new(&args);
            if !args.contains(&path) {
                case.stdin = text.into_bytes();
            }
            let outcome = run_one("bom", &case);
            let named = |out: &str| out.replace(path, "FILE");
            (outcome.end, named(&outcome.stdout), named(&outcome.stderr))
        };
        let plain = run(false);
        assert!(plain.1.len() + plain.2.len() > 0, "{args:?}: no output");
        assert_eq!(run(true), plain, "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Fuzzing whole command lines

/// What mutations put in: extreme numbers, hostile text, very long strings, Unicode.
fn piece(rng: &mut StdRng) -> String {
    const PIECES: &[&str] = &[
        "-", "--", "-1", "0", "..", "..=", ",", ":", "/", "x", "|", "'", "\"", "\\", "%s",
        "--json", "--format", "--help", "é", "\u{feff}", "𝟘", "∞", "\u{202e}", " ", "0x10", "1e9",
        "NaN", "1/0",
    ];
    match rng.random_range(0..6) {
        0 => EXTREMES[rng.random_range(0..EXTREMES.len())].to_string(),
        1 => {
            let c = ['9', '1', '.', 'x', 'o', '-', ',', 'l'][rng.random_range(0..8)];
            std::iter::repeat_n(c, rng.random_range(100..20_000)).collect()
        }
        2 => (0..rng.random_range(1..12))
            .map(|_| char::from_u32(rng.random_range(1..0x3_0000)).unwrap_or('?'))
            .collect(),
        3 => rng.random_range(0..u64::MAX).to_string(),
        _ => PIECES[rng.random_range(0..PIECES.len())].to_string(),
    }
}

/// A command line mutated from `example` by one to four edits: an argument deleted,
/// duplicated, swapped with another, replaced by a piece, a piece inserted, or a number
/// within an argument replaced. The command's name is kept nine times in ten, so that most
/// lines reach the command's own reading of its arguments.
fn mutate(example: &[String], rng: &mut StdRng) -> Vec<String> {
    let mut args = example.to_vec();
    let command = if rng.random_range(0..10) == 0 {
        None
    } else {
        Some(args.remove(0))
    };
    for _ in 0..rng.random_range(1..5) {
        let n = args.len();
        let i = rng.random_range(0..n.max(1));
        match rng.random_range(0..7) {
            0 if n > 0 => {
                args.remove(i);
            }
            1 if n > 0 => args.insert(i, args[i].clone()),
            2 if n > 1 => args.swap(i, rng.random_range(0..n)),
            3 if n > 0 => args[i] = piece(rng),
            4 if n > 0 => {
                let mut numbered = with_extremes(&args);
                if !numbered.is_empty() {
                    args = numbered.swap_remove(rng.random_range(0..numbered.len()));
                }
            }
            5 if n > 0 => {
                let arg = &args[i];
                let at = (0..=arg.len())
                    .filter(|&k| arg.is_char_boundary(k))
                    .nth(rng.random_range(0..=arg.chars().count()))
                    .unwrap_or(0);
                args[i] = format!("{}{}{}", &arg[..at], piece(rng), &arg[at..]);
            }
            _ => args.insert(i.min(n), piece(rng)),
        }
    }
    args.splice(0..0, command);
    args
}

/// `GRUNDY_FUZZ_CASES`, or `default`.
fn cases_or(default: usize) -> usize {
    std::env::var("GRUNDY_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `count` command lines mutated from the examples, from the seed `GRUNDY_FUZZ_SEED` (1).
fn fuzz(test: &str, count: usize) -> Figures {
    let seed = std::env::var("GRUNDY_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let mut rng = StdRng::seed_from_u64(seed);
    let examples = examples();
    let cases: Vec<Case> = (0..count)
        .map(|_| {
            let example = &examples[rng.random_range(0..examples.len())];
            let mut case = Case::new(&mutate(example, &mut rng));
            case.timeout = FUZZ_TIMEOUT;
            case
        })
        // A server started by a mutation would serve until the deadline.
        .filter(|case| !case.args.iter().any(|a| a == "serve"))
        .collect();
    run_all(test, &cases)
}

#[test]
fn fuzzed_command_lines() {
    expect_clean("fuzz", &fuzz("fuzz", cases_or(200)));
}

/// The long run: 10^4 command lines (`GRUNDY_FUZZ_CASES` to change it).
#[test]
#[ignore = "10^4 command lines: a quarter of an hour"]
fn fuzzed_command_lines_long() {
    expect_clean("fuzz-long", &fuzz("fuzz-long", cases_or(10_000)));
}
