//! Take-and-break values: the sparse-space method beside the plain O(n^2) mex, in one run.
//!
//! ```text
//! cargo bench -p grundy --bench octal                 # ratio at 2^16, then Grundy's game to 2^24
//! cargo bench -p grundy --bench octal -- 26           # Grundy's game to 2^26
//! ```
//!
//! Both methods must give the same values at 2^16 (the benchmark panics otherwise). Memory is
//! 2 bytes per heap.

use std::time::Instant;

use grundy::budget::Budget;
use grundy::impartial::octal::{values_plain, values_sparse, Rule};
use grundy::progress::NoProgress;

fn main() {
    let bits: u32 = std::env::args()
        .skip(1)
        .find(|a| a != "--bench")
        .map(|a| a.parse().expect("an exponent, like 24"))
        .unwrap_or(24);
    let n = 1 << 16;
    for code in ["grundy", "0.77", "0.6"] {
        let rule = Rule::parse(code).expect("a code");
        let t = Instant::now();
        let plain = values_plain(&rule, n, &Budget::default()).expect("values");
        let plain_time = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let sparse =
            values_sparse(&rule, n, None, &Budget::default(), &NoProgress).expect("values");
        let sparse_time = t.elapsed().as_secs_f64();
        assert_eq!(plain, sparse.values, "{code}");
        println!(
            "{rule} to 2^16: plain {plain_time:.2} s, sparse {sparse_time:.3} s ({} rare heaps, mask {:x}): {:.0}x faster",
            sparse.rare_heaps.len(),
            sparse.mask,
            plain_time / sparse_time
        );
    }
    let t = Instant::now();
    let s = values_sparse(
        &Rule::Grundy,
        1 << bits,
        None,
        &Budget::default(),
        &NoProgress,
    )
    .expect("values");
    let max = *s.values.iter().max().expect("values");
    println!(
        "Grundy's game to 2^{bits}: {:.1} s, {} MiB of values, {} rare heaps (mask {:x}, the last at {}), largest value {max} at {}",
        t.elapsed().as_secs_f64(),
        (s.values.len() * 2) >> 20,
        s.rare_heaps.len(),
        s.mask,
        s.rare_heaps.last().copied().unwrap_or(0),
        s.values.iter().position(|&v| v == max).unwrap_or(0)
    );
}
