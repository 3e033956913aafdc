//! Outcome, remoteness and best move of every position, as rounds of a dataflow.

use std::cell::RefCell;
use std::rc::Rc;

use grundy::Outcome;
use std::time::{Duration, Instant};

use timely::worker::Worker;

use crate::dataflow::{exchange, rounds};
use crate::output::{best_of, gather, rows, Counts, Wire, WireCell};
use crate::share::{owner, Share};
use crate::{Error, Row, Summary};

/// Counter of a position that is decided, or a fixed draw the rounds must never decide.
const SETTLED: u32 = u32::MAX;
/// "Not decided" in ranks, and "no move" in best moves.
const NONE: u32 = u32::MAX;
const NO_KEY: u64 = u64::MAX;

/// A result sent to a predecessor: its key, the sender's key, and whether the sender is lost
/// for the player to move there (so a win for the predecessor).
type Message = (u64, u64, bool);

/// The state of one worker's positions.
struct State {
    share: Share,
    counter: Vec<u32>,
    outcome: Vec<Outcome>,
    rank: Vec<u32>,
    best: Vec<u64>,
}

impl State {
    /// Decides local position `p` in round `round` through its option `t`.
    fn decide(&mut self, p: usize, outcome: Outcome, round: u32, t: u64) {
        self.counter[p] = SETTLED;
        self.outcome[p] = outcome;
        self.rank[p] = round;
        self.best[p] = t;
    }

    /// Tells the predecessors of `p` its result.
    fn announce(&self, p: u32, out: &mut Vec<Message>) {
        let key = self.share.keys[p as usize];
        let lost = self.outcome[p as usize] == Outcome::Loss;
        out.extend(self.share.preds(p).iter().map(|&s| (s, key, lost)));
    }
}

/// Solves this worker's positions with the others'; returns its rows and the global counts.
/// O((n + m) / W) per worker, rounds as the largest remoteness plus one.
pub(crate) fn solve(
    worker: &mut Worker,
    share: Share,
    misere: bool,
) -> Result<(Vec<Row>, Summary, [Duration; 2]), Error> {
    let clock = Instant::now();
    let n = share.len();
    let mut state = State {
        counter: share.degree.clone(),
        outcome: vec![Outcome::Draw; n],
        rank: vec![NONE; n],
        best: vec![NO_KEY; n],
        share,
    };
    let mut seeds = Vec::new();
    for p in 0..n {
        let end = if misere { Outcome::Win } else { Outcome::Loss };
        match state.share.fixed(p as u32) {
            Some(Outcome::Draw) => state.counter[p] = SETTLED,
            Some(o) => state.decide(p, o, 0, NO_KEY),
            None if state.share.degree[p] == 0 => state.decide(p, end, 0, NO_KEY),
            None => continue,
        }
        seeds.push(p as u32);
    }
    let global = state.share.global;
    let peers = global.peers;
    let state = Rc::new(RefCell::new(state));
    let (seeding, stepping) = (Rc::clone(&state), Rc::clone(&state));
    let last = rounds(
        worker,
        move |m: &Message| owner(m.0, peers) as u64,
        move |out| {
            let state = seeding.borrow();
            for &p in &seeds {
                if state.outcome[p as usize] != Outcome::Draw {
                    state.announce(p, out);
                }
            }
        },
        move |round, batch, out| {
            let mut state = stepping.borrow_mut();
            let mut decided = Vec::new();
            for (s, t, lost) in batch {
                let p = state.share.index[&s] as usize;
                if state.counter[p] == SETTLED {
                    continue;
                }
                if lost {
                    state.decide(p, Outcome::Win, round as u32, t);
                } else {
                    state.counter[p] -= 1;
                    if state.counter[p] != 0 {
                        continue;
                    }
                    state.decide(p, Outcome::Loss, round as u32, t);
                }
                decided.push(p as u32);
            }
            for p in decided {
                state.announce(p, out);
            }
        },
    );
    let mut state = Rc::try_unwrap(state)
        .ok()
        .expect("the dataflow is over")
        .into_inner();

    // Every draw keeps the draw by a move to a draw: each draw tells its predecessors.
    let mut to_draws = Vec::new();
    for t in 0..n as u32 {
        if state.outcome[t as usize] == Outcome::Draw {
            let key = state.share.keys[t as usize];
            to_draws.extend(state.share.preds(t).iter().map(|&s| (s, key)));
        }
    }
    for (s, t) in exchange(worker, to_draws, move |m| owner(m.0, peers) as u64) {
        let p = state.share.index[&s] as usize;
        if state.outcome[p] == Outcome::Draw
            && state.share.fixed(p as u32).is_none()
            && state.best[p] == NO_KEY
        {
            state.best[p] = t;
        }
    }

    let rounds_time = clock.elapsed();
    let mut counts = Counts {
        positions: n as u64,
        moves: state.share.preds.len() as u64,
        outcomes: [0; 3],
        max_value: None,
        rounds: last + 1,
        unsolved: None,
    };
    let mut wires = Vec::with_capacity(n);
    for p in 0..n {
        let outcome = state.outcome[p];
        counts.outcomes[outcome as usize] += 1;
        let key = state.share.keys[p];
        wires.push(Wire {
            order: global.order(key, state.share.first[p]),
            node: state.share.label(p as u32),
            cell: WireCell::Outcome {
                outcome: outcome as u8,
                remoteness: Some(state.rank[p]).filter(|&r| r != NONE && outcome != Outcome::Draw),
                best: Some(state.best[p]).filter(|&b| b != NO_KEY).map(best_of),
            },
        });
    }
    let rows = rows(worker, &state.share, wires);
    let total = gather(worker, counts);
    Ok((
        rows,
        total.summary(),
        [rounds_time, clock.elapsed() - rounds_time],
    ))
}
