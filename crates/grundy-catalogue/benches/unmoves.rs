//! A tier full of cycles, solved by retrograde analysis over un-moves against the tier's
//! graph (the route for games without un-moves), in one run: the card game of Codeforces
//! 919F, one tier of `hands²` positions.
//!
//! ```text
//! cargo bench -p grundy-catalogue --bench unmoves                       # 12 cards modulo 5: 3.4 M positions
//! cargo bench -p grundy-catalogue --bench unmoves -- --cards 16         # 23.5 M positions
//! ```
//!
//! Both routes write their files to `target/unmoves-bench` and must agree on every position
//! (checked; the benchmark panics otherwise). Peak memory is the process's high-water mark
//! after each route: un-moves run first, so the second figure is the graph route's.

// The engine's benchmark helpers, shared rather than copied.
#[path = "../../grundy/benches/common/mod.rs"]
mod common;
#[path = "common/memory.rs"]
mod memory;

use std::path::PathBuf;

use clap::Parser;
use grundy::outcome::Outcome;
use grundy::progress::NoProgress;
use grundy::rules::tiered::{solve_tiered, Solved, TierOptions, TierRanking};
use grundy::rules::Game;
use grundy_catalogue::games::cards::{Cards, CardsPosition};
use memory::{mib, peak_memory};

#[derive(Parser, Debug)]
struct Args {
    /// Cards a hand.
    #[arg(long, default_value_t = 12)]
    cards: u32,
    /// The numbers are modulo M.
    #[arg(long, default_value_t = 5)]
    modulus: u32,
    #[command(flatten)]
    cargo: common::Cargo,
}

/// The card game without its un-moves: its one tier is solved as a graph.
#[derive(Debug, Clone)]
struct ByGraph(Cards);

impl Game for ByGraph {
    type Position = CardsPosition;
    fn moves(&self, p: &CardsPosition, out: &mut grundy::rules::Moves<CardsPosition>) {
        self.0.moves(p, out);
    }
    fn result(&self, p: &CardsPosition) -> Option<Outcome> {
        self.0.result(p)
    }
}

impl TierRanking for ByGraph {
    fn name(&self) -> String {
        self.0.name()
    }
    fn tier_count(&self) -> u32 {
        1
    }
    fn tier(&self, _p: &CardsPosition) -> u32 {
        0
    }
    fn tier_size(&self, tier: u32) -> u64 {
        self.0.tier_size(tier)
    }
    fn rank(&self, p: &CardsPosition) -> u64 {
        self.0.rank(p)
    }
    fn unrank(&self, tier: u32, rank: u64) -> CardsPosition {
        self.0.unrank(tier, rank)
    }
    fn ranked_moves(&self, p: &CardsPosition, out: &mut Vec<(u32, u64)>) {
        self.0.ranked_moves(p, out);
    }
}

fn main() {
    let args = Args::parse();
    let game = Cards::new(args.cards, args.modulus).expect("a game whose hands fit");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/unmoves-bench");
    let (by_unmoves, by_graph) = (root.join("unmoves"), root.join("graph"));
    let _ = std::fs::remove_dir_all(&root);
    let positions = game.tier_size(0);

    let (unmoves_time, _) = common::timed(1, || {
        solve_tiered(&game, &by_unmoves, &TierOptions::default(), &NoProgress).unwrap()
    });
    let unmoves_time = unmoves_time.as_secs_f64();
    let unmoves_peak = peak_memory();
    let (graph_time, _) = common::timed(1, || {
        let graph = ByGraph(game.clone());
        solve_tiered(&graph, &by_graph, &TierOptions::default(), &NoProgress).unwrap()
    });
    let graph_time = graph_time.as_secs_f64();
    let graph_peak = peak_memory();

    let a = Solved::open(game.clone(), &by_unmoves)
        .unwrap()
        .tier(0)
        .unwrap();
    let b = Solved::open(ByGraph(game.clone()), &by_graph)
        .unwrap()
        .tier(0)
        .unwrap();
    assert_eq!(a, b, "the two routes differ");
    let [wins, losses, draws] = a.counts();
    println!(
        "{}: {positions} positions ({wins} wins, {losses} losses, {draws} draws), both routes \
         agree on every one",
        game.name()
    );
    println!(
        "un-moves: {unmoves_time:.2} s ({:.1} M positions/s), peak {}",
        positions as f64 / unmoves_time / 1e6,
        mib(unmoves_peak)
    );
    println!(
        "tier's graph: {graph_time:.2} s ({:.1} M positions/s), peak {}",
        positions as f64 / graph_time / 1e6,
        mib(graph_peak)
    );
    if let (Some(u), Some(g)) = (unmoves_peak, graph_peak) {
        println!(
            "ratio (graph / un-moves): time {:.2}x, peak memory {:.1}x; bytes a position: \
             un-moves {:.1}, graph {:.1}",
            graph_time / unmoves_time,
            g as f64 / u as f64,
            u as f64 / positions as f64,
            g as f64 / positions as f64
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}
