//! Benchmark of strong solving by tiers on timely dataflow against the in-memory tiered
//! solver, in the same run.
//!
//! ```text
//! cargo bench -p grundy-cli --bench strong_timely                      # Connect Four 5 × 4
//! cargo bench -p grundy-cli --bench strong_timely -- --width 7 --height 4
//! ```
//!
//! Each run is the release `grundy strong connect4 --width W --height H DIR` as a whole
//! process, two for the runs over loopback (127.0.0.1, each process in its own folder):
//! in memory (`--engine memory`, the baseline, on every core), then `--engine timely` with 1
//! and 2 workers, and 2 processes of 1 and of 2 workers. Measured: the wall time (the median
//! of `--reps` runs, from the start of the first process to the end of the last), each
//! process's peak resident memory (`wait4`), the bytes the workers exchanged and the files'
//! bytes. Every run's value of the empty board and counts of wins, losses and draws in every
//! tier must equal the baseline's.

use std::error::Error;
use std::fs::{self, File};
use std::path::Path;
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use serde_json::Value;

#[path = "common/processes.rs"]
mod processes;

use processes::{free_ports, median, secs, TempFiles};

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// The board and the repetitions, from the command line.
#[derive(Parser, Debug)]
#[command(name = "strong_timely")]
struct Config {
    /// Columns of the Connect Four board.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=16))]
    width: u32,
    /// Rows of the Connect Four board.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=16))]
    height: u32,
    /// Runs per measurement; the median is reported.
    #[arg(long, value_name = "R", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=100))]
    reps: u32,
    /// Passed by `cargo bench` to every benchmark binary; ignored.
    #[arg(long, hide = true)]
    bench: bool,
}

/// One way to run the solve: the in-memory engine, or `workers` timely workers in each of
/// `processes` processes.
struct Shape {
    label: &'static str,
    timely: Option<(u32, u32)>,
}

const SHAPES: [Shape; 5] = [
    Shape {
        label: "in memory (baseline)",
        timely: None,
    },
    Shape {
        label: "timely, 1 worker",
        timely: Some((1, 1)),
    },
    Shape {
        label: "timely, 2 workers",
        timely: Some((2, 1)),
    },
    Shape {
        label: "timely, 2 processes of 1 worker",
        timely: Some((1, 2)),
    },
    Shape {
        label: "timely, 2 processes of 2 workers",
        timely: Some((2, 2)),
    },
];

/// What a run reports: the answers compared between runs, and the figures shown.
struct Run {
    /// The empty board's value, where a process reports it (a process of several whose
    /// folder holds only its own part may not), as "loss in 24 moves".
    start: Option<String>,
    /// Each tier's (tier, positions, wins, losses, draws).
    tiers: Vec<[u64; 5]>,
    wall: Duration,
    /// Each process's peak resident memory, in bytes.
    peaks: Vec<u64>,
    exchanged: u64,
    /// The files of every process, in bytes.
    bytes: u64,
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("strong_timely: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<()> {
    let config = Config::parse();
    let files = TempFiles::new("strong-timely");
    let grundy = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let mut baseline: Option<Run> = None;
    for shape in &SHAPES {
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..config.reps {
            let run = solve(grundy, &config, shape, &files)?;
            times.push(run.wall);
            last = Some(run);
        }
        let mut run = last.expect("one run at least");
        run.wall = median(&mut times);
        let peaks: Vec<String> = run
            .peaks
            .iter()
            .map(|p| format!("{:.0} MB", *p as f64 / 1e6))
            .collect();
        match &baseline {
            None => {
                let positions: u64 = run.tiers.iter().map(|t| t[1]).sum();
                println!(
                    "connect4 {}x{}: {positions} positions in {} tiers, the empty board {}; \
                     median of {} run(s)",
                    config.width,
                    config.height,
                    run.tiers.len(),
                    run.start.as_deref().unwrap_or("not reported"),
                    config.reps
                );
                println!(
                    "{:34} {:8.2} s, peak {}, files {:.1} MB",
                    shape.label,
                    secs(run.wall),
                    peaks.join(" and "),
                    run.bytes as f64 / 1e6
                );
                baseline = Some(run);
            }
            Some(base) => {
                let start_differs = run.start.is_some() && run.start != base.start;
                if start_differs || run.tiers != base.tiers {
                    return Err(format!(
                        "{}: the empty board or a tier's counts differ from the in-memory \
                         solver's",
                        shape.label
                    )
                    .into());
                }
                println!(
                    "{:34} {:8.2} s = {:.2}x in memory, peak {}, exchanged {:.2} GB, files \
                     {:.1} MB",
                    shape.label,
                    secs(run.wall),
                    secs(run.wall) / secs(base.wall),
                    peaks.join(" and "),
                    run.exchanged as f64 / 1e9,
                    run.bytes as f64 / 1e6
                );
            }
        }
    }
    println!("every run's empty board and tier counts equal the in-memory solver's");
    Ok(())
}

/// Solves the board once in `shape`, in fresh folders.
fn solve(grundy: &Path, config: &Config, shape: &Shape, files: &TempFiles) -> Result<Run> {
    let (workers, processes) = shape.timely.unwrap_or((1, 1));
    let hosts = files.path("hosts");
    if processes > 1 {
        let ports = free_ports()?;
        fs::write(
            &hosts,
            format!("127.0.0.1:{}\n127.0.0.1:{}\n", ports[0], ports[1]),
        )?;
    }
    let mut children = Vec::new();
    let start = Instant::now();
    for process in 0..processes {
        let dir = files.path(&format!("solution-{process}"));
        let _ = fs::remove_dir_all(&dir);
        let output = files.path(&format!("report-{process}.json"));
        let mut command = Command::new(grundy);
        command
            .args(["strong", "connect4", "--json", "--width"])
            .arg(config.width.to_string())
            .arg("--height")
            .arg(config.height.to_string())
            .arg(&dir);
        if shape.timely.is_some() {
            command
                .args(["--engine", "timely", "--workers"])
                .arg(workers.to_string());
        }
        if processes > 1 {
            command
                .arg("--hostfile")
                .arg(&hosts)
                .arg("--process")
                .arg(process.to_string());
        }
        let child = command
            .stdout(File::create(&output)?)
            .stderr(Stdio::inherit())
            .spawn()?;
        children.push((child, output));
    }
    let mut peaks = Vec::new();
    let mut reports = Vec::new();
    for (child, output) in children {
        let (ok, peak) = wait_peak(child)?;
        if !ok {
            return Err(format!("{}: a process failed", shape.label).into());
        }
        peaks.push(peak);
        reports.push(serde_json::from_slice::<Value>(&fs::read(output)?)?);
    }
    let wall = start.elapsed();
    let number = |report: &Value, key: &str| report[key].as_u64().unwrap_or(0);
    let first = &reports[0];
    let tiers = tiers_of(first);
    if tiers.is_empty() {
        return Err(format!("{}: a report without tiers", shape.label).into());
    }
    if reports[1..].iter().any(|other| tiers_of(other) != tiers) {
        return Err(format!("{}: the processes report different tiers", shape.label).into());
    }
    let start = reports.iter().find_map(|report| {
        let outcome = report["start"].as_str()?;
        Some(match report["start_remoteness"].as_u64() {
            Some(r) => format!("{outcome} in {r} moves"),
            None => outcome.to_string(),
        })
    });
    Ok(Run {
        start,
        tiers,
        wall,
        peaks,
        exchanged: number(first, "exchanged"),
        bytes: reports.iter().map(|r| number(r, "bytes")).sum(),
    })
}

/// A report's tiers without their times.
fn tiers_of(report: &Value) -> Vec<[u64; 5]> {
    report["tiers"]
        .as_array()
        .map(|tiers| {
            tiers
                .iter()
                .map(|t| {
                    ["tier", "positions", "wins", "losses", "draws"]
                        .map(|k| t[k].as_u64().unwrap_or(0))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Waits for `child`: whether it succeeded, and its peak resident memory in bytes (its own,
/// not its children's: `wait4`'s `ru_maxrss`, in KiB on Linux).
fn wait_peak(child: Child) -> Result<(bool, u64)> {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data, for which all zeros is a value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is a child of this process not yet waited for (`child` is dropped
    // without a wait), and both pointers are to live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if waited != pid {
        return Err(std::io::Error::last_os_error().into());
    }
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    Ok((ok, usage.ru_maxrss.max(0) as u64 * 1024))
}
