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

struct MoverRule {
    outcome: Vec<Outcome>,
}

impl Rule for MoverRule {
    #[inline]
    fn immediate(&self, _s: u32, t: u32) -> bool {
        self.outcome[t as usize] == Outcome::Loss
    }

    #[inline]
    fn decide(&mut self, s: u32, _t: u32, immediate: bool) {
        self.outcome[s as usize] = if immediate {
            Outcome::Win
        } else {
            Outcome::Loss
        };
    }
}

/// Solves `graph` for the player to move at each position.
pub(super) fn solve(graph: &GameGraph, misere: bool) -> Solution {
    let n = graph.position_count();
    let preds = graph.moves().transpose();
    let mut rule = MoverRule {
        outcome: vec![Outcome::Draw; n],
    };
    let mut ranks = Ranks::new(n);
    let mut counters: Vec<u32> = (0..n as u32).map(|p| graph.moves().degree(p)).collect();
    let mut seeds = Vec::new();
    for p in 0..n as u32 {
        match terminal_outcome(graph, p, misere) {
            Some(Outcome::Draw) => ranks.rank[p as usize] = BLOCKED,
            Some(o) => {
                rule.outcome[p as usize] = o;
                ranks.rank[p as usize] = 0;
                seeds.push(p);
            }
            None => {}
        }
    }
    retrograde::run(&preds, &mut counters, seeds, &mut ranks, &mut rule);
    drop(preds);
    drop(counters);

    let Ranks {
        rank: mut remoteness,
        mut best,
    } = ranks;
    let outcome = rule.outcome;
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
