//! The `grundy` binary under limits: each case runs in a child process with at most 4 GiB of
//! address space, in a directory of its own, with standard input empty or scripted, until its
//! deadline: its time budget plus [`MARGIN`] (`--timeout T` on its line, or for a command that
//! takes `--timeout` the children's default, `GRUNDY_TIMEOUT` = [`DEFAULT_TIMEOUT`]), or else
//! the harness's 20 seconds (`GRUNDY_FUZZ_TIMEOUT` seconds for the fuzzed lines). A case fails when the binary panics
//! (exit code 101, or `panicked` on stderr), is killed by a signal (an abort when memory runs
//! out), is still running at its deadline, exits with a code other than 0 and 2, exits with 2
//! without a `grundy: error:` line, or exits with 2 with a message naming an option its command
//! does not take (in `grundy COMMAND --help`) and the line does not hold.
//!
//! The cases: inputs an adversarial review found (huge piles in `play`, huge `--upto`, boards
//! too large to solve, a search's table larger than the address space), errors with stderr
//! closed, clap's usage errors, every example of the help with each of its numbers replaced
//! by an extreme one, every budget of every command run out (its message naming an option the
//! command has), and fuzzed command lines over every command: mutated at random from the
//! help's examples, the examples with bigger numbers, and hard lines of each command
//! (`hard_lines`), a `--timeout` added at random where the command takes one.
//! `GRUNDY_FUZZ_CASES` of them (300 by default; the seed is `GRUNDY_FUZZ_SEED`, 1 by
//! default). The long run, `cargo test --release -p grundy-cli --test cli_bounded --
//! --ignored --nocapture`, tries 3,000 command lines and prints its figures: for each
//! command, its runs and the longest any of them ran before its answer or refusal.

mod catalogue_run;
mod hard_lines;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

// ---------------------------------------------------------------------------------------------
// Running one case

/// The most address space a child may take.
const MEMORY: u64 = 4 << 30;
/// How long a named case may run, unless its `--timeout` says less.
const TIMEOUT: Duration = Duration::from_secs(20);
/// How long a fuzzed command line may run, unless its `--timeout` says less
/// (`GRUNDY_FUZZ_TIMEOUT` seconds to change it).
const FUZZ_TIMEOUT: Duration = Duration::from_secs(20);
/// The time budget of a command that takes `--timeout` when its line gives none: the
/// children's `GRUNDY_TIMEOUT`, shorter than the command line's own default so that the fuzz
/// checks that default's path and a run that needs it ends soon.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(6);
/// How long past its `--timeout` a run may take to stop: loose enough for a loaded 2-core
/// machine, where the child waits for a core and a debug build exits slowly.
const MARGIN: Duration = Duration::from_secs(3);
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
    /// Files written into the run's directory before it starts: names and contents.
    files: Vec<(String, Vec<u8>)>,
    stderr: Stderr,
    /// When the run is killed and fails: its own deadline ([`Case::within`]).
    timeout: Duration,
    /// The `--timeout` of the line, in seconds, if it gives one.
    own_timeout: Option<f64>,
    /// The child's address space, in bytes.
    memory: u64,
    /// The option whose budget the run must run out of: it exits 2 naming it.
    exhausts: Option<&'static str>,
}

impl Case {
    /// `grundy ARGS...` with empty stdin, stderr read, the named cases' timeout (or less, see
    /// [`Case::within`]).
    fn new<S: AsRef<str>>(args: &[S]) -> Case {
        let args: Vec<String> = args.iter().map(|a| a.as_ref().to_string()).collect();
        Case {
            args,
            stdin: Vec::new(),
            files: Vec::new(),
            stderr: Stderr::Read,
            timeout: TIMEOUT,
            own_timeout: None,
            memory: MEMORY,
            exhausts: None,
        }
        .within(TIMEOUT)
    }

    /// The case with its deadline: `--timeout T` of its line plus [`MARGIN`], but never
    /// more than `fixed`, the harness's timeout for a line without one.
    fn within(mut self, fixed: Duration) -> Case {
        // A command that takes `--timeout` has a time budget without one: the harness's
        // `GRUNDY_TIMEOUT`.
        self.own_timeout = own_timeout(&self.args)
            .or_else(|| takes_timeout(&self.args).then_some(DEFAULT_TIMEOUT.as_secs_f64()));
        self.timeout = self.own_timeout.map_or(fixed, |seconds| {
            Duration::try_from_secs_f64(seconds)
                .unwrap_or(Duration::MAX)
                .saturating_add(MARGIN)
                .min(fixed)
        });
        self
    }

    /// The case, which must exit 2 with a message naming `option`.
    fn exhausting(mut self, option: &'static str) -> Case {
        self.exhausts = Some(option);
        self
    }

    /// The command line, quoted enough to be read back; an argument of more than 200
    /// characters is shown by its start and its length, standard input by its length.
    fn line(&self) -> String {
        let mut line = String::from("grundy");
        for arg in &self.args {
            let shown: String = if arg.chars().count() > 200 {
                let start: String = arg.chars().take(40).collect();
                format!("{start}…[{} chars]", arg.chars().count())
            } else {
                arg.clone()
            };
            if !shown.is_empty()
                && shown
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.,:/=".contains(c))
            {
                line.push(' ');
                line.push_str(&shown);
            } else {
                line.push_str(&format!(" {shown:?}"));
            }
        }
        if !self.stdin.is_empty() {
            line.push_str(&format!(" (stdin: {} bytes)", self.stdin.len()));
        }
        line
    }
}

/// Whether the command of `args` takes `--timeout` (a help line, which reading the help
/// runs, takes none).
fn takes_timeout(args: &[String]) -> bool {
    let asks_help = args
        .iter()
        .any(|a| a == "--help" || a == "-h" || a == "--version");
    !asks_help && help().takes(args, "--timeout")
}

/// The seconds of the last `--timeout T` (or `--timeout=T`) of a command line, if it is a
/// time the command takes (a positive number).
fn own_timeout(args: &[String]) -> Option<f64> {
    let mut seconds = None;
    for (i, arg) in args.iter().enumerate() {
        let value = match arg.strip_prefix("--timeout") {
            Some("") => args.get(i + 1).map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        if let Some(value) = value {
            seconds = value
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0);
        }
    }
    seconds
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

/// The files of tic-tac-toe's strong solution, named inside the folder `folder`: solved once
/// by the binary, for the cases that read a solution.
fn tic_tac_toe_solution(folder: &str) -> Vec<(String, Vec<u8>)> {
    static FILES: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    let files = FILES.get_or_init(|| {
        let dir = workdir("tic-tac-toe-solution");
        let status = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["strong", "tic-tac-toe", "solution"])
            .current_dir(&dir)
            .stdout(Stdio::null())
            .status()
            .expect("the binary runs");
        assert!(status.success(), "tic-tac-toe is solved");
        let files = std::fs::read_dir(dir.join("solution"))
            .expect("the solution's folder")
            .map(|entry| {
                let path = entry.expect("a file of the folder").path();
                let name = path.file_name().expect("a file name").to_string_lossy();
                (
                    name.into_owned(),
                    std::fs::read(&path).expect("a solution's file"),
                )
            })
            .collect();
        let _ = std::fs::remove_dir_all(&dir);
        files
    });
    files
        .iter()
        .map(|(name, bytes)| (format!("{folder}/{name}"), bytes.clone()))
        .collect()
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
        .env("GRUNDY_TIMEOUT", DEFAULT_TIMEOUT.as_secs().to_string())
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

/// Runs a case in `dir`: its files and its input written, its output kept, killed at its
/// timeout.
fn run_in(case: &Case, dir: &PathBuf) -> Outcome {
    for (name, contents) in &case.files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("a case's folder");
        }
        std::fs::write(path, contents).expect("a case's file");
    }
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
fn verdict(case: &Case, outcome: &Outcome) -> Option<String> {
    let first = outcome.stderr.lines().next().unwrap_or("").to_string();
    let refused = outcome
        .stderr
        .lines()
        .any(|l| l.starts_with("grundy: error: "));
    match outcome.end {
        End::TimedOut => Some(match case.own_timeout {
            Some(seconds) => format!(
                "still running {:.1} s after its time budget of {seconds} s (the margin is {:.0?})",
                outcome.time.as_secs_f64() - seconds,
                MARGIN
            ),
            None => format!("still running after {:.0?}", outcome.time),
        }),
        End::Signal(signal) => Some(format!("killed by signal {signal}: {first}")),
        End::Code(101) => Some(format!("panicked: {}", outcome.stderr.trim_end())),
        _ if outcome.stderr.contains("panicked") => {
            Some(format!("panicked: {}", outcome.stderr.trim_end()))
        }
        End::Code(0) => case
            .exhausts
            .map(|option| format!("exit code 0, though its {option} was to run out")),
        End::Code(2) if refused => foreign_options(case, &outcome.stderr).or_else(|| {
            let option = case.exhausts?;
            let named = named_options(&outcome.stderr).contains(option);
            (!named).then(|| format!("the message does not name {option}: {first}"))
        }),
        // Nothing can be read from a closed stderr: the exit code is the whole answer.
        End::Code(2) if outcome.stderr.is_empty() => None,
        End::Code(2) => Some(format!(
            "exit code 2 without a grundy: error: line: {first}"
        )),
        End::Code(code) => Some(format!("exit code {code}: {first}")),
    }
}

/// What is wrong with a refusal that names options its command does not take (other than
/// those its line holds, which a message may quote back): the options, and the message.
fn foreign_options(case: &Case, stderr: &str) -> Option<String> {
    let typed = case.args.join(" ");
    let (command, options) = help().options_of(&case.args);
    let foreign: Vec<String> = named_options(stderr)
        .into_iter()
        .filter(|named| !options.contains(named) && !typed.contains(named.as_str()))
        .collect();
    (!foreign.is_empty()).then(|| {
        format!(
            "names {}, which `grundy {command}` does not take: {}",
            foreign.join(", "),
            stderr.trim_end()
        )
    })
}

/// The options a text names: every `--name` (lower-case letters, digits and dashes after
/// the two dashes, starting with a letter).
fn named_options(text: &str) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(at) = text[i..].find("--") {
        let start = i + at;
        let mut end = start + 2;
        while end < bytes.len()
            && (bytes[end].is_ascii_lowercase()
                || bytes[end].is_ascii_digit()
                || bytes[end] == b'-')
        {
            end += 1;
        }
        if bytes.get(start + 2).is_some_and(u8::is_ascii_lowercase) {
            named.insert(text[start..end].trim_end_matches('-').to_string());
        }
        i = end;
    }
    named
}

/// The runs of one command that ended: how many, how many refused (exit code 2), and the
/// longest of them, its time and its command line.
#[derive(Debug, Default)]
struct Longest {
    runs: usize,
    refused: usize,
    time: Duration,
    line: String,
}

/// What a batch of runs found.
struct Figures {
    runs: usize,
    failures: Vec<String>,
    time: Duration,
    /// For each command (`grundy COMMAND`, or its subcommand), the runs that ended and the
    /// longest of them before its answer or refusal.
    longest: BTreeMap<String, Longest>,
}

/// Runs the cases on a few threads, each in its own directory; returns the figures, the
/// failures as `command line: why`.
fn run_all(test: &str, cases: &[Case]) -> Figures {
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let longest = Mutex::new(BTreeMap::<String, Longest>::new());
    let workers = thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 4));
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(case) = cases.get(i) else { break };
                let dir = workdir(test);
                let outcome = run_in(case, &dir);
                let _ = std::fs::remove_dir_all(&dir);
                if let End::Code(code) = outcome.end {
                    let (command, _) = help().options_of(&case.args);
                    let mut longest = longest.lock().expect("no thread panics holding it");
                    let figure = longest.entry(command).or_default();
                    figure.runs += 1;
                    figure.refused += usize::from(code != 0);
                    if outcome.time > figure.time {
                        figure.time = outcome.time;
                        figure.line = case.line();
                    }
                }
                if let Some(why) = verdict(case, &outcome) {
                    let mut why = why;
                    if let Some((cut, _)) = why.char_indices().nth(600) {
                        why.truncate(cut);
                    }
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
    Figures {
        runs: cases.len(),
        failures,
        time: start.elapsed(),
        longest: longest.into_inner().expect("the figures"),
    }
}

/// Fails with every failure, after printing the figures: for each command, its runs that
/// ended (those refused with exit code 2 among them) and the longest of them.
fn expect_clean(test: &str, figures: &Figures) {
    println!(
        "{test}: {} runs, {} failures, {:.1} s",
        figures.runs,
        figures.failures.len(),
        figures.time.as_secs_f64()
    );
    println!(
        "  {:<24} {:>5} {:>7} {:>9}  the longest",
        "command", "runs", "refused", "longest"
    );
    for (command, figure) in &figures.longest {
        let mut line = figure.line.clone();
        if let Some((cut, _)) = line.char_indices().nth(100) {
            line.truncate(cut);
        }
        println!(
            "  {:<24} {:>5} {:>7} {:>7.2} s  {line}",
            if command.is_empty() {
                "(none)"
            } else {
                command
            },
            figure.runs,
            figure.refused,
            figure.time.as_secs_f64()
        );
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
// The help: its commands, their options, its examples

/// What the help says: the commands, the options of each, and the example command lines.
struct Help {
    /// The commands of `grundy --help`, the server's among them.
    commands: Vec<String>,
    /// The subcommands of each command that has some (`strong connect4`, `nimber add`).
    subcommands: HashMap<String, Vec<String>>,
    /// The options each help defines, by command: `""` for `grundy` alone, `nim`,
    /// `strong connect4`.
    options: HashMap<String, BTreeSet<String>>,
    /// The command lines of the examples: the `e.g.` lines of `grundy --help`, and the
    /// `Example:` lines of each command's help (`, then` between two command lines; a
    /// parenthesis, a redirection or a pipe ends one), without the server's.
    examples: Vec<Vec<String>>,
}

/// The help, read once from the binary (about 70 runs of `--help`).
fn help() -> &'static Help {
    static HELP: OnceLock<Help> = OnceLock::new();
    HELP.get_or_init(Help::read)
}

impl Help {
    /// Reads `grundy --help`, each command's help and each subcommand's.
    fn read() -> Help {
        let text = |args: &[&str]| -> String {
            let outcome = run_one("help", &Case::new(args));
            assert_eq!(
                outcome.end,
                End::Code(0),
                "grundy {args:?}: {}",
                outcome.stderr
            );
            outcome.stdout
        };
        let root = text(&["--help"]);
        let commands = listed(&root);
        assert!(commands.len() > 20, "commands of the help:\n{root}");
        let mut options = HashMap::from([(String::new(), defined_options(&root))]);
        let mut subcommands = HashMap::new();
        let mut examples: Vec<String> = root
            .lines()
            .filter_map(|l| l.trim().strip_prefix("e.g. "))
            .map(String::from)
            .collect();
        for command in &commands {
            let help = text(&[command, "--help"]);
            examples.extend(
                help.lines()
                    .filter_map(|l| l.strip_prefix("Example: "))
                    .flat_map(|l| l.split(", then "))
                    .map(String::from),
            );
            options.insert(command.clone(), defined_options(&help));
            let subs: Vec<String> = help
                .split_once("\nCommands:\n")
                .map(|(_, rest)| listed(rest.split("\n\n").next().unwrap_or("")))
                .unwrap_or_default()
                .into_iter()
                .filter(|sub| sub != "help")
                .collect();
            for sub in &subs {
                let help = text(&[command, sub, "--help"]);
                options.insert(format!("{command} {sub}"), defined_options(&help));
            }
            if !subs.is_empty() {
                subcommands.insert(command.clone(), subs);
            }
        }
        let mut examples: Vec<Vec<String>> = examples
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
        examples.sort();
        examples.dedup();
        Help {
            commands,
            subcommands,
            options,
            examples,
        }
    }

    /// The command a line runs (`nim`, `strong connect4`: a command and the first of the
    /// line's words that is one of its subcommands; `""` when the first word is no command),
    /// and the options its help and its parent's define.
    fn options_of(&self, args: &[String]) -> (String, BTreeSet<String>) {
        let Some(command) = args.first().filter(|c| self.commands.contains(c)) else {
            return (String::new(), self.options[""].clone());
        };
        let mut options = self.options[command.as_str()].clone();
        let sub = self
            .subcommands
            .get(command)
            .and_then(|subs| args[1..].iter().find(|arg| subs.contains(arg)));
        match sub {
            Some(sub) => {
                let key = format!("{command} {sub}");
                options.extend(self.options[&key].iter().cloned());
                (key, options)
            }
            None => (command.clone(), options),
        }
    }

    /// Whether a line's command takes `option`.
    fn takes(&self, args: &[String], option: &str) -> bool {
        self.options_of(args).1.contains(option)
    }
}

/// The names a help lists under a heading: the first word of each line indented by two
/// spaces (not more), if it is a name (lower-case letters, digits and dashes).
fn listed(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   ") && !l.starts_with("  e.g."))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| {
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !name.starts_with('-')
        })
        .map(String::from)
        .collect()
}

/// The options a help defines: the long names on its lines that start with a dash (`-f,
/// --file <FILE>`, `--json`) and its aliases (`[alias: --rows]`).
fn defined_options(help: &str) -> BTreeSet<String> {
    help.lines()
        .map(str::trim)
        .filter(|l| l.starts_with('-') || l.starts_with("[alias"))
        .flat_map(named_options)
        .collect()
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
        for digits in digit_runs(arg) {
            for extreme in EXTREMES {
                let mut line = args.to_vec();
                line[i].replace_range(digits.clone(), extreme);
                lines.push(line);
            }
        }
    }
    lines
}

/// Where the runs of ASCII digits of `arg` are, as byte ranges.
fn digit_runs(arg: &str) -> Vec<std::ops::Range<usize>> {
    let mut runs = Vec::new();
    let mut start = None;
    for (j, c) in arg.char_indices().chain([(arg.len(), ' ')]) {
        match (start, c.is_ascii_digit()) {
            (None, true) => start = Some(j),
            (Some(s), false) => {
                runs.push(s..j);
                start = None;
            }
            _ => {}
        }
    }
    runs
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
    let cases: Vec<Case> = help()
        .examples
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
        &["serve", "--timeout", "0"],
        &["serve", "--timeout", "1e9"],
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
                // One number of one argument: the line may hold thousands.
                let numbered: Vec<usize> = (0..n)
                    .filter(|&k| !digit_runs(&args[k]).is_empty())
                    .collect();
                if !numbered.is_empty() {
                    let k = numbered[rng.random_range(0..numbered.len())];
                    let runs = digit_runs(&args[k]);
                    let digits = runs[rng.random_range(0..runs.len())].clone();
                    let extreme = EXTREMES[rng.random_range(0..EXTREMES.len())];
                    args[k].replace_range(digits, extreme);
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

/// The harness's timeout of a fuzzed line without `--timeout`: `GRUNDY_FUZZ_TIMEOUT`
/// seconds, or [`FUZZ_TIMEOUT`].
fn fuzz_timeout() -> Duration {
    std::env::var("GRUNDY_FUZZ_TIMEOUT")
        .ok()
        .and_then(|v| v.parse().ok())
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .unwrap_or(FUZZ_TIMEOUT)
}

/// The timeouts added to fuzzed lines, in seconds: from one that runs out at once to one a
/// hard line's answer may come within.
const TIMEOUTS: &[&str] = &["0.01", "0.1", "0.5", "1", "2", "5"];

/// A fuzzed command line and its input: four times in ten an example of the help mutated
/// ([`mutate`]), twice an example with bigger numbers ([`hard_lines::enlarge`]), four times a
/// hard line of one command ([`hard_lines::GENERATORS`]); the last two mutated now and then,
/// as most mutations end in a usage error before the work starts. Where the command takes
/// `--timeout` and the line has none, one is added half the time: the run must then end by
/// it (plus [`MARGIN`]).
fn fuzzed(rng: &mut StdRng, fixed: Duration) -> Case {
    let examples = &help().examples;
    let example = |rng: &mut StdRng| examples[rng.random_range(0..examples.len())].clone();
    let (mut args, stdin, files) = match rng.random_range(0..10) {
        0..=3 => {
            let example = example(rng);
            (mutate(&example, rng), Vec::new(), Vec::new())
        }
        4 | 5 => {
            let example = example(rng);
            let line = hard_lines::enlarge(&example, rng);
            match rng.random_range(0..3) {
                0 => (mutate(&line, rng), Vec::new(), Vec::new()),
                _ => (line, Vec::new(), Vec::new()),
            }
        }
        _ => {
            let (_, generate) =
                hard_lines::GENERATORS[rng.random_range(0..hard_lines::GENERATORS.len())];
            let line = generate(rng);
            match rng.random_range(0..4) {
                0 => (mutate(&line.args, rng), line.stdin, line.files),
                _ => (line.args, line.stdin, line.files),
            }
        }
    };
    let has_timeout = args.iter().any(|a| a.starts_with("--timeout"));
    if !has_timeout && help().takes(&args, "--timeout") && rng.random_range(0..2) == 0 {
        let seconds = TIMEOUTS[rng.random_range(0..TIMEOUTS.len())];
        args.splice(1..1, ["--timeout".to_string(), seconds.to_string()]);
    }
    let mut case = Case::new(&args);
    case.stdin = stdin;
    case.files = files;
    case.within(fixed)
}

/// `count` fuzzed command lines ([`fuzzed`]), from the seed `GRUNDY_FUZZ_SEED` (1).
fn fuzz(test: &str, count: usize) -> Figures {
    let seed = std::env::var("GRUNDY_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let mut rng = StdRng::seed_from_u64(seed);
    let fixed = fuzz_timeout();
    let cases: Vec<Case> = (0..count)
        .map(|_| fuzzed(&mut rng, fixed))
        // A server started by a mutation would serve until the deadline.
        .filter(|case| !case.args.iter().any(|a| a == "serve"))
        .collect();
    run_all(test, &cases)
}

/// Every command of `grundy --help` but the server is fuzzed: an example of its help or a
/// generator of hard lines starts with it.
#[test]
fn every_command_is_fuzzed() {
    let help = help();
    let missing: Vec<&String> = help
        .commands
        .iter()
        .filter(|&command| {
            command != "serve"
                && !help.examples.iter().any(|e| e.first() == Some(command))
                && !hard_lines::GENERATORS.iter().any(|(c, _)| c == command)
        })
        .collect();
    assert!(missing.is_empty(), "no fuzzed lines for {missing:?}");
    for (command, generate) in hard_lines::GENERATORS {
        assert!(help.commands.iter().any(|c| c == command), "{command}");
        let mut rng = StdRng::seed_from_u64(0);
        assert_eq!(generate(&mut rng).args[0], *command);
    }
}

#[test]
fn fuzzed_command_lines() {
    expect_clean("fuzz", &fuzz("fuzz", cases_or(300)));
}

/// The long run: 3,000 command lines (`GRUNDY_FUZZ_CASES` to change it).
#[test]
#[ignore = "3,000 command lines: about half an hour on 2 cores"]
fn fuzzed_command_lines_long() {
    expect_clean("fuzz-long", &fuzz("fuzz-long", cases_or(3_000)));
}

// ---------------------------------------------------------------------------------------------
// Every budget run out

/// The options that set a budget a command may run out of: each, where a command's help
/// lists it, has a case here.
const BUDGETS: &[&str] = &["--memory", "--timeout", "--max-positions"];

/// For each command with budgets, an input that runs each of them out, by a tiny
/// `--memory 1K`, `--timeout 0.01` or `--max-positions`; and the budgets no option sets
/// (`grundy loopy`'s positions), which must name an option the command has too.
#[test]
fn every_budget_names_an_option_of_its_command() {
    let switches: Vec<String> = (1..=16).map(|n| format!("+-{n}")).collect();
    let overs = vec!["over"; 20].join("+");
    let path = vec!["."; 27].join("-");
    let lrg = "lrg".repeat(10);
    // A ladder of 16 rungs in CGSuite's graph notation: rails of `rail` edges, rungs of `rung`.
    let ladder = |rail: &str, rung: &str| {
        let side = |s: &str| {
            (0..16)
                .map(|i| format!(":{{{s}{i}}}"))
                .collect::<Vec<_>>()
                .join(rail)
        };
        let rungs = (0..16).map(|i| format!(":{{a{i}}}{rung}:{{b{i}}}"));
        [side("a"), side("b")]
            .into_iter()
            .chain(rungs)
            .collect::<Vec<_>>()
            .join(";")
    };
    let (ladder, coloured_ladder) = (ladder("-", "-"), ladder("r", "l"));
    // A digraph of 40 vertices in one piece, each pointing to the next and the fifth on.
    let circulant = std::iter::once("LR".repeat(20))
        .chain((0..40).map(|v| format!("{v}>{} {v}>{}", (v + 1) % 40, (v + 5) % 40)))
        .collect::<Vec<_>>()
        .join(" ");
    // Inputs that take a second or more without a budget: each runs out of the tiny ones.
    let memory_and_time: &[&[&str]] = &[
        &["misere-form", "*163 + *163 + *163"],
        &["misere-census", "5"],
        &["octal", "0.77", "--upto", "60000000"],
        &["misere-quotient", "0.77", "--upto", "100"],
        &["domineering", ".....|.....|.....|....."],
        &["cram", "......|......|......|......"],
        &["clobber", &strip(26)],
        &["anticlobber", "x...o|..o..|.x.o.|o...x"],
        &["hot-clobber", "xoxox|oxoxo|xoxox|oxoxo"],
        &["kings", "xoxox|oxoxo|xoxox|oxoxo"],
        &["knights", "xoxox|oxoxo|xoxox|oxoxo"],
        &["rooks", "xo.xo.x|.ox.o.o|o.xox.x|x.o.x.o"],
        &["queens", "xo.xo.x|.ox.o.o|o.xox.x|x.o.x.o"],
        &["fission", ".......|.......|..x.x..|.......|..x.x..|.......|......."],
        &["ski-jumps", "L.L.L.L...|...R.R.R.R|.........."],
        &["elephants-and-rhinos", "TTTTTTTTTT..........FFFFFFFFFF"],
        &["toads-and-frogs", "TTTTT....FFFFF"],
        &["hackenbush", &lrg],
        &["snort", &path],
        &["col", "0-1 0-5 1-2 1-6 2-3 2-7 3-4 3-8 4-9 5-6 5-10 6-7 6-11 7-8 7-12 8-9 8-13 9-14 10-11 10-15 11-12 11-16 12-13 12-17 13-14 13-18 14-19 15-16 16-17 17-18 18-19"],
        &["childish-hackenbush", "g(lrglrg;rglrgl;glrglr;lrgrlg;grlgrl;lrglrg;rglrgl;glrglr)"],
        &["fjords", "L-.-.-.(-.-.-.-.-.-.-R;-.-.-.-.-.-.-.-L;-.-.-.-.-.-.-.-.-R;-.-.-.-.-.-.-.-.-.-.-.-.-R)"],
        &["arc-kayles", &ladder],
        &["weighted-arc-kayles", "9-9-9-9-9-9-9-9-9-9"],
        &["partizan-arc-kayles", &coloured_ladder],
        &["digraph-placement", &circulant],
        &["konane", "xoxo.x|o.oxox|xox.xo|oxoxox"],
        &["amazons", "x...|....|....|...o"],
        &["toppling-dominoes", "xxogoxxogoxogxogoxoxgoxogxoxgoxoxgxog"],
        &["cutcake", "200x199 190x181"],
        &["eatcake", "30x30"],
        &["turn-and-eatcake", "300x300"],
        &["maundy-cake", "720x720 840x840 960x960 900x900 1000x1000 600x600"],
        &["partizan-euclid", "1000,999 1000,997 999,997 1000,991 1000,989 1000,983 997,991"],
        &["partizan-subtraction", "--left", "1,3", "--right", "2,3", "1000"],
        &["partizan-splittles", "--left", "1,2", "--right", "2,3", "100"],
        &["partizan-take-and-break", "--left", "0.07", "--right", "0.77", "300"],
        &["search", "connect4", ""],
        &["cgt", &switches.join("+")],
        &["loopy", "--ruleset", "backsliding", "TF...T"],
        &["table", "0.77", "--n", "0..60000000"],
    ];
    let mut cases = Vec::new();
    for line in memory_and_time {
        let with = |option: &'static str, value: &str| {
            let mut args: Vec<&str> = line.to_vec();
            args.extend([option, value]);
            Case::new(&args).exhausting(option)
        };
        cases.push(with("--memory", "1K"));
        cases.push(with("--timeout", "0.01"));
    }
    let positions: &[(&[&str], &'static str)] = &[
        (
            &["search", "connect4", "", "--max-positions", "1000"],
            "--max-positions",
        ),
        (
            &[
                "search",
                "toads-and-frogs",
                ".FT.F..T..FTTFTF..F.F.",
                "--max-positions",
                "1000",
            ],
            "--max-positions",
        ),
        (
            &["connect4", "", "--max-positions", "10"],
            "--max-positions",
        ),
        (
            &[
                "cards",
                "1 2 3 4 0 1 2 3",
                "4 3 2 1 0 4 3 2",
                "--max-positions",
                "10",
            ],
            "--max-positions",
        ),
        (
            &["misere-quotient", "0.77", "--upto", "100", "--sums", "10"],
            "--sums",
        ),
        (&["tic-tac-toe", "--max-positions", "10"], "--max-positions"),
        (&["tic-tac-toe", "--memory", "1K"], "--memory"),
        (&["tic-tac-toe", "--timeout", "0.000001"], "--timeout"),
        (&["morris", "--max-positions", "10"], "--max-positions"),
        (&["morris", "--memory", "1K"], "--memory"),
        (&["morris", "--timeout", "0.000001"], "--timeout"),
        (&["quixo", "--max-positions", "10"], "--max-positions"),
        (&["quixo", "--memory", "1K"], "--memory"),
        (&["quixo", "--timeout", "0.000001"], "--timeout"),
        (&["gobblet", "--max-positions", "10"], "--max-positions"),
        (&["gobblet", "--memory", "1K"], "--memory"),
        (&["gobblet", "--timeout", "0.000001"], "--timeout"),
        (&["dobutsu", "--max-positions", "10"], "--max-positions"),
        (&["dobutsu", "--memory", "1K"], "--memory"),
        (&["dobutsu", "--timeout", "0.000001"], "--timeout"),
        (&["teeko", "--max-positions", "10"], "--max-positions"),
        (&["teeko", "--memory", "1K"], "--memory"),
        (&["teeko", "--timeout", "0.000001"], "--timeout"),
        (
            &["strong", "connect4", "--memory", "1K", "solution"],
            "--memory",
        ),
        (
            &["strong", "cards", "--memory", "1K", "solution"],
            "--memory",
        ),
        (
            &["strong", "tic-tac-toe", "--memory", "1K", "solution"],
            "--memory",
        ),
        (
            &["strong", "tic-tac-toe", "--timeout", "0.000001", "solution"],
            "--timeout",
        ),
        (
            &[
                "strong", "morris", "--men", "3", "--memory", "1K", "solution",
            ],
            "--memory",
        ),
        (
            &[
                "strong",
                "morris",
                "--men",
                "3",
                "--timeout",
                "0.000001",
                "solution",
            ],
            "--timeout",
        ),
        (
            &[
                "strong", "quixo", "--size", "3", "--memory", "1K", "solution",
            ],
            "--memory",
        ),
        (
            &[
                "strong",
                "quixo",
                "--size",
                "3",
                "--timeout",
                "0.000001",
                "solution",
            ],
            "--timeout",
        ),
        (
            &["strong", "gobblet", "--memory", "1K", "solution"],
            "--memory",
        ),
        (
            &[
                "strong",
                "gobblet",
                "--sizes",
                "2",
                "--pieces",
                "1",
                "--timeout",
                "0.000001",
                "solution",
            ],
            "--timeout",
        ),
        (
            &["strong", "dobutsu", "--memory", "1K", "solution"],
            "--memory",
        ),
        (
            &[
                "strong",
                "dobutsu",
                "--animals",
                "c",
                "--timeout",
                "0.000001",
                "solution",
            ],
            "--timeout",
        ),
        (
            &[
                "strong", "teeko", "--size", "3", "--pieces", "3", "--memory", "1K", "solution",
            ],
            "--memory",
        ),
        (
            &[
                "strong",
                "teeko",
                "--size",
                "3",
                "--pieces",
                "3",
                "--timeout",
                "0.000001",
                "solution",
            ],
            "--timeout",
        ),
        (
            &["strong", "connect4", "--timeout", "0.000001", "solution"],
            "--timeout",
        ),
        (
            &["strong", "cards", "--timeout", "0.000001", "solution"],
            "--timeout",
        ),
        (
            &["play", "take-and-break:0.77", "30", "--limit", "10"],
            "--limit",
        ),
    ];
    cases.extend(
        positions
            .iter()
            .map(|(args, option)| Case::new(args).exhausting(option)),
    );
    // Counting a solution's reachable positions, in a folder solved first.
    for budget in [["--memory", "1K"], ["--timeout", "0.000001"]] {
        let args = [
            &["strong", "check", "--reachable"],
            &budget[..],
            &["solution"],
        ]
        .concat();
        let mut case = Case::new(&args).exhausting(budget[0]);
        case.files = tic_tac_toe_solution("solution");
        cases.push(case);
    }
    // The budgets no option sets: the message names one the command has (the verdict's
    // check of every refusal), whatever it is.
    cases.push(Case::new(&["loopy", &overs]));
    cases.push(Case::new(&[
        "loopy",
        "--ruleset",
        "fox-and-geese",
        ".G.G.G|......|......|......|......|F.....",
    ]));
    let help = help();
    let mut missing = Vec::new();
    for (command, options) in &help.options {
        for &budget in BUDGETS.iter().filter(|b| options.contains(**b)) {
            let covered = cases.iter().any(|case| {
                case.exhausts == Some(budget) && help.options_of(&case.args).0 == *command
            });
            if !covered && command != "serve" {
                missing.push(format!("grundy {command} {budget}"));
            }
        }
    }
    missing.sort();
    assert!(missing.is_empty(), "budgets no case runs out: {missing:?}");
    expect_clean("budgets", &run_all("budgets", &cases));
}
