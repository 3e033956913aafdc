//! Rectangle cutting: the formula against the generic solver on every position reachable
//! from a rectangle with both sides at most 6 (every multiset of pieces: value, outcome and
//! the exact set of winning moves), against memoised mex values of single rectangles with
//! sides up to 120, the winning-move counts against all divisors for sides up to 10^6, and
//! internal consistency for sides up to 2^64 − 1.

use grundy::budget::Budget;
use grundy::math::primes::prime_factor_count;
use grundy::rules::{GrundyMemo, SplittingGame};
use grundy::Outcome;
use grundy_catalogue::games::rectangle_cut::{
    answer, value, Axis, CutMove, Rectangle, RectangleCut, LISTED_MOVES,
};
use grundy_catalogue::games::verify::everywhere_from;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Both sides of the start rectangles range over 1..=SMALL in the comparison with the solver.
const SMALL: u64 = 6;

fn rect(a: u64, b: u64) -> Rectangle {
    Rectangle::new(a, b).unwrap()
}

/// Ω(n) by trial division.
fn omega_slow(mut n: u64) -> u32 {
    let mut count = 0;
    let mut p = 2;
    while p * p <= n {
        while n % p == 0 {
            n /= p;
            count += 1;
        }
        p += 1;
    }
    count + u32::from(n > 1)
}

/// Asserts that a move is legal from `rects`.
#[track_caller]
fn assert_legal(rects: &[Rectangle], m: &CutMove) {
    let r = rects[m.rectangle - 1];
    assert_eq!(m.from, r, "{m}");
    assert!(m.parts >= 2, "{m}");
    let piece = match m.side {
        Axis::A => {
            assert_eq!(r.a() % m.parts, 0, "{m}");
            rect(r.a() / m.parts, r.b())
        }
        Axis::B => {
            assert_eq!(r.b() % m.parts, 0, "{m}");
            rect(r.a(), r.b() / m.parts)
        }
    };
    assert_eq!(m.piece, piece, "{m}");
}

/// The value left by a move, from the formula: the other rectangles, and one piece when
/// their number is odd.
fn value_after(rects: &[Rectangle], m: &CutMove) -> u64 {
    let rest = value(rects) ^ rects[m.rectangle - 1].value();
    if m.parts % 2 == 1 {
        rest ^ m.piece.value()
    } else {
        rest
    }
}

/// Checks that hold at any size: value, outcome, each listed move legal, in order, and
/// leaving a position of value 0; the count given when not all are listed.
#[track_caller]
fn assert_consistent(rects: &[Rectangle]) {
    let ans = answer(rects);
    let v = value(rects);
    assert_eq!(ans.value, Some(v), "{rects:?}");
    assert_eq!(ans.outcome == Outcome::Loss, v == 0, "{rects:?}");
    assert!(ans.winning_moves.len() <= LISTED_MOVES);
    for m in &ans.winning_moves {
        assert_legal(rects, m);
        assert_eq!(value_after(rects, m), 0, "{rects:?}: {m}");
    }
    let keys: Vec<(usize, Axis, u64)> = ans
        .winning_moves
        .iter()
        .map(|m| (m.rectangle, m.side, m.parts))
        .collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "{rects:?}: order");
    match ans.winning_move_count {
        Some(c) => {
            assert!(c > ans.winning_moves.len() as u128 && ans.winning_moves.len() == LISTED_MOVES)
        }
        None => assert_eq!(ans.outcome == Outcome::Win, !ans.winning_moves.is_empty()),
    }
}

#[test]
fn formula_matches_solver_on_every_position_from_sides_up_to_6() {
    let starts: Vec<Vec<Rectangle>> = (1..=SMALL)
        .flat_map(|a| (1..=SMALL).map(move |b| vec![rect(a, b)]))
        .collect();
    let checked = everywhere_from(&RectangleCut, starts, &Budget::default()).unwrap();
    assert_eq!(checked.positions, 25_438);
    assert_eq!(checked.values, 25_438);
}

/// A single rectangle as a splitting game: a cut leaves its pieces as parts.
struct Pieces;

impl SplittingGame for Pieces {
    type Part = (u64, u64);

    fn moves(&self, &(a, b): &(u64, u64), out: &mut Vec<Vec<(u64, u64)>>) {
        for d in 2..=a {
            if a % d == 0 {
                out.push(vec![(a / d, b); d as usize]);
            }
        }
        for d in 2..=b {
            if b % d == 0 {
                out.push(vec![(a, b / d); d as usize]);
            }
        }
    }
}

#[test]
fn values_match_memoised_mex_up_to_120() {
    let mut memo = GrundyMemo::new(&Pieces);
    for a in 1..=120 {
        for b in 1..=120 {
            let v = memo.value(&(a, b)).unwrap();
            assert_eq!(rect(a, b).value(), u64::from(v), "{a}x{b}");
        }
    }
}

#[test]
fn prime_factor_counts() {
    for n in 1..=100_000 {
        assert_eq!(prime_factor_count(n), omega_slow(n), "{n}");
    }
    assert_eq!(prime_factor_count(0), 0);
    let mut rng = StdRng::seed_from_u64(0x5ec7_0001);
    for _ in 0..300 {
        let n = rng.random_range(1..=1_000_000_000_000u64);
        assert_eq!(prime_factor_count(n), omega_slow(n), "{n}");
    }
    // Products of large primes, and prime powers.
    let big = [
        18_446_744_073_709_551_557u64, // the largest prime below 2^64
        4_294_967_291,                 // the largest prime below 2^32
        4_294_967_279,
        1_000_000_007,
        998_244_353,
    ];
    assert_eq!(prime_factor_count(big[0]), 1);
    assert_eq!(prime_factor_count(big[1] * big[2]), 2);
    assert_eq!(prime_factor_count(big[1] * big[1]), 2);
    assert_eq!(prime_factor_count(big[3] * big[4] * 3), 3);
    assert_eq!(prime_factor_count(2_147_483_647 * 2_147_483_647 * 3), 3);
    assert_eq!(prime_factor_count(3u64.pow(40)), 40);
    assert_eq!(prime_factor_count(u64::MAX), 7); // 3·5·17·257·641·65537·6700417
    assert_eq!(prime_factor_count(1 << 63), 63);
    // Carmichael numbers and strong pseudoprimes to small bases.
    assert_eq!(prime_factor_count(561), 3);
    assert_eq!(prime_factor_count(3_215_031_751), 3); // 151·751·28351
    assert_eq!(prime_factor_count(3_825_123_056_546_413_051), 3);
}

/// Every divisor of n, by trial division.
fn divisors_slow(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    while d * d <= n {
        if n % d == 0 {
            small.push(d);
            if d * d != n {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small
}

#[test]
fn move_counts_match_every_divisor_for_sides_up_to_a_million() {
    let mut rng = StdRng::seed_from_u64(0x5ec7_0002);
    for round in 0..400 {
        let count = rng.random_range(1..=3);
        let rects: Vec<Rectangle> = (0..count)
            .map(|_| {
                let side = |rng: &mut StdRng| {
                    if round % 2 == 0 {
                        // Smooth numbers, with many divisors.
                        let mut x = 1u64;
                        while x < 10_000 {
                            x *= [2, 2, 3, 3, 5, 7][rng.random_range(0..6)];
                        }
                        x
                    } else {
                        rng.random_range(1..=1_000_000)
                    }
                };
                rect(side(&mut rng), side(&mut rng))
            })
            .collect();
        let total = value(&rects);
        let mut expected = Vec::new();
        if total != 0 {
            for (i, &r) in rects.iter().enumerate() {
                for (side, len) in [(Axis::A, r.a()), (Axis::B, r.b())] {
                    for d in divisors_slow(len).into_iter().filter(|&d| d >= 2) {
                        let piece = match side {
                            Axis::A => rect(r.a() / d, r.b()),
                            Axis::B => rect(r.a(), r.b() / d),
                        };
                        let m = CutMove {
                            rectangle: i + 1,
                            from: r,
                            side,
                            parts: d,
                            piece,
                        };
                        if value_after(&rects, &m) == 0 {
                            expected.push(m);
                        }
                    }
                }
            }
        }
        let ans = answer(&rects);
        assert_consistent(&rects);
        let listed = expected.len().min(LISTED_MOVES);
        assert_eq!(ans.winning_moves, expected[..listed], "{rects:?}");
        let count = ans
            .winning_move_count
            .unwrap_or(ans.winning_moves.len() as u128);
        assert_eq!(count, expected.len() as u128, "{rects:?}");
    }
}

#[test]
fn huge_sides_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0x5ec7_0003);
    for _ in 0..200 {
        let count = rng.random_range(1..=4);
        let rects: Vec<Rectangle> = (0..count)
            .map(|_| {
                rect(
                    rng.random_range(1..=u64::MAX),
                    rng.random_range(1..=1_000_000_000_000_000_000),
                )
            })
            .collect();
        assert_consistent(&rects);
    }
    // 897612484786617600 = 2^8·3^4·5^2·7^2·11·13·17·19·23·29·31·37 has 103,680 divisors,
    // the most below 2^64. Its value is Ω(odd part) + 1 = 17; beside an odd rectangle of the
    // same value the position is lost.
    let h = 897_612_484_786_617_600u64;
    let big = rect(h, 1);
    assert_eq!(big.value(), 17);
    let odd = rect(3u64.pow(17), 1);
    assert_eq!(odd.value(), 17);
    assert_consistent(&[big, odd]);
    assert_eq!(answer(&[big, odd]).outcome, Outcome::Loss);
    // Alone, it is won by every even cut (8 · 11,520 of them), and by no odd cut (those
    // leave at least 1).
    assert_consistent(&[big]);
    let ans = answer(&[big, rect(1, 1)]);
    assert_eq!(ans.winning_move_count, Some(8 * 11_520));
    assert_eq!(ans.winning_moves.len(), LISTED_MOVES);
    assert!(ans.winning_moves.iter().all(|m| m.parts % 2 == 0));
    assert_consistent(&[rect(u64::MAX, u64::MAX), rect(1 << 63, 6)]);
}

#[test]
fn the_notes_formula_on_examples() {
    // Both sides odd: Nim on the prime-factor counts.
    assert_eq!(rect(9, 15).value(), 2 ^ 2);
    assert_eq!(rect(27, 5).value(), 3 ^ 1);
    // A side even: the odd parts' Nim, plus one.
    assert_eq!(rect(2, 1).value(), 1);
    assert_eq!(rect(12, 9).value(), (1 ^ 2) + 1);
    assert_eq!(rect(1 << 40, 1 << 20).value(), 1);
    // 1x1 has no move.
    assert_eq!(answer(&[rect(1, 1)]).outcome, Outcome::Loss);
    assert!(Rectangle::new(0, 3).is_err());
}
