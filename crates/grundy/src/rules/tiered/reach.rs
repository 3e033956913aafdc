//! The positions reachable from a game's start in a solution, tier by tier, and how they come
//! out: what published counts of a game (Tanaka's 246,803,167 Dōbutsu positions) are checked
//! against, since a ranking numbers every arrangement, reachable or not.
//!
//! A forward search over the rules with one bit a position: tiers in order (moves never go
//! back), and inside a tier breadth-first rounds until no position is new (moves inside a tier
//! may cycle). Each tier's outcomes are then read from its file and counted over its reached
//! positions.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::sweep::CHUNK;
use super::{Solved, TierError, TierRanking};
use crate::budget::Budget;
use crate::progress::Progress;

/// What a reachability pass says for.
const WORK: &str = "counting reachable positions";

/// One tier's positions reachable from the start, and their outcomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TierReach {
    /// The tier.
    pub tier: u32,
    /// Its positions, reachable or not.
    pub positions: u64,
    /// Its positions reachable from the start (the start included).
    pub reachable: u64,
    /// Of those, the positions where the rules end the game (no move is played from them).
    pub over: u64,
    /// Of those reachable, how many are wins, losses and draws for the player to move.
    pub counts: [u64; 3],
}

/// A set of a tier's positions, one bit each, that threads add to at once.
struct Bits(Vec<AtomicU64>);

impl Bits {
    /// The empty set of `len` positions. O(len / 64).
    fn new(len: u64) -> Bits {
        Bits((0..len.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }

    /// Adds position `i`; whether it was new.
    #[inline]
    fn insert(&self, i: u64) -> bool {
        let bit = 1u64 << (i % 64);
        self.0[(i / 64) as usize].fetch_or(bit, Relaxed) & bit == 0
    }

    /// The number of positions in the set.
    fn len(&self) -> u64 {
        self.0
            .iter()
            .map(|w| u64::from(w.load(Relaxed).count_ones()))
            .sum()
    }

    /// The positions of the words `words`, in order.
    fn members(&self, words: std::ops::Range<usize>) -> impl Iterator<Item = u64> + '_ {
        words.flat_map(move |w| {
            let mut word = self.0[w].load(Relaxed);
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros();
                    word &= word - 1;
                    w as u64 * 64 + u64::from(bit)
                })
            })
        })
    }
}

/// Bytes a reachability pass holds at most: a bit for every position of every tier (a tier's
/// set lives from the first move into it until it is counted), two more bits for the tier
/// being searched (its rounds' frontiers), and the largest tier's results, read to count.
pub(super) fn bytes_for<G: TierRanking>(game: &G, remoteness: bool) -> u64 {
    let sizes = (0..game.tier_count()).map(|t| game.tier_size(t));
    let bits: u64 = sizes.clone().map(|s| s.div_ceil(64) * 8).sum();
    let largest = sizes.max().unwrap_or(0);
    bits + 2 * largest.div_ceil(64) * 8 + super::Results::bytes_for(largest, remoteness)
}

impl<G: TierRanking + Sync> Solved<G>
where
    G::Position: Send,
{
    /// The positions reachable from `starts` by the rules, tier by tier, with their outcomes
    /// read from the solution's files (each file read whole and checked). `budget`'s memory
    /// is checked first against the pass's need (about one bit a position,
    /// plus the largest tier's results); its deadline and cancel flag between chunks.
    ///
    /// Time: O(reachable positions · moves) rule calls over rayon's threads, plus a scan of
    /// a tier's bits for each round of moves inside it. A start the ranking does not number
    /// is [`TierError::Position`].
    pub fn reachable(
        &self,
        starts: &[G::Position],
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Vec<TierReach>, TierError> {
        let game = &self.game;
        let tiers = game.tier_count();
        budget.check_memory(bytes_for(game, self.manifest.remoteness()), WORK, 0)?;
        let mut sets: Vec<Option<Bits>> = (0..tiers).map(|_| None).collect();
        for p in starts {
            let (t, r) = (game.tier(p), game.rank(p));
            if t >= tiers || r >= game.tier_size(t) {
                return Err(TierError::Position(
                    "a start is not numbered by the game's ranking".into(),
                ));
            }
            sets[t as usize]
                .get_or_insert_with(|| Bits::new(game.tier_size(t)))
                .insert(r);
        }
        let mut done = 0;
        let mut out = Vec::with_capacity(tiers as usize);
        for tier in 0..tiers {
            let size = game.tier_size(tier);
            let Some(here) = sets[tier as usize].take() else {
                out.push(TierReach {
                    tier,
                    positions: size,
                    reachable: 0,
                    over: 0,
                    counts: [0; 3],
                });
                continue;
            };
            let range = super::sweep::reach(game, tier);
            for t in range.clone() {
                sets[t as usize].get_or_insert_with(|| Bits::new(game.tier_size(t)));
            }
            let later: Vec<&Bits> = range
                .clone()
                .map(|t| sets[t as usize].as_ref().expect("allocated above"))
                .collect();
            let over = self.search(tier, &here, (range.start, &later), budget, done, progress)?;
            done += size;
            budget.check_time(WORK, done)?;
            progress.phase(&format!("counting tier {tier}"), Some(size));
            let results = self.tier(tier)?;
            let words = here.0.len();
            let counts = (0..words)
                .into_par_iter()
                .step_by(CHUNK / 64)
                .map(|w| {
                    let mut counts = [0u64; 3];
                    for r in here.members(w..(w + CHUNK / 64).min(words)) {
                        counts[super::results::outcome_code(results.get(r).outcome) as usize] += 1;
                    }
                    counts
                })
                .reduce(|| [0; 3], |a, b| [a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
            progress.advance(size);
            out.push(TierReach {
                tier,
                positions: size,
                reachable: here.len(),
                over,
                counts,
            });
        }
        progress.finish();
        Ok(out)
    }

    /// Closes `here` (the reached positions of `tier`) under the moves inside the tier, round
    /// by round, adding the moves out of it to the later tiers' sets (`later`: the first
    /// later tier and the sets from it); the number of reached positions where the game is
    /// over.
    fn search(
        &self,
        tier: u32,
        here: &Bits,
        (first, later): (u32, &[&Bits]),
        budget: &Budget,
        done: u64,
        progress: &dyn Progress,
    ) -> Result<u64, TierError> {
        let game = &self.game;
        let words = here.0.len();
        // The positions found in the last round, whose moves are not yet followed.
        let mut frontier = Bits(
            here.0
                .iter()
                .map(|w| AtomicU64::new(w.load(Relaxed)))
                .collect(),
        );
        let mut over = 0;
        let mut round = 0u32;
        loop {
            let next = Bits::new(game.tier_size(tier));
            progress.phase(
                &format!("reaching tier {tier}, round {round}"),
                Some(words as u64),
            );
            let chunks: Vec<usize> = (0..words).step_by(CHUNK / 64).collect();
            for batch in chunks.chunks(64) {
                budget.check_time(WORK, done)?;
                over += batch
                    .par_iter()
                    .map(|&w| -> Result<u64, TierError> {
                        let mut over = 0;
                        let mut options = Vec::new();
                        for r in frontier.members(w..(w + CHUNK / 64).min(words)) {
                            let p = game.unrank(tier, r);
                            if game.result(&p).is_some() {
                                over += 1;
                                continue;
                            }
                            options.clear();
                            game.ranked_moves(&p, &mut options);
                            for &(t, r) in &options {
                                super::sweep::check_rank(game, t, r)?;
                                if t == tier {
                                    if here.insert(r) {
                                        next.insert(r);
                                    }
                                } else {
                                    later
                                        .get(t.wrapping_sub(first) as usize)
                                        .ok_or_else(|| super::sweep::not_later(tier, t))?
                                        .insert(r);
                                }
                            }
                        }
                        Ok(over)
                    })
                    .sum::<Result<u64, TierError>>()?;
                let last = batch.last().map_or(0, |&w| (w + CHUNK / 64).min(words));
                progress.advance((last - batch[0]) as u64);
            }
            if next.0.iter().all(|w| w.load(Relaxed) == 0) {
                return Ok(over);
            }
            frontier = next;
            round += 1;
        }
    }
}
