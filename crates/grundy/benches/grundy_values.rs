//! Benchmark of Sprague–Grundy values, each beside a plain baseline in the same run.
//!
//! ```text
//! cargo bench -p grundy --bench grundy_values
//! cargo bench -p grundy --bench grundy_values -- --dag-moves 10000000 --loopy-moves 1000000
//! ```
//!
//! - **Acyclic**: a random DAG (every move goes to a smaller index, drawn uniformly), values by
//!   `grundy_values` against a baseline with `Vec<Vec<u32>>` option lists that computes the
//!   mex of each position in index order with a fresh `Vec<bool>` of seen values.
//! - **Loopy**: a random graph with cycles (a tenth of the positions terminal), values by `grundy_values` (one retrograde pass per
//!   round) against the textbook round algorithm done by sweeps: in round k, sweep over all
//!   positions labelling k any position that qualifies, until a sweep changes nothing, then
//!   mark ∞ the positions without an option labelled k.
//!
//! Both pairs must agree on every position's value; the benchmark panics otherwise. Times are
//! medians of `--reps` runs.

use std::time::Duration;

use grundy::graph::GameGraph;
use grundy::solve::grundy_values;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[path = "common/mod.rs"]
mod common;

use clap::Parser;
use common::timed as time;

/// Sprague–Grundy values of random graphs, beside plain baselines.
#[derive(Parser)]
struct Options {
    /// Positions of the random DAG.
    #[arg(long, default_value_t = 1_000_000)]
    dag_positions: u32,
    /// Moves of the random DAG.
    #[arg(long, default_value_t = 10_000_000)]
    dag_moves: usize,
    /// Positions of the random graph with cycles.
    #[arg(long, default_value_t = 200_000)]
    loopy_positions: u32,
    /// Moves of the random graph with cycles.
    #[arg(long, default_value_t = 1_000_000)]
    loopy_moves: usize,
    /// Runs of each measurement (the median is shown).
    #[arg(long, default_value_t = 3)]
    reps: usize,
    #[command(flatten)]
    cargo: common::Cargo,
}

fn report(what: &str, moves: usize, ours: Duration, base: Duration) {
    let rate = |d: Duration| moves as f64 / d.as_secs_f64() / 1e6;
    println!(
        "{what}: grundy {:.3} s ({:.0} M moves/s), baseline {:.3} s ({:.0} M moves/s), grundy {:.1}x faster",
        ours.as_secs_f64(),
        rate(ours),
        base.as_secs_f64(),
        rate(base),
        base.as_secs_f64() / ours.as_secs_f64()
    );
}

/// Mex in index order on `Vec<Vec<u32>>` lists (moves go to smaller indices).
fn baseline_dag(n: u32, lists: &[Vec<u32>]) -> Vec<u32> {
    let mut value = vec![0u32; n as usize];
    for p in 0..n as usize {
        let mut seen = vec![false; lists[p].len() + 1];
        for &q in &lists[p] {
            if let Some(s) = seen.get_mut(value[q as usize] as usize) {
                *s = true;
            }
        }
        value[p] = seen.iter().position(|&s| !s).expect("a free value") as u32;
    }
    value
}

const INF: u32 = u32::MAX;
const OPEN: u32 = u32::MAX - 1;

/// The round algorithm by repeated sweeps.
fn baseline_loopy(lists: &[Vec<u32>]) -> Vec<u32> {
    let n = lists.len();
    let mut label = vec![OPEN; n];
    let mut k = 0;
    while label.contains(&OPEN) {
        loop {
            let mut changed = false;
            for p in 0..n {
                if label[p] != OPEN {
                    continue;
                }
                let ok = lists[p].iter().all(|&q| {
                    let l = label[q as usize];
                    l != k && (l < k || lists[q as usize].iter().any(|&r| label[r as usize] == k))
                });
                if ok {
                    label[p] = k;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for p in 0..n {
            if label[p] == OPEN && !lists[p].iter().any(|&q| label[q as usize] == k) {
                label[p] = INF;
            }
        }
        k += 1;
    }
    label
}

fn main() {
    let o = Options::parse();
    let mut rng = StdRng::seed_from_u64(7);

    let n = o.dag_positions;
    let moves: Vec<(u32, u32)> = (0..o.dag_moves)
        .map(|_| {
            let a = rng.random_range(1..n);
            (a, rng.random_range(0..a))
        })
        .collect();
    let graph = GameGraph::from_moves(n, &moves);
    let mut lists = vec![Vec::new(); n as usize];
    for &(a, b) in &moves {
        lists[a as usize].push(b);
    }
    drop(moves);
    println!(
        "random DAG: {n} positions, {} moves, median of {} runs",
        graph.move_count(),
        o.reps
    );
    let (ours, values) = time(o.reps, || grundy_values(&graph).expect("impartial"));
    let (base, want) = time(o.reps, || baseline_dag(n, &lists));
    assert!(!values.is_loopy());
    for p in 0..n {
        assert_eq!(values.finite(p), Some(want[p as usize]), "position {p}");
    }
    println!(
        "  values agree on every position; largest value {}",
        values.max_finite().unwrap_or(0)
    );
    report("acyclic values", graph.move_count(), ours, base);
    drop(lists);

    // A tenth of the positions are terminal, the others have 1..2d-1 moves: a mix of finite
    // and infinite values.
    let n = o.loopy_positions;
    let avg = (o.loopy_moves as f64 / (0.9 * f64::from(n))).max(1.0) as u32;
    let mut moves: Vec<(u32, u32)> = Vec::with_capacity(o.loopy_moves);
    for p in 0..n {
        if !rng.random_bool(0.1) {
            for _ in 0..rng.random_range(1..2 * avg) {
                moves.push((p, rng.random_range(0..n)));
            }
        }
    }
    let graph = GameGraph::from_moves(n, &moves);
    let mut lists = vec![Vec::new(); n as usize];
    for &(a, b) in &moves {
        lists[a as usize].push(b);
    }
    let (ours, values) = time(o.reps, || grundy_values(&graph).expect("impartial"));
    let (base, want) = time(o.reps, || baseline_loopy(&lists));
    let infinite = (0..n).filter(|&p| values.finite(p).is_none()).count();
    for p in 0..n {
        let got = values.finite(p).unwrap_or(INF);
        assert_eq!(got, want[p as usize], "position {p}");
    }
    println!(
        "random graph with cycles: {n} positions, {} moves; {infinite} of value inf, largest finite {}",
        graph.move_count(),
        values.max_finite().unwrap_or(0)
    );
    report("loopy values", graph.move_count(), ours, base);
}
