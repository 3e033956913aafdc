//! `grundy strong`: strong solutions of games defined by rules, too large for a graph, solved
//! tier by tier into a folder of files (see `grundy::rules::tiered`), and checked.
//!
//! `grundy strong connect4 --width 7 --height 4 DIR` solves (or resumes) and prints each
//! tier's counts; `grundy connect4 BOARD --solved DIR` then answers boards from the files;
//! `grundy strong cards --cards 8 --modulus 5 DIR` does the same for the card game of
//! Codeforces 919F (one tier full of cycles, by un-moves); `grundy strong check DIR` reads
//! every file back and checks it.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{anyhow, Context, Result};
use clap::{value_parser, Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use grundy::input;
use grundy::progress::Progress;
use grundy::rules::tiered::{TierEngine, TierError, TierOptions};
use grundy_catalogue::games::registry::{self, Found};
use grundy_catalogue::games::strong::{self, Strong};
use grundy_catalogue::games::Inputs;

use crate::engine_args::EngineArgs;
use crate::output::{emit, Format};
use crate::progress::Bar;
use crate::source::read_source;
use crate::{budget_cmd, catalogue};

/// `grundy strong`: one subcommand a family of the registry that solves strongly, and
/// `check`.
pub fn command() -> Command {
    let mut command = Command::new("strong")
        .about(
            "Strong solutions of games too large for a graph (Connect Four, the board games), \
             tier by tier into files that later answers and play read; a stopped run resumes",
        )
        .subcommand_required(true)
        .arg_required_else_help(true)
        .after_help(
            "Example: grundy strong connect4 --width 5 --height 4 c4-5x4, then grundy \
             connect4 --solved c4-5x4 '' (the empty board) or any board of that size",
        );
    for (family, strong) in registry::strong_families() {
        // The family's example may name a position too: the solve takes only the variant.
        let given: Vec<(&str, &str)> = (strong.example.iter())
            .filter(|(name, _)| strong.params.iter().any(|p| p.name == *name))
            .copied()
            .collect();
        let words = [
            family.name().to_string(),
            catalogue::example(strong.params, &given),
            strong.example_folder.to_string(),
        ];
        let sub = Command::new(family.name())
            .about(strong.about)
            .after_help(format!(
                "Example: grundy strong {}",
                words
                    .iter()
                    .filter(|w| !w.is_empty())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" ")
            ))
            .args(
                strong
                    .params
                    .iter()
                    .map(|p| catalogue::arg(p, strong.params)),
            )
            .arg(dir_arg().help(
                "The folder of the solution (made if missing; a folder with part of this \
                 solution resumes it)",
            ))
            .args(run_args());
        command = command.subcommand(EngineArgs::augment_args(sub));
    }
    command.subcommand(
        Command::new("check")
            .about(
                "Read back every file of a solution, check its header, length and every \
                 checksum, and count its outcomes tier by tier",
            )
            .arg(dir_arg().help("The folder of the solution"))
            .arg(
                Arg::new("reachable")
                    .long("reachable")
                    .action(ArgAction::SetTrue)
                    .help(
                        "Also count the positions reachable from the start by the rules, tier \
                         by tier, and their outcomes (a bit a position): what published \
                         counts of a game are compared with",
                    ),
            )
            .args([
                timeout_arg("the count of reachable positions stops with an error"),
                Arg::new("memory")
                    .long("memory")
                    .value_name("SIZE")
                    .allow_hyphen_values(true)
                    .help(
                        "The most memory the count of reachable positions may take (`8G`, \
                     `512M`) [default: 3/4 of the memory this process may use]; a count that \
                     needs more stops with an error before it starts",
                    ),
            ]),
    )
}

/// The option `--timeout`; `then` says what happens at the deadline.
fn timeout_arg(then: &str) -> Arg {
    // `-1` is read as a value, to be refused as a time, not taken for an option.
    Arg::new("timeout")
        .long("timeout")
        .value_name("SECONDS")
        .allow_hyphen_values(true)
        .help(format!(
            "Stop after SECONDS seconds (1.5, 600) [default: no limit, or GRUNDY_TIMEOUT]; \
             {then} (Ctrl-C stops it the same way)"
        ))
}

/// The folder argument.
fn dir_arg() -> Arg {
    Arg::new("dir").value_name("DIR").required(true)
}

/// The options of every strong solve.
fn run_args() -> [Arg; 4] {
    [
        timeout_arg("the finished tiers are kept, and the same command resumes from them"),
        Arg::new("memory")
            .long("memory")
            .value_name("SIZE")
            .allow_hyphen_values(true)
            .help(
                "The most memory the results held at once may take (`8G`, `512M`) [default: 3/4 \
             of the memory this process may use: the machine's, its cgroup's or its `ulimit \
             -v`, the least]; a run with a tier that needs more stops with an error before \
             solving anything",
            ),
        Arg::new("outcomes-only")
            .long("outcomes-only")
            .action(ArgAction::SetTrue)
            .help(
                "Keep outcomes only (2 bits a position) and no remoteness (a 16-bit record a \
                 position)",
            ),
        Arg::new("threads")
            .long("threads")
            .value_name("N")
            .value_parser(value_parser!(u16).range(1..))
            .help(
                "Worker threads [default: one a core, or RAYON_NUM_THREADS]; the files are \
                 the same whatever the number",
            ),
    ]
}

/// Runs `grundy strong`.
pub fn run(matches: &ArgMatches, format: Format) -> Result<()> {
    let Some((name, sub)) = matches.subcommand() else {
        anyhow::bail!("no game given (see grundy strong --help)");
    };
    let dir = Path::new(sub.get_one::<String>("dir").expect("a required argument"));
    if name == "check" {
        return check(dir, sub, format);
    }
    let (_, strong) = (registry::strong_families())
        .find(|(family, _)| family.name() == name)
        .expect("a subcommand made from the registry");
    solve(&strong, sub, dir, format)
}

/// Solves the game of a family's strong solution (its parameters from `matches`) into `dir`
/// and reports the tiers, and the value of its start if it has one.
fn solve(strong: &Strong, matches: &ArgMatches, dir: &Path, format: Format) -> Result<()> {
    let memory_given = matches.get_one::<String>("memory");
    let memory = match memory_given {
        Some(m) => input::bytes("--memory", m)?,
        None => grundy::budget::default_memory(),
    };
    let options = TierOptions {
        remoteness: !matches.get_flag("outcomes-only"),
        misere: false,
        memory: Some(memory),
        budget: budget_cmd::deadline(matches.get_one::<String>("timeout").map(String::as_str))?,
        engine: engine(matches)?,
    };
    let threads = matches.get_one::<u16>("threads").copied();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, usize::from))
        .build()
        .context("starting the worker threads")?;
    let reader = |path: &str| read_source(path);
    let bar = Bar::new();
    let clock = Instant::now();
    // The inputs are made on the pool's thread: they hold the reader and the bar by reference.
    let run = pool.install(|| {
        let mut inputs = Inputs::new(strong.params, &reader, &bar).with_naming(catalogue::naming);
        catalogue::set_inputs(&mut inputs, strong.params, matches);
        strong.solve_into(&inputs, dir, &options)
    });
    bar.finish();
    let run = run.map_err(|e| match e.downcast::<TierError>() {
        Ok(e) => match *e {
            e @ TierError::Memory { .. } if memory_given.is_none() => anyhow!(
                "{e} with --memory SIZE (the default budget is 3/4 of the memory this process \
                 may use: the least of the machine's, its cgroup's and its ulimit -v)"
            ),
            e @ TierError::Memory { .. } => anyhow!("{e} with --memory SIZE"),
            e => explain(e, dir, "run this command again"),
        },
        Err(e) => anyhow!("{e}"),
    })?;
    emit(&run.report(dir, clock.elapsed().as_secs_f64()), format)
}

/// The engine `--engine` names: `None` for this process's threads, or timely dataflow's
/// workers and processes.
fn engine(matches: &ArgMatches) -> Result<Option<Arc<dyn TierEngine>>> {
    let args = EngineArgs::from_arg_matches(matches)?;
    if !args.timely()? {
        return Ok(None);
    }
    #[cfg(feature = "timely")]
    return Ok(Some(Arc::new(grundy_timely::TimelyTiers {
        cluster: args.cluster()?,
    })));
    // A build without timely has refused it above.
    #[cfg(not(feature = "timely"))]
    Ok(None)
}

/// Checks every file of the solution in `dir` and reports the tiers; with `--reachable`, the
/// positions reachable from the start too.
fn check(dir: &Path, matches: &ArgMatches, format: Format) -> Result<()> {
    let reach = match matches.get_flag("reachable") {
        true => {
            let budget =
                budget_cmd::deadline(matches.get_one::<String>("timeout").map(String::as_str))?;
            Some(match matches.get_one::<String>("memory") {
                Some(m) => budget.with_memory(input::bytes("--memory", m)?),
                None => budget.with_memory(grundy::budget::default_memory()),
            })
        }
        false => None,
    };
    let bar = Bar::new();
    let found = registry::check_folder(dir, reach.as_ref(), &bar);
    bar.finish();
    let Found {
        family: name,
        manifest,
        checked,
    } = found.map_err(|e| anyhow!(e))?;
    let outcomes = if manifest.remoteness() {
        ""
    } else {
        " --outcomes-only"
    };
    let params: String = (checked.params.iter())
        .map(|(k, v)| match v.as_str() {
            "" => format!(" --{k}"),
            v => format!(" --{k} {v}"),
        })
        .collect();
    let again = format!(
        "run `grundy strong {name}{params}{outcomes} {}` again",
        dir.display()
    );
    // The check's own errors: a damaged file is named, and how to rebuild it said.
    let checking = |e: TierError| match e {
        // A count has no tiers to keep: the budget's own message says it all.
        TierError::Budget(e) => e.into(),
        e @ TierError::Damaged { .. } => anyhow!("{e}; {}", rebuild(&again)),
        e => anyhow::Error::from(e),
    };
    let tiers = checked.tiers.map_err(checking)?;
    let reached = checked.reachable.transpose().map_err(checking)?;
    emit(
        &strong::check_report(&manifest.game, tiers, reached),
        format,
    )
}

/// A solve's or a check's error, with the commands that check and rebuild the solution in
/// `dir` when a file is damaged (`again` says how to solve again).
fn explain(e: TierError, dir: &Path, again: &str) -> anyhow::Error {
    match e {
        TierError::Damaged { .. } => anyhow!(
            "{e}; `grundy strong check {dir}` checks every file; {}",
            rebuild(again),
            dir = dir.display()
        ),
        e => e.into(),
    }
}

/// How to rebuild a damaged solution (`again` says how to solve it again).
fn rebuild(again: &str) -> String {
    format!("to rebuild, delete the damaged tier files and {again}")
}
