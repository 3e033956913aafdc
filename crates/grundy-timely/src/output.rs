//! The end of every solve: rows sent to the workers that write their range of the listing,
//! and the counts gathered on every worker.

use serde::{Deserialize, Serialize};
use timely::worker::Worker;

use crate::dataflow::{everyone, exchange};
use crate::share::{owner, Share, OUTCOMES};
use crate::{Cell, Label, Row, Summary};

/// A row on its way to its writer: its place in the listing, the position and its answer.
/// The label of a best move that is a name is filled in at the owner of that move's target.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Wire {
    pub order: u64,
    pub node: Label,
    pub cell: WireCell,
}

/// A row's answer on the wire.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) enum WireCell {
    /// Outcome (0 win, 1 loss, 2 draw), remoteness, and the best move's key and label.
    Outcome {
        outcome: u8,
        remoteness: Option<u32>,
        best: Option<(u64, Option<Label>)>,
    },
    /// A Sprague–Grundy value.
    Value(u32),
}

impl Wire {
    /// The key whose owner must name the best move, if the label is still missing.
    fn missing_name(&self) -> Option<u64> {
        match &self.cell {
            WireCell::Outcome {
                best: Some((key, None)),
                ..
            } => Some(*key),
            _ => None,
        }
    }

    fn into_row(self) -> Row {
        let cell = match self.cell {
            WireCell::Outcome {
                outcome,
                remoteness,
                best,
            } => Cell::Outcome {
                outcome: OUTCOMES[outcome as usize],
                remoteness,
                best: best.map(|(_, label)| label.expect("named by its owner")),
            },
            WireCell::Value(v) => Cell::Value(v),
        };
        Row {
            node: self.node,
            cell,
        }
    }
}

/// Sends the rows to their writers (naming best moves on the way) and returns this worker's
/// rows in listing order. Two exchanges of at most one record per position.
pub(crate) fn rows(worker: &mut Worker, share: &Share, wires: Vec<Wire>) -> Vec<Row> {
    let global = share.global;
    let me = global.worker as u64;
    let peers = global.peers;
    let mut named = exchange(worker, wires, move |w| {
        w.missing_name().map_or(me, |k| owner(k, peers) as u64)
    });
    for wire in &mut named {
        if let WireCell::Outcome {
            best: Some((key, label @ None)),
            ..
        } = &mut wire.cell
        {
            let p = share.index[key];
            *label = Some(share.label(p));
        }
    }
    let mut mine = exchange(worker, named, move |w| global.writer(w.order));
    mine.sort_unstable_by_key(|w| w.order);
    mine.into_iter().map(Wire::into_row).collect()
}

/// This worker's counts, and something every worker must know about its positions.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Counts {
    pub positions: u64,
    pub moves: u64,
    pub outcomes: [u64; 3],
    pub max_value: Option<u32>,
    pub rounds: u64,
    /// A position left without an answer (a cycle, for values), if any.
    pub unsolved: Option<String>,
}

/// The counts of all workers, added up, on every worker. One exchange of W records per
/// worker.
pub(crate) fn gather(worker: &mut Worker, counts: Counts) -> Counts {
    let mut all = everyone(worker, counts);
    let mut total = Counts {
        positions: 0,
        moves: 0,
        outcomes: [0; 3],
        max_value: None,
        rounds: 0,
        unsolved: None,
    };
    // Sorted so that every worker picks the same unsolved position.
    all.sort_by(|a, b| a.unsolved.cmp(&b.unsolved));
    for c in all {
        total.positions += c.positions;
        total.moves += c.moves;
        for (t, o) in total.outcomes.iter_mut().zip(c.outcomes) {
            *t += o;
        }
        total.max_value = total.max_value.max(c.max_value);
        total.rounds = total.rounds.max(c.rounds);
        total.unsolved = total.unsolved.or(c.unsolved);
    }
    total
}

impl Counts {
    /// The public summary.
    pub fn summary(&self) -> Summary {
        Summary {
            positions: self.positions,
            moves: self.moves,
            counts: self.outcomes,
            max_value: self.max_value,
            rounds: self.rounds,
        }
    }
}

/// The label of a key known to be an integer, or `None` with the key for a name.
pub(crate) fn best_of(key: u64) -> (u64, Option<Label>) {
    (key, Share::integer_label(key))
}
