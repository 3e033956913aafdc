//! The retrograde kernel: breadth-first analysis backwards from decided positions.
//!
//! Every outcome solver in the engine is this one loop with a different [`Rule`]. For each
//! decided position `t`, in order of rank, each undecided predecessor `s` (a position with a
//! move to `t`) is either decided at once, when `t` is good for the player to move at `s`, or
//! has its counter of remaining moves lowered, and is decided when the counter reaches zero
//! (every move from `s` is bad for its mover). Because positions are taken in order of
//! rank, a position decided at once gets the *smallest* rank among its good options plus one
//! (win fast), and one decided by its counter the *largest* rank among its options plus one
//! (lose slow). O(n + m): each move is looked at once, from its target's side.

use crate::graph::csr::{bucket_shift, prefetch};
use crate::graph::Csr;
use crate::parallel::{self, split_at_ends};

/// Rank of a position that is not decided (yet).
pub(crate) const UNDECIDED: u32 = u32::MAX;
/// Rank of a position that the kernel must never decide (a terminal position outside the
/// targets); it is also never taken from the queue.
pub(crate) const BLOCKED: u32 = u32::MAX - 1;
/// "No position" in arrays of best moves.
pub(crate) const NO_POSITION: u32 = u32::MAX;

/// What a solver tells the kernel about its game. The rule only reads: everything the kernel
/// writes per position (counters, ranks, best moves, how each position was decided) is the
/// kernel's, in arrays that it cuts by ranges of positions among threads.
pub(crate) trait Rule: Sync {
    /// Whether the move `s -> t` takes part (both ends in the same region). Only asked for
    /// undecided `s`.
    #[inline]
    fn admits(&self, _s: u32, _t: u32) -> bool {
        true
    }
    /// Whether the decided position `t` decides `s` at once, given how `t` was decided
    /// (`t_at_once`, see [`Ranks::at_once`]).
    fn immediate(&self, s: u32, t_at_once: bool) -> bool;
}

/// Ranks and best moves of a kernel run: `rank[p]` is the number of moves from `p` to the
/// seeds under the rule's play, or [`UNDECIDED`] / [`BLOCKED`]; `best[p]` the option that
/// decided `p`, or [`NO_POSITION`]; `at_once[p]` whether `p` was decided at once (by one
/// option) rather than by running out of options. For seeds the caller sets `at_once` (for
/// the player to move: whether the seed is a win), and rules read it of decided options.
pub(crate) struct Ranks {
    pub rank: Vec<u32>,
    pub best: Vec<u32>,
    pub at_once: Vec<bool>,
}

impl Ranks {
    /// All positions undecided.
    pub fn new(n: usize) -> Ranks {
        Ranks {
            rank: vec![UNDECIDED; n],
            best: vec![NO_POSITION; n],
            at_once: vec![false; n],
        }
    }

    /// Whether `p` was decided by the kernel or seeded (not undecided, not blocked).
    #[inline]
    pub fn is_decided(&self, p: u32) -> bool {
        self.rank[p as usize] < BLOCKED
    }
}

/// Counter value of a position that is decided or blocked: the kernel skips it.
const SETTLED: u32 = u32::MAX;
/// How many positions of a level ahead their predecessor lists are fetched.
const PREFETCH_AHEAD: usize = 8;
/// Most predecessor visits grouped at once (8 MiB of pairs). Larger groups give each cache
/// line of counters more visits while it is in cache; the pairs themselves are written and
/// read back in sequence, which costs little even when they leave the cache.
const CHUNK: usize = 1 << 20;
/// In a grouped visit `(x, t)`, the bit of `x` that says `t` was decided at once; the bits
/// below it hold the predecessor's place in its bucket (fewer than 2^16 positions).
const AT_ONCE: u32 = 1 << 31;

/// Runs the kernel. `seeds` are the positions decided before the run, all of rank 0 (the end
/// positions of the game). `counters[s]` is the number of admitted moves of `s` (fewer than
/// 2^32 - 1).
///
/// The work is one random access per move, to the counter of the predecessor; on graphs
/// larger than the cache that miss is what costs. So the kernel goes level by level (all
/// positions of rank r, then r + 1): within a level the order of visits changes nothing but
/// which of several equally good best moves is kept, so the visits of a chunk of the level are
/// first grouped by the bucket of the predecessor (see [`bucket_shift`]) and then carried out
/// bucket by bucket, where the counters, ranks and labels touched fit in cache. Small levels
/// are visited directly, in level order. O(n + m) time, at most 8 MiB beside the arrays.
///
/// Large chunks use all threads of the current rayon pool: each thread groups a consecutive
/// piece of the chunk into buckets of its own, then each thread visits a range of buckets
/// (a range of positions, whose counters and ranks it alone writes), taking the pieces'
/// groups in piece order, and the positions decided are put together in bucket order. Every
/// bucket thus sees its visits in the same order as with one thread, and the next level
/// comes out in the same order: the result does not depend on the number of threads.
pub(crate) fn run<R: Rule>(
    preds: &Csr,
    counters: &mut [u32],
    seeds: impl IntoIterator<Item = u32>,
    ranks: &mut Ranks,
    rule: &R,
) {
    let n = preds.node_count();
    let ranges = parallel::position_ranges(n);
    let jobs = split_at_ends(&mut *counters, ranges.iter().map(|r| r.end))
        .zip(ranges.iter().map(|r| &ranks.rank[r.clone()]));
    parallel::map(jobs, |(counters, rank): (&mut [u32], &[u32])| {
        for (c, &r) in counters.iter_mut().zip(rank) {
            if r != UNDECIDED {
                *c = SETTLED;
            }
        }
    });
    let shift = bucket_shift(n);
    let bucket_count = (n >> shift) + 1;
    // Below this many visits, grouping costs more than the misses it saves.
    let direct_limit = 16 * bucket_count;
    // Grouped visits: one set of buckets per piece of a chunk; decided positions: one list
    // per range of buckets.
    let mut groups: Vec<Vec<Vec<(u32, u32)>>> = Vec::new();
    let mut decided: Vec<Vec<u32>> = Vec::new();
    // Visits up to and including each position of the chunk, to cut it into pieces.
    let mut visits_to: Vec<usize> = Vec::new();
    let mut level: Vec<u32> = seeds.into_iter().collect();
    let mut next: Vec<u32> = Vec::new();
    let mut rank = 0u32;
    while !level.is_empty() {
        let mut i = 0;
        while i < level.len() {
            let start = i;
            let mut visits = 0;
            visits_to.clear();
            while i < level.len() && (i == start || visits + preds.list(level[i]).len() <= CHUNK) {
                // The level is scattered over the rows: fetch ahead.
                if let Some(&ahead) = level.get(i + 4 * PREFETCH_AHEAD) {
                    preds.prefetch_offset(ahead);
                }
                visits += preds.list(level[i]).len();
                visits_to.push(visits);
                i += 1;
            }
            let chunk = &level[start..i];
            if visits < direct_limit {
                let mut part = Part::whole(counters, ranks, &mut next);
                for &t in chunk {
                    let t_at_once = part.at_once[t as usize];
                    for &s in preds.list(t) {
                        part.visit(rule, rank + 1, s, t, t_at_once);
                    }
                }
                continue;
            }
            let parts = parallel::parts_for(visits);
            let pieces = parallel::balanced(chunk.len(), parts, |k| match k {
                0 => 0,
                k => visits_to[k - 1],
            });
            if groups.len() < pieces.len() {
                groups.resize(pieces.len(), vec![Vec::new(); bucket_count]);
            }
            let at_once = &ranks.at_once[..];
            let jobs = pieces.into_iter().zip(&mut groups);
            parallel::map(jobs, |(piece, buckets)| {
                group(preds, at_once, shift, &chunk[piece], buckets);
            });
            let filled = &groups[..];
            let buckets = parallel::balanced(bucket_count, parts, |b| {
                filled
                    .iter()
                    .map(|g| g[..b].iter().map(Vec::len).sum::<usize>())
                    .sum()
            });
            let ends: Vec<usize> = buckets.iter().map(|r| (r.end << shift).min(n)).collect();
            let jobs = Part::split(counters, ranks, &mut decided, &ends).zip(buckets);
            parallel::map(jobs, |(mut part, range)| {
                for b in range {
                    let base = (b << shift) as u32;
                    for g in filled {
                        for &(x, t) in &g[b] {
                            part.visit(rule, rank + 1, base | (x & !AT_ONCE), t, x & AT_ONCE != 0);
                        }
                    }
                }
            });
            for bucket in groups.iter_mut().flatten() {
                bucket.clear();
            }
            for list in &mut decided[..ends.len()] {
                next.append(list);
            }
        }
        std::mem::swap(&mut level, &mut next);
        next.clear();
        rank += 1;
    }
}

/// Groups the visits of a piece of a level by bucket of the predecessor, as `(x, t)` with the
/// predecessor's place in its bucket and [`AT_ONCE`] in `x`.
fn group(
    preds: &Csr,
    at_once: &[bool],
    shift: u32,
    piece: &[u32],
    buckets: &mut [Vec<(u32, u32)>],
) {
    let low = (1u32 << shift) - 1;
    for (k, &t) in piece.iter().enumerate() {
        // Rows of a level are scattered: fetch them ahead, offset first, then list.
        if let Some(&ahead) = piece.get(k + 2 * PREFETCH_AHEAD) {
            preds.prefetch_offset(ahead);
            prefetch(&at_once[ahead as usize]);
        }
        if let Some(&ahead) = piece.get(k + PREFETCH_AHEAD) {
            preds.prefetch_list(ahead);
        }
        let flag = if at_once[t as usize] { AT_ONCE } else { 0 };
        for &s in preds.list(t) {
            buckets[(s >> shift) as usize].push(((s & low) | flag, t));
        }
    }
}

/// The kernel's arrays for a range of positions, and the positions it decides at one level.
struct Part<'a> {
    first: u32,
    counters: &'a mut [u32],
    rank: &'a mut [u32],
    best: &'a mut [u32],
    at_once: &'a mut [bool],
    decided: &'a mut Vec<u32>,
}

impl<'a> Part<'a> {
    /// All positions, with `decided` for the positions decided.
    fn whole(counters: &'a mut [u32], ranks: &'a mut Ranks, decided: &'a mut Vec<u32>) -> Part<'a> {
        Part {
            first: 0,
            counters,
            rank: &mut ranks.rank,
            best: &mut ranks.best,
            at_once: &mut ranks.at_once,
            decided,
        }
    }

    /// Cuts the arrays into ranges of positions ending at `ends` (the last one `n`), each with
    /// its own list of decided positions (made as needed).
    fn split(
        counters: &'a mut [u32],
        ranks: &'a mut Ranks,
        decided: &'a mut Vec<Vec<u32>>,
        ends: &'a [usize],
    ) -> impl Iterator<Item = Part<'a>> {
        if decided.len() < ends.len() {
            decided.resize_with(ends.len(), Vec::new);
        }
        let starts = std::iter::once(0).chain(ends.iter().copied());
        split_at_ends(counters, ends.iter().copied())
            .zip(split_at_ends(&mut ranks.rank, ends.iter().copied()))
            .zip(split_at_ends(&mut ranks.best, ends.iter().copied()))
            .zip(split_at_ends(&mut ranks.at_once, ends.iter().copied()))
            .zip(decided.iter_mut())
            .zip(starts)
            .map(
                |(((((counters, rank), best), at_once), decided), first)| Part {
                    first: first as u32,
                    counters,
                    rank,
                    best,
                    at_once,
                    decided,
                },
            )
    }

    /// The visit of one move `s -> t` from its decided target, which gives `s` rank `rank` if
    /// it decides it.
    #[inline(always)]
    fn visit<R: Rule>(&mut self, rule: &R, rank: u32, s: u32, t: u32, t_at_once: bool) {
        let i = (s - self.first) as usize;
        let c = &mut self.counters[i];
        if *c == SETTLED || !rule.admits(s, t) {
            return;
        }
        let immediate = rule.immediate(s, t_at_once);
        if !immediate {
            *c -= 1;
            if *c != 0 {
                return;
            }
        }
        *c = SETTLED;
        self.rank[i] = rank;
        self.best[i] = t;
        self.at_once[i] = immediate;
        self.decided.push(s);
    }
}
