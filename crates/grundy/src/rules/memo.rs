//! Sprague–Grundy values of games that split into independent parts, by memoised mex.

use std::hash::Hash;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::budget::{growing_bytes, Budget, Exhausted};
use crate::math::mex::Mex;

/// How many parts are valued between two looks at a budget: the clock is read once per so
/// many, and the table's growth is counted before it happens (see [`growing_bytes`]).
const CHECK_EVERY: usize = 1024;

/// An impartial game whose position is a sum of independent parts: a move changes one part
/// into a sum of parts (none, when the part is used up). Take-and-break games (Kayles,
/// Grundy's game), the notes' splitting game (HNOI2007 分裂游戏) and coin-turning games are of
/// this kind. See [`GrundyMemo`] for Kayles as a splitting game.
pub trait SplittingGame {
    /// One independent part.
    type Part: Clone + Eq + Hash;

    /// Appends one entry per move from `part` to `out`: the parts the move leaves in its place.
    fn moves(&self, part: &Self::Part, out: &mut Vec<Vec<Self::Part>>);

    /// The bytes a part holds beyond its own size (a vector's elements), which a memo with a
    /// budget ([`GrundyMemo::with_budget`]) counts against its memory: none by default.
    fn heap_bytes(&self, _part: &Self::Part) -> u64 {
        0
    }
}

/// Why a value could not be found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MemoError {
    /// A part can come back to itself: the game is loopy and memoised mex does not apply
    /// (explore it into a graph and use the loopy values instead).
    #[error(
        "a part can return to itself, so the game is loopy: explore its graph and use loopy values"
    )]
    Loopy,
    /// The memo's budget ([`GrundyMemo::with_budget`]) ran out: the parts valued so far stay
    /// known.
    #[error(transparent)]
    Exhausted(#[from] Exhausted),
}

/// Memoised Sprague–Grundy values of the parts of a [`SplittingGame`].
///
/// The value of a part is the mex, over its moves, of the XOR of the values of the parts each
/// move leaves (the Sprague–Grundy theorem); the value of a sum is the XOR of its parts'. Each
/// part is valued once; the work is the total number of parts over all moves of all parts
/// reached. Depth-first with an explicit stack, so deep games do not overflow the call stack.
///
/// ```
/// use grundy::rules::{GrundyMemo, SplittingGame};
///
/// /// Kayles: a row of n pins; a move knocks down one pin or two neighbours, and what is
/// /// left of the row stands as two rows (or one, or none).
/// struct Kayles;
///
/// impl SplittingGame for Kayles {
///     type Part = u32;
///     fn moves(&self, &n: &u32, out: &mut Vec<Vec<u32>>) {
///         for take in 1..=n.min(2) {
///             for left in 0..=n - take {
///                 let right = n - take - left;
///                 out.push([left, right].into_iter().filter(|&r| r > 0).collect());
///             }
///         }
///     }
/// }
///
/// let mut memo = GrundyMemo::new(&Kayles);
/// let values: Vec<u32> = (0..12).map(|n| memo.value(&n).unwrap()).collect();
/// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// assert_eq!(memo.known(), 12);
/// assert_eq!(memo.value_of_sum(&[1, 2, 3]).unwrap(), 0); // 1 ⊕ 2 ⊕ 3
/// ```
pub struct GrundyMemo<'g, G: SplittingGame> {
    game: &'g G,
    memo: FxHashMap<G::Part, u32>,
    mex: Mex,
    /// The budget the parts valued are counted against, if any.
    budget: Option<Budget>,
    /// The bytes the parts known hold beyond their size ([`SplittingGame::heap_bytes`]),
    /// counted only under a budget.
    held: u64,
}

/// A part being valued: its moves, and how many of their parts are known.
struct Frame<P> {
    part: P,
    moves: Vec<Vec<P>>,
    next_move: usize,
    next_part: usize,
}

impl<'g, G: SplittingGame> GrundyMemo<'g, G> {
    /// An empty memo for `game`. O(1).
    pub fn new(game: &'g G) -> Self {
        GrundyMemo {
            game,
            memo: FxHashMap::default(),
            mex: Mex::new(),
            budget: None,
            held: 0,
        }
    }

    /// The same memo, valuing within `budget`: its positions bound the parts known, its
    /// memory the table (and what the parts hold, [`SplittingGame::heap_bytes`]), its
    /// deadline and cancel flag the search, all looked at every 1,024 parts valued. A budget
    /// that runs out is [`MemoError::Exhausted`]. O(1).
    ///
    /// ```
    /// use grundy::budget::{Budget, Resource};
    /// use grundy::rules::{GrundyMemo, MemoError, SplittingGame};
    ///
    /// /// A heap of n takes 1 or 2: its value is n mod 3.
    /// struct Take12;
    ///
    /// impl SplittingGame for Take12 {
    ///     type Part = u32;
    ///     fn moves(&self, &n: &u32, out: &mut Vec<Vec<u32>>) {
    ///         out.extend((1..=n.min(2)).map(|t| vec![n - t]));
    ///     }
    /// }
    ///
    /// let mut memo = GrundyMemo::new(&Take12).with_budget(Budget::default().with_positions(2000));
    /// assert_eq!(memo.value(&1500), Ok(0));
    /// match memo.value(&5000) {
    ///     Err(MemoError::Exhausted(e)) => assert_eq!(e.resource, Resource::Positions),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    pub fn with_budget(self, budget: Budget) -> Self {
        GrundyMemo {
            budget: Some(budget),
            ..self
        }
    }

    /// How many parts have a known value. O(1).
    pub fn known(&self) -> usize {
        self.memo.len()
    }

    /// The value of one part: a memo look-up when known, else the search of the type's
    /// documentation over the parts not known yet. A part that can come back to itself is an
    /// error.
    ///
    /// ```
    /// use grundy::rules::{GrundyMemo, MemoError, SplittingGame};
    ///
    /// /// Parts 0 and 1 turn into each other.
    /// struct Swap;
    ///
    /// impl SplittingGame for Swap {
    ///     type Part = u8;
    ///     fn moves(&self, &p: &u8, out: &mut Vec<Vec<u8>>) {
    ///         out.push(vec![1 - p]);
    ///     }
    /// }
    ///
    /// assert_eq!(GrundyMemo::new(&Swap).value(&0), Err(MemoError::Loopy));
    /// ```
    pub fn value(&mut self, part: &G::Part) -> Result<u32, MemoError> {
        if let Some(&v) = self.memo.get(part) {
            return Ok(v);
        }
        let mut open: FxHashSet<G::Part> = FxHashSet::default();
        let mut stack = vec![self.frame(part.clone())];
        open.insert(part.clone());
        while let Some(top) = stack.last_mut() {
            // The next part of the top frame whose value is not known yet, if any.
            let mut pending = None;
            while top.next_move < top.moves.len() {
                let parts = &top.moves[top.next_move];
                if top.next_part == parts.len() {
                    top.next_move += 1;
                    top.next_part = 0;
                    continue;
                }
                let p = &parts[top.next_part];
                top.next_part += 1;
                if !self.memo.contains_key(p) {
                    pending = Some(p.clone());
                    break;
                }
            }
            match pending {
                Some(p) => {
                    if !open.insert(p.clone()) {
                        return Err(MemoError::Loopy);
                    }
                    let frame = self.frame(p);
                    stack.push(frame);
                }
                None => {
                    let frame = stack.pop().expect("a frame");
                    let memo = &self.memo;
                    let v = self.mex.of(frame
                        .moves
                        .iter()
                        .map(|parts| parts.iter().fold(0, |x, p| x ^ memo[p])));
                    open.remove(&frame.part);
                    if let Some(budget) = &self.budget {
                        self.held += self.game.heap_bytes(&frame.part);
                        if self.memo.len() % CHECK_EVERY == 0 {
                            let entry = std::mem::size_of::<(G::Part, u32)>() as u64 + 1;
                            let table = growing_bytes(
                                self.memo.len(),
                                self.memo.capacity(),
                                entry,
                                CHECK_EVERY,
                            );
                            let known = self.memo.len() as u64;
                            budget.check("valuing parts", known, table + self.held)?;
                        }
                    }
                    self.memo.insert(frame.part, v);
                }
            }
        }
        Ok(self.memo[part])
    }

    /// The value of a sum of parts: the XOR of their values, each found by
    /// [`GrundyMemo::value`].
    pub fn value_of_sum(&mut self, parts: &[G::Part]) -> Result<u32, MemoError> {
        let mut x = 0;
        for p in parts {
            x ^= self.value(p)?;
        }
        Ok(x)
    }

    fn frame(&self, part: G::Part) -> Frame<G::Part> {
        let mut moves = Vec::new();
        self.game.moves(&part, &mut moves);
        Frame {
            part,
            moves,
            next_move: 0,
            next_part: 0,
        }
    }
}
