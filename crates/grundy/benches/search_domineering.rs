//! Domineering by search: the outcome of empty rectangles with each player moving first,
//! and the effect of each technique (decomposition, ordering, table, threads) on the
//! same boards, against a plain search (no table, no ordering, no decomposition,
//! one thread) in the same run.
//!
//! ```text
//! cargo bench -p grundy --bench search_domineering
//! cargo bench -p grundy --bench search_domineering -- --boards 8x8 --only full
//! ```
//!
//! Every answer is checked against the published outcome class (`testdata/domineering/rectangles.txt`, Bullock's table); the benchmark panics on a difference. Per
//! configuration and board: time, nodes and nodes per second, and the plain search's time
//! over the configuration's where the plain search finished within `--plain-limit` seconds.

mod common;
#[path = "../tests/common/domineering.rs"]
mod domineering;

use std::time::Duration;

use clap::Parser;

use grundy::budget::Budget;
use grundy::partizan::rulesets::domineering::{Board, Domineering};
use grundy::partizan::search::{RulesetSearch, SearchOptions};
use grundy::partizan::{OutcomeClass, Side};
use grundy::progress::NoProgress;
use grundy::search::solver::Options;

#[derive(Parser, Debug)]
struct Args {
    #[command(flatten)]
    cargo: common::Cargo,
    /// The boards, rows x columns.
    #[arg(long, value_delimiter = ',', default_value = "5x5,4x7,6x5,6x6")]
    boards: Vec<String>,
    /// Seconds the plain search may spend on one board and player.
    #[arg(long, default_value_t = 20.0)]
    plain_limit: f64,
    /// Run only the configuration of this name.
    #[arg(long)]
    only: Option<String>,
    /// Moves (both players') of a region valued by canonical form.
    #[arg(long, default_value_t = grundy::partizan::search::DEFAULT_SMALL)]
    small: usize,
    /// The table's size (64M, 1G).
    #[arg(long, default_value = "64M")]
    table: String,
    /// Threads of the full configuration.
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

/// The class, nodes and time of `board` under `options`, or `None` past `limit`.
fn class(
    board: &Board,
    options: SearchOptions,
    limit: Option<f64>,
) -> Option<(OutcomeClass, u64, f64)> {
    let mut budget = Budget::default().with_positions(u64::MAX);
    if let Some(s) = limit {
        budget = budget.with_time(Duration::from_secs_f64(s));
    }
    let mut search = RulesetSearch::new(Domineering, options, &budget).unwrap();
    let (time, found) = common::timed(1, || {
        let left = search
            .search(board, Side::Left, &budget, &NoProgress)
            .ok()?;
        let right = search
            .search(board, Side::Right, &budget, &NoProgress)
            .ok()?;
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
    let full = SearchOptions {
        small: Some(args.small),
        search: Options {
            table_bytes,
            ..Options::default()
        },
    };
    let plain = SearchOptions {
        search: Options {
            table_bytes: 0,
            ordering: false,
            threads: 1,
            on_caller: false,
        },
        small: None,
    };
    let configs: Vec<(&str, SearchOptions)> = vec![
        (
            "full",
            SearchOptions {
                search: Options {
                    threads: args.threads,
                    ..full.search
                },
                ..full
            },
        ),
        ("1 thread", full),
        (
            "no decomposition",
            SearchOptions {
                small: None,
                ..full
            },
        ),
        (
            "no ordering",
            SearchOptions {
                search: Options {
                    ordering: false,
                    ..full.search
                },
                ..full
            },
        ),
        (
            "no table",
            SearchOptions {
                search: Options {
                    table_bytes: 0,
                    ..full.search
                },
                ..full
            },
        ),
    ];
    println!(
        "{:<18} {:>6} {:>5} {:>10} {:>14} {:>12} {:>8}",
        "configuration", "board", "class", "time (s)", "nodes", "nodes/s", "plain/x"
    );
    for b in &args.boards {
        let (m, n) = b.split_once('x').expect("boards as 5x5");
        let (m, n): (u8, u8) = (m.parse().unwrap(), n.parse().unwrap());
        let board = Board::empty(m, n).expect("at most 128 cells");
        let base = class(&board, plain, Some(args.plain_limit));
        for (name, options) in &configs {
            if args.only.as_deref().is_some_and(|o| o != *name) {
                continue;
            }
            let (c, nodes, secs) = class(&board, *options, None).expect("no limit");
            if let Some(&(_, _, p)) = published
                .iter()
                .find(|b| (b.0, b.1) == (m.into(), n.into()))
            {
                assert_eq!(c, p, "{m}x{n} under {name}");
            }
            let ratio = base.map_or("-".to_string(), |(_, _, s)| format!("{:.1}", s / secs));
            println!(
                "{name:<18} {:>6} {:>5} {secs:>10.3} {nodes:>14} {:>12.0} {ratio:>8}",
                format!("{m}x{n}"),
                letter(c),
                nodes as f64 / secs,
            );
        }
        match base {
            Some((_, nodes, secs)) => println!(
                "{:<18} {:>6} {:>5} {secs:>10.3} {nodes:>14} {:>12.0} {:>8}",
                "plain",
                format!("{m}x{n}"),
                "",
                nodes as f64 / secs,
                "1.0"
            ),
            None => println!(
                "{:<18} {:>6}  did not finish within {} s",
                "plain",
                format!("{m}x{n}"),
                args.plain_limit
            ),
        }
    }
}
