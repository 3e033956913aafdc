//! Domineering by search: the outcome of empty rectangles with each player moving first,
//! by Domineering's own search with the effect of each of its techniques (the count, its
//! chains and options, the ordering, the table, symmetry, safe moves left out, threads), by
//! the generic search with the theory's decomposition, and by a plain search (no table, no
//! ordering, no decomposition, one thread) in the same run.
//!
//! ```text
//! cargo bench -p grundy --bench search_domineering -- --only own
//! cargo bench -p grundy --bench search_domineering -- --boards 5x5,4x7,6x5,6x6,7x6 --only generic
//! ```
//!
//! Every answer is checked against the published outcome class
//! (`testdata/domineering/rectangles.txt`, Bullock's table); the benchmark panics on a
//! difference. Per configuration and board: time, nodes and nodes per second, and the plain
//! search's time over the configuration's where the plain search finished within
//! `--plain-limit` seconds. A configuration that does not finish within `--limit` seconds
//! is shown as such.

mod common;
#[path = "../tests/common/domineering.rs"]
mod domineering;

use std::time::Duration;

use clap::Parser;

use grundy::budget::Budget;
use grundy::partizan::rulesets::domineering::{Board, Domineering};
use grundy::partizan::search::domineering::{DomineeringSearch, Options as Own};
use grundy::partizan::search::{PositionSearch, RulesetSearch, SearchOptions};
use grundy::partizan::{OutcomeClass, Side};
use grundy::progress::NoProgress;
use grundy::search::solver::Options;

#[derive(Parser, Debug)]
struct Args {
    #[command(flatten)]
    cargo: common::Cargo,
    /// The boards, rows x columns.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "5x5,6x5,6x6,7x6,7x7,8x7,8x8"
    )]
    boards: Vec<String>,
    /// Seconds the plain search may spend on one board.
    #[arg(long, default_value_t = 20.0)]
    plain_limit: f64,
    /// Seconds any other configuration may spend on one board.
    #[arg(long, default_value_t = 120.0)]
    limit: f64,
    /// Run only the configurations whose name starts with this.
    #[arg(long)]
    only: Option<String>,
    /// The table's size (64M, 1G).
    #[arg(long, default_value = "64M")]
    table: String,
    /// Threads of the full configurations.
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

/// A configuration: Domineering's own search or the generic one, with its options.
#[derive(Clone, Copy)]
enum Config {
    Own(Own),
    Generic(SearchOptions),
}

/// The class, nodes and time of `board` under `config`, or `None` past `limit` seconds.
fn class(board: &Board, config: Config, limit: f64) -> Option<(OutcomeClass, u64, f64)> {
    let budget = Budget::default()
        .with_positions(u64::MAX)
        .with_time(Duration::from_secs_f64(limit));
    let mut search: Box<dyn PositionSearch<Domineering>> = match config {
        Config::Own(o) => Box::new(DomineeringSearch::new(board.shape, o, &budget)?.ok()?),
        Config::Generic(o) => Box::new(RulesetSearch::new(Domineering, o, &budget).ok()?),
    };
    let (time, found) = common::timed(1, || {
        let mut run = |side| search.search(board, side, &budget, &NoProgress);
        let left = run(Side::Left).ok()?;
        let right = run(Side::Right).ok()?;
        let class = OutcomeClass::from_left_wins(left.wins, !right.wins);
        Some((class, left.nodes + right.nodes))
    });
    found.map(|(class, nodes)| (class, nodes, time.as_secs_f64()))
}

/// The class's letter, as the published table writes it (V for Left, H for Right).
fn letter(c: OutcomeClass) -> &'static str {
    match c {
        OutcomeClass::Left => "V",
        OutcomeClass::Right => "H",
        OutcomeClass::First => "N",
        OutcomeClass::Second => "P",
    }
}

fn main() {
    let args = Args::parse();
    let published = domineering::published_rectangles();
    let table_bytes = grundy::input::bytes("--table", &args.table).expect("a size");
    let own = Own {
        table_bytes,
        ..Own::default()
    };
    let with = |f: fn(&mut Own)| {
        let mut o = own;
        f(&mut o);
        Config::Own(o)
    };
    let generic = SearchOptions {
        search: Options {
            table_bytes,
            ..Options::default()
        },
        ..SearchOptions::default()
    };
    let plain = Config::Generic(SearchOptions {
        search: Options {
            table_bytes: 0,
            ordering: false,
            threads: 1,
            ..Options::default()
        },
        small: None,
    });
    let threads = args.threads;
    let configs: Vec<(&str, Config)> = vec![
        ("own, 2 threads", Config::Own(Own { threads, ..own })),
        ("own", Config::Own(own)),
        ("own, no count", with(|o| o.count = false)),
        ("own, no ordering", with(|o| o.ordering = false)),
        ("own, no table", with(|o| o.table = false)),
        ("own, no symmetry", with(|o| o.symmetry = false)),
        ("own, no chains", with(|o| o.chains = false)),
        ("own, no options", with(|o| o.count_options = false)),
        ("own, safe moves", with(|o| o.skip_safe = false)),
        ("own, forms <= 10", with(|o| o.small = Some(10))),
        (
            "own, 2, no defer",
            Config::Own(Own {
                threads,
                defer: false,
                ..own
            }),
        ),
        (
            "generic, 2 threads",
            Config::Generic(SearchOptions {
                search: Options {
                    threads,
                    ..generic.search
                },
                ..generic
            }),
        ),
        ("generic", Config::Generic(generic)),
        (
            "generic, no decomposition",
            Config::Generic(SearchOptions {
                small: None,
                ..generic
            }),
        ),
        (
            "generic, no ordering",
            Config::Generic(SearchOptions {
                search: Options {
                    ordering: false,
                    ..generic.search
                },
                ..generic
            }),
        ),
        (
            "generic, no table",
            Config::Generic(SearchOptions {
                search: Options {
                    table_bytes: 0,
                    ..generic.search
                },
                ..generic
            }),
        ),
    ];
    println!(
        "{:<26} {:>6} {:>5} {:>10} {:>14} {:>12} {:>8}",
        "configuration", "board", "class", "time (s)", "nodes", "nodes/s", "plain/x"
    );
    for b in &args.boards {
        let (m, n) = b.split_once('x').expect("boards as 5x5");
        let (m, n): (u8, u8) = (m.parse().unwrap(), n.parse().unwrap());
        let board = Board::empty(m, n).expect("at most 128 cells");
        let base = class(&board, plain, args.plain_limit);
        for (name, config) in &configs {
            if args.only.as_deref().is_some_and(|o| !name.starts_with(o)) {
                continue;
            }
            let Some((c, nodes, secs)) = class(&board, *config, args.limit) else {
                println!(
                    "{name:<26} {:>6}  did not finish within {} s",
                    format!("{m}x{n}"),
                    args.limit
                );
                continue;
            };
            if let Some(&(_, _, p)) = published
                .iter()
                .find(|b| (b.0, b.1) == (m.into(), n.into()))
            {
                assert_eq!(c, p, "{m}x{n} under {name}");
            }
            let ratio = base.map_or("-".to_string(), |(_, _, s)| format!("{:.1}", s / secs));
            println!(
                "{name:<26} {:>6} {:>5} {secs:>10.3} {nodes:>14} {:>12.0} {ratio:>8}",
                format!("{m}x{n}"),
                letter(c),
                nodes as f64 / secs,
            );
        }
        match base {
            Some((_, nodes, secs)) => println!(
                "{:<26} {:>6} {:>5} {secs:>10.3} {nodes:>14} {:>12.0} {:>8}",
                "plain",
                format!("{m}x{n}"),
                "",
                nodes as f64 / secs,
                "1.0"
            ),
            None => println!(
                "{:<26} {:>6}  did not finish within {} s",
                "plain",
                format!("{m}x{n}"),
                args.plain_limit
            ),
        }
    }
}
