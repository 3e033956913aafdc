//! The sparse-space method: the values of a take-and-break game whose moves leave at most two
//! heaps, in far less than the O(n^2) of the definition when rare values are few.
//!
//! **Method.** Split the values by a mask: rare values have an even number of the mask's bits
//! set, common ones an odd number. The XOR of two values of the same class is rare, of
//! different classes common. For the games where this works (Grundy's game with mask `fe`,
//! most solved octal games), rare values are few. For each heap:
//! 1. every split with a rare part is looked at (few): this finds every common value the
//!    heap's options have, since a common XOR needs exactly one rare part;
//! 2. the candidate is the smallest common value not found; every rare value below it must
//!    then be found among the splits;
//! 3. they are sought by a short scan from the smallest part up, then where each is likeliest
//!    ([`Probes`], and the splits that made it a few heaps before, shifted), then by the scan
//!    again until all are found (quickly, typically: rare values come from the many
//!    common-common splits); only when the scan ends without finding one is the heap's value
//!    that rare value — the only full scan.
//!
//! The result is exactly the mex whatever the mask and whatever the probes find: they only
//! decide the speed. Step 1 is done for [`BATCH`] heaps at once, the part's value loaded once
//! for all of them, on a second thread one batch ahead ([`batch::Marker`]); the best probes'
//! parts are marked there too, which finds most rare values before step 3 starts.

use std::ops::Range;

use super::batch::{self, Found, Founds, Marker, Request, BATCH};
use super::{values_bytes, values_plain, Rule, ValuesError, MAX_VALUE, WORK};
use crate::budget::Budget;
use crate::progress::Progress;

/// What the sparse-space computation found besides the values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SparseValues {
    /// The value of every heap from 0 to n.
    pub values: Vec<u16>,
    /// The mask that splits values into rare ones (an even number of the mask's bits set,
    /// 0 among them) and common ones (odd).
    pub mask: u16,
    /// The heaps whose value is rare, in increasing order (heap 0 included).
    pub rare_heaps: Vec<u32>,
}

/// Heaps valued by definition before the sparse method starts, to choose the mask.
const WARMUP: usize = 1024;

/// Parts scanned before the probes are tried. Most missing values are found here, at one
/// store per split.
const FIRST_BLOCK: usize = 128;

/// The longest block of parts scanned between two looks at which values are still missing
/// (the blocks double up to it). Looking costs one load per missing value.
const LONGEST_BLOCK: usize = 1024;

/// Missing values few enough to be sought by comparing ([`find_splits`]) rather than by
/// marking every value made ([`mark_splits`]).
const FEW: usize = 4;

/// The bytes the computation holds besides the values and the rare heaps (the batch's
/// arrays twice, the marker's copy of the last values, the histogram, the probes): an
/// overestimate, for the budget.
const FIXED_BYTES: u64 = 6 << 20;

/// Bytes a rare heap takes: its heap and value while computing, its heap in the answer.
const RARE_BYTES: u64 = 10;

/// How often (in heaps) the budget is checked: the memory (rare heaps accumulate), the clock
/// and the cancel flag.
const CHECK_EVERY: usize = 1 << 10;

/// How often (in heaps) the mask is chosen again, when it is not given.
const REMASK_EVERY: usize = 1 << 14;

/// How often (in heaps) the probes are ranked again by the frequencies of values.
const RERANK_EVERY: usize = 1 << 16;

/// Heaps of each value kept as parts for the probes: the first ones, so that the large parts
/// they pair with lie near the heap (in cache).
const PARTS_KEPT: usize = 64;

/// Parts of one value are taken at most one in each block of this many heaps: the large
/// parts they pair with are then spread too, and values near a heap are often alike.
const PART_SPACING: usize = 1024;

/// Probes of each rare value whose parts are marked for every heap in step 1.
const MARKED_PROBES: usize = 16;

/// Probes kept per rare value.
const PROBES: usize = 256;

/// The most frequent common values tried as the large part's value.
const FREQUENT: usize = 16;

/// The values of every heap up to `n` (inclusive) by the sparse-space method (see the
/// module's documentation). Two-heap and one-heap moves only (no hexadecimal digit above 7);
/// an error if a value passes 65534.
///
/// Memory: 2 bytes per heap, 10 per rare heap, and about 4 MiB besides (two sets of the
/// batch's arrays, the marker's copy of the last 2^18 values): the values and the fixed part
/// are checked against `budget`'s memory before they are allocated, and the rare heaps as
/// they accumulate, with the clock and the cancel flag, every 1024 heaps. Time: O(R) per
/// heap for step 1 with R rare heaps (on the second thread), plus the search of step 3: a
/// few hundred splits per heap for Grundy's game near 2^24. The mask is chosen on the first
/// 1024 heaps to make rare heaps fewest and chosen again as values grow, unless given.
/// `progress` is told every 65536 heaps.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::impartial::octal::{values_plain, values_sparse, Rule};
/// use grundy::progress::NoProgress;
///
/// // Grundy's game: the same values as by the definition.
/// let budget = Budget::default();
/// let plain = values_plain(&Rule::Grundy, 3000, &budget).unwrap();
/// let sparse = values_sparse(&Rule::Grundy, 3000, Some(0xfe), &budget, &NoProgress).unwrap();
/// assert_eq!(sparse.values, plain);
/// assert_eq!(sparse.values[..10], [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]);
/// // With the mask fe, 443 of the 3001 heaps have a rare value (0, 1, 6, 7, ...).
/// assert_eq!(sparse.rare_heaps.len(), 443);
/// assert_eq!(sparse.rare_heaps[..5], [0, 1, 2, 3, 4]);
/// let chosen = values_sparse(&Rule::Grundy, 3000, None, &budget, &NoProgress).unwrap();
/// assert_eq!(chosen.values, plain);
///
/// let hexadecimal = Rule::parse("0.f").unwrap();
/// assert!(values_sparse(&hexadecimal, 10, None, &budget, &NoProgress).is_err());
/// ```
pub fn values_sparse(
    rule: &Rule,
    n: usize,
    mask: Option<u16>,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<SparseValues, ValuesError> {
    if let Rule::General(_) = rule {
        return Err(ValuesError::NotOctal {
            rule: rule.to_string(),
        });
    }
    if rule.splits_in_three() {
        return Err(ValuesError::ThreeHeaps {
            rule: rule.to_string(),
        });
    }
    budget.check_memory(values_bytes(n).saturating_add(FIXED_BYTES), WORK, 0)?;
    let warm = n.min(WARMUP);
    let mut sparse = Sparse::new(rule, values_plain(rule, warm, budget)?, n, mask);
    let mut marker = None;
    if n > warm + 4 * BATCH {
        marker = Some(Marker::start(sparse.splits.clone(), sparse.grundy));
    }
    progress.phase("heaps", Some(n as u64));
    let mut first = warm + 1;
    while first <= n {
        let count = BATCH.min(n + 1 - first);
        sparse.start_batch(first, count, n, marker.as_ref());
        for k in 0..count {
            let heap = first + k;
            sparse.value(heap, k)?;
            if heap % CHECK_EVERY == 0 {
                let held = values_bytes(n)
                    .saturating_add(FIXED_BYTES)
                    .saturating_add(sparse.rare.len() as u64 * RARE_BYTES);
                budget.check_memory(held, WORK, heap as u64)?;
                budget.check_time(WORK, heap as u64)?;
            }
            if heap % (1 << 16) == 0 {
                progress.advance(1 << 16);
            }
        }
        first += count;
    }
    progress.finish();
    Ok(SparseValues {
        values: sparse.g,
        mask: sparse.mask,
        rare_heaps: sparse.rare.iter().map(|&(heap, _)| heap).collect(),
    })
}

/// The state of the computation.
struct Sparse {
    /// Numbers of tokens removed by moves that split the rest in two.
    splits: Vec<usize>,
    /// (tokens removed, digit) of moves that leave no heap or one heap.
    singles: Vec<(usize, u8)>,
    /// Grundy's game: no split into two equal heaps.
    grundy: bool,
    /// The values so far.
    g: Vec<u16>,
    /// How many heaps have each value.
    hist: Vec<u64>,
    /// The largest value so far.
    max: u16,
    /// The mask, and whether it was given (then it stays).
    mask: u16,
    fixed_mask: bool,
    /// The heaps with a rare value and their values, increasing, heap 0 first.
    rare: Vec<(u32, u16)>,
    /// Whether the mask changed since the marker was last told the rare heaps.
    rare_changed: bool,
    /// Common parts marked with the rare ones ([`Probes::best_parts`]), and whether they
    /// changed since the marker was last told.
    extra: Vec<(u32, u16)>,
    extra_changed: bool,
    /// The largest rare part marked for a whole batch.
    cap: usize,
    /// Whether the marker is filling the arrays for the next batch, and the heaps it knows.
    asked: bool,
    sent: usize,
    /// The second set of arrays, handed to the marker in turn.
    spare: Option<Founds>,
    /// Every rare value, and every common value, increasing (to find the mex without counting
    /// bits in the loop).
    rare_values: Vec<u16>,
    common_values: Vec<u16>,
    probes: Probes,
    /// The values found among the options of each heap of the batch.
    found: Founds,
    /// How far each `found` is cleared.
    cleared: [usize; BATCH],
    /// The rare values still to find for the current heap.
    missing: Vec<u16>,
}

impl Sparse {
    /// Starts from the values `g` of the first heaps, to go on up to heap `n`.
    fn new(rule: &Rule, mut g: Vec<u16>, n: usize, mask: Option<u16>) -> Sparse {
        let mut splits = Vec::new();
        let mut singles = Vec::new();
        rule.removals(|j, bits| {
            if bits & 4 != 0 {
                splits.push(j);
            }
            if bits & 3 != 0 && j > 0 {
                singles.push((j, bits));
            }
        });
        g.reserve_exact((n + 1).saturating_sub(g.len()));
        let mut hist = vec![0u64; MAX_VALUE + 1];
        for &v in &g {
            hist[v as usize] += 1;
        }
        let max = g.iter().copied().max().unwrap_or(0);
        let fixed_mask = mask.is_some();
        let mask = mask.unwrap_or_else(|| best_mask(&hist, max));
        let rare = rare_heaps(&g, mask);
        let mut probes = Probes::new(&g);
        probes.rank(&hist, max, mask);
        let cap = batch::cap(splits.iter().copied().max().unwrap_or(0));
        let mut sparse = Sparse {
            splits,
            singles,
            grundy: matches!(rule, Rule::Grundy),
            g,
            hist,
            max,
            mask,
            fixed_mask,
            rare,
            rare_changed: false,
            extra: Vec::new(),
            extra_changed: false,
            cap,
            asked: false,
            sent: 0,
            spare: Some(batch::founds()),
            probes,
            found: batch::founds(),
            cleared: [0; BATCH],
            missing: Vec::new(),
            rare_values: Vec::new(),
            common_values: Vec::new(),
        };
        sparse.sort_values();
        sparse
    }

    fn rare_value(&self, v: u16) -> bool {
        (v & self.mask).count_ones() % 2 == 0
    }

    /// Sorts every value into [`Sparse::rare_values`] or [`Sparse::common_values`] (after a
    /// change of mask). O(65536).
    fn sort_values(&mut self) {
        let (rare, common): (Vec<u16>, Vec<u16>) =
            (0..=u16::MAX).partition(|&v| (v & self.mask).count_ones() % 2 == 0);
        self.rare_values = rare;
        self.common_values = common;
    }

    /// Prepares heaps `first .. first + count` (count ≤ [`BATCH`]; heaps go up to `n`): the
    /// mask and probes when due, and step 1 for the splits every heap of the batch has, from
    /// the marker when it did them (then it is asked for the next batch) or here.
    fn start_batch(&mut self, first: usize, count: usize, n: usize, marker: Option<&Marker>) {
        let due = |every: usize| (first + count - 1) / every != (first - 1) / every;
        if !self.fixed_mask && due(REMASK_EVERY) {
            // The mask that makes rare heaps fewest may change as larger values appear
            // (cheap to see from the histogram of values): switch when it pays.
            let best = best_mask(&self.hist, self.max);
            if best != self.mask && rare_count(&self.hist, self.max, best) < self.rare.len() as u64
            {
                self.mask = best;
                self.rare = rare_heaps(&self.g, self.mask);
                self.rare_changed = true;
                self.sort_values();
                self.probes.rank(&self.hist, self.max, self.mask);
            }
        }
        if due(RERANK_EVERY) {
            self.probes.rank(&self.hist, self.max, self.mask);
            self.extra = self.probes.best_parts(MARKED_PROBES);
            self.extra_changed = true;
        }
        let limit = value_limit(self.max);
        let mut marked = false;
        if std::mem::take(&mut self.asked) {
            if let Some(done) = marker.and_then(Marker::receive) {
                self.spare = Some(std::mem::replace(&mut self.found, done.found));
                // Marks made with another mask are not used (the arrays are).
                if done.first == first && done.mask == self.mask {
                    marked = true;
                    self.cleared = [done.limit; BATCH];
                }
            }
        }
        if !marked {
            for found in self.found.iter_mut() {
                found[..limit].fill(0);
            }
            self.cleared = [limit; BATCH];
            batch::mark(
                &self.g[..],
                &self.rare,
                &self.extra,
                first,
                &self.splits,
                self.grundy,
                self.cap,
                &mut self.found,
            );
        }
        // The next batch's marks read values up to this batch's first heap only.
        let next = first + BATCH;
        if let (Some(marker), true) = (marker, count == BATCH && next + BATCH <= n + 1) {
            if let Some(found) = self.spare.take() {
                let request = Request {
                    first: next,
                    values: self.g[self.sent..first].to_vec(),
                    known: first,
                    mask: self.mask,
                    rare: std::mem::take(&mut self.rare_changed).then(|| self.rare.clone()),
                    extra: std::mem::take(&mut self.extra_changed).then(|| self.extra.clone()),
                    limit,
                    found,
                };
                self.asked = marker.ask(request);
                self.sent = first;
            }
        }
    }

    /// Values heap `heap`, the `k`-th of its batch, and records its value.
    fn value(&mut self, heap: usize, k: usize) -> Result<u16, ValuesError> {
        let limit = value_limit(self.max);
        let g = &self.g[..];
        let found = &mut self.found[k];
        if limit > self.cleared[k] {
            // Larger values appeared within the batch.
            found[self.cleared[k]..limit].fill(0);
            self.cleared[k] = limit;
        }
        for &(j, bits) in &self.singles {
            if heap == j && bits & 1 != 0 {
                found[0] = 1;
            }
            if heap > j && bits & 2 != 0 {
                found[g[heap - j] as usize] = 1;
            }
        }
        // 1. The splits with a rare part that the batch left out.
        for &j in &self.splits {
            let Some(rest) = heap.checked_sub(j) else {
                continue;
            };
            let [first_part, second_part] =
                batch::batched_parts(heap - k, j, self.cap, self.grundy);
            let first_part = batch::indices(&self.rare, &first_part);
            let second_part = batch::indices(&self.rare, &second_part);
            let left = [
                1..first_part.start,
                first_part.end..second_part.start,
                second_part.end..self.rare.len(),
            ];
            for parts in left {
                for &(a, x) in &self.rare[parts] {
                    let a = a as usize;
                    if a >= rest {
                        break;
                    }
                    // Grundy's game may not split into two equal heaps.
                    if !(self.grundy && 2 * a == rest) {
                        found[(x ^ g[rest - a]) as usize] = 1;
                    }
                }
            }
        }
        // 2. The smallest common value not found, and the rare values below it still to find.
        let candidate = self
            .common_values
            .iter()
            .copied()
            .take_while(|&v| (v as usize) < limit)
            .find(|&v| found[v as usize] == 0)
            .ok_or(ValuesError::ValueTooLarge { heap })?;
        let missing = &mut self.missing;
        missing.clear();
        missing.extend(
            self.rare_values
                .iter()
                .copied()
                .take_while(|&v| v < candidate)
                .filter(|&v| found[v as usize] == 0),
        );
        // 3. Scan the splits a block of parts at a time until every missing rare value is
        //    found, trying the probes after the first block. The split families (one per
        //    number of removed tokens) are scanned side by side, so that a value only one
        //    family makes is found early.
        let longest = self
            .splits
            .iter()
            .filter_map(|&j| heap.checked_sub(j))
            .max()
            .unwrap_or(0);
        let mut start = 1;
        let mut block = FIRST_BLOCK;
        while !missing.is_empty() && start <= longest / 2 {
            if start == FIRST_BLOCK + 1 {
                self.probes
                    .seek(g, heap, &self.splits, self.grundy, missing, found);
            }
            let end = start + block;
            for &j in &self.splits {
                let Some(rest) = heap.checked_sub(j) else {
                    continue;
                };
                let last = if self.grundy {
                    rest.saturating_sub(1) / 2
                } else {
                    rest / 2
                };
                let stop = end.min(last + 1);
                if start >= stop {
                    continue;
                }
                if missing.len() <= FEW {
                    find_splits(g, start..stop, rest, missing, found);
                } else {
                    mark_splits(g, start..stop, rest, found);
                }
            }
            missing.retain(|&v| found[v as usize] == 0);
            start = end;
            block = (block * 2).min(LONGEST_BLOCK);
        }
        let value = missing.first().copied().unwrap_or(candidate);
        if value as usize >= MAX_VALUE {
            return Err(ValuesError::ValueTooLarge { heap });
        }
        if self.rare_value(value) {
            self.rare.push((heap as u32, value));
        }
        self.max = self.max.max(value);
        self.hist[value as usize] += 1;
        self.probes.record(heap, value);
        self.g.push(value);
        Ok(value)
    }
}

/// The values below which the mex lies: XORs of values up to `max` stay below P, the next
/// power of two, and the smallest common value missing is below 2P.
fn value_limit(max: u16) -> usize {
    (2 * (max as usize + 1).next_power_of_two()).min(MAX_VALUE)
}

/// Marks in `found` the values of the splits of `rest` tokens whose smaller part is in
/// `parts`, every part below `rest / 2`. One load pair and one store per split: the hot loop
/// of the scan.
#[inline(never)]
fn mark_splits(g: &[u16], parts: Range<usize>, rest: usize, found: &mut Found) {
    let small = &g[parts.clone()];
    let large = &g[rest + 1 - parts.end..rest + 1 - parts.start];
    for (&x, &y) in small.iter().zip(large.iter().rev()) {
        found[(x ^ y) as usize] = 1;
    }
}

/// Marks in `found` those of `targets` that a split of `rest` tokens whose smaller part is
/// in `parts` makes (every part below `rest / 2`). Compares instead of storing, 64 splits at
/// a time, which vectorises: for a few targets, several times faster than [`mark_splits`].
#[inline(never)]
fn find_splits(g: &[u16], parts: Range<usize>, rest: usize, targets: &[u16], found: &mut Found) {
    let small = &g[parts.clone()];
    let large = &g[rest + 1 - parts.end..rest + 1 - parts.start];
    for (small, large) in small.chunks(64).zip(large.rchunks(64)) {
        for &t in targets {
            let hit = small
                .iter()
                .zip(large.iter().rev())
                .fold(0u8, |hit, (&x, &y)| hit | u8::from(x ^ y == t));
            found[t as usize] |= hit;
        }
    }
}

/// Where to look first for a split with a given rare value v: the XOR of a small part's value
/// x and a large part's value y. The large parts of a heap near n have values distributed
/// like those of all heaps, so a split whose small part has value x = v ^ y makes v with
/// probability about freq(y). Taking y among the most frequent values finds most missing
/// values within tens of splits, where the scan from part 1 up may need thousands (its chance
/// is freq(g[a] ^ v), often tiny).
struct Probes {
    /// The first [`PARTS_KEPT`] heaps of each value, heap 0 left out (it is no part).
    heaps: Vec<Vec<u32>>,
    /// For each rare value v: parts a and their values, likeliest to make v first.
    lists: Vec<Vec<(u32, u16)>>,
    /// For each rare value: the last splits that made it.
    recent: Vec<[Witness; RECALLED]>,
}

impl Probes {
    /// Records the values of the heaps so far.
    fn new(g: &[u16]) -> Probes {
        let mut probes = Probes {
            heaps: Vec::new(),
            lists: Vec::new(),
            recent: Vec::new(),
        };
        for (heap, &v) in g.iter().enumerate() {
            probes.record(heap, v);
        }
        probes
    }

    /// Records that `heap` has value `v`. O(1).
    fn record(&mut self, heap: usize, v: u16) {
        let v = v as usize;
        if v >= self.heaps.len() {
            self.heaps.resize_with(v + 1, Vec::new);
        }
        let heaps = &mut self.heaps[v];
        if heap > 0
            && heaps.len() < PARTS_KEPT
            && heaps
                .last()
                .is_none_or(|&h| h as usize / PART_SPACING != heap / PART_SPACING)
        {
            heaps.push(heap as u32);
        }
    }

    /// Makes the lists again from the frequencies of values: for each rare value v, parts of
    /// value v ^ y for the [`FREQUENT`] most frequent common values y, likeliest first.
    /// O(max · FREQUENT · PARTS_KEPT).
    fn rank(&mut self, hist: &[u64], max: u16, mask: u16) {
        let common = |v: u16| (v & mask).count_ones() % 2 == 1;
        let mut frequent: Vec<u16> = (0..=max)
            .filter(|&v| common(v) && hist[v as usize] > 0)
            .collect();
        frequent.sort_by_key(|&v| std::cmp::Reverse(hist[v as usize]));
        frequent.truncate(FREQUENT);
        let limit = value_limit(max);
        self.lists.clear();
        self.lists.resize_with(limit, Vec::new);
        let mut scored: Vec<(u64, u32, u16)> = Vec::new();
        for v in (0..limit as u16).filter(|&v| !common(v)) {
            // The k-th part of value v ^ y makes v with probability about freq(y); it is
            // ranked freq(y) / (k + 1), so that frequent y's come first but every y's parts
            // are spread: neighbouring heaps' values are alike, and parts of one value fail
            // together more often than chance says.
            scored.clear();
            for &y in &frequent {
                let x = v ^ y;
                for (k, &a) in self.heaps.get(x as usize).into_iter().flatten().enumerate() {
                    scored.push((hist[y as usize] / (k as u64 + 1), a, x));
                }
            }
            let keep = PROBES.min(scored.len());
            if keep < scored.len() {
                scored.select_nth_unstable_by_key(keep, |&(score, _, _)| std::cmp::Reverse(score));
            }
            scored.truncate(keep);
            scored.sort_unstable_by_key(|&(score, _, _)| std::cmp::Reverse(score));
            self.lists[v as usize] = scored.iter().map(|&(_, a, x)| (a, x)).collect();
        }
    }

    /// The parts among the first `k` probes of every rare value, by increasing heap, with
    /// their values: marked for every heap with the rare parts (step 1), they find most
    /// missing values before any search. O(max · k log).
    fn best_parts(&self, k: usize) -> Vec<(u32, u16)> {
        let mut parts: Vec<(u32, u16)> = self
            .lists
            .iter()
            .flat_map(|list| list.iter().take(k).copied())
            .collect();
        parts.sort_unstable();
        parts.dedup();
        parts
    }

    /// Seeks each value of `missing` among the splits of `heap`: first the splits that made it
    /// for recent heaps, shifted ([`Probes::recall`]), then the probes in turn until it is
    /// found. Marks in `found` every value these splits make, and drops from `missing` the
    /// values found. At most `RECALLED · 2 + PROBES` splits per family and missing value.
    fn seek(
        &mut self,
        g: &[u16],
        heap: usize,
        splits: &[usize],
        grundy: bool,
        missing: &mut Vec<u16>,
        found: &mut Found,
    ) {
        for &v in missing.iter() {
            if found[v as usize] != 0 || self.recall(g, heap, grundy, v, found) {
                continue;
            }
            let Some(list) = self.lists.get(v as usize) else {
                continue;
            };
            'probes: for &(a, x) in list {
                let a = a as usize;
                for &j in splits {
                    let Some(rest) = heap.checked_sub(j) else {
                        continue;
                    };
                    // Parts from half the tokens up would be the large part (or, in Grundy's
                    // game, an illegal equal split): the scan finds those.
                    if 2 * a < rest {
                        let made = g[rest - a] ^ x;
                        found[made as usize] = 1;
                        if made == v {
                            self.remember(v, heap, a, j);
                            break 'probes;
                        }
                    }
                }
            }
        }
        missing.retain(|&v| found[v as usize] == 0);
    }

    /// Tries, for each split (s, l) that made `v` for a heap d ≤ [`RECALL_DISTANCE`] below
    /// `heap`, the splits (s, l + d) and (s + d, l). Values of heaps d apart are often equal
    /// (in Grundy's game, 29 % of heaps 3 apart, against 3 % for a frequent value), so these
    /// make `v` far more often than a probe. Whether `v` was found.
    fn recall(&mut self, g: &[u16], heap: usize, grundy: bool, v: u16, found: &mut Found) -> bool {
        let Some(&recent) = self.recent.get(v as usize) else {
            return false;
        };
        for w in recent {
            let (then, small, family) = (w.heap as usize, w.small as usize, w.family as usize);
            if then == 0 || heap - then > RECALL_DISTANCE || heap < family + 2 {
                continue;
            }
            let rest = heap - family;
            let large = then - family - small;
            for part in [small, rest.saturating_sub(large)] {
                let other = rest.saturating_sub(part);
                if part == 0 || other == 0 || (grundy && part == other) {
                    continue;
                }
                let made = g[part] ^ g[other];
                found[made as usize] = 1;
                if made == v {
                    self.remember(v, heap, part, family);
                    return true;
                }
            }
        }
        false
    }

    /// Notes that the split of `heap - family` tokens with part `small` made `v`, in place of
    /// the oldest split noted for `v`.
    fn remember(&mut self, v: u16, heap: usize, small: usize, family: usize) {
        let v = v as usize;
        if v >= self.recent.len() {
            self.recent.resize(v + 1, [Witness::default(); RECALLED]);
        }
        let oldest = self.recent[v]
            .iter_mut()
            .min_by_key(|w| w.heap)
            .expect("RECALLED witnesses");
        *oldest = Witness {
            heap: heap as u32,
            small: small as u32,
            family: family as u32,
        };
    }
}

/// A split that made a value: the heap, one part, and the number of tokens removed.
#[derive(Debug, Clone, Copy, Default)]
struct Witness {
    heap: u32,
    small: u32,
    family: u32,
}

/// Splits remembered per value for [`Probes::recall`].
const RECALLED: usize = 4;

/// How many heaps back a remembered split is still tried.
const RECALL_DISTANCE: usize = 24;

/// The heaps whose value is rare under `mask`, with their values.
fn rare_heaps(g: &[u16], mask: u16) -> Vec<(u32, u16)> {
    (0..g.len() as u32)
        .map(|h| (h, g[h as usize]))
        .filter(|&(_, v)| (v & mask).count_ones() % 2 == 0)
        .collect()
}

/// How many heaps have a rare value under `mask`, from the histogram of values.
fn rare_count(hist: &[u64], max: u16, mask: u16) -> u64 {
    (0..=max)
        .filter(|&v| (v & mask).count_ones() % 2 == 0)
        .map(|v| hist[v as usize])
        .sum()
}

/// The mask under which the fewest heaps have rare values, over the bits of the values seen;
/// among equals the largest mask. (As larger values appear the choice is made again.)
fn best_mask(hist: &[u64], max: u16) -> u16 {
    let top = (u16::BITS - max.leading_zeros()).clamp(1, 12);
    (1..1u16 << top)
        .rev()
        .min_by_key(|&m| rare_count(hist, max, m))
        .unwrap_or(0)
}
