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

use std::time::{Duration, Instant};

use grundy::graph::GameGraph;
use grundy::solve::grundy_values;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

struct Options {
    dag_positions: u32,
    dag_moves: usize,
    loopy_positions: u32,
    loopy_moves: usize,
    reps: usize,
}

fn parse_args() -> Options {
    let mut o = Options {
        dag_positions: 1_000_000,
        dag_moves: 10_000_000,
        loopy_positions: 200_000,
        loopy_moves: 1_000_000,
        reps: 3,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = || args.get(i + 1).and_then(|v| v.parse::<usize>().ok());
        let bad = || -> ! {
            eprintln!("usage: grundy_values [--dag-positions N] [--dag-moves M] [--loopy-positions N] [--loopy-moves M] [--reps R]");
            std::process::exit(2)
        };
        match args[i].as_str() {
            "--bench" => {
                i += 1;
                continue;
            }
            "--dag-positions" => o.dag_positions = value().unwrap_or_else(|| bad()) as u32,
            "--dag-moves" => o.dag_moves = value().unwrap_or_else(|| bad()),
            "--loopy-positions" => o.loopy_positions = value().unwrap_or_else(|| bad()) as u32,
            "--loopy-moves" => o.loopy_moves = value().unwrap_or_else(|| bad()),
            "--reps" => o.reps = value().unwrap_or_else(|| bad()).max(1),
            _ => bad(),
        }
        i += 2;
    }
    o
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn time<T>(reps: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..reps {
        let start = Instant::now();
        last = Some(f());
        times.push(start.elapsed());
    }
    (median(times), last.expect("at least one run"))
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
    let o = parse_args();
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
