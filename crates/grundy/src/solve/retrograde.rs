//! The retrograde kernel: breadth-first analysis backwards from decided positions.
//!
//! Every outcome solver in the engine is this one loop with a different [`Rule`]. A decided
//! position `t` is taken from a FIFO queue; each undecided predecessor `s` (a position with a
//! move to `t`) is either decided at once, when `t` is good for the player to move at `s`, or
//! has its counter of remaining moves lowered, and is decided when the counter reaches zero
//! (every move from `s` is bad for its mover). Because the queue holds positions in order of
//! rank, a position decided at once gets the *smallest* rank among its good options plus one
//! (win fast), and one decided by its counter the *largest* rank among its options plus one
//! (lose slow). O(n + m): each move is looked at once, from its target's side.

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

/// Runs the kernel. `seeds` are the positions decided before the run; their rank must be set
/// (0 for the end positions of the game). `counters[s]` is the number of admitted moves of `s`
/// (fewer than 2^32 - 1).
///
/// The inner loop touches one word per move, the counter of the predecessor, which doubles as
/// the "still undecided" flag: a cache miss per move is what bounds this loop.
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
    let mut queue: Vec<u32> = Vec::with_capacity(preds.node_count());
    queue.extend(seeds);
    let mut head = 0;
    while head < queue.len() {
        let t = queue[head];
        head += 1;
        let next_rank = ranks.rank[t as usize] + 1;
        for &s in preds.list(t) {
            let c = &mut counters[s as usize];
            if *c == SETTLED || !rule.admits(s, t) {
                continue;
            }
            let immediate = rule.immediate(s, t);
            if !immediate {
                *c -= 1;
                if *c != 0 {
                    continue;
                }
            }
            *c = SETTLED;
            ranks.rank[s as usize] = next_rank;
            ranks.best[s as usize] = t;
            rule.decide(s, t, immediate);
            queue.push(s);
        }
    }
}
