//! Benchmark of `grundy solve` on a large random position graph with cycles.
//!
//! ```text
//! cargo bench -p grundy-cli --bench solve_graph
//! cargo bench -p grundy-cli --bench solve_graph -- --positions 1000000 --moves 10000000 --reps 3
//! cargo bench -p grundy-cli --bench solve_graph -- --positions 10000000 --moves 100000000 --skip-baseline
//! ```
//!
//! The graph is drawn with a fixed seed: a fraction of the positions (5 % by default) are
//! terminal, every other position has an out-degree drawn uniformly from `1..=2d-1` (with `d`
//! chosen so that the total is about `--moves`), and every move goes to a position drawn
//! uniformly at random. Such a graph is full of cycles. The terminal fraction sets the mix of
//! outcomes: around 6 % and more almost nothing is drawn, at 5 % about two thirds of the
//! positions are wins, an eighth losses and a fifth draws, and below that draws take over.
//! The report shows the mix.
//!
//! Two things are measured, each against a straightforward implementation of the same classic
//! retrograde algorithm (a `Vec<Vec<u32>>` of predecessors, out-degree counters and one FIFO
//! queue), so that the numbers say what the engine's layout and I/O are worth:
//!
//! - **In memory**: `grundy::solve::solve` on a [`GameGraph`] built beforehand, timed including
//!   the predecessor lists it builds inside, against the baseline timed from the edge list
//!   (including building its `Vec<Vec<u32>>`). Both must agree on the outcome and remoteness of
//!   every position, and every best move of grundy is checked; the benchmark panics otherwise.
//!   `solve` runs in a rayon pool of one thread and in one of two, in turns, and the two
//!   solutions must be identical (best moves too); the ratio of their times is reported.
//! - **End to end**: the release `grundy` binary running `grundy solve FILE --format tsv` into a
//!   file, against an in-process baseline that reads the file with `read_to_string`, `lines`,
//!   `split_whitespace` and `parse`, solves, and writes the same TSV through a `BufWriter`. The
//!   two outputs must agree on every position's outcome and remoteness (best moves may differ
//!   between equally good moves). The peak resident memory of the `grundy` process is taken
//!   from `wait4` and reported per move. Linux counts in a child's peak the resident set of
//!   the process it was spawned from (the address space it had before `exec`), so `grundy` is
//!   not spawned from this large process but from a small copy of it, this binary re-run with
//!   `--run-grundy`, which reports the time and peak memory of its child.
//!
//! Times are medians over `--reps` runs. With `--skip-baseline` only the end-to-end `grundy`
//! run is made (and the graph is streamed to its file, never held in memory), which is how
//! graphs of 10^8 moves are demonstrated; with `--in-memory` only the in-memory measurement.

use std::collections::VecDeque;
use std::error::Error;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{self, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use grundy::graph::text;
use grundy::progress::NoProgress;
use grundy::solve::{solve, Solution, SolveOptions};
use grundy::{GameGraph, Outcome};

#[path = "common/random_graph.rs"]
mod random_graph;

use clap::Parser;
use random_graph::GraphArgs;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// What to run, from the command line.
#[derive(Parser, Debug)]
#[command(name = "solve_graph")]
struct Config {
    #[command(flatten)]
    graph: GraphArgs,
    /// Only the end-to-end grundy run and its peak memory (for very large graphs).
    #[arg(long)]
    skip_baseline: bool,
    /// Only the in-memory measurement (one thread, two, and the baseline).
    #[arg(long = "in-memory")]
    in_memory_only: bool,
}

impl Config {
    fn from_args() -> Result<Config> {
        let config = Config::parse();
        config.graph.check()?;
        if config.skip_baseline && config.in_memory_only {
            return Err("--skip-baseline and --in-memory leave nothing to measure".into());
        }
        Ok(config)
    }
}

/// The helper mode: `--run-grundy INPUT OUTPUT` runs `grundy solve` and prints its time and
/// peak memory.
const RUN_GRUNDY: &str = "--run-grundy";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("solve_graph: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, input, output] = &args[..] {
        if flag == RUN_GRUNDY {
            let (time, peak) = measure_grundy(Path::new(input), Path::new(output))?;
            println!("{} {peak}", time.as_nanos());
            return Ok(());
        }
    }
    let config = Config::from_args()?;
    let run_start = Instant::now();
    let files = TempFiles::new();
    let n = config.graph.positions;
    println!(
        "grundy solve benchmark: {n} positions, ~{} moves, {:.1} % terminal, seed {}, \
         median of {} run(s)",
        config.graph.moves,
        100.0 * config.graph.terminal,
        config.graph.seed,
        config.graph.reps
    );

    // The graph, written to the text file as it is drawn (and kept as an edge list unless
    // only the end-to-end grundy run is wanted).
    let start = Instant::now();
    let keep_edges = !config.skip_baseline;
    let mut edges: Vec<(u32, u32)> = Vec::new();
    if keep_edges {
        edges.reserve(config.graph.moves as usize + config.graph.moves as usize / 64);
    }
    let mut file = BufWriter::with_capacity(1 << 20, File::create(&files.graph)?);
    let (mut move_count, mut terminal_count) = (0u64, 0u64);
    random_graph::generate(
        config.graph.seed,
        n,
        config.graph.mean_degree(),
        config.graph.terminal,
        |u, targets| {
            move_count += targets.len() as u64;
            if targets.is_empty() {
                terminal_count += 1;
            }
            if keep_edges {
                edges.extend(targets.iter().map(|&v| (u, v)));
            }
            random_graph::write_position(&mut file, u, targets)
        },
    )?;
    file.flush()?;
    drop(file);
    let file_size = fs::metadata(&files.graph)?.len();
    println!(
        "graph: {n} positions ({terminal_count} terminal), {move_count} moves; drawn and \
         written in {:.2} s ({:.0} MB of text)",
        secs(start.elapsed()),
        file_size as f64 / 1e6
    );

    let in_memory = match config.skip_baseline {
        true => None,
        false => Some(in_memory(&config, &edges)?),
    };
    drop(edges);
    if config.in_memory_only {
        println!("total {:.1} s", secs(run_start.elapsed()));
        return Ok(());
    }

    // End to end: the grundy binary against the baseline program, on the same file.
    let mut grundy_times = Vec::new();
    let mut peak_rss = 0u64;
    for _ in 0..config.graph.reps {
        let (time, rss) = run_grundy(&files.graph, &files.grundy_out)?;
        grundy_times.push(time);
        peak_rss = peak_rss.max(rss);
    }
    let grundy_time = median(&mut grundy_times);
    let scan = scan_tsv(&files.grundy_out)?;
    assert_eq!(
        scan.lines, n as u64,
        "grundy solve --format tsv must print one line per position"
    );
    match &in_memory {
        None => {
            print_counts(&scan.counts, n);
            println!(
                "end-to-end: grundy {:.3} s ({:.0} M moves/s)",
                secs(grundy_time),
                move_count as f64 / secs(grundy_time) / 1e6
            );
        }
        Some(in_memory) => end_to_end_baseline(&config, &files, grundy_time, in_memory)?,
    }
    println!(
        "  grundy peak memory: {:.1} MB = {:.1} bytes/move (target <= 16)",
        peak_rss as f64 / 1e6,
        peak_rss as f64 / move_count as f64
    );
    println!("total {:.1} s", secs(run_start.elapsed()));
    Ok(())
}

/// The end-to-end baseline, compared with the `grundy` run: its time, the agreement of the two
/// outputs, and where the time of the `grundy` run goes (measured with the library in this
/// process).
fn end_to_end_baseline(
    config: &Config,
    files: &TempFiles,
    grundy_time: Duration,
    in_memory: &InMemory,
) -> Result<()> {
    let mut baseline_times = Vec::new();
    for _ in 0..config.graph.reps {
        let start = Instant::now();
        baseline_program(&files.graph, &files.baseline_out)?;
        baseline_times.push(start.elapsed());
    }
    let baseline_time = median(&mut baseline_times);
    compare_tsv(
        &files.grundy_out,
        &files.baseline_out,
        config.graph.positions,
    )?;
    println!(
        "end-to-end: grundy {:.3} s, baseline {:.3} s, grundy {:.1}x faster (target >= 3x); \
         outputs agree",
        secs(grundy_time),
        secs(baseline_time),
        secs(baseline_time) / secs(grundy_time)
    );

    let start = Instant::now();
    let read = text::read_path(&files.graph, &NoProgress)?;
    let read_time = start.elapsed();
    assert_eq!(
        read.moves(),
        in_memory.graph.moves(),
        "the text file must hold the generated graph"
    );
    println!(
        "  grundy phases (in process): read+parse {:.3} s, solve {:.3} s, \
         the rest (TSV output, process start) ~{:.3} s",
        secs(read_time),
        secs(in_memory.time),
        secs(grundy_time.saturating_sub(read_time + in_memory.time))
    );
    Ok(())
}

/// What the end-to-end part reuses of the in-memory part: the graph and the solve time.
struct InMemory {
    graph: GameGraph,
    time: Duration,
}

/// Times grundy's solver and the baseline on the graph in memory, and checks they agree.
fn in_memory(config: &Config, edges: &[(u32, u32)]) -> Result<InMemory> {
    let n = config.graph.positions;
    let start = Instant::now();
    let graph = GameGraph::from_moves(n, edges);
    let build_time = start.elapsed();

    // One thread and two, each in a pool of its own, taken in turns so that both see the
    // same state of the machine.
    let options = SolveOptions::default();
    let pools = [1, 2].map(|threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool")
    });
    let mut times = [Vec::new(), Vec::new()];
    let mut solutions = [None, None];
    for _ in 0..config.graph.reps {
        for ((pool, times), solution) in pools.iter().zip(&mut times).zip(&mut solutions) {
            drop(solution.take());
            let start = Instant::now();
            *solution = Some(pool.install(|| solve(&graph, &options))?);
            times.push(start.elapsed());
        }
    }
    let [one_thread, time] = times.map(|mut t| median(&mut t));
    let [one_solution, solution] = solutions.map(|s| s.expect("at least one run"));
    assert!(
        one_solution == solution,
        "the solutions with one thread and two differ"
    );
    drop(one_solution);
    // The predecessor lists that solve builds first, on their own (two threads).
    let mut transpose_times = Vec::new();
    for _ in 0..config.graph.reps {
        let start = Instant::now();
        let preds = pools[1].install(|| graph.moves().transpose());
        transpose_times.push(start.elapsed());
        drop(preds);
    }
    let transpose_time = median(&mut transpose_times);

    let mut baseline_times = Vec::new();
    let mut baseline = None;
    for _ in 0..config.graph.reps {
        drop(baseline.take());
        let start = Instant::now();
        baseline = Some(baseline_in_memory(n, edges));
        baseline_times.push(start.elapsed());
    }
    let baseline_time = median(&mut baseline_times);
    let baseline = baseline.expect("at least one run");

    for p in 0..n {
        let i = p as usize;
        assert_eq!(
            (solution.outcome(p), solution.remoteness(p)),
            (baseline.outcome[i], baseline.remoteness(p)),
            "grundy and the baseline disagree on position {p}"
        );
    }
    check_best_moves(&graph, &solution);

    print_counts(&count(&baseline.outcome), n);
    let max_remoteness = (0..n).filter_map(|p| solution.remoteness(p)).max();
    let speed = |t: Duration| edges.len() as f64 / secs(t) / 1e6;
    println!(
        "in-memory solve: grundy {:.3} s ({:.0} M moves/s) with two threads, baseline {:.3} s \
         ({:.0} M moves/s), grundy {:.1}x faster",
        secs(time),
        speed(time),
        secs(baseline_time),
        speed(baseline_time),
        secs(baseline_time) / secs(time)
    );
    println!(
        "  grundy with one thread {:.3} s ({:.0} M moves/s): two threads {:.2}x faster \
         (target >= 1.7x); identical solutions",
        secs(one_thread),
        speed(one_thread),
        secs(one_thread) / secs(time)
    );
    println!(
        "  grundy solve phases (two threads): predecessors (Csr::transpose) {:.3} s, \
         retrograde pass and the rest {:.3} s; GameGraph::from_moves beforehand {:.3} s",
        secs(transpose_time),
        secs(time.saturating_sub(transpose_time)),
        secs(build_time)
    );
    println!(
        "  all {n} positions agree on outcome and remoteness (up to {}); best moves checked",
        max_remoteness.unwrap_or(0)
    );
    Ok(InMemory { graph, time })
}

/// The baseline's solution: outcome, remoteness (`u32::MAX` for draws) and the move that
/// decided each position (`u32::MAX` for none).
struct Baseline {
    outcome: Vec<Outcome>,
    remoteness: Vec<u32>,
    best: Vec<u32>,
}

impl Baseline {
    fn remoteness(&self, p: u32) -> Option<u32> {
        Some(self.remoteness[p as usize]).filter(|&r| r != u32::MAX)
    }
}

/// The baseline from an edge list: predecessor lists as `Vec<Vec<u32>>`, then [`retrograde`].
fn baseline_in_memory(n: u32, edges: &[(u32, u32)]) -> Baseline {
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n as usize];
    let mut degree = vec![0u32; n as usize];
    for &(u, v) in edges {
        preds[v as usize].push(u);
        degree[u as usize] += 1;
    }
    retrograde(&preds, degree)
}

/// The classic retrograde analysis with one FIFO queue: terminal positions are losses in 0
/// moves; a popped loss makes its undecided predecessors wins, one move further; a popped win
/// counts down each undecided predecessor's remaining moves, and one left with none is a loss,
/// one move further. Whatever is never decided is a draw.
fn retrograde(preds: &[Vec<u32>], mut remaining: Vec<u32>) -> Baseline {
    let n = preds.len();
    let mut outcome = vec![Outcome::Draw; n];
    let mut remoteness = vec![u32::MAX; n];
    let mut best = vec![u32::MAX; n];
    let mut queue = VecDeque::new();
    for p in 0..n {
        if remaining[p] == 0 {
            outcome[p] = Outcome::Loss;
            remoteness[p] = 0;
            queue.push_back(p as u32);
        }
    }
    while let Some(t) = queue.pop_front() {
        let t_outcome = outcome[t as usize];
        let next = remoteness[t as usize] + 1;
        for &s in &preds[t as usize] {
            let s = s as usize;
            if outcome[s] != Outcome::Draw {
                continue;
            }
            if t_outcome == Outcome::Loss {
                outcome[s] = Outcome::Win;
            } else {
                remaining[s] -= 1;
                if remaining[s] > 0 {
                    continue;
                }
                outcome[s] = Outcome::Loss;
            }
            remoteness[s] = next;
            best[s] = t;
            queue.push_back(s as u32);
        }
    }
    Baseline {
        outcome,
        remoteness,
        best,
    }
}

/// The end-to-end baseline: reads the text file the plain way, solves with [`retrograde`] and
/// writes `node outcome remoteness best` rows, tab-separated, `-` when empty.
fn baseline_program(input: &Path, output: &Path) -> Result<()> {
    let text = fs::read_to_string(input)?;
    let mut preds: Vec<Vec<u32>> = Vec::new();
    let mut degree: Vec<u32> = Vec::new();
    for line in text.lines() {
        let mut ids = line.split_whitespace().map(str::parse::<u32>);
        let Some(u) = ids.next().transpose()? else {
            continue;
        };
        let v = ids.next().transpose()?;
        let top = v.map_or(u, |v| v.max(u)) as usize;
        if top >= preds.len() {
            preds.resize_with(top + 1, Vec::new);
            degree.resize(top + 1, 0);
        }
        if let Some(v) = v {
            preds[v as usize].push(u);
            degree[u as usize] += 1;
        }
    }
    drop(text);
    let solution = retrograde(&preds, degree);
    drop(preds);

    let mut out = BufWriter::new(File::create(output)?);
    for (p, &outcome) in solution.outcome.iter().enumerate() {
        write!(out, "{p}\t{outcome}\t")?;
        match solution.remoteness[p] {
            u32::MAX => out.write_all(b"-\t")?,
            r => write!(out, "{r}\t")?,
        }
        match solution.best[p] {
            u32::MAX => out.write_all(b"-\n")?,
            q => writeln!(out, "{q}")?,
        }
    }
    out.flush()?;
    Ok(())
}

/// Checks every best move of grundy's solution: a win's goes to a loss one move nearer, a
/// non-terminal loss's to a win one move nearer, a non-terminal draw's to a draw.
fn check_best_moves(graph: &GameGraph, solution: &Solution) {
    for p in 0..graph.position_count() as u32 {
        let best = solution.best_move(p);
        let Some(q) = best else {
            assert!(
                graph.options(p).is_empty(),
                "position {p} has moves but no best move"
            );
            continue;
        };
        assert!(
            graph.options(p).contains(&q),
            "best move {p} -> {q} is not a move"
        );
        let expected = match solution.outcome(p) {
            Outcome::Win => (Outcome::Loss, solution.remoteness(p).map(|r| r - 1)),
            Outcome::Loss => (Outcome::Win, solution.remoteness(p).map(|r| r - 1)),
            Outcome::Draw => (Outcome::Draw, None),
        };
        assert_eq!(
            (solution.outcome(q), solution.remoteness(q)),
            expected,
            "best move {p} -> {q} is not best"
        );
    }
}

/// Runs `grundy solve INPUT --format tsv > OUTPUT` from a small helper process (see the module
/// documentation); returns its wall time and peak resident memory in bytes.
fn run_grundy(input: &Path, output: &Path) -> Result<(Duration, u64)> {
    let helper = Command::new(std::env::current_exe()?)
        .arg(RUN_GRUNDY)
        .arg(input)
        .arg(output)
        .stderr(Stdio::inherit())
        .output()?;
    if !helper.status.success() {
        return Err(format!("{RUN_GRUNDY} failed ({})", helper.status).into());
    }
    let report = String::from_utf8(helper.stdout)?;
    let (nanos, peak) = report
        .trim()
        .split_once(' ')
        .ok_or_else(|| format!("unexpected {RUN_GRUNDY} report {report:?}"))?;
    Ok((Duration::from_nanos(nanos.parse()?), peak.parse()?))
}

/// Runs `grundy solve INPUT --format tsv > OUTPUT` as a child of this process; returns its
/// wall time and peak resident memory in bytes.
fn measure_grundy(input: &Path, output: &Path) -> Result<(Duration, u64)> {
    let stdout = File::create(output)?;
    let start = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("solve")
        .arg(input)
        .args(["--format", "tsv"])
        .stdout(stdout)
        .spawn()?;
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: rusage is plain old data, for which all zeroes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `status` and `usage` are valid for writes; `pid` is our unwaited child.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error.into());
        }
    }
    let time = start.elapsed();
    // The child is reaped: `Child` must not wait on it again.
    drop(child);
    if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        return Err(format!("grundy solve failed (wait status {status})").into());
    }
    // ru_maxrss is in KiB on Linux.
    Ok((time, usage.ru_maxrss as u64 * 1024))
}

/// What a TSV output holds: its number of lines and of each outcome.
struct TsvScan {
    lines: u64,
    counts: [u64; 3],
}

/// Counts the lines and outcomes of a TSV output, streaming.
fn scan_tsv(path: &Path) -> Result<TsvScan> {
    let mut scan = TsvScan {
        lines: 0,
        counts: [0; 3],
    };
    for line in BufReader::with_capacity(1 << 20, File::open(path)?).lines() {
        let line = line?;
        let outcome = line.split('\t').nth(1).and_then(Outcome::from_word);
        let outcome = outcome.ok_or_else(|| format!("bad TSV line {line:?}"))?;
        scan.counts[outcome as usize] += 1;
        scan.lines += 1;
    }
    Ok(scan)
}

/// Checks that two TSV outputs have `n` rows each and agree on the first three columns.
fn compare_tsv(grundy: &Path, baseline: &Path, n: u32) -> Result<()> {
    let (a, b) = (fs::read_to_string(grundy)?, fs::read_to_string(baseline)?);
    assert_eq!(a.lines().count(), n as usize, "grundy TSV rows");
    assert_eq!(b.lines().count(), n as usize, "baseline TSV rows");
    // Node, outcome and remoteness: all but the last column.
    fn key(row: &str) -> Option<&str> {
        row.rsplit_once('\t').map(|(head, _)| head)
    }
    for (row, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        assert_eq!(key(x), key(y), "TSV outputs disagree at row {row}");
    }
    Ok(())
}

fn count(outcomes: &[Outcome]) -> [u64; 3] {
    let mut counts = [0; 3];
    for &o in outcomes {
        counts[o as usize] += 1;
    }
    counts
}

fn print_counts(counts: &[u64; 3], n: u32) {
    let pct = |c: u64| 100.0 * c as f64 / f64::from(n);
    println!(
        "outcomes: win {} ({:.1} %), loss {} ({:.1} %), draw {} ({:.1} %)",
        counts[Outcome::Win as usize],
        pct(counts[Outcome::Win as usize]),
        counts[Outcome::Loss as usize],
        pct(counts[Outcome::Loss as usize]),
        counts[Outcome::Draw as usize],
        pct(counts[Outcome::Draw as usize]),
    );
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    let mid = times.len() / 2;
    if times.len() % 2 == 1 {
        times[mid]
    } else {
        (times[mid - 1] + times[mid]) / 2
    }
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// The benchmark's files in the temporary directory, removed at the end (also on panic).
struct TempFiles {
    graph: PathBuf,
    grundy_out: PathBuf,
    baseline_out: PathBuf,
}

impl TempFiles {
    fn new() -> TempFiles {
        let dir = std::env::temp_dir();
        let name = |what: &str| dir.join(format!("grundy-bench-{}-{what}", process::id()));
        TempFiles {
            graph: name("graph.txt"),
            grundy_out: name("grundy.tsv"),
            baseline_out: name("baseline.tsv"),
        }
    }
}

impl Drop for TempFiles {
    fn drop(&mut self) {
        for path in [&self.graph, &self.grundy_out, &self.baseline_out] {
            let _ = fs::remove_file(path);
        }
    }
}
