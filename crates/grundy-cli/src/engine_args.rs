//! The engine options of the commands that can run on timely dataflow (`grundy solve`,
//! `grundy strong`): `--engine`, and the workers, processes and host file of a run.

use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
#[cfg(feature = "timely")]
use {
    anyhow::Context,
    grundy::input::without_bom,
    grundy_timely::{Cluster, Network},
    std::path::Path,
    std::time::Duration,
};

/// The most worker threads a process may run: every pair of workers has its channels, so a
/// thousand of them took more than 4 GB of address space and aborted; 256 run within it.
#[cfg(feature = "timely")]
const MAX_WORKERS: usize = 256;

/// Which engine solves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// This process alone, its threads sharing its memory.
    Memory,
    /// Timely dataflow: worker threads, and processes on several hosts, each holding a share.
    Timely,
}

/// The engine and, for timely dataflow, its workers and processes.
#[derive(Debug, Clone, Args)]
pub struct EngineArgs {
    /// The engine: `memory` (this process), or `timely` for worker threads and processes on
    /// several hosts, each holding a share.
    #[arg(long, value_enum, default_value = "memory")]
    pub engine: Engine,
    /// With --engine timely: worker threads in each process.
    #[arg(long, value_name = "W", default_value_t = 1)]
    pub workers: usize,
    /// With --engine timely: the number of processes of the run (default: every line of
    /// --hostfile).
    #[arg(long, value_name = "N")]
    pub processes: Option<usize>,
    /// With --engine timely: this process's index, 0 to N-1 (line I+1 of --hostfile).
    #[arg(long, value_name = "I")]
    pub process: Option<usize>,
    /// With --engine timely: the `host:port` of every process, one a line, in process order.
    #[arg(long, value_name = "FILE")]
    pub hostfile: Option<PathBuf>,
    /// With --engine timely: seconds to wait for the other processes to connect.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    pub connect_timeout: f64,
}

impl EngineArgs {
    /// Whether timely dataflow was asked for; the options of a run of several processes
    /// without it, or timely in a build without it, are errors.
    pub fn timely(&self) -> Result<bool> {
        if self.engine == Engine::Timely {
            if cfg!(feature = "timely") {
                return Ok(true);
            }
            bail!(
                "this grundy was built without timely dataflow (cargo feature `timely`): build \
                 it with cargo build --release -p grundy-cli --features timely"
            );
        }
        if self.processes.is_some() || self.process.is_some() || self.hostfile.is_some() {
            bail!("--processes, --process and --hostfile go with --engine timely");
        }
        if self.workers != 1 {
            bail!("--workers goes with --engine timely");
        }
        Ok(false)
    }
}

#[cfg(feature = "timely")]
impl EngineArgs {
    /// The workers of the run, from `--workers`, `--processes`, `--process`, `--hostfile`.
    pub fn cluster(&self) -> Result<Cluster> {
        let args = self;
        // Each worker is a thread with its own channels: a count from a typo must not start
        // millions of them.
        if !(1..=MAX_WORKERS).contains(&args.workers) {
            bail!("--workers must be from 1 to {MAX_WORKERS} (worker threads a process)");
        }
        if !(args.connect_timeout > 0.0 && args.connect_timeout <= 1e6) {
            bail!("--connect-timeout must be a positive number of seconds (at most 1000000)");
        }
        let Some(hostfile) = &args.hostfile else {
            if args.processes.is_some_and(|n| n > 1) || args.process.is_some_and(|i| i > 0) {
                bail!("several processes need --hostfile: the host:port of each, one a line");
            }
            return Ok(Cluster::threads(args.workers));
        };
        let mut hosts = read_hostfile(hostfile)?;
        let processes = args.processes.unwrap_or(hosts.len());
        if processes == 0 || hosts.len() < processes {
            bail!(
                "{}: lists {} processes, and --processes is {processes}",
                hostfile.display(),
                hosts.len()
            );
        }
        hosts.truncate(processes);
        let Some(process) = args.process else {
            bail!(
                "--process I says which line of the host file this process is (0 to {})",
                processes - 1
            );
        };
        if process >= processes {
            bail!(
                "--process {process}: the processes are numbered 0 to {}",
                processes - 1
            );
        }
        Ok(Cluster {
            workers: args.workers,
            network: Some(Network {
                process,
                hosts,
                connect_timeout: Duration::from_secs_f64(args.connect_timeout),
            }),
        })
    }
}

#[cfg(feature = "timely")]
/// Reads a host file: one `host:port` a line, in process order; blank lines and `#` comments
/// are skipped. Errors name the line and column.
fn read_hostfile(path: &Path) -> Result<Vec<String>> {
    let origin = path.display();
    let text = std::fs::read_to_string(path).with_context(|| origin.to_string())?;
    let mut hosts = Vec::new();
    for (i, line) in without_bom(&text).lines().enumerate() {
        let content = line.split('#').next().unwrap_or_default();
        let host = content.trim();
        if host.is_empty() {
            continue;
        }
        let column = content.find(host).unwrap_or(0) + 1;
        let at = |offset: usize, what: &str| -> anyhow::Error {
            anyhow::anyhow!("{origin}:{}:{}: {what}", i + 1, column + offset)
        };
        if host.contains(char::is_whitespace) {
            bail!(at(
                host.find(char::is_whitespace).unwrap_or(0),
                "expected one host:port on the line"
            ));
        }
        let Some((name, port)) = host.rsplit_once(':') else {
            bail!(at(0, &format!("expected host:port, found '{host}'")));
        };
        if name.is_empty() || port.parse::<u16>().is_err() {
            bail!(at(
                name.len() + 1,
                &format!("expected host:port with a port from 0 to 65535, found '{host}'")
            ));
        }
        hosts.push(host.to_string());
    }
    Ok(hosts)
}
