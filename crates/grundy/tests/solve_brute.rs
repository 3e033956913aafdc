//! The solvers against brute-force definitions, on thousands of small random graphs with
//! cycles, self-loops, fixed results and both play conventions.
//!
//! - Outcome and remoteness for the player to move: level by level from the end positions
//!   (level r holds the positions decided in exactly r moves), quadratic and obviously right.
//! - Players with rankings: minimax over a finite horizon with lexicographic preferences
//!   (first the result in the player's ranking, then the time: hurry towards an end the player
//!   likes better than endless play, delay one he likes less); play cut by the horizon counts
//!   as endless. For a horizon beyond 2n the answer no longer changes, which the test checks.

use grundy::graph::GameGraph;
use grundy::solve::{principal_line, solve, LineEnd, Preferences, Ranking, Solution, SolveOptions};
use grundy::{Outcome, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_graph(rng: &mut StdRng, with_players: bool) -> GameGraph {
    let n = rng.random_range(1..=9u32);
    let m = rng.random_range(0..=3 * n);
    let moves: Vec<(u32, u32)> = (0..m)
        .map(|_| (rng.random_range(0..n), rng.random_range(0..n)))
        .collect();
    let fixed = (0..n)
        .map(|_| match rng.random_range(0..12) {
            0 => Some(Outcome::Win),
            1 => Some(Outcome::Loss),
            2 => Some(Outcome::Draw),
            _ => None,
        })
        .collect();
    let graph = GameGraph::from_moves(n, &moves).with_fixed_results(fixed);
    if with_players {
        let players = (0..n)
            .map(|_| {
                Some(if rng.random_bool(0.5) {
                    Player::One
                } else {
                    Player::Two
                })
            })
            .collect();
        graph.with_players(players)
    } else {
        graph
    }
}

fn terminal(g: &GameGraph, p: u32, misere: bool) -> Option<Outcome> {
    g.fixed_result(p).or_else(|| {
        g.options(p)
            .is_empty()
            .then_some(if misere { Outcome::Win } else { Outcome::Loss })
    })
}

/// Outcome and remoteness by levels: a loss at level r has every option a win of level < r,
/// the largest r - 1; a win at level r has a losing option of level r - 1 and none lower.
fn brute_mover(g: &GameGraph, misere: bool) -> Vec<(Outcome, Option<u32>)> {
    let n = g.position_count() as u32;
    let mut res: Vec<Option<(Outcome, u32)>> = vec![None; n as usize];
    let mut fixed_draw = vec![false; n as usize];
    for p in 0..n {
        match terminal(g, p, misere) {
            Some(Outcome::Draw) => fixed_draw[p as usize] = true,
            Some(o) => res[p as usize] = Some((o, 0)),
            None => {}
        }
    }
    for level in 1..=2 * n + 2 {
        let before = res.clone();
        for p in 0..n {
            if before[p as usize].is_some() || fixed_draw[p as usize] {
                continue;
            }
            let opts: Vec<_> = g.options(p).iter().map(|&q| before[q as usize]).collect();
            let wins_now = opts
                .iter()
                .any(|o| matches!(o, Some((Outcome::Loss, r)) if *r == level - 1));
            let all_wins = opts
                .iter()
                .all(|o| matches!(o, Some((Outcome::Win, r)) if *r < level));
            let max_is = opts
                .iter()
                .any(|o| matches!(o, Some((_, r)) if *r == level - 1));
            if wins_now {
                res[p as usize] = Some((Outcome::Win, level));
            } else if all_wins && max_is {
                res[p as usize] = Some((Outcome::Loss, level));
            }
        }
    }
    res.iter()
        .map(|r| match r {
            Some((o, d)) => (*o, Some(*d)),
            None => (Outcome::Draw, None),
        })
        .collect()
}

/// A player's key for comparing (result, time) pairs: larger is better for him.
fn key(ranking: Ranking, endless_rank: u8, outcome: Outcome, time: u32) -> (u8, i64) {
    let rank = 2 - ranking.0.iter().position(|&o| o == outcome).unwrap() as u8;
    let time_key = if outcome == Outcome::Draw {
        0
    } else if rank > endless_rank {
        -(time as i64)
    } else {
        time as i64
    };
    (rank, time_key)
}

/// Horizon minimax with lexicographic preferences; results as seen by player 1, with time.
fn brute_players(
    g: &GameGraph,
    misere: bool,
    prefs: Preferences,
    horizon: u32,
) -> Vec<(Outcome, u32)> {
    let n = g.position_count() as u32;
    let endless = |pl: Player| {
        let r = prefs.ranking(pl);
        2 - r.0.iter().position(|&o| o == Outcome::Draw).unwrap() as u8
    };
    let as_p1 = |o: Outcome, pl: Player| if pl == Player::One { o } else { o.flip() };
    // Value for "play cut here": endless.
    let mut v: Vec<(Outcome, u32)> = vec![(Outcome::Draw, 0); n as usize];
    for p in 0..n {
        if let Some(o) = terminal(g, p, misere) {
            v[p as usize] = (as_p1(o, g.player(p).unwrap()), 0);
        }
    }
    for _ in 0..horizon {
        let prev = v.clone();
        for p in 0..n {
            if terminal(g, p, misere).is_some() {
                continue;
            }
            let pl = g.player(p).unwrap();
            let ranking = prefs.ranking(pl);
            let e = endless(pl);
            v[p as usize] = g
                .options(p)
                .iter()
                .map(|&q| {
                    let (o, t) = prev[q as usize];
                    (o, if o == Outcome::Draw { 0 } else { t + 1 })
                })
                .max_by_key(|&(o, t)| key(ranking, e, as_p1(o, pl), t))
                .unwrap();
        }
    }
    v
}

fn check_best_moves(g: &GameGraph, s: &Solution) {
    for p in 0..g.position_count() as u32 {
        let line = principal_line(s, p);
        match s.remoteness(p) {
            Some(r) => {
                assert_eq!(line.positions.len() as u32, r + 1, "line length at {p}");
                assert_eq!(line.end, LineEnd::Terminal);
            }
            None => {
                assert_eq!(s.outcome(p), Outcome::Draw);
                if let Some(b) = s.best_move(p) {
                    assert!(g.options(p).contains(&b));
                    assert_eq!(s.outcome(b), Outcome::Draw, "a draw keeps the draw");
                }
            }
        }
        if let Some(b) = s.best_move(p) {
            assert!(g.options(p).contains(&b), "best move of {p} is a move");
            assert!(g.fixed_result(p).is_none());
        } else {
            let ends = g.fixed_result(p).is_some() || g.options(p).is_empty();
            assert!(ends, "position {p} has moves but no best move");
        }
    }
}

#[test]
fn mover_solver_matches_levels() {
    let mut rng = StdRng::seed_from_u64(0x5eed_0001);
    for case in 0..4000 {
        let g = random_graph(&mut rng, false);
        let misere = case % 3 == 0;
        let options = SolveOptions {
            misere,
            preferences: None,
        };
        let s = solve(&g, &options).unwrap();
        let want = brute_mover(&g, misere);
        for p in 0..g.position_count() as u32 {
            assert_eq!(
                (s.outcome(p), s.remoteness(p)),
                want[p as usize],
                "case {case}, position {p}, misere {misere}, graph {g:?}"
            );
            if let Some(b) = s.best_move(p) {
                match s.outcome(p) {
                    Outcome::Win => assert_eq!(s.outcome(b), Outcome::Loss),
                    Outcome::Loss => assert_eq!(s.outcome(b), Outcome::Win),
                    Outcome::Draw => assert_eq!(s.outcome(b), Outcome::Draw),
                }
            }
        }
        check_best_moves(&g, &s);
    }
}

fn all_rankings() -> Vec<Ranking> {
    use Outcome::*;
    [
        [Win, Draw, Loss],
        [Win, Loss, Draw],
        [Draw, Win, Loss],
        [Draw, Loss, Win],
        [Loss, Win, Draw],
        [Loss, Draw, Win],
    ]
    .into_iter()
    .map(Ranking)
    .collect()
}

#[test]
fn player_solver_matches_horizon_minimax_for_all_six_rankings() {
    let mut rng = StdRng::seed_from_u64(0x5eed_0002);
    for case in 0..3000 {
        let g = random_graph(&mut rng, true);
        let misere = case % 4 == 1;
        for ranking in all_rankings() {
            let prefs = Preferences::new(ranking, None).unwrap();
            let options = SolveOptions {
                misere,
                preferences: Some(prefs),
            };
            let s = solve(&g, &options).unwrap();
            let n = g.position_count() as u32;
            let want = brute_players(&g, misere, prefs, 2 * n + 2);
            assert_eq!(
                want,
                brute_players(&g, misere, prefs, 2 * n + 3),
                "horizon is long enough"
            );
            for p in 0..n {
                let pl = g.player(p).unwrap();
                let (o1, t) = want[p as usize];
                let o = if pl == Player::One { o1 } else { o1.flip() };
                let r = (o != Outcome::Draw).then_some(t);
                assert_eq!(
                    (s.outcome(p), s.remoteness(p)),
                    (o, r),
                    "case {case}, ranking {ranking}, position {p}, misere {misere}, graph {g:?}"
                );
            }
            check_best_moves(&g, &s);
        }
    }
}

#[test]
fn players_with_usual_ranking_agree_with_mover_solver_on_alternating_game() {
    let mut rng = StdRng::seed_from_u64(0x5eed_0003);
    for case in 0..2000 {
        let g = random_graph(&mut rng, false);
        let misere = case % 2 == 0;
        let plain = solve(
            &g,
            &SolveOptions {
                misere,
                preferences: None,
            },
        )
        .unwrap();
        let alt = g.alternating();
        let split = solve(
            &alt,
            &SolveOptions {
                misere,
                preferences: Some(Preferences::default()),
            },
        )
        .unwrap();
        for p in 0..g.position_count() as u32 {
            for q in [2 * p, 2 * p + 1] {
                assert_eq!(split.outcome(q), plain.outcome(p), "case {case}");
                assert_eq!(split.remoteness(q), plain.remoteness(p), "case {case}");
            }
        }
    }
}

#[test]
fn preferences_without_players_are_refused() {
    let g = GameGraph::from_moves(2, &[(0, 1)]);
    let options = SolveOptions {
        misere: false,
        preferences: Some(Preferences::default()),
    };
    assert!(solve(&g, &options).is_err());
    let partial = g.with_players(vec![Some(Player::One), None]);
    let err = solve(&partial, &SolveOptions::default()).unwrap_err();
    assert!(err.to_string().contains("position 1"), "{err}");
}

/// The classic queue-based retrograde analysis, written plainly, for graphs too large for the
/// level-by-level definition (large enough that the solver groups its work by bucket).
fn plain_queue_solve(g: &GameGraph) -> Vec<(Outcome, Option<u32>)> {
    let n = g.position_count();
    let mut preds = vec![Vec::new(); n];
    for p in 0..n as u32 {
        for &q in g.options(p) {
            preds[q as usize].push(p);
        }
    }
    let mut left: Vec<usize> = (0..n as u32).map(|p| g.options(p).len()).collect();
    let mut res: Vec<Option<(Outcome, u32)>> = vec![None; n];
    let mut queue = std::collections::VecDeque::new();
    for p in 0..n {
        if left[p] == 0 {
            res[p] = Some((Outcome::Loss, 0));
            queue.push_back(p);
        }
    }
    while let Some(t) = queue.pop_front() {
        let (o, r) = res[t].unwrap();
        for &s in &preds[t] {
            let s = s as usize;
            if res[s].is_some() {
                continue;
            }
            if o == Outcome::Loss {
                res[s] = Some((Outcome::Win, r + 1));
                queue.push_back(s);
            } else {
                left[s] -= 1;
                if left[s] == 0 {
                    res[s] = Some((Outcome::Loss, r + 1));
                    queue.push_back(s);
                }
            }
        }
    }
    res.iter()
        .map(|x| x.map_or((Outcome::Draw, None), |(o, r)| (o, Some(r))))
        .collect()
}

#[test]
fn large_random_graphs_match_a_plain_queue_and_the_player_solver() {
    let mut rng = StdRng::seed_from_u64(0x5eed_0004);
    for &(n, avg, terminal) in &[
        (30_000u32, 6u32, 0.08),
        (60_000, 3, 0.02),
        (20_000, 12, 0.15),
    ] {
        let mut moves = Vec::new();
        for p in 0..n {
            if !rng.random_bool(terminal) {
                for _ in 0..rng.random_range(1..2 * avg) {
                    moves.push((p, rng.random_range(0..n)));
                }
            }
        }
        let g = GameGraph::from_moves(n, &moves);
        let s = solve(&g, &SolveOptions::default()).unwrap();
        let want = plain_queue_solve(&g);
        let (w, l, d) = s.counts();
        assert!(w > 0 && l > 0, "a mix of outcomes: {w} {l} {d}");
        for p in 0..n {
            assert_eq!(
                (s.outcome(p), s.remoteness(p)),
                want[p as usize],
                "position {p}"
            );
        }
        check_best_moves(&g, &s);
        let split = solve(
            &g.alternating(),
            &SolveOptions {
                misere: false,
                preferences: Some(Preferences::default()),
            },
        )
        .unwrap();
        for p in 0..n {
            assert_eq!(split.outcome(2 * p), s.outcome(p));
            assert_eq!(split.remoteness(2 * p + 1), s.remoteness(p));
        }
    }
}
