//! grundy against the best published solvers of two of its games, run by turns on the same
//! machine: Nathan Bullock's Obsequi on Domineering (`grundy search domineering`) and
//! Christophe Steininger's c4 on Connect Four (`grundy search connect4`).
//!
//! ```text
//! bench/rivals/build.sh                                  # fetch and build the rivals once
//! cargo bench -p grundy-cli --bench rivals
//! cargo bench -p grundy-cli --bench rivals -- --only domineering --boards 8x8 --reps 5
//! cargo bench -p grundy-cli --bench rivals -- --only connect4 --count 200
//! ```
//!
//! The rivals are not part of the repository: `bench/rivals/build.sh` fetches their sources
//! into `target/rivals/` and builds them there (see `bench/rivals/README.md`). A rival that is
//! not built is skipped with a message saying how to build it; nothing in `cargo test` needs
//! them.
//!
//! - **Domineering**: each board with each player first (Vertical = Left first, Horizontal =
//!   Right first), Obsequi (`solve rows R cols C bits B V`) then `grundy search domineering
//!   BOARD --first left --threads 1` (one thread, as Obsequi), `--reps` times in turns, each
//!   within `--limit`. grundy's own Domineering search holds a board of at most 64 cells in
//!   one word and a larger one (9 × 9, 10 × 10) in two.
//! - **Connect Four**: the empty 7 × 6 board, c4 with its default settings (a 1 GB table, a
//!   thread a core) then `grundy search connect4 '' --table 1G` with as many threads; and the
//!   first `--count` positions of each of Pascal Pons's sets (`testdata/connect4`), solved in
//!   one process each, c4 with its 64 MB table and grundy's searcher with a 64 MiB one (this
//!   binary re-run with `--grundy-set`, which searches as `grundy search connect4` does, for
//!   the score alone, as c4's `solve_strong` answers: no best move and no line), both
//!   emptying their table before each position, outside the time measured (with
//!   `--keep-table` both keep it from one position to the next, as c4's own test does
//!   through a file).
//!
//! Every program is a child of this (small) process, measured the same way: the wall time of
//! the whole process (start, table, search, exit), its CPU time and its peak resident memory
//! (`wait4`), the nodes it reports; for the sets also the sum of the searches' own times.
//! Per case: the median over the reps, and grundy's figure over the rival's. The answers must
//! agree (the winner; the score, and Pons's published score): the benchmark stops with an
//! error otherwise. The load average is printed with every case: both programs of a case
//! run by turns, so they see the same load.

use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::Parser;

use grundy::budget::Budget;
use grundy::input;
use grundy_catalogue::games::connect4::search::{Options, Searcher};
use grundy_catalogue::games::connect4::Board;

type Result<T> = std::result::Result<T, String>;

#[derive(Parser, Debug)]
struct Args {
    /// Passed by `cargo bench`; ignored.
    #[arg(long, hide = true)]
    bench: bool,
    /// The rivals' binaries (bench/rivals/build.sh puts them in target/rivals/bin).
    #[arg(long)]
    rivals: Option<PathBuf>,
    /// Only `domineering` or `connect4`.
    #[arg(long)]
    only: Option<String>,
    /// Domineering's boards, rows x columns.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "6x6,7x7,6x8,8x6,7x8,8x7,8x8,9x9"
    )]
    boards: Vec<String>,
    /// Runs of each program on each case, in turns.
    #[arg(long, default_value_t = 3)]
    reps: usize,
    /// Seconds one run may take before it is stopped (and shown as not finished).
    #[arg(long, default_value_t = 900.0)]
    limit: f64,
    /// Obsequi's table: 2^bits entries (its README's 24).
    #[arg(long, default_value_t = 24)]
    obsequi_bits: u32,
    /// grundy's table on Domineering.
    #[arg(long, default_value = "64M")]
    dom_table: String,
    /// grundy's threads on Domineering (Obsequi has one).
    #[arg(long, default_value_t = 1)]
    dom_threads: usize,
    /// grundy's threads on Connect Four (c4 takes one a core); default one a core.
    #[arg(long)]
    c4_threads: Option<usize>,
    /// Positions of each of Pons's sets (1000 in each).
    #[arg(long, default_value_t = 1000)]
    count: usize,
    /// Skip the empty 7 × 6 board (half a minute to a minute a run).
    #[arg(long)]
    no_empty: bool,
    /// On Pons's sets, keep each program's table from one position to the next (as c4's own
    /// test does through a file) instead of emptying it before each.
    #[arg(long)]
    keep_table: bool,
    /// Child mode: search the Connect Four positions on standard input as `grundy search
    /// connect4` does, printing `score nodes microseconds` for each.
    #[arg(long, hide = true)]
    grundy_set: bool,
    /// The child's table.
    #[arg(long, hide = true, default_value = "64M")]
    table: String,
    /// The child's threads.
    #[arg(long, hide = true, default_value_t = 1)]
    threads: usize,
}

/// One finished run of a child: its standard output and error, and what it cost.
struct Run {
    out: String,
    wall: Duration,
    cpu: Duration,
    peak: u64,
}

/// Runs `command` with `input` on its standard input until it exits or `limit` passes (then
/// it is killed and the answer is `None`). An exit other than 0 is an error with its
/// standard error's end.
fn run(command: &mut Command, input: &str, limit: Duration) -> Result<Option<Run>> {
    let name = command.get_program().to_string_lossy().into_owned();
    let start = Instant::now();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{name}: {e}"))?;
    let pid = child.id() as libc::pid_t;
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_owned();
    // Written from a thread: a child that answers line by line could fill its output pipe
    // while the input is still being written.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stderr = child.stderr.take().expect("piped");
    let errors = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let (done, finished) = mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if finished.recv_timeout(limit).is_err() {
            // SAFETY: `pid` is our child, not yet reaped (the main thread signals before it
            // waits), so the id cannot have been reused.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            return true;
        }
        false
    });
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut out)
        .map_err(|e| format!("{name}: {e}"))?;
    let mut status = 0;
    // SAFETY: `rusage` is plain data, valid zeroed.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `status` and `usage` are valid for writes; `pid` is our unwaited child.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 {
            return Err(format!(
                "{name}: wait4: {}",
                std::io::Error::last_os_error()
            ));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let wall = start.elapsed();
    let _ = done.send(());
    let killed = watchdog.join().unwrap_or(false);
    let _ = writer.join();
    let err = errors.join().unwrap_or_default();
    // The child is reaped: `Child` must not wait on it again.
    drop(child);
    if killed {
        return Ok(None);
    }
    if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        let tail: String = err.lines().rev().take(5).collect::<Vec<_>>().join(" / ");
        return Err(format!("{name} failed (wait status {status}): {tail}"));
    }
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Ok(Some(Run {
        out: out + &err,
        wall,
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        // ru_maxrss is in KiB on Linux.
        peak: usage.ru_maxrss as u64 * 1024,
    }))
}

/// What one program answered on a case, and its cost.
struct Answer {
    /// The answer compared between the programs (a winner, or the scores).
    answer: String,
    nodes: u64,
    wall: Duration,
    cpu: Duration,
    peak: u64,
    /// The searches' own time (sets), else the wall time.
    search: Duration,
}

/// One run of a program on a case: its answer, `None` past the limit.
type Job<'a> = &'a mut dyn FnMut() -> Result<Option<Answer>>;

/// A program's runs on one case: the answers of its reps, or why there are none.
type Runs = std::result::Result<Vec<Answer>, String>;

/// The median of `xs` (not empty).
fn median<T: Copy + PartialOrd>(mut xs: Vec<T>) -> T {
    xs.sort_by(|a, b| a.partial_cmp(b).expect("ordered"));
    xs[xs.len() / 2]
}

/// Nodes for a table: 908, 68,414, 8.9 M.
fn nodes(n: u64) -> String {
    if n >= 100_000_000 {
        format!("{:.0} M", n as f64 / 1e6)
    } else if n >= 10_000_000 {
        format!("{:.1} M", n as f64 / 1e6)
    } else if n >= 1_000_000 {
        format!("{:.2} M", n as f64 / 1e6)
    } else {
        let s = n.to_string();
        let mut out = String::new();
        for (i, c) in s.chars().enumerate() {
            if i > 0 && (s.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        out
    }
}

/// A duration for a table: 4 ms, 2.31 s.
fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1.0 {
        format!("{:.0} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// The load average over the last minute, as /proc says.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

/// One side's figures in a row: the medians of its runs.
fn summary(runs: &Runs) -> (String, Option<[f64; 4]>) {
    match runs {
        Err(why) => (why.clone(), None),
        Ok(rs) => {
            let n = median(rs.iter().map(|r| r.nodes).collect());
            let wall = median(rs.iter().map(|r| r.wall).collect());
            let search = median(rs.iter().map(|r| r.search).collect());
            let cpu = median(rs.iter().map(|r| r.cpu).collect());
            let peak = rs.iter().map(|r| r.peak).max().unwrap_or(0);
            let search_text = if search == wall {
                String::new()
            } else {
                format!(" (searches {})", secs(search))
            };
            (
                format!(
                    "{}, {} nodes, {}{search_text}, cpu {}, {:.0} MB",
                    rs[0].answer,
                    nodes(n),
                    secs(wall),
                    secs(cpu),
                    peak as f64 / 1e6
                ),
                Some([
                    n as f64,
                    wall.as_secs_f64(),
                    search.as_secs_f64(),
                    peak as f64,
                ]),
            )
        }
    }
}

/// One more run of a program on a case, unless an earlier one did not finish.
fn step(runs: &mut Runs, job: &mut dyn FnMut() -> Result<Option<Answer>>) -> Result<()> {
    if let Ok(done) = runs {
        match job()? {
            Some(a) => done.push(a),
            None => *runs = Err("not finished within the limit".into()),
        }
    }
    Ok(())
}

/// Runs `rival` and `grundy` by turns, `reps` times, checks that every answer agrees, and
/// prints the case's row.
fn case(
    name: &str,
    reps: usize,
    mut rival: Option<Job>,
    mut grundy: Option<Job>,
    skipped: (&str, &str),
) -> Result<()> {
    let before = load();
    let mut sides: [Runs; 2] = [Ok(Vec::new()), Ok(Vec::new())];
    for _ in 0..reps.max(1) {
        if let Some(f) = rival.as_mut() {
            step(&mut sides[0], f)?;
        }
        if let Some(f) = grundy.as_mut() {
            step(&mut sides[1], f)?;
        }
    }
    if rival.is_none() {
        sides[0] = Err(skipped.0.into());
    }
    if grundy.is_none() {
        sides[1] = Err(skipped.1.into());
    }
    let answers: Vec<&String> = sides
        .iter()
        .filter_map(|s| s.as_ref().ok())
        .flatten()
        .map(|a| &a.answer)
        .collect();
    if let Some(first) = answers.first() {
        if let Some(other) = answers.iter().find(|a| a != &first) {
            return Err(format!(
                "{name}: the answers differ: {first} against {other}"
            ));
        }
    }
    let (r, rf) = summary(&sides[0]);
    let (g, gf) = summary(&sides[1]);
    let ratios = match (rf, gf) {
        (Some(r), Some(g)) => format!(
            "nodes {:.2}x, time {:.2}x{}, memory {:.2}x",
            g[0] / r[0].max(1.0),
            g[1] / r[1],
            if (g[2], r[2]) != (g[1], r[1]) {
                format!(" (searches {:.2}x)", g[2] / r[2].max(1e-9))
            } else {
                String::new()
            },
            g[3] / r[3]
        ),
        _ => "-".into(),
    };
    println!("| {name} | {r} | {g} | {ratios} | {before}–{} |", load());
    Ok(())
}

/// Obsequi on an empty `rows` × `cols` board with `first` (V or H) to move: its winner.
fn obsequi(bin: &Path, rows: u32, cols: u32, first: char, args: &Args) -> Result<Option<Answer>> {
    let input = format!(
        "solve rows {rows} cols {cols} bits {} {first}\n",
        args.obsequi_bits
    );
    let Some(run) = run(
        &mut Command::new(bin),
        &input,
        Duration::from_secs_f64(args.limit),
    )?
    else {
        return Ok(None);
    };
    // "winner V, move (1,2), nodes 908."
    let line = run
        .out
        .lines()
        .find(|l| l.starts_with("winner "))
        .ok_or_else(|| format!("Obsequi printed no winner: {}", run.out))?;
    let winner = line[7..].chars().next().unwrap_or('?');
    let n = line
        .rsplit_once("nodes ")
        // Its counts are grouped by the locale: 1,401,357,647.
        .and_then(|(_, n)| n.trim_end_matches('.').replace(',', "").trim().parse().ok())
        .ok_or_else(|| format!("Obsequi printed no node count: {line}"))?;
    Ok(Some(Answer {
        answer: format!("{} wins", if winner == first { "first" } else { "second" }),
        nodes: n,
        wall: run.wall,
        cpu: run.cpu,
        peak: run.peak,
        search: run.wall,
    }))
}

/// `grundy search domineering` on an empty `rows` × `cols` board with `first` to move.
fn grundy_domineering(rows: u32, cols: u32, first: char, args: &Args) -> Result<Option<Answer>> {
    let board = vec![".".repeat(cols as usize); rows as usize].join("|");
    let side = if first == 'V' { "left" } else { "right" };
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command.args(["search", "domineering", &board, "--first", side, "--json"]);
    command.args(["--table", &args.dom_table, "--timeout", "none"]);
    command.args(["--threads", &args.dom_threads.to_string()]);
    let Some(run) = run(&mut command, "", Duration::from_secs_f64(args.limit))? else {
        return Ok(None);
    };
    let json: serde_json::Value =
        serde_json::from_str(&run.out).map_err(|e| format!("grundy's JSON: {e}: {}", run.out))?;
    let wins = json[format!("{side}_first")]["wins"]
        .as_bool()
        .ok_or_else(|| format!("grundy printed no outcome: {}", run.out))?;
    Ok(Some(Answer {
        answer: format!("{} wins", if wins { "first" } else { "second" }),
        nodes: json["nodes"].as_u64().unwrap_or(0),
        wall: run.wall,
        cpu: run.cpu,
        peak: run.peak,
        search: run.wall,
    }))
}

/// The answer of a set run: one `score nodes microseconds` line a position, checked against
/// the published scores.
fn set_answer(run: Run, published: &[i32], who: &str) -> Result<Answer> {
    let mut scores = Vec::new();
    let (mut total, mut micros) = (0u64, 0u64);
    for line in run.out.lines().filter(|l| !l.trim().is_empty()) {
        let f: Vec<i64> = line
            .split_whitespace()
            .map(|x| x.parse().map_err(|_| format!("{who}: a bad line: {line}")))
            .collect::<Result<_>>()?;
        let [score, n, us] = f[..] else {
            return Err(format!("{who}: a bad line: {line}"));
        };
        scores.push(score as i32);
        total += n as u64;
        micros += us as u64;
    }
    if scores.len() != published.len() {
        return Err(format!(
            "{who} answered {} positions of {}",
            scores.len(),
            published.len()
        ));
    }
    if let Some(i) = (0..scores.len()).find(|&i| scores[i] != published[i]) {
        return Err(format!(
            "{who}: position {} scored {}, published {}",
            i + 1,
            scores[i],
            published[i]
        ));
    }
    let sum: i64 = scores.iter().map(|&s| s as i64).sum();
    Ok(Answer {
        answer: if scores.len() == 1 {
            format!("score {}", scores[0])
        } else {
            format!("{} scores as published (sum {sum})", scores.len())
        },
        nodes: total,
        wall: run.wall,
        cpu: run.cpu,
        peak: run.peak,
        search: Duration::from_micros(micros),
    })
}

/// Pons's set `file`: its first `count` positions (the columns from 1) and their scores.
fn pons(file: &str, count: usize) -> Result<(String, Vec<i32>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/connect4")
        .join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut input = String::new();
    let mut scores = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if scores.len() == count {
            break;
        }
        let bad = || format!("{}:{}: not `moves score`", path.display(), i + 1);
        let (moves, score) = line.split_once(' ').ok_or_else(bad)?;
        scores.push(score.trim().parse().map_err(|_| bad())?);
        input.push_str(moves);
        input.push('\n');
    }
    Ok((input, scores))
}

/// Child mode: the positions on standard input searched one by one, each with an emptied
/// table, as `grundy search connect4` searches (its options but the table and threads), for
/// the score alone.
fn grundy_set(args: &Args) -> Result<()> {
    let table_bytes = input::bytes("--table", &args.table).map_err(|e| e.to_string())?;
    let options = Options {
        table_bytes,
        threads: args.threads,
        ..Options::default()
    };
    let mut searcher: Option<Searcher> = None;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let moves = if line == "-" { "" } else { line.as_str() };
        let board = Board::from_moves(moves, 7, 6).map_err(|e| format!("line {}: {e}", i + 1))?;
        if searcher.as_ref().is_none_or(|s| s.game() != board.game) {
            searcher = Some(
                Searcher::new(board.game, options, &Budget::default())
                    .map_err(|e| e.to_string())?,
            );
        }
        let searcher = searcher.as_ref().expect("made above");
        if !args.keep_table {
            searcher.clear();
        }
        let start = Instant::now();
        // The score alone, as c4's `solve_strong` answers (no best move, no line).
        let (score, nodes) = searcher
            .score(board.position, &Budget::default())
            .map_err(|e| e.to_string())?;
        let us = start.elapsed().as_micros();
        writeln!(out, "{score} {nodes} {us}").map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The table's header.
fn header(rival: &str) {
    println!("| case | {rival} | grundy | grundy ÷ {rival} | load |");
    println!("|---|---|---|---|---|");
}

fn domineering(args: &Args, bin: &Path) -> Result<()> {
    let built = bin.join("Obsequi").is_file();
    println!(
        "\nDomineering: Obsequi (table 2^{} entries) against `grundy search domineering` \
         (table {}, {} thread(s)); {} run(s) each, by turns",
        args.obsequi_bits, args.dom_table, args.dom_threads, args.reps
    );
    if !built {
        println!(
            "Obsequi is not built ({} is missing): run bench/rivals/build.sh \
             (see bench/rivals/README.md); grundy runs alone",
            bin.join("Obsequi").display()
        );
    }
    header("Obsequi");
    for b in &args.boards {
        let (r, c) = b
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse::<u32>().ok()?, c.parse::<u32>().ok()?)))
            .ok_or_else(|| format!("--boards: {b} is not ROWSxCOLUMNS"))?;
        for first in ['V', 'H'] {
            let name = format!(
                "{r} × {c}, {} first",
                if first == 'V' {
                    "Vertical (Left)"
                } else {
                    "Horizontal (Right)"
                }
            );
            let mut rival = || obsequi(&bin.join("Obsequi"), r, c, first, args);
            let mut own = || grundy_domineering(r, c, first, args);
            let runs_grundy = r * c <= 128;
            case(
                &name,
                args.reps,
                built.then_some(&mut rival as Job),
                runs_grundy.then_some(&mut own as Job),
                (
                    "not built",
                    "not run: grundy's Domineering boards have at most 128 cells",
                ),
            )?;
        }
    }
    Ok(())
}

fn connect4(args: &Args, bin: &Path) -> Result<()> {
    let threads = args
        .c4_threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let big = bin.join("c4-solve-1g");
    let small = bin.join("c4-solve-64m");
    let built = big.is_file() && small.is_file();
    println!(
        "\nConnect Four: c4 (its settings: a thread a core) against `grundy search connect4` \
         ({threads} thread(s)); {} run(s) each, by turns",
        args.reps
    );
    if !built {
        println!(
            "c4 is not built ({} is missing): run bench/rivals/build.sh \
             (see bench/rivals/README.md); grundy runs alone",
            big.display()
        );
    }
    header("c4");
    let limit = Duration::from_secs_f64(args.limit);
    if !args.no_empty {
        let rival = || {
            run(&mut Command::new(&big), "-\n", limit)?
                .map(|r| set_answer(r, &[1], "c4"))
                .transpose()
        };
        let mut own = || {
            let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
            command.args(["search", "connect4", "", "--table", "1G", "--json"]);
            command.args(["--timeout", "none", "--threads", &threads.to_string()]);
            let Some(run) = run(&mut command, "", limit)? else {
                return Ok(None);
            };
            let json: serde_json::Value = serde_json::from_str(&run.out)
                .map_err(|e| format!("grundy's JSON: {e}: {}", run.out))?;
            let score = json["score"].as_i64().unwrap_or(i64::MIN);
            let out = format!("{score} {} 0", json["nodes"].as_u64().unwrap_or(0));
            let mut a = set_answer(Run { out, ..run }, &[1], "grundy")?;
            a.search = a.wall;
            Ok(Some(a))
        };
        let mut rival_answer = || {
            rival().map(|a| {
                a.map(|mut a| {
                    a.search = a.wall;
                    a
                })
            })
        };
        case(
            "empty 7 × 6, table 1 GiB",
            args.reps,
            built.then_some(&mut rival_answer as Job),
            Some(&mut own as Job),
            ("not built", ""),
        )?;
    }
    for (file, what) in [
        ("Test_L3_R1.txt", "endings"),
        ("Test_L2_R1.txt", "middle games"),
        ("Test_L1_R1.txt", "openings"),
    ] {
        let (input, scores) = pons(file, args.count)?;
        let mut rival = || {
            let mut command = Command::new(&small);
            if args.keep_table {
                command.arg("--keep");
            }
            run(&mut command, &input, limit)?
                .map(|r| set_answer(r, &scores, "c4"))
                .transpose()
        };
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut own = || {
            let mut command = Command::new(&exe);
            command.args(["--grundy-set", "--table", "64M", "--threads"]);
            command.arg(threads.to_string());
            if args.keep_table {
                command.arg("--keep-table");
            }
            run(&mut command, &input, limit)?
                .map(|r| set_answer(r, &scores, "grundy"))
                .transpose()
        };
        case(
            &format!(
                "Pons {what} ({}, {}), table 64 MiB{}",
                &file[..10],
                scores.len(),
                if args.keep_table { ", kept" } else { "" }
            ),
            args.reps,
            built.then_some(&mut rival as Job),
            Some(&mut own as Job),
            ("not built", ""),
        )?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = if args.grundy_set {
        grundy_set(&args)
    } else {
        let bin = args.rivals.clone().unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/rivals/bin")
        });
        println!(
            "grundy against its rivals, by turns; load average {} on {} core(s)",
            load(),
            std::thread::available_parallelism().map_or(1, |n| n.get())
        );
        let only = args.only.as_deref();
        match only {
            Some("domineering") | Some("connect4") | None => Ok(()),
            Some(o) => Err(format!("--only: {o} is neither domineering nor connect4")),
        }
        .and_then(|()| {
            if only != Some("connect4") {
                domineering(&args, &bin)?;
            }
            if only != Some("domineering") {
                connect4(&args, &bin)?;
            }
            Ok(())
        })
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rivals: {e}");
            ExitCode::FAILURE
        }
    }
}
