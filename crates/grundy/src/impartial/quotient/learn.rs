//! Learning the quotient heap by heap: an observation table in the manner of Angluin's L*,
//! whose hypotheses are proved or refuted by [`super::check`].
//!
//! The quotient of sums of heaps is the syntactic monoid of the set of misère P-positions: two
//! sums are equivalent when adding any third sum gives them the same outcome. The table keeps
//! *access words* (sums that reach each element found so far, shortest first) and *tests*
//! (sums added to tell them apart); an element is its row of outcomes over the tests. A
//! hypothesis is the automaton of the rows; the check either proves it is the quotient or
//! gives a sum it gets wrong, from which one new test is found by binary search (Rivest and
//! Schapire's refinement), and each new test adds at least one element.
//!
//! Outcomes are asked of sums by the definition (a sum is a P-position when it has a move and
//! every move leads to an N-position), remembered, and answered at once from the quotient
//! proved for the smaller heaps when a sum holds only those.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::check::{self, Automaton};
use super::extend;
use super::{Word, WORK};
use crate::budget::{Budget, Exhausted};

/// Outcomes of a word plus each test, one bit a test.
type Row = Vec<u64>;

fn get(row: &Row, i: usize) -> bool {
    row[i / 64] >> (i % 64) & 1 == 1
}

fn push(row: &mut Row, len: usize, value: bool) {
    if len % 64 == 0 {
        row.push(0);
    }
    if value {
        row[len / 64] |= 1 << (len % 64);
    }
}

/// `a` and `b` as one sum, largest first.
fn join(a: &[u32], b: &[u32]) -> Word {
    let mut w: Word = a.iter().chain(b).copied().collect();
    w.sort_unstable_by(|x, y| y.cmp(x));
    w
}

/// The learner: what is known of outcomes, and the observation table.
pub(super) struct Learner<'a> {
    budget: &'a Budget,
    /// Options of each heap seen, as words (heaps without a move left out).
    options: Vec<Rc<Vec<Word>>>,
    /// The letter of each heap with a move.
    letter_of: Vec<Option<u32>>,
    /// Heaps with a move, in order: the letters.
    letters: Vec<u32>,
    /// Outcomes found by the definition: true for a P-position.
    memo: FxHashMap<Box<[u32]>, bool>,
    /// Bytes the remembered outcomes take, roughly (48 a entry and its heaps).
    memo_bytes: u64,
    /// The quotient proved for the heaps before the current one.
    known: Option<Automaton>,
    /// Access words, in the order their letters were read.
    reps: Vec<Word>,
    tests: Vec<Word>,
    rows: Vec<Row>,
    index: FxHashMap<Row, u32>,
    /// Rows of each access word followed by each letter.
    next_rows: Vec<Vec<Row>>,
    /// Outcomes asked (for the budget's clock).
    asked: u64,
    /// Whether the proved quotient came from [`extend`] after the table was last used, so
    /// the table must be made again from it before the next hypothesis.
    stale: bool,
    /// Whether to try [`extend`] first.
    arithmetic: bool,
    /// Heaps [`extend`] added.
    pub(super) extended: u32,
    /// Sums the proofs checked, over every heap (counted against the budget's positions).
    checked: u64,
}

impl<'a> Learner<'a> {
    /// A learner that knows only heap 0 (no move): one element, the identity, an N-position.
    /// `arithmetic`: try [`extend`] for each new heap before the table.
    pub(super) fn new(budget: &'a Budget, arithmetic: bool) -> Learner<'a> {
        let mut index = FxHashMap::default();
        index.insert(vec![0], 0);
        Learner {
            budget,
            options: Vec::new(),
            letter_of: Vec::new(),
            letters: Vec::new(),
            memo: FxHashMap::default(),
            memo_bytes: 0,
            known: None,
            reps: vec![Vec::new()],
            tests: vec![Vec::new()],
            rows: vec![vec![0]],
            index,
            next_rows: vec![Vec::new()],
            asked: 0,
            stale: false,
            arithmetic,
            extended: 0,
            checked: 0,
        }
    }

    /// The proved quotient (of the heaps added so far).
    pub(super) fn automaton(&self) -> Option<&Automaton> {
        self.known.as_ref()
    }

    /// The options of `heap` as words.
    pub(super) fn options(&self, heap: u32) -> &[Word] {
        &self.options[heap as usize]
    }

    /// Outcome budget: memory of the remembered outcomes, the clock, the cancel flag.
    fn check_budget(&self) -> Result<(), Exhausted> {
        self.budget
            .check(WORK, self.memo.len() as u64, self.memo_bytes)
    }

    /// Whether the sum `w` (largest first) is a misère P-position. Words of heaps the proved
    /// quotient covers are answered from it; others by the definition, remembered.
    pub(super) fn is_p(&mut self, w: &[u32]) -> Result<bool, Exhausted> {
        if w.is_empty() {
            return Ok(false);
        }
        if let Some(known) = &self.known {
            if let Some(state) = known.run(w.iter().copied()) {
                return Ok(known.accept[state as usize]);
            }
        }
        if let Some(&p) = self.memo.get(w) {
            return Ok(p);
        }
        let mut p = true;
        'moves: for i in 0..w.len() {
            if i > 0 && w[i - 1] == w[i] {
                continue;
            }
            let options = Rc::clone(&self.options[w[i] as usize]);
            for option in options.iter() {
                let mut next: Word = w[..i].iter().chain(&w[i + 1..]).copied().collect();
                next.extend_from_slice(option);
                next.sort_unstable_by(|x, y| y.cmp(x));
                if self.is_p(&next)? {
                    p = false;
                    break 'moves;
                }
            }
        }
        self.memo.insert(w.into(), p);
        self.memo_bytes += 48 + 4 * w.len() as u64;
        self.asked += 1;
        if self.asked % 4096 == 0 {
            self.check_budget()?;
        }
        Ok(p)
    }

    /// The row of `w` (any order) over the tests from `from` on.
    fn row_from(&mut self, w: &[u32], from: usize, row: &mut Row) -> Result<(), Exhausted> {
        for t in from..self.tests.len() {
            let sum = join(w, &self.tests[t].clone());
            let p = self.is_p(&sum)?;
            push(row, t, p);
        }
        Ok(())
    }

    /// Adds heap `n` (every smaller heap added before). Returns whether the quotient changed.
    pub(super) fn add_heap(&mut self, n: u32, options: Vec<Vec<u32>>) -> Result<bool, Exhausted> {
        debug_assert_eq!(n as usize, self.options.len());
        let options: Vec<Word> = options
            .into_iter()
            .map(|o| {
                let mut w: Word = o
                    .into_iter()
                    .filter(|&h| self.letter_of.get(h as usize).copied().flatten().is_some())
                    .collect();
                w.sort_unstable_by(|a, b| b.cmp(a));
                w
            })
            .collect();
        let movable = !options.is_empty();
        self.options.push(Rc::new(options));
        if !movable {
            self.letter_of.push(None);
            return Ok(false);
        }
        let letter = self.letters.len() as u32;
        self.letter_of.push(Some(letter));
        self.letters.push(n);
        if let Some(twin) = self.known.as_ref().and_then(|k| k.twin(self.options(n))) {
            // Same element and same option elements as an earlier heap: in every sum the new
            // heap moves as that one does, so the proved quotient stands (see `check`).
            if !self.stale {
                for r in 0..self.reps.len() {
                    let row = self.next_rows[r][twin as usize].clone();
                    self.next_rows[r].push(row);
                }
            }
            let known = self.known.as_mut().expect("a twin needs a known quotient");
            known.add_twin(twin, n);
            return Ok(false);
        }
        let before = self.known.as_ref().map_or(1, |k| k.states());
        if let Some(known) = self.known.as_ref().filter(|_| self.arithmetic) {
            for attempt in extend::TRIES {
                if let Some(a) = extend::extend(
                    known,
                    n,
                    &self.options,
                    attempt,
                    self.budget,
                    &mut self.checked,
                )? {
                    let changed = a.states() != before;
                    self.known = Some(a);
                    self.stale = true;
                    self.extended += 1;
                    return Ok(changed);
                }
            }
            if self.stale {
                self.reseed();
            }
        }
        for r in 0..self.reps.len() {
            let w = join(&self.reps[r].clone(), &[n]);
            let mut row = Vec::new();
            self.row_from(&w, 0, &mut row)?;
            self.next_rows[r].push(row);
        }
        loop {
            self.close()?;
            let hypothesis = self.hypothesis()?;
            match self.counterexample(&hypothesis)? {
                None => {
                    let changed = hypothesis.states() != before;
                    self.known = Some(hypothesis);
                    return Ok(changed);
                }
                Some(word) => self.refine(&hypothesis, &word)?,
            }
        }
    }

    /// Makes the table again from the proved quotient (of the heaps before the newest letter):
    /// its access words, and tests that tell its elements apart, chosen among its access
    /// words (a quotient's elements are told apart by adding some element). O(|K|² · |rep|)
    /// at most, answered from the quotient with no search.
    fn reseed(&mut self) {
        let known = self.known.as_ref().expect("a stale table has a quotient");
        let m = known.states();
        let old = self.letters.len() - 1;
        let reps: Vec<Word> = (0..m as u32).map(|x| known.rep(x).to_vec()).collect();
        // Refine the classes of elements test by test until every element is alone.
        let mut class: Vec<u32> = known.accept.iter().map(|&a| u32::from(a)).collect();
        let mut tests: Vec<Word> = vec![Vec::new()];
        let mut classes = class.iter().max().map_or(0, |&c| c as usize + 1);
        for (z, rep) in reps.iter().enumerate() {
            if classes == m {
                break;
            }
            let column: Vec<bool> = (0..m as u32)
                .map(|x| known.accept[known.product(x, z as u32) as usize])
                .collect();
            let mut index: FxHashMap<(u32, bool), u32> = FxHashMap::default();
            let next: Vec<u32> = (0..m)
                .map(|x| {
                    let fresh = index.len() as u32;
                    *index.entry((class[x], column[x])).or_insert(fresh)
                })
                .collect();
            if index.len() > classes {
                classes = index.len();
                class = next;
                tests.push(join(rep, &[]));
            }
        }
        debug_assert_eq!(classes, m, "a proved quotient's elements are told apart");
        let row_of = |x: u32| -> Row {
            let mut row = Vec::new();
            for (t, test) in tests.iter().enumerate() {
                let y = known.run_from(x, test.iter().copied()).expect("old heaps");
                push(&mut row, t, known.accept[y as usize]);
            }
            row
        };
        self.rows = (0..m as u32).map(row_of).collect();
        self.next_rows = (0..m as u32)
            .map(|x| (0..old as u32).map(|l| row_of(known.step(x, l))).collect())
            .collect();
        self.index = (self.rows.iter().enumerate())
            .map(|(i, row)| (row.clone(), i as u32))
            .collect();
        self.reps = reps;
        self.tests = tests;
        self.stale = false;
    }

    /// Makes every access word followed by every letter match some access word's row, adding
    /// access words for new rows.
    fn close(&mut self) -> Result<(), Exhausted> {
        let mut r = 0;
        while r < self.reps.len() {
            while self.next_rows[r].len() < self.letters.len() {
                let l = self.next_rows[r].len();
                let w = join(&self.reps[r].clone(), &[self.letters[l]]);
                let mut row = Vec::new();
                self.row_from(&w, 0, &mut row)?;
                self.next_rows[r].push(row);
            }
            for l in 0..self.letters.len() {
                if !self.index.contains_key(&self.next_rows[r][l]) {
                    let row = self.next_rows[r][l].clone();
                    let mut rep = self.reps[r].clone();
                    rep.push(self.letters[l]);
                    self.index.insert(row.clone(), self.reps.len() as u32);
                    self.reps.push(rep);
                    self.rows.push(row);
                    self.next_rows.push(Vec::new());
                    self.budget
                        .check(WORK, self.reps.len() as u64, self.table_bytes())?;
                }
            }
            r += 1;
        }
        Ok(())
    }

    /// Bytes of the observation table, roughly.
    fn table_bytes(&self) -> u64 {
        let words = (self.tests.len() as u64).div_ceil(64) * 8 + 24;
        self.reps.len() as u64 * (self.letters.len() as u64 + 1) * words
    }

    /// The automaton of the closed table: an element per access word.
    fn hypothesis(&self) -> Result<Automaton, Exhausted> {
        let delta = self
            .next_rows
            .iter()
            .map(|rows| rows.iter().map(|row| self.index[row]).collect())
            .collect();
        let accept = self.rows.iter().map(|row| get(row, 0)).collect();
        Automaton::new(
            delta,
            accept,
            self.reps.clone(),
            self.letters.clone(),
            &self.options,
            self.budget,
        )
    }

    /// A sum the hypothesis gets wrong, as letters in the order read, or `None` when the
    /// hypothesis is proved to be the quotient.
    fn counterexample(&mut self, h: &Automaton) -> Result<Option<Word>, Exhausted> {
        // The hypothesis must agree with the table it came from.
        for s in 0..self.reps.len() {
            for t in 0..self.tests.len() {
                let state = h
                    .run_from(s as u32, self.tests[t].iter().copied())
                    .expect("tests hold letters");
                if h.accept[state as usize] != get(&self.rows[s], t) {
                    let mut w = self.reps[s].clone();
                    w.extend_from_slice(&self.tests[t]);
                    return Ok(Some(w));
                }
            }
        }
        // Sums do not depend on the order of their heaps.
        if let Some((s, a, b)) = h.order_dependence() {
            let (y1, y2) = (h.step(h.step(s, a), b), h.step(h.step(s, b), a));
            let t = (0..self.tests.len())
                .find(|&t| get(&self.rows[y1 as usize], t) != get(&self.rows[y2 as usize], t))
                .expect("distinct access words have distinct rows");
            let (ha, hb) = (self.letters[a as usize], self.letters[b as usize]);
            let mut first = self.reps[s as usize].clone();
            first.extend([ha, hb]);
            first.extend_from_slice(&self.tests[t]);
            let truth = self.is_p(&join(&first, &[]))?;
            let state = h.run(first.iter().copied()).expect("words hold letters");
            if h.accept[state as usize] != truth {
                return Ok(Some(first));
            }
            let mut second = self.reps[s as usize].clone();
            second.extend([hb, ha]);
            second.extend_from_slice(&self.tests[t]);
            return Ok(Some(second));
        }
        // The local rule at every sum.
        let Some(word) = check::failure(h, self.budget, &mut self.checked)? else {
            return Ok(None);
        };
        let word: Word = word.iter().map(|&l| h.heap(l)).collect();
        let predicted = |_: &Self, w: &[u32]| {
            let s = h.run(w.iter().copied()).expect("words hold letters");
            h.accept[s as usize]
        };
        let sorted = join(&word, &[]);
        if self.is_p(&sorted)? != predicted(self, &sorted) {
            return Ok(Some(word));
        }
        for i in 0..sorted.len() {
            if i > 0 && sorted[i - 1] == sorted[i] {
                continue;
            }
            let options = Rc::clone(&self.options[sorted[i] as usize]);
            for option in options.iter() {
                let mut next: Word = sorted[..i]
                    .iter()
                    .chain(&sorted[i + 1..])
                    .copied()
                    .collect();
                next.extend_from_slice(option);
                next.sort_unstable_by(|x, y| y.cmp(x));
                if self.is_p(&next)? != predicted(self, &next) {
                    return Ok(Some(next));
                }
            }
        }
        unreachable!("a sum that breaks the local rule has a wrongly predicted sum at or below it")
    }

    /// Adds the test that the counterexample `word` (letters in the order read) shows is
    /// missing: the suffix after the step where the access words' outcomes change.
    fn refine(&mut self, h: &Automaton, word: &[u32]) -> Result<(), Exhausted> {
        let mut states = vec![0u32];
        for &x in word {
            let l = h.letter(x).expect("words hold heaps with moves");
            states.push(h.step(*states.last().unwrap(), l));
        }
        let alpha = |me: &mut Self, i: usize| -> Result<bool, Exhausted> {
            let w = join(&me.reps[states[i] as usize].clone(), &word[i..]);
            me.is_p(&w)
        };
        let (mut lo, mut hi) = (0, word.len());
        let low = alpha(self, lo)?;
        debug_assert_ne!(low, alpha(self, hi)?);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if alpha(self, mid)? == low {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let test = join(&word[hi..], &[]);
        debug_assert!(!self.tests.contains(&test));
        let t = self.tests.len();
        self.tests.push(test);
        for r in 0..self.reps.len() {
            let mut row = std::mem::take(&mut self.rows[r]);
            let rep = self.reps[r].clone();
            self.row_from(&rep, t, &mut row)?;
            self.rows[r] = row;
            for l in 0..self.next_rows[r].len() {
                let mut row = std::mem::take(&mut self.next_rows[r][l]);
                let w = join(&rep, &[self.letters[l]]);
                self.row_from(&w, t, &mut row)?;
                self.next_rows[r][l] = row;
            }
        }
        self.index = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, row)| (row.clone(), i as u32))
            .collect();
        Ok(())
    }
}
