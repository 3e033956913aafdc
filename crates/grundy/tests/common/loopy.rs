//! Random small loopy games for the tests of `partizan::loopy`.

use grundy::partizan::loopy::{is_stopper, LoopyGame};
use rand::rngs::StdRng;
use rand::Rng;

/// A random game of 1..=n positions, each option present with probability p.
pub fn random_game(rng: &mut StdRng, n: u32, p: f64) -> LoopyGame {
    let n = rng.random_range(1..=n);
    let mut lists = || -> Vec<Vec<u32>> {
        (0..n)
            .map(|_| (0..n).filter(|_| rng.random_bool(p)).collect())
            .collect()
    };
    let left = lists();
    let right = lists();
    LoopyGame::from_options(left, right, 0).unwrap()
}

/// A random stopper: random games until one is.
pub fn random_stopper(rng: &mut StdRng, n: u32) -> LoopyGame {
    loop {
        let g = random_game(rng, n, 0.3);
        if is_stopper(&g) {
            return g;
        }
    }
}
