//! Fibonacci numbers and Zeckendorf representations (every n ≥ 1 is, in exactly one way, a
//! sum of non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ...): the closed forms of
//! Fibonacci Nim and of the pattern recognisers. Each function is O(log n).

/// How many Fibonacci numbers 1, 2, 3, 5, ... fit in a `u64`.
pub const FIBONACCI_LEN: usize = 92;

/// The Fibonacci numbers 1, 2, 3, 5, 8, ... that fit in a `u64`, in increasing order (the
/// last is 12200160415121876738).
pub const FIBONACCI: [u64; FIBONACCI_LEN] = fibonacci_table();

const fn fibonacci_table() -> [u64; FIBONACCI_LEN] {
    let mut table = [0u64; FIBONACCI_LEN];
    table[0] = 1;
    table[1] = 2;
    let mut i = 2;
    while i < FIBONACCI_LEN {
        table[i] = table[i - 1] + table[i - 2];
        i += 1;
    }
    table
}

/// The index in [`FIBONACCI`] of the largest Fibonacci number at most `n` (n ≥ 1).
pub fn largest_index_at_most(n: u64) -> usize {
    FIBONACCI.partition_point(|&f| f <= n) - 1
}

/// Whether `n` is a Fibonacci number 1, 2, 3, 5, 8, ... (0 is not).
///
/// ```
/// use grundy::math::zeckendorf::is_fibonacci;
/// assert!(is_fibonacci(89) && !is_fibonacci(90) && !is_fibonacci(0));
/// ```
pub fn is_fibonacci(n: u64) -> bool {
    n > 0 && FIBONACCI[largest_index_at_most(n)] == n
}

/// The Zeckendorf representation of `n`: the non-consecutive Fibonacci numbers summing to
/// `n`, largest first (empty for 0), by the greedy algorithm.
///
/// ```
/// use grundy::math::zeckendorf::zeckendorf;
/// assert_eq!(zeckendorf(100), [89, 8, 3]);
/// ```
pub fn zeckendorf(n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    let mut rest = n;
    while rest > 0 {
        let f = FIBONACCI[largest_index_at_most(rest)];
        terms.push(f);
        rest -= f;
    }
    terms
}

/// The smallest term of the Zeckendorf representation of `n` (`None` for 0): the least
/// winning take of Fibonacci Nim from a pile of n.
pub fn smallest_term(n: u64) -> Option<u64> {
    zeckendorf(n).last().copied()
}
