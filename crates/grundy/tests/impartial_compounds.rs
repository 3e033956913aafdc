//! Compound rules against the solved graphs of the compounds, on small cases.

use grundy::budget::Budget;
use grundy::graph::GameGraph;
use grundy::impartial::ending::{ending_sum, ending_values, LastMover};
use grundy::impartial::misere::{anti_sg_move, anti_sg_wins};
use grundy::impartial::nim_k;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Game, Impartial};
use grundy::solve::{grundy_values, solve, SolveOptions};
use grundy::Outcome;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use common::all_sequences;

mod common;

/// Nim on sorted piles; `k` piles at most change per move.
struct NimK(usize);

impl Impartial for NimK {
    type Position = Vec<u64>;
    fn options(&self, piles: &Vec<u64>, out: &mut grundy::rules::Moves<Vec<u64>>) {
        // Every way of lowering a non-empty set of at most k piles.
        let n = piles.len();
        for mask in 1u32..(1 << n) {
            if mask.count_ones() as usize > self.0
                || (0..n).any(|i| mask >> i & 1 == 1 && piles[i] == 0)
            {
                continue;
            }
            let chosen: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
            let mut counters = vec![0u64; chosen.len()];
            loop {
                let mut next = piles.clone();
                for (c, &i) in counters.iter().zip(&chosen) {
                    next[i] = *c;
                }
                next.sort_unstable();
                out.push(next);
                // Next combination of new sizes below the old ones.
                let mut j = 0;
                while j < chosen.len() {
                    counters[j] += 1;
                    if counters[j] < piles[chosen[j]] {
                        break;
                    }
                    counters[j] = 0;
                    j += 1;
                }
                if j == chosen.len() {
                    break;
                }
            }
        }
    }
}

fn solved_outcome<G: Game>(game: &G, start: G::Position, misere: bool) -> Outcome {
    let e = explore(game, [start], &Budget::default(), &NoProgress).unwrap();
    let options = SolveOptions {
        misere,
        preferences: None,
    };
    solve(&e.graph, &options).unwrap().outcome(0)
}

#[test]
fn nim_k_rule_and_constructive_move_match_the_solved_game() {
    for k in 1..=3usize {
        for count in 1..=4usize {
            let max = if count == 4 { 3 } else { 4 };
            for piles in all_sequences(count, max) {
                let mut sorted = piles.clone();
                sorted.sort_unstable();
                let truth = solved_outcome(&NimK(k), sorted, false);
                let wins = nim_k::wins(&piles, k as u64);
                assert_eq!(wins, truth == Outcome::Win, "k {k}, piles {piles:?}");
                match nim_k::winning_move(&piles, k as u64) {
                    Some(next) => {
                        let changed = (0..piles.len()).filter(|&i| next[i] != piles[i]).count();
                        assert!((1..=k).contains(&changed), "changes 1..=k piles");
                        assert!(next.iter().zip(&piles).all(|(a, b)| a <= b), "only lowers");
                        let mut sorted = next.clone();
                        sorted.sort_unstable();
                        assert_eq!(solved_outcome(&NimK(k), sorted, false), Outcome::Loss);
                    }
                    None => assert!(!wins),
                }
            }
        }
    }
}

#[test]
fn anti_nim_matches_misere_nim() {
    for count in 1..=4usize {
        for piles in all_sequences(count, if count == 4 { 3 } else { 5 }) {
            let mut sorted = piles.clone();
            sorted.sort_unstable();
            let truth = solved_outcome(&NimK(1), sorted, true);
            assert_eq!(
                anti_sg_wins(&piles),
                truth == Outcome::Win,
                "piles {piles:?}"
            );
            if let Some((i, v)) = anti_sg_move(&piles) {
                assert!(v < piles[i]);
                let mut next = piles.clone();
                next[i] = v;
                next.sort_unstable();
                assert_eq!(
                    solved_outcome(&NimK(1), next, true),
                    Outcome::Loss,
                    "{piles:?}"
                );
            } else {
                assert!(truth == Outcome::Loss || piles.iter().all(|&p| p == 0));
            }
        }
    }
}

fn random_dag(rng: &mut StdRng) -> GameGraph {
    let n = rng.random_range(1..=6u32);
    let mut moves = Vec::new();
    for u in 1..n {
        for v in 0..u {
            if rng.random_bool(0.45) {
                moves.push((u, v));
            }
        }
    }
    GameGraph::from_moves(n, &moves)
}

/// Sum of tokens on several component graphs: position = the tokens' places.
struct Tokens<'a> {
    games: &'a [GameGraph],
    over: &'a dyn Fn(&[u32]) -> Option<Outcome>,
}

impl Game for Tokens<'_> {
    type Position = Vec<u32>;
    fn moves(&self, places: &Vec<u32>, out: &mut grundy::rules::Moves<Vec<u32>>) {
        for (i, g) in self.games.iter().enumerate() {
            for &q in g.options(places[i]) {
                let mut next = places.clone();
                next[i] = q;
                out.push(next);
            }
        }
    }
    fn result(&self, places: &Vec<u32>) -> Option<Outcome> {
        (self.over)(places)
    }
}

#[test]
fn anti_sg_rule_matches_the_game_that_ends_when_all_values_are_zero() {
    let mut rng = StdRng::seed_from_u64(0xa471_0001);
    for _ in 0..300 {
        let games: Vec<GameGraph> = (0..rng.random_range(1..=3))
            .map(|_| random_dag(&mut rng))
            .collect();
        let values: Vec<Vec<u32>> = games
            .iter()
            .map(|g| {
                let v = grundy_values(g).unwrap();
                (0..g.position_count() as u32)
                    .map(|p| v.finite(p).unwrap())
                    .collect()
            })
            .collect();
        // The stipulated end: every component at value 0; the last mover lost, so the player
        // to move there has won.
        let over = |places: &[u32]| {
            places
                .iter()
                .zip(&values)
                .all(|(&p, v)| v[p as usize] == 0)
                .then_some(Outcome::Win)
        };
        let game = Tokens {
            games: &games,
            over: &over,
        };
        let start: Vec<u32> = games
            .iter()
            .map(|g| rng.random_range(0..g.position_count() as u32))
            .collect();
        let vals: Vec<u64> = start
            .iter()
            .zip(&values)
            .map(|(&p, v)| u64::from(v[p as usize]))
            .collect();
        let truth = solved_outcome(&game, start.clone(), false);
        assert_eq!(
            anti_sg_wins(&vals),
            truth == Outcome::Win,
            "values {vals:?}"
        );
    }
}

#[test]
fn sums_ending_with_any_component_match_the_solved_sum() {
    let mut rng = StdRng::seed_from_u64(0xa471_0002);
    for case in 0..400 {
        let rule = if case % 2 == 0 {
            LastMover::Wins
        } else {
            LastMover::Loses
        };
        let g = random_dag(&mut rng);
        let values = ending_values(&g, rule).unwrap();
        let is_end = |p: u32| g.options(p).is_empty();
        let over = |places: &[u32]| {
            places.iter().any(|&p| is_end(p)).then_some(match rule {
                // The player who moved last won: the player to move has lost.
                LastMover::Wins => Outcome::Loss,
                LastMover::Loses => Outcome::Win,
            })
        };
        let games = [g.clone(), g.clone(), g.clone()];
        let k = rng.random_range(1..=3usize);
        let start: Vec<u32> = (0..k)
            .map(|_| rng.random_range(0..g.position_count() as u32))
            .collect();
        if start.iter().any(|&p| is_end(p)) {
            assert!(ending_sum(&g, &values, &start).is_none(), "the sum is over");
            continue;
        }
        let game = Tokens {
            games: &games[..k],
            over: &over,
        };
        let truth = solved_outcome(&game, start.clone(), false);
        let answer = ending_sum(&g, &values, &start).expect("not over");
        assert_eq!(
            answer.outcome, truth,
            "case {case}, rule {rule:?}, start {start:?}, {g:?}"
        );
        if let Some((i, to)) = answer.winning_move {
            let mut next = start.clone();
            next[i] = to;
            assert!(g.options(start[i]).contains(&to));
            let after = if next.iter().any(|&p| is_end(p)) {
                over(&next).unwrap()
            } else {
                solved_outcome(&game, next, false)
            };
            assert_eq!(after, Outcome::Loss, "the winning move wins");
        }
    }
}
