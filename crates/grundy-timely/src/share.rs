//! Reading a worker's share of the graph: the positions it owns, their out-degrees, fixed
//! results and predecessor lists.
//!
//! Every process reads the whole file with the library's scanner (so that it accepts and
//! refuses exactly what `grundy solve` does) and keeps, for its own workers, what they own:
//! the source's degree at the source's owner, the move itself at the target's owner.
//! Positions are known by a 64-bit key: an integer id is its own key, a name a 63-bit hash of
//! it with the top bit set. Two names with one key are refused (the owner sees both).

use std::io::Read;

use grundy::graph::text::{scan, Attribute, Id, Sink, SinkError};
use grundy::progress::NoProgress;
use grundy::Outcome;
use rustc_hash::FxHashMap;

use crate::{Cluster, Error, Job, Label, Values};

/// Marks the key of a name (integer ids are below 2^32).
const NAME_BIT: u64 = 1 << 63;

/// The key of an id: the integer itself, or a hash of the name with [`NAME_BIT`] set.
/// O(length of the name).
pub(crate) fn key(id: Id<'_>) -> u64 {
    match id {
        Id::Integer(v) => u64::from(v),
        Id::Name(name) => {
            // FNV-1a over the bytes, then a full-avalanche finaliser: stable across builds
            // and hosts, which a process-seeded hasher would not be.
            let mut h = 0xcbf2_9ce4_8422_2325u64;
            for &b in name.as_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
            NAME_BIT | (mix(h) >> 1)
        }
    }
}

/// The splitmix64 finaliser: every output bit depends on every input bit.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The worker (global index, `0..peers`) that owns the position of key `key`: a hash of the
/// key, so that consecutive ids spread over all workers. O(1).
///
/// ```
/// let owners: Vec<usize> = (0..8).map(|id| grundy_timely::owner(id, 4)).collect();
/// assert!(owners.iter().all(|&w| w < 4));
/// assert_eq!(grundy_timely::owner(7, 1), 0);
/// ```
#[inline]
pub fn owner(key: u64, peers: usize) -> usize {
    (mix(key) % peers as u64) as usize
}

/// What one worker holds: its positions (local indices `0..len`) and their moves.
#[derive(Debug, Default)]
pub(crate) struct Share {
    /// Key of each local position.
    pub keys: Vec<u64>,
    /// Local index of each key.
    pub index: FxHashMap<u64, u32>,
    /// Name of each local position, when the graph has names (else empty).
    pub names: Vec<Option<Box<str>>>,
    /// Order of first mention (2 × line + 0 for a move's source, 1 for its target).
    pub first: Vec<u64>,
    /// Out-degree of each local position.
    pub degree: Vec<u32>,
    /// Fixed results, one per local position (empty when there are none).
    pub fixed: Vec<Option<Outcome>>,
    /// Where each fixed result was given (line, column), for contradictions.
    fixed_at: FxHashMap<u32, (u64, u64)>,
    /// Predecessor lists in compressed rows: `preds[pred_start[t]..pred_start[t + 1]]` are the
    /// keys of the sources of moves into local position `t`.
    pub pred_start: Vec<usize>,
    pub preds: Vec<u64>,
    /// `(target, source key)` while reading; packed into the rows at the end.
    pairs: Vec<(u32, u64)>,
    /// Global facts every process learns from its own reading of the whole file.
    pub global: Global,
}

/// Facts about the whole graph that every process finds the same, having read all of it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Global {
    /// Whether some id is a name: positions are then listed in order of first mention.
    pub named: bool,
    /// The largest integer id.
    pub max_id: u64,
    /// Lines of the file.
    pub lines: u64,
    /// Global index of this worker, and the number of workers.
    pub worker: usize,
    pub peers: usize,
}

impl Global {
    /// The position's place in the listing: its id, or its first mention in a named graph.
    #[inline]
    pub fn order(&self, key: u64, first: u64) -> u64 {
        if self.named {
            first
        } else {
            key
        }
    }

    /// The worker that writes the rows of order `order`: contiguous ranges of the listing, in
    /// worker order.
    #[inline]
    pub fn writer(&self, order: u64) -> u64 {
        let end = if self.named {
            2 * self.lines + 2
        } else {
            self.max_id + 1
        };
        (u128::from(order) * self.peers as u128 / u128::from(end)) as u64
    }
}

impl Share {
    /// The label of local position `p`.
    pub fn label(&self, p: u32) -> Label {
        label_of(self.keys[p as usize], &self.names, p)
    }

    /// The label of `key` when it is an integer id (names must be asked of their owner).
    pub fn integer_label(key: u64) -> Option<Label> {
        (key & NAME_BIT == 0).then_some(Label::Integer(key as u32))
    }

    /// The position's fixed result, if any.
    #[inline]
    pub fn fixed(&self, p: u32) -> Option<Outcome> {
        self.fixed.get(p as usize).copied().flatten()
    }

    /// The predecessors (source keys) of local position `t`.
    #[inline]
    pub fn preds(&self, t: u32) -> &[u64] {
        &self.preds[self.pred_start[t as usize]..self.pred_start[t as usize + 1]]
    }

    /// Number of local positions.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// The local index of `id`, registering it at its first mention.
    fn touch(&mut self, key: u64, id: Id<'_>, first: u64) -> Result<u32, SinkError> {
        if let Some(&p) = self.index.get(&key) {
            if let Id::Name(name) = id {
                let known = self.names[p as usize].as_deref().unwrap_or_default();
                if known != name {
                    return Err(SinkError {
                        column: 1,
                        message: format!(
                            "the names {known} and {name} have the same 64-bit hash, which the \
                             distributed engine uses to tell positions apart: rename one"
                        ),
                    });
                }
            }
            return Ok(p);
        }
        let p = self.keys.len() as u32;
        self.keys.push(key);
        self.index.insert(key, p);
        self.first.push(first);
        self.degree.push(0);
        if let Id::Name(name) = id {
            self.names.resize(p as usize, None);
            self.names.push(Some(name.into()));
        }
        Ok(p)
    }

    /// Packs the predecessor pairs into rows by a counting sort on the target.
    fn pack(&mut self) {
        let n = self.keys.len();
        let mut start = vec![0usize; n + 1];
        for &(t, _) in &self.pairs {
            start[t as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut preds = vec![0u64; self.pairs.len()];
        for (t, s) in std::mem::take(&mut self.pairs) {
            preds[fill[t as usize]] = s;
            fill[t as usize] += 1;
        }
        self.pred_start = start;
        self.preds = preds;
        if !self.names.is_empty() {
            self.names.resize(n, None);
        }
        if !self.fixed.is_empty() {
            self.fixed.resize(n, None);
        }
    }
}

/// The label of a key: the integer, or the stored name.
fn label_of(key: u64, names: &[Option<Box<str>>], p: u32) -> Label {
    match Share::integer_label(key) {
        Some(label) => label,
        None => Label::Name(names[p as usize].clone().expect("named position")),
    }
}

/// The sink that builds this process's shares.
struct Reader<'a> {
    shares: Vec<Share>,
    /// Global index of this process's first worker.
    first_worker: usize,
    peers: usize,
    job: &'a Job,
    named: bool,
    max_id: u64,
}

impl Reader<'_> {
    /// The local share owning `key`, if this process owns it.
    #[inline]
    fn local(&self, key: u64) -> Option<usize> {
        let w = owner(key, self.peers);
        (w >= self.first_worker && w < self.first_worker + self.shares.len())
            .then(|| w - self.first_worker)
    }

    #[inline]
    fn note(&mut self, id: Id<'_>) {
        match id {
            Id::Integer(v) => self.max_id = self.max_id.max(u64::from(v)),
            Id::Name(_) => self.named = true,
        }
    }
}

impl Sink for Reader<'_> {
    #[inline]
    fn moved(&mut self, from: Id<'_>, to: Id<'_>, line: u64) -> Result<(), SinkError> {
        self.note(from);
        self.note(to);
        let (s, t) = (key(from), key(to));
        if let Some(w) = self.local(s) {
            let p = self.shares[w].touch(s, from, 2 * line)?;
            self.shares[w].degree[p as usize] += 1;
        }
        if let Some(w) = self.local(t) {
            let share = &mut self.shares[w];
            let p = share.touch(t, to, 2 * line + 1)?;
            share.pairs.push((p, s));
        }
        Ok(())
    }

    fn position(
        &mut self,
        id: Id<'_>,
        attributes: &[(Attribute, u64)],
        line: u64,
    ) -> Result<(), SinkError> {
        self.note(id);
        // Checked in every process, not only the owner's, so that all of them refuse the file.
        for &(attribute, column) in attributes {
            let refuse = |message: &str| {
                Err(SinkError {
                    column,
                    message: message.into(),
                })
            };
            match attribute {
                Attribute::Result(_) if self.job.values == Values::Grundy => {
                    return refuse(
                        "Sprague–Grundy values are defined for impartial games in normal play: \
                         this graph has a result attribute",
                    )
                }
                Attribute::Result(_) => {}
                Attribute::Player(_) | Attribute::Payoff(_) => {
                    return refuse(
                        "the distributed engine solves games without player or payoff \
                         attributes (solve this graph in memory)",
                    )
                }
            }
        }
        let k = key(id);
        let Some(w) = self.local(k) else {
            return Ok(());
        };
        let share = &mut self.shares[w];
        let p = share.touch(k, id, 2 * line)?;
        for &(attribute, column) in attributes {
            let Attribute::Result(outcome) = attribute else {
                continue;
            };
            if share.fixed.len() <= p as usize {
                share.fixed.resize(p as usize + 1, None);
            }
            match share.fixed[p as usize] {
                Some(earlier) if earlier != outcome => {
                    let (l, c) = share.fixed_at[&p];
                    return Err(SinkError {
                        column,
                        message: format!(
                            "contradictory attributes: result={outcome} here, but \
                             result={earlier} at line {l} column {c}"
                        ),
                    });
                }
                Some(_) => {}
                None => {
                    share.fixed[p as usize] = Some(outcome);
                    share.fixed_at.insert(p, (line, column));
                }
            }
        }
        Ok(())
    }
}

/// Reads the shares of this process's workers from `input`. O(file size) time; memory the
/// shares'.
pub(crate) fn read<R: Read>(
    input: R,
    origin: &str,
    job: &Job,
    cluster: &Cluster,
) -> Result<Vec<Share>, Error> {
    let peers = cluster.workers * cluster.processes();
    let first_worker = cluster.workers * cluster.process();
    let mut reader = Reader {
        shares: (0..cluster.workers).map(|_| Share::default()).collect(),
        first_worker,
        peers,
        job,
        named: false,
        max_id: 0,
    };
    let lines = scan(input, origin, &NoProgress, &mut reader)?;
    let global = |worker| Global {
        named: reader.named,
        max_id: reader.max_id,
        lines,
        worker,
        peers,
    };
    let mut shares = std::mem::take(&mut reader.shares);
    for (i, share) in shares.iter_mut().enumerate() {
        share.pack();
        share.fixed_at = FxHashMap::default();
        share.global = global(first_worker + i);
    }
    Ok(shares)
}
