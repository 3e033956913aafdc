//! Payoff solving against finite-horizon minimax on small random graphs, with and without
//! cycles. Player 1 maximises, player 2 minimises; play cut by the horizon is worth the payoff
//! of endless play. Among equal values a player hurries towards an end he likes better than
//! endless play and delays one he likes less (player 1 hurries when no payoff is given for
//! endless play). Beyond a horizon of 2n the answers no longer change, which is checked.

use grundy::graph::GameGraph;
use grundy::solve::{solve_payoffs, SolveError};
use grundy::Player;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_game(rng: &mut StdRng, acyclic: bool) -> GameGraph {
    let n = rng.random_range(1..=9u32);
    let m = rng.random_range(0..=3 * n);
    let moves: Vec<(u32, u32)> = (0..m)
        .filter_map(|_| {
            let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
            match acyclic {
                true if a > b => Some((a, b)),
                true => None,
                false => Some((a, b)),
            }
        })
        .collect();
    let g = GameGraph::from_moves(n, &moves);
    let payoffs = (0..n)
        .map(|p| {
            (g.options(p).is_empty() || rng.random_bool(0.1)).then(|| rng.random_range(-3..=3i64))
        })
        .collect();
    let players = (0..n)
        .map(|_| {
            Some(if rng.random_bool(0.5) {
                Player::One
            } else {
                Player::Two
            })
        })
        .collect();
    g.with_payoffs(payoffs).with_players(players)
}

/// (value, time to the end) by minimax over `horizon` moves.
fn horizon_minimax(g: &GameGraph, endless: Option<i64>, horizon: u32) -> Vec<(i64, u32)> {
    let n = g.position_count() as u32;
    // Without endless play (acyclic graphs) the horizon is never reached at the end.
    let cut = endless.unwrap_or(0);
    let mut v: Vec<(i64, u32)> = (0..n).map(|p| (g.payoff(p).unwrap_or(cut), 0)).collect();
    for _ in 0..horizon {
        let prev = v.clone();
        for p in 0..n {
            if g.payoff(p).is_some() {
                continue;
            }
            let max = g.player(p) == Some(Player::One);
            v[p as usize] = g
                .options(p)
                .iter()
                .map(|&q| {
                    let (val, t) = prev[q as usize];
                    (val, if Some(val) == endless { 0 } else { t + 1 })
                })
                .max_by_key(|&(val, t)| {
                    let hurry = match endless {
                        Some(e) if max => val > e,
                        Some(e) => val < e,
                        None => max,
                    };
                    let time = if hurry { -(t as i64) } else { t as i64 };
                    (if max { val } else { -val }, time)
                })
                .unwrap();
        }
    }
    v
}

#[test]
fn payoffs_match_horizon_minimax() {
    let mut rng = StdRng::seed_from_u64(0x9a40_0001);
    for case in 0..4000 {
        let acyclic = case % 3 == 0;
        let g = random_game(&mut rng, acyclic);
        let endless = (!acyclic || case % 2 == 0).then(|| rng.random_range(-3..=3i64));
        let n = g.position_count() as u32;
        let s = match solve_payoffs(&g, endless) {
            Ok(s) => s,
            Err(SolveError::Cycle { positions }) => {
                assert!(endless.is_none() && !positions.is_empty());
                continue;
            }
            Err(e) => panic!("case {case}: {e}"),
        };
        let want = horizon_minimax(&g, endless, 2 * n + 2);
        assert_eq!(
            want,
            horizon_minimax(&g, endless, 2 * n + 3),
            "stable horizon"
        );
        for p in 0..n {
            let (val, t) = want[p as usize];
            assert_eq!(
                s.value(p),
                val,
                "case {case}, position {p}, endless {endless:?}, {g:?}"
            );
            let r = (Some(val) != endless).then_some(t);
            assert_eq!(
                s.remoteness(p),
                r,
                "case {case}, position {p}, endless {endless:?}, {g:?}"
            );
            match s.best_move(p) {
                Some(q) => {
                    assert!(g.options(p).contains(&q) && g.payoff(p).is_none());
                    assert_eq!(s.value(q), val, "a best move keeps the value");
                }
                None => assert!(g.payoff(p).is_some() || g.options(p).is_empty()),
            }
        }
    }
}

#[test]
fn a_cycle_without_endless_payoff_is_named() {
    let g = GameGraph::from_moves(3, &[(0, 1), (1, 0), (1, 2)])
        .with_payoffs(vec![None, None, Some(5)])
        .with_players(vec![
            Some(Player::One),
            Some(Player::Two),
            Some(Player::One),
        ]);
    match solve_payoffs(&g, None) {
        Err(SolveError::Cycle { positions }) => {
            let mut p = positions.clone();
            p.sort();
            assert_eq!(p, ["0", "1"]);
        }
        other => panic!("expected a cycle error, got {other:?}"),
    }
    let s = solve_payoffs(&g, Some(-1)).unwrap();
    // Player 2 at 1 prefers endless play (-1) to ending at 5; player 1 at 0 must go to 1.
    assert_eq!((s.value(0), s.value(1)), (-1, -1));
    let s = solve_payoffs(&g, Some(9)).unwrap();
    assert_eq!((s.value(0), s.value(1)), (5, 5));
    assert_eq!(s.remoteness(0), Some(2));
}

#[test]
fn missing_payoffs_and_players_are_errors() {
    let g = GameGraph::from_moves(2, &[(0, 1)]).with_players(vec![Some(Player::One); 2]);
    assert!(matches!(
        solve_payoffs(&g, None),
        Err(SolveError::MissingPayoff { .. })
    ));
    let g = GameGraph::from_moves(2, &[(0, 1)]).with_payoffs(vec![None, Some(1)]);
    assert!(matches!(
        solve_payoffs(&g, None),
        Err(SolveError::MissingPlayer { .. })
    ));
}

/// Plain recursion on acyclic graphs.
fn recursive_value(g: &GameGraph, p: u32, memo: &mut Vec<Option<i64>>) -> i64 {
    if let Some(v) = memo[p as usize] {
        return v;
    }
    let v = match g.payoff(p) {
        Some(v) => v,
        None => {
            let values = g.options(p).iter().map(|&q| recursive_value(g, q, memo));
            if g.player(p) == Some(Player::One) {
                values.max().unwrap()
            } else {
                values.min().unwrap()
            }
        }
    };
    memo[p as usize] = Some(v);
    v
}

/// Whether player 1 can force a payoff of at least `t`, by sweeps to a fixpoint: the set of
/// positions from which `forcer` can force reaching `target` grows until it is stable.
fn forces_at_least(g: &GameGraph, endless: Option<i64>, t: i64) -> Vec<bool> {
    let n = g.position_count();
    let (forcer, target): (Player, Box<dyn Fn(i64) -> bool>) = match endless {
        Some(e) if e >= t => (Player::Two, Box::new(move |v| v < t)),
        _ => (Player::One, Box::new(move |v| v >= t)),
    };
    let mut attr: Vec<bool> = (0..n as u32)
        .map(|p| g.payoff(p).is_some_and(&target))
        .collect();
    loop {
        let mut changed = false;
        for p in 0..n as u32 {
            if attr[p as usize] || g.payoff(p).is_some() {
                continue;
            }
            let opts = g.options(p);
            let hit = if g.player(p) == Some(forcer) {
                opts.iter().any(|&q| attr[q as usize])
            } else {
                opts.iter().all(|&q| attr[q as usize])
            };
            if hit {
                attr[p as usize] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    attr.iter().map(|&a| a == (forcer == Player::One)).collect()
}

#[test]
fn payoffs_match_recursion_on_dags_and_thresholds_on_cycles() {
    let mut rng = StdRng::seed_from_u64(0x9a40_0002);
    for case in 0..3000 {
        let acyclic = case % 2 == 0;
        let g = random_game(&mut rng, acyclic);
        let n = g.position_count() as u32;
        if acyclic {
            let s = solve_payoffs(&g, None).unwrap();
            let mut memo = vec![None; n as usize];
            for p in 0..n {
                assert_eq!(s.value(p), recursive_value(&g, p, &mut memo), "case {case}");
            }
        } else {
            let endless = rng.random_range(-3..=3i64);
            let s = solve_payoffs(&g, Some(endless)).unwrap();
            let mut thresholds: Vec<i64> = (0..n).filter_map(|p| g.payoff(p)).collect();
            thresholds.push(endless);
            thresholds.sort_unstable();
            thresholds.dedup();
            let forced: Vec<Vec<bool>> = thresholds
                .iter()
                .map(|&t| forces_at_least(&g, Some(endless), t))
                .collect();
            for p in 0..n {
                let best = thresholds
                    .iter()
                    .zip(&forced)
                    .filter(|(_, f)| f[p as usize])
                    .map(|(&t, _)| t)
                    .max()
                    .unwrap();
                assert_eq!(s.value(p), best, "case {case}, position {p}");
            }
        }
    }
}
