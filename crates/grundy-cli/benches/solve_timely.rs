//! Benchmark of the timely dataflow engine against the in-memory solver, in the same run.
//!
//! ```text
//! cargo bench -p grundy-cli --bench solve_timely
//! cargo bench -p grundy-cli --bench solve_timely -- --positions 1000000 --moves 10000000 --reps 3
//! ```
//!
//! The graph is the one of the `solve_graph` benchmark (random, full of cycles, 5 % terminal
//! positions), written to a text file. Measured, medians over `--reps` runs:
//!
//! - **Library**: from the file's bytes in memory to every position's answer. In memory:
//!   `grundy::graph::text::read` then `grundy::solve::solve`. Dataflow: `grundy_timely::solve`
//!   with 1 and 2 worker threads, which reads each worker's share, runs the rounds and sends
//!   every row to its writer; its phases are shown (read, start, rounds, output). Outcome and
//!   remoteness must agree with the in-memory solver at every position.
//! - **Processes**: the release `grundy` binary writing the TSV listing to a file: in memory;
//!   with `--engine timely --workers 2`; and as two processes of one worker each over
//!   loopback (127.0.0.1), whose parts are merged with `grundy merge` and compared with the
//!   in-memory listing (outcome and remoteness, line by line).

use std::error::Error;
use std::fs::{self, File};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use grundy::graph::text;
use grundy::progress::NoProgress;
use grundy::solve::{solve, SolveOptions};
use grundy_timely::{Cell, Cluster, Input, Job, Network, Part, Values};

#[path = "common/processes.rs"]
mod processes;
#[path = "common/random_graph.rs"]
mod random_graph;

use clap::Parser;
use processes::{free_ports, median, secs, TempFiles};
use random_graph::GraphArgs;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// What to run, from the command line: the random graph of the `solve_graph` benchmark.
#[derive(Parser, Debug)]
#[command(name = "solve_timely")]
struct Config {
    #[command(flatten)]
    graph: GraphArgs,
}

impl Config {
    fn from_args() -> Result<Config> {
        let config = Config::parse();
        config.graph.check()?;
        Ok(config)
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("solve_timely: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<()> {
    let config = Config::from_args()?;
    let files = TempFiles::new("timely");
    let n = config.graph.positions;
    let mean = config.graph.mean_degree();
    let mut file = BufWriter::with_capacity(1 << 20, File::create(files.path("graph.txt"))?);
    let mut move_count = 0u64;
    random_graph::generate(
        config.graph.seed,
        n,
        mean,
        config.graph.terminal,
        |u, targets| {
            move_count += targets.len() as u64;
            random_graph::write_position(&mut file, u, targets)
        },
    )?;
    file.flush()?;
    drop(file);
    let graph_path = files.path("graph.txt");
    let bytes = fs::read(&graph_path)?;
    println!(
        "timely benchmark: {n} positions, {move_count} moves ({:.0} MB of text), seed {}, \
         median of {} run(s)",
        bytes.len() as f64 / 1e6,
        config.graph.seed,
        config.graph.reps
    );

    // Library, in memory: read and solve.
    let mut memory_times = Vec::new();
    let mut solution = None;
    let mut memory_solve_times = Vec::new();
    for _ in 0..config.graph.reps {
        let start = Instant::now();
        let graph = text::read(&bytes[..], "graph", &NoProgress)?;
        let read = start.elapsed();
        let solved = solve(&graph, &SolveOptions::default())?;
        memory_times.push(start.elapsed());
        memory_solve_times.push(start.elapsed() - read);
        solution = Some((graph, solved));
    }
    let (graph, solution) = solution.expect("one run at least");
    let memory = median(&mut memory_times);
    println!(
        "library, in memory (read + solve):      {:6.2} s (solve alone {:.2} s)",
        secs(memory),
        secs(median(&mut memory_solve_times))
    );
    let mut rounds = 0;
    let input = Input::from(&bytes[..]);
    for workers in [1, 2] {
        let mut times = Vec::new();
        let mut phases = Vec::new();
        for _ in 0..config.graph.reps {
            let job = Job {
                values: Values::Outcome,
                misere: false,
            };
            let start = Instant::now();
            let part =
                grundy_timely::solve(input.clone(), "graph", &job, &Cluster::threads(workers))?;
            times.push(start.elapsed());
            check(&graph, &solution, &part)?;
            rounds = part.summary.rounds;
            phases.push(part.timings);
        }
        let time = median(&mut times);
        let t = phases[phases.len() / 2];
        println!(
            "library, timely, {workers} worker(s):           {:6.2} s = {:.2}x in memory \
             (read {:.2}, start {:.2}, rounds {:.2}, output {:.2})",
            secs(time),
            secs(time) / secs(memory),
            secs(t.read),
            secs(t.start),
            secs(t.rounds),
            secs(t.output)
        );
    }
    // Two processes of the library over loopback, as two threads of this one: each reads
    // only its half of the file.
    let mut times = Vec::new();
    let mut reads = Vec::new();
    for _ in 0..config.graph.reps {
        let start = Instant::now();
        let parts = library_processes(&input)?;
        times.push(start.elapsed());
        reads.push([parts[0].timings.read, parts[1].timings.read]);
    }
    let time = median(&mut times);
    reads.sort();
    let [read0, read1] = reads[reads.len() / 2];
    println!(
        "library, timely, 2 processes (loopback): {:6.2} s = {:.2}x in memory (read: process 0 \
         {:.2} s, process 1 {:.2} s)",
        secs(time),
        secs(time) / secs(memory),
        secs(read0),
        secs(read1)
    );
    let (w, l, d) = solution.counts();
    println!("outcomes: {w} win, {l} loss, {d} draw; {rounds} rounds (largest remoteness + 1)");

    // Whole processes: the grundy binary writing the listing.
    let grundy = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let listing = files.path("memory.tsv");
    let mut times = Vec::new();
    for _ in 0..config.graph.reps {
        times.push(timed(grundy, &graph_path, &[], &listing)?);
    }
    let memory_process = median(&mut times);
    println!(
        "grundy solve, in memory:                 {:6.2} s",
        secs(memory_process)
    );
    let threads = files.path("threads.tsv");
    let mut times = Vec::new();
    for _ in 0..config.graph.reps {
        let args = ["--engine", "timely", "--workers", "2"];
        times.push(timed(grundy, &graph_path, &args, &threads)?);
    }
    compare(&listing, &threads)?;
    let time = median(&mut times);
    println!(
        "grundy solve, timely, 2 workers:         {:6.2} s = {:.2}x in memory",
        secs(time),
        secs(time) / secs(memory_process)
    );
    let mut times = Vec::new();
    let merged = files.path("merged.tsv");
    for _ in 0..config.graph.reps {
        times.push(two_processes(grundy, &graph_path, &files, &merged)?);
    }
    compare(&listing, &merged)?;
    let time = median(&mut times);
    println!(
        "grundy solve, timely, 2 processes (loopback, 1 worker each): {:6.2} s = {:.2}x in memory",
        secs(time),
        secs(time) / secs(memory_process)
    );
    Ok(())
}

/// Outcome and remoteness of every row against the in-memory solution.
fn check(graph: &grundy::GameGraph, solution: &grundy::solve::Solution, part: &Part) -> Result<()> {
    if part.rows.len() != graph.position_count() {
        return Err("the dataflow lost rows".into());
    }
    for (p, row) in part.rows.iter().enumerate() {
        let p = p as u32;
        let Cell::Outcome {
            outcome,
            remoteness,
            ..
        } = row.cell
        else {
            return Err("an outcome row expected".into());
        };
        if (outcome, remoteness) != (solution.outcome(p), solution.remoteness(p)) {
            return Err(format!("position {} differs from the in-memory solver", row.node).into());
        }
    }
    Ok(())
}

/// Solves `input` by two library processes of one worker each over loopback (two threads
/// here); returns their parts.
fn library_processes(input: &Input) -> Result<Vec<Part>> {
    let hosts = free_ports()?
        .iter()
        .map(|port| format!("127.0.0.1:{port}"))
        .collect::<Vec<_>>();
    let job = Job {
        values: Values::Outcome,
        misere: false,
    };
    let runs: Vec<_> = (0..2)
        .map(|process| {
            let cluster = Cluster {
                workers: 1,
                network: Some(Network {
                    process,
                    hosts: hosts.clone(),
                    connect_timeout: Duration::from_secs(60),
                }),
            };
            let input = input.clone();
            std::thread::spawn(move || grundy_timely::solve(input, "graph", &job, &cluster))
        })
        .collect();
    let mut parts = Vec::new();
    for run in runs {
        parts.push(run.join().map_err(|_| "a process panicked")??);
    }
    Ok(parts)
}

/// Runs `grundy solve GRAPH --format tsv ARGS` into `output`; returns its wall time.
fn timed(grundy: &Path, graph: &Path, args: &[&str], output: &Path) -> Result<Duration> {
    let start = Instant::now();
    let status = Command::new(grundy)
        .arg("solve")
        .arg(graph)
        .args(["--format", "tsv"])
        .args(args)
        .stdout(File::create(output)?)
        .status()?;
    if !status.success() {
        return Err(format!("grundy solve {args:?} failed").into());
    }
    Ok(start.elapsed())
}

/// Runs the solve as two processes over loopback and merges their parts into `merged`;
/// returns the wall time from the start of both to the end of the merge.
fn two_processes(
    grundy: &Path,
    graph: &Path,
    files: &TempFiles,
    merged: &Path,
) -> Result<Duration> {
    let ports = free_ports()?;
    let hosts = files.path("hosts");
    fs::write(
        &hosts,
        format!("127.0.0.1:{}\n127.0.0.1:{}\n", ports[0], ports[1]),
    )?;
    let start = Instant::now();
    let parts = [files.path("part-0.tsv"), files.path("part-1.tsv")];
    let children: Vec<Child> = ["0", "1"]
        .iter()
        .zip(&parts)
        .map(|(process, part)| {
            Command::new(grundy)
                .arg("solve")
                .arg(graph)
                .args([
                    "--format",
                    "tsv",
                    "--engine",
                    "timely",
                    "--process",
                    process,
                ])
                .arg("--hostfile")
                .arg(&hosts)
                .stdout(File::create(part)?)
                .stderr(Stdio::inherit())
                .spawn()
        })
        .collect::<std::io::Result<_>>()?;
    for mut child in children {
        if !child.wait()?.success() {
            return Err("a process of the run failed".into());
        }
    }
    let status = Command::new(grundy)
        .arg("merge")
        .args(&parts)
        .arg("--output")
        .arg(merged)
        .status()?;
    if !status.success() {
        return Err("grundy merge failed".into());
    }
    Ok(start.elapsed())
}

/// Outcome and remoteness (the first three columns) of two listings, line by line.
fn compare(expected: &Path, found: &Path) -> Result<()> {
    let lines = |path: &Path| -> Result<Vec<String>> {
        let mut out = Vec::new();
        for line in BufReader::new(File::open(path)?).lines() {
            let line = line?;
            let three: Vec<&str> = line.split('\t').take(3).collect();
            out.push(three.join("\t"));
        }
        Ok(out)
    };
    if lines(expected)? != lines(found)? {
        return Err(format!("{} differs from the in-memory listing", found.display()).into());
    }
    Ok(())
}
