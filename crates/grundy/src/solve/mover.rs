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
use crate::parallel::{self, split_at_ends};

/// A position is a win iff it was decided at once: by an option that is a loss.
struct MoverRule;

impl Rule for MoverRule {
    #[inline]
    fn immediate(&self, _s: u32, t_at_once: bool) -> bool {
        // Options decided at once are wins; the others (seeds among them) are losses.
        !t_at_once
    }
}

/// Solves `graph` for the player to move at each position. The passes over all positions, like
/// the kernel, run on all threads of the current rayon pool when the graph is large, each
/// over a range of positions, with the same result whatever the number of threads.
pub(super) fn solve(graph: &GameGraph, misere: bool) -> Solution {
    let n = graph.position_count();
    let preds = graph.moves().transpose();
    let ranges = parallel::position_ranges(n);
    let ends = || ranges.iter().map(|r| r.end);
    let mut ranks = Ranks::new(n);
    let mut counters = vec![0u32; n];
    let jobs = ranges
        .iter()
        .cloned()
        .zip(split_at_ends(&mut counters, ends()))
        .zip(split_at_ends(&mut ranks.rank, ends()))
        .zip(split_at_ends(&mut ranks.at_once, ends()));
    let seeds = parallel::map(jobs, |(((range, counters), rank), at_once)| {
        let mut seeds = Vec::new();
        for (i, p) in range.enumerate() {
            let p = p as u32;
            counters[i] = graph.moves().degree(p);
            match terminal_outcome(graph, p, misere) {
                Some(Outcome::Draw) => rank[i] = BLOCKED,
                Some(o) => {
                    at_once[i] = o == Outcome::Win;
                    rank[i] = 0;
                    seeds.push(p);
                }
                None => {}
            }
        }
        seeds
    });
    retrograde::run(
        &preds,
        &mut counters,
        seeds.into_iter().flatten(),
        &mut ranks,
        &MoverRule,
    );
    drop(preds);
    drop(counters);

    let mut outcome = vec![Outcome::Draw; n];
    let jobs = ranges
        .iter()
        .cloned()
        .zip(split_at_ends(&mut outcome, ends()));
    parallel::map(jobs, |(range, outcome)| {
        for (o, p) in outcome.iter_mut().zip(range) {
            if ranks.is_decided(p as u32) {
                *o = if ranks.at_once[p] {
                    Outcome::Win
                } else {
                    Outcome::Loss
                };
            }
        }
    });
    let Ranks {
        rank: mut remoteness,
        mut best,
        ..
    } = ranks;
    // A draw keeps the draw: its first option that is a draw.
    let jobs = ranges
        .iter()
        .cloned()
        .zip(split_at_ends(&mut remoteness, ends()))
        .zip(split_at_ends(&mut best, ends()));
    parallel::map(jobs, |((range, remoteness), best)| {
        let first = range.start;
        for p in range {
            if outcome[p] == Outcome::Draw {
                remoteness[p - first] = NONE;
                if graph.is_terminal(p as u32) {
                    continue;
                }
                best[p - first] = graph
                    .options(p as u32)
                    .iter()
                    .copied()
                    .find(|&q| outcome[q as usize] == Outcome::Draw)
                    .unwrap_or(NO_POSITION);
            }
        }
    });
    Solution {
        outcome,
        remoteness,
        best,
    }
}
