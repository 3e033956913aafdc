//! Benchmark of nimber arithmetic: the fast nim product beside the recursive reference in the
//! same run, and the inverse, the square root and a power.
//!
//! ```text
//! cargo bench -p grundy --bench nimber
//! cargo bench -p grundy --bench nimber -- --pairs 4000000 --reference-pairs 50000 --reps 7
//! ```
//!
//! - **Product** (`nimber::mul`, the `*` of `Nimber`) over `--pairs` random 64-bit operand
//!   pairs, as throughput (independent products, the usual case: a batch, a table) and as
//!   latency (a chain where each product's result is the next one's operand).
//! - **Reference** (`nimber::mul_recursive`): the recursion over the Fermat 2-powers, on the
//!   first `--reference-pairs` of the same pairs (it is slow); both must agree on each of
//!   them, or the benchmark panics.
//! - **Inverse**, **square root** and **power** (a random 64-bit exponent) over random
//!   operands.
//!
//! Times are per operation, medians of `--reps` runs; a checksum of every run's results is
//! printed so that no work can be optimised away.

use std::hint::black_box;
use std::time::Instant;

use grundy::nimber::{mul, mul_recursive};
use grundy::Nimber;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[path = "common/mod.rs"]
mod common;

use clap::Parser;

/// Nimber arithmetic, beside the recursive reference.
#[derive(Parser)]
struct Options {
    /// Random operand pairs for the fast product.
    #[arg(long, default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pairs: u64,
    /// Of those, how many the (slow) reference multiplies too.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    reference_pairs: u64,
    /// Runs of each measurement (the median is shown).
    #[arg(long, default_value_t = 5)]
    reps: usize,
    #[command(flatten)]
    cargo: common::Cargo,
}

/// Runs `f` `reps` times; the median time per operation in nanoseconds, and the XOR of the
/// runs' checksums.
fn time_per_op(reps: usize, ops: usize, mut f: impl FnMut() -> u64) -> (f64, u64) {
    let mut checksum = 0;
    let (median, _) = common::timed(reps, || checksum ^= black_box(f()));
    (median.as_secs_f64() * 1e9 / ops as f64, checksum)
}

fn main() {
    let o = Options::parse();
    let pairs = o.pairs as usize;
    let reference_pairs = o.reference_pairs.min(o.pairs) as usize;
    let mut rng = StdRng::seed_from_u64(0x6e69_6d62_6572);
    let a: Vec<u64> = (0..pairs).map(|_| rng.random()).collect();
    let b: Vec<u64> = (0..pairs).map(|_| rng.random()).collect();
    let exponents: Vec<u64> = (0..reference_pairs).map(|_| rng.random()).collect();
    println!(
        "nim product of random 64-bit nimbers: {} pairs (reference: {}), medians of {} runs",
        pairs, reference_pairs, o.reps
    );

    // The tables are built on first use; keep that out of the timings.
    let setup = Instant::now();
    black_box(mul(black_box(3), black_box(5)));
    let setup = setup.elapsed();

    let (fast, fast_sum) = time_per_op(o.reps, pairs, || {
        a.iter()
            .zip(&b)
            .fold(0, |acc, (&x, &y)| acc ^ mul(black_box(x), y))
    });
    let (chain, chain_sum) = time_per_op(o.reps, pairs, || {
        b.iter().fold(a[0] | 1, |acc, &y| mul(acc, y) | 1)
    });
    let n = reference_pairs;
    let (reference, reference_sum) = time_per_op(o.reps.min(3), n, || {
        a[..n]
            .iter()
            .zip(&b[..n])
            .fold(0, |acc, (&x, &y)| acc ^ mul_recursive(black_box(x), y))
    });
    for (&x, &y) in a[..n].iter().zip(&b[..n]) {
        assert_eq!(mul(x, y), mul_recursive(x, y), "{x} ⊗ {y}");
    }
    let (inverse, inverse_sum) = time_per_op(o.reps, pairs, || {
        a.iter().fold(0, |acc, &x| {
            acc ^ Nimber(black_box(x) | 1).inv().map_or(0, Nimber::get)
        })
    });
    let (sqrt, sqrt_sum) = time_per_op(o.reps, pairs, || {
        a.iter()
            .fold(0, |acc, &x| acc ^ Nimber(black_box(x)).sqrt().get())
    });
    let (pow, pow_sum) = time_per_op(o.reps, n, || {
        a[..n]
            .iter()
            .zip(&exponents)
            .fold(0, |acc, (&x, &e)| acc ^ Nimber(black_box(x)).pow(e).get())
    });
    // Spot checks of the others against their definitions.
    for (&x, &e) in a[..100.min(n)].iter().zip(&exponents) {
        let x = Nimber(x | 1);
        assert_eq!(x * x.inv().expect("non-zero"), Nimber::ONE);
        assert_eq!(Nimber(x.get()).sqrt().square(), x);
        let half = x.pow(e / 2);
        let expected = if e % 2 == 1 {
            half * half * x
        } else {
            half * half
        };
        assert_eq!(x.pow(e), expected);
    }

    println!("{:<44} {:>10}  checksum", "operation", "ns/op");
    let row = |name: &str, ns: f64, sum: u64| println!("{name:<44} {ns:>10.2}  {sum:016x}");
    row("product, fast (throughput)", fast, fast_sum);
    row("product, fast (latency: dependent chain)", chain, chain_sum);
    row("product, recursive reference", reference, reference_sum);
    row("inverse", inverse, inverse_sum);
    row("square root", sqrt, sqrt_sum);
    row("power, random 64-bit exponent", pow, pow_sum);
    println!(
        "fast product: {:.1}x faster than the reference (throughput), {:.1}x (latency); tables built in {:.1} ms",
        reference / fast,
        reference / chain,
        setup.as_secs_f64() * 1e3
    );
    let verdict = |ok: bool| if ok { "met" } else { "NOT met" };
    println!(
        "targets: fast product at most 20 ns: {}; at least 20x the reference: {}",
        verdict(fast <= 20.0),
        verdict(reference / fast >= 20.0)
    );
}
