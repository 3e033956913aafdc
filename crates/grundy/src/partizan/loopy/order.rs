//! The order of stoppers: for stoppers G and H, G ≥ H exactly when Left, moving second in
//! G − H, never loses (she wins, or play goes on for ever; Siegel, *Combinatorial Game
//! Theory*, ch. VI). Decided for two games by one retrograde pass over the alternating graph
//! of their difference, or for every pair of positions of two games at once.

use super::graph::LoopyGame;
use super::outcome::{Outcomes, Winner};
use crate::budget::{Budget, Exhausted, Resource};
use crate::graph::GameGraph;
use crate::outcome::Outcome;
use crate::partizan::Side;
use crate::solve::{solve, SolveOptions};

/// What the work is called in budget errors.
const WORK: &str = "comparing loopy games";

/// The bytes the retrograde solver holds for a graph of `states` positions and `moves`
/// moves: the move list, the rows and their transpose, and the solver's arrays. O(1).
fn solving_bytes(states: u64, moves: u64) -> u64 {
    16 * moves + 40 * states
}

/// Whether each player survives moving second in G − H: `(right, left)`, for stoppers
/// whether G ≤ H and whether G ≥ H. One retrograde pass over the positions of G − H
/// reachable from its start, O(n_G n_H) at most, within `budget`.
pub(crate) fn survivors(
    g: &LoopyGame,
    h: &LoopyGame,
    budget: &Budget,
) -> Result<(bool, bool), Exhausted> {
    let difference = g.sum(&h.negative(), budget)?;
    let (n, moves) = (difference.len() as u64, difference.move_count() as u64);
    budget.check_memory(solving_bytes(2 * n, moves), WORK, n)?;
    let outcomes = Outcomes::of(&difference);
    // The second player survives where the first does not win.
    let right = outcomes.play(0, Side::Left).winner != Winner::Left;
    let left = outcomes.play(0, Side::Right).winner != Winner::Right;
    Ok((right, left))
}

/// For every position a of G and b of H, whether Right survives moving second in
/// G(a) − H(b): for stoppers, whether G(a) ≤ H(b).
#[derive(Debug, Clone)]
pub(crate) struct Survival {
    columns: usize,
    /// Right survives moving second in G(a) − H(b), at `a n_H + b`.
    right: Vec<bool>,
}

impl Survival {
    /// Solves G(a) − H(b) for every pair: 2 n_G n_H positions and n_H m_G + n_G m_H moves,
    /// checked against `budget` before anything is built. O(n_H m_G + n_G m_H).
    pub(crate) fn of(g: &LoopyGame, h: &LoopyGame, budget: &Budget) -> Result<Survival, Exhausted> {
        let (ng, nh) = (g.len() as u64, h.len() as u64);
        let states = 2 * ng * nh;
        if states > budget.positions().min(u64::from(u32::MAX - 2)) {
            return Err(budget.exhausted(Resource::Positions, Some(states), WORK, 0));
        }
        let moves = nh * g.move_count() as u64 + ng * h.move_count() as u64;
        budget.check_memory(solving_bytes(states, moves), WORK, 0)?;
        let state = |a: u32, b: u32, right: bool| 2 * (a * nh as u32 + b) + u32::from(right);
        let mut list = Vec::with_capacity(moves as usize);
        for a in 0..ng as u32 {
            for b in 0..nh as u32 {
                use crate::partizan::Side::{Left, Right};
                // Left moves in G, or in −H (a Right option of H); Right the other way.
                let from = state(a, b, false);
                list.extend(
                    g.options(a, Left)
                        .iter()
                        .map(|&x| (from, state(x, b, true))),
                );
                list.extend(
                    h.options(b, Right)
                        .iter()
                        .map(|&y| (from, state(a, y, true))),
                );
                let from = state(a, b, true);
                list.extend(
                    g.options(a, Right)
                        .iter()
                        .map(|&x| (from, state(x, b, false))),
                );
                list.extend(
                    h.options(b, Left)
                        .iter()
                        .map(|&y| (from, state(a, y, false))),
                );
            }
            budget.check_time(WORK, u64::from(a) * nh)?;
        }
        let graph = GameGraph::from_moves(states as u32, &list);
        drop(list);
        let solution = solve(&graph, &SolveOptions::default())
            .expect("a graph without players or preferences always solves");
        // The second player survives where the first does not win.
        let right = (0..ng as u32 * nh as u32)
            .map(|pair| solution.outcome(2 * pair) != Outcome::Win)
            .collect();
        Ok(Survival {
            columns: nh as usize,
            right,
        })
    }

    /// Whether Right survives moving second in G(a) − H(b): G(a) ≤ H(b) for stoppers. O(1).
    pub(crate) fn le(&self, a: u32, b: u32) -> bool {
        self.right[a as usize * self.columns + b as usize]
    }
}
