//! Wythoff's game: the closed form against the generic solver on every position with both
//! piles at most 60 (outcome, the exact set of winning moves, Sprague–Grundy values), the
//! exact ⌊k·φ⌋ against the mex construction for k ≤ 10^5 and against a 256-bit check of
//! its defining inequality for huge k, and internal consistency for piles near 10^18 and 2^64.

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::solve::grundy_values;
use grundy::Outcome;
use grundy_catalogue::games::verify::against_solver;
use grundy_catalogue::games::wythoff::{
    answer, grundy_table, is_p_position, lower, pile_index, upper, winning_moves, Sequence,
    TakeFrom, Wythoff, WythoffMove,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Both piles range over 0..=SMALL in the comparisons with the solver.
const SMALL: u64 = 60;

/// Asserts that `m` is a legal move from (a, b): the right pile(s) lose `take` ≥ 1 counters.
#[track_caller]
fn assert_legal(a: u64, b: u64, m: &WythoffMove) {
    assert!(m.take >= 1, "({a}, {b}): {m}");
    let expected = match m.from {
        TakeFrom::Both => (a.checked_sub(m.take), b.checked_sub(m.take)),
        TakeFrom::A => (a.checked_sub(m.take), Some(b)),
        TakeFrom::B => (Some(a), b.checked_sub(m.take)),
    };
    assert_eq!(expected, (Some(m.to.0), Some(m.to.1)), "({a}, {b}): {m}");
}

/// Asserts the documented order: from both piles, from the larger, from the smaller (A is
/// the larger of equal piles), each at most once.
#[track_caller]
fn assert_order(a: u64, b: u64, moves: &[WythoffMove]) {
    let (larger, smaller) = if a >= b {
        (TakeFrom::A, TakeFrom::B)
    } else {
        (TakeFrom::B, TakeFrom::A)
    };
    let rank = |f: TakeFrom| {
        if f == TakeFrom::Both {
            0
        } else if f == larger {
            1
        } else {
            assert_eq!(f, smaller);
            2
        }
    };
    let ranks: Vec<u8> = moves.iter().map(|m| rank(m.from)).collect();
    assert!(
        ranks.windows(2).all(|w| w[0] < w[1]),
        "({a}, {b}): {moves:?}"
    );
}

/// The checks that hold at any size: legal moves, in order, each to a P-position; a loss
/// iff there is none, and iff the position is a P-position.
#[track_caller]
fn assert_consistent(a: u64, b: u64) -> Vec<WythoffMove> {
    let ans = answer(a, b);
    assert_eq!(ans.value, None);
    assert_eq!(ans.winning_move_count, None);
    assert!(ans.winning_moves.len() <= 3);
    for m in &ans.winning_moves {
        assert_legal(a, b, m);
        assert!(is_p_position(m.to.0, m.to.1), "({a}, {b}): {m}");
    }
    assert_order(a, b, &ans.winning_moves);
    let p = is_p_position(a, b);
    assert_eq!(is_p_position(b, a), p);
    assert_eq!(ans.outcome == Outcome::Loss, p, "({a}, {b})");
    assert_eq!(ans.winning_moves.is_empty(), p, "({a}, {b})");
    assert_eq!(ans.winning_moves, winning_moves(a, b));
    ans.winning_moves
}

#[test]
fn formula_matches_solver_on_every_position_up_to_60() {
    let positions = (0..=SMALL).flat_map(|a| (0..=SMALL).map(move |b| (a, b)));
    let checked = against_solver(&Wythoff, positions, &Budget::default()).unwrap();
    assert_eq!(checked.explored, ((SMALL + 1) * (SMALL + 1)) as usize);
    let mut losses = 0;
    for a in 0..=SMALL {
        for b in 0..=SMALL {
            assert_consistent(a, b);
            losses += usize::from(answer(a, b).outcome == Outcome::Loss);
        }
    }
    // (0, 0) and both orders of (a_k, b_k) for the k with b_k ≤ 60: b_23 = 60.
    assert_eq!(upper(23), 60);
    assert_eq!(losses, 1 + 2 * 23);
}

#[test]
fn grundy_table_matches_solver_up_to_60() {
    let explored = explore(&Wythoff, [(SMALL, SMALL)], &Budget::default(), &NoProgress).unwrap();
    let values = grundy_values(&explored.graph).unwrap();
    let table = grundy_table(SMALL as usize);
    assert_eq!(table.max_pile(), SMALL as usize);
    for a in 0..=SMALL {
        for b in 0..=SMALL {
            let id = explored.id(&(a, b)).unwrap();
            let value = table.get(a as usize, b as usize).unwrap();
            assert_eq!(Some(value), values.finite(id), "({a}, {b})");
            assert_eq!(value == 0, is_p_position(a, b), "({a}, {b})");
            assert_eq!(table.get(b as usize, a as usize), Some(value));
        }
        assert_eq!(table.row(a as usize).unwrap().len(), SMALL as usize + 1);
    }
    assert_eq!(table.get(SMALL as usize + 1, 0), None);
    assert_eq!(table.row(SMALL as usize + 1), None);
    // Row 0 is Nim's; the start of row 1 and 2 (Berlekamp, Conway, Guy: Winning Ways).
    assert_eq!(table.row(0).unwrap()[..8], [0, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(table.row(1).unwrap()[..8], [1, 2, 0, 4, 5, 3, 7, 8]);
    assert_eq!(table.row(2).unwrap()[..8], [2, 0, 1, 5, 3, 4, 8, 6]);
    assert_eq!(grundy_table(0).row(0).unwrap(), [0]);
}

#[test]
fn the_notes_examples() {
    // Notes 001 and 004: the first P-positions.
    let pairs: Vec<(u128, u128)> = (0..6).map(|k| (lower(k), upper(k))).collect();
    assert_eq!(pairs, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]);
    // HDU 2177's sample: (1, 2) and (4, 7) lose; (5, 8) goes to (4, 7) by taking from both
    // and to (3, 5) by taking from one pile; (2, 2) goes to (0, 0) and (1, 2).
    assert!(winning_moves(1, 2).is_empty() && winning_moves(4, 7).is_empty());
    let to = |a, b| -> Vec<(u64, u64)> { winning_moves(a, b).iter().map(|m| m.to).collect() };
    assert_eq!(to(5, 8), [(4, 7), (5, 3)]);
    assert_eq!(to(2, 2), [(0, 0), (1, 2), (2, 1)]);
    assert_eq!(
        winning_moves(2, 2)[1].to_string(),
        "take 1 from pile A, leaving (1, 2)"
    );
    // Three winning moves: from both piles, the larger and the smaller.
    assert_eq!(to(5, 7), [(3, 5), (5, 3), (4, 7)]);
    assert_eq!(
        pile_index(5).to_string(),
        "5 = b_2, in the P-position (3, 5)"
    );
    assert_eq!(
        pile_index(0).to_string(),
        "0 = a_0, in the P-position (0, 0)"
    );
}

#[test]
fn formula_matches_mex_construction_up_to_1e5() {
    const N: u64 = 100_000;
    // a_k is the smallest positive integer not yet among the a's and b's; b_k = a_k + k.
    let mut used = vec![false; (3 * N) as usize];
    let mut next = 1;
    for k in 1..=N {
        while used[next] {
            next += 1;
        }
        let (a, b) = (next as u64, next as u64 + k);
        used[a as usize] = true;
        used[b as usize] = true;
        assert_eq!((lower(k), upper(k)), (a.into(), b.into()), "k = {k}");
        let expected = (a.into(), b.into());
        assert_eq!(
            pile_index(a),
            grundy_catalogue::games::wythoff::PileIndex {
                pile: a,
                sequence: Sequence::Lower,
                k,
                pair: expected
            }
        );
        assert_eq!(
            pile_index(b),
            grundy_catalogue::games::wythoff::PileIndex {
                pile: b,
                sequence: Sequence::Upper,
                k,
                pair: expected
            }
        );
    }
    // Every x up to a_N is some a_k or b_k with k ≤ N, so the inverse was checked on all of
    // them.
    assert!(used[1..=lower(N) as usize].iter().all(|&u| u));
}

/// The 256-bit product of two 128-bit integers, as (high, low).
fn mul_wide(x: u128, y: u128) -> (u128, u128) {
    const LOW: u128 = u64::MAX as u128;
    let (x0, x1, y0, y1) = (x & LOW, x >> 64, y & LOW, y >> 64);
    let (p00, p01, p10, p11) = (x0 * y0, x0 * y1, x1 * y0, x1 * y1);
    let mid = (p00 >> 64) + (p01 & LOW) + (p10 & LOW);
    let low = (p00 & LOW) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

/// Checks a_k = ⌊k·φ⌋ by its definition, without square roots: a_k < k·φ < a_k + 1, that is
/// (2a_k − k)² < 5k² < (2a_k + 2 − k)², in 256-bit arithmetic.
#[track_caller]
fn assert_floor_k_phi(k: u64) {
    let a = lower(k);
    let k = u128::from(k);
    let five_k_squared = mul_wide(k * k, 5);
    let below = 2 * a - k;
    let above = 2 * a + 2 - k;
    assert!(mul_wide(below, below) < five_k_squared || k == 0, "k = {k}");
    assert!(five_k_squared < mul_wide(above, above), "k = {k}");
}

#[test]
fn floor_k_phi_is_exact_for_huge_k() {
    assert_eq!(mul_wide(u128::MAX, u128::MAX), (u128::MAX - 1, 1));
    assert_eq!(lower(1_000_000_000_000_000_000), 1_618_033_988_749_894_848);
    assert_eq!(lower(u64::MAX), 29_847_458_893_032_750_100);
    let mut ks: Vec<u64> = Vec::new();
    for centre in [
        1_000_000_000_000_000_000,
        618_033_988_749_894_848,
        381_966_011_250_105_151,
        u64::MAX / 2,
        8_249_986_337_054_457_000, // 5k² crosses 2^128 near here
        u64::MAX - 1000,
    ] {
        ks.extend((0..=2000).map(|d| centre.saturating_add(d).saturating_sub(1000)));
    }
    ks.extend((0..64).flat_map(|s| [(1u64 << s) - 1, 1 << s, (1 << s) + 1]));
    ks.push(u64::MAX);
    let mut rng = StdRng::seed_from_u64(0x5779_7468_6f66);
    ks.extend((0..100_000).map(|_| rng.random::<u64>()));
    ks.extend((0..10_000).map(|_| rng.random_range(0..1u64 << 40)));
    for k in ks {
        assert_floor_k_phi(k);
        assert_eq!(upper(k), lower(k) + u128::from(k));
    }
}

/// The pile sizes in a window [from, from + width) are each a_k or b_k for exactly one k
/// (Beatty's theorem), and `pile_index` names it.
fn assert_partition(from: u64, width: u64) {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    // k ranges from a float estimate with a generous margin; only exact values are compared.
    let estimate = |x: u64, ratio: f64| (x as f64 / ratio) as u64;
    let margin = 1 << 14;
    let mut seen = vec![None; width as usize];
    for (sequence, ratio, f) in [
        (Sequence::Lower, phi, lower as fn(u64) -> u128),
        (Sequence::Upper, phi * phi, upper),
    ] {
        let first = estimate(from, ratio).saturating_sub(margin);
        let last = estimate(from.saturating_add(width), ratio).saturating_add(margin);
        for k in first..=last {
            let x = f(k);
            if x >= u128::from(from) && x < u128::from(from) + u128::from(width) {
                let slot = &mut seen[(x - u128::from(from)) as usize];
                assert_eq!(*slot, None, "{x} appears twice");
                *slot = Some((sequence, k));
            }
        }
    }
    for (i, slot) in seen.iter().enumerate() {
        let x = from + i as u64;
        let (sequence, k) = slot.unwrap_or_else(|| panic!("{x} is in neither sequence"));
        let index = pile_index(x);
        assert_eq!((index.sequence, index.k), (sequence, k), "{x}");
        assert_eq!(index.pair, (lower(k), upper(k)));
        assert_eq!(index.pair.1 - index.pair.0, u128::from(k));
    }
}

#[test]
fn inverse_partitions_huge_windows() {
    for from in [
        1,
        1_000_000_000_000_000_000 - 5000,
        u64::MAX / 3,
        u64::MAX - 10_000,
    ] {
        assert_partition(from, 10_000);
    }
}

#[test]
fn huge_positions_are_consistent() {
    let e18 = 1_000_000_000_000_000_000u64;
    // P-positions whose larger pile, or smaller pile, is near 10^18 and near 2^64.
    let mut ks = vec![];
    for x in [e18, u64::MAX - 10] {
        ks.push(pile_index(x).k);
        ks.push(pile_index(x - 1).k);
    }
    for k in ks {
        let (a, b) = (lower(k), upper(k));
        assert_eq!(a + u128::from(k), b);
        let Ok(a) = u64::try_from(a) else { continue };
        assert_eq!(pile_index(a).sequence, Sequence::Lower);
        assert_eq!(pile_index(a).k, k);
        let Ok(b) = u64::try_from(b) else {
            // b_k is past 2^64, so the smaller pile's partner is out of reach.
            assert!(winning_moves(a, u64::MAX)
                .iter()
                .all(|m| m.from != TakeFrom::B));
            continue;
        };
        assert_eq!(pile_index(b).sequence, Sequence::Upper);
        assert_eq!(pile_index(b).k, k);
        assert!(is_p_position(a, b) && is_p_position(b, a));
        for da in 0..=6 {
            for db in 0..=6 {
                let (x, y) = ((a - 3).saturating_add(da), (b - 3).saturating_add(db));
                assert_consistent(x, y);
                assert_consistent(y, x);
                // One counter too many on either pile: the winning move takes it back.
                if x > a && y == b {
                    assert!(winning_moves(x, y).contains(&WythoffMove {
                        from: TakeFrom::A,
                        take: x - a,
                        to: (a, b),
                    }));
                }
                if x == a && y > b {
                    assert!(winning_moves(x, y).contains(&WythoffMove {
                        from: TakeFrom::B,
                        take: y - b,
                        to: (a, b),
                    }));
                }
            }
        }
    }
    for a in e18 - 20..=e18 + 20 {
        for b in e18 - 20..=e18 + 20 {
            assert_consistent(a, b);
        }
    }
    for a in u64::MAX - 20..=u64::MAX {
        for b in (u64::MAX - 20..=u64::MAX).chain(0..20) {
            assert_consistent(a, b);
            assert_consistent(b, a);
        }
    }
    let mut rng = StdRng::seed_from_u64(2177);
    for _ in 0..20_000 {
        let a = rng.random::<u64>();
        let b = if rng.random() {
            rng.random()
        } else {
            a.wrapping_add(rng.random_range(0..1000))
        };
        let moves = assert_consistent(a, b);
        // Every winning move is the one of its kind: any other take from the same place
        // leads to an N-position (checked on a few takes around it).
        for m in moves {
            for t in [m.take.saturating_sub(1), m.take + 1] {
                let other = match m.from {
                    TakeFrom::Both if t <= a.min(b) => (a - t, b - t),
                    TakeFrom::A if t <= a => (a - t, b),
                    TakeFrom::B if t <= b => (a, b - t),
                    _ => continue,
                };
                if t != m.take && t != 0 {
                    assert!(!is_p_position(other.0, other.1));
                }
            }
        }
    }
}
