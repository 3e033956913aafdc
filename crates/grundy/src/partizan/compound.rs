//! Compounds of short games other than the disjunctive sum (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 9, and the sequential compound), played on the game trees of the
//! canonical forms given. A component has *ended* when neither player can move in it (its
//! canonical form is 0); a player who cannot move in the compound loses.
//!
//! - the **conjunctive** compound (CGSuite's `ConjunctiveSum`, Winning Ways' *join*): the
//!   player to move moves in every component; who cannot move in one of them loses. Valued,
//!   as Winning Ways values it, by *remoteness* (Steinhaus): the winner of a component with
//!   the player to move can end it within r moves, the loser can make it last r moves; the
//!   compound ends with the component of least remoteness, whose winner wins it.
//! - the **selective** compound (CGSuite's `SelectiveSum`, Winning Ways' *union*): the
//!   player to move moves in any number of components, at least one; who can move in none
//!   loses. Valued by its definition: a search of the tuples of positions.
//! - the **continued conjunctive** compound (Winning Ways' *slow join*): the player to move
//!   moves in every component in which he can, and loses only when he can move in none.
//!   Counted by *suspense*, Winning Ways' rule for it: the compound ends with its last
//!   component, so the winner of a component makes it last and the loser cuts it short, and
//!   the component of greatest suspense decides. That holds when every follower of every
//!   component is 0 or has moves for both players (impartial games, for one): then each
//!   component's suspense is computed once and the greatest taken; otherwise a player may
//!   be stuck in a component his opponent can still move in, the components no longer keep
//!   step, and the tuples of positions are searched.
//! - the **diminished disjunctive** compound: the player to move moves in exactly one
//!   component, and the compound is over as soon as any component has ended (the player to
//!   move then loses). Searched, counted by remoteness.
//! - the **shortened selective** compound (Winning Ways' *urgent union*): moves as in the
//!   selective compound, over as soon as any component has ended. Searched, counted by
//!   remoteness.
//! - the **sequential** compound `G → H → …`: the players move in the first component until
//!   it has ended, then in the next; a player who cannot move in the component under way
//!   loses. Not the ordinal sum `G : H`, where either component may be played at any time
//!   and a move in the base G ends the subordinate H. One visit per follower and player.
//!
//! None of these compounds is a function of the components' values (a conjunctive compound
//! is won by the quickest ending, which equal games need not share), so each answers an
//! outcome with each player first, not a canonical form; the forms played are the canonical
//! forms. The disjunctive sum is `G + H` and the ordinal sum `G : H`, both canonical forms,
//! in the notation.

use rustc_hash::FxHashMap;

use super::error::ValueError;
use super::store::{growing_bytes, GameId, GameStore, Held, CHECK_EVERY};
use super::Side;
use crate::outcome::OutcomeClass;

/// A compound of Winning Ways, ch. 9 (or the sequential compound), valued by outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compound {
    /// Move in every component; who cannot move in one loses.
    Conjunctive,
    /// Move in any non-empty set of components; who can move in none loses.
    Selective,
    /// Move in every component one can; who can move in none loses.
    ContinuedConjunctive,
    /// Move in exactly one component; over as soon as any component has ended.
    DiminishedDisjunctive,
    /// Move in any non-empty set of components; over as soon as any component has ended.
    ShortenedSelective,
    /// Move in the first component that has not ended.
    Sequential,
}

/// How the moves of a compound's best play are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Count {
    /// The winner ends it as soon as he can, the loser puts it off (Steinhaus's remoteness):
    /// for compounds that end with their first component to end.
    Remoteness,
    /// The winner makes it last, the loser cuts it short (Winning Ways' suspense): for the
    /// continued conjunctive compound, which ends with its last component.
    Suspense,
}

impl Compound {
    /// Every compound, in the order of the documentation.
    pub const ALL: [Compound; 6] = [
        Compound::Conjunctive,
        Compound::Selective,
        Compound::ContinuedConjunctive,
        Compound::DiminishedDisjunctive,
        Compound::ShortenedSelective,
        Compound::Sequential,
    ];

    /// Its name (`conjunctive`, `selective`, `continued-conjunctive`,
    /// `diminished-disjunctive`, `shortened-selective`, `sequential`).
    pub fn name(self) -> &'static str {
        match self {
            Compound::Conjunctive => "conjunctive",
            Compound::Selective => "selective",
            Compound::ContinuedConjunctive => "continued-conjunctive",
            Compound::DiminishedDisjunctive => "diminished-disjunctive",
            Compound::ShortenedSelective => "shortened-selective",
            Compound::Sequential => "sequential",
        }
    }

    /// CGSuite's name of its operator (`ConjunctiveSum`, `SelectiveSum`), where CGSuite has
    /// one.
    pub fn cgsuite_name(self) -> Option<&'static str> {
        match self {
            Compound::Conjunctive => Some("ConjunctiveSum"),
            Compound::Selective => Some("SelectiveSum"),
            _ => None,
        }
    }

    /// How its moves are counted: by suspense for the continued conjunctive compound, by
    /// remoteness for the others.
    pub fn count(self) -> Count {
        match self {
            Compound::ContinuedConjunctive => Count::Suspense,
            _ => Count::Remoteness,
        }
    }

    /// The compound named `name` (its name or CGSuite's, in any case, `_` for `-`).
    pub fn from_name(name: &str) -> Option<Compound> {
        let name = name.replace('_', "-");
        Compound::ALL.into_iter().find(|c| {
            name.eq_ignore_ascii_case(c.name())
                || c.cgsuite_name()
                    .is_some_and(|cg| name.eq_ignore_ascii_case(cg))
        })
    }

    /// Whether it is over as soon as any component has ended.
    fn ends_with_any(self) -> bool {
        matches!(
            self,
            Compound::DiminishedDisjunctive | Compound::ShortenedSelective
        )
    }
}

/// Who wins a compound with one player moving first, and in how many moves of best play
/// (counted as [`Compound::count`] says: the remoteness, or for the continued conjunctive
/// compound the suspense).
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

/// Which of two counts of moves is kept.
type Pick = fn(u64, u64) -> u64;

/// The best of the plays after each move of one player, gathered one at a time so that a
/// search of many moves holds none of them.
#[derive(Default)]
struct Best {
    /// The count of the mover's best win among the moves seen.
    win: Option<u64>,
    /// The count of the mover's best loss among the moves seen.
    loss: Option<u64>,
}

impl Best {
    /// Takes the play after one move of `mover`. By remoteness the quickest win and the
    /// slowest loss are best; by suspense the slowest win and the quickest loss.
    fn see(&mut self, mover: Side, count: Count, p: CompoundPlay) {
        let (pick_win, pick_loss): (Pick, Pick) = match count {
            Count::Remoteness => (u64::min, u64::max),
            Count::Suspense => (u64::max, u64::min),
        };
        if p.winner == mover {
            self.win = Some(self.win.map_or(p.moves, |w| pick_win(w, p.moves)));
        } else {
            self.loss = Some(self.loss.map_or(p.moves, |l| pick_loss(l, p.moves)));
        }
    }

    /// The play of `mover`: a win if any move wins, else a loss; a loss at once with no move.
    fn play(&self, mover: Side) -> CompoundPlay {
        match (self.win, self.loss) {
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
}

/// The memo of a search of tuples of positions: the play of each tuple (sorted, for the
/// compounds in which the components' order does not matter) and player to move.
type TupleMemo = FxHashMap<(Vec<GameId>, Side), CompoundPlay>;

/// The bytes of a tuple memo of `len` entries of tuples of `n` positions at `capacity`.
fn tuple_memo_bytes(memo: &TupleMemo, n: usize) -> u64 {
    // Each entry: the key's vector header and positions, the side and the play.
    let entry = std::mem::size_of::<(Vec<GameId>, Side, CompoundPlay)>()
        + n * std::mem::size_of::<GameId>();
    growing_bytes(memo.len(), memo.capacity(), (entry as u64 + 1) * 8 / 7)
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
            s.tally_in(g, mover, Count::Remoteness, &mut FxHashMap::default())
        })
    }

    /// The remoteness or suspense of `g` with `mover` to move (see [`Count`]). One visit per
    /// follower and player.
    fn tally_in(
        &mut self,
        g: GameId,
        mover: Side,
        count: Count,
        memo: &mut FxHashMap<(GameId, Side), CompoundPlay>,
    ) -> Result<CompoundPlay, ValueError> {
        if let Some(&p) = memo.get(&(g, mover)) {
            return Ok(p);
        }
        self.tick()?;
        let mut best = Best::default();
        for o in self.options(g, mover)? {
            let p = self.tally_in(o, mover.other(), count, memo)?;
            best.see(mover, count, p);
        }
        let p = best.play(mover);
        memo.insert((g, mover), p);
        Ok(p)
    }

    /// Whether every follower of `g` (itself included) is 0 or has moves for both players,
    /// so that in a continued conjunctive compound nobody is ever stuck in it while his
    /// opponent is not. One visit per follower.
    fn keeps_step(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, bool>,
    ) -> Result<bool, ValueError> {
        if let Some(&k) = memo.get(&g) {
            return Ok(k);
        }
        self.tick()?;
        let (left, right) = (self.left_options(g)?, self.right_options(g)?);
        let mut keeps = left.is_empty() == right.is_empty();
        for o in left.into_iter().chain(right) {
            if !keeps {
                break;
            }
            keeps = self.keeps_step(o, memo)?;
        }
        memo.insert(g, keeps);
        Ok(keeps)
    }

    /// The outcome of the compound `kind` of `games` (their canonical forms' trees, in the
    /// order given, which matters only to the sequential compound): who wins with each
    /// player moving first, and in how many moves (see [`Compound::count`]). The
    /// conjunctive compound by the remoteness of each component, the continued conjunctive
    /// one by the suspense of each when its components keep step (see the module's page),
    /// and the sequential one by a walk of the components' followers: one visit per
    /// follower and player. The others, and the continued conjunctive compound of
    /// components that do not keep step, by a search of the tuples of positions reached
    /// (exponential in the components: each position a tuple, each move of the selective
    /// compounds a choice in every component), memoised, its memo counted against the
    /// store's budget with its positions, bytes, deadline and cancel flag.
    ///
    /// ```
    /// use grundy::partizan::compound::Compound;
    /// use grundy::partizan::{GameStore, OutcomeClass, Side};
    ///
    /// let mut store = GameStore::new();
    /// let (one, switch) = (store.parse("1").unwrap(), store.parse("{1|0}").unwrap());
    /// // Right cannot move in 1: he loses the conjunctive compound at once.
    /// let c = store.compound_outcome(Compound::Conjunctive, &[one, switch]).unwrap();
    /// assert_eq!(c.class(), OutcomeClass::Left);
    /// // In the continued one he moves in {1|0} alone (to 0), Left in 1, and he is stuck.
    /// let c = store
    ///     .compound_outcome(Compound::ContinuedConjunctive, &[one, switch])
    ///     .unwrap();
    /// assert_eq!((c.right_first.winner, c.right_first.moves), (Side::Left, 2));
    /// ```
    pub fn compound_outcome(
        &mut self,
        kind: Compound,
        games: &[GameId],
    ) -> Result<CompoundOutcome, ValueError> {
        let done = self.compound_outcome_in(kind, games);
        // The search's memo is gone: the store's later work is not charged for it. A store
        // already out of budget fails its next operation all the same.
        let _ = self.check_budget(Held::default());
        done
    }

    fn compound_outcome_in(
        &mut self,
        kind: Compound,
        games: &[GameId],
    ) -> Result<CompoundOutcome, ValueError> {
        let depth = games
            .iter()
            .fold(2u64, |d, &g| d.saturating_add(self.birthday(g)));
        let mut keeps_step = kind == Compound::ContinuedConjunctive;
        if keeps_step {
            let mut memo = FxHashMap::default();
            for &g in games {
                let k = self.guarded(depth, |s| s.keeps_step(g, &mut memo))?;
                keeps_step &= k;
            }
        }
        let mut plays = [Side::Left, Side::Right].map(|_| None);
        for (k, mover) in [Side::Left, Side::Right].into_iter().enumerate() {
            plays[k] = Some(match kind {
                Compound::Conjunctive | Compound::ContinuedConjunctive
                    if kind == Compound::Conjunctive || keeps_step =>
                {
                    // The join ends with its quickest component, the slow join with its
                    // slowest; no component: the mover cannot move.
                    let mut decider: Option<CompoundPlay> = None;
                    let mut memo = FxHashMap::default();
                    for &g in games {
                        let p =
                            self.guarded(depth, |s| s.tally_in(g, mover, kind.count(), &mut memo))?;
                        let better = match kind.count() {
                            Count::Remoteness => decider.is_none_or(|d| p.moves < d.moves),
                            Count::Suspense => decider.is_none_or(|d| p.moves > d.moves),
                        };
                        if better {
                            decider = Some(p);
                        }
                    }
                    decider.unwrap_or(CompoundPlay {
                        winner: mover.other(),
                        moves: 0,
                    })
                }
                Compound::Sequential => self.guarded(depth, |s| {
                    s.sequential_in(
                        games,
                        0,
                        games.first().copied(),
                        mover,
                        &mut FxHashMap::default(),
                    )
                })?,
                _ => {
                    let mut state = games.to_vec();
                    state.sort_unstable();
                    self.guarded(depth, |s| {
                        s.tuples_in(kind, &state, mover, &mut TupleMemo::default())
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

    /// The sequential compound at position `g` of component `i` (`None` past the last), the
    /// components after it unplayed, with `mover` to move.
    fn sequential_in(
        &mut self,
        games: &[GameId],
        i: usize,
        g: Option<GameId>,
        mover: Side,
        memo: &mut FxHashMap<(usize, GameId, Side), CompoundPlay>,
    ) -> Result<CompoundPlay, ValueError> {
        // A component that has ended passes play on to the next, with the same player.
        let (mut i, mut g) = (i, g);
        while g == Some(GameId::ZERO) {
            i += 1;
            g = games.get(i).copied();
        }
        let Some(g) = g else {
            // Every component has ended.
            return Ok(Best::default().play(mover));
        };
        if let Some(&p) = memo.get(&(i, g, mover)) {
            return Ok(p);
        }
        self.tick()?;
        let mut best = Best::default();
        for o in self.options(g, mover)? {
            let p = self.sequential_in(games, i, Some(o), mover.other(), memo)?;
            best.see(mover, Count::Remoteness, p);
        }
        let p = best.play(mover);
        memo.insert((i, g, mover), p);
        Ok(p)
    }

    /// The compound `kind` (any but the conjunctive and the sequential) of the positions
    /// `state` (sorted) with `mover` to move, by its definition.
    fn tuples_in(
        &mut self,
        kind: Compound,
        state: &[GameId],
        mover: Side,
        memo: &mut TupleMemo,
    ) -> Result<CompoundPlay, ValueError> {
        if let Some(&p) = memo.get(&(state.to_vec(), mover)) {
            return Ok(p);
        }
        let mut best = Best::default();
        if !(kind.ends_with_any() && state.contains(&GameId::ZERO)) {
            // What each component may become: itself (no move in it) first, then the
            // mover's options; in the continued conjunctive compound a component the mover
            // can move in must be moved in.
            let mut choices: Vec<Vec<GameId>> = Vec::with_capacity(state.len());
            for &g in state {
                let options = self.options(g, mover)?;
                choices.push(
                    if kind == Compound::ContinuedConjunctive && !options.is_empty() {
                        options
                    } else {
                        std::iter::once(g).chain(options).collect()
                    },
                );
            }
            let mut see = |s: &mut GameStore, mut next: Vec<GameId>| {
                s.tick()?;
                next.sort_unstable();
                let p = s.tuples_in(kind, &next, mover.other(), memo)?;
                best.see(mover, kind.count(), p);
                Ok::<(), ValueError>(())
            };
            if kind == Compound::DiminishedDisjunctive {
                // One component moved, the others kept.
                for (i, c) in choices.iter().enumerate() {
                    for &o in &c[1..] {
                        let mut next = state.to_vec();
                        next[i] = o;
                        see(self, next)?;
                    }
                }
            } else {
                // Every tuple of choices, counting in mixed radix; one that moves nothing
                // (each component kept) is no move.
                let mut pick = vec![0usize; state.len()];
                loop {
                    let next: Vec<GameId> = pick.iter().zip(&choices).map(|(&p, c)| c[p]).collect();
                    if next != state {
                        see(self, next)?;
                    }
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
                }
            }
        }
        let p = best.play(mover);
        memo.insert((state.to_vec(), mover), p);
        if memo.len() % CHECK_EVERY as usize == 0 {
            self.check_budget(Held {
                bytes: tuple_memo_bytes(memo, state.len()),
                positions: memo.len() as u64,
            })?;
        }
        Ok(p)
    }
}
