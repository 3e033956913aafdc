//! The k-multiple dynamic subtraction game (动态 k 倍减法), for any rational k ≥ 1.
//!
//! **Rules** (notes 004, 问题三). One pile of n counters. The first player takes from 1 to
//! n − 1 counters (not the whole pile); afterwards each player takes at least one counter and
//! at most k times as many as the opponent just took (that is ⌊k·c⌋ after a take of c). The
//! player who takes the last counter wins. k = 2 is Fibonacci Nim
//! ([`fibonacci`](super::fibonacci)); k = 1 is the "at most what was just taken" game. In the
//! middle of play a position is a pile `n` and a limit `L` (the player to move takes 1 to
//! min(L, n)); the start is the pile n with L = n − 1.
//!
//! **The generated set N** (notes 004, "3. k ≥ 1"). Let f(n) be the least take that wins
//! from n counters when any take up to n is allowed: f(n) = min{ i ≥ 1 : i = n or
//! f(n − i) > k·i }. The pile sizes with f(n) = n, the set N, are the losing starts. N starts
//! with 1 and grows by the notes' second construction: the member after a is a + p(a), where
//! p(a) = min{ x ∈ N : k·x ≥ a } (so N = 1, 2, 4, 8, ... for 1 ≤ k < 2, the Fibonacci numbers
//! for k = 2, and N ⊇ {1, ..., ⌊k⌋ + 1} in general). Every n ≥ 1 is, in exactly one way, a sum
//! of members of N in which each term is more than k times the next smaller one; the greedy
//! algorithm finds it ([`LosingSizes::representation`]), and f(n) is its smallest term
//! ([`LosingSizes::min_winning_take`]).
//!
//! **Closed form.** The player to move at (n, L) wins iff f(n) ≤ L; from the start iff n ∉ N,
//! and then the least winning first move is f(n). The winning takes are exactly the sums of the
//! lowest terms of n's representation, t = x_j + ... + x_s (x_1 > ... > x_s), with t ≤ L and
//! either t = n or k·t < x_{j−1}: a take t wins iff n − t = 0 or f(n − t) > k·t, and then every
//! term of t is below f(n − t)/k, so the two representations together are n's. All are listed.
//!
//! The notes state the construction and "f(n) = the smallest term" without proof (004:
//! "以上性质这里暂不给出证明"; for k = 1 and k = 2 they prove it). Here they are checked: against
//! the generic solver on every position with a pile up to 100 for sixteen k from 1 to 1000
//! (including 6/5, 4/3, 3/2, 5/3, 9/4, 5/2, 8/3, 7/2), and against the recursion for f up to
//! 3000 for every k = p/q ≥ 1 with p ≤ 12, q ≤ 5 (tests/games_dynamic_subtraction.rs).
//!
//! k is an exact rational [`Ratio`] (`3/2`, `1.5`, `2`): ⌊k·c⌋ and the comparisons k·x ≥ a are
//! done in 128-bit integers.
//!
//! **Complexity.** N is generated up to n in O(|N ∩ [1, n]|) time and memory (the members up to
//! ⌊k⌋ + 1 are implicit): O(log n) members for fixed k, about 30·k up to 10^18 for large k. At
//! most [`MAX_GENERATED`] members beyond ⌊k⌋ + 1 are generated, else an error
//! ([`TooManyLosingSizes`]): up to n = 10^18 that allows k up to about 2·10^5; any k works for
//! n ≤ ⌊k⌋ + 1. A representation, outcome or list of winning moves then takes O(log |N|) per term.

use super::limited::{LimitedPile, LimitedTake};
use super::{Answer, CatalogueGame, Example, Family, Group, Inputs, Param, RunError};
use grundy::input;
pub use grundy::math::ratio::{Ratio, RatioError};
use grundy::report::{Field, Report};
use grundy::rules::Impartial;

/// The most members of N beyond ⌊k⌋ + 1 that [`LosingSizes::up_to`] generates (64 MiB).
pub const MAX_GENERATED: usize = 1 << 23;

/// The rules of the k-multiple dynamic subtraction game, for the generic solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DynamicSubtraction {
    /// The multiplier: after a take of c the next player takes at most ⌊k·c⌋.
    pub k: Ratio,
}

/// The start with n counters: any take but the whole pile (limit n − 1).
pub fn start(n: u64) -> LimitedPile {
    LimitedPile::new(n, u128::from(n.saturating_sub(1)))
}

impl Impartial for DynamicSubtraction {
    type Position = LimitedPile;

    fn options(&self, p: &LimitedPile, out: &mut grundy::rules::Moves<LimitedPile>) {
        out.extend((1..=p.limit).map(|t| LimitedPile::new(p.pile - t, self.k.floor_mul(t))));
    }
}

/// Why the losing sizes of a multiplier cannot be generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DynamicError {
    /// k < 1: the game is defined here for k ≥ 1 (below, a player could never take again).
    #[error("k = {0} is below 1: the game is defined here for k ≥ 1")]
    BelowOne(Ratio),
    /// Too many members of N up to the bound.
    #[error(transparent)]
    TooMany(#[from] TooManyLosingSizes),
}

/// N has too many members up to the bound to generate them (more than [`MAX_GENERATED`]
/// beyond ⌊k⌋ + 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "for k = {k} the losing pile sizes up to {bound} are too many to generate (more than \
     {limit} above {dense}; they number about 30·k up to 10^18): use a smaller pile or k"
)]
pub struct TooManyLosingSizes {
    /// The multiplier.
    pub k: Ratio,
    /// The bound asked for.
    pub bound: u64,
    /// ⌊k⌋ + 1: every pile up to it is in N.
    pub dense: u128,
    /// [`MAX_GENERATED`].
    pub limit: usize,
}

/// The generated set N of losing starts for a multiplier k, up to a bound: 1, ..., ⌊k⌋ + 1
/// (implicitly), then the members above, each the one before plus p(previous).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LosingSizes {
    k: Ratio,
    bound: u64,
    /// Every size in 1..=dense is a member (dense = min(⌊k⌋ + 1, bound)).
    dense: u64,
    /// The members above `dense`, up to `bound`, increasing.
    above: Vec<u64>,
}

impl LosingSizes {
    /// The members of N up to `bound`. O(|N ∩ [1, bound]| − ⌊k⌋) time; an error if more than
    /// [`MAX_GENERATED`] members lie above ⌊k⌋ + 1.
    pub fn up_to(k: Ratio, bound: u64) -> Result<LosingSizes, DynamicError> {
        if !k.at_least_one() {
            return Err(DynamicError::BelowOne(k));
        }
        let full_dense = u128::from(k.num() / k.den()) + 1;
        let dense = full_dense.min(u128::from(bound)) as u64;
        let mut above: Vec<u64> = Vec::new();
        // p(a) = min{ x ∈ N : x ≥ ⌈a/k⌉ }; ⌈a/k⌉ grows with a, so `next` only moves forward.
        let mut next = 0usize;
        let mut a = u128::from(dense);
        if full_dense <= u128::from(bound) {
            loop {
                let least = k.ceil_div(a);
                let p = if least <= full_dense {
                    least
                } else {
                    while u128::from(above[next]) < least {
                        next += 1;
                    }
                    u128::from(above[next])
                };
                a += p;
                if a > u128::from(bound) {
                    break;
                }
                if above.len() == MAX_GENERATED {
                    return Err(DynamicError::TooMany(TooManyLosingSizes {
                        k,
                        bound,
                        dense: full_dense,
                        limit: MAX_GENERATED,
                    }));
                }
                above.push(a as u64);
            }
        }
        Ok(LosingSizes {
            k,
            bound,
            dense,
            above,
        })
    }

    /// The multiplier k.
    pub fn k(&self) -> Ratio {
        self.k
    }

    /// The bound the set was generated up to.
    pub fn bound(&self) -> u64 {
        self.bound
    }

    /// How many members of N are at most the bound.
    pub fn len(&self) -> u64 {
        self.dense + self.above.len() as u64
    }

    /// Whether no member is at most the bound (the bound is 0).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The members up to the bound, increasing.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (1..=self.dense).chain(self.above.iter().copied())
    }

    /// Whether `n` (at most the bound) is in N: a losing start. O(log |N|).
    ///
    /// # Panics
    /// If `n` is above the bound.
    pub fn contains(&self, n: u64) -> bool {
        self.check(n);
        (1..=self.dense).contains(&n) || self.above.binary_search(&n).is_ok()
    }

    fn check(&self, n: u64) {
        assert!(
            n <= self.bound,
            "{n} is above the bound {} of the losing sizes",
            self.bound
        );
    }

    /// The largest member at most `n` (n ≥ 1, at most the bound).
    fn largest_at_most(&self, n: u64) -> u64 {
        if n <= self.dense {
            return n;
        }
        match self.above.partition_point(|&a| a <= n) {
            0 => self.dense,
            i => self.above[i - 1],
        }
    }

    /// The representation of `n` (at most the bound): members of N, largest first, each more
    /// than k times the next; empty for 0. O(log |N|) per term.
    ///
    /// # Panics
    /// If `n` is above the bound.
    pub fn representation(&self, n: u64) -> Vec<u64> {
        self.check(n);
        let mut terms = Vec::new();
        let mut rest = n;
        while rest > 0 {
            let t = self.largest_at_most(rest);
            debug_assert!(terms.last().is_none_or(|&above| self.k.exceeds(above, t)));
            terms.push(t);
            rest -= t;
        }
        terms
    }

    /// f(n), the least winning take from n counters when any take up to n is allowed: the
    /// smallest term of n's representation (`None` for 0). From the start the player to move
    /// wins iff f(n) < n, and f(n) is then the least winning first move.
    ///
    /// # Panics
    /// If `n` is above the bound.
    pub fn min_winning_take(&self, n: u64) -> Option<u64> {
        self.representation(n).last().copied()
    }

    /// Whether the player to move wins with `pile` counters (at most the bound) and limit
    /// `limit`: iff f(pile) ≤ limit.
    ///
    /// # Panics
    /// If `pile` is above the bound.
    pub fn wins(&self, pile: u64, limit: u64) -> bool {
        self.min_winning_take(pile).is_some_and(|f| f <= limit)
    }

    /// Every winning take with `pile` counters (at most the bound) and limit `limit`, in
    /// increasing order; empty iff the player to move loses.
    ///
    /// # Panics
    /// If `pile` is above the bound.
    pub fn winning_moves(&self, pile: u64, limit: u64) -> Vec<LimitedTake> {
        let terms = self.representation(pile);
        let mut moves = Vec::new();
        let mut take = 0u64;
        for j in (0..terms.len()).rev() {
            take += terms[j];
            if take <= limit && (j == 0 || self.k.exceeds(terms[j - 1], take)) {
                moves.push(LimitedTake::new(pile, take, self.k.floor_mul(take)));
            }
        }
        moves
    }

    /// The answer with `pile` counters (at most the bound) and limit `limit`: outcome and every
    /// winning move. The Sprague–Grundy value is not given.
    ///
    /// # Panics
    /// If `pile` is above the bound.
    pub fn answer(&self, pile: u64, limit: u64) -> Answer<LimitedTake> {
        Answer::from_moves(None, self.winning_moves(pile, limit))
    }
}

/// The answer with `pile` counters and limit `limit` (`None`: the start, limit pile − 1), with
/// the generated set N up to `pile` it was read from.
pub fn answer(
    k: Ratio,
    pile: u64,
    limit: Option<u64>,
) -> Result<(Answer<LimitedTake>, LosingSizes), DynamicError> {
    let sizes = LosingSizes::up_to(k, pile)?;
    let limit = limit.unwrap_or(pile.saturating_sub(1));
    Ok((sizes.answer(pile, limit), sizes))
}

/// The least winning first move from the start with n counters (notes 004's f(n)), or `None`
/// when the first player loses (n ∈ N, or n = 0).
pub fn min_winning_first_move(k: Ratio, n: u64) -> Result<Option<u64>, DynamicError> {
    let sizes = LosingSizes::up_to(k, n)?;
    Ok(sizes.min_winning_take(n).filter(|&f| f < n))
}

/// The game for one k, with its losing sizes generated up to a bound: answers for piles up
/// to the bound.
impl CatalogueGame for LosingSizes {
    type Position = LimitedPile;
    type Move = LimitedTake;
    type Rules = DynamicSubtraction;

    fn rules(&self) -> DynamicSubtraction {
        DynamicSubtraction { k: self.k }
    }

    /// # Panics
    /// If the pile is above the bound.
    fn answer(&self, p: &LimitedPile) -> Answer<LimitedTake> {
        LosingSizes::answer(self, p.pile, p.limit)
    }

    fn play(&self, p: &LimitedPile, m: &LimitedTake) -> Option<LimitedPile> {
        m.play(p)
    }
}

/// How many losing sizes the command lists at most.
const LISTED_SIZES: usize = 100;

/// `grundy dynamic-subtraction N --k K [--limit L]`: besides the common answer, `k` (as a
/// string, `3/2`), `pile`, `limit`, `representation` (the pile as a sum of losing sizes,
/// largest first, each more than k times the next), `min_winning_first_move` (from the start
/// only: the notes' f(n), or null when the first player loses), `losing_size_count` (how many
/// losing starts are at most N) and `losing_sizes` (the first 100 of them).
pub struct DynamicSubtractionFamily;

impl Family for DynamicSubtractionFamily {
    fn name(&self) -> &'static str {
        "dynamic-subtraction"
    }

    fn aliases(&self) -> &'static [&'static str] {
        // CGSuite's `game.heap.TakeAway(r)`: a heap (n, k) moves to (n − a, a) for
        // 1 ≤ a ≤ r·k, this game with the limit ⌊r·k⌋.
        &["take-away", "takeaway"]
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "Dynamic subtraction, take at most k times the last take (rational k): moves, f(n)"
    }

    fn example(&self) -> Example {
        &[("pile", "10"), ("k", "3/2")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg("pile", "N", "The pile (0 to 2^64 - 1 counters)").whole("a pile size", 0),
            Param::option(
                "k",
                "K",
                "The multiplier k ≥ 1: after a take of c the next player takes at most ⌊k·c⌋. An \
                 integer, a fraction a/b or a decimal",
            )
            .required(),
            Param::option(
                "limit",
                "L",
                "In the middle of play: the most the player to move may take (⌊k·c⌋ after the \
                 opponent took c). Default: the start, where the first player may take anything \
                 but the whole pile (N - 1)",
            )
            .whole("a limit", 1),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let k = input::ratio(&inputs.shown("k"), inputs.value("k").unwrap_or_default())?;
    let pile = inputs.whole("pile")?;
    let limit = inputs.optional_whole("limit")?;
    let (reply, sizes) = answer(k, pile, limit)?;
    let mut report = Report::answer(&reply).fields([
        Field::new("k", k.to_string()),
        Field::new("pile", pile),
        Field::new("limit", limit.unwrap_or(pile.saturating_sub(1))),
        Field::new("representation", sizes.representation(pile)),
    ]);
    if limit.is_none() {
        let first = sizes.min_winning_take(pile).filter(|&f| f < pile);
        report = report.field(Field::new("min_winning_first_move", first));
    }
    Ok(report.fields([
        Field::new("losing_size_count", sizes.len()),
        Field::new(
            "losing_sizes",
            sizes.iter().take(LISTED_SIZES).collect::<Vec<_>>(),
        ),
    ]))
}
