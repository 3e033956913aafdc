//! The k-multiple dynamic subtraction game: the generated set N, outcomes, least winning first
//! moves and winning moves against the generic solver on every small position, for integer
//! and non-integer k; internal consistency for huge piles.

use grundy::budget::Budget;
use grundy::Outcome;
use grundy_catalogue::games::dynamic_subtraction::{
    answer, min_winning_first_move, start, DynamicError, LosingSizes, Ratio, RatioError,
    MAX_GENERATED,
};
use grundy_catalogue::games::limited::LimitedPile;
use grundy_catalogue::games::verify::against_solver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn k(text: &str) -> Ratio {
    text.parse().unwrap()
}

/// The multipliers checked against the solver.
const KS: &[&str] = &[
    "1", "6/5", "4/3", "3/2", "5/3", "2", "9/4", "5/2", "8/3", "3", "7/2", "4", "5", "7", "10",
    "1000",
];

/// Piles up to this are solved by the generic solver, with every limit.
const MAX_PILE: u64 = 100;

#[test]
fn multipliers_parse_exactly() {
    assert_eq!(k("3/2"), Ratio::new(3, 2).unwrap());
    assert_eq!(k("6/4"), Ratio::new(3, 2).unwrap());
    assert_eq!(k("1.5"), Ratio::new(3, 2).unwrap());
    assert_eq!(k("1.25"), Ratio::new(5, 4).unwrap());
    assert_eq!(k("2.000"), Ratio::integer(2));
    assert_eq!(k("7"), Ratio::integer(7));
    assert_eq!(k("4/2").to_string(), "2");
    assert_eq!(k("10/4").to_string(), "5/2");
    assert_eq!(k("10/4").num(), 5);
    assert_eq!(k("10/4").den(), 2);
    let err = |text: &str| text.parse::<Ratio>().unwrap_err();
    // k < 1 is a ratio, but not a multiplier of the game.
    for below in ["1/2", "0.99", "0"] {
        assert!(matches!(
            LosingSizes::up_to(k(below), 10),
            Err(DynamicError::BelowOne(_))
        ));
    }
    assert!(matches!(err("3/0"), RatioError::ZeroDenominator(_)));
    for bad in [
        "", "x", "-1", "1e3", "1/", "/2", "1.", ".5", "1/2/3", " 2", "1.5/2",
    ] {
        assert!(matches!(err(bad), RatioError::Malformed(_)), "{bad:?}");
    }
    assert!(matches!(
        err("18446744073709551616"),
        RatioError::TooLarge(_)
    ));
    assert!(matches!(
        err("1.00000000000000000001"),
        RatioError::TooLarge(_)
    ));
    assert_eq!(
        Ratio::new(1, 0),
        Err(RatioError::ZeroDenominator("1/0".into()))
    );
    assert_eq!(k("3/2").floor_mul(5), 7);
}

/// Every position with a pile up to 100 and every limit, for each k of [`KS`]: outcome and the
/// exact set of winning takes against the solver (in increasing order, each leaving ⌊k·take⌋);
/// from the starts, the set N and the least winning first move f(n).
#[test]
fn every_small_position_matches_the_solver() {
    let starts: Vec<LimitedPile> = (0..=MAX_PILE)
        .flat_map(|pile| (0..=pile).map(move |limit| LimitedPile { pile, limit }))
        .collect();
    for text in KS {
        let k = k(text);
        let sizes = LosingSizes::up_to(k, MAX_PILE).unwrap();
        against_solver(&sizes, starts.iter().copied(), &Budget::default())
            .unwrap_or_else(|e| panic!("k = {k}: {e}"));
        for &p in &starts {
            let a = sizes.answer(p.pile, p.limit);
            assert_eq!(sizes.wins(p.pile, p.limit), a.outcome == Outcome::Win);
            assert!(a.winning_moves.windows(2).all(|w| w[0].take < w[1].take));
            for m in &a.winning_moves {
                assert_eq!(u128::from(m.limit), k.floor_mul(m.take));
            }
            if p == start(p.pile) && p.pile > 0 {
                assert_eq!(
                    sizes.contains(p.pile),
                    a.outcome == Outcome::Loss,
                    "k = {k}, {p:?}"
                );
                let first = min_winning_first_move(k, p.pile).unwrap();
                assert_eq!(
                    first,
                    a.winning_moves.first().map(|m| m.take),
                    "k = {k}, {p:?}"
                );
                let (whole, _) = answer(k, p.pile, None).unwrap();
                assert_eq!(whole, a);
            }
        }
    }
}

/// f(n) by the notes' recursion f(n) = min{ i : i = n or f(n − i) > k·i } (f(0) = ∞).
fn notes_recursion(k: Ratio, max: u64) -> Vec<u64> {
    let mut f = vec![u64::MAX];
    for n in 1..=max {
        let i = (1..=n)
            .find(|&i| i == n || u128::from(f[(n - i) as usize]) > k.floor_mul(i))
            .unwrap();
        f.push(i);
    }
    f
}

/// The generated set and f against the notes' recursion, for every k = p/q ≥ 1 with p ≤ 12,
/// q ≤ 5, up to 3000: N = { n : f(n) = n } and f(n) = the smallest term of n's representation,
/// whose terms are each more than k times the next.
#[test]
fn the_construction_matches_the_notes_recursion() {
    const MAX: u64 = 3000;
    for den in 1..=5 {
        for num in den..=12 {
            let k = Ratio::new(num, den).unwrap();
            let f = notes_recursion(k, MAX);
            let sizes = LosingSizes::up_to(k, MAX).unwrap();
            let members: Vec<u64> = (1..=MAX).filter(|&n| f[n as usize] == n).collect();
            assert_eq!(sizes.iter().collect::<Vec<_>>(), members, "k = {k}");
            assert_eq!(sizes.len(), members.len() as u64);
            for n in 1..=MAX {
                let terms = sizes.representation(n);
                assert_eq!(terms.iter().sum::<u64>(), n);
                for w in terms.windows(2) {
                    assert!(u128::from(w[0]) > k.floor_mul(w[1]), "k = {k}: {terms:?}");
                }
                assert_eq!(
                    sizes.min_winning_take(n),
                    Some(f[n as usize]),
                    "k = {k}, n = {n}"
                );
            }
        }
    }
}

/// The notes' examples: N = 1, 2, 4, 8, ... for k = 1 (f = lowbit) and the Fibonacci numbers
/// for k = 2; every k in [1, 2) gives the powers of two.
#[test]
fn the_notes_examples() {
    let first =
        |text: &str| -> Vec<u64> { LosingSizes::up_to(k(text), 100).unwrap().iter().collect() };
    assert_eq!(first("1"), [1, 2, 4, 8, 16, 32, 64]);
    assert_eq!(first("19/10"), [1, 2, 4, 8, 16, 32, 64]);
    assert_eq!(first("2"), [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
    assert_eq!(first("5/2"), [1, 2, 3, 5, 7, 10, 15, 22, 32, 47, 69]);
    let k1 = LosingSizes::up_to(k("1"), u64::MAX).unwrap();
    for n in [1u64, 6, 12, 40, 1 << 40, u64::MAX, (1 << 63) + (1 << 20)] {
        assert_eq!(k1.min_winning_take(n), Some(n & n.wrapping_neg()));
    }
    assert_eq!(k1.len(), 64);
}

/// Huge piles: every listed winning move leaves a loss, a losing position has no winning take
/// among many tried, representations are valid.
#[test]
fn huge_piles_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0xd75_0001);
    for text in ["1", "3/2", "2", "7/3", "3", "10", "1234/7", "100000"] {
        let k = k(text);
        let sizes = LosingSizes::up_to(k, u64::MAX).unwrap();
        for _ in 0..2_000 {
            let pile = rng.random_range(1..=u64::MAX) >> rng.random_range(0..8);
            let limit = match rng.random_range(0..3) {
                0 => pile - 1,
                1 => rng.random_range(1..=1000u64).min(pile),
                _ => rng.random_range(1..=pile),
            };
            let terms = sizes.representation(pile);
            assert_eq!(
                terms.iter().map(|&t| u128::from(t)).sum::<u128>(),
                u128::from(pile)
            );
            let moves = sizes.winning_moves(pile, limit);
            assert_eq!(!moves.is_empty(), sizes.wins(pile, limit));
            for m in &moves {
                assert!(
                    !sizes.wins(m.pile, m.limit),
                    "k = {k}, {pile} {limit}: {m:?}"
                );
            }
            if moves.is_empty() {
                let tries =
                    (1..=limit.min(100)).chain((0..100).map(|_| rng.random_range(1..=limit)));
                for t in tries {
                    let next = u64::try_from(k.floor_mul(t)).unwrap_or(u64::MAX);
                    assert!(sizes.wins(pile - t, next), "k = {k}, {pile} {limit}: {t}");
                }
            }
        }
    }
}

/// Up to ⌊k⌋ + 1 every pile is a losing start, whatever k; a huge k with a huge pile needs no
/// generation; too many members is an error, not a hang.
#[test]
fn large_multipliers() {
    let big = k("1000000000000000000");
    let sizes = LosingSizes::up_to(big, 1_000_000_000_000_000_000).unwrap();
    assert_eq!(sizes.len(), 1_000_000_000_000_000_000);
    assert!(sizes.contains(1_000_000_000_000_000_000));
    let (a, _) = answer(big, 1_000_000_000_000_000_000, None).unwrap();
    assert_eq!(a.outcome, Outcome::Loss);
    let (a, _) = answer(big, 1_000_000_000_000_000_000, Some(u64::MAX)).unwrap();
    assert_eq!(a.winning_moves.len(), 1);
    let sizes = LosingSizes::up_to(k("18446744073709551615"), u64::MAX).unwrap();
    assert_eq!(sizes.len(), u64::MAX);
    let err = LosingSizes::up_to(k("10000000"), 1_000_000_000_000_000_000).unwrap_err();
    assert!(matches!(&err, DynamicError::TooMany(e) if e.limit == MAX_GENERATED));
    assert!(err.to_string().contains("too many"), "{err}");
}

#[test]
fn cgsuite_take_away_is_this_game() {
    // CGSuite's GameHeapTest: [game.heap.TakeAway(3)((10,n)).NimValue for n from 0 to 20]
    // and TakeAway(3)((10,10)).Options.Size = 10. TakeAway(r) at (n, k) moves to (n − a, a)
    // for 1 ≤ a ≤ r·k: this game with the pile n and the limit ⌊r·k⌋.
    use grundy::progress::NoProgress;
    use grundy::rules::{explore, Impartial, Moves};
    use grundy::solve::grundy_values;
    use grundy_catalogue::games::dynamic_subtraction::DynamicSubtraction;
    let expected = [
        0, 2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
    ];
    let game = DynamicSubtraction { k: k("3") };
    for (memory, &value) in expected.iter().enumerate() {
        let p = LimitedPile::new(10, 3 * memory as u128);
        let explored = explore(&game, [p], &Budget::default(), &NoProgress).unwrap();
        let values = grundy_values(&explored.graph).unwrap();
        let id = explored.id(&p).unwrap();
        assert_eq!(values.finite(id), Some(value), "(10, {memory})");
        let (ans, _) = answer(k("3"), 10, Some(3 * memory as u64)).unwrap();
        let outcome = if value == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        };
        assert_eq!(ans.outcome, outcome, "(10, {memory})");
    }
    let mut out = Moves::new();
    game.options(&LimitedPile::new(10, 30), &mut out);
    assert_eq!(out.len(), 10);
}
