//! Games of taking from the ends of sequences: Fox and Card Game, Choosing Carrot, the
//! larger-sum game, and the two-queue threshold game.
//!
//! Two of them ask for a number (what each player scores, what is left), not for a winner:
//! [`fox_cards`] and [`carrots`] return those numbers. The other two ask who wins and return
//! the common [`Answer`]. Each game also has its rules as a [`Game`], so that the generic
//! solvers (outcomes, or payoffs with [`solve_payoffs`](grundy::solve::solve_payoffs)) can play
//! small positions; the games scored by a number give the payoff of a finished position by a
//! `payoff` method.
//!
//! **Fox and Card Game** (Codeforces 388C; notes 000, 权值博弈, "\[CF388C\] Fox and Card Game").
//! Piles of cards with values; the first player (Ciel) takes the top card of any pile, the
//! second (Jiro) the bottom card of any pile, in turns until no card is left; each maximises
//! the sum of his own cards. Either player can copy the other inside a pile, so every pile of
//! even length splits in halves, and a pile of odd length does too except for its middle card,
//! which goes to whoever takes from that pile first. So: each player gets his half of every
//! pile, and the middle cards, sorted from largest to smallest, go alternately to the first
//! and the second player. O(total cards + p log p) for p piles of odd length.
//!
//! **Choosing Carrot** (Codeforces 794E; notes 000 "\[CF794E\] Choosing Carrot", notes 002
//! 两端取值问题 题目2). A row of n values; players alternately remove the first or the last
//! until one value is left; the first player maximises it, the second minimises it. Before the
//! game the first player makes k extra moves, for each k = 0..n-1. With L values left and the
//! first player to move, the result is, for even L, the larger of the two central values; for
//! odd L ≥ 3, `max(min(a[m-1], a[m]), min(a[m], a[m+1]))` around the centre m; for L = 1 the
//! value. The extra moves choose any window of L consecutive values, so the answer for k is
//! the best of these over all windows of length n - k; as L decreases by 2 the possible
//! centres grow by one on each side, so all n answers take O(n).
//!
//! **The larger-sum game** (notes 002, 两端取值问题 题目1). An even number of values with an
//! odd total; players alternately remove the first or the last value and keep it; the larger
//! sum wins. The first player always wins: whatever the opponent does, he can take all the
//! values at odd (1-based) indices, or all those at even indices (take that end first, then
//! always take from the end the opponent took from). O(n).
//!
//! **The two-queue threshold game** (notes 002, 两队列取值问题, applied there to AtCoder
//! AGC002 E). Two queues of non-negative values and a threshold m, at least 1 and at most the
//! sum of all values. A move pops the head of a non-empty queue and adds it to a running sum
//! (from 0); the player whose move brings the sum to m or beyond loses. After i pops from queue
//! 1 and j from queue 2 the positions still in play, `P(i) + Q(j) < m` for the prefix sums P
//! and Q, form a Young diagram, and a move steps the corner (i, j) right or up: the same walk
//! as [Candy Piles](super::candy_piles) (the notes' propositions 1–4: outcomes are constant on
//! diagonals inside the diagram). O(W + H) for the prefix sums, O(min(W, H)) for the diagonal
//! walk and O(log(W + H)) for the two runs, for queues of lengths W and H.
//!
//! AGC002 E itself is Candy Piles; the two games are the same game on a Young diagram (the
//! tests turn each into the other). The notes call a cell out of play once the sum "exceeds"
//! (超出) the threshold but make the player who "reaches" (达到) it lose; here a sum equal to
//! the threshold ends the game too, as the losing rule says.

use std::fmt;

use serde::Serialize;

use super::corner_walk::{corner_outcome, DownSet};
use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use grundy::input::{self, InputError, Words};
use grundy::outcome::{Outcome, Player};
use grundy::report::{big, Field, Layout, Report};
use grundy::rules::Game;

/// Why one of these games cannot be played as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EndsError {
    /// The larger-sum game needs an even number of values.
    #[error("the larger-sum game needs an even number of values, and there are {count}")]
    OddCount {
        /// How many values there are.
        count: usize,
    },
    /// The larger-sum game needs an odd total, so that there is no tie.
    #[error("the larger-sum game needs an odd total (so that there is no tie), and the values sum to {total}")]
    EvenTotal {
        /// The sum of the values.
        total: u128,
    },
    /// The threshold of the two-queue game is 0: the sum has reached it before any move.
    #[error("the threshold must be at least 1 (the sum starts at 0)")]
    ZeroThreshold,
    /// The threshold of the two-queue game is above the sum of both queues.
    #[error("the threshold {threshold} is more than the sum {total} of both queues, so the game could end without reaching it")]
    ThresholdAboveTotal {
        /// The threshold.
        threshold: u128,
        /// The sum of both queues.
        total: u128,
    },
    /// Choosing Carrot needs at least one value.
    #[error("there must be at least one value")]
    NoValues,
    /// Choosing Carrot: the first player cannot make k extra moves and leave a value.
    #[error("{k} extra moves would leave no value out of {count}")]
    TooManyExtraMoves {
        /// The extra moves asked for.
        k: usize,
        /// How many values there are.
        count: usize,
    },
    /// The rules keep scores in 64-bit signed integers, for the generic solver on small
    /// positions.
    #[error(
        "the values sum to more than {}, too much for the rules' 64-bit scores",
        i64::MAX
    )]
    TooLargeForRules,
}

/// The sum of `values` if it fits in an `i64` (for the rules' scores).
fn small_total(values: impl IntoIterator<Item = u64>) -> Result<i64, EndsError> {
    values
        .into_iter()
        .try_fold(0i64, |s, v| {
            i64::try_from(v).ok().and_then(|v| s.checked_add(v))
        })
        .ok_or(EndsError::TooLargeForRules)
}

// ---------------------------------------------------------------------------------------------
// Fox and Card Game

/// What each player scores in Fox and Card Game under best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CardScores {
    /// The sum of the first player's cards (Ciel, who takes from the tops).
    pub first: u128,
    /// The sum of the second player's cards (Jiro, who takes from the bottoms).
    pub second: u128,
}

/// Fox and Card Game: each pile is listed from top to bottom. Returns both players' sums under
/// best play (the first player moves first). O(total cards + p log p) for p piles of odd
/// length; sums are `u128`, which no number of `u64` cards can overflow.
pub fn fox_cards(piles: &[Vec<u64>]) -> CardScores {
    let mut first = 0u128;
    let mut second = 0u128;
    let mut middles = Vec::new();
    for pile in piles {
        let half = pile.len() / 2;
        first += pile[..half].iter().map(|&c| u128::from(c)).sum::<u128>();
        second += pile[pile.len() - half..]
            .iter()
            .map(|&c| u128::from(c))
            .sum::<u128>();
        if pile.len() % 2 == 1 {
            middles.push(pile[half]);
        }
    }
    middles.sort_unstable_by(|a, b| b.cmp(a));
    for (t, &c) in middles.iter().enumerate() {
        if t % 2 == 0 {
            first += u128::from(c);
        } else {
            second += u128::from(c);
        }
    }
    CardScores { first, second }
}

/// The rules of Fox and Card Game, for the generic payoff solver: the payoff is the first
/// player's sum minus the second player's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoxCards {
    piles: Vec<Vec<u64>>,
}

/// A position of [`FoxCards`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FoxPosition {
    /// The cards left in each pile: indices `start..end` of the pile, top first.
    pub left: Vec<(usize, usize)>,
    /// The player to move (player 1 takes from the tops).
    pub player: Player,
    /// The first player's sum minus the second player's, so far.
    pub margin: i64,
}

impl FoxCards {
    /// The rules for these piles (top first); all cards together must sum to at most
    /// `i64::MAX`.
    pub fn new(piles: Vec<Vec<u64>>) -> Result<FoxCards, EndsError> {
        small_total(piles.iter().flatten().copied())?;
        Ok(FoxCards { piles })
    }

    /// The start: every card in place, the first player to move.
    pub fn start(&self) -> FoxPosition {
        FoxPosition {
            left: self.piles.iter().map(|p| (0, p.len())).collect(),
            player: Player::One,
            margin: 0,
        }
    }

    /// The payoff where the game ends (no card left), `None` elsewhere.
    pub fn payoff(&self, p: &FoxPosition) -> Option<i64> {
        p.left.iter().all(|&(s, e)| s == e).then_some(p.margin)
    }
}

impl Game for FoxCards {
    type Position = FoxPosition;

    fn moves(&self, p: &FoxPosition, out: &mut grundy::rules::Moves<FoxPosition>) {
        for (k, &(s, e)) in p.left.iter().enumerate() {
            if s == e {
                continue;
            }
            let mut next = p.clone();
            next.player = p.player.other();
            // Cannot overflow: `new` checked that all cards sum to at most i64::MAX.
            if p.player == Player::One {
                next.left[k].0 += 1;
                next.margin += self.piles[k][s] as i64;
            } else {
                next.left[k].1 -= 1;
                next.margin -= self.piles[k][e - 1] as i64;
            }
            out.push(next);
        }
    }

    fn player(&self, p: &FoxPosition) -> Option<Player> {
        Some(p.player)
    }
}

// ---------------------------------------------------------------------------------------------
// Choosing Carrot

/// Choosing Carrot: `result[k]` is the value left when the first player makes k extra moves
/// before the game, for k = 0..n-1 (empty for no value). O(n).
pub fn carrots(values: &[u64]) -> Vec<u64> {
    let n = values.len();
    let mut result = vec![0; n];
    let Some(&largest) = values.iter().max() else {
        return result;
    };
    // One value left: the extra moves keep any value.
    result[n - 1] = largest;
    // An even number l left: the larger of the central pair (i, i + 1), for i from l/2 - 1
    // to n - 1 - l/2.
    let top_even = n - n % 2;
    widening_max(
        (2..=top_even).rev().step_by(2),
        |l| (l / 2 - 1, n - 1 - l / 2),
        |i| values[i].max(values[i + 1]),
        &mut result,
    );
    // An odd number l ≥ 3 left: around the centre i, from (l-1)/2 to n - 1 - (l-1)/2.
    let top_odd = n - 1 + n % 2;
    widening_max(
        (3..=top_odd).rev().step_by(2),
        |l| ((l - 1) / 2, n - 1 - (l - 1) / 2),
        |i| {
            let left = values[i - 1].min(values[i]);
            let right = values[i].min(values[i + 1]);
            left.max(right)
        },
        &mut result,
    );
    result
}

/// For each length `l` (decreasing, each range containing the previous one) sets
/// `result[n - l]` to the largest `value(i)` for `i` in `range(l)` (inclusive), adding only
/// the new indices each time.
fn widening_max(
    lengths: impl Iterator<Item = usize>,
    range: impl Fn(usize) -> (usize, usize),
    value: impl Fn(usize) -> u64,
    result: &mut [u64],
) {
    let n = result.len();
    let mut seen: Option<(usize, usize)> = None;
    let mut best = 0;
    for l in lengths {
        let (lo, hi) = range(l);
        // The indices not seen yet: lo..a and b+1..=hi (all of lo..=hi the first time).
        let (a, b) = seen.unwrap_or((hi + 1, hi));
        for i in (lo..a).chain(b + 1..=hi) {
            best = best.max(value(i));
        }
        seen = Some((lo, hi));
        result[n - l] = best;
    }
}

/// The rules of Choosing Carrot, for the generic payoff solver: the payoff is the value left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Carrots {
    values: Vec<u64>,
}

/// A position of [`Carrots`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CarrotPosition {
    /// The values left: indices `start..end`.
    pub start: usize,
    /// End of the values left (exclusive).
    pub end: usize,
    /// Extra moves the first player still has to make before the second one plays.
    pub extra: usize,
    /// The player to move (player 1 maximises).
    pub player: Player,
}

impl Carrots {
    /// The rules for these values (at least one, each at most `i64::MAX`).
    pub fn new(values: Vec<u64>) -> Result<Carrots, EndsError> {
        if values.is_empty() {
            return Err(EndsError::NoValues);
        }
        if values.iter().any(|&v| i64::try_from(v).is_err()) {
            return Err(EndsError::TooLargeForRules);
        }
        Ok(Carrots { values })
    }

    /// The start with `k` extra moves for the first player (k < n).
    pub fn start(&self, k: usize) -> Result<CarrotPosition, EndsError> {
        let count = self.values.len();
        if k >= count {
            return Err(EndsError::TooManyExtraMoves { k, count });
        }
        Ok(CarrotPosition {
            start: 0,
            end: count,
            extra: k,
            player: Player::One,
        })
    }

    /// The payoff where the game ends (one value left), `None` elsewhere.
    pub fn payoff(&self, p: &CarrotPosition) -> Option<i64> {
        (p.end - p.start == 1).then(|| self.values[p.start] as i64)
    }
}

impl Game for Carrots {
    type Position = CarrotPosition;

    fn moves(&self, p: &CarrotPosition, out: &mut grundy::rules::Moves<CarrotPosition>) {
        if p.end - p.start <= 1 {
            return;
        }
        let (player, extra) = if p.extra > 0 {
            (p.player, p.extra - 1)
        } else {
            (p.player.other(), 0)
        };
        let next = CarrotPosition {
            extra,
            player,
            ..*p
        };
        out.push(CarrotPosition {
            start: p.start + 1,
            ..next
        });
        out.push(CarrotPosition {
            end: p.end - 1,
            ..next
        });
    }

    fn player(&self, p: &CarrotPosition) -> Option<Player> {
        Some(p.player)
    }
}

// ---------------------------------------------------------------------------------------------
// The larger-sum game

/// Which end of the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum End {
    /// The first value.
    First,
    /// The last value.
    Last,
}

/// The parity of a 1-based index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    /// Indices 1, 3, 5, ...
    Odd,
    /// Indices 2, 4, 6, ...
    Even,
}

/// A winning strategy of the larger-sum game: take the value at `take`, then always take from
/// the end the opponent took from; this collects every value at an index of `parity`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SumStrategy {
    /// The first value to take.
    pub take: End,
    /// The parity of the indices collected.
    pub parity: Parity,
}

impl fmt::Display for SumStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = match self.take {
            End::First => "first",
            End::Last => "last",
        };
        let (parity, list) = match self.parity {
            Parity::Odd => ("odd", "a1, a3, ..."),
            Parity::Even => ("even", "a2, a4, ..."),
        };
        write!(
            f,
            "take the {end} value, then always take from the end the opponent took from \
             (you get the values at {parity} indices: {list})"
        )
    }
}

/// The sums of the values at odd and at even 1-based indices. O(n), exact (`u128`).
pub fn parity_sums(values: &[u64]) -> (u128, u128) {
    let mut sums = [0u128; 2];
    for (i, &v) in values.iter().enumerate() {
        sums[i % 2] += u128::from(v);
    }
    (sums[0], sums[1])
}

/// The larger-sum game (an even number of values, odd total): always a win for the player to
/// move, and the one winning strategy among "take all odd-indexed values" and "take all
/// even-indexed values" (the class with the larger sum). A "winning move" here is a whole
/// strategy, its first move and the rule that continues it; the other first move may win too
/// (telling needs the quadratic interval minimax). No Sprague–Grundy value: the game is scored.
/// O(n).
pub fn sum_game(values: &[u64]) -> Result<Answer<SumStrategy>, EndsError> {
    if values.len() % 2 == 1 {
        return Err(EndsError::OddCount {
            count: values.len(),
        });
    }
    let (odd, even) = parity_sums(values);
    if (odd + even) % 2 == 0 {
        return Err(EndsError::EvenTotal { total: odd + even });
    }
    let strategy = if odd > even {
        SumStrategy {
            take: End::First,
            parity: Parity::Odd,
        }
    } else {
        SumStrategy {
            take: End::Last,
            parity: Parity::Even,
        }
    };
    Ok(Answer::from_moves(None, vec![strategy]))
}

/// The rules of the larger-sum game, for the generic solver: the game ends when no value is
/// left, with a win for the larger sum (a draw on equal sums, which an odd total excludes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndsSum {
    values: Vec<u64>,
}

/// A position of [`EndsSum`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EndsSumPosition {
    /// The values left: indices `start..end`.
    pub start: usize,
    /// End of the values left (exclusive).
    pub end: usize,
    /// The sum of the player to move minus the opponent's, so far.
    pub margin: i64,
}

impl EndsSum {
    /// The rules for these values (summing to at most `i64::MAX`).
    pub fn new(values: Vec<u64>) -> Result<EndsSum, EndsError> {
        small_total(values.iter().copied())?;
        Ok(EndsSum { values })
    }

    /// The start: every value in the row, both sums 0.
    pub fn start(&self) -> EndsSumPosition {
        EndsSumPosition {
            start: 0,
            end: self.values.len(),
            margin: 0,
        }
    }
}

impl Game for EndsSum {
    type Position = EndsSumPosition;

    fn moves(&self, p: &EndsSumPosition, out: &mut grundy::rules::Moves<EndsSumPosition>) {
        // Cannot overflow: `new` checked that all values sum to at most i64::MAX.
        let take = |v: u64| -(p.margin + v as i64);
        out.push(EndsSumPosition {
            start: p.start + 1,
            end: p.end,
            margin: take(self.values[p.start]),
        });
        out.push(EndsSumPosition {
            start: p.start,
            end: p.end - 1,
            margin: take(self.values[p.end - 1]),
        });
    }

    fn result(&self, p: &EndsSumPosition) -> Option<Outcome> {
        (p.start == p.end).then_some(match p.margin.signum() {
            1 => Outcome::Win,
            -1 => Outcome::Loss,
            _ => Outcome::Draw,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// The two-queue threshold game

/// A winning move of the two-queue game: pop the head of a queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct QueueMove {
    /// The queue, 1 or 2.
    pub queue: u8,
    /// The value popped.
    pub value: u64,
}

impl fmt::Display for QueueMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pop {} from queue {}", self.value, self.queue)
    }
}

/// The two-queue threshold game: its rules (for the generic solver; a position is the number
/// of values popped from each queue, and a sum at the threshold or beyond ends the game with a
/// win for the player to move) and the diagonal walk of the notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoQueues {
    /// Prefix sums of queue 1: `first[i]` is the sum of its first i values.
    first: Vec<u128>,
    /// Prefix sums of queue 2.
    second: Vec<u128>,
    threshold: u128,
    heads: [Vec<u64>; 2],
}

fn prefix_sums(values: &[u64]) -> Vec<u128> {
    let mut sums = Vec::with_capacity(values.len() + 1);
    let mut s = 0u128;
    sums.push(s);
    for &v in values {
        s += u128::from(v);
        sums.push(s);
    }
    sums
}

impl TwoQueues {
    /// The game on two queues (heads first) with a threshold from 1 to the sum of all values.
    /// O(W + H).
    pub fn new(first: Vec<u64>, second: Vec<u64>, threshold: u128) -> Result<TwoQueues, EndsError> {
        if threshold == 0 {
            return Err(EndsError::ZeroThreshold);
        }
        let p = prefix_sums(&first);
        let q = prefix_sums(&second);
        let total = p[first.len()] + q[second.len()];
        if threshold > total {
            return Err(EndsError::ThresholdAboveTotal { threshold, total });
        }
        Ok(TwoQueues {
            first: p,
            second: q,
            threshold,
            heads: [first, second],
        })
    }

    /// The outcome for the player to move after `i` pops from queue 1 and `j` from queue 2
    /// (a win if the sum is already at the threshold: the opponent reached it). O(min(W, H)).
    pub fn outcome(&self, i: usize, j: usize) -> Outcome {
        corner_outcome(self, i as u64, j as u64)
    }

    /// The outcome of the start and every winning move (at most two). No Sprague–Grundy
    /// value: the game is not played in normal play. O(min(W, H) + log(W + H)).
    pub fn answer(&self) -> Answer<QueueMove> {
        let mut moves = Vec::new();
        for (k, (i, j)) in [(1, 0), (0, 1)].into_iter().enumerate() {
            if let Some(&value) = self.heads[k].first() {
                if self.outcome(i, j) == Outcome::Loss {
                    moves.push(QueueMove {
                        queue: k as u8 + 1,
                        value,
                    });
                }
            }
        }
        Answer::from_moves(None, moves)
    }

    fn sum(&self, i: usize, j: usize) -> u128 {
        self.first[i] + self.second[j]
    }
}

impl DownSet for TwoQueues {
    fn contains(&self, i: u64, j: u64) -> bool {
        match (self.first.get(i as usize), self.second.get(j as usize)) {
            (Some(p), Some(q)) => p + q < self.threshold,
            _ => false,
        }
    }

    fn run_right(&self, i: u64, j: u64) -> u64 {
        let q = self.second[j as usize];
        self.first[i as usize + 1..].partition_point(|&p| p + q < self.threshold) as u64
    }

    fn run_up(&self, i: u64, j: u64) -> u64 {
        let p = self.first[i as usize];
        self.second[j as usize + 1..].partition_point(|&q| p + q < self.threshold) as u64
    }
}

impl Game for TwoQueues {
    type Position = (usize, usize);

    fn moves(&self, &(i, j): &(usize, usize), out: &mut grundy::rules::Moves<(usize, usize)>) {
        if i + 1 < self.first.len() {
            out.push((i + 1, j));
        }
        if j + 1 < self.second.len() {
            out.push((i, j + 1));
        }
    }

    fn result(&self, &(i, j): &(usize, usize)) -> Option<Outcome> {
        (self.sum(i, j) >= self.threshold).then_some(Outcome::Win)
    }
}

/// The two-queue threshold game from its start: the outcome and every winning move. See
/// [`TwoQueues`].
pub fn two_queues(
    first: Vec<u64>,
    second: Vec<u64>,
    threshold: u128,
) -> Result<Answer<QueueMove>, EndsError> {
    Ok(TwoQueues::new(first, second, threshold)?.answer())
}

/// The values of a row, one an argument (the help says what they are).
const VALUES: Param = Param::args("values", "VALUE", "")
    .whole("a whole number", 0)
    .each("value");

/// `grundy fox-cards PILE...`: each pile is its card values from top to bottom, separated
/// by commas (`1,10`), or `--file` in the format of Codeforces 388C (n, then n lines `s c1
/// ... cs`). Prints both players' sums; JSON `{"first": .., "second": ..}`.
pub struct FoxCardsFamily;

impl Family for FoxCardsFamily {
    fn name(&self) -> &'static str {
        "fox-cards"
    }

    fn group(&self) -> Group {
        Group::Problems
    }

    fn about(&self) -> &'static str {
        "Fox and Card Game (CF 388C): the first player takes tops, the second bottoms; the \
         sums"
    }

    fn example(&self) -> Example {
        &[("piles", "100"), ("piles", "1,10")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            super::or_file(Param::args(
                "piles",
                "PILE",
                "The piles, each as its card values from top to bottom separated by commas (1,10)",
            )),
            super::file_param(
                "Read the piles from a file (`-`: standard input) in the format of Codeforces \
                 388C: n, then n lines `s c1 ... cs`",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run_fox_cards(inputs)
    }
}

fn run_fox_cards(inputs: &Inputs) -> Result<Report, RunError> {
    let piles: Vec<Vec<u64>> = match inputs.value("file") {
        Some(path) => {
            let source = inputs.read(path)?;
            let mut words = Words::new(&source.origin, &source.text);
            let n = words.whole("the number of piles", 0)?;
            let mut piles = Vec::new();
            for _ in 0..n {
                piles.push(words.counted("a card value", 0)?);
            }
            words.finish()?;
            piles
        }
        None => inputs
            .values("piles")
            .iter()
            .enumerate()
            .map(|(i, text)| {
                let place = format!("pile {}", i + 1);
                let pile = input::list(&place, text, "a card value", 0)?;
                if pile.is_empty() {
                    return Err(InputError::invalid(place, "a pile needs at least one card"));
                }
                Ok(pile)
            })
            .collect::<Result<_, _>>()?,
    };
    if piles.is_empty() {
        return Err(InputError::usage("no pile given").into());
    }
    let scores = fox_cards(&piles);
    Ok(Report::new().fields([
        Field::shown(
            "first",
            big(scores.first),
            "first player (takes from the tops)",
            scores.first,
        ),
        Field::shown(
            "second",
            big(scores.second),
            "second player (takes from the bottoms)",
            scores.second,
        ),
    ]))
}

/// `grundy carrots VALUE...` (or `--file`, Codeforces 794E: n, then n values): the value left
/// for every number k of extra moves of the first player; JSON `{"values": [..]}`.
pub struct CarrotsFamily;

impl Family for CarrotsFamily {
    fn name(&self) -> &'static str {
        "carrots"
    }

    fn group(&self) -> Group {
        Group::Problems
    }

    fn about(&self) -> &'static str {
        "Choosing Carrot (CF 794E): the value left from a row, for every number of extra \
         moves"
    }

    fn example(&self) -> Example {
        &[
            ("values", "1"),
            ("values", "2"),
            ("values", "3"),
            ("values", "5"),
        ]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            super::or_file(VALUES.help("The values of the row, in order")),
            super::file_param(
                "Read the values from a file (`-`: standard input) in the format of Codeforces \
                 794E: n, then n values",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run_carrots(inputs)
    }
}

fn run_carrots(inputs: &Inputs) -> Result<Report, RunError> {
    let values = inputs.numbers_or_file("values", "file")?;
    let left = carrots(&values);
    let text: Vec<String> = left.iter().map(u64::to_string).collect();
    Ok(Report::new().field(
        Field::shown(
            "values",
            &left,
            &format!(
                "value left after k = 0, 1, ..., {} extra moves of the first player",
                values.len() - 1
            ),
            text.join(" "),
        )
        .laid_out(Layout::Block),
    ))
}

/// `grundy ends-sum VALUE...` (or `--file`: n, then n values): take from either end, larger
/// sum wins (an even count of values, an odd total). The common answer with the first
/// player's strategy, and `odd_sum`, `even_sum` (numbers, or decimal strings above 2^64 - 1).
pub struct EndsSumFamily;

impl Family for EndsSumFamily {
    fn name(&self) -> &'static str {
        "ends-sum"
    }

    fn group(&self) -> Group {
        Group::Problems
    }

    fn about(&self) -> &'static str {
        "Take from either end, larger sum wins (even count, odd total): the winning strategy"
    }

    fn example(&self) -> Example {
        &[
            ("values", "7"),
            ("values", "2"),
            ("values", "1"),
            ("values", "1"),
        ]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            super::or_file(VALUES.help(
                "The values of the row, in order: an even number of them, with an odd total",
            )),
            super::file_param(
                "Read the values from a file (`-`: standard input): n, then n values",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run_ends_sum(inputs)
    }
}

fn run_ends_sum(inputs: &Inputs) -> Result<Report, RunError> {
    let values = inputs.numbers_or_file("values", "file")?;
    let answer = sum_game(&values)?;
    let (odd, even) = parity_sums(&values);
    Ok(Report::answer(&answer).fields([
        Field::new("odd_sum", big(odd)),
        Field::new("even_sum", big(even)),
    ]))
}

/// `grundy two-queues THRESHOLD QUEUE1 QUEUE2`: pop from either queue; whoever brings the sum
/// of the values popped to the threshold or beyond loses. The common answer.
pub struct TwoQueuesFamily;

impl Family for TwoQueuesFamily {
    fn name(&self) -> &'static str {
        "two-queues"
    }

    fn group(&self) -> Group {
        Group::Problems
    }

    fn about(&self) -> &'static str {
        "Pop from two queues; whoever brings the sum to the threshold loses. Who wins, and \
         how"
    }

    fn example(&self) -> Example {
        &[("threshold", "3"), ("first", "1"), ("second", "2")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "threshold",
                "THRESHOLD",
                "The threshold: whoever brings the sum of the values popped to it or beyond loses \
                 (from 1 to the sum of both queues)",
            ),
            Param::arg(
                "first",
                "QUEUE1",
                "The first queue, head first, values separated by commas ('' for an empty queue)",
            )
            .list("a value", 0),
            Param::arg(
                "second",
                "QUEUE2",
                "The second queue, head first, values separated by commas",
            )
            .list("a value", 0),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run_two_queues(inputs)
    }
}

fn run_two_queues(inputs: &Inputs) -> Result<Report, RunError> {
    let threshold = input::whole_u128(
        &inputs.shown("threshold"),
        inputs.value("threshold").unwrap_or_default(),
        "a threshold",
        1,
    )?;
    let (first, second) = (inputs.list("first")?, inputs.list("second")?);
    Ok(Report::answer(&two_queues(first, second, threshold)?))
}
