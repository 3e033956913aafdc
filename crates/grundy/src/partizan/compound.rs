//! Compounds of short games other than the disjunctive sum (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 9), played on the game trees of the canonical forms given:
//!
//! - the **conjunctive** compound (CGSuite's `ConjunctiveSum`): the player to move moves in
//!   every component; who cannot move in one of them loses. Valued, as Winning Ways values
//!   it, by *remoteness* (Steinhaus): the winner of a component with the player to move can
//!   end it within r moves, the loser can make it last r moves; the compound ends with the
//!   component of least remoteness, whose winner wins it.
//! - the **selective** compound (CGSuite's `SelectiveSum`): the player to move moves in any
//!   number of components, at least one; who can move in none loses. Valued by its
//!   definition: a search of the tuples of positions, who wins with each player first and
//!   in how many moves.
//!
//! Neither compound is a function of the components' values (a conjunctive compound is won
//! by the quickest ending, which equal games need not share), so each answers an outcome
//! with each player first, not a canonical form; the forms played are the canonical forms.
//! The disjunctive sum is `G + H` and the ordinal sum `G : H` (sequential: a move in the
//! base ends the subordinate), both canonical forms, in the notation.

use rustc_hash::FxHashMap;

use super::error::ValueError;
use super::store::{GameId, GameStore};
use super::Side;
use crate::outcome::OutcomeClass;

/// A compound of Winning Ways, ch. 9, valued by outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compound {
    /// Move in every component; who cannot move in one loses.
    Conjunctive,
    /// Move in any non-empty set of components; who can move in none loses.
    Selective,
}

impl Compound {
    /// Every compound, in the order of the documentation.
    pub const ALL: [Compound; 2] = [Compound::Conjunctive, Compound::Selective];

    /// Its name (`conjunctive`, `selective`).
    pub fn name(self) -> &'static str {
        match self {
            Compound::Conjunctive => "conjunctive",
            Compound::Selective => "selective",
        }
    }

    /// CGSuite's name of its operator (`ConjunctiveSum`, `SelectiveSum`).
    pub fn cgsuite_name(self) -> &'static str {
        match self {
            Compound::Conjunctive => "ConjunctiveSum",
            Compound::Selective => "SelectiveSum",
        }
    }

    /// The compound named `name` (its name or CGSuite's, in any case).
    pub fn from_name(name: &str) -> Option<Compound> {
        Compound::ALL.into_iter().find(|c| {
            name.eq_ignore_ascii_case(c.name()) || name.eq_ignore_ascii_case(c.cgsuite_name())
        })
    }
}

/// Who wins a compound with one player moving first, and in how many moves of best play
/// (the winner ending it soonest, the loser putting it off): the remoteness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct CompoundPlay {
    /// The winner.
    pub winner: Side,
    /// The moves of best play until the loser cannot move.
    pub moves: u64,
}

/// The outcome of a compound: the play with each player moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct CompoundOutcome {
    /// Left moving first.
    pub left_first: CompoundPlay,
    /// Right moving first.
    pub right_first: CompoundPlay,
}

impl CompoundOutcome {
    /// The outcome class: L, R, N (the first player wins) or P.
    pub fn class(&self) -> OutcomeClass {
        match (self.left_first.winner, self.right_first.winner) {
            (Side::Left, Side::Left) => OutcomeClass::Left,
            (Side::Right, Side::Right) => OutcomeClass::Right,
            (Side::Left, Side::Right) => OutcomeClass::First,
            (Side::Right, Side::Left) => OutcomeClass::Second,
        }
    }
}

/// The best of the plays after each move of `mover` (each the play of the position moved
/// to): the quickest win, else the slowest loss; a loss at once with no move.
fn best(mover: Side, after: impl IntoIterator<Item = CompoundPlay>) -> CompoundPlay {
    let mut win: Option<u64> = None;
    let mut loss: Option<u64> = None;
    for p in after {
        if p.winner == mover {
            win = Some(win.map_or(p.moves, |w| w.min(p.moves)));
        } else {
            loss = Some(loss.map_or(p.moves, |l| l.max(p.moves)));
        }
    }
    match (win, loss) {
        (Some(w), _) => CompoundPlay {
            winner: mover,
            moves: w + 1,
        },
        (None, Some(l)) => CompoundPlay {
            winner: mover.other(),
            moves: l + 1,
        },
        (None, None) => CompoundPlay {
            winner: mover.other(),
            moves: 0,
        },
    }
}

impl GameStore {
    /// The remoteness of `g` (its canonical form's tree) with `mover` to move: who wins and
    /// in how many moves, the winner ending it soonest and the loser putting it off. One
    /// visit per follower and player, within the store's budget; its depth is the birthday.
    ///
    /// ```
    /// use grundy::partizan::{GameStore, Side};
    ///
    /// let mut store = GameStore::new();
    /// let three = store.integer(3);
    /// // Left moves to 2, where Right cannot move; Right, moving first, cannot move at all.
    /// let play = store.remoteness(three, Side::Left).unwrap();
    /// assert_eq!((play.winner, play.moves), (Side::Left, 1));
    /// let play = store.remoteness(three, Side::Right).unwrap();
    /// assert_eq!((play.winner, play.moves), (Side::Left, 0));
    /// ```
    pub fn remoteness(&mut self, g: GameId, mover: Side) -> Result<CompoundPlay, ValueError> {
        let depth = self.birthday(g).saturating_add(2);
        self.guarded(depth, |s| {
            s.remoteness_in(g, mover, &mut FxHashMap::default())
        })
    }

    fn remoteness_in(
        &mut self,
        g: GameId,
        mover: Side,
        memo: &mut FxHashMap<(GameId, Side), CompoundPlay>,
    ) -> Result<CompoundPlay, ValueError> {
        if let Some(&p) = memo.get(&(g, mover)) {
            return Ok(p);
        }
        self.tick()?;
        let mut after = Vec::new();
        for o in self.options(g, mover)? {
            after.push(self.remoteness_in(o, mover.other(), memo)?);
        }
        let p = best(mover, after);
        memo.insert((g, mover), p);
        Ok(p)
    }

    /// The outcome of the compound `kind` of `games` (their canonical forms' trees): who
    /// wins with each player moving first, and in how many moves. The conjunctive compound
    /// by the remoteness of each component (one visit per follower); the selective one by a
    /// search of the tuples of positions reached, each move a choice of options in a
    /// non-empty set of components (exponential in the components), memoised, within the
    /// store's budget.
    ///
    /// ```
    /// use grundy::partizan::compound::Compound;
    /// use grundy::partizan::{GameStore, OutcomeClass};
    ///
    /// let mut store = GameStore::new();
    /// let (one, switch) = (store.parse("1").unwrap(), store.parse("{1|0}").unwrap());
    /// // Right cannot move in 1: he loses the conjunctive compound at once.
    /// let c = store.compound_outcome(Compound::Conjunctive, &[one, switch]).unwrap();
    /// assert_eq!(c.class(), OutcomeClass::Left);
    /// ```
    pub fn compound_outcome(
        &mut self,
        kind: Compound,
        games: &[GameId],
    ) -> Result<CompoundOutcome, ValueError> {
        let mut plays = [Side::Left, Side::Right].map(|_| None);
        for (k, mover) in [Side::Left, Side::Right].into_iter().enumerate() {
            plays[k] = Some(match kind {
                Compound::Conjunctive => {
                    let mut quickest: Option<CompoundPlay> = None;
                    for &g in games {
                        let p = self.remoteness(g, mover)?;
                        if quickest.is_none_or(|q| p.moves < q.moves) {
                            quickest = Some(p);
                        }
                    }
                    // No component: the mover cannot move.
                    quickest.unwrap_or(CompoundPlay {
                        winner: mover.other(),
                        moves: 0,
                    })
                }
                Compound::Selective => {
                    let mut state = games.to_vec();
                    state.sort_unstable();
                    let depth = games
                        .iter()
                        .fold(2u64, |d, &g| d.saturating_add(self.birthday(g)));
                    self.guarded(depth, |s| {
                        s.selective_in(&state, mover, &mut FxHashMap::default())
                    })?
                }
            });
        }
        let [Some(left_first), Some(right_first)] = plays else {
            unreachable!("both players are done")
        };
        Ok(CompoundOutcome {
            left_first,
            right_first,
        })
    }

    /// The selective compound of the positions `state` (sorted) with `mover` to move.
    fn selective_in(
        &mut self,
        state: &[GameId],
        mover: Side,
        memo: &mut FxHashMap<(Vec<GameId>, Side), CompoundPlay>,
    ) -> Result<CompoundPlay, ValueError> {
        if let Some(&p) = memo.get(&(state.to_vec(), mover)) {
            return Ok(p);
        }
        let mut choices: Vec<Vec<GameId>> = Vec::with_capacity(state.len());
        for &g in state {
            // Staying put, or one of the mover's options.
            let mut c = vec![g];
            c.extend(self.options(g, mover)?);
            choices.push(c);
        }
        let mut after = Vec::new();
        let mut pick = vec![0usize; state.len()];
        loop {
            // The next choice, counting in mixed radix; all zeros (no move) is skipped.
            let mut i = 0;
            while i < pick.len() {
                pick[i] += 1;
                if pick[i] < choices[i].len() {
                    break;
                }
                pick[i] = 0;
                i += 1;
            }
            if i == pick.len() {
                break;
            }
            self.tick()?;
            let mut next: Vec<GameId> = pick.iter().zip(&choices).map(|(&p, c)| c[p]).collect();
            next.sort_unstable();
            after.push(self.selective_in(&next, mover.other(), memo)?);
        }
        let p = best(mover, after);
        memo.insert((state.to_vec(), mover), p);
        Ok(p)
    }
}
