//! Rulesets: concrete partizan games on boards, strips and graphs, valued by the engine.
//!
//! A [`Ruleset`] reads a position from text (CGSuite's grid notation: `x` Left's piece, `o`
//! Right's, `.` empty, `#` blocked, `|` between rows), lists each player's moves, and splits
//! a position into independent regions, each normalised (translated to its corner, and put in
//! a fixed orientation among the board symmetries that swap nothing between the players) so
//! that equal regions meet in one memo entry. An [`Evaluator`] values a position as the sum of
//! its regions' values, each region valued once from its options' values: the number of
//! regions valued is the number of distinct normalised regions reachable, and each costs one
//! canonical form in the [`GameStore`]. [`analyse`] adds the outcome class and each player's
//! winning moves, which the catalogue prints.
//!
//! The rulesets, one file each: [`domineering`], [`cram`], [`clobber`] (with AntiClobber),
//! [`toads_frogs`] (with Elephants and Rhinos), [`hackenbush`] (with Childish Hackenbush),
//! [`snort_col`] (Snort, Col and Fjords, on graphs), [`arc_kayles`] (Arc Kayles, weighted
//! and partizan), [`digraph_placement`] (cgt-tools' Digraph Placement),
//! [`konane`], [`amazons`], [`fission`], [`ski_jumps`], [`cutcake`] (sums of rectangles),
//! [`eatcake`] (with Turn-and-Eatcake), [`maundy_cake`], [`partizan_euclid`],
//! [`partizan_heaps`] (Partizan Subtraction, Splittles and Take-and-Break, on sums of
//! heaps); [`clobber`] is CGSuite's schema of clobbering games (Hot Clobber, Kings, Knights,
//! Rooks, Queens); and three loopy games, [`backsliding`] Toads and Frogs and [`fox_geese`]
//! (Fox and Geese, and Ceylonese Fox and Geese), listed for the front ends in
//! [`loopy_registry`];
//! [`grid`] holds what the board games share (reading a grid, bitboard geometry,
//! normalisation, moves from cell to cell), [`cakes`] what the games on pairs share,
//! [`graph_text`] CGSuite's graph notation. The catalogue's families for them are in
//! `grundy_catalogue::games::rulesets`.

use std::fmt;
use std::hash::Hash;

use rustc_hash::FxHashMap as HashMap;

use super::store::Held;
use super::{GameId, GameStore, OutcomeClass, PartizanRules, Side, ValueError};

pub mod amazons;
pub mod arc_kayles;
pub mod backsliding;
pub mod cakes;
pub mod clobber;
pub mod cram;
pub mod cutcake;
pub mod digraph_placement;
pub mod domineering;
pub mod eatcake;
pub mod fission;
pub mod fox_geese;
pub mod graph_text;
pub mod grid;
pub mod hackenbush;
pub mod konane;
pub mod loopy_registry;
pub mod maundy_cake;
pub mod partizan_euclid;
pub mod partizan_heaps;
mod race;
pub mod ski_jumps;
pub mod snort_col;
pub mod toads_frogs;
mod valued;

pub use race::{RaceBounds, CHAINED, ZONES};
pub use valued::{PositionError, Valued};

/// A position could not be read: where (`line:column`, both from 1; on a one-line board the
/// line is the row, rows being separated by `|`) and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct BoardError {
    /// The line (the row of a grid), from 1.
    pub line: usize,
    /// The column (the character within the row), from 1.
    pub column: usize,
    /// What was expected, and what was found.
    pub message: String,
}

impl BoardError {
    /// An error at `line:column`.
    pub fn at(line: usize, column: usize, message: impl fmt::Display) -> BoardError {
        BoardError {
            line,
            column,
            message: message.to_string(),
        }
    }
}

/// The rules of a partizan game played on positions read from text.
///
/// Implementations keep [`moves`](Ruleset::moves) cheap (no text is built there: the
/// [`Move`](Ruleset::Move) is a few numbers, printed only when asked), since the evaluator
/// calls it once per side for every distinct region.
pub trait Ruleset {
    /// A position (a board, a strip, a graph): a memo key, so equal positions must be the
    /// same game.
    type Position: Clone + Eq + Hash + fmt::Debug;
    /// A move, as the player would name it: `(1,2)-(2,2)`.
    type Move: Copy + fmt::Display + fmt::Debug;

    /// The ruleset's name: `Domineering`.
    fn name(&self) -> &'static str;

    /// Reads a position, with an error naming its place for anything else.
    fn parse(&self, text: &str) -> Result<Self::Position, BoardError>;

    /// The position in the notation [`parse`](Ruleset::parse) reads.
    fn show(&self, p: &Self::Position) -> String;

    /// Appends the moves of `side` at `p` to `out`, each with the position it leads to.
    fn moves(&self, p: &Self::Position, side: Side, out: &mut Vec<(Self::Move, Self::Position)>);

    /// Appends to `out` the independent regions of `p` (the position is their sum), each
    /// normalised, leaving out regions where no one can ever move.
    fn regions(&self, p: &Self::Position, out: &mut Vec<Self::Position>);

    /// How many moves `side` has at `p`: what [`moves`](Ruleset::moves) would list, which a
    /// ruleset may count without building them (the search's ordering counts moves of every
    /// position it meets).
    fn move_count(&self, p: &Self::Position, side: Side) -> usize {
        let mut moves = Vec::new();
        self.moves(p, side, &mut moves);
        moves.len()
    }

    /// Bounds on the moves `side` can still make in `p`, for the search's count of moves
    /// ([`crate::partizan::search`]): `(safe, most)`, where `side` can make `safe` moves
    /// whatever either player does (moves the opponent can never take away, no two of which
    /// exclude each other), and can never make more than `most`. `None`, the default, where
    /// the ruleset has no such count. An implementation must be sound: a wrong bound gives a
    /// wrong outcome.
    fn move_bounds(&self, p: &Self::Position, side: Side) -> Option<(usize, usize)> {
        let _ = (p, side);
        None
    }

    /// What the search's count of moves knows of `side`'s moves in `p` ([`RaceBounds`]: its
    /// safe moves, its most, the cells its moves can cover, its zones). By default the
    /// bounds of [`move_bounds`](Ruleset::move_bounds) alone, without zones; a ruleset that
    /// knows more says it here. Soundness is the implementation's: a wrong bound gives a
    /// wrong outcome.
    fn race_bounds(&self, p: &Self::Position, side: Side) -> Option<RaceBounds> {
        let (safe, most) = self.move_bounds(p, side)?;
        let (_, theirs) = self.move_bounds(p, side.other())?;
        Some(RaceBounds::counted(safe, most, theirs))
    }

    /// The bytes `p` holds on the heap beyond its own size (an edge list, an adjacency
    /// table), for the evaluator's estimate of its memory. None by default.
    fn heap_bytes(&self, p: &Self::Position) -> usize {
        let _ = p;
        0
    }

    /// The parts of the position's drawing a player points at to make move `m` at `p` (which
    /// leads to `next`), and every part it changes, for a front end that plays by clicking
    /// ([`MoveParts`]); `None`, the default, where comparing the drawings before and after
    /// the move says it (a board that keeps its cells). A ruleset says it where that
    /// comparison cannot: a move that takes cells out of the notation (Toppling Dominoes'
    /// fallen dominoes), or one whose vertex the tints left behind do not tell (Snort, Col).
    fn move_parts(
        &self,
        p: &Self::Position,
        m: &Self::Move,
        next: &Self::Position,
    ) -> Option<MoveParts> {
        let _ = (p, m, next);
        None
    }

    /// The value of the position written `text`, in one call: its canonical form and
    /// outcome class, with the store that holds it ([`Valued`]), within the default
    /// [`Budget`](crate::budget::Budget) (use [`Valued::new`] for another). Costs one
    /// canonical form per distinct normalised region reachable from the position.
    ///
    /// ```
    /// use grundy::prelude::*;
    ///
    /// assert_eq!(Domineering.value_of("..|..")?.canonical_form(), "+-1");
    ///
    /// let mut v = Domineering.value_of("...|...|...")?;
    /// assert_eq!(v.outcome_class(), OutcomeClass::First);
    /// let t = v.value();
    /// assert_eq!(v.store_mut().temperature(t)?.to_string(), "1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn value_of(&self, text: &str) -> Result<Valued, PositionError>
    where
        Self: Sized + Clone,
    {
        Valued::new(self.clone(), text, &crate::budget::Budget::default())
    }
}

/// What a move does on its position's drawing, in parts: `[row, column]` of a board drawn as
/// its notation (rows separated by `|`, from 0), `[vertex]` of a graph (its number): see
/// [`Ruleset::move_parts`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveParts {
    /// The parts pointed at to make the move, in order.
    pub path: Vec<Vec<u64>>,
    /// Every part the move changes (the path's among them).
    pub changed: Vec<Vec<u64>>,
}

/// A ruleset as [`PartizanRules`], for the generic solvers (through
/// [`Sided`](super::Sided)) and for tests that build game trees from the rules alone.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rules<R>(pub R);

impl<R: Ruleset> PartizanRules for Rules<R> {
    type Position = R::Position;

    fn options(&self, p: &R::Position, side: Side, out: &mut Vec<R::Position>) {
        let mut moves = Vec::new();
        self.0.moves(p, side, &mut moves);
        out.extend(moves.into_iter().map(|(_, q)| q));
    }
}

/// Values positions of a ruleset as canonical forms in a [`GameStore`], memoising the value
/// of each normalised region. The memo holds ids of one store: use an evaluator with the
/// store it was first used with.
///
/// The store's budget ([`GameStore::with_budget`]) bounds the evaluation too: every
/// [`CHECK_REGIONS`] regions valued, the memo's bytes and the regions it valued (not those
/// remembered from a table) are counted with the store's bytes and games and the budget
/// checked, so a position too large to value stops
/// with [`ValueError::Budget`].
#[derive(Debug)]
pub struct Evaluator<R: Ruleset> {
    rules: R,
    memo: HashMap<R::Position, GameId>,
    /// The bytes the memo's positions hold on the heap.
    heap: u64,
    /// Regions of the memo taken from a table ([`Evaluator::remember`]) rather than valued:
    /// they are counted against the memory budget, not the positions.
    remembered: u64,
    /// Regions being valued, one inside another's options, and the most allowed.
    depth: u64,
    max_depth: u64,
}

/// Regions valued between two checks of the budget by an [`Evaluator`].
pub const CHECK_REGIONS: usize = 256;

impl<R: Ruleset> Evaluator<R> {
    /// An evaluator with an empty memo.
    pub fn new(rules: R) -> Evaluator<R> {
        Evaluator {
            rules,
            memo: HashMap::default(),
            heap: 0,
            remembered: 0,
            depth: 0,
            max_depth: u64::MAX,
        }
    }

    /// The same evaluator, failing with [`ValueError::TooDeep`] rather than value a region
    /// more than `depth` regions inside another's options: each level takes the caller's
    /// stack, and rules that are not known to end (a game defined by a user, which may have
    /// a cycle) must stop before it runs out. The built-in rulesets, whose boards fill up,
    /// need no bound.
    pub fn with_max_depth(mut self, depth: u64) -> Evaluator<R> {
        self.max_depth = depth;
        self
    }

    /// The bytes the memo holds, by estimate: its table at its capacity (an entry and a
    /// control byte a bucket, with the growth it is about to make: see
    /// [`growing_bytes`](super::store::growing_bytes)) and what its positions hold on the
    /// heap. O(1).
    pub fn bytes(&self) -> u64 {
        let entry = (std::mem::size_of::<(R::Position, GameId)>() as u64 + 1) * 8 / 7;
        super::store::growing_bytes(self.memo.len(), self.memo.capacity(), entry) + self.heap
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// How many distinct regions have been valued.
    pub fn regions_valued(&self) -> usize {
        self.memo.len()
    }

    /// The regions valued so far, each with its value, in no particular order (for a table
    /// of regions saved to a file: [`super::region_table`]). O(1) an item.
    pub fn valued(&self) -> impl Iterator<Item = (&R::Position, GameId)> + '_ {
        self.memo.iter().map(|(p, &v)| (p, v))
    }

    /// Takes `v` as the value of the region `p` (normalised, as
    /// [`Ruleset::regions`] gives it) without valuing it: for a table of regions read back
    /// from a file whose checks the caller has made. O(1).
    pub fn remember(&mut self, p: R::Position, v: GameId) {
        self.heap += self.rules.heap_bytes(&p) as u64;
        if self.memo.insert(p, v).is_none() {
            self.remembered += 1;
        }
    }

    /// The canonical form of `p`: the sum of its regions' values. Each region not valued
    /// before costs its options' values (recursively) and one canonical form. Fails with
    /// [`ValueError::Budget`] when the store's budget runs out.
    pub fn value(&mut self, store: &mut GameStore, p: &R::Position) -> Result<GameId, ValueError> {
        let mut regions = Vec::new();
        self.rules.regions(p, &mut regions);
        let mut total = GameId::ZERO;
        for region in regions {
            // A region already valued costs a lookup and a sum, and a position of many
            // regions is valued again for each of its moves: counted, so that the budget's
            // deadline holds there too.
            store.tick()?;
            let v = self.region_value(store, region)?;
            total = store.sum(total, v)?;
        }
        Ok(total)
    }

    fn region_value(
        &mut self,
        store: &mut GameStore,
        region: R::Position,
    ) -> Result<GameId, ValueError> {
        if let Some(&v) = self.memo.get(&region) {
            return Ok(v);
        }
        if self.depth >= self.max_depth {
            return Err(ValueError::TooDeep {
                depth: self.depth + 1,
                limit: self.max_depth,
            });
        }
        self.depth += 1;
        let value = self.new_region_value(store, region);
        self.depth -= 1;
        value
    }

    /// The value of a region not valued before: from its options' values.
    fn new_region_value(
        &mut self,
        store: &mut GameStore,
        region: R::Position,
    ) -> Result<GameId, ValueError> {
        let mut sides = [Vec::new(), Vec::new()];
        let mut moves = Vec::new();
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            moves.clear();
            self.rules.moves(&region, side, &mut moves);
            for (_, next) in &moves {
                sides[k].push(self.value(store, next)?);
            }
        }
        let v = store.game(&sides[0], &sides[1])?;
        self.heap += self.rules.heap_bytes(&region) as u64;
        self.memo.insert(region, v);
        if self.memo.len() % CHECK_REGIONS == 0 {
            store.check_budget(Held {
                bytes: self.bytes(),
                positions: self.memo.len() as u64 - self.remembered,
            })?;
        }
        Ok(v)
    }
}

/// A move of an [`Analysis`]: the move, the position it leads to, and that position's value.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ValuedMove {
    /// The move, as the ruleset names it.
    #[serde(rename = "move")]
    pub play: String,
    /// The position after it.
    pub position: String,
    /// The canonical form of the position after it.
    pub canonical_form: String,
}

impl fmt::Display for ValuedMove {
    /// `(1,1)-(2,1) to #.|#. = 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} to {} = {}",
            self.play, self.position, self.canonical_form
        )
    }
}

/// What the catalogue says of a position: its canonical form, its outcome class, and each
/// player's winning moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The position, as the ruleset prints it.
    pub position: String,
    /// Its canonical form.
    pub value: GameId,
    /// Its outcome class.
    pub class: OutcomeClass,
    /// Left's winning moves (to positions G' ≥ 0), in the order the ruleset lists moves.
    pub left_wins: Vec<ValuedMove>,
    /// Right's winning moves (to positions G' ≤ 0).
    pub right_wins: Vec<ValuedMove>,
}

/// Values `p` and each player's moves: a move of Left wins iff the position it leads to,
/// with Right to move, is won by Left, that is G' ≥ 0; one of Right's iff G' ≤ 0. Costs
/// the value of `p` and of each option (memoised together), and one comparison per move.
pub fn analyse<R: Ruleset>(
    evaluator: &mut Evaluator<R>,
    store: &mut GameStore,
    p: &R::Position,
) -> Result<Analysis, ValueError> {
    let value = evaluator.value(store, p)?;
    let class = store.outcome(value)?;
    let mut wins = [Vec::new(), Vec::new()];
    let mut moves = Vec::new();
    for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        moves.clear();
        evaluator.rules.moves(p, side, &mut moves);
        for (m, next) in &moves {
            let v = evaluator.value(store, next)?;
            let wins_for_mover = match side {
                Side::Left => store.leq(GameId::ZERO, v)?,
                Side::Right => store.leq(v, GameId::ZERO)?,
            };
            if wins_for_mover {
                wins[k].push(ValuedMove {
                    play: m.to_string(),
                    position: evaluator.rules.show(next),
                    canonical_form: store.display(v),
                });
            }
        }
    }
    let [left_wins, right_wins] = wins;
    Ok(Analysis {
        position: evaluator.rules.show(p),
        value,
        class,
        left_wins,
        right_wins,
    })
}
