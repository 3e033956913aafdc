//! Exploring a game defined by rules: hashed numbering against a dense index, in one run.
//!
//! ```text
//! cargo bench -p grundy --bench explore
//! cargo bench -p grundy --bench explore -- --reps 5
//! ```
//!
//! The game: three piles of at most 100 counters; a move takes 1, 2 or 3 counters from one
//! pile (101^3 = 1,030,301 positions, about 9 moves each). Both explorations must give the
//! same graph. Memory is what each numbering holds beside the graph: the hash table and the
//! copies of the positions, against the dense table (4 bytes per index) and the index of each
//! position (8 bytes).

#[path = "common/mod.rs"]
mod common;

use clap::Parser;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::{explore, explore_dense, DenseIndex, Impartial};

const SIDE: u64 = 101;

struct ThreePiles;

impl Impartial for ThreePiles {
    type Position = [u8; 3];
    fn options(&self, p: &[u8; 3], out: &mut grundy::rules::Moves<[u8; 3]>) {
        for i in 0..3 {
            for take in 1..=3u8 {
                if p[i] >= take {
                    let mut q = *p;
                    q[i] -= take;
                    out.push(q);
                }
            }
        }
    }
}

impl DenseIndex for ThreePiles {
    fn index_count(&self) -> u64 {
        SIDE * SIDE * SIDE
    }
    fn index(&self, p: &[u8; 3]) -> u64 {
        (u64::from(p[0]) * SIDE + u64::from(p[1])) * SIDE + u64::from(p[2])
    }
    fn position(&self, index: u64) -> [u8; 3] {
        [
            (index / (SIDE * SIDE)) as u8,
            (index / SIDE % SIDE) as u8,
            (index % SIDE) as u8,
        ]
    }
}

/// Hashed numbering against a dense index.
#[derive(Parser)]
struct Options {
    /// Runs of each exploration (the median is shown).
    #[arg(long, default_value_t = 3)]
    reps: usize,
    #[command(flatten)]
    cargo: common::Cargo,
}

fn main() {
    let reps = Options::parse().reps;
    let start = [(SIDE - 1) as u8; 3];
    let limits = &Budget::default();
    let (h, hashed) = common::timed(reps, || {
        explore(&ThreePiles, [start], limits, &NoProgress).expect("fits")
    });
    let (d, dense) = common::timed(reps, || {
        explore_dense(&ThreePiles, [start], limits, &NoProgress).expect("fits")
    });
    assert_eq!(
        hashed.graph, dense.graph,
        "both numberings give the same graph"
    );
    let n = hashed.graph.position_count() as u64;
    // Hash table: one slot per position at 7/8 load at most, each slot the position and its
    // id plus a control byte; positions are also kept in a vector.
    let pos = std::mem::size_of::<[u8; 3]>() as u64;
    let hashed_bytes = n * 8 / 7 * (pos + 4 + 1) + n * pos;
    let dense_bytes = 4 * SIDE * SIDE * SIDE + 8 * n;
    println!("three piles of at most 100, take 1-3 from one: {n} positions, median of {reps}");
    println!(
        "hashed numbering: {:.3} s, about {} bytes per position beside the graph",
        h.as_secs_f64(),
        hashed_bytes / n
    );
    println!(
        "dense index:      {:.3} s, {} bytes per position beside the graph; {:.1}x faster",
        d.as_secs_f64(),
        dense_bytes / n,
        h.as_secs_f64() / d.as_secs_f64()
    );
}
