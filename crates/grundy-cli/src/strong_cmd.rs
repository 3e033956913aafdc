//! `grundy strong`: strong solutions of games defined by rules, too large for a graph, solved
//! tier by tier into a folder of files (see `grundy::rules::tiered`), and checked.
//!
//! `grundy strong connect4 --width 7 --height 4 DIR` solves (or resumes) and prints each
//! tier's counts; `grundy connect4 BOARD --solved DIR` then answers boards from the files;
//! `grundy strong cards --cards 8 --modulus 5 DIR` does the same for the card game of
//! Codeforces 919F (one tier full of cycles, by un-moves); `grundy strong check DIR` reads
//! every file back and checks it.

use grundy::solve::DrawLevel;
use std::path::Path;
use std::time::Instant;

use anyhow::{anyhow, Context, Result};
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use grundy::input;
use grundy::progress::Progress;
use grundy::report::{Cell, Column, Field, Listing, Report};
use grundy::rules::tiered::file;
use grundy::rules::tiered::{TierError, TierOptions, TierReach, TierSummary};
use grundy_catalogue::games::registry;
use grundy_catalogue::games::strong::Strong;
use grundy_catalogue::games::Inputs;

use crate::output::{emit, Format};
use crate::progress::Bar;
use crate::source::read_source;
use crate::{budget_cmd, catalogue};

/// `grundy strong`: one subcommand a family of the registry that solves strongly, and
/// `check`.
pub fn command() -> Command {
    let mut command = Command::new("strong")
        .about(
            "Strong solutions of games too large for a graph (Connect Four), tier by tier into \
             files that later answers read; a stopped run resumes",
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
        command = command.subcommand(sub);
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
                Arg::new("memory").long("memory").value_name("SIZE").help(
                    "The most memory the count of reachable positions may take (`8G`, \
                     `512M`) [default: 3/4 of the memory this process may use]; a count that \
                     needs more stops with an error before it starts",
                ),
            ]),
    )
}

/// The option `--timeout`; `then` says what happens at the deadline.
fn timeout_arg(then: &str) -> Arg {
    Arg::new("timeout")
        .long("timeout")
        .value_name("SECONDS")
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
        Arg::new("memory").long("memory").value_name("SIZE").help(
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
    let seconds = clock.elapsed().as_secs_f64();
    let summary = run.summary;
    let mut fields = vec![Field::shown("game", &summary.game, "game", &summary.game)];
    if let Some((name, value)) = run.start {
        fields.push(Field::shown(
            "start",
            value.outcome,
            name,
            match (value.remoteness, value.draw_level) {
                (Some(r), _) => format!("{} in {r} moves", value.outcome),
                (None, Some(DrawLevel::Pure)) => "pure draw".to_string(),
                (None, Some(level)) => format!("{} (level {level})", value.outcome),
                (None, None) => value.outcome.to_string(),
            },
        ));
        fields.push(Field::json_only("start_remoteness", value.remoteness));
        fields.push(Field::json_only("start_draw_level", value.draw_level));
    }
    let report = Report::new().fields(fields).fields([
        Field::new("positions", summary.positions),
        Field::shown(
            "bytes",
            summary.bytes,
            "on disk",
            format!(
                "{} bytes ({:.2} bits a position) in {}",
                summary.bytes,
                8.0 * summary.bytes as f64 / summary.positions.max(1) as f64,
                dir.display()
            ),
        ),
        Field::shown("seconds", seconds, "seconds", format!("{seconds:.2}")),
    ]);
    emit(&report.listing(tier_listing(summary.tiers)), format)
}

/// Checks every file of the solution in `dir` and reports the tiers; with `--reachable`, the
/// positions reachable from the start too.
fn check(dir: &Path, matches: &ArgMatches, format: Format) -> Result<()> {
    let manifest = file::read_manifest(dir)?;
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
    let found = registry::strong_families().find_map(|(family, strong)| {
        Some((
            family.name(),
            (strong.check)(&manifest.game, dir, reach.as_ref(), &bar)?,
        ))
    });
    bar.finish();
    let Some((name, checked)) = found else {
        let known: Vec<&str> = registry::strong_families().map(|(f, _)| f.name()).collect();
        return Err(anyhow!(
            "{}: a solution of {}, a game this command does not know (expected one of {})",
            dir.join(file::MANIFEST).display(),
            manifest.game,
            known.join(", ")
        ));
    };
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
    let tiers = checked.tiers.map_err(|e| explain(e, dir, &again))?;
    let positions: u64 = tiers.iter().map(|t| t.positions).sum();
    let report = Report::new().fields([
        Field::shown("game", &manifest.game, "game", &manifest.game),
        Field::new("positions", positions),
        Field::shown(
            "checked",
            true,
            "checked",
            "every tier file: header, index, every block's checksum",
        ),
    ]);
    let Some(reached) = checked.reachable else {
        return emit(&report.listing(tier_listing(tiers)), format);
    };
    let reached = reached.map_err(|e| match e {
        // A count has no tiers to keep: the budget's own message says it all.
        TierError::Budget(e) => e.into(),
        e => explain(e, dir, &again),
    })?;
    let total = |f: fn(&TierReach) -> u64| reached.iter().map(f).sum::<u64>();
    let (reachable, over) = (total(|t| t.reachable), total(|t| t.over));
    let counts = [0, 1, 2].map(|i| reached.iter().map(|t| t.counts[i]).sum::<u64>());
    let report = report.fields([
        Field::shown(
            "reachable",
            reachable,
            "reachable",
            format!(
                "{reachable} from the start: {} wins, {} losses, {} draws for the player to \
                 move; the game is over at {over}",
                counts[0], counts[1], counts[2]
            ),
        ),
        Field::json_only("reachable_counts", counts),
        Field::json_only("reachable_over", over),
    ]);
    emit(&report.listing(reach_listing(reached)), format)
}

/// The tiers' reachable positions as a listing: size, reachable, over, and their outcomes.
fn reach_listing(tiers: Vec<TierReach>) -> Listing {
    let columns = vec![
        Column::right("tier", "tier"),
        Column::right("positions", "positions"),
        Column::right("reachable", "reachable"),
        Column::right("over", "over"),
        Column::right("wins", "wins"),
        Column::right("losses", "losses"),
        Column::right("draws", "draws"),
    ];
    Listing::new("tiers", columns, tiers.len(), move |i| {
        let t = &tiers[i];
        [
            t.tier.into(),
            t.positions,
            t.reachable,
            t.over,
            t.counts[0],
            t.counts[1],
            t.counts[2],
        ]
        .map(Cell::Number)
        .to_vec()
    })
}

/// A solve's or a check's error, with the commands that check and rebuild the solution in
/// `dir` when a file is damaged (`again` says how to solve again).
fn explain(e: TierError, dir: &Path, again: &str) -> anyhow::Error {
    match e {
        TierError::Damaged { .. } => anyhow!(
            "{e}; `grundy strong check {dir}` checks every file; to rebuild, delete the \
             damaged tier files and {again}",
            dir = dir.display()
        ),
        e => e.into(),
    }
}

/// The tiers as a listing: size, counts, time, and whether the file was already there.
fn tier_listing(tiers: Vec<TierSummary>) -> Listing {
    let columns = vec![
        Column::right("tier", "tier"),
        Column::right("positions", "positions"),
        Column::right("wins", "wins"),
        Column::right("losses", "losses"),
        Column::right("draws", "draws"),
        Column::right("seconds", "seconds"),
        Column::left("resumed", "resumed"),
    ];
    Listing::new("tiers", columns, tiers.len(), move |i| {
        let t = &tiers[i];
        vec![
            Cell::Number(u64::from(t.tier)),
            Cell::Number(t.positions),
            Cell::Number(t.counts[0]),
            Cell::Number(t.counts[1]),
            Cell::Number(t.counts[2]),
            Cell::Both(format!("{:.2}", t.seconds), t.seconds.into()),
            Cell::Text(if t.resumed { "yes" } else { "no" }.into()),
        ]
    })
}
