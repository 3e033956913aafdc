//! `grundy strong`: strong solutions of games defined by rules, too large for a graph, solved
//! tier by tier into a folder of files (see `grundy::rules::tiered`), and checked.
//!
//! `grundy strong connect4 --width 7 --height 4 DIR` solves (or resumes) and prints each
//! tier's counts; `grundy connect4 BOARD --solved DIR` then answers boards from the files;
//! `grundy strong cards --cards 8 --modulus 5 DIR` does the same for the card game of
//! Codeforces 919F (one tier full of cycles, by un-moves); `grundy strong check DIR` reads
//! every file back and checks it.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, Context, Result};
use clap::{Args, Subcommand};
use grundy::games::cards::Cards;
use grundy::games::connect4::Connect4;
use grundy::games::connect4::Connect4Tiers;
use grundy::input;
use grundy::report::{Cell, Column, Field, Listing, Report};
use grundy::rules::tiered::file;
use grundy::rules::tiered::{
    solve_tiered, Solved, TierError, TierOptions, TierRanking, TierSummary,
};

use crate::output::{emit, Format};
use grundy::progress::Progress;

use crate::progress::Bar;

/// Arguments of `grundy strong`.
#[derive(Debug, Args)]
#[command(
    after_help = "Example: grundy strong connect4 --width 5 --height 4 c4-5x4, then \
                  grundy connect4 --solved c4-5x4 '' (the empty board) or any board of that size"
)]
pub struct StrongArgs {
    /// What to do.
    #[command(subcommand)]
    pub what: What,
}

/// The commands of `grundy strong`.
#[derive(Debug, Subcommand)]
pub enum What {
    /// Solve Connect Four strongly: the outcome and remoteness of every board of a size,
    /// written tier by tier (stones on the board) into DIR; a stopped run resumes.
    Connect4 {
        /// The board's width.
        #[arg(long, default_value_t = 7)]
        width: u32,
        /// The board's height.
        #[arg(long, default_value_t = 4)]
        height: u32,
        /// The folder of the solution (made if missing; a folder with part of this
        /// solution resumes it).
        dir: PathBuf,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Solve the card game of Codeforces 919F strongly (turn your card a into a + b mod M
    /// with the opponent's card b; zeros only wins): every position's outcome, draws
    /// included, and remoteness, by retrograde analysis over un-moves into DIR.
    Cards {
        /// Cards a hand.
        #[arg(long, default_value_t = 8)]
        cards: u32,
        /// The numbers are modulo M.
        #[arg(long, default_value_t = 5)]
        modulus: u32,
        /// The folder of the solution (made if missing; a folder with part of this
        /// solution resumes it).
        dir: PathBuf,
        #[command(flatten)]
        run: RunOptions,
    },
    /// Read back every file of a solution, check its header, length and every checksum, and
    /// count its outcomes tier by tier.
    Check {
        /// The folder of the solution.
        dir: PathBuf,
    },
}

/// Options of a strong solve.
#[derive(Debug, Args)]
pub struct RunOptions {
    /// The most memory the results held at once may take (`8G`, `512M`) [default: 3/4 of
    /// the memory this process may use: the machine's, its cgroup's or its `ulimit -v`, the
    /// least]; a run with a tier that needs more stops with an error before solving anything.
    #[arg(long, value_name = "SIZE")]
    memory: Option<String>,
    /// Keep outcomes only (2 bits a position) and no remoteness (a byte more).
    #[arg(long)]
    outcomes_only: bool,
    /// Worker threads [default: one a core, or RAYON_NUM_THREADS]; the files are the same
    /// whatever the number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

/// Runs `grundy strong`.
pub fn run(args: &StrongArgs, format: Format) -> Result<()> {
    match &args.what {
        What::Connect4 {
            width,
            height,
            dir,
            run,
        } => {
            let game = Connect4::new(*width, *height).ok_or_else(|| {
                anyhow!(
                    "--width/--height: a {width} × {height} board does not fit (expected both \
                     at least 1 and (height + 1) × width at most 64)"
                )
            })?;
            let tiers = Connect4Tiers::new(game).map_err(|e| anyhow!("--width/--height: {e}"))?;
            let start = ("empty board", Default::default());
            solve(&tiers, dir, run, format, Some(start))
        }
        What::Cards {
            cards,
            modulus,
            dir,
            run,
        } => {
            let game =
                Cards::new(*cards, *modulus).map_err(|e| anyhow!("--cards/--modulus: {e}"))?;
            solve(&game, dir, run, format, None)
        }
        What::Check { dir } => check(dir, format),
    }
}

/// Solves `game` into `dir` and reports the tiers, and the value of `start` (named) if given.
fn solve<G>(
    game: &G,
    dir: &Path,
    run: &RunOptions,
    format: Format,
    start: Option<(&str, G::Position)>,
) -> Result<()>
where
    G: TierRanking + Sync + Clone,
{
    let memory = match run.memory.as_deref() {
        Some(m) => input::bytes("--memory", m)?,
        None => grundy::budget::default_memory(),
    };
    let options = TierOptions {
        remoteness: !run.outcomes_only,
        misere: false,
        memory: Some(memory),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(run.threads.map_or(0, usize::from))
        .build()
        .context("starting the worker threads")?;
    let clock = Instant::now();
    let bar = Bar::new();
    let summary = pool.install(|| solve_tiered(game, dir, &options, &bar));
    bar.finish();
    let summary = summary.map_err(|e| match e {
        TierError::Memory { .. } if run.memory.is_none() => anyhow!(
            "{e} with --memory SIZE (the default budget is 3/4 of the memory this process may \
             use: the least of the machine's, its cgroup's and its ulimit -v)"
        ),
        TierError::Memory { .. } => anyhow!("{e} with --memory SIZE"),
        e => explain(e, dir, "run this command again"),
    })?;
    let seconds = clock.elapsed().as_secs_f64();
    let mut fields = vec![Field::shown("game", &summary.game, "game", &summary.game)];
    if let Some((name, p)) = start {
        let value = Solved::open(game.clone(), dir)?.value(&p)?;
        fields.push(Field::shown(
            "start",
            value.outcome,
            name,
            match value.remoteness {
                Some(r) => format!("{} in {r} moves", value.outcome),
                None => value.outcome.to_string(),
            },
        ));
        fields.push(Field::json_only("start_remoteness", value.remoteness));
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

/// Checks every file of the solution in `dir` and reports the tiers.
fn check(dir: &Path, format: Format) -> Result<()> {
    let manifest = file::read_manifest(dir)?;
    let bar = Bar::new();
    let (tiers, command) = if let Some(game) = Connect4Tiers::from_name(&manifest.game) {
        let (width, height) = (game.game().width(), game.game().height());
        let checked = Solved::open(game, dir)?.check(&bar);
        (
            checked,
            format!("connect4 --width {width} --height {height}"),
        )
    } else if let Some(game) = Cards::from_name(&manifest.game) {
        let (cards, modulus) = (game.cards(), game.modulus());
        let checked = Solved::open(game, dir)?.check(&bar);
        (
            checked,
            format!("cards --cards {cards} --modulus {modulus}"),
        )
    } else {
        return Err(anyhow!(
            "{}: a solution of {}, a game this command does not know (expected Connect Four or \
             the card game)",
            dir.join(file::MANIFEST).display(),
            manifest.game
        ));
    };
    bar.finish();
    let outcomes = if manifest.remoteness {
        ""
    } else {
        " --outcomes-only"
    };
    let again = format!(
        "run `grundy strong {command}{outcomes} {}` again",
        dir.display()
    );
    let tiers = tiers.map_err(|e| explain(e, dir, &again))?;
    let positions: u64 = tiers.iter().map(|t| t.positions).sum();
    let report = Report::new().fields([
        Field::shown("game", &manifest.game, "game", &manifest.game),
        Field::new("positions", positions),
        Field::shown(
            "checked",
            true,
            "checked",
            "every tier file: header, length, every chunk's checksum",
        ),
    ]);
    emit(&report.listing(tier_listing(tiers)), format)
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
