//! The +k game (first take 1, then at most the last take plus k): the closed form against the
//! generic solver on every small position for k ≤ 10, against the f recursion over several
//! periods for k ≤ 200, and the range counts for huge parameters.

use grundy::budget::Budget;
use grundy::Outcome;
use grundy_catalogue::games::limited::LimitedPile;
use grundy_catalogue::games::plus_k_nim::Pattern;
use grundy_catalogue::games::verify::against_solver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Piles up to this are solved by the generic solver, with every limit.
const MAX_PILE: u64 = 120;

/// Every position with a pile up to 120 and every limit, for k = 0..=10: outcome and the exact
/// set of winning takes against the solver (in increasing order, each leaving take + k); and
/// the count of P-positions among the starts in every range [l, r] ⊆ [0, 120].
#[test]
fn every_small_position_matches_the_solver() {
    let starts: Vec<LimitedPile> = (0..=MAX_PILE)
        .flat_map(|pile| (0..=pile).map(move |limit| LimitedPile { pile, limit }))
        .collect();
    for k in 0..=10 {
        let pattern = Pattern::new(k);
        against_solver(&pattern, starts.iter().copied(), &Budget::default())
            .unwrap_or_else(|e| panic!("k = {k}: {e}"));
        for &p in &starts {
            let a = pattern.answer(p.pile, p.limit);
            assert_eq!(pattern.wins(p.pile, p.limit), a.outcome == Outcome::Win);
            assert!(a.winning_moves.windows(2).all(|w| w[0].take < w[1].take));
            assert!(a.winning_moves.iter().all(|m| m.limit == m.take + k));
        }
        let start_loses: Vec<bool> = (0..=MAX_PILE)
            .map(|n| pattern.answer(n, 1).outcome == Outcome::Loss)
            .collect();
        for n in 0..=MAX_PILE {
            assert_eq!(
                pattern.start_wins(n),
                !start_loses[n as usize],
                "k = {k}, n = {n}"
            );
        }
        for l in 0..=MAX_PILE {
            for r in l..=MAX_PILE {
                let count = (l..=r).filter(|&n| start_loses[n as usize]).count() as u128;
                assert_eq!(pattern.losses_in(l, r), count, "k = {k}, [{l}, {r}]");
            }
        }
    }
}

/// f(n) = min{ i : i = n or f(n − i) > i + k } (f(0) = ∞): the least winning take with any
/// take allowed, by definition.
fn recursion(k: u64, max: u64) -> Vec<u64> {
    let mut f = vec![u64::MAX];
    for n in 1..=max {
        let i = (1..=n)
            .find(|&i| i == n || f[(n - i) as usize] > i + k)
            .unwrap();
        f.push(i);
    }
    f
}

/// For k ≤ 200, over two periods and more: f is the smallest term of the representation, the
/// members of N are the sizes with f(n) = n, and the start outcomes come in the runs of
/// [`Pattern::runs`].
#[test]
fn the_pattern_matches_the_recursion_over_several_periods() {
    for k in 0..=200u64 {
        let pattern = Pattern::new(k);
        let period = pattern.period() as u64;
        let max = 2 * period + 2 * k + 10;
        let f = recursion(k, max);
        for n in 1..=max {
            assert_eq!(
                pattern.min_winning_take(n),
                Some(f[n as usize]),
                "k = {k}, n = {n}"
            );
            let terms = pattern.representation(n);
            assert_eq!(terms.iter().sum::<u64>(), n);
            for w in terms.windows(2) {
                assert!(w[0] > w[1] + k, "k = {k}: {terms:?}");
            }
        }
        let members: Vec<u128> = (1..period)
            .filter(|&n| f[n as usize] == n)
            .map(u128::from)
            .collect();
        assert_eq!(
            pattern.members_below_period().collect::<Vec<_>>(),
            members,
            "k = {k}"
        );
        assert_eq!(f[period as usize], period);
        assert_eq!(f[2 * period as usize], 2 * period);
        // Runs: one N-position, then r P-positions, from n = 1.
        let mut runs = Vec::new();
        for n in 1..=2 * period {
            if f[n as usize] == 1 {
                runs.push(0u128);
            } else {
                *runs.last_mut().unwrap() += 1;
            }
        }
        let one = pattern.runs();
        assert_eq!(one.len() as u32, 2 + pattern.x() + pattern.y());
        assert_eq!(
            one.iter().sum::<u128>() + one.len() as u128,
            pattern.period()
        );
        assert_eq!(runs, [one.clone(), one].concat(), "k = {k}");
    }
}

/// The notes' bound of 10^14 and beyond: counts over huge ranges add up, agree with a direct
/// count over windows, and winning moves leave losses.
#[test]
fn huge_parameters_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0x091c_0001);
    for _ in 0..300 {
        let k = match rng.random_range(0..3) {
            0 => rng.random_range(0..=100_000_000_000_000),
            1 => (1u64 << rng.random_range(0..50)) - rng.random_range(0..=1),
            _ => rng.random_range(0..=u64::MAX / 8),
        };
        let pattern = Pattern::new(k);
        let l = rng.random_range(0..=100_000_000_000_000u64);
        let r = l + rng.random_range(0..=2000);
        let direct = (l..=r).filter(|&n| !pattern.start_wins(n)).count() as u128;
        assert_eq!(pattern.losses_in(l, r), direct, "k = {k}, [{l}, {r}]");
        let m = rng.random_range(l..=r);
        let far = rng.random_range(r..=u64::MAX);
        assert_eq!(
            pattern.losses_in(l, far),
            pattern.losses_in(l, m) + pattern.losses_in(m + 1, far)
        );
        for _ in 0..20 {
            let pile = rng.random_range(1..=u64::MAX);
            let limit = rng.random_range(1..=pile);
            let moves = pattern.winning_moves(pile, limit);
            assert_eq!(!moves.is_empty(), pattern.wins(pile, limit));
            for mv in &moves {
                assert!(
                    !pattern.wins(mv.pile, mv.limit),
                    "k = {k}: {pile} {limit} {mv:?}"
                );
            }
        }
    }
    // The notes' bounds: k, l, r < 10^14.
    let p = Pattern::new(99_999_999_999_999);
    assert_eq!(p.losses_in(1, 1), 0);
    assert_eq!(p.losses_in(2, 100_000_000_000_001), 100_000_000_000_000);
    assert_eq!(Pattern::new(0).losses_in(1, 100), 50);
    assert_eq!(Pattern::new(5).losses_in(7, 6), 0);
}
