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

use crate::graph::csr::bucket_shift;
use crate::graph::Csr;

/// Rank of a position that is not decided (yet).
pub(crate) const UNDECIDED: u32 = u32::MAX;
/// Rank of a position that the kernel must never decide (a terminal position outside the
/// targets); it is also never taken from the queue.
pub(crate) const BLOCKED: u32 = u32::MAX - 1;
/// "No position" in arrays of best moves.
pub(crate) const NO_POSITION: u32 = u32::MAX;

/// What a solver tells the kernel about its game.
pub(crate) trait Rule {
    /// Whether the move `s -> t` takes part (both ends in the same region). Only asked for
    /// undecided `s`.
    #[inline]
    fn admits(&self, _s: u32, _t: u32) -> bool {
        true
    }
    /// Whether the decided position `t` decides `s` at once.
    fn immediate(&self, s: u32, t: u32) -> bool;
    /// Records the decision of `s`, reached through its option `t` (at once or as its last
    /// option). Rank and best move are already stored.
    fn decide(&mut self, s: u32, t: u32, immediate: bool);
}

/// Ranks and best moves of a kernel run: `rank[p]` is the number of moves from `p` to the
/// seeds under the rule's play, or [`UNDECIDED`] / [`BLOCKED`]; `best[p]` the option that
/// decided `p`, or [`NO_POSITION`].
pub(crate) struct Ranks {
    pub rank: Vec<u32>,
    pub best: Vec<u32>,
}

impl Ranks {
    /// All positions undecided.
    pub fn new(n: usize) -> Ranks {
        Ranks {
            rank: vec![UNDECIDED; n],
            best: vec![NO_POSITION; n],
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
/// are visited directly. O(n + m) time, at most 8 MiB beside the arrays.
pub(crate) fn run<R: Rule>(
    preds: &Csr,
    counters: &mut [u32],
    seeds: impl IntoIterator<Item = u32>,
    ranks: &mut Ranks,
    rule: &mut R,
) {
    for (c, &r) in counters.iter_mut().zip(&ranks.rank) {
        if r != UNDECIDED {
            *c = SETTLED;
        }
    }
    let shift = bucket_shift(preds.node_count());
    let mut buckets: Vec<Vec<(u32, u32)>> = vec![Vec::new(); (preds.node_count() >> shift) + 1];
    // Below this many visits, grouping costs more than the misses it saves.
    let direct_limit = 16 * buckets.len();
    let mut level: Vec<u32> = seeds.into_iter().collect();
    let mut next: Vec<u32> = Vec::new();
    let mut rank = 0u32;
    while !level.is_empty() {
        let mut visit = Visit {
            counters: &mut *counters,
            ranks: &mut *ranks,
            rule: &mut *rule,
            next: &mut next,
            rank: rank + 1,
        };
        let mut i = 0;
        while i < level.len() {
            let start = i;
            let mut visits = 0;
            while i < level.len() && (i == start || visits + preds.list(level[i]).len() <= CHUNK) {
                visits += preds.list(level[i]).len();
                i += 1;
            }
            if visits < direct_limit {
                for &t in &level[start..i] {
                    for &s in preds.list(t) {
                        visit.visit(s, t);
                    }
                }
                continue;
            }
            for k in start..i {
                // Rows of a level are scattered: fetch them ahead, offset first, then list.
                if let Some(&ahead) = level
                    .get(k + 2 * PREFETCH_AHEAD)
                    .filter(|_| k + 2 * PREFETCH_AHEAD < i)
                {
                    preds.prefetch_offset(ahead);
                }
                if let Some(&ahead) = level
                    .get(k + PREFETCH_AHEAD)
                    .filter(|_| k + PREFETCH_AHEAD < i)
                {
                    preds.prefetch_list(ahead);
                }
                let t = level[k];
                for &s in preds.list(t) {
                    buckets[(s >> shift) as usize].push((s, t));
                }
            }
            for bucket in &mut buckets {
                for (s, t) in bucket.drain(..) {
                    visit.visit(s, t);
                }
            }
        }
        std::mem::swap(&mut level, &mut next);
        next.clear();
        rank += 1;
    }
}

/// The visit of one move `s -> t` from its decided target, at one level.
struct Visit<'a, R> {
    counters: &'a mut [u32],
    ranks: &'a mut Ranks,
    rule: &'a mut R,
    next: &'a mut Vec<u32>,
    rank: u32,
}

impl<R: Rule> Visit<'_, R> {
    #[inline(always)]
    fn visit(&mut self, s: u32, t: u32) {
        let c = &mut self.counters[s as usize];
        if *c == SETTLED || !self.rule.admits(s, t) {
            return;
        }
        let immediate = self.rule.immediate(s, t);
        if !immediate {
            *c -= 1;
            if *c != 0 {
                return;
            }
        }
        *c = SETTLED;
        self.ranks.rank[s as usize] = self.rank;
        self.ranks.best[s as usize] = t;
        self.rule.decide(s, t, immediate);
        self.next.push(s);
    }
}
