//! Sprague–Grundy values of games that split into independent parts, by memoised mex.

use std::hash::Hash;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::math::mex::Mex;

/// An impartial game whose position is a sum of independent parts: a move changes one part
/// into a sum of parts (none, when the part is used up). Take-and-break games (Kayles,
/// Grundy's game), the notes' splitting game (HNOI2007 分裂游戏) and coin-turning games are of
/// this kind.
pub trait SplittingGame {
    /// One independent part.
    type Part: Clone + Eq + Hash;

    /// Appends one entry per move from `part` to `out`: the parts the move leaves in its place.
    fn moves(&self, part: &Self::Part, out: &mut Vec<Vec<Self::Part>>);
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
}

/// Memoised Sprague–Grundy values of the parts of a [`SplittingGame`].
///
/// The value of a part is the mex, over its moves, of the XOR of the values of the parts each
/// move leaves (the Sprague–Grundy theorem); the value of a sum is the XOR of its parts'. Each
/// part is valued once; the work is the total number of parts over all moves of all parts
/// reached. Depth-first with an explicit stack, so deep games do not overflow the call stack.
pub struct GrundyMemo<'g, G: SplittingGame> {
    game: &'g G,
    memo: FxHashMap<G::Part, u32>,
    mex: Mex,
}

/// A part being valued: its moves, and how many of their parts are known.
struct Frame<P> {
    part: P,
    moves: Vec<Vec<P>>,
    next_move: usize,
    next_part: usize,
}

impl<'g, G: SplittingGame> GrundyMemo<'g, G> {
    /// An empty memo for `game`.
    pub fn new(game: &'g G) -> Self {
        GrundyMemo {
            game,
            memo: FxHashMap::default(),
            mex: Mex::new(),
        }
    }

    /// How many parts have a known value.
    pub fn known(&self) -> usize {
        self.memo.len()
    }

    /// The value of one part.
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
                    self.memo.insert(frame.part, v);
                }
            }
        }
        Ok(self.memo[part])
    }

    /// The value of a sum of parts: the XOR of their values.
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
