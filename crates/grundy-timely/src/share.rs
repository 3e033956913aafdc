//! Reading a worker's share of the graph: the positions it owns, their out-degrees, fixed
//! results and predecessor lists.
//!
//! Each worker reads only its byte range of the file ([`Input::range`]) with the library's
//! scanner, so that the file is read once in all, by every worker in parallel, and accepted
//! and refused as `grundy solve` does. What a worker reads is then sent to the owners: each
//! position it mentions (its first mention, its moves counted, its name) to the position's
//! owner, each move to the owner of its target, each fixed result to its position's owner.
//! The workers first tell each other how many lines their ranges hold, so that every line
//! number (the order of a named graph's listing, and the place of an error) is the file's.
//!
//! Positions are known by a 64-bit key: an integer id is its own key, a name a 63-bit hash of
//! it with the top bit set. Two names with one key are refused (their owner sees both).

use grundy::graph::text::{scan, Attribute, Id, ReadError, Sink, SinkError};
use grundy::progress::NoProgress;
use grundy::Outcome;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use timely::worker::Worker;

use crate::dataflow::{everyone, exchange};
use crate::input::Input;
use crate::{Error, Job, Label, Values};

/// Outcomes by their number on the wire (`outcome as u8`).
pub(crate) const OUTCOMES: [Outcome; 3] = [Outcome::Win, Outcome::Loss, Outcome::Draw];

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
    /// Predecessor lists in compressed rows: `preds[pred_start[t]..pred_start[t + 1]]` are the
    /// keys of the sources of moves into local position `t`.
    pub pred_start: Vec<usize>,
    pub preds: Vec<u64>,
    /// Facts about the whole graph that the workers agreed on after reading.
    pub global: Global,
}

/// Facts about the whole graph, the same on every worker.
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

    /// The local index of `key`, registered with no moves and no place yet if it is new.
    /// O(1) expected.
    fn local(&mut self, key: u64) -> usize {
        let next = self.keys.len() as u32;
        let p = *self.index.entry(key).or_insert(next);
        if p == next {
            self.keys.push(key);
            self.first.push(u64::MAX);
            self.degree.push(0);
        }
        p as usize
    }
}

/// The label of a key: the integer, or the stored name.
fn label_of(key: u64, names: &[Option<Box<str>>], p: u32) -> Label {
    match Share::integer_label(key) {
        Some(label) => label,
        None => Label::Name(names[p as usize].clone().expect("named position")),
    }
}

/// A mention sent to a position's owner: its key, its place (2 × the file's line, plus 1 for
/// a move's target) and the moves from it that the mention counts.
type Mention = (u64, u64, u32);

/// A fixed result as read: its position's key, the outcome's number, line (of the range while
/// reading, of the file once sent) and column.
type Fixed = (u64, u8, u64, u64);

/// An error a worker found in its range, as the workers tell each other.
#[derive(Debug, Clone, Serialize, Deserialize)]
enum Failure {
    /// Not in the format: line (of the range) and column, and what was expected.
    Syntax {
        line: u64,
        column: u64,
        message: String,
    },
    /// The file could not be read.
    Io(String),
}

/// What each worker tells every other once it has read its range.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Tally {
    /// Lines of the range.
    lines: u64,
    /// Whether a name was seen.
    named: bool,
    /// The largest integer id seen.
    max_id: u64,
    /// The first error of the range, if any.
    failure: Option<Failure>,
}

/// The message for two names of one key.
fn collision(known: &str, name: &str) -> String {
    format!(
        "the names {known} and {name} have the same 64-bit hash, which the distributed engine \
         uses to tell positions apart: rename one"
    )
}

/// The sink that keeps what one worker's range says, for the owners. Integer ids cost no
/// look-up: the moves are kept in a list, and a source's moves are counted by runs, since a
/// file lists a position's moves together as a rule (a source in several runs is only
/// mentioned more than once). Names go through a map, to be sent once a range.
struct Scan<'a> {
    job: &'a Job,
    /// Lines the scanner counts before the range's first ([`crate::input::Range::lead_lines`]).
    lead: u64,
    /// `(key, moves, line)`: a run of moves from one source, or a position on a line of its
    /// own (no moves), at the line of its first.
    sources: Vec<(u64, u32, u64)>,
    /// `(target key, source key)` of every move, in the order of the lines.
    moves: Vec<(u64, u64)>,
    /// `(index in moves, line)` of each move whose line is not the line after the previous
    /// move's: the moves' lines at 16 bytes for each gap rather than 8 for each move.
    breaks: Vec<(usize, u64)>,
    /// Each name of the range: its key, the name and its first place (2 × line, plus 1 for a
    /// move's target).
    names: FxHashMap<u64, (Box<str>, u64)>,
    fixed: Vec<Fixed>,
    max_id: u64,
    /// The line of the last move.
    last_move: Option<u64>,
}

impl Scan<'_> {
    /// The line of every move, in order. O(moves).
    fn move_lines(&self) -> impl Iterator<Item = u64> + '_ {
        let mut b = 0;
        (0..self.moves.len()).map(move |i| {
            while b + 1 < self.breaks.len() && self.breaks[b + 1].0 <= i {
                b += 1;
            }
            let (start, line) = self.breaks[b];
            line + (i - start) as u64
        })
    }

    /// Notes the id of key `key` at `place`; a name must be the only one of its key.
    #[inline]
    fn note(&mut self, key: u64, id: Id<'_>, place: u64) -> Result<(), SinkError> {
        match id {
            Id::Integer(v) => self.max_id = self.max_id.max(u64::from(v)),
            Id::Name(name) => {
                let (known, _) = self
                    .names
                    .entry(key)
                    .or_insert_with(|| (name.into(), place));
                if **known != *name {
                    return Err(SinkError {
                        column: 1,
                        message: collision(known, name),
                    });
                }
            }
        }
        Ok(())
    }
}

impl Sink for Scan<'_> {
    #[inline]
    fn moved(&mut self, from: Id<'_>, to: Id<'_>, line: u64) -> Result<(), SinkError> {
        let line = line - self.lead;
        let (s, t) = (key(from), key(to));
        self.note(s, from, 2 * line)?;
        self.note(t, to, 2 * line + 1)?;
        match self.sources.last_mut() {
            Some((k, moves, _)) if *k == s && *moves < u32::MAX => *moves += 1,
            _ => self.sources.push((s, 1, line)),
        }
        if self.last_move.is_none_or(|last| last + 1 != line) {
            self.breaks.push((self.moves.len(), line));
        }
        self.last_move = Some(line);
        self.moves.push((t, s));
        Ok(())
    }

    fn position(
        &mut self,
        id: Id<'_>,
        attributes: &[(Attribute, u64)],
        line: u64,
    ) -> Result<(), SinkError> {
        let line = line - self.lead;
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
        self.note(k, id, 2 * line)?;
        self.sources.push((k, 0, line));
        for &(attribute, column) in attributes {
            if let Attribute::Result(outcome) = attribute {
                self.fixed.push((k, outcome as u8, line, column));
            }
        }
        Ok(())
    }
}

/// Reads this worker's share of the graph: its range of `input` read and sent to the owners,
/// and what the owners were sent put together. `workers` is the number of workers in each
/// process (to name a process in errors). Every worker of the run calls it at once; all of
/// them return the same error when any finds one (the first in the file's order among the
/// ranges'). O(range's bytes + share) time and memory; four exchanges and two agreements.
pub(crate) fn read(
    worker: &mut Worker,
    input: &Input,
    origin: &str,
    job: &Job,
    workers: usize,
) -> Result<Share, Error> {
    let (me, peers) = (worker.index(), worker.peers());
    let size = agree_on_size(worker, input, origin, workers)?;
    let mut sink = Scan {
        job,
        lead: 0,
        sources: Vec::new(),
        moves: Vec::new(),
        breaks: Vec::new(),
        names: FxHashMap::default(),
        fixed: Vec::new(),
        max_id: 0,
        last_move: None,
    };
    let scanned = input
        .range(size, me, peers)
        .map_err(|e| ReadError::Io {
            origin: origin.into(),
            error: e,
        })
        .and_then(|range| {
            sink.lead = range.lead_lines();
            scan(range, origin, &NoProgress, &mut sink)
        });
    let mut tally = Tally {
        lines: 0,
        named: !sink.names.is_empty(),
        max_id: sink.max_id,
        failure: None,
    };
    match scanned {
        Ok(lines) => tally.lines = lines.saturating_sub(sink.lead),
        Err(ReadError::Syntax {
            line,
            column,
            message,
            ..
        }) => {
            tally.failure = Some(Failure::Syntax {
                line: line.saturating_sub(sink.lead),
                column,
                message,
            })
        }
        Err(ReadError::Io { error, .. }) => tally.failure = Some(Failure::Io(error.to_string())),
    }
    let tallies = everyone(worker, tally);
    let base = |w: usize| tallies[..w].iter().map(|t| t.lines).sum::<u64>();
    if let Some((w, failure)) = tallies
        .iter()
        .enumerate()
        .find_map(|(w, t)| t.failure.as_ref().map(|f| (w, f)))
    {
        return Err(Error::Read(match failure.clone() {
            Failure::Syntax {
                line,
                column,
                message,
            } => ReadError::Syntax {
                origin: origin.into(),
                line: base(w) + line,
                column,
                message,
            },
            Failure::Io(message) => ReadError::Io {
                origin: origin.into(),
                error: std::io::Error::other(message),
            },
        }));
    }
    let global = Global {
        named: tallies.iter().any(|t| t.named),
        max_id: tallies.iter().map(|t| t.max_id).max().unwrap_or(0),
        lines: base(peers),
        worker: me,
        peers,
    };
    let base = base(me);
    // A named graph is listed in order of first mention, so its owners must learn every
    // mention's place: each move's target is then mentioned too.
    let mut mentions: Vec<Mention> = (sink.sources.iter())
        .map(|&(k, moves, line)| (k, 2 * (base + line), moves))
        .collect();
    if global.named {
        let targets = sink.moves.iter().zip(sink.move_lines());
        mentions.extend(targets.map(|(&(t, _), line)| (t, 2 * (base + line) + 1, 0)));
    }
    drop(sink.sources);
    let names: Vec<(u64, Box<str>, u64)> = (sink.names.into_iter())
        .map(|(k, (name, place))| (k, name, place + 2 * base))
        .collect();
    let fixed: Vec<Fixed> = (sink.fixed.into_iter())
        .map(|(k, o, line, column)| (k, o, base + line, column))
        .collect();
    let mentions = exchange(worker, mentions, move |m| owner(m.0, peers) as u64);
    let names = exchange(worker, names, move |n| owner(n.0, peers) as u64);
    let fixed = exchange(worker, fixed, move |f| owner(f.0, peers) as u64);
    let moves = exchange(worker, sink.moves, move |m| owner(m.0, peers) as u64);
    let (share, problem) = gather_share(global, mentions, names, fixed, moves);
    let problems = everyone(worker, problem);
    if let Some((line, column, message)) = problems.into_iter().flatten().min() {
        return Err(Error::Read(ReadError::Syntax {
            origin: origin.into(),
            line,
            column,
            message,
        }));
    }
    Ok(share)
}

/// The file's size, which every worker must see alike: a process that reads another file
/// than the others would cut it at other places.
fn agree_on_size(
    worker: &mut Worker,
    input: &Input,
    origin: &str,
    workers: usize,
) -> Result<u64, Error> {
    let sizes = everyone(worker, input.len().map_err(|e| e.to_string()));
    let mut known = None;
    for (w, size) in sizes.into_iter().enumerate() {
        let size = size.map_err(|message| {
            Error::Read(ReadError::Io {
                origin: origin.into(),
                error: std::io::Error::other(message),
            })
        })?;
        match known {
            None => known = Some((w, size)),
            Some((v, first)) if first != size => {
                return Err(Error::Cluster(format!(
                    "process {} sees {origin} as {first} bytes and process {} as {size}: every \
                     process must read the same file",
                    v / workers,
                    w / workers
                )))
            }
            Some(_) => {}
        }
    }
    Ok(known.map_or(0, |(_, size)| size))
}

/// What the owner was sent, put together into its share, with the first fault the owner
/// alone can see (two names of one key, a position given two results): its line, column and
/// message. O(records) beside the predecessors' counting sort.
fn gather_share(
    global: Global,
    mentions: Vec<Mention>,
    mut names: Vec<(u64, Box<str>, u64)>,
    mut fixed: Vec<Fixed>,
    moves: Vec<(u64, u64)>,
) -> (Share, Option<(u64, u64, String)>) {
    let mut share = Share {
        global,
        ..Share::default()
    };
    let mut problem: Option<(u64, u64, String)> = None;
    let mut note = |line: u64, column: u64, message: String| {
        if problem.as_ref().is_none_or(|p| (line, column) < (p.0, p.1)) {
            problem = Some((line, column, message));
        }
    };
    for (key, place, moves) in mentions {
        let p = share.local(key);
        share.first[p] = share.first[p].min(place);
        share.degree[p] += moves;
    }
    // By first place, so that a key's first name is the one kept and a later one is the
    // fault, at its first place.
    names.sort_unstable_by_key(|n| n.2);
    if global.named {
        share.names = vec![None; share.keys.len()];
    }
    for (key, name, place) in names {
        let p = share.index[&key] as usize;
        match &share.names[p] {
            None => share.names[p] = Some(name),
            Some(known) if *known != name => note(place / 2, 1, collision(known, &name)),
            Some(_) => {}
        }
    }
    // The targets no mention named (an integer graph's: its mentions are its sources).
    let targets: Vec<u32> = moves.iter().map(|&(t, _)| share.local(t) as u32).collect();
    let n = share.keys.len();
    if !fixed.is_empty() {
        fixed.sort_unstable_by_key(|&(_, _, line, column)| (line, column));
        share.fixed = vec![None; n];
        let mut given: FxHashMap<u32, (u64, u64)> = FxHashMap::default();
        for (key, outcome, line, column) in fixed {
            let p = share.index[&key];
            let outcome = OUTCOMES[outcome as usize];
            match share.fixed[p as usize] {
                Some(earlier) if earlier != outcome => {
                    let (l, c) = given[&p];
                    note(
                        line,
                        column,
                        format!(
                            "contradictory attributes: result={outcome} here, but \
                             result={earlier} at line {l} column {c}"
                        ),
                    );
                }
                Some(_) => {}
                None => {
                    share.fixed[p as usize] = Some(outcome);
                    given.insert(p, (line, column));
                }
            }
        }
    }
    // The predecessor rows, by a counting sort on the target.
    let mut start = vec![0usize; n + 1];
    for &t in &targets {
        start[t as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut preds = vec![0u64; moves.len()];
    for (t, (_, s)) in targets.into_iter().zip(moves) {
        preds[fill[t as usize]] = s;
        fill[t as usize] += 1;
    }
    share.pred_start = start;
    share.preds = preds;
    (share, problem)
}
