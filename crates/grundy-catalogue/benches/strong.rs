//! Strong solutions of Connect Four: the tiered solver against the graph route (explore every
//! reachable board, then solve the graph), in one run.
//!
//! ```text
//! cargo bench -p grundy-catalogue --bench strong                                 # 5 × 4
//! cargo bench -p grundy-catalogue --bench strong -- --width 6 --height 4         # 95 million boards
//! cargo bench -p grundy-catalogue --bench strong -- --width 7 --height 4 --skip-graph
//! ```
//!
//! The tiered solver numbers every board with gravity and the right counts (reachable or
//! not) and writes its records, compressed, to files in `target/strong-bench`; the graph route
//! numbers the boards reachable from the empty one through a hash table and keeps the moves.
//! Both must give the same outcome and remoteness on every reachable board (checked, through
//! the tier files loaded back); the benchmark panics otherwise. Peak memory is the process's
//! high-water mark (`VmHWM` of `/proc/self/status`, Linux) after each route: the tiered solver
//! runs first, so the second figure is the graph route's.

// The engine's benchmark helpers, shared rather than copied.
#[path = "../../grundy/benches/common/mod.rs"]
mod common;
#[path = "common/memory.rs"]
mod memory;

use std::path::PathBuf;

use clap::Parser;
use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::rules::tiered::{solve_tiered, Solved, TierOptions, TierRanking};
use grundy::solve::{solve, SolveOptions};
use grundy_catalogue::games::connect4::Connect4Tiers;
use grundy_catalogue::games::connect4::{Connect4, Connect4Position};
use memory::{mib, peak_memory};

#[derive(Parser, Debug)]
struct Args {
    /// The board's width.
    #[arg(long, default_value_t = 5)]
    width: u32,
    /// The board's height.
    #[arg(long, default_value_t = 4)]
    height: u32,
    /// Only the tiered solver (for boards the graph route cannot hold).
    #[arg(long)]
    skip_graph: bool,
    #[command(flatten)]
    cargo: common::Cargo,
}

fn main() {
    let args = Args::parse();
    let game = Connect4::new(args.width, args.height).expect("a board that fits 64 bits");
    let tiers = Connect4Tiers::new(game).expect("a board that ranks");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../target/strong-bench")
        .join(format!("{}x{}", args.width, args.height));
    let _ = std::fs::remove_dir_all(&dir);

    // One run each: a second tiered run would only check the files the first one wrote.
    let (tiered_time, summary) = common::timed(1, || {
        solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap()
    });
    let tiered_time = tiered_time.as_secs_f64();
    let tiered_peak = peak_memory();
    let solved = Solved::open(tiers.clone(), &dir).unwrap();
    let start = solved.value(&Connect4Position::default()).unwrap();
    println!(
        "Connect Four {}x{}: the empty board is a {:?} (remoteness {:?})",
        args.width, args.height, start.outcome, start.remoteness
    );
    println!(
        "tiered: {} boards in {} tiers, {:.2} s ({:.1} M boards/s), peak {}, files {} bytes \
         ({:.2} bits a board)",
        summary.positions,
        summary.tiers.len(),
        tiered_time,
        summary.positions as f64 / tiered_time / 1e6,
        mib(tiered_peak),
        summary.bytes,
        8.0 * summary.bytes as f64 / summary.positions as f64
    );
    if args.skip_graph {
        return;
    }

    let (graph_time, (explored, solution)) = common::timed(1, || {
        let start = [Connect4Position::default()];
        let explored = explore(&game, start, &Budget::default(), &NoProgress).unwrap();
        let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
        (explored, solution)
    });
    let graph_time = graph_time.as_secs_f64();
    let graph_peak = peak_memory();
    let reachable = explored.graph.position_count();
    println!(
        "graph route: {} reachable boards, {} moves, {:.2} s ({:.1} M boards/s), peak {}",
        reachable,
        explored.graph.move_count(),
        graph_time,
        reachable as f64 / graph_time / 1e6,
        mib(graph_peak)
    );

    let results: Vec<_> = (0..tiers.tier_count())
        .map(|t| solved.tier(t).unwrap())
        .collect();
    for id in 0..reachable as u32 {
        let p = explored.position(id);
        let value = results[tiers.tier(p) as usize].get(tiers.rank(p));
        assert_eq!(
            (value.outcome, value.remoteness),
            (solution.outcome(id), solution.remoteness(id)),
            "board {id}"
        );
    }
    println!("every reachable board agrees (outcome and remoteness)");
    if let (Some(t), Some(g)) = (tiered_peak, graph_peak) {
        println!(
            "ratio (graph route / tiered): time {:.2}x, peak memory {:.1}x; bytes a reachable \
             board: tiered {:.1} (files {:.2}), graph route {:.1}",
            graph_time / tiered_time,
            g as f64 / t as f64,
            t as f64 / reachable as f64,
            summary.bytes as f64 / reachable as f64,
            g as f64 / reachable as f64
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
