//! Outcomes for "the player to move", on graphs that do not tell the players apart.
//!
//! The method of the notes (000, 一般有环博弈): a position with an option that is a loss is a
//! win; a position all of whose options are wins is a loss; positions never decided this way
//! are draws, since either player can keep the play among them forever. Done as one
//! [`retrograde`](super::retrograde) pass from the end positions, which also yields remoteness
//! and best moves. O(n + m).

use super::retrograde::{self, Ranks, Rule, BLOCKED, NO_POSITION};
use super::{terminal_outcome, Solution, NONE};
use crate::graph::GameGraph;
use crate::outcome::Outcome;

/// A position is a win iff it was decided at once: by an option that is a loss.
struct MoverRule;

impl Rule for MoverRule {
    #[inline]
    fn immediate(&self, _s: u32, t_at_once: bool) -> bool {
        // Options decided at once are wins; the others (seeds among them) are losses.
        !t_at_once
    }
}

/// Solves `graph` for the player to move at each position.
pub(super) fn solve(graph: &GameGraph, misere: bool) -> Solution {
    let n = graph.position_count();
    let preds = graph.moves().transpose();
    let mut ranks = Ranks::new(n);
    let mut counters: Vec<u32> = (0..n as u32).map(|p| graph.moves().degree(p)).collect();
    let mut seeds = Vec::new();
    for p in 0..n as u32 {
        match terminal_outcome(graph, p, misere) {
            Some(Outcome::Draw) => ranks.rank[p as usize] = BLOCKED,
            Some(o) => {
                ranks.at_once[p as usize] = o == Outcome::Win;
                ranks.rank[p as usize] = 0;
                seeds.push(p);
            }
            None => {}
        }
    }
    retrograde::run(&preds, &mut counters, seeds, &mut ranks, &MoverRule);
    drop(preds);
    drop(counters);

    let outcome: Vec<Outcome> = (0..n as u32)
        .map(|p| match (ranks.is_decided(p), ranks.at_once[p as usize]) {
            (false, _) => Outcome::Draw,
            (true, true) => Outcome::Win,
            (true, false) => Outcome::Loss,
        })
        .collect();
    let Ranks {
        rank: mut remoteness,
        mut best,
        ..
    } = ranks;
    for p in 0..n as u32 {
        let i = p as usize;
        if outcome[i] == Outcome::Draw {
            remoteness[i] = NONE;
            if !graph.is_terminal(p) {
                best[i] = graph
                    .options(p)
                    .iter()
                    .copied()
                    .find(|&q| outcome[q as usize] == Outcome::Draw)
                    .unwrap_or(NO_POSITION);
            }
        }
    }
    Solution {
        outcome,
        remoteness,
        best,
    }
}
