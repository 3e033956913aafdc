//! The solvers give identical results (outcome, remoteness, best move; values) whatever the
//! number of threads: on graphs large enough for their passes to be cut among threads, the
//! result with one thread is compared with the results with two, three and four.

use grundy::solve::{grundy_values, solve, solve_payoffs, Preferences, Ranking, SolveOptions};
use grundy::{GameGraph, Outcome, Player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Runs `f` in a rayon pool of `threads` threads.
fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

/// Asserts that `f` gives the same result with 1, 2, 3 and 4 threads.
fn same_with_any_threads<T: PartialEq + Send + std::fmt::Debug>(
    what: &str,
    f: impl Fn() -> T + Sync,
) {
    let one = with_threads(1, &f);
    for threads in 2..=4 {
        let many = with_threads(threads, &f);
        assert!(one == many, "{what}: {threads} threads differ from one");
    }
}

/// A random graph with cycles: `n` positions, a fraction `terminal` without moves, the others
/// with about `degree` moves each to uniform targets; a few hubs (every 1000th position) with
/// 100 times more moves, so that the pieces of work are uneven.
fn random_graph(rng: &mut StdRng, n: u32, degree: u32, terminal: f64) -> GameGraph {
    let mut moves = Vec::new();
    for u in 0..n {
        if rng.random_bool(terminal) {
            continue;
        }
        let d = match u % 1000 {
            0 => 100 * degree,
            _ => rng.random_range(1..2 * degree),
        };
        moves.extend((0..d).map(|_| (u, rng.random_range(0..n))));
    }
    GameGraph::from_moves(n, &moves)
}

#[test]
fn mover_solutions_do_not_depend_on_threads() {
    let mut rng = StdRng::seed_from_u64(0x7e4d_0001);
    // 3·10^6 moves: some levels are larger than one chunk of the kernel.
    for (n, degree, terminal) in [(300_000, 10, 0.05), (200_000, 4, 0.02), (50_000, 20, 0.1)] {
        let graph = random_graph(&mut rng, n, degree, terminal);
        for misere in [false, true] {
            let options = SolveOptions {
                misere,
                preferences: None,
            };
            same_with_any_threads("mover", || solve(&graph, &options).unwrap());
        }
        // Fixed results: some positions with moves end the game.
        let fixed = (0..n)
            .map(|p| match p % 97 {
                0 => Some(Outcome::Win),
                1 => Some(Outcome::Draw),
                2 => Some(Outcome::Loss),
                _ => None,
            })
            .collect();
        let graph = graph.with_fixed_results(fixed);
        same_with_any_threads("mover, fixed results", || {
            solve(&graph, &SolveOptions::default()).unwrap()
        });
    }
}

#[test]
fn preference_and_payoff_solutions_do_not_depend_on_threads() {
    let mut rng = StdRng::seed_from_u64(0x7e4d_0002);
    let graph = random_graph(&mut rng, 200_000, 6, 0.05).with_player_to_move();
    for ranking in ["win,draw,loss", "draw,win,loss"] {
        let preferences = Preferences::new(Ranking::parse(ranking).unwrap(), None).unwrap();
        let options = SolveOptions {
            misere: false,
            preferences: Some(preferences),
        };
        same_with_any_threads(ranking, || solve(&graph, &options).unwrap());
    }
    let n = 200_000;
    let graph = random_graph(&mut rng, n, 6, 0.05);
    let player = (0..n)
        .map(|_| {
            Some(if rng.random_bool(0.5) {
                Player::One
            } else {
                Player::Two
            })
        })
        .collect();
    let payoff = (0..n)
        .map(|p| {
            graph
                .options(p)
                .is_empty()
                .then(|| rng.random_range(-5..=5))
        })
        .collect();
    let graph = graph.with_players(player).with_payoffs(payoff);
    same_with_any_threads("payoffs", || solve_payoffs(&graph, Some(0)).unwrap());
}

#[test]
fn loopy_grundy_values_do_not_depend_on_threads() {
    let mut rng = StdRng::seed_from_u64(0x7e4d_0003);
    let graph = random_graph(&mut rng, 200_000, 5, 0.05);
    same_with_any_threads("grundy values", || grundy_values(&graph).unwrap());
}
