//! Strong solving by tiers on the workers of several processes: the engine's tiered solver
//! ([`grundy::rules::tiered`]) with each tier's positions spread over every worker.
//!
//! - **Ownership.** Block `k` (of [`file::BLOCK`] positions) of tier `t` belongs to the
//!   process [`file::part_of`]`(t, k, processes)` names, and within it to the worker a second
//!   hash names. A worker holds the results of its own blocks of the tiers the current tier
//!   moves into, and nothing else.
//! - **A tier, in rounds.** Each worker expands its blocks a few at a time
//!   ([`RankedGame::expand`]: the rules run only there), reads the values of the options
//!   whose blocks it holds, asks the owners of the others for theirs (one exchange; another
//!   process is asked each value once a round), gets them back (a second exchange) and
//!   decides its positions ([`Expansion::decide`], the same fold as the single-machine
//!   solver's), each option's value found by its index, not searched for. Moves inside the
//!   tier (a loopy tier) are left for retrograde rounds across the workers: each move's
//!   target owner learns its predecessor, and a position is decided at the round its fastest
//!   losing option or its last winning one is known, as in the engine's graph solver; what
//!   is never decided is a draw.
//! - **Files.** Each process writes its blocks of a tier to its own part
//!   ([`file::write_part`]) as soon as the tier is done; a solution in parts is read by
//!   [`grundy::rules::tiered::Solved`] like any other. A stopped run resumes from the last
//!   tier every process finished.
//! - **Errors.** A worker that fails (its budget, a file) tells every worker at the next
//!   exchange, and all stop together: none waits for a peer that has gone.
//!
//! Memory per worker: its blocks of the tier and of the tiers it moves into (2 bytes a
//! position with remoteness), a round's expansion (about 16 bytes a position and 16 a move,
//! and 4 a move for its value) and the options asked of others (24 bytes each, and 16 a
//! question sent). Messages: two per option asked a round (per distinct one, of another
//! process).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use grundy::budget::Budget;
use grundy::progress::Progress;
use grundy::rules::tiered::file::{self, Manifest, BLOCK};
use grundy::rules::tiered::{
    fits_memory, not_later, Expansion, Fold, Layout, Pulled, RankedGame, Results, Summary,
    TierEngine, TierError, TierOptions, TierSummary, Value, MAX_REMOTENESS,
};
use grundy::Outcome;
use rustc_hash::FxHashMap as HashMap;
use serde::{Deserialize, Serialize};
use timely::worker::Worker;

use crate::dataflow::{exchange, rounds};
use crate::{cluster, Cluster};

/// Blocks a worker expands in one round: about half a million positions.
const ROUND_BLOCKS: usize = 8;

/// The tiered solver on timely dataflow: the workers of [`Cluster`], each process writing its
/// part of every tier into its folder.
#[derive(Debug, Clone)]
pub struct TimelyTiers {
    /// The workers and processes of the run.
    pub cluster: Cluster,
}

impl TierEngine for TimelyTiers {
    /// Solves every tier on the cluster's workers into `dir` (this process's parts, and the
    /// manifest). Every process of a run calls this with the same game and options.
    fn solve(
        &self,
        game: Arc<dyn RankedGame>,
        dir: &Path,
        options: &TierOptions,
        progress: &dyn Progress,
    ) -> Result<Summary, TierError> {
        let cluster = &self.cluster;
        if cluster.workers == 0 {
            return Err(TierError::Engine("at least one worker is needed".into()));
        }
        let manifest = options.manifest(game.as_ref(), cluster.processes() as u32);
        if let Some(limit) = options.memory {
            check_memory(game.as_ref(), cluster, options.remoteness, limit)?;
        }
        file::write_manifest(dir, &manifest)?;
        let process = cluster.process() as u32;
        // The tiers this process finished: its parts of the last tiers, without a gap.
        let finished = (0..manifest.tiers)
            .rev()
            .take_while(|&t| file::part_path(dir, t, process, manifest.parts).exists())
            .last()
            .unwrap_or(manifest.tiers);
        let job = format!(
            "tiers of {} ({}) {} misère={}",
            manifest.game,
            manifest.variant,
            manifest.layout.name(),
            manifest.misere
        );
        let context = Arc::new(Context {
            game,
            dir: dir.to_path_buf(),
            manifest,
            budget: options.budget.clone(),
            workers: cluster.workers as u32,
            process,
            finished,
            owners: OwnerRoute {
                workers: cluster.workers as u32,
                processes: cluster.processes() as u32,
            },
            written: Mutex::new(HashMap::default()),
            done: AtomicU64::new(0),
        });
        // This process's share of the positions: the total its workers advance through.
        let total: u64 = (0..context.manifest.tiers)
            .map(|t| context.game.tier_size(t))
            .sum();
        progress.phase(
            &format!(
                "solving {} tiers on {} workers in {} processes",
                context.manifest.tiers,
                cluster.workers * cluster.processes(),
                cluster.processes()
            ),
            Some(total.div_ceil(cluster.processes() as u64)),
        );
        let shared = Arc::clone(&context);
        let shares = vec![(); cluster.workers];
        // The bar follows the positions this process's workers have solved.
        let shown = std::cell::Cell::new(0);
        let tick = || {
            let done = context.done.load(Ordering::Relaxed);
            progress.advance(done.saturating_sub(shown.replace(done)));
        };
        let results = cluster::run(
            cluster,
            &job,
            shares,
            move |worker, ()| solve_worker(worker, &shared),
            &tick,
        )
        .map_err(|e| TierError::Engine(e.to_string()))?;
        progress.finish();
        // Every worker has the same summary, or its own error; the first error found is the
        // cause where a worker names one, else a peer's report of it.
        let mut first_error = None;
        let mut tiers = None;
        for result in results {
            match result {
                Ok(t) => tiers = Some(t),
                Err(Stop::Own(e)) => return Err(e),
                Err(Stop::Peer(what)) => first_error = first_error.or(Some(what)),
            }
        }
        let Some((mut tiers, exchanged)) = tiers else {
            return Err(TierError::Engine(
                first_error.unwrap_or_else(|| "the workers stopped".into()),
            ));
        };
        tiers.reverse();
        let mut bytes = 0;
        for tier in 0..context.manifest.tiers {
            let path = file::part_path(dir, tier, process, context.manifest.parts);
            bytes += std::fs::metadata(&path)
                .map_err(|error| TierError::Io { path, error })?
                .len();
        }
        Ok(Summary {
            game: context.manifest.game.clone(),
            positions: tiers.iter().map(|t| t.positions).sum(),
            bytes,
            tiers,
            exchanged: Some(exchanged),
        })
    }
}

/// The bytes a worker holds at most: its share of the neediest tier and the tiers it moves
/// into, refused before anything starts where over `limit` (the memory budget of this
/// process, shared by its workers). O(tiers · reach).
fn check_memory(
    game: &dyn RankedGame,
    cluster: &Cluster,
    remoteness: bool,
    limit: u64,
) -> Result<(), TierError> {
    let layout = Layout::new(remoteness);
    let share = cluster.processes() as u64;
    let needs = (0..game.tier_count()).map(|t| {
        let held: u64 = game.reach(t).map(|u| game.tier_size(u)).sum();
        let bytes = layout.bytes_for(held + game.tier_size(t)).div_ceil(share);
        (t, bytes)
    });
    fits_memory(needs, limit)
}

/// Each tier's blocks, by number, that the workers of a process finished and its part has
/// not yet written.
type Gathered = HashMap<u32, Vec<(u64, Arc<Results>)>>;

/// What every worker of a process shares: the game, the folder and the run's shape, and the
/// blocks each tier's workers have finished, until the part is written.
struct Context {
    game: Arc<dyn RankedGame>,
    dir: PathBuf,
    manifest: Manifest,
    budget: Budget,
    /// Workers a process.
    workers: u32,
    process: u32,
    /// The first tier of the last ones this process has finished.
    finished: u32,
    /// Who owns each block.
    owners: OwnerRoute,
    /// Each tier's finished blocks of this process, gathered for its part.
    written: Mutex<Gathered>,
    /// Positions this process's workers have solved or found solved, for the progress bar.
    done: AtomicU64,
}

/// SplitMix64's finaliser: a second hash, independent of the part's.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 33)).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    z = (z ^ (z >> 33)).wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    z ^ (z >> 33)
}

/// Why a worker stopped: its own error, or a peer's, reported at an exchange.
enum Stop {
    Own(TierError),
    Peer(String),
}

/// A message of an exchange: a batch of records, or a worker's failure told to every worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
enum Message<T> {
    Data(T),
    Failed { what: String },
}

/// One worker's state through the tiers: who it is, and its blocks of the tiers held.
struct Work<'a> {
    context: &'a Context,
    /// This worker's index among all.
    me: u32,
    peers: u32,
    /// Its blocks of each tier held, by block number (`None` for the others' blocks).
    held: BTreeMap<u32, Vec<Option<Arc<Results>>>>,
    /// An error of this worker's, told to the others at the next exchange.
    failed: Option<TierError>,
    /// Bytes of records this worker sent to other workers.
    sent: u64,
}

/// What a worker does: every tier from the last; its summaries (the same on every worker),
/// last tier first, and the bytes all workers sent one another.
fn solve_worker(worker: &mut Worker, context: &Context) -> Result<(Vec<TierSummary>, u64), Stop> {
    let mut work = Work {
        context,
        me: worker.index() as u32,
        peers: worker.peers() as u32,
        held: BTreeMap::new(),
        failed: None,
        sent: 0,
    };
    // The tiers every process finished: from the latest first tier any process finished.
    let firsts = work.everyone(worker, context.finished)?;
    let resume = firsts.into_iter().max().unwrap_or(context.manifest.tiers);
    let mut summaries = Vec::new();
    for tier in (0..context.manifest.tiers).rev() {
        let clock = Instant::now();
        let resumed = tier >= resume;
        let counts = if resumed {
            if work.me % context.workers == 0 {
                // The process's share of a finished tier, counted once.
                let share = context.game.tier_size(tier) / u64::from(context.owners.processes);
                context.done.fetch_add(share, Ordering::Relaxed);
            }
            work.count_finished(tier)
        } else {
            if let Err(e) = context
                .budget
                .check_time("solving tiers", context.done.load(Ordering::Relaxed))
            {
                work.fail(TierError::Budget(e));
            }
            work.solve_tier(worker, tier)?
        };
        let all = work.everyone(worker, counts)?;
        let counts = all
            .iter()
            .fold([0; 3], |a, c| [a[0] + c[0], a[1] + c[1], a[2] + c[2]]);
        if !resumed && work.failed.is_none() && work.me % context.workers == 0 {
            // Every worker of this process gave its blocks before the exchange above.
            if let Err(e) = work.write_part(tier) {
                work.fail(e);
            }
        }
        summaries.push(TierSummary {
            tier,
            positions: context.game.tier_size(tier),
            counts,
            resumed,
            seconds: clock.elapsed().as_secs_f64(),
        });
    }
    // A last exchange, so that a failure in writing the first tier stops every worker; it
    // sums the bytes sent.
    let sent = work.sent;
    let exchanged = work.everyone(worker, sent)?.into_iter().sum();
    Ok((summaries, exchanged))
}

impl Work<'_> {
    /// Notes this worker's error, for the next exchange.
    fn fail(&mut self, e: TierError) {
        self.failed.get_or_insert(e);
    }

    /// The stop of a failed exchange: this worker's own error, or the first peer's.
    fn stopped(&mut self, peer: Option<String>) -> Stop {
        match self.failed.take() {
            Some(e) => Stop::Own(e),
            None => Stop::Peer(peer.unwrap_or_else(|| "a worker stopped".into())),
        }
    }

    /// Sends batch `p` of `batches` (one a worker) to worker `p`, and returns the batches sent
    /// to this one with their senders (its own first, kept without a copy); a worker that
    /// has failed sends its failure to every worker instead, and then every worker stops.
    /// The records of a batch travel as one message, so that timely's cost a message is paid
    /// once a peer. O(records).
    fn exchange_batches<T>(
        &mut self,
        worker: &mut Worker,
        mut batches: Vec<Vec<T>>,
    ) -> Result<Vec<(u32, Vec<T>)>, Stop>
    where
        T: timely::ExchangeData,
    {
        let me = self.me;
        let mut kept = Vec::new();
        let messages: Vec<(u32, u32, Message<Vec<T>>)> = match &self.failed {
            Some(e) => {
                let what = format!(
                    "worker {me} (process {}) stopped: {e}",
                    self.context.process
                );
                (0..self.peers)
                    .map(|to| (to, me, Message::Failed { what: what.clone() }))
                    .collect()
            }
            None => {
                kept.push((me, std::mem::take(&mut batches[me as usize])));
                let others: usize = batches.iter().map(Vec::len).sum();
                self.sent += (others * std::mem::size_of::<T>()) as u64;
                (0..self.peers)
                    .zip(batches)
                    .filter(|(_, batch)| !batch.is_empty())
                    .map(|(to, batch)| (to, me, Message::Data(batch)))
                    .collect()
            }
        };
        let received = exchange(worker, messages, |(to, _, _)| u64::from(*to));
        let mut peer = None;
        for (_, from, m) in received {
            match m {
                Message::Data(batch) => kept.push((from, batch)),
                Message::Failed { what } => peer = peer.or(Some(what)),
            }
        }
        if peer.is_some() || self.failed.is_some() {
            return Err(self.stopped(peer));
        }
        Ok(kept)
    }

    /// Sends each record to the worker `route` names, and returns those sent to this one
    /// ([`Work::exchange_batches`]). O(records).
    fn exchange<T>(
        &mut self,
        worker: &mut Worker,
        records: Vec<T>,
        route: impl Fn(&T) -> u32,
    ) -> Result<Vec<T>, Stop>
    where
        T: timely::ExchangeData,
    {
        let mut batches: Vec<Vec<T>> = (0..self.peers).map(|_| Vec::new()).collect();
        for record in records {
            batches[route(&record) as usize].push(record);
        }
        let received = self.exchange_batches(worker, batches)?;
        Ok(received.into_iter().flat_map(|(_, batch)| batch).collect())
    }

    /// `value` from every worker, in worker order (one exchange).
    fn everyone<T>(&mut self, worker: &mut Worker, value: T) -> Result<Vec<T>, Stop>
    where
        T: timely::ExchangeData + Clone,
    {
        let me = self.me;
        let records = (0..self.peers).map(|to| (to, me, value.clone())).collect();
        let mut all = self.exchange(worker, records, |(to, _, _)| *to)?;
        all.sort_by_key(|(_, from, _)| *from);
        Ok(all.into_iter().map(|(_, _, v)| v).collect())
    }

    /// This worker's blocks of `tier`, in order.
    fn my_blocks(&self, tier: u32) -> Vec<u64> {
        let size = self.context.game.tier_size(tier);
        (0..size.div_ceil(BLOCK))
            .filter(|&k| self.context.owners.owner(tier, k * BLOCK) == self.me)
            .collect()
    }

    /// The rounds of `tier`: as many as the worker with the most blocks needs.
    fn rounds_of(&self, tier: u32) -> usize {
        let size = self.context.game.tier_size(tier);
        let mut blocks = vec![0usize; self.peers as usize];
        for k in 0..size.div_ceil(BLOCK) {
            blocks[self.context.owners.owner(tier, k * BLOCK) as usize] += 1;
        }
        blocks.into_iter().max().unwrap_or(0).div_ceil(ROUND_BLOCKS)
    }

    /// The counts of a tier finished before: the first worker of each process reads its
    /// part whole (every checksum) and counts it; the others count nothing.
    fn count_finished(&mut self, tier: u32) -> [u64; 3] {
        if self.me % self.context.workers != 0 || self.failed.is_some() {
            return [0; 3];
        }
        let c = self.context;
        let size = c.game.tier_size(tier);
        match file::read_part(&c.dir, &c.manifest, tier, size, c.process, &|_| true) {
            Ok(blocks) => blocks.iter().fold([0; 3], |a, (_, r)| {
                let n = r.counts();
                [a[0] + n[0], a[1] + n[1], a[2] + n[2]]
            }),
            Err(e) => {
                self.fail(e);
                [0; 3]
            }
        }
    }

    /// Holds this worker's blocks of the tiers `tier` moves into, and no others: those just
    /// solved are kept, those of a resumed run read from this process's parts.
    fn hold_reach(&mut self, tier: u32) {
        let c = self.context;
        let reach = c.game.reach(tier);
        self.held.retain(|t, _| reach.contains(t));
        for t in reach {
            if self.held.contains_key(&t) || self.failed.is_some() {
                continue;
            }
            let me = self.me;
            let keep = |k: u64| c.owners.owner(t, k * BLOCK) == me;
            let size = c.game.tier_size(t);
            match file::read_part(&c.dir, &c.manifest, t, size, c.process, &keep) {
                Ok(blocks) => {
                    let mut held = vec![None; size.div_ceil(BLOCK) as usize];
                    for (k, results) in blocks {
                        held[k as usize] = Some(Arc::new(results));
                    }
                    self.held.insert(t, held);
                }
                Err(e) => self.fail(e),
            }
        }
    }

    /// Solves this worker's blocks of `tier`, and gives them to the process's part; its
    /// counts.
    fn solve_tier(&mut self, worker: &mut Worker, tier: u32) -> Result<[u64; 3], Stop> {
        let c = self.context;
        self.hold_reach(tier);
        let size = c.game.tier_size(tier);
        let layout = c.manifest.layout;
        let mine = self.my_blocks(tier);
        let mut blocks: Vec<(u64, Results)> = mine
            .iter()
            .map(|&k| (k, Results::new(block_range(k, size).count() as u64, layout)))
            .collect();
        let mut inside = Inside::default();
        // A round's expansions and their options' values, kept across rounds for their
        // capacity.
        let mut expanded: Vec<Expansion> = Vec::new();
        let mut values = Values::default();
        let mut ranks = Vec::new();
        for round in 0..self.rounds_of(tier) {
            let first = round * ROUND_BLOCKS;
            let these = first.min(blocks.len())..(first + ROUND_BLOCKS).min(blocks.len());
            expanded.resize_with(these.len(), Expansion::default);
            let mut filled = 0;
            for (&(k, _), expansion) in blocks[these.clone()].iter().zip(&mut expanded) {
                if self.failed.is_some() {
                    break;
                }
                let range = block_range(k, size);
                if let Err(e) = c.game.expand(tier, range, c.manifest.misere, expansion) {
                    self.fail(e);
                    break;
                }
                filled += 1;
            }
            expanded.truncate(filled);
            if let Err(e) = c
                .budget
                .check_time("solving tiers", c.done.load(Ordering::Relaxed))
            {
                self.fail(TierError::Budget(e));
            }
            self.fetch(worker, tier, &expanded, &mut values)?;
            let expanded_positions: usize = expanded.iter().map(Expansion::len).sum();
            c.done
                .fetch_add(expanded_positions as u64, Ordering::Relaxed);
            for ((slot, expansion), offset) in these.zip(&expanded).zip(&values.offsets) {
                let (k, results) = &mut blocks[slot];
                let start = *k * BLOCK;
                for i in 0..expansion.len() {
                    let pulled = expansion.decide(i, &mut ranks, |at, t, r| {
                        values.get(offset + at).ok_or_else(|| {
                            TierError::Engine(format!(
                                "the value of position {r} of tier {t} was asked and not given"
                            ))
                        })
                    });
                    match pulled {
                        Ok(Pulled::Decided(o, r)) => {
                            if let Err(e) = set(results, tier, i as u64, o, r) {
                                self.fail(e);
                            }
                        }
                        Ok(Pulled::Inside(fold)) => {
                            inside.add(start + i as u64, fold, &ranks);
                        }
                        Err(e) => self.fail(e),
                    }
                }
            }
        }
        // Whether any worker has moves inside the tier: then the retrograde rounds.
        let loopy = self.everyone(worker, !inside.folds.is_empty())?;
        if loopy.into_iter().any(|l| l) {
            self.retrograde(worker, tier, &mut blocks, inside)?;
        }
        let mut counts = [0; 3];
        let mut given = Vec::with_capacity(blocks.len());
        let mut held = vec![None; size.div_ceil(BLOCK) as usize];
        for (k, results) in blocks {
            let n = results.counts();
            counts = [counts[0] + n[0], counts[1] + n[1], counts[2] + n[2]];
            let results = Arc::new(results);
            given.push((k, Arc::clone(&results)));
            held[k as usize] = Some(results);
        }
        c.written
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(tier)
            .or_default()
            .extend(given);
        self.held.insert(tier, held);
        Ok(counts)
    }

    /// The values of the options of `expanded` that leave `tier`, into `values` (by each
    /// expansion's offset and the option's index): those of this worker's blocks read where
    /// they are held, the others asked of their owners (another process's each distinct one
    /// once a round) in one exchange of questions (a tier and rank each) and one of answers
    /// (a value each, in the order of the questions). O(options), the radix sort's passes a
    /// byte of the ranks.
    fn fetch(
        &mut self,
        worker: &mut Worker,
        tier: u32,
        expanded: &[Expansion],
        values: &mut Values,
    ) -> Result<(), Stop> {
        let owners = self.context.owners.clone();
        values.offsets.clear();
        let mut total = 0;
        for expansion in expanded {
            values.offsets.push(total);
            total += expansion.option_count();
        }
        values.words.clear();
        values.words.resize(total, NOT_GIVEN);
        // Each owner's options, with the slot each one's value goes to.
        let mut remote = std::mem::take(&mut values.remote);
        remote.resize_with(self.peers as usize, Vec::new);
        remote.iter_mut().for_each(Vec::clear);
        let mut local = HeldTier::default();
        // An option of a tier not held: the game's error, told at the exchange below.
        let mut missing = None;
        for (expansion, &offset) in expanded.iter().zip(&values.offsets) {
            for (at, t, r) in expansion.later_options() {
                let owner = owners.owner(t, r);
                if owner != self.me {
                    remote[owner as usize].push((t, r, offset + at));
                    continue;
                }
                match local.value(&self.held, t, r) {
                    Some(word) => values.words[offset + at] = word,
                    None => {
                        missing.get_or_insert(not_later(tier, t));
                    }
                }
            }
        }
        if let Some(e) = missing.take() {
            self.fail(e);
        }
        // Each owner in another process is asked each option once: its questions sorted,
        // repeats dropped, which saves the wire more than the sort costs. A worker of this
        // process is asked every option as it comes: the records are moved, not sent, and
        // the sort would cost more than its answers.
        let workers = self.context.workers;
        let me = self.me;
        let distinct = move |owner: usize| owner as u32 / workers != me / workers;
        let mut questions: Vec<Vec<(u32, u64)>> = Vec::with_capacity(remote.len());
        for (owner, options) in remote.iter_mut().enumerate() {
            if distinct(owner) {
                // Equal options together (by rank, then stably by tier): a radix sort, which
                // costs a pass a byte of the ranks and skips the bytes all share.
                radsort::sort_by_key(options, |&(_, r, _)| r);
                radsort::sort_by_key(options, |&(t, _, _)| t);
            }
            let mut asked: Vec<(u32, u64)> = options.iter().map(|&(t, r, _)| (t, r)).collect();
            if distinct(owner) {
                asked.dedup();
            }
            questions.push(asked);
        }
        let received = self.exchange_batches(worker, questions)?;
        let mut answers: Vec<Vec<u32>> = (0..self.peers).map(|_| Vec::new()).collect();
        let mut held = HeldTier::default();
        for (from, batch) in received {
            let answer = &mut answers[from as usize];
            answer.reserve(batch.len());
            for (t, r) in batch {
                match held.value(&self.held, t, r) {
                    Some(word) => answer.push(word),
                    None => {
                        missing.get_or_insert(not_later(tier, t));
                        break;
                    }
                }
            }
        }
        if let Some(e) = missing {
            self.fail(e);
        }
        for (from, batch) in self.exchange_batches(worker, answers)? {
            let options = &remote[from as usize];
            // The answers follow the options asked in order: each distinct one, or each.
            let each = !distinct(from as usize);
            let mut answer = batch.into_iter();
            let mut word = NOT_GIVEN;
            for (i, &(t, r, slot)) in options.iter().enumerate() {
                if each || i == 0 || (options[i - 1].0, options[i - 1].1) != (t, r) {
                    word = answer.next().unwrap_or(NOT_GIVEN);
                }
                values.words[slot] = word;
            }
        }
        values.remote = remote;
        Ok(())
    }

    /// The positions with moves inside `tier`, decided by retrograde rounds over every
    /// worker: a position is a win at the round its first losing option is known (its
    /// remoteness), a loss at the round its last option is known to be a win, a draw if
    /// neither comes. The options in later tiers (their fold) come in at the round their
    /// remoteness gives.
    fn retrograde(
        &mut self,
        worker: &mut Worker,
        tier: u32,
        blocks: &mut [(u64, Results)],
        inside: Inside,
    ) -> Result<(), Stop> {
        let c = self.context;
        let owners = c.owners.clone();
        let route = owners.clone();
        // Each move inside the tier, to the owner of its target: (target, predecessor).
        let edges: Vec<(u64, u64)> = inside.moves.iter().map(|&(from, to)| (to, from)).collect();
        let received = self.exchange(worker, edges, move |&(to, _)| route.owner(tier, to))?;
        let mut before: HashMap<u64, Vec<u64>> = HashMap::default();
        for (to, from) in received {
            before.entry(to).or_default().push(from);
        }
        let slot_of: HashMap<u64, usize> = blocks
            .iter()
            .enumerate()
            .map(|(i, (k, _))| (*k, i))
            .collect();
        let value_here = |rank: u64| {
            let (_, results) = &blocks[slot_of[&(rank / BLOCK)]];
            results.get(rank % BLOCK)
        };
        let mut state = Retrograde {
            me: self.me,
            pending: HashMap::default(),
            before,
            schedule: BTreeMap::new(),
            decided: Vec::new(),
        };
        let mut counts: HashMap<u64, u32> = HashMap::default();
        for &(from, _) in &inside.moves {
            *counts.entry(from).or_default() += 1;
        }
        for (&rank, fold) in &inside.folds {
            let moves = counts[&rank] + u32::from(fold.slowest_win.is_some());
            // A later draw, or a later loss, keeps the count from running out.
            let moves = moves + u32::from(fold.draw || fold.fastest_loss != u32::MAX);
            state.pending.insert(rank, moves);
            if fold.fastest_loss != u32::MAX {
                state.at(u64::from(fold.fastest_loss) + 1, Event::Lost(rank));
            }
            if let Some(w) = fold.slowest_win {
                state.at(u64::from(w) + 1, Event::Won(rank));
            }
        }
        // The positions decided by the pull that moves inside the tier reach: each tells
        // its predecessors at the round of its remoteness.
        let targets: Vec<u64> = state.before.keys().copied().collect();
        for target in targets {
            if inside.folds.contains_key(&target) {
                continue;
            }
            let v = value_here(target);
            if let (Some(r), o) = (v.remoteness, v.outcome) {
                state.at(u64::from(r), Event::Tell(target, o));
            } else if v.outcome != Outcome::Draw {
                // Solved without remoteness: values are still told in order of the tier's
                // own rounds; there is no remoteness to order them by.
                state.at(0, Event::Tell(target, v.outcome));
            }
        }
        let shared = Rc::new(RefCell::new(state));
        let inner = Rc::clone(&shared);
        let route = owners.clone();
        rounds(
            worker,
            move |m: &Notice| u64::from(m.to(&route, tier)),
            {
                let inner = Rc::clone(&inner);
                move |out| inner.borrow_mut().round(0, Vec::new(), out)
            },
            move |round, messages, out| inner.borrow_mut().round(round, messages, out),
        );
        let (decided, undecided) = {
            let mut state = shared.borrow_mut();
            (
                std::mem::take(&mut state.decided),
                std::mem::take(&mut state.pending),
            )
        };
        for (rank, o, r) in decided {
            let (_, results) = &mut blocks[slot_of[&(rank / BLOCK)]];
            if let Err(e) = set(results, tier, rank % BLOCK, o, r) {
                self.fail(e);
            }
        }
        for rank in undecided.keys() {
            let (_, results) = &mut blocks[slot_of[&(rank / BLOCK)]];
            results.set(rank % BLOCK, Outcome::Draw, u32::MAX);
        }
        Ok(())
    }

    /// Writes this process's part of `tier` from the blocks its workers gave. O(the part).
    fn write_part(&mut self, tier: u32) -> Result<(), TierError> {
        let c = self.context;
        let blocks = c
            .written
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&tier)
            .unwrap_or_default();
        let mut given: Vec<(u64, &Results)> =
            blocks.iter().map(|(k, r)| (*k, r.as_ref())).collect();
        given.sort_by_key(|(k, _)| *k);
        let size = c.game.tier_size(tier);
        file::write_part(&c.dir, &c.manifest, tier, size, c.process, &given)
    }
}

/// The positions `k`'s block of a tier of `size` positions holds.
fn block_range(k: u64, size: u64) -> Range<u64> {
    k * BLOCK..((k + 1) * BLOCK).min(size)
}

/// Sets rank `i` of a block's results, refusing a remoteness the records cannot hold.
fn set(results: &mut Results, tier: u32, i: u64, o: Outcome, r: u32) -> Result<(), TierError> {
    if o != Outcome::Draw && r > MAX_REMOTENESS && results.layout().remoteness() {
        return Err(TierError::Remoteness {
            tier,
            remoteness: r,
        });
    }
    results.set(i, o, r);
    Ok(())
}

/// A value not (yet) given: no [`pack`]ed value has both its low bits set.
const NOT_GIVEN: u32 = u32::MAX;

/// The values a round fetched, as [`pack`] makes them: expansion `e`'s option `at` at
/// `offsets[e] + at` of `words` ([`NOT_GIVEN`] where none came); and the options asked of
/// each other worker, with their slots, kept for their capacity.
#[derive(Default)]
struct Values {
    offsets: Vec<usize>,
    words: Vec<u32>,
    remote: Vec<Vec<(u32, u64, usize)>>,
}

impl Values {
    /// The value at `slot`, if fetched. O(1).
    fn get(&self, slot: usize) -> Option<Value> {
        Some(self.words[slot])
            .filter(|&w| w != NOT_GIVEN)
            .map(unpack)
    }
}

/// The blocks of the tier last read by [`HeldTier::value`], so that a run of options of one
/// tier looks the tier up once.
#[derive(Default)]
struct HeldTier<'a> {
    tier: Option<(u32, &'a [Option<Arc<Results>>])>,
}

impl<'a> HeldTier<'a> {
    /// The [`pack`]ed value of rank `r` of tier `t` among the blocks `held`, if its block is
    /// held. O(log tiers held) on a change of tier, O(1) else.
    fn value(
        &mut self,
        held: &'a BTreeMap<u32, Vec<Option<Arc<Results>>>>,
        t: u32,
        r: u64,
    ) -> Option<u32> {
        let blocks = match self.tier {
            Some((last, blocks)) if last == t => blocks,
            _ => {
                let blocks = held.get(&t)?.as_slice();
                self.tier = Some((t, blocks));
                blocks
            }
        };
        let results = blocks.get((r / BLOCK) as usize)?.as_ref()?;
        Some(pack(results.get(r % BLOCK)))
    }
}

/// A value on the wire: the outcome in the low 2 bits, the remoteness (or 0) above.
fn pack(v: Value) -> u32 {
    let code = match v.outcome {
        Outcome::Win => 0,
        Outcome::Loss => 1,
        Outcome::Draw => 2,
    };
    code | (v.remoteness.unwrap_or(0) << 2)
}

/// The value [`pack`] sent (draw levels are not sent: the pull does not read them).
fn unpack(word: u32) -> Value {
    let outcome = [Outcome::Win, Outcome::Loss, Outcome::Draw][(word & 3).min(2) as usize];
    Value {
        outcome,
        remoteness: (outcome != Outcome::Draw).then_some(word >> 2),
        draw_level: None,
    }
}

/// Who owns each block: the shape of the run, as a route closure takes it (by value).
#[derive(Clone)]
struct OwnerRoute {
    workers: u32,
    processes: u32,
}

impl OwnerRoute {
    /// The worker (of all processes) that owns rank `r` of tier `t`: its block's process
    /// ([`file::part_of`]), and a second hash within it. O(1).
    fn owner(&self, t: u32, r: u64) -> u32 {
        let k = r / BLOCK;
        let process = file::part_of(t, k, self.processes);
        let within = (mix(u64::from(t) ^ k.rotate_left(24)) % u64::from(self.workers)) as u32;
        process * self.workers + within
    }
}

/// A worker's positions with moves inside the tier: each one's fold of its other options,
/// and the moves (from, to) by rank.
#[derive(Default)]
struct Inside {
    folds: HashMap<u64, Fold>,
    moves: Vec<(u64, u64)>,
}

impl Inside {
    fn add(&mut self, rank: u64, fold: Fold, inside: &[u64]) {
        self.folds.insert(rank, fold);
        self.moves.extend(inside.iter().map(|&to| (rank, to)));
    }
}

/// A message of the retrograde rounds.
#[derive(Debug, Clone, Serialize, Deserialize)]
enum Notice {
    /// To the owner of `before`: its option (in the tier) is decided, a loss or a win for
    /// the player to move there.
    Option { before: u64, loss: bool },
    /// To a worker from itself: a round with events of its own is coming.
    Tick { worker: u32 },
}

impl Notice {
    fn to(&self, owners: &OwnerRoute, tier: u32) -> u32 {
        match self {
            Notice::Option { before, .. } => owners.owner(tier, *before),
            Notice::Tick { worker } => *worker,
        }
    }
}

/// An event a worker scheduled for a round of its own.
#[derive(Debug, Clone, Copy)]
enum Event {
    /// A later option of this position is a loss: it wins now (if not yet decided).
    Lost(u64),
    /// The later options of this position, all wins, are counted now.
    Won(u64),
    /// This position, decided by the pull, tells its predecessors.
    Tell(u64, Outcome),
}

/// A worker's state through the retrograde rounds of a tier.
struct Retrograde {
    me: u32,
    /// Undecided positions, with their options not yet known to be wins.
    pending: HashMap<u64, u32>,
    /// The predecessors in the tier of this worker's positions.
    before: HashMap<u64, Vec<u64>>,
    schedule: BTreeMap<u64, Vec<Event>>,
    /// Positions decided in the rounds: rank, outcome, remoteness.
    decided: Vec<(u64, Outcome, u32)>,
}

impl Retrograde {
    fn at(&mut self, round: u64, event: Event) {
        self.schedule.entry(round).or_default().push(event);
    }

    /// Decides `rank` at `round` and tells its predecessors (received next round).
    fn decide(&mut self, rank: u64, outcome: Outcome, round: u64, out: &mut Vec<Notice>) {
        if self.pending.remove(&rank).is_none() {
            return;
        }
        self.decided.push((rank, outcome, round as u32));
        self.tell(rank, outcome, out);
    }

    fn tell(&self, rank: u64, outcome: Outcome, out: &mut Vec<Notice>) {
        if let Some(before) = self.before.get(&rank) {
            let loss = outcome == Outcome::Loss;
            out.extend(before.iter().map(|&b| Notice::Option { before: b, loss }));
        }
    }

    /// Round `round`: the notices sent last round, then this worker's own events; the
    /// notices of this round into `out`, with a tick to itself while events remain.
    fn round(&mut self, round: u64, messages: Vec<Notice>, out: &mut Vec<Notice>) {
        for m in messages {
            if let Notice::Option { before, loss } = m {
                if loss {
                    self.decide(before, Outcome::Win, round, out);
                } else if let Some(left) = self.pending.get_mut(&before) {
                    *left -= 1;
                    if *left == 0 {
                        self.decide(before, Outcome::Loss, round, out);
                    }
                }
            }
        }
        let events = self.schedule.remove(&round).unwrap_or_default();
        for event in events {
            match event {
                Event::Lost(rank) => self.decide(rank, Outcome::Win, round, out),
                Event::Won(rank) => {
                    if let Some(left) = self.pending.get_mut(&rank) {
                        *left -= 1;
                        if *left == 0 {
                            self.decide(rank, Outcome::Loss, round, out);
                        }
                    }
                }
                Event::Tell(rank, outcome) => self.tell(rank, outcome, out),
            }
        }
        if !self.schedule.is_empty() {
            out.push(Notice::Tick { worker: self.me });
        }
    }
}
