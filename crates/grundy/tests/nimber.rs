//! Nimber arithmetic against its definitions and against data written by other projects:
//!
//! - the fast product against the recursive reference on about 250,000 operand pairs, random
//!   and structured, and both against the mex definition on small nimbers;
//! - Library Checker's `nim_product_64` test files and the nimber cases of
//!   `small_external_cases.json` (in the repository's `testdata/`, whose README gives their
//!   provenance);
//! - the field axioms, inverses, square roots, powers and the Fermat 2-power identities on
//!   random nimbers;
//! - parsing, printing and serialisation.

use std::path::PathBuf;

mod common;

use common::testdata_dir;

use grundy::nimber::{mul, mul_recursive};
use grundy::Nimber;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random 64-bit nimber with a random number of significant bits, so that every level of
/// the tower is exercised (and 0 and 1 come up too).
fn random_sized(rng: &mut impl Rng) -> u64 {
    let bits = rng.random_range(0..=64u32);
    let x: u64 = rng.random();
    if bits == 64 {
        x
    } else {
        x & ((1u64 << bits) - 1)
    }
}

/// Nim products of all `a, b < n` by the mex definition
/// `a ⊗ b = mex{(a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') : a' < a, b' < b}`.
fn products_by_mex(n: usize) -> Vec<Vec<u64>> {
    let mut p = vec![vec![0u64; n]; n];
    // A mex is at most the number of options, a·b < n².
    let mut seen = vec![usize::MAX; n * n + 1];
    for a in 0..n {
        for b in 0..n {
            let stamp = a * n + b;
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = p[a2][b] ^ p[a][b2] ^ p[a2][b2];
                    seen[v as usize] = stamp;
                }
            }
            p[a][b] = (0..).find(|&v| seen[v] != stamp).expect("a mex") as u64;
        }
    }
    p
}

#[test]
fn products_of_small_nimbers_follow_the_mex_definition() {
    let n = 64;
    let p = products_by_mex(n);
    for (x, row) in (0u64..).zip(&p) {
        for (y, &product) in (0u64..).zip(row) {
            assert_eq!(mul(x, y), product, "{x} ⊗ {y}");
            assert_eq!(mul_recursive(x, y), product, "{x} ⊗ {y} (reference)");
        }
    }
    // The nim sum is XOR by its own mex definition too.
    let mut s = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let options: Vec<u64> = (0..a)
                .map(|a2| s[a2][b])
                .chain((0..b).map(|b2| s[a][b2]))
                .collect();
            s[a][b] = (0..).find(|v| !options.contains(v)).expect("a mex");
            assert_eq!(Nimber(a as u64) + Nimber(b as u64), Nimber(s[a][b]));
        }
    }
}

#[test]
fn known_products() {
    for (a, b, product) in [
        (2, 2, 3),
        (4, 4, 6),
        (8, 8, 13),
        (16, 16, 24),
        (32, 32, 52),
        (2, 3, 1),
        (8, 16, 128),
        (3141, 5926, 14994),
        (u64::MAX, u64::MAX, 11290409524105353207),
    ] {
        assert_eq!(mul(a, b), product, "{a} ⊗ {b}");
        assert_eq!(mul_recursive(a, b), product, "{a} ⊗ {b} (reference)");
        assert_eq!(Nimber(a) * Nimber(b), Nimber(product));
    }
}

#[test]
fn fast_product_equals_reference_on_all_pairs_below_256() {
    for a in 0..256 {
        for b in 0..256 {
            assert_eq!(mul(a, b), mul_recursive(a, b), "{a} ⊗ {b}");
        }
    }
}

#[test]
fn fast_product_equals_reference_on_structured_operands() {
    // Powers of two, Fermat 2-powers, their neighbours, all-ones masks of each level, and
    // numbers with one 16-bit piece set (the tables' zero handling).
    let mut special: Vec<u64> = vec![0, 1, 2, 3, u64::MAX, u64::MAX - 1];
    for i in 0..64 {
        let p = 1u64 << i;
        special.extend([p, p - 1, p + 1, p | 1, !p]);
    }
    for k in 0..6 {
        let d = 1u64 << (1u32 << k);
        special.extend([d, d / 2, d + d / 2, d - 1, d.wrapping_mul(d / 2)]);
    }
    for piece in 0..4 {
        for v in [1u64, 2, 0x8000, 0xFFFF, 0x1234] {
            special.push(v << (16 * piece));
        }
    }
    special.sort_unstable();
    special.dedup();
    let mut rng = StdRng::seed_from_u64(11);
    let mut checked = 0;
    for &a in &special {
        for &b in &special {
            assert_eq!(mul(a, b), mul_recursive(a, b), "{a} ⊗ {b}");
            checked += 1;
        }
        for _ in 0..40 {
            let b = random_sized(&mut rng);
            assert_eq!(mul(a, b), mul_recursive(a, b), "{a} ⊗ {b}");
            assert_eq!(mul(b, a), mul_recursive(b, a), "{b} ⊗ {a}");
            checked += 2;
        }
    }
    assert!(checked > 80_000, "{checked} pairs");
}

#[test]
fn fast_product_equals_reference_on_random_operands() {
    let mut rng = StdRng::seed_from_u64(12);
    // (pairs, mask): 16-bit, 32-bit, 64-bit and mixed sizes. The reference takes tens of
    // microseconds on a random 64-bit pair in an unoptimised build.
    let rounds: [(usize, Option<u64>); 4] = [
        (100_000, Some(0xFFFF)),
        (40_000, Some(0xFFFF_FFFF)),
        (25_000, Some(u64::MAX)),
        (25_000, None),
    ];
    for (pairs, mask) in rounds {
        for _ in 0..pairs {
            let (a, b) = match mask {
                Some(m) => (rng.random::<u64>() & m, rng.random::<u64>() & m),
                None => (random_sized(&mut rng), random_sized(&mut rng)),
            };
            assert_eq!(mul(a, b), mul_recursive(a, b), "{a} ⊗ {b}");
        }
    }
}

/// Parses Library Checker's input (`T`, then `T` lines `A B`) or output (one number a line).
fn numbers(text: &str) -> Vec<u64> {
    text.split_ascii_whitespace()
        .map(|t| t.parse().expect("a number in a test file"))
        .collect()
}

#[test]
fn library_checker_nim_product_64() {
    let dir = testdata_dir().join("nim_product_64");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 5, "test files in {}", dir.display());
    let mut total = 0;
    for input in &inputs {
        let output = input.with_extension("out");
        let read = |p: &PathBuf| {
            std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        };
        let question = numbers(&read(input));
        let answer = numbers(&read(&output));
        let t = question[0] as usize;
        assert_eq!(question.len(), 1 + 2 * t, "{}", input.display());
        assert_eq!(answer.len(), t, "{}", output.display());
        for (i, (pair, &expected)) in question[1..].chunks(2).zip(&answer).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            assert_eq!(
                mul(a, b),
                expected,
                "{} case {}: {a} ⊗ {b}",
                input.display(),
                i + 1
            );
            // The reference on a sample (it is slow on large operands).
            if i % 200 == 0 {
                assert_eq!(mul_recursive(a, b), expected, "reference, {a} ⊗ {b}");
            }
        }
        total += t;
    }
    assert!(total > 15_000, "{total} cases");
}

#[test]
fn small_external_cases() {
    let path = testdata_dir().join("small_external_cases.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let field = |case: &serde_json::Value, name: &str| -> Nimber {
        Nimber(
            case[name]
                .as_u64()
                .unwrap_or_else(|| panic!("{name} in {case}")),
        )
    };
    let cases = |key: &str| -> Vec<serde_json::Value> {
        json[key]
            .as_array()
            .unwrap_or_else(|| panic!("{key} in {}", path.display()))
            .clone()
    };
    let products = cases("nim_product");
    for case in &products {
        let (a, b, expected) = (field(case, "a"), field(case, "b"), field(case, "expected"));
        assert_eq!(a * b, expected, "{case}");
        assert_eq!(Nimber(mul_recursive(a.get(), b.get())), expected, "{case}");
    }
    let inverses = cases("nim_inverse");
    for case in &inverses {
        let (a, expected) = (field(case, "a"), field(case, "expected"));
        assert_eq!(a.inv(), Some(expected), "{case}");
    }
    let quotients = cases("nim_div");
    for case in &quotients {
        let (a, b, expected) = (field(case, "a"), field(case, "b"), field(case, "expected"));
        assert_eq!(a.checked_div(b), Some(expected), "{case}");
    }
    assert!(products.len() >= 30 && inverses.len() >= 16 && quotients.len() >= 16);
}

#[test]
fn field_axioms() {
    let mut rng = StdRng::seed_from_u64(13);
    for _ in 0..100_000 {
        let (a, b, c) = (
            Nimber(random_sized(&mut rng)),
            Nimber(random_sized(&mut rng)),
            Nimber(rng.random()),
        );
        assert_eq!(a * b, b * a, "commutative: {a}, {b}");
        assert_eq!((a * b) * c, a * (b * c), "associative: {a}, {b}, {c}");
        assert_eq!(a * (b + c), a * b + a * c, "distributive: {a}, {b}, {c}");
        assert_eq!(a * Nimber::ONE, a);
        assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
        assert_eq!(a + Nimber::ZERO, a);
        assert_eq!(a + a, Nimber::ZERO);
        assert_eq!(a - b, a + b);
        assert_eq!((a + b) + c, a + (b + c));
        if a != Nimber::ZERO && b != Nimber::ZERO {
            assert_ne!(a * b, Nimber::ZERO, "no zero divisors: {a}, {b}");
        }
    }
}

#[test]
fn inverses_and_quotients() {
    assert_eq!(Nimber::ZERO.inv(), None);
    assert_eq!(Nimber(7).checked_div(Nimber::ZERO), None);
    assert_eq!(Nimber::ZERO.checked_div(Nimber::ZERO), None);
    assert_eq!(Nimber::ONE.inv(), Some(Nimber::ONE));
    let mut rng = StdRng::seed_from_u64(14);
    let mut specials: Vec<u64> = (0..64).map(|i| 1u64 << i).collect();
    specials.extend([u64::MAX, 0xFFFF, 0xFFFF_FFFF, 0x1_0000, 0x1_0000_0001]);
    let values = specials
        .into_iter()
        .chain((0..100_000).map(|_| random_sized(&mut rng)))
        .filter(|&x| x != 0)
        .collect::<Vec<u64>>();
    for x in values {
        let x = Nimber(x);
        let y = x.inv().expect("a non-zero nimber has an inverse");
        assert_eq!(x * y, Nimber::ONE, "{x} ⊗ {y}");
        assert_eq!(y.inv(), Some(x));
        // Inverses stay in the smallest subfield F_(2^(2^k)) holding x.
        let bits = 64 - x.get().leading_zeros();
        let field_bits = bits.next_power_of_two();
        if field_bits < 64 {
            assert!(
                y.get() >> field_bits == 0,
                "inv({x}) = {y} leaves F_2^{field_bits}"
            );
        }
        let z = Nimber(rng.random());
        assert_eq!(z.checked_div(x), Some(z * y));
        assert_eq!(z.checked_div(x).map(|q| q * x), Some(z));
    }
}

#[test]
fn square_roots_and_squares() {
    let mut rng = StdRng::seed_from_u64(15);
    let values = (0..64)
        .map(|i| 1u64 << i)
        .chain([0, 1, u64::MAX])
        .chain((0..100_000).map(|_| random_sized(&mut rng)))
        .collect::<Vec<u64>>();
    for (i, x) in values.into_iter().enumerate() {
        let x = Nimber(x);
        let r = x.sqrt();
        assert_eq!(r * r, x, "sqrt({x}) = {r}");
        assert_eq!(x.square(), x * x, "{x}²");
        assert_eq!(x.square().sqrt(), x);
        if i % 50 == 0 {
            // The definition: x^(2^63), by 63 squarings.
            assert_eq!(x.pow(1 << 63), r, "sqrt({x}) = {x}^(2^63)");
            let y = Nimber(rng.random());
            assert_eq!((x * y).sqrt(), r * y.sqrt());
            assert_eq!((x + y).sqrt(), r + y.sqrt(), "the square root is additive");
        }
    }
    // Known square roots, from known squares: 2 ⊗ 2 = 3, 4 ⊗ 4 = 6, 8 ⊗ 8 = 13.
    assert_eq!(Nimber(3).sqrt(), Nimber(2));
    assert_eq!(Nimber(6).sqrt(), Nimber(4));
    assert_eq!(Nimber(13).sqrt(), Nimber(8));
}

#[test]
fn powers() {
    let mut rng = StdRng::seed_from_u64(16);
    for _ in 0..2_000 {
        let x = Nimber(random_sized(&mut rng));
        let mut repeated = Nimber::ONE;
        for n in 0..40u64 {
            assert_eq!(x.pow(n), repeated, "{x}^{n}");
            repeated *= x;
        }
        let (m, n) = (rng.random::<u64>() >> 1, rng.random::<u64>() >> 1);
        assert_eq!(x.pow(m + n), x.pow(m) * x.pow(n), "{x}^({m}+{n})");
        if x != Nimber::ZERO {
            // The multiplicative group of F_(2^64) has order 2^64 - 1.
            assert_eq!(x.pow(u64::MAX), Nimber::ONE, "{x}^(2^64-1)");
            assert_eq!(x.pow(u64::MAX - 1), x.inv().expect("non-zero"));
        }
    }
    assert_eq!(Nimber::ZERO.pow(0), Nimber::ONE);
    assert_eq!(Nimber::ZERO.pow(5), Nimber::ZERO);
}

#[test]
fn fermat_two_powers() {
    let mut rng = StdRng::seed_from_u64(17);
    for k in 0..6 {
        // D = 2^(2^k): D ⊗ D = D ⊕ D/2 = (3/2)·D.
        let d = 1u64 << (1u32 << k);
        assert_eq!(mul(d, d), d ^ (d / 2), "{d} ⊗ {d}");
        assert_eq!(mul(d, d), 3 * d / 2);
        assert_eq!(mul_recursive(d, d), 3 * d / 2);
        for _ in 0..2_000 {
            // For x, y < D: x ⊗ D = x·D, and x ⊗ y < D (the nimbers below D are a field).
            let x = rng.random::<u64>() & (d - 1);
            let y = rng.random::<u64>() & (d - 1);
            assert_eq!(mul(x, d), x * d, "{x} ⊗ {d}");
            assert!(mul(x, y) < d, "{x} ⊗ {y} < {d}");
            assert!(Nimber(x).sqrt().get() < d);
        }
    }
    // Products of distinct Fermat 2-powers are ordinary products: 2 ⊗ 4 ⊗ 16 = 128.
    let mut product = Nimber::ONE;
    let mut ordinary = 1u64;
    for k in 0..6 {
        product *= Nimber(1 << (1u32 << k));
        ordinary <<= 1u32 << k;
        assert_eq!(product, Nimber(ordinary));
    }
    assert_eq!(product, Nimber(1 << 63));
}

#[test]
fn parse_print_serialise() {
    assert_eq!("0".parse::<Nimber>(), Ok(Nimber(0)));
    assert_eq!("18446744073709551615".parse::<Nimber>(), Ok(Nimber::MAX));
    assert_eq!("007".parse::<Nimber>(), Ok(Nimber(7)));
    for bad in [
        "",
        "18446744073709551616",
        "-1",
        "+1",
        " 1",
        "1 ",
        "0x10",
        "1e3",
        "½",
    ] {
        let error = bad.parse::<Nimber>().expect_err(bad);
        assert!(
            error
                .to_string()
                .contains("decimal integer from 0 to 18446744073709551615"),
            "{error}"
        );
    }
    assert_eq!(Nimber(52).to_string(), "52");
    assert_eq!(Nimber::MAX.to_string(), "18446744073709551615");
    assert_eq!(format!("{:>4}", Nimber(7)), "   7");
    assert_eq!(serde_json::to_string(&Nimber(52)).unwrap(), "52");
    assert_eq!(
        serde_json::to_string(&[Nimber::MAX, Nimber::ONE]).unwrap(),
        "[18446744073709551615,1]"
    );
    assert_eq!(serde_json::from_str::<Nimber>("13").unwrap(), Nimber(13));
    assert_eq!(u64::from(Nimber::from(9)), 9);
}

#[test]
fn sums_and_products_of_iterators() {
    let xs = [Nimber(2), Nimber(4), Nimber(16)];
    assert_eq!(xs.iter().copied().sum::<Nimber>(), Nimber(22));
    assert_eq!(xs.iter().copied().product::<Nimber>(), Nimber(128));
    assert_eq!(std::iter::empty::<Nimber>().sum::<Nimber>(), Nimber::ZERO);
    assert_eq!(
        std::iter::empty::<Nimber>().product::<Nimber>(),
        Nimber::ONE
    );
    let mut x = Nimber(8);
    x *= Nimber(8);
    assert_eq!(x, Nimber(13));
    x += Nimber(13);
    assert_eq!(x, Nimber::ZERO);
    x -= Nimber(5);
    assert_eq!(x, Nimber(5));
}
