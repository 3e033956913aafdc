//! The Josephus problem: the merged recurrences against a direct simulation of the circle for
//! every n ≤ 60 and k ≤ 70 (every death and every person) and random n up to 3000; the
//! notes' one-step recurrences; closed forms for k = 1 and k = 2 and round trips between the
//! two questions for n up to 10^18.

use grundy_catalogue::games::josephus::{Josephus, JosephusError};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The order of deaths, by walking around the circle.
fn simulate(n: usize, k: u64) -> Vec<u64> {
    let mut circle: Vec<u64> = (0..n as u64).collect();
    let mut order = Vec::with_capacity(n);
    let mut at = 0usize;
    while !circle.is_empty() {
        at = ((at as u64 + k - 1) % circle.len() as u64) as usize;
        order.push(circle.remove(at));
        if at == circle.len() {
            at = 0;
        }
    }
    order
}

#[track_caller]
fn assert_matches_simulation(n: usize, k: u64) {
    let circle = Josephus::new(n as u64, k).unwrap();
    let order = simulate(n, k);
    assert_eq!(circle.order(), order, "n = {n}, k = {k}");
    for (i, &who) in order.iter().enumerate() {
        assert_eq!(
            circle.dies(i as u64 + 1),
            Ok(who),
            "n = {n}, k = {k}, i = {}",
            i + 1
        );
        assert_eq!(
            circle.round_of(who),
            Ok(i as u64 + 1),
            "n = {n}, k = {k}, j = {who}"
        );
    }
    assert_eq!(circle.survivor(), Ok(order[n - 1]));
}

#[test]
fn every_circle_up_to_60_people_and_k_up_to_70() {
    for n in 1..=60 {
        for k in 1..=70 {
            assert_matches_simulation(n, k);
        }
    }
}

#[test]
fn random_circles_up_to_3000_people() {
    let mut rng = StdRng::seed_from_u64(0x105e_0001);
    for _ in 0..60 {
        let n = rng.random_range(1..=3000);
        let k = match rng.random_range(0..3) {
            0 => rng.random_range(1..=10),
            1 => rng.random_range(1..=4000),
            _ => rng.random_range(1..=u64::MAX),
        };
        assert_matches_simulation(n, k);
    }
}

#[test]
fn the_notes_recurrences() {
    // f(n, i) = (f(n - 1, i - 1) + k) mod n, and g(n, j) = g(n - 1, (j - k) mod n) + 1.
    let mut rng = StdRng::seed_from_u64(0x105e_0002);
    for _ in 0..2000 {
        let n = rng.random_range(2..=1_000_000_000_000u64);
        let k = rng.random_range(1..=1000);
        let (big, small) = (
            Josephus::new(n, k).unwrap(),
            Josephus::new(n - 1, k).unwrap(),
        );
        let i = rng.random_range(2..=n.min(5000));
        let f = u128::from(small.dies(i - 1).unwrap());
        assert_eq!(
            u128::from(big.dies(i).unwrap()),
            (f + u128::from(k)) % u128::from(n)
        );
        let j = rng.random_range(0..n);
        let first = (k - 1) % n;
        if j == first {
            assert_eq!(big.round_of(j), Ok(1));
        } else {
            let renumbered =
                ((u128::from(j) + u128::from(n) - u128::from(k % n)) % u128::from(n)) as u64;
            assert_eq!(
                big.round_of(j).unwrap(),
                small.round_of(renumbered).unwrap() + 1
            );
        }
    }
}

#[test]
fn closed_forms_and_round_trips_up_to_10_to_the_18() {
    let mut rng = StdRng::seed_from_u64(0x105e_0003);
    for _ in 0..300 {
        let n = rng.random_range(1..=1_000_000_000_000_000_000u64);
        // k = 1: in order. k = 2: the survivor is 2L for n = 2^m + L.
        let one = Josephus::new(n, 1).unwrap();
        let i = rng.random_range(1..=n);
        assert_eq!(one.dies(i), Ok(i - 1));
        assert_eq!(one.round_of(i - 1), Ok(i));
        let two = Josephus::new(n, 2).unwrap();
        let top = 1u64 << n.ilog2();
        assert_eq!(two.survivor(), Ok(2 * (n - top)));
        // Round trips, for small k (the work is about k·ln(n/k)).
        let k = rng.random_range(1..=200);
        let circle = Josephus::new(n, k).unwrap();
        let i = rng.random_range(1..=n);
        let who = circle.dies(i).unwrap();
        assert!(who < n);
        assert_eq!(circle.round_of(who), Ok(i), "n = {n}, k = {k}, i = {i}");
        let j = rng.random_range(0..n);
        let round = circle.round_of(j).unwrap();
        assert_eq!(circle.dies(round), Ok(j), "n = {n}, k = {k}, j = {j}");
    }
    // The extremes of u64.
    let circle = Josephus::new(u64::MAX, u64::MAX).unwrap();
    assert_eq!(circle.dies(1), Ok(u64::MAX - 1));
    assert_eq!(circle.round_of(u64::MAX - 1), Ok(1));
    let circle = Josephus::new(u64::MAX, 3).unwrap();
    let last = circle.survivor().unwrap();
    assert_eq!(circle.round_of(last), Ok(u64::MAX));
    // Near 2^64 with k near n, within a step limit: no overflow, and round trips where the
    // answers come in time.
    let mut rng = StdRng::seed_from_u64(0x105e_0004);
    let mut answered = 0;
    for _ in 0..2000 {
        let n = u64::MAX - rng.random_range(0..1000);
        let k = match rng.random_range(0..3) {
            0 => n - rng.random_range(0..1000),
            1 => u64::MAX - rng.random_range(0..1000),
            _ => n / rng.random_range(1..=1000),
        };
        let circle = Josephus::new(n, k).unwrap().with_step_limit(100_000);
        let i = rng.random_range(1..=1000);
        let j = match rng.random_range(0..2) {
            0 => rng.random_range(0..1000),
            _ => n - 1 - rng.random_range(0..1000),
        };
        if let Ok(who) = circle.dies(i) {
            assert_eq!(circle.round_of(who), Ok(i), "n = {n}, k = {k}, i = {i}");
            answered += 1;
        }
        if let Ok(round) = circle.round_of(j) {
            if let Ok(who) = circle.dies(round) {
                assert_eq!(who, j, "n = {n}, k = {k}, j = {j}");
            }
        }
    }
    assert!(answered > 1000, "{answered}");
}

#[test]
fn errors_and_the_step_limit() {
    assert_eq!(Josephus::new(0, 3), Err(JosephusError::NoPeople));
    assert_eq!(Josephus::new(3, 0), Err(JosephusError::ZeroCount));
    let circle = Josephus::new(5, 2).unwrap();
    assert_eq!(
        circle.dies(0),
        Err(JosephusError::NoSuchDeath { i: 0, n: 5 })
    );
    assert_eq!(
        circle.dies(6),
        Err(JosephusError::NoSuchDeath { i: 6, n: 5 })
    );
    assert_eq!(
        circle.round_of(5),
        Err(JosephusError::NoSuchPerson { j: 5, n: 5 })
    );
    // k above n: every step wraps, so the work is n rounds.
    let slow = Josephus::new(1_000_000, 1 << 40).unwrap();
    assert!(slow.survivor().is_ok());
    let limited = slow.with_step_limit(1000);
    assert_eq!(
        limited.survivor(),
        Err(JosephusError::StepLimit { limit: 1000 })
    );
    assert_eq!(
        limited.round_of(999_999).unwrap_err(),
        JosephusError::StepLimit { limit: 1000 }
    );
    // Within the limit, the same answers.
    let fast = Josephus::new(1_000_000_000_000, 3).unwrap();
    assert_eq!(fast.with_step_limit(1000).survivor(), fast.survivor());
}
