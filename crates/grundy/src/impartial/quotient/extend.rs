//! Adding a heap to a proved quotient by arithmetic in the quotient, with outcomes asked of
//! elements rather than of sums.
//!
//! Let K be the quotient proved for the heaps before n, and G a heap of n. When no two sums
//! that K identifies are told apart by adding copies of G (the usual case: K's elements do not
//! split), the outcome of X + kG depends only on the element x of X and on k. Then the
//! outcomes of the pairs (x, k) follow from the rule that defines misère outcomes, each
//! computed once from one sum that reaches it:
//!
//! X + kG is a P-position iff no X + (k-1)G + G' (G' an option of G) and no X' + kG (X' an
//! option of X) is one,
//!
//! and the candidate quotient is the minimal automaton of the pairs, reading old heaps on x
//! and G on k (with G^(c+1) = G^(c-1) for a cap c).
//!
//! When an element of K does split, the sums it holds differ in what their options reach;
//! so the second try keys outcomes by the finer *pair* of a sum, its element and the set of
//! its options' elements (the states of the proof in [`super::check`], again a commutative
//! automaton over the old heaps). Nothing here is trusted: each candidate goes to the same
//! proof as every hypothesis, and if none passes the learner takes over. The cost is
//! O(states · c) outcomes, each from the options of one sum, against searches of every sum
//! that holds the new heap.

use std::collections::VecDeque;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::check::{self, Automaton, Set};
use super::{Word, WORK};
use crate::budget::{Budget, Exhausted};

/// The tries, in order: the depth of the key outcomes are found by (0 for the element of
/// the old heaps' sum, 1 for its pair), and the cap on the powers of the new heap. (Pairs of
/// pairs were tried too: on the codes whose elements split, such as 0.07 at heap 25, they
/// did not pass either and cost far more.)
pub(super) const TRIES: [(u32, u32); 2] = [(0, 4), (1, 4)];

/// A commutative automaton over the old heaps that refines the proved quotient: the states
/// outcomes are keyed by.
struct Base {
    /// `delta[s * classes + c]`: the state after a heap of letter class `c`.
    delta: Vec<u32>,
    classes: usize,
    /// The class of each old letter.
    class_of: Vec<u32>,
    /// A letter of each class.
    class_letter: Vec<u32>,
    accept: Vec<bool>,
    /// A sum reaching each state.
    reps: Vec<Word>,
}

impl Base {
    fn states(&self) -> usize {
        self.accept.len()
    }

    fn step(&self, s: u32, l: u32) -> u32 {
        self.delta[s as usize * self.classes + self.class_of[l as usize] as usize]
    }

    /// The state of the sum `w` of old heaps.
    fn run(&self, known: &Automaton, w: &[u32]) -> u32 {
        w.iter().fold(0, |s, &h| {
            self.step(s, known.letter(h).expect("old heaps have letters"))
        })
    }

    /// The proved quotient itself, its letters grouped by the column they step.
    /// O(|K| · letters).
    fn elements(known: &Automaton) -> Base {
        let m = known.states();
        let mut class_of = Vec::new();
        let mut class_letter = Vec::new();
        let mut index: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        for l in 0..known.letter_count() as u32 {
            let column: Vec<u32> = (0..m as u32).map(|x| known.step(x, l)).collect();
            let fresh = index.len() as u32;
            let c = *index.entry(column).or_insert(fresh);
            if c == fresh {
                class_letter.push(l);
            }
            class_of.push(c);
        }
        let classes = class_letter.len();
        let delta = (0..m as u32)
            .flat_map(|x| class_letter.iter().map(move |&l| known.step(x, l)))
            .collect();
        Base {
            delta,
            classes,
            class_of,
            class_letter,
            accept: known.accept.clone(),
            reps: (0..m as u32).map(|x| known.rep(x).to_vec()).collect(),
        }
    }

    /// The reachable pairs (state, states of the options) of this automaton, breadth-first
    /// from the empty sum: adding a heap h takes (s, T) to (s·h, T·h ∪ {s·o : o an option of
    /// h}). Over the quotient these are the pairs of the proof in [`super::check`]; over
    /// those, pairs of pairs. A congruence again, as fine as this one or finer.
    /// O(pairs · classes · (states + options)).
    fn closure(
        &self,
        known: &Automaton,
        options: &[Rc<Vec<Word>>],
        budget: &Budget,
    ) -> Result<Base, Exhausted> {
        let m = self.states();
        let words = m.div_ceil(64);
        // The states the options of each letter class reach from each state, as a function
        // of the state: letters alike in this automaton and in their options' states step
        // pairs alike.
        let option_states = |l: u32| -> Vec<u32> {
            let mut e: Vec<u32> = (options[known.heap(l) as usize].iter())
                .map(|o| self.run(known, o))
                .collect();
            e.sort_unstable();
            e.dedup();
            e
        };
        let mut class_of = Vec::new();
        let mut class_letter: Vec<u32> = Vec::new();
        let mut class_options: Vec<Vec<Word>> = Vec::new();
        let mut index: FxHashMap<(u32, Vec<u32>), u32> = FxHashMap::default();
        for l in 0..known.letter_count() as u32 {
            let key = (self.class_of[l as usize], option_states(l));
            let fresh = index.len() as u32;
            let c = *index.entry(key).or_insert(fresh);
            if c == fresh {
                class_letter.push(l);
                class_options.push(options[known.heap(l) as usize].to_vec());
            }
            class_of.push(c);
        }
        let classes = class_letter.len();
        let start: Set = vec![0u64; words].into_boxed_slice();
        let mut states: Vec<(u32, Set)> = vec![(0, start.clone())];
        let mut index: FxHashMap<(u32, Set), u32> = FxHashMap::default();
        index.insert((0, start), 0);
        let mut reps: Vec<Word> = vec![Vec::new()];
        let mut delta: Vec<u32> = Vec::new();
        let mut queue = VecDeque::from([0u32]);
        while let Some(i) = queue.pop_front() {
            for (c, &l) in class_letter.iter().enumerate() {
                let (s, t) = &states[i as usize];
                let mut t2 = vec![0u64; words].into_boxed_slice();
                for e in 0..m {
                    if t[e / 64] >> (e % 64) & 1 == 1 {
                        let f = self.step(e as u32, l) as usize;
                        t2[f / 64] |= 1 << (f % 64);
                    }
                }
                for o in &class_options[c] {
                    let f = (o.iter()).fold(*s, |s, &h| {
                        self.step(s, known.letter(h).expect("old heaps have letters"))
                    }) as usize;
                    t2[f / 64] |= 1 << (f % 64);
                }
                let key = (self.step(*s, l), t2);
                let fresh = states.len() as u32;
                let j = *index.entry(key.clone()).or_insert(fresh);
                if j == fresh {
                    states.push(key);
                    let mut rep = reps[i as usize].clone();
                    rep.push(known.heap(l));
                    reps.push(rep);
                    queue.push_back(j);
                    if states.len() % 1024 == 0 {
                        let bytes = states.len() as u64 * (words as u64 * 8 + 64) * 2;
                        budget.check(WORK, states.len() as u64, bytes)?;
                    }
                }
                delta.push(j);
            }
        }
        Ok(Base {
            delta,
            classes,
            class_of,
            class_letter,
            accept: states
                .iter()
                .map(|(s, _)| self.accept[*s as usize])
                .collect(),
            reps,
        })
    }
}

/// The outcomes of the pairs (state, k), found from sums.
struct Outcomes<'a> {
    known: &'a Automaton,
    base: &'a Base,
    options: &'a [Rc<Vec<Word>>],
    /// The new heap's options.
    new_options: &'a [Word],
    /// `memo[k * states + s]`: 0 unknown, 1 N-position, 2 P-position.
    memo: Vec<u8>,
    budget: &'a Budget,
    found: u64,
}

impl Outcomes<'_> {
    /// Whether `w` (old heaps, any order) plus `k` copies of the new heap is a P-position,
    /// on the assumption that this depends only on the base state of `w` and on `k`.
    fn is_p(&mut self, w: &[u32], k: u32) -> Result<bool, Exhausted> {
        let s = self.base.run(self.known, w) as usize;
        if k == 0 {
            return Ok(self.base.accept[s]);
        }
        let slot = k as usize * self.base.states() + s;
        if self.memo[slot] != 0 {
            return Ok(self.memo[slot] == 2);
        }
        let mut p = true;
        'moves: {
            for option in self.new_options {
                let next: Word = w.iter().chain(option).copied().collect();
                if self.is_p(&next, k - 1)? {
                    p = false;
                    break 'moves;
                }
            }
            for i in 0..w.len() {
                if w[..i].contains(&w[i]) {
                    continue;
                }
                let options = Rc::clone(&self.options[w[i] as usize]);
                for option in options.iter() {
                    let next: Word = (w[..i].iter().chain(&w[i + 1..]))
                        .chain(option)
                        .copied()
                        .collect();
                    if self.is_p(&next, k)? {
                        p = false;
                        break 'moves;
                    }
                }
            }
        }
        self.memo[slot] = if p { 2 } else { 1 };
        self.found += 1;
        if self.found % 4096 == 0 {
            self.budget
                .check(WORK, self.found, self.memo.len() as u64)?;
        }
        Ok(p)
    }
}

/// The quotient of the heaps up to `n`, from `known` (the heaps before `n`), proved; `None`
/// when the candidate fails its proof. `options[h]` holds the options of every heap up to
/// `n` as words of heaps with a move. O(states · cap · options) outcomes, then the proof.
pub(super) fn extend(
    known: &Automaton,
    n: u32,
    options: &[Rc<Vec<Word>>],
    (depth, cap): (u32, u32),
    budget: &Budget,
    checked: &mut u64,
) -> Result<Option<Automaton>, Exhausted> {
    let mut base = Base::elements(known);
    for _ in 0..depth {
        base = base.closure(known, options, budget)?;
    }
    let m = base.states();
    let layers = cap as usize + 1;
    budget.check(WORK, (m * layers) as u64, (m * layers) as u64 * 16)?;
    let mut outcomes = Outcomes {
        known,
        base: &base,
        options,
        new_options: &options[n as usize],
        memo: vec![0; m * layers],
        budget,
        found: 0,
    };
    let mut accept = vec![false; m * layers];
    for k in 0..=cap {
        for s in 0..m {
            accept[k as usize * m + s] = outcomes.is_p(&base.reps[s], k)?;
        }
    }
    // The states (s, k) as k·states + s; letters: the old ones, then the new heap.
    let old = known.letter_count();
    let step = |s: usize, l: usize| -> usize {
        let (k, x) = (s / m, s % m);
        if l < old {
            k * m + base.step(x as u32, l as u32) as usize
        } else if k < cap as usize {
            (k + 1) * m + x
        } else {
            (k - 1) * m + x
        }
    };
    // One letter of each class while minimising.
    let columns: Vec<usize> = (base.class_letter.iter().map(|&l| l as usize))
        .chain([old])
        .collect();
    let block = minimise(m * layers, &accept, &columns, step, budget)?;
    // Number the blocks breadth-first from the identity, with a shortest sum reaching each.
    let mut number = vec![u32::MAX; block.iter().max().map_or(0, |&b| b as usize + 1)];
    let mut first = vec![0usize];
    let mut reps: Vec<Word> = vec![Vec::new()];
    number[block[0] as usize] = 0;
    let letters: Vec<u32> = (0..old as u32).map(|l| known.heap(l)).chain([n]).collect();
    let mut i = 0;
    while i < first.len() {
        let s = first[i];
        for (l, &h) in letters.iter().enumerate() {
            let t = step(s, l);
            if number[block[t] as usize] == u32::MAX {
                number[block[t] as usize] = first.len() as u32;
                first.push(t);
                let mut rep = reps[i].clone();
                rep.push(h);
                reps.push(rep);
            }
        }
        i += 1;
    }
    let delta: Vec<Vec<u32>> = first
        .iter()
        .map(|&s| {
            (0..letters.len())
                .map(|l| number[block[step(s, l)] as usize])
                .collect()
        })
        .collect();
    let accepts = first.iter().map(|&s| accept[s]).collect();
    let candidate = Automaton::new(delta, accepts, reps, letters, options, budget)?;
    if candidate.order_dependence().is_some()
        || check::failure(&candidate, budget, checked)?.is_some()
    {
        return Ok(None);
    }
    Ok(Some(candidate))
}

/// Moore's partition refinement: the block of each of `states` states in the coarsest
/// partition that respects `accept` and the steps by `letters`. O(states · letters) a round,
/// at most `states` rounds (a handful in practice).
fn minimise(
    states: usize,
    accept: &[bool],
    letters: &[usize],
    step: impl Fn(usize, usize) -> usize,
    budget: &Budget,
) -> Result<Vec<u32>, Exhausted> {
    let mut block: Vec<u32> = accept.iter().map(|&a| u32::from(a)).collect();
    let mut count = 0;
    loop {
        budget.check_time(WORK, states as u64)?;
        let mut index: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut next = Vec::with_capacity(states);
        for s in 0..states {
            let signature: Vec<u32> = std::iter::once(block[s])
                .chain(letters.iter().map(|&l| block[step(s, l)]))
                .collect();
            let fresh = index.len() as u32;
            next.push(*index.entry(signature).or_insert(fresh));
        }
        let blocks = index.len();
        block = next;
        if blocks == count {
            return Ok(block);
        }
        count = blocks;
    }
}
