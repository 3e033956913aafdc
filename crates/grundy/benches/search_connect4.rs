//! Connect Four by search: the effect of each technique on the same positions (the ablation
//! table), against a plain alpha-beta (no table, no ordering by threats, no symmetry, one
//! thread) in the same run; then, on request, the empty board.
//!
//! ```text
//! cargo bench -p grundy --bench search_connect4
//! cargo bench -p grundy --bench search_connect4 -- --middle 100 --empty --table 1G
//! ```
//!
//! - **Endings** (Pons's `Test_L3_R1`, the first `--endings` positions) and **middle games**
//!   (`Test_L2_R1`, the first `--middle`): each configuration searches every position with a
//!   fresh table, and every score is checked against the published one (the benchmark panics
//!   otherwise). Per configuration: the mean time and nodes a position, nodes per second,
//!   and the plain baseline's time over the configuration's. The plain search runs each
//!   middle game with a deadline of `--plain-limit` seconds; positions it does not finish are
//!   counted and left out of every configuration's means (so the ratio compares the same
//!   positions).
//! - **Empty board** (`--empty`): the 7 × 6 board from empty, with every technique and
//!   `--threads` threads on a `--table` table: its score, best move, time, nodes and nodes
//!   per second.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use clap::Parser;

use grundy::budget::Budget;
use grundy::games::connect4::search::{Options, Searcher, Verdict};
use grundy::games::connect4::{Board, Connect4, Connect4Position};
use grundy::input;

#[derive(Parser, Debug)]
struct Args {
    #[command(flatten)]
    cargo: common::Cargo,
    /// Endings of Test_L3_R1 searched by each configuration.
    #[arg(long, default_value_t = 1000)]
    endings: usize,
    /// Middle games of Test_L2_R1 searched by each configuration.
    #[arg(long, default_value_t = 40)]
    middle: usize,
    /// Seconds the plain search may spend on one middle game.
    #[arg(long, default_value_t = 5.0)]
    plain_limit: f64,
    /// Also solve the empty 7 × 6 board.
    #[arg(long)]
    empty: bool,
    /// Threads of the full configuration.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The transposition table's size (64M, 1G).
    #[arg(long, default_value = "64M")]
    table: String,
}

/// Pons's positions of one file, the first `count`.
fn positions(name: &str, count: usize) -> Vec<(Connect4Position, i32)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/connect4")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(count)
        .map(|l| {
            let (moves, score) = l.split_once(' ').unwrap();
            let board = Board::from_moves(moves, 7, 6).unwrap();
            (board.position, score.trim().parse().unwrap())
        })
        .collect()
}

/// One configuration's figures on a set: time and nodes of each position (none if stopped).
fn run(
    options: Options,
    set: &[(Connect4Position, i32)],
    limit: Option<f64>,
) -> Vec<Option<(Duration, u64)>> {
    let game = Connect4::new(7, 6).unwrap();
    let searcher = Searcher::new(game, options, &Budget::default()).unwrap();
    set.iter()
        .map(|&(p, score)| {
            // An empty table a position (not timed): no search profits from an earlier one.
            searcher.clear();
            let mut budget = Budget::default();
            if let Some(s) = limit {
                budget = budget.with_time(Duration::from_secs_f64(s));
            }
            let start = Instant::now();
            let searched = searcher.search(p, &budget).ok()?;
            let time = start.elapsed();
            assert_eq!(searched.score, score, "the published score");
            Some((time, searched.nodes))
        })
        .collect()
}

fn main() {
    let args = Args::parse();
    let table_bytes = input::bytes("--table", &args.table).expect("a size");
    let full = Options {
        table_bytes,
        threads: args.threads,
        ..Options::default()
    };
    let plain = Options {
        table: false,
        ordering: false,
        symmetry: false,
        threads: 1,
        ..full
    };
    let configurations = [
        ("every technique", full),
        ("one thread", Options { threads: 1, ..full }),
        (
            "no symmetry",
            Options {
                symmetry: false,
                ..full
            },
        ),
        (
            "no ordering by threats",
            Options {
                ordering: false,
                ..full
            },
        ),
        (
            "no table",
            Options {
                table: false,
                ..full
            },
        ),
    ];
    println!(
        "Connect Four 7 × 6 by search: table {}, {} threads",
        args.table, args.threads
    );
    for (name, file, count, limit) in [
        ("endings (Test_L3_R1)", "Test_L3_R1.txt", args.endings, None),
        (
            "middle games (Test_L2_R1)",
            "Test_L2_R1.txt",
            args.middle,
            Some(args.plain_limit),
        ),
    ] {
        let set = positions(file, count);
        let baseline = run(plain, &set, limit);
        let kept: Vec<usize> = (0..set.len()).filter(|&i| baseline[i].is_some()).collect();
        println!(
            "\n{name}: {} positions, {} finished by the plain search within its limit",
            set.len(),
            kept.len()
        );
        println!(
            "{:<26} {:>12} {:>12} {:>14} {:>10}",
            "configuration", "mean time", "mean nodes", "nodes/s", "speed-up"
        );
        let summary = |figures: &[Option<(Duration, u64)>]| {
            let (mut time, mut nodes) = (Duration::ZERO, 0u64);
            for &i in &kept {
                let (t, n) = figures[i].expect("finished");
                time += t;
                nodes += n;
            }
            let k = kept.len().max(1) as u32;
            (
                time / k,
                nodes / u64::from(k),
                nodes as f64 / time.as_secs_f64(),
            )
        };
        let (base_time, base_nodes, base_rate) = summary(&baseline);
        println!(
            "{:<26} {:>12.3?} {:>12} {:>14.0} {:>9.1}x",
            "plain alpha-beta", base_time, base_nodes, base_rate, 1.0
        );
        for (label, options) in configurations {
            let figures = run(options, &set, None);
            let (time, nodes, rate) = summary(&figures);
            println!(
                "{:<26} {:>12.3?} {:>12} {:>14.0} {:>9.1}x",
                label,
                time,
                nodes,
                rate,
                base_time.as_secs_f64() / time.as_secs_f64()
            );
        }
    }
    if args.empty {
        let game = Connect4::new(7, 6).unwrap();
        let searcher = Searcher::new(game, full, &Budget::default()).unwrap();
        let (time, searched) = common::timed(1, || {
            searcher
                .search(Connect4Position::default(), &Budget::default())
                .unwrap()
        });
        println!(
            "\nempty 7 × 6 board: score {} ({:?}), best column {}, {:.1?}, {} nodes, {:.0} nodes/s",
            searched.score,
            Verdict::of(searched.score, 0, 42),
            searched.best.map_or(0, |c| c + 1),
            time,
            searched.nodes,
            searched.nodes as f64 / time.as_secs_f64()
        );
    }
}
