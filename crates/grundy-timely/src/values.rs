//! Sprague–Grundy values of an acyclic graph, as rounds of a dataflow: a position takes the
//! mex of its options' values when the last of them arrives.

use std::cell::RefCell;
use std::rc::Rc;

use grundy::math::mex::Mex;
use std::time::{Duration, Instant};

use timely::worker::Worker;

use crate::dataflow::rounds;
use crate::output::{gather, rows, Counts, Wire, WireCell};
use crate::share::{owner, Share};
use crate::{Error, Row, Summary};

/// "No value yet".
const NONE: u32 = u32::MAX;

/// A value sent to a predecessor: its key and the value of one of its options.
type Message = (u64, u32);

/// The state of one worker's positions.
struct State {
    share: Share,
    /// Options not valued yet.
    counter: Vec<u32>,
    /// The values received: `received[start[p]..start[p] + degree - counter]` for position p.
    start: Vec<usize>,
    received: Vec<u32>,
    value: Vec<u32>,
    mex: Mex,
}

impl State {
    fn announce(&self, p: u32, out: &mut Vec<Message>) {
        let value = self.value[p as usize];
        out.extend(self.share.preds(p).iter().map(|&s| (s, value)));
    }
}

/// Values this worker's positions with the others'; returns its rows and the global counts,
/// or the error of a cycle (the same on every worker). O((n + m) / W) per worker, rounds as
/// the longest path plus one.
pub(crate) fn solve(
    worker: &mut Worker,
    share: Share,
) -> Result<(Vec<Row>, Summary, [Duration; 2]), Error> {
    let clock = Instant::now();
    let n = share.len();
    let mut start = Vec::with_capacity(n + 1);
    let mut total = 0usize;
    for &d in &share.degree {
        start.push(total);
        total += d as usize;
    }
    let mut value = vec![NONE; n];
    let seeds: Vec<u32> = (0..n as u32)
        .filter(|&p| share.degree[p as usize] == 0)
        .collect();
    for &p in &seeds {
        value[p as usize] = 0;
    }
    let global = share.global;
    let peers = global.peers;
    let state = Rc::new(RefCell::new(State {
        counter: share.degree.clone(),
        start,
        received: vec![0; total],
        value,
        share,
        mex: Mex::new(),
    }));
    let (seeding, stepping) = (Rc::clone(&state), Rc::clone(&state));
    let last = rounds(
        worker,
        move |m: &Message| owner(m.0, peers) as u64,
        move |out| {
            let state = seeding.borrow();
            for &p in &seeds {
                state.announce(p, out);
            }
        },
        move |_round, batch, out| {
            let state = &mut *stepping.borrow_mut();
            let mut decided = Vec::new();
            for (s, v) in batch {
                let p = state.share.index[&s] as usize;
                let filled = (state.share.degree[p] - state.counter[p]) as usize;
                state.received[state.start[p] + filled] = v;
                state.counter[p] -= 1;
                if state.counter[p] == 0 {
                    let options = &state.received[state.start[p]..][..filled + 1];
                    state.value[p] = state.mex.of(options.iter().copied());
                    decided.push(p as u32);
                }
            }
            for p in decided {
                state.announce(p, out);
            }
        },
    );
    let state = Rc::try_unwrap(state)
        .ok()
        .expect("the dataflow is over")
        .into_inner();
    let rounds_time = clock.elapsed();
    let unsolved = (0..n as u32)
        .find(|&p| state.value[p as usize] == NONE)
        .map(|p| state.share.label(p).to_string());
    let counts = Counts {
        positions: n as u64,
        moves: state.share.preds.len() as u64,
        outcomes: [0; 3],
        max_value: state.value.iter().copied().filter(|&v| v != NONE).max(),
        rounds: last + 1,
        unsolved,
    };
    let total = gather(worker, counts);
    if let Some(position) = total.unsolved {
        return Err(Error::NotAcyclic { position });
    }
    let wires = (0..n)
        .map(|p| Wire {
            order: global.order(state.share.keys[p], state.share.first[p]),
            node: state.share.label(p as u32),
            cell: WireCell::Value(state.value[p]),
        })
        .collect();
    let rows = rows(worker, &state.share, wires);
    Ok((
        rows,
        total.summary(),
        [rounds_time, clock.elapsed() - rounds_time],
    ))
}
