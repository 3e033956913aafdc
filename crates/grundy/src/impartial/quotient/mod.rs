//! Misère quotients of heap games (Plambeck and Siegel, "Misère quotients for impartial
//! games", JCTA 2008): misère play of sums of heaps turned back into arithmetic.
//!
//! Two sums of heaps are *indistinguishable* when adding any third sum of the game's heaps
//! gives both the same misère outcome. The classes form a commutative monoid, the quotient Q;
//! its P-portion holds the classes of P-positions, and each heap has an element, so a sum's
//! outcome is the product of its heaps' elements, looked up in the P-portion. For Nim in
//! normal play the quotient is the group of nim values under XOR; in misère play it is a
//! finite monoid for many wild games that no genus rule decides.
//!
//! [`Quotient::compute`] finds the quotient of the sums of heaps 0 to n, heap by heap (the
//! module `learn` says how, `check` why the result is proved, not guessed): its order,
//! P-portion, the element of each heap, a [`Presentation`] by generators and relations, and
//! the heaps where it grew. Then the outcome of a sum of any number of heaps within the range
//! and its winning moves are products in a table.
//!
//! ```
//! use grundy::budget::Budget;
//! use grundy::impartial::octal::Rule;
//! use grundy::impartial::quotient::Quotient;
//! use grundy::outcome::OutcomeClass;
//!
//! // Misère Nim with heaps up to 3 (0.333 allows taking 1, 2 or 3 from a heap).
//! let nim = Rule::parse("0.333").unwrap();
//! let q = Quotient::compute(&nim, 3, &Budget::default()).unwrap();
//! assert_eq!((q.order(), q.p_portion().len()), (6, 2));
//! assert_eq!(q.presentation().to_string(), "<a, b | a^2 = 1, b^3 = b>");
//! // * is a P-position (the last counter loses), * + * is not; *2 + *2 is; *2 + * is not.
//! assert_eq!(q.outcome(&[1]).unwrap(), OutcomeClass::Second);
//! assert_eq!(q.outcome(&[1, 1]).unwrap(), OutcomeClass::First);
//! assert_eq!(q.outcome(&[2, 2]).unwrap(), OutcomeClass::Second);
//! assert_eq!(q.outcome(&[2, 1]).unwrap(), OutcomeClass::First);
//! ```

pub(crate) mod check;
pub(crate) mod extend;
pub(crate) mod learn;
pub mod presentation;
pub mod rules;

pub use presentation::{Generator, Presentation};
pub use rules::{HeapRules, HeapTable};

use crate::budget::{Budget, Exhausted, Resource};
use crate::impartial::octal::Rule;
use crate::outcome::OutcomeClass;
use crate::pattern::period::{self, OctalPeriod};
use learn::Learner;

/// A sum of heaps: heap sizes, every one a heap with a move, largest first unless said.
pub(crate) type Word = Vec<u32>;

/// What the budget errors say was going on.
pub(crate) const WORK: &str = "computing the misère quotient";

/// The sums of heaps a quotient searches or checks unless told otherwise (its position
/// budget): about a second of work and some tens of megabytes.
pub const DEFAULT_SUMS: u64 = 300_000;

/// Why a quotient could not be computed or asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// An option leaves a heap that is empty or not smaller than the heap moved in.
    #[error(
        "a move from a heap of {heap} leaves a heap of {part}: every heap a move leaves must be \
         non-empty and smaller than the heap moved in"
    )]
    BadOption {
        /// The heap moved in.
        heap: u32,
        /// The heap it leaves.
        part: u32,
    },
    /// A sum holds a heap beyond the computed range.
    #[error(
        "heap {heap} is beyond the quotient, computed for heaps up to {upto}: compute it further"
    )]
    Beyond {
        /// The heap asked.
        heap: u64,
        /// The largest heap computed.
        upto: u32,
    },
    /// A take-and-break code whose moves leave three heaps: learning searches sums of
    /// heaps, and three-way splits make that search explode.
    #[error(
        "{code} has moves that leave three heaps: misère quotients are computed for codes \
         whose moves leave at most two"
    )]
    ThreeHeaps {
        /// The code.
        code: String,
    },
    /// A budget ran out.
    #[error(transparent)]
    Budget(#[from] Exhausted),
}

impl QuotientError {
    /// The error's message with the position budget said in the unit a quotient counts, sums
    /// of heaps searched or checked, and `raise` telling how to allow more, in the caller's
    /// words (a front end names its own parameter).
    pub fn in_sums(&self, raise: &str) -> String {
        match self.sums_needed() {
            Some(needed) => format!("{needed}: {raise}"),
            None => self.to_string(),
        }
    }

    /// Where the position budget ran out, how many sums the quotient needed, said in sums of
    /// heaps searched or checked (without how to allow more); `None` for any other error.
    pub fn sums_needed(&self) -> Option<String> {
        match self {
            QuotientError::Budget(e) if e.resource == Resource::Positions => Some(format!(
                "the quotient needed more than {} sums searched or checked (while {} after {} \
                 sums)",
                e.limit, e.work, e.positions
            )),
            _ => None,
        }
    }
}

/// A winning move in a sum of heaps: take a heap of `heap` and leave the heaps `leaves`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapMove {
    /// The heap moved in.
    pub heap: u32,
    /// What it leaves (largest first; empty when it is taken away).
    pub leaves: Vec<u32>,
}

/// The misère quotient of the sums of heaps 0 to `upto` of a heap game.
#[derive(Debug, Clone)]
pub struct Quotient {
    upto: u32,
    order: u32,
    /// Products, `order` × `order`.
    products: Vec<u32>,
    p: Vec<bool>,
    /// The element of each heap.
    elements: Vec<u32>,
    /// For each heap, one option for each element its options reach: (element, what it
    /// leaves).
    moves: Vec<Vec<(u32, Vec<u32>)>>,
    /// The heaps after which the quotient grew, with its order then.
    growth: Vec<(u32, u32)>,
    max_removal: Option<u32>,
}

impl Quotient {
    /// The quotient of the sums of heaps 0 to `upto` of `rules`. Each heap either copies an
    /// earlier heap whose options reach the same elements (O(options), no outcome asked) or
    /// is learned and proved: outcomes asked of small sums, and the check of every sum.
    /// Within `budget` (outcomes remembered and the check's states count as positions).
    pub fn compute(
        rules: &dyn HeapRules,
        upto: u32,
        budget: &Budget,
    ) -> Result<Quotient, QuotientError> {
        Self::compute_with(rules, upto, budget, true).map(|(q, _)| q)
    }

    /// The quotient of a take-and-break code: [`Quotient::compute`], refusing codes whose
    /// moves leave three heaps ([`QuotientError::ThreeHeaps`]).
    pub fn of_code(rule: &Rule, upto: u32, budget: &Budget) -> Result<Quotient, QuotientError> {
        if rule.splits_in_three() {
            return Err(QuotientError::ThreeHeaps {
                code: rule.to_string(),
            });
        }
        Quotient::compute(rule, upto, budget)
    }

    /// [`Quotient::compute`], with or without the arithmetic of [`extend`] before the table;
    /// also returns how many heaps that arithmetic added.
    fn compute_with(
        rules: &dyn HeapRules,
        upto: u32,
        budget: &Budget,
        arithmetic: bool,
    ) -> Result<(Quotient, u32), QuotientError> {
        let mut learner = Learner::new(budget, arithmetic);
        let mut growth = Vec::new();
        for heap in 0..=upto {
            budget.check_time(WORK, heap as u64)?;
            let options = rules.heap_options(heap);
            for option in &options {
                if let Some(&part) = option.iter().find(|&&p| p == 0 || p >= heap) {
                    return Err(QuotientError::BadOption { heap, part });
                }
            }
            if learner.add_heap(heap, options)? {
                let order = learner.automaton().map_or(1, |a| a.states() as u32);
                growth.push((heap, order));
            }
        }
        let (order, products, p) = match learner.automaton() {
            None => (1, vec![0], vec![false]),
            Some(a) => (
                a.states() as u32,
                check::products(a, budget)?,
                a.accept.clone(),
            ),
        };
        // Heaps without a move have no letter: they are the identity.
        let automaton = learner.automaton();
        let element_of = |heaps: &[u32]| -> u32 {
            automaton.map_or(0, |a| {
                heaps
                    .iter()
                    .filter_map(|&h| a.letter(h))
                    .fold(0, |x, l| a.step(x, l))
            })
        };
        let elements: Vec<u32> = (0..=upto).map(|h| element_of(&[h])).collect();
        let mut moves = Vec::with_capacity(elements.len());
        for heap in 0..=upto {
            let mut reached: Vec<(u32, Vec<u32>)> = Vec::new();
            for option in rules.heap_options(heap) {
                let e = element_of(&option);
                if !reached.iter().any(|(x, _)| *x == e) {
                    let mut leaves = option;
                    leaves.sort_unstable_by(|a, b| b.cmp(a));
                    reached.push((e, leaves));
                }
            }
            moves.push(reached);
        }
        let quotient = Quotient {
            upto,
            order,
            products,
            p,
            elements,
            moves,
            growth,
            max_removal: rules.max_removal(),
        };
        Ok((quotient.numbered_by_words(), learner.extended))
    }

    /// The same quotient with its elements numbered in the order of their least words (by
    /// degree, then a before b), so that the numbers, and every list in element order, do not
    /// depend on how the quotient was found. O(|Q|²).
    fn numbered_by_words(self) -> Quotient {
        let n = self.order as usize;
        let presentation = self.presentation();
        let mut by_word: Vec<u32> = (0..self.order).collect();
        by_word.sort_by_key(|&x| {
            let e = presentation.exponents(x);
            (e.iter().sum::<u32>(), std::cmp::Reverse(e.to_vec()))
        });
        let mut new = vec![0u32; n];
        for (i, &x) in by_word.iter().enumerate() {
            new[x as usize] = i as u32;
        }
        let mut products = vec![0u32; n * n];
        for x in 0..n {
            for y in 0..n {
                products[new[x] as usize * n + new[y] as usize] =
                    new[self.products[x * n + y] as usize];
            }
        }
        let mut p = vec![false; n];
        for x in 0..n {
            p[new[x] as usize] = self.p[x];
        }
        Quotient {
            products,
            p,
            elements: self.elements.iter().map(|&x| new[x as usize]).collect(),
            moves: (self.moves.into_iter())
                .map(|m| m.into_iter().map(|(e, l)| (new[e as usize], l)).collect())
                .collect(),
            ..self
        }
    }

    /// The largest heap computed.
    pub fn upto(&self) -> u32 {
        self.upto
    }

    /// The number of elements.
    pub fn order(&self) -> u32 {
        self.order
    }

    /// The product of elements `x` and `y` (the element of the sum of their sums). O(1).
    pub fn product(&self, x: u32, y: u32) -> u32 {
        self.products[x as usize * self.order as usize + y as usize]
    }

    /// Whether element `x` is in the P-portion (its sums are misère P-positions).
    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The P-portion, in increasing element.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order).filter(|&x| self.p[x as usize]).collect()
    }

    /// The element of a heap of `heap` (0, the identity, for a heap without a move).
    /// Panics beyond [`Quotient::upto`].
    pub fn element(&self, heap: u32) -> u32 {
        self.elements[heap as usize]
    }

    /// The element of every heap, heap 0 first.
    pub fn elements(&self) -> &[u32] {
        &self.elements
    }

    /// The heaps after which the quotient grew, each with its order then: the last tells
    /// how long ago it last changed.
    pub fn growth(&self) -> &[(u32, u32)] {
        &self.growth
    }

    /// Generators and relations, and each element's word.
    pub fn presentation(&self) -> Presentation {
        Presentation::of(self)
    }

    /// The periodicity of the heaps' elements. For a code whose moves remove at most t tokens,
    /// a period p from heap e that holds up to heap 2e + 2p + t - 1 holds for ever, and the
    /// quotient is then the quotient of the whole game: a heap whose options reach the same
    /// elements as an earlier heap's leaves the quotient as it is (see the check's notes).
    pub fn periodicity(&self) -> OctalPeriod {
        period::octal(&self.elements, self.max_removal.map(|t| t as usize))
    }

    /// The element of a sum of heaps. O(heaps).
    pub fn element_of_sum(&self, heaps: &[u64]) -> Result<u32, QuotientError> {
        let mut x = 0;
        for &h in heaps {
            if h > u64::from(self.upto) {
                return Err(QuotientError::Beyond {
                    heap: h,
                    upto: self.upto,
                });
            }
            x = self.product(x, self.elements[h as usize]);
        }
        Ok(x)
    }

    /// The misère outcome of a sum of heaps: `Second` for a P-position (the player to move
    /// loses), `First` otherwise. O(heaps).
    pub fn outcome(&self, heaps: &[u64]) -> Result<OutcomeClass, QuotientError> {
        let x = self.element_of_sum(heaps)?;
        Ok(if self.is_p(x) {
            OutcomeClass::Second
        } else {
            OutcomeClass::First
        })
    }

    /// Every winning move of a sum of heaps, one for each distinct heap and element reached:
    /// the moves to a P-position. O(heaps + distinct heaps · |Q|).
    pub fn winning_moves(&self, heaps: &[u64]) -> Result<Vec<HeapMove>, QuotientError> {
        self.element_of_sum(heaps)?;
        let mut sorted: Vec<u32> = heaps.iter().map(|&h| h as u32).collect();
        sorted.sort_unstable();
        // Distinct heaps with their counts; the product of all but one of a heap's copies
        // from prefix and suffix products.
        let mut groups: Vec<(u32, u32)> = Vec::new();
        for h in sorted {
            match groups.last_mut() {
                Some((g, c)) if *g == h => *c += 1,
                _ => groups.push((h, 1)),
            }
        }
        let power = |x: u32, n: u32| (0..n).fold(0, |acc, _| self.product(acc, x));
        let parts: Vec<u32> = groups
            .iter()
            .map(|&(h, c)| power(self.elements[h as usize], c))
            .collect();
        let mut prefix = vec![0u32; parts.len() + 1];
        for (i, &x) in parts.iter().enumerate() {
            prefix[i + 1] = self.product(prefix[i], x);
        }
        let mut suffix = vec![0u32; parts.len() + 1];
        for i in (0..parts.len()).rev() {
            suffix[i] = self.product(parts[i], suffix[i + 1]);
        }
        let mut out = Vec::new();
        for (i, &(h, c)) in groups.iter().enumerate() {
            let rest = self.product(
                self.product(prefix[i], suffix[i + 1]),
                power(self.elements[h as usize], c - 1),
            );
            for (e, leaves) in &self.moves[h as usize] {
                if self.is_p(self.product(rest, *e)) {
                    out.push(HeapMove {
                        heap: h,
                        leaves: leaves.clone(),
                    });
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::octal::Rule;

    /// The arithmetic of `extend` and the table alone give the same quotient (the same order,
    /// growth and outcomes of sums), and the arithmetic adds heaps on every code here
    /// (including the codes whose elements split, where the table takes over and is made
    /// again from the quotient the arithmetic proved).
    #[test]
    fn arithmetic_and_table_agree() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let codes = [
            ("0.75", 20),
            ("0.77", 26),
            ("0.07", 24),
            ("0.137", 23),
            ("0.35", 9),
            ("0.6", 12),
            ("0.37", 12),
            ("4.07", 14),
            ("0.333", 12),
            ("0.123", 16),
            ("0.45", 14),
        ];
        for (code, upto) in codes {
            let rule = Rule::parse(code).unwrap();
            let budget = Budget::default();
            let (fast, extended) = Quotient::compute_with(&rule, upto, &budget, true).unwrap();
            let (table, none) = Quotient::compute_with(&rule, upto, &budget, false).unwrap();
            assert_eq!(none, 0);
            assert!(extended > 0, "{code}: the arithmetic added no heap");
            assert_eq!(fast.order(), table.order(), "{code}");
            assert_eq!(fast.growth(), table.growth(), "{code}");
            assert_eq!(fast.p_portion().len(), table.p_portion().len(), "{code}");
            for _ in 0..400 {
                let heaps: Vec<u64> = (0..1 + next(5)).map(|_| next(upto as u64 + 1)).collect();
                assert_eq!(
                    fast.outcome(&heaps).unwrap(),
                    table.outcome(&heaps).unwrap(),
                    "{code} {heaps:?}"
                );
            }
        }
    }
}
