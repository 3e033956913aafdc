//! The shared mathematics against definitions: the mex calculator against the least missing
//! value on random sets (with repeats, large values and calculators reused across sets of
//! every size), bit tricks, Zeckendorf representations, the golden ratio's floors against
//! exact comparisons, primes against trial division, and ratios.

use grundy::math::bits::{gray, gray_inverse, highbit, is_odious, lowbit, odious};
use grundy::math::golden::{floor_phi_times, floor_sqrt5_times, is_wythoff_pair};
use grundy::math::mex::{mex_of_bits, Mex};
use grundy::math::primes::{factorize, is_prime, prime_factor_count};
use grundy::math::ratio::Ratio;
use grundy::math::zeckendorf::{is_fibonacci, zeckendorf, FIBONACCI};
use proptest::prelude::*;

/// The least non-negative integer not in `values`, by the definition.
fn mex_by_definition(values: &[u32]) -> u32 {
    (0u32..)
        .find(|v| !values.contains(v))
        .expect("a missing value")
}

/// x² as (high, low) 128-bit halves, for x < 2^127.
fn wide_square(x: u128) -> (u128, u128) {
    let (hi, lo) = (x >> 64, x & u128::from(u64::MAX));
    let (low, cross, high) = (lo * lo, hi * lo, hi * hi);
    // x² = high·2^128 + 2·cross·2^64 + low, with 2·cross < 2^128.
    let (sum, carry1) = low.overflowing_add(cross << 65);
    (high + (cross >> 63) + u128::from(carry1), sum)
}

proptest! {
    #[test]
    fn mex_is_the_least_missing_value(sets in prop::collection::vec(
        prop::collection::vec(prop_oneof![0u32..12, 0u32..70, any::<u32>()], 0..80), 1..20)
    ) {
        // One calculator for every set, as the engine uses it; and a fresh one each time.
        let mut reused = Mex::new();
        let mut sized = Mex::with_capacity(8);
        for set in &sets {
            let expected = mex_by_definition(set);
            prop_assert_eq!(reused.of(set.iter().copied()), expected);
            prop_assert_eq!(sized.of(set.iter().copied()), expected);
            prop_assert_eq!(Mex::new().of(set.iter().copied()), expected);
        }
    }

    #[test]
    fn mex_of_bits_is_the_first_clear_bit(words in prop::collection::vec(any::<u64>(), 0..5)) {
        let set: Vec<u32> = (0..64 * words.len() as u32)
            .filter(|&v| words[v as usize / 64] >> (v % 64) & 1 == 1)
            .collect();
        prop_assert_eq!(mex_of_bits(&words) as u32, mex_by_definition(&set));
    }

    #[test]
    fn bit_tricks(x in any::<u64>()) {
        prop_assert_eq!(gray_inverse(gray(x)), x);
        if x > 0 {
            prop_assert_eq!(lowbit(x), 1 << x.trailing_zeros());
            prop_assert!(highbit(x) <= x && x / 2 < highbit(x));
        }
        prop_assert_eq!(is_odious(x), x.count_ones() % 2 == 1);
    }

    #[test]
    fn zeckendorf_terms_are_non_consecutive_fibonacci_numbers(n in any::<u64>()) {
        let terms = zeckendorf(n);
        prop_assert_eq!(terms.iter().map(|&t| u128::from(t)).sum::<u128>(), u128::from(n));
        let indices: Vec<usize> = terms
            .iter()
            .map(|t| FIBONACCI.iter().position(|f| f == t).expect("a Fibonacci number"))
            .collect();
        prop_assert!(indices.windows(2).all(|w| w[0] >= w[1] + 2));
    }

    #[test]
    fn floor_sqrt5_is_exact(k in prop_oneof![any::<u64>(), 0u64..1000]) {
        // r = ⌊k√5⌋ iff r² ≤ 5k² < (r + 1)², compared in 256 bits.
        let r = floor_sqrt5_times(k);
        let k2 = u128::from(k) * u128::from(k);
        let (lo, carry) = (k2 << 2).overflowing_add(k2);
        let five_k2 = ((k2 >> 126) + u128::from(carry), lo);
        prop_assert!(wide_square(r) <= five_k2 && wide_square(r + 1) > five_k2);
    }

    #[test]
    fn primes_and_factorisations(n in 1u64..1_000_000) {
        let by_trial = (2..=n.isqrt()).all(|d| n % d != 0) && n >= 2;
        prop_assert_eq!(is_prime(n), by_trial);
        let factors = factorize(n);
        prop_assert_eq!(factors.iter().map(|&(p, e)| p.pow(e)).product::<u64>(), n);
        prop_assert!(factors.iter().all(|&(p, _)| is_prime(p)));
        prop_assert_eq!(prime_factor_count(n), factors.iter().map(|f| f.1).sum::<u32>());
    }

    #[test]
    fn ratios_read_back_what_they_print(num in 0u64..1000, den in 1u64..1000) {
        let r = Ratio::new(num, den).unwrap();
        prop_assert_eq!(r.to_string().parse::<Ratio>().unwrap(), r);
        prop_assert_eq!(r.floor_mul(den), u128::from(num));
        prop_assert_eq!(r.at_least_one(), num >= den);
    }
}

#[test]
fn wythoff_pairs_and_fibonacci_by_construction() {
    // The Wythoff pairs by the mex construction: a_k the least number not used yet.
    let mut used = vec![false; 10_000];
    let mut k = 0u64;
    let mut a = 0usize;
    while a < 3_000 {
        while used[a] {
            a += 1;
        }
        let b = a + k as usize;
        assert_eq!(floor_phi_times(k), a as u128, "k = {k}");
        assert!(is_wythoff_pair(a as u64, b as u64) && is_wythoff_pair(b as u64, a as u64));
        used[a] = true;
        used[b] = true;
        k += 1;
        a += 1;
    }
    assert!(!is_wythoff_pair(1, 1) && !is_wythoff_pair(3, 4));
    let fibonacci: Vec<u64> = (1..100).filter(|&n| is_fibonacci(n)).collect();
    assert_eq!(fibonacci, [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
    assert_eq!(
        (0..8).map(odious).collect::<Vec<_>>(),
        [1, 2, 4, 7, 8, 11, 13, 14]
    );
}
