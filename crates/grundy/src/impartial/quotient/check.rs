//! The proof that a hypothesis is the misère quotient: an automaton over heaps whose states
//! are the elements, checked against the rule that defines misère outcomes.
//!
//! A hypothesis maps every sum w of heaps to an element φ(w) and calls it a P-position when
//! φ(w) is in its P-portion. It is right about every sum exactly when it obeys the local rule
//! at every sum: w is a P-position iff w has a move and no move leads to a P-position (then
//! induction on the length of play gives every outcome). Whether w obeys the rule depends only
//! on the pair (φ(w), T(w)), where T(w) is the set of elements of w's options; and the pair of
//! w + h is a function of the pair of w and of the heap h:
//!
//! φ(w + h) = φ(w)·φ(h),  T(w + h) = T(w)·φ(h) ∪ φ(w)·O(h),
//!
//! where O(h) is the set of elements of h's options. So the pairs of all sums are the states
//! reachable from (1, ∅) by these steps, finitely many, and checking each checks every sum:
//! a proof, not a sample. A reachable pair that breaks the rule gives a sum the hypothesis gets
//! wrong at or below it.
//!
//! Heaps with the same element and the same set O(h) step the pairs alike, so one of them
//! stands for all; and a new heap whose set O(h) is that of an earlier heap can be given its
//! element without a new check (the reachable pairs do not change). This is why the heaps of
//! a game that has settled into a period cost nothing, and why a period that holds far enough
//! holds for ever (as in the Guy–Smith periodicity theorem).

use std::collections::VecDeque;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::{Word, WORK};
use crate::budget::{Budget, Exhausted};

/// A hypothesis: an automaton reading heaps, from the identity (state 0).
#[derive(Debug, Clone)]
pub(super) struct Automaton {
    /// `delta[state][letter]`: the element after adding a heap.
    delta: Vec<Vec<u32>>,
    /// Which elements are P-positions.
    pub(super) accept: Vec<bool>,
    /// A sum reaching each element.
    reps: Vec<Word>,
    /// The heap of each letter.
    letters: Vec<u32>,
    /// The letter of each heap (none for heaps without a move).
    letter_of: Vec<Option<u32>>,
    /// For each letter, the elements of its heap's options, sorted.
    option_elements: Vec<Vec<u32>>,
}

impl Automaton {
    /// The automaton of a closed table. O(letters · options) to find the option elements.
    pub(super) fn new(
        delta: Vec<Vec<u32>>,
        accept: Vec<bool>,
        reps: Vec<Word>,
        letters: Vec<u32>,
        options: &[Rc<Vec<Word>>],
        budget: &Budget,
    ) -> Result<Automaton, Exhausted> {
        let mut letter_of = vec![None; options.len()];
        for (l, &h) in letters.iter().enumerate() {
            letter_of[h as usize] = Some(l as u32);
        }
        let mut a = Automaton {
            delta,
            accept,
            reps,
            letters,
            letter_of,
            option_elements: Vec::new(),
        };
        let bytes = a.states() as u64 * (a.letters.len() as u64 + 8) * 4;
        budget.check(WORK, a.states() as u64, bytes)?;
        a.option_elements = a
            .letters
            .iter()
            .map(|&h| {
                a.elements_of(&options[h as usize])
                    .expect("options are of smaller heaps")
            })
            .collect();
        Ok(a)
    }

    /// Number of elements.
    pub(super) fn states(&self) -> usize {
        self.delta.len()
    }

    /// The element after adding the heap of letter `l` to a sum of element `s`.
    pub(super) fn step(&self, s: u32, l: u32) -> u32 {
        self.delta[s as usize][l as usize]
    }

    /// The sum the automaton keeps for element `x` (its access word).
    pub(super) fn rep(&self, x: u32) -> &[u32] {
        &self.reps[x as usize]
    }

    /// The letter of `heap`, if this automaton reads it.
    pub(super) fn letter(&self, heap: u32) -> Option<u32> {
        self.letter_of.get(heap as usize).copied().flatten()
    }

    /// The heap of letter `l`.
    pub(super) fn heap(&self, l: u32) -> u32 {
        self.letters[l as usize]
    }

    /// The number of letters.
    pub(super) fn letter_count(&self) -> usize {
        self.letters.len()
    }

    /// The element of the sum `heaps` from element `s`, read in the order given; `None` if a
    /// heap is not a letter of this automaton.
    pub(super) fn run_from(&self, s: u32, heaps: impl IntoIterator<Item = u32>) -> Option<u32> {
        heaps
            .into_iter()
            .try_fold(s, |s, h| Some(self.step(s, self.letter(h)?)))
    }

    /// The element of the sum `heaps`, from the identity.
    pub(super) fn run(&self, heaps: impl IntoIterator<Item = u32>) -> Option<u32> {
        self.run_from(0, heaps)
    }

    /// The sorted elements of the sums `words`; `None` if one holds a heap not read here.
    fn elements_of(&self, words: &[Word]) -> Option<Vec<u32>> {
        let mut e: Vec<u32> = words
            .iter()
            .map(|w| self.run(w.iter().copied()))
            .collect::<Option<_>>()?;
        e.sort_unstable();
        e.dedup();
        Some(e)
    }

    /// The product of elements `x` and `y`: `x` followed by a sum reaching `y`. O(|rep y|).
    pub(super) fn product(&self, x: u32, y: u32) -> u32 {
        self.run_from(x, self.reps[y as usize].iter().copied())
            .expect("access words hold letters")
    }

    /// The sorted elements of the options of letter `l`'s heap.
    pub(super) fn option_elements(&self, l: u32) -> &[u32] {
        &self.option_elements[l as usize]
    }

    /// An earlier letter whose heap has the same option elements as `options` (words of heaps
    /// read here), which a new heap with these options can copy.
    pub(super) fn twin(&self, options: &[Word]) -> Option<u32> {
        let e = self.elements_of(options)?;
        (0..self.letters.len() as u32).find(|&l| self.option_elements[l as usize] == e)
    }

    /// Reads `heap` as letter `twin` does (see the module's notes on why that is proved).
    pub(super) fn add_twin(&mut self, twin: u32, heap: u32) {
        for row in &mut self.delta {
            row.push(row[twin as usize]);
        }
        let l = self.letters.len() as u32;
        self.letters.push(heap);
        if self.letter_of.len() <= heap as usize {
            self.letter_of.resize(heap as usize + 1, None);
        }
        self.letter_of[heap as usize] = Some(l);
        let e = self.option_elements[twin as usize].clone();
        self.option_elements.push(e);
    }

    /// A state and two letters whose order matters (so the automaton is not a monoid of
    /// sums), or `None`. Letters with equal columns are tried once. O(states · classes²).
    pub(super) fn order_dependence(&self) -> Option<(u32, u32, u32)> {
        let mut classes: Vec<u32> = Vec::new();
        let mut seen: FxHashMap<Vec<u32>, ()> = FxHashMap::default();
        for l in 0..self.letters.len() {
            let column: Vec<u32> = self.delta.iter().map(|row| row[l]).collect();
            if seen.insert(column, ()).is_none() {
                classes.push(l as u32);
            }
        }
        for s in 0..self.states() as u32 {
            for (i, &a) in classes.iter().enumerate() {
                for &b in &classes[i + 1..] {
                    if self.step(self.step(s, a), b) != self.step(self.step(s, b), a) {
                        return Some((s, a, b));
                    }
                }
            }
        }
        None
    }
}

/// Steps of a proof that cost about as much as a sum searched for its outcome (a step is a
/// few word operations per element; a search lists and sorts a sum's options): the unit that
/// lets one budget of sums bound both.
pub(super) const STEPS_A_SUM: u64 = 64;

/// A set of elements as bits.
pub(super) type Set = Box<[u64]>;

/// The product table of `a`'s elements, `x · |K| + y`. O(|K|² · |rep|).
pub(super) fn products(a: &Automaton, budget: &Budget) -> Result<Vec<u32>, Exhausted> {
    let n = a.states();
    budget.check(WORK, n as u64, (n * n * 4) as u64)?;
    let mut mul = vec![0u32; n * n];
    for x in 0..n {
        for y in 0..n {
            mul[x * n + y] = a.product(x as u32, y as u32);
        }
    }
    Ok(mul)
}

/// One letter for each class of letters that step pairs alike: the same element and the same
/// option elements. O(letters · options).
pub(super) fn pair_classes(a: &Automaton) -> Vec<u32> {
    let mut classes = Vec::new();
    let mut seen: FxHashMap<(u32, &[u32]), ()> = FxHashMap::default();
    for l in 0..a.letter_count() as u32 {
        if seen
            .insert((a.step(0, l), a.option_elements(l)), ())
            .is_none()
        {
            classes.push(l);
        }
    }
    classes
}

/// The pair of w + h from the pair (x, t) of w, for a heap h of element g whose options
/// reach the elements `options`: (x·g, t·g ∪ x·O(h)). O(|K|).
pub(super) fn step_pair(
    mul: &[u32],
    n: usize,
    x: u32,
    t: &[u64],
    g: u32,
    options: &[u32],
) -> (u32, Set) {
    let mut t2 = vec![0u64; t.len()].into_boxed_slice();
    for e in 0..n {
        if t[e / 64] >> (e % 64) & 1 == 1 {
            let f = mul[e * n + g as usize] as usize;
            t2[f / 64] |= 1 << (f % 64);
        }
    }
    for &o in options {
        let f = mul[x as usize * n + o as usize] as usize;
        t2[f / 64] |= 1 << (f % 64);
    }
    (mul[x as usize * n + g as usize], t2)
}

/// The first sum (as letters in the order read, shortest first) whose pair breaks the local
/// rule, or `None` if none does: then the automaton is the quotient (if it is a monoid of
/// sums, which the caller checks first). Breadth-first over the reachable pairs, with one
/// letter for each class of letters that step alike. Each step checks a sum: `checked` counts
/// them across calls (the proofs of every heap), weighed by the words of a set of elements,
/// and every [`STEPS_A_SUM`] count as one sum against the budget's positions; the pairs kept
/// count against its memory.
pub(super) fn failure(
    a: &Automaton,
    budget: &Budget,
    checked: &mut u64,
) -> Result<Option<Vec<u32>>, Exhausted> {
    let n = a.states();
    let words = n.div_ceil(64);
    let mul = products(a, budget)?;
    let classes: Vec<(u32, u32)> = pair_classes(a)
        .into_iter()
        .map(|l| (l, a.step(0, l)))
        .collect();
    let rule = |x: u32, t: &[u64]| -> bool {
        let has_move = t.iter().any(|&w| w != 0);
        let to_p = (0..n).any(|e| t[e / 64] >> (e % 64) & 1 == 1 && a.accept[e]);
        a.accept[x as usize] == (has_move && !to_p)
    };
    let start: Set = vec![0u64; words].into_boxed_slice();
    if !rule(0, &start) {
        return Ok(Some(Vec::new()));
    }
    let mut pairs: Vec<(u32, Set)> = vec![(0, start.clone())];
    let mut parent: Vec<(u32, u32)> = vec![(u32::MAX, u32::MAX)];
    let mut index: FxHashMap<(u32, Set), u32> = FxHashMap::default();
    index.insert((0, start), 0);
    let mut queue = VecDeque::from([0u32]);
    while let Some(i) = queue.pop_front() {
        for &(l, g) in &classes {
            // A step reads the pair's set a word at a time.
            let before = *checked;
            *checked += words as u64;
            if before / 1024 != *checked / 1024 {
                let bytes = pairs.len() as u64 * (words as u64 * 8 + 48) * 2;
                budget.check(WORK, *checked / STEPS_A_SUM, bytes)?;
            }
            let (x, t) = &pairs[i as usize];
            let key = step_pair(&mul, n, *x, t, g, a.option_elements(l));
            if index.contains_key(&key) {
                continue;
            }
            let ok = rule(key.0, &key.1);
            let j = pairs.len() as u32;
            parent.push((i, l));
            if !ok {
                let mut word = Vec::new();
                let mut k = j;
                while k != 0 {
                    let (p, l) = parent[k as usize];
                    word.push(l);
                    k = p;
                }
                word.reverse();
                return Ok(Some(word));
            }
            index.insert(key.clone(), j);
            pairs.push(key);
            queue.push_back(j);
        }
    }
    Ok(None)
}
