//! The values of heads under a turning code (CGSuite's `Spawning(code)`), and the moves of one
//! head whose coins XOR to a value.
//!
//! A head at coin x is worth the mex of the XORs of the values of the other coins a move turns.
//! Moves are never listed to value a head: for each element of the code the XORs that its moves
//! reach are found as a set, a bit set over the values below the next power of 2:
//!
//! - consecutive (`C`): one move of each count, its XOR a difference of prefix XORs: O(counts);
//! - equally spaced (`E`): for each gap d, the XOR grows one coin at a time: O(x log x);
//! - anywhere, or symmetric (`S`): the XORs of subsets of a pool of items (coins, or for `S`
//!   pairs of coins mirrored about the centre, with the leftmost coin and the middle fixed),
//!   by the number of items picked, one layer of bits a count, adding one item at a time:
//!   O(pool × layers × 2^B / 64) for values below 2^B (a bound with no upper end keeps one
//!   layer for "at least"). Symmetric moves take one pool per leftmost coin: O(x) pools.
//!
//! The moves of a head with a given XOR are listed by a search over the same pools that only
//! walks towards sets that exist (prefix layers of reachable XORs), and counted by the same
//! layers holding counts instead of bits.

use super::code::{Element, Spacing, TurningCode};
use grundy::budget::{Budget, Exhausted};

/// A set of values below `64 · words.len()`, as bits.
type Bits = Vec<u64>;

/// The masks of the bit positions whose bit b is clear, for b = 0..6.
const LOW_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// The word `w` with each bit i moved to i ⊕ k (k < 64): one swap of halves per bit of k.
fn permute_low(mut w: u64, k: u64) -> u64 {
    for (b, &mask) in LOW_MASKS.iter().enumerate() {
        if k >> b & 1 == 1 {
            let s = 1u32 << b;
            w = ((w & mask) << s) | ((w >> s) & mask);
        }
    }
    w
}

/// `dst |= src ⊕ g`: every value v of `src` adds v ⊕ g to `dst` (g below the sets' width).
/// O(words).
fn translate_or(dst: &mut [u64], src: &[u64], g: u64) {
    let (high, low) = ((g >> 6) as usize, g & 63);
    for (i, &w) in src.iter().enumerate() {
        if w != 0 {
            dst[i ^ high] |= permute_low(w, low);
        }
    }
}

/// Whether the set holds v.
fn has(bits: &[u64], v: u64) -> bool {
    bits.get((v >> 6) as usize)
        .is_some_and(|w| w >> (v & 63) & 1 == 1)
}

/// The words of a set holding every XOR of values below `max + 1`: 2^B bits for B the bit
/// length of `max`, at least one word.
pub(super) fn words_for(max: u64) -> usize {
    let bits = 64 - max.leading_zeros();
    if bits <= 6 {
        1
    } else {
        1usize << (bits - 6)
    }
}

/// How many of an item's coins count, and the coins: one coin, or a mirrored pair.
#[derive(Debug, Clone, Copy)]
struct Item {
    value: u64,
    coins: [u64; 2],
    pair: bool,
}

/// The moves of one shape: the `fixed` coins (with the head, not listed) and any `lo..=hi`
/// items of `pool` (`hi` `None` for any number).
#[derive(Debug, Clone)]
struct Pool {
    fixed: Vec<u64>,
    offset: u64,
    items: Vec<Item>,
    lo: u64,
    hi: Option<u64>,
}

impl Pool {
    /// The layers of the subset DP: exact counts `0..=hi`, or (when any number up to the pool
    /// may be picked) counts `0..lo` exactly and a last layer for "at least lo".
    fn layers(&self) -> (usize, bool) {
        let m = self.items.len() as u64;
        match self.hi {
            Some(hi) if hi < m => (hi as usize + 1, false),
            _ => (self.lo as usize + 1, true),
        }
    }

    /// Whether the pool has any move at all.
    fn empty(&self) -> bool {
        self.lo > self.items.len() as u64 || self.hi.is_some_and(|hi| hi < self.lo)
    }
}

/// The layers after one more item of value v: the subset DP's step. `scratch` is a set of
/// the same width.
fn add_item(layers: &mut [Bits], at_least: bool, v: u64, scratch: &mut Bits) {
    let top = layers.len() - 1;
    if at_least {
        scratch.copy_from_slice(&layers[top]);
        let (below, last) = layers.split_at_mut(top);
        translate_or(&mut last[0], scratch, v);
        if top >= 1 {
            translate_or(&mut last[0], &below[top - 1], v);
        }
    }
    let exact_top = if at_least { top } else { top + 1 };
    for j in (1..exact_top).rev() {
        let (below, above) = layers.split_at_mut(j);
        translate_or(&mut above[0], &below[j - 1], v);
    }
}

/// The sets of reachable XORs after each prefix of `pool`'s items (index i: the first i),
/// `layers` each, of `words` words.
fn prefix_layers(pool: &Pool, words: usize) -> Vec<Vec<Bits>> {
    let (count, at_least) = pool.layers();
    let mut layers = vec![vec![0u64; words]; count];
    layers[0][0] = 1;
    let mut scratch = vec![0u64; words];
    let mut all = Vec::with_capacity(pool.items.len() + 1);
    all.push(layers.clone());
    for item in &pool.items {
        add_item(&mut layers, at_least, item.value, &mut scratch);
        all.push(layers.clone());
    }
    all
}

/// Whether an element allows a move of the head alone at x (first allowed coin `w`): always,
/// except with `F`, which CGSuite enforces on one coin only as its traversal does (coin 1 in
/// the window; with `C` the head is coin 1; with `S` also x odd).
fn single_allowed(e: &Element, x: u64, w: u64) -> bool {
    if e.min > 1 {
        return false;
    }
    if !e.first {
        return true;
    }
    match e.spacing {
        Spacing::Any | Spacing::Equal => w == 1,
        Spacing::Consecutive => x == 1,
        Spacing::Symmetric => w == 1 && x % 2 == 1,
    }
}

/// The fewest and most other coins (heaps) a move by `e` turns besides the head, if any.
fn heaps(e: &Element) -> Option<(u64, Option<u64>)> {
    let span = e.span.map(u64::from);
    if span.is_some_and(|s| s < u64::from(e.min)) {
        return None;
    }
    let max = match (e.max.map(u64::from), span) {
        (Some(m), Some(s)) => Some(m.min(s)),
        (m, s) => m.or(s),
    };
    Some((u64::from(e.min).max(2) - 1, max.map(|m| m - 1)))
}

/// The first coin a move by `e` at x may turn.
fn window(e: &Element, x: u64) -> u64 {
    e.span
        .map_or(1, |s| x.saturating_sub(u64::from(s)) + 1)
        .max(1)
}

/// Calls `f` with each pool of moves by `e` at x turning two coins or more, anywhere or
/// symmetric (`g[c]`: the value of coin c).
fn pools(e: &Element, x: u64, g: &[u64], mut f: impl FnMut(&Pool)) {
    let Some((hlo, hhi)) = heaps(e) else { return };
    let w = window(e, x);
    if hhi.is_some_and(|h| h < hlo) || x < 2 {
        return;
    }
    let single = |c: u64| Item {
        value: g[c as usize],
        coins: [c, 0],
        pair: false,
    };
    match e.spacing {
        Spacing::Any if e.first => {
            if w == 1 {
                f(&Pool {
                    fixed: vec![1],
                    offset: g[1],
                    items: (2..x).map(single).collect(),
                    lo: hlo - 1,
                    hi: hhi.map(|h| h - 1),
                });
            }
        }
        Spacing::Any => f(&Pool {
            fixed: Vec::new(),
            offset: 0,
            items: (w..x).map(single).collect(),
            lo: hlo,
            hi: hhi,
        }),
        Spacing::Symmetric => {
            let lefts = if e.first {
                1..(w == 1) as u64 + 1
            } else {
                w..x
            };
            for a in lefts {
                let pair = |y: u64| Item {
                    value: g[y as usize] ^ g[(a + x - y) as usize],
                    coins: [y, a + x - y],
                    pair: true,
                };
                // Without a middle coin: a, x and p pairs, 1 + 2p heaps.
                let items: Vec<Item> = (a + 1..).take_while(|&y| 2 * y < a + x).map(pair).collect();
                f(&Pool {
                    fixed: vec![a],
                    offset: g[a as usize],
                    items: items.clone(),
                    lo: hlo.saturating_sub(1).div_ceil(2),
                    hi: hhi.map(|h| (h - 1) / 2),
                });
                // With the middle coin: 2 + 2p heaps.
                if (a + x) % 2 == 0 && hhi.is_none_or(|h| h >= 2) {
                    let mid = (a + x) / 2;
                    f(&Pool {
                        fixed: vec![a, mid],
                        offset: g[a as usize] ^ g[mid as usize],
                        items,
                        lo: hlo.saturating_sub(2).div_ceil(2),
                        hi: hhi.map(|h| (h - 2) / 2),
                    });
                }
            }
        }
        Spacing::Consecutive | Spacing::Equal => {}
    }
}

/// Calls `f(coins, xor)` for each move by a consecutive or equally spaced element at x
/// turning two coins or more (`coins` the first coin and the gap, the count of other coins;
/// `xor` theirs).
fn runs(e: &Element, x: u64, g: &[u64], prefix: &[u64], mut f: impl FnMut(u64, u64, u64, u64)) {
    let Some((hlo, hhi)) = heaps(e) else { return };
    let w = window(e, x);
    let top = hhi.unwrap_or(u64::MAX).min(x - w);
    match e.spacing {
        Spacing::Consecutive => {
            for h in hlo..=top {
                if !e.first || x - h == 1 {
                    f(
                        x - h,
                        1,
                        h,
                        prefix[(x - 1) as usize] ^ prefix[(x - 1 - h) as usize],
                    );
                }
            }
        }
        Spacing::Equal => {
            for d in 1..=(x - w) {
                let mut xor = 0;
                for h in 1..=top.min((x - w) / d) {
                    xor ^= g[(x - h * d) as usize];
                    if h >= hlo && (!e.first || x - h * d == 1) {
                        f(x - h * d, d, h, xor);
                    }
                }
            }
        }
        Spacing::Any | Spacing::Symmetric => {}
    }
}

/// The prefix XORs of the values: `prefix[i]` = g[1] ⊕ ... ⊕ g[i].
pub(super) fn prefix_xors(g: &[u64]) -> Vec<u64> {
    let mut prefix = Vec::with_capacity(g.len());
    let mut acc = 0;
    prefix.push(0);
    for &v in &g[1..] {
        acc ^= v;
        prefix.push(acc);
    }
    prefix
}

/// Adds to `out` (of `words` words) the XOR of the other coins of every move of the head x.
fn reach_into(code: &TurningCode, x: u64, g: &[u64], prefix: &[u64], out: &mut Bits) {
    let words = out.len();
    for e in code.elements() {
        if single_allowed(e, x, window(e, x)) {
            out[0] |= 1;
        }
        runs(e, x, g, prefix, |_, _, _, xor| {
            out[(xor >> 6) as usize] |= 1 << (xor & 63)
        });
        pools(e, x, g, |pool| {
            if pool.empty() {
                return;
            }
            let (count, at_least) = pool.layers();
            let mut layers = vec![vec![0u64; words]; count];
            layers[0][0] = 1;
            let mut scratch = vec![0u64; words];
            for item in &pool.items {
                add_item(&mut layers, at_least, item.value, &mut scratch);
            }
            let from = if at_least {
                count - 1
            } else {
                pool.lo as usize
            };
            for layer in &layers[from..] {
                translate_or(out, layer, pool.offset);
            }
        });
    }
}

/// The bytes that valuing a head at x takes with sets of `words` words (the layers of the
/// largest pool, a scratch set and the union).
fn head_bytes(code: &TurningCode, x: u64, words: usize) -> u64 {
    let layers = code
        .elements()
        .iter()
        .filter_map(|e| heaps(e).map(|(lo, hi)| hi.map_or(lo, |h| h.min(x)).min(x) + 3))
        .max()
        .unwrap_or(3);
    layers * words as u64 * 8
}

/// The values of heads at coins 1..=n under `code` (index 0 holds 0 and no coin), within
/// `budget`: its memory (the sets of reachable XORs, 2^B bits a layer for values below 2^B)
/// and its deadline (checked at each coin). O(n × pool × layers × 2^B / 64), and a factor of
/// n more for symmetric codes.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy_catalogue::games::coins::{spawning_values, TurningCode};
/// let turnips = TurningCode::parse("3E").unwrap();
/// let values = spawning_values(&turnips, 9, &Budget::default()).unwrap();
/// assert_eq!(values[1..], [0, 0, 1, 0, 0, 1, 2, 2, 1]);
/// ```
pub fn spawning_values(code: &TurningCode, n: u64, budget: &Budget) -> Result<Vec<u64>, Exhausted> {
    const WORK: &str = "valuing heads";
    budget.check(WORK, 0, n.saturating_add(1).saturating_mul(16))?;
    let mut g = vec![0u64];
    let mut prefix = vec![0u64];
    let mut max = 0u64;
    for x in 1..=n {
        let words = words_for(max);
        let bytes = head_bytes(code, x, words) + x * 16;
        budget.check(WORK, x, bytes)?;
        let mut reach = vec![0u64; words];
        reach_into(code, x, &g, &prefix, &mut reach);
        let mex = reach
            .iter()
            .enumerate()
            .find(|(_, &w)| w != u64::MAX)
            .map_or(64 * words as u64, |(i, &w)| {
                64 * i as u64 + u64::from((!w).trailing_zeros())
            });
        max = max.max(mex);
        g.push(mex);
        prefix.push(prefix[prefix.len() - 1] ^ mex);
    }
    Ok(g)
}

/// The XORs the moves of the head x reach (of the other coins they turn), as a set of the
/// width of the row's values (`g`, `prefix` as [`spawning_values`] and [`prefix_xors`] give
/// them).
pub(super) fn reach(code: &TurningCode, x: u64, g: &[u64], prefix: &[u64], words: usize) -> Bits {
    let mut out = vec![0u64; words];
    reach_into(code, x, g, prefix, &mut out);
    out
}

/// The values a set holds, in increasing order.
pub(super) fn members(bits: &[u64]) -> impl Iterator<Item = u64> + '_ {
    bits.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros();
                w &= w - 1;
                64 * i as u64 + u64::from(b)
            })
        })
    })
}

/// The bytes that listing and counting the moves of the head x take with sets of `words`
/// words: the prefix layers of the largest pool and the counting layers.
pub(super) fn moves_bytes(code: &TurningCode, x: u64, words: usize) -> u64 {
    let layers = code
        .elements()
        .iter()
        .filter_map(|e| heaps(e).map(|(lo, hi)| hi.map_or(lo, |h| h.min(x)).min(x) + 2))
        .max()
        .unwrap_or(2);
    let prefix = (x + 1)
        .saturating_mul(layers)
        .saturating_mul(words as u64 * 8);
    prefix.saturating_add(layers.saturating_mul(words as u64 * 64 * 8))
}

/// The moves of the head x whose other coins' values XOR to `t`: their number (saturating),
/// and the first of them appended to `out` until it holds `limit`, each as its coins in
/// increasing order, the head last. O(pools × pool × layers × 2^B) with sets of `words`
/// words ([`moves_bytes`] bytes).
pub(super) fn moves_with(
    code: &TurningCode,
    x: u64,
    t: u64,
    (g, prefix, words): (&[u64], &[u64], usize),
    limit: usize,
    out: &mut Vec<Vec<u64>>,
) -> u128 {
    let mut count = 0u128;
    let push = |coins: Vec<u64>, count: &mut u128, out: &mut Vec<Vec<u64>>| {
        *count = count.saturating_add(1);
        if out.len() < limit {
            out.push(coins);
        }
    };
    for e in code.elements() {
        if t == 0 && single_allowed(e, x, window(e, x)) {
            push(vec![x], &mut count, out);
        }
        runs(e, x, g, prefix, |first, gap, h, xor| {
            if xor == t {
                push((0..=h).map(|i| first + i * gap).collect(), &mut count, out);
            }
        });
        pools(e, x, g, |pool| {
            if pool.empty() || t ^ pool.offset >= 64 * words as u64 {
                return;
            }
            let target = t ^ pool.offset;
            let n = count_subsets(pool, target, words);
            if n == 0 {
                return;
            }
            let room = limit.saturating_sub(out.len());
            if room > 0 {
                list_subsets(pool, target, words, room, x, out);
            }
            count = count.saturating_add(n);
        });
    }
    count
}

/// The number of subsets of the pool of an allowed size whose items XOR to `t`
/// (saturating). O(pool × layers × 2^B).
fn count_subsets(pool: &Pool, t: u64, words: usize) -> u128 {
    let (layers, at_least) = pool.layers();
    let size = 64 * words;
    let mut counts = vec![vec![0u128; size]; layers];
    counts[0][0] = 1;
    let top = layers - 1;
    let mut scratch = vec![0u128; size];
    for item in &pool.items {
        let v = item.value as usize;
        if at_least {
            scratch.copy_from_slice(&counts[top]);
            for (i, c) in counts[top].iter_mut().enumerate() {
                *c = c.saturating_add(scratch[i ^ v]);
            }
            if top >= 1 {
                let (below, last) = counts.split_at_mut(top);
                for (i, c) in last[0].iter_mut().enumerate() {
                    *c = c.saturating_add(below[top - 1][i ^ v]);
                }
            }
        }
        let exact_top = if at_least { top } else { top + 1 };
        for j in (1..exact_top).rev() {
            let (below, above) = counts.split_at_mut(j);
            for (i, c) in above[0].iter_mut().enumerate() {
                *c = c.saturating_add(below[j - 1][i ^ v]);
            }
        }
    }
    let from = if at_least { top } else { pool.lo as usize };
    counts[from..]
        .iter()
        .fold(0u128, |s, layer| s.saturating_add(layer[t as usize]))
}

/// Lists up to `room` subsets of the pool of an allowed size whose items XOR to `t`, as moves
/// of the head x, walking back from the last item and only into prefixes that can still
/// reach the XOR left.
fn list_subsets(pool: &Pool, t: u64, words: usize, room: usize, x: u64, out: &mut Vec<Vec<u64>>) {
    let prefixes = prefix_layers(pool, words);
    let (layers, at_least) = pool.layers();
    let top = layers - 1;
    let starts: Vec<usize> = if at_least {
        vec![top]
    } else {
        (pool.lo as usize..=top).collect()
    };
    // (items left, layer, XOR left, items picked so far).
    let mut stack: Vec<(usize, usize, u64, Vec<usize>)> = starts
        .into_iter()
        .rev()
        .filter(|&j| has(&prefixes[pool.items.len()][j], t))
        .map(|j| (pool.items.len(), j, t, Vec::new()))
        .collect();
    let mut listed = 0;
    while let Some((i, j, rest, picked)) = stack.pop() {
        if listed == room {
            break;
        }
        if i == 0 {
            let mut coins = pool.fixed.clone();
            for &k in &picked {
                let item = pool.items[k];
                coins.push(item.coins[0]);
                if item.pair {
                    coins.push(item.coins[1]);
                }
            }
            coins.sort_unstable();
            coins.push(x);
            out.push(coins);
            listed += 1;
            continue;
        }
        let item = pool.items[i - 1];
        let left = rest ^ item.value;
        // Without the item, then (popped first) with it.
        if has(&prefixes[i - 1][j], rest) {
            stack.push((i - 1, j, rest, picked.clone()));
        }
        let mut next = Vec::with_capacity(2);
        if at_least && j == top {
            next.push(top);
        }
        if j >= 1 {
            next.push(j - 1);
        }
        for k in next {
            if has(&prefixes[i - 1][k], left) {
                let mut with = picked.clone();
                with.push(i - 1);
                stack.push((i - 1, k, left, with));
            }
        }
    }
}

/// Whether a single move of the head x may turn exactly the coins `set` (increasing, the
/// head last): the rules read directly, for play and the checks. O(|set| + elements).
pub(super) fn allows(code: &TurningCode, set: &[u64]) -> bool {
    let x = *set.last().expect("a move turns its head");
    let h = set.len() as u64 - 1;
    code.elements().iter().any(|e| {
        let w = window(e, x);
        if h == 0 {
            return single_allowed(e, x, w);
        }
        let Some((hlo, hhi)) = heaps(e) else {
            return false;
        };
        if h < hlo || hhi.is_some_and(|m| h > m) || set[0] < w || (e.first && set[0] != 1) {
            return false;
        }
        let gaps = || set.windows(2).map(|p| p[1] - p[0]);
        match e.spacing {
            Spacing::Any => true,
            Spacing::Consecutive => gaps().all(|d| d == 1),
            Spacing::Equal => gaps().all(|d| d == set[1] - set[0]),
            Spacing::Symmetric => {
                (0..set.len()).all(|i| set[i] + set[set.len() - 1 - i] == set[0] + x)
            }
        }
    })
}

/// Every move of the head x (its coins in increasing order, the head last): the subsets of
/// `1..x` of an allowed size that [`allows`] accepts, for play on short rows. Fails past
/// `limit` subsets looked at. O(subsets of up to the most coins a move turns).
pub(super) fn all_moves(code: &TurningCode, x: u64, limit: u64) -> Option<Vec<Vec<u64>>> {
    struct Walk<'a> {
        code: &'a TurningCode,
        x: u64,
        most: u64,
        steps: u64,
        limit: u64,
        set: Vec<u64>,
        out: Vec<Vec<u64>>,
    }
    impl Walk<'_> {
        fn walk(&mut self, from: u64) -> Option<()> {
            self.steps += 1;
            if self.steps > self.limit {
                return None;
            }
            self.set.push(self.x);
            if allows(self.code, &self.set) {
                self.out.push(self.set.clone());
            }
            self.set.pop();
            if self.set.len() as u64 == self.most {
                return Some(());
            }
            for c in from..self.x {
                self.set.push(c);
                self.walk(c + 1)?;
                self.set.pop();
            }
            Some(())
        }
    }
    let most = code
        .elements()
        .iter()
        .filter_map(|e| heaps(e).map(|(_, hi)| hi.unwrap_or(u64::MAX)))
        .max()
        .unwrap_or(0)
        .min(x.saturating_sub(1));
    let mut walk = Walk {
        code,
        x,
        most,
        steps: 0,
        limit,
        set: Vec::new(),
        out: Vec::new(),
    };
    walk.walk(1)?;
    Some(walk.out)
}
