//! Connect Four by search: the effect of each technique on the same positions (the ablation
//! table), against a plain alpha-beta (no table, no ordering by threats, no symmetry, no
//! claimeven, no dead stones, one thread) in the same run; then, on request, the empty 7 × 6 board.
//!
//! ```text
//! cargo bench -p grundy-catalogue --bench search_connect4
//! cargo bench -p grundy-catalogue --bench search_connect4 -- --count 200 --empty --table 1G
//! cargo bench -p grundy-catalogue --bench search_connect4 -- --no-sets --empty --width 10 --height 5
//! ```
//!
//! - **Sets**: Pons's endings (`Test_L3_R1`), middle games (`Test_L2_R1`) and openings
//!   (`Test_L1_R1`), the first `--count` of each, whose scores are checked against the
//!   published ones (the benchmark panics otherwise); and the empty 7 × 4, 5 × 6 and 6 × 5
//!   boards, checked against the published outcomes (draws). Each configuration searches every
//!   position with an emptied table. Per configuration: the mean time and nodes a position,
//!   nodes per second, and the plain baseline's time over the configuration's. The plain
//!   search runs each position with a deadline of `--plain-limit` seconds; the means and the
//!   ratio are taken over the positions it finished (so the ratio compares the same
//!   positions), and the positions it did not finish are counted.
//! - **Empty board** (`--empty`): the 7 × 6 board (or `--width` × `--height`) from empty, with
//!   every technique and `--threads` threads on a `--table` table: its score, best move, time,
//!   nodes and nodes per second. A board over 64 bits ((height + 1) × width > 64) is searched
//!   in words of 128 bits, the others in 64.

// The engine's benchmark helpers, shared rather than copied.
#[path = "../../grundy/benches/common/mod.rs"]
mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use clap::Parser;

use grundy::budget::Budget;
use grundy::input;
use grundy_catalogue::games::connect4::search::{Options, Searcher, Verdict};
use grundy_catalogue::games::connect4::{Board, Connect4, Connect4Position, Word};

#[derive(Parser, Debug)]
struct Args {
    #[command(flatten)]
    cargo: common::Cargo,
    /// Positions of each of Pons's sets searched by each configuration.
    #[arg(long, default_value_t = 100)]
    count: usize,
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
    /// Skip the sets (only the empty board, with `--empty`).
    #[arg(long)]
    no_sets: bool,
    /// The empty board's width.
    #[arg(long, default_value_t = 7)]
    width: u32,
    /// The empty board's height.
    #[arg(long, default_value_t = 6)]
    height: u32,
}

/// Solves the empty board of `game` in words `W` and prints what it took.
fn solve_empty<W: Word>(game: Connect4, options: Options) {
    let searcher = Searcher::<W>::new(game, options, &Budget::default()).unwrap();
    let (time, searched) = common::timed(1, || {
        searcher
            .search(Connect4Position::<W>::default(), &Budget::default())
            .unwrap()
    });
    let (w, h) = (game.width(), game.height());
    println!(
        "\nempty {w} × {h} board ({} bits): score {} ({:?}), best column {}, {:.1?}, {} nodes, \
         {:.0} nodes/s",
        W::BITS,
        searched.score,
        Verdict::of(searched.score, 0, w * h),
        searched.best.map_or(0, |c| c + 1),
        time,
        searched.nodes,
        searched.nodes as f64 / time.as_secs_f64()
    );
}

/// Pons's positions of one file, the first `count`, on 7 × 6.
fn positions(name: &str, count: usize) -> Vec<(Connect4, Connect4Position, i32)> {
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
            (board.game, board.position, score.trim().parse().unwrap())
        })
        .collect()
}

/// One configuration's figures on a set: time and nodes of each position, none where the
/// deadline stopped it.
fn run(
    options: Options,
    set: &[(Connect4, Connect4Position, i32)],
    limit: Option<f64>,
) -> Vec<Option<(Duration, u64)>> {
    let mut searcher: Option<Searcher> = None;
    set.iter()
        .map(|&(game, p, score)| {
            // One searcher a board size, its table emptied (not timed) before each position:
            // no search profits from an earlier one.
            if searcher.as_ref().is_none_or(|s| s.game() != game) {
                searcher = Some(Searcher::new(game, options, &Budget::default()).unwrap());
            }
            let searcher = searcher.as_ref().unwrap();
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
        claimeven: false,
        dead_stones: false,
        defer: false,
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
        (
            "no claimeven",
            Options {
                claimeven: false,
                ..full
            },
        ),
        (
            "no dead stones",
            Options {
                dead_stones: false,
                ..full
            },
        ),
        (
            "no deferral",
            Options {
                defer: false,
                ..full
            },
        ),
    ];
    println!(
        "Connect Four by search: table {}, {} threads, plain search stopped after {} s",
        args.table, args.threads, args.plain_limit
    );
    let empty = |w, h| (Connect4::new(w, h).unwrap(), Connect4Position::default(), 0);
    let sets = [
        (
            "endings (Test_L3_R1)",
            positions("Test_L3_R1.txt", args.count),
        ),
        (
            "middle games (Test_L2_R1)",
            positions("Test_L2_R1.txt", args.count),
        ),
        (
            "openings (Test_L1_R1)",
            positions("Test_L1_R1.txt", args.count),
        ),
        (
            "empty 7 × 4, 5 × 6, 6 × 5 (draws)",
            vec![empty(7, 4), empty(5, 6), empty(6, 5)],
        ),
    ];
    for (name, set) in sets.into_iter().filter(|_| !args.no_sets) {
        let baseline = run(plain, &set, Some(args.plain_limit));
        let kept: Vec<usize> = (0..set.len()).filter(|&i| baseline[i].is_some()).collect();
        println!(
            "\n{name}: {} positions, {} finished by the plain search",
            set.len(),
            kept.len()
        );
        println!(
            "{:<26} {:>12} {:>12} {:>14} {:>10}",
            "configuration", "mean time", "mean nodes", "nodes/s", "speed-up"
        );
        // Means over the positions the plain search finished, or over all if it finished none.
        let over: Vec<usize> = if kept.is_empty() {
            (0..set.len()).collect()
        } else {
            kept
        };
        let summary = |figures: &[Option<(Duration, u64)>]| {
            let (mut time, mut nodes) = (Duration::ZERO, 0u64);
            for &i in &over {
                let (t, n) = figures[i]?;
                time += t;
                nodes += n;
            }
            let k = over.len().max(1) as u32;
            Some((
                time / k,
                nodes / u64::from(k),
                nodes as f64 / time.as_secs_f64(),
            ))
        };
        let base = summary(&baseline);
        let show = |label: &str, figures: Option<(Duration, u64, f64)>| match (figures, base) {
            (Some((time, nodes, rate)), Some((base_time, ..))) => println!(
                "{label:<26} {time:>12.3?} {nodes:>12} {rate:>14.0} {:>9.1}x",
                base_time.as_secs_f64() / time.as_secs_f64()
            ),
            (Some((time, nodes, rate)), None) => {
                println!(
                    "{label:<26} {time:>12.3?} {nodes:>12} {rate:>14.0} {:>10}",
                    "-"
                )
            }
            (None, _) => println!("{label:<26} {:>12}", "stopped"),
        };
        show("plain alpha-beta", base);
        for (label, options) in configurations {
            show(label, summary(&run(options, &set, None)));
        }
    }
    if args.empty {
        let game = Connect4::within::<u128>(args.width, args.height).expect("a board of 128 bits");
        if game.fits::<u64>() {
            solve_empty::<u64>(game, full);
        } else {
            solve_empty::<u128>(game, full);
        }
    }
}
