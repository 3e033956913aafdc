//! The "+k" dynamic subtraction game: the first move takes one counter, each later move at
//! most k more than the move before.
//!
//! **Rules** (notes 000, the problem before 「SNOI2020」取石子: "第一次操作只能拿一个;设上一次拿了
//! c 个,则下一次可以拿不超过 c+k 个"). One pile of n counters; the first move takes exactly one
//! counter; after a take of c the next player takes from 1 to c + k counters (k ≥ 0). The player
//! who takes the last counter wins. The question: how many n in [l, r] are P-positions (the
//! second player wins), for k, l, r up to 10^14. In the middle of play a position is a pile n and
//! a limit L (the player to move takes 1 to min(L, n)); the start is the pile n with L = 1.
//!
//! **Derivation** (as notes 004, 问题三, with k·c replaced by c + k). Let f(n) be the least
//! winning take from n counters when any take up to n is allowed: f(n) = min{ i ≥ 1 : i = n or
//! f(n − i) > i + k }; the player to move at (n, L) wins iff f(n) ≤ L. The sizes with f(n) = n
//! form a set N that starts with 1, the member after a being a + p(a), p(a) = min{ x ∈ N :
//! x + k ≥ a }; every n ≥ 1 is, in exactly one way, a sum of members of N each more than k above
//! the next smaller, the greedy algorithm finds it, and f(n) is its smallest term. Following
//! the construction: the members up to k + 1 are all of 1, ..., k + 1 (p = 1); then
//! a = k + 2^j gives p(a) = 2^j while 2^j ≤ k + 1, so k + 2, k + 4, ..., k + 2^(x+1) with
//! x = ⌊log2(k + 1)⌋; then p(k + 2^(x+1)) = k + 2^(y+1), the least k + 2^j ≥ 2^(x+1), with
//! y = ⌊log2(2^(x+1) − 1 − k)⌋, which gives D = 2k + 2^(x+1) + 2^(y+1); from D on, p(a) = a
//! and the members double: D, 2D, 4D, ... So
//!
//! N = {1, ..., k + 1} ∪ {k + 2^j : 1 ≤ j ≤ x + 1} ∪ {D·2^i : i ≥ 0},
//!
//! and since D > 2k + 2^(x+1), the representation of n is the binary digits of ⌊n / D⌋ (times
//! D) above the representation of n mod D: outcomes are periodic with period D.
//!
//! The notes give the construction of N and "f(n) = the smallest term" for k·c without proof
//! (004: "以上性质这里暂不给出证明"); for c + k they are checked, not proven, here: against the
//! generic solver on every position with a pile up to 120 for k ≤ 10, and against the recursion
//! for f for every k ≤ 200 over more than two periods (tests/games_plus_k_nim.rs). Given them,
//! the rest of this module follows exactly.
//!
//! **The pattern.** From the start (L = 1) the first player wins iff f(n) = 1, i.e. iff
//! n mod D is 1, k + 2^j + 1 (1 ≤ j ≤ x + 1) or 2k + 2^(x+1) + 2^i + 1 (1 ≤ i ≤ y). So from
//! n = 1 the starts come in blocks of one N-position followed by r P-positions, r running over
//! k + 1, 1, 3, ..., 2^x − 1, k + 1, 1, 3, ..., 2^y − 1 and repeating ([`Pattern::runs`]).
//! The notes describe this shape loosely ("一个 0 和 k 个 1, 然后一个 0 和 2^0 − 1 个 1, 一个 0
//! 和 2^1 − 1 个 1, ...", "第一段走到 2^x − 1, 第二段走到 2^y − 1"): read with 0 = N-position
//! and 1 = P-position, the exact runs are k + 1 (not k) P-positions, then runs from 2^1 − 1 (no
//! empty run 2^0 − 1), up to the x and y above. The period has 2 + x + y N-positions, the
//! O(log k) of the notes.
//!
//! **Winning moves.** As in [`dynamic_subtraction`](super::dynamic_subtraction): the winning
//! takes from (n, L) are the sums t of the lowest terms of n's representation with t ≤ L and
//! either t = n or t + k below the next term up. From the start the only move takes one
//! counter.
//!
//! **Complexity.** O(1) to build the [`Pattern`]; O(log n) for a representation, an outcome
//! or the winning moves; O(log k) to count the P-positions in a range ([`Pattern::losses_in`]).

use super::limited::{LimitedPile, LimitedTake};
use super::{Answer, CatalogueGame, Example, Family, Group, Inputs, Param, RunError};
use grundy::input::InputError;
use grundy::report::{big, Field, Layout, Report};
use grundy::rules::Impartial;

/// The rules of the +k game, for the generic solver; a start is [`start`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlusKNim {
    /// After a take of c the next player takes at most c + k.
    pub k: u64,
}

/// The start with n counters: the first move takes exactly one (limit 1).
pub fn start(n: u64) -> LimitedPile {
    LimitedPile::new(n, 1)
}

impl Impartial for PlusKNim {
    type Position = LimitedPile;

    fn options(&self, p: &LimitedPile, out: &mut grundy::rules::Moves<LimitedPile>) {
        out.extend(
            (1..=p.limit).map(|t| LimitedPile::new(p.pile - t, u128::from(t) + u128::from(self.k))),
        );
    }
}

/// ⌊log2 v⌋ for v ≥ 1.
fn log2(v: u128) -> u32 {
    127 - v.leading_zeros()
}

/// The structure of the +k game for one k: the losing sizes N and the period D of the
/// outcomes (see the module).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pattern {
    k: u64,
    x: u32,
    y: u32,
    period: u128,
}

impl Pattern {
    /// The pattern for k (any k ≥ 0). O(1).
    pub fn new(k: u64) -> Pattern {
        let k128 = u128::from(k);
        let x = log2(k128 + 1);
        let y = log2((1u128 << (x + 1)) - 1 - k128);
        Pattern {
            k,
            x,
            y,
            period: 2 * k128 + (1 << (x + 1)) + (1 << (y + 1)),
        }
    }

    /// k.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// x = ⌊log2(k + 1)⌋: the first block of the period has runs 1, 3, ..., 2^x − 1.
    pub fn x(&self) -> u32 {
        self.x
    }

    /// y = ⌊log2(2^(x+1) − 1 − k)⌋: the second block has runs 1, 3, ..., 2^y − 1.
    pub fn y(&self) -> u32 {
        self.y
    }

    /// The period D = 2k + 2^(x+1) + 2^(y+1) of the outcomes, and the least member of N from
    /// which the members double.
    pub fn period(&self) -> u128 {
        self.period
    }

    /// The lengths of the runs of P-positions in one period, each after one N-position, from
    /// n = 1: k + 1, 1, 3, ..., 2^x − 1, k + 1, 1, 3, ..., 2^y − 1 (they add up to D minus
    /// the 2 + x + y N-positions).
    pub fn runs(&self) -> Vec<u128> {
        let block = |top: u32| {
            std::iter::once(u128::from(self.k) + 1).chain((1..=top).map(|i| (1u128 << i) - 1))
        };
        block(self.x).chain(block(self.y)).collect()
    }

    /// The members of N below the period, increasing: 1, ..., k + 1 then k + 2^j for
    /// 1 ≤ j ≤ x + 1 (k + 1 + x + 1 of them: mind a large k).
    pub fn members_below_period(&self) -> impl Iterator<Item = u128> + '_ {
        let k = u128::from(self.k);
        (1..=k + 1).chain((1..=self.x + 1).map(move |j| k + (1 << j)))
    }

    /// The representation of `n`: members of N, largest first, each more than k above the
    /// next; empty for 0. O(log n).
    pub fn representation(&self, n: u64) -> Vec<u64> {
        let k = u128::from(self.k);
        let n = u128::from(n);
        let q = n / self.period;
        let mut rest = n % self.period;
        let mut terms: Vec<u64> = (0..128 - q.leading_zeros())
            .rev()
            .filter(|&bit| q >> bit & 1 == 1)
            .map(|bit| (self.period << bit) as u64)
            .collect();
        while rest > k + 1 {
            let j = log2(rest - k).min(self.x + 1);
            let t = k + (1 << j);
            terms.push(t as u64);
            rest -= t;
        }
        if rest > 0 {
            terms.push(rest as u64);
        }
        terms
    }

    /// f(n), the least winning take from n counters when any take up to n is allowed: the
    /// smallest term of the representation (`None` for 0). O(log n).
    pub fn min_winning_take(&self, n: u64) -> Option<u64> {
        self.representation(n).last().copied()
    }

    /// Whether the player to move wins with `pile` counters and limit `limit`: iff f(pile) ≤
    /// limit. O(log n).
    pub fn wins(&self, pile: u64, limit: u64) -> bool {
        self.min_winning_take(pile).is_some_and(|f| f <= limit)
    }

    /// Whether the first player wins from the start with n counters (first take 1): iff
    /// f(n) = 1. O(log n).
    pub fn start_wins(&self, n: u64) -> bool {
        self.wins(n, 1)
    }

    /// Every winning take with `pile` counters and limit `limit`, in increasing order; empty
    /// iff the player to move loses. O(log n).
    pub fn winning_moves(&self, pile: u64, limit: u64) -> Vec<LimitedTake> {
        let terms = self.representation(pile);
        let k = u128::from(self.k);
        let mut moves = Vec::new();
        let mut take = 0u64;
        for j in (0..terms.len()).rev() {
            take += terms[j];
            let next_limit = u128::from(take) + k;
            if take <= limit && (j == 0 || next_limit < u128::from(terms[j - 1])) {
                moves.push(LimitedTake::new(pile, take, next_limit));
            }
        }
        moves
    }

    /// The answer with `pile` counters and limit `limit`: outcome and every winning move. The
    /// Sprague–Grundy value is not given. O(log n).
    pub fn answer(&self, pile: u64, limit: u64) -> Answer<LimitedTake> {
        Answer::from_moves(None, self.winning_moves(pile, limit))
    }

    /// The residues n mod D (in 1..D) of the starts the first player wins: 1, k + 2^j + 1 and
    /// 2k + 2^(x+1) + 2^i + 1 (see the module); 2 + x + y of them.
    fn winning_residues(&self) -> impl Iterator<Item = u128> + '_ {
        let k = u128::from(self.k);
        let top = 2 * k + (1 << (self.x + 1));
        std::iter::once(1)
            .chain((1..=self.x + 1).map(move |j| k + (1 << j) + 1))
            .chain((1..=self.y).map(move |i| top + (1 << i) + 1))
    }

    /// How many starts n in [1, r] the first player wins. O(log k).
    pub fn start_wins_up_to(&self, r: u64) -> u128 {
        let r = u128::from(r);
        self.winning_residues()
            .filter(|&s| s <= r)
            .map(|s| (r - s) / self.period + 1)
            .sum()
    }

    /// How many starts n in [l, r] are P-positions (the second player wins; n = 0, where
    /// nobody can move, counts as one). 0 when l > r. O(log k).
    pub fn losses_in(&self, l: u64, r: u64) -> u128 {
        if l > r {
            return 0;
        }
        let total = u128::from(r - l) + 1;
        total - (self.start_wins_up_to(r) - self.start_wins_up_to(l.saturating_sub(1)))
    }
}

/// The +k game for one k, as a catalogue game.
impl CatalogueGame for Pattern {
    type Position = LimitedPile;
    type Move = LimitedTake;
    type Rules = PlusKNim;

    fn rules(&self) -> PlusKNim {
        PlusKNim { k: self.k }
    }

    fn answer(&self, p: &LimitedPile) -> Answer<LimitedTake> {
        Pattern::answer(self, p.pile, p.limit)
    }

    fn play(&self, p: &LimitedPile, m: &LimitedTake) -> Option<LimitedPile> {
        m.play(p)
    }
}

/// `grundy plus-k-nim N --k K [--limit L]` and `grundy plus-k-nim --k K --count L R`. For a
/// position, besides the common answer: `k`, `pile`, `limit`, `representation` (the pile as a
/// sum of losing sizes, largest first, each more than k above the next) and `period` (of the
/// outcomes). `--count L R` prints how many starts in [L, R] are P-positions; JSON `{"k",
/// "l", "r", "losses", "period", "runs"}`, `runs` being the lengths of the runs of
/// P-positions in one period, each after one N-position, from n = 1. Numbers beyond 2^64 - 1
/// are strings in JSON.
pub struct PlusKNimFamily;

impl Family for PlusKNimFamily {
    fn name(&self) -> &'static str {
        "plus-k-nim"
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "First take 1, then at most the last take plus K: a position, or P-positions in a \
         range"
    }

    fn example(&self) -> Example {
        &[("pile", "10"), ("k", "2")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "pile",
                "N",
                "The pile (0 to 2^64 - 1 counters); omit it with {count}",
            )
            .optional()
            .whole("a pile size", 0)
            .or(&["count"])
            .excludes(&["count"]),
            Param::option(
                "k",
                "K",
                "After a take of c the next player takes at most c + K (K ≥ 0)",
            )
            .required()
            .whole("a number", 0),
            Param::option(
                "limit",
                "L",
                "In the middle of play: the most the player to move may take (c + K after the \
                 opponent took c). Default: the start, where the first move takes exactly one \
                 counter",
            )
            .whole("a limit", 1)
            .excludes(&["count"]),
            Param::option(
                "count",
                "L R",
                "Count the P-positions (second player wins) among the starts L..=R",
            )
            .values(2)
            .whole("a bound", 0),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let k = inputs.whole("k")?;
    let pattern = Pattern::new(k);
    // The declarations allow one of a pile and a count.
    match inputs.wholes("count")?[..] {
        [l, r] => {
            if l > r {
                return Err(InputError::invalid(
                    inputs.shown("count"),
                    format!("the range {l}..{r} is empty (L must be at most R)"),
                )
                .into());
            }
            let losses = pattern.losses_in(l, r);
            Ok(Report::new().fields([
                Field::json_only("k", k),
                Field::json_only("l", l),
                Field::json_only("r", r),
                Field::shown("losses", big(losses), "", losses).laid_out(Layout::Bare),
                Field::json_only("period", big(pattern.period())),
                Field::json_only(
                    "runs",
                    pattern.runs().into_iter().map(big).collect::<Vec<_>>(),
                ),
            ]))
        }
        _ => {
            let pile = inputs.whole("pile")?;
            let limit = inputs.optional_whole("limit")?.unwrap_or(1);
            Ok(Report::answer(&pattern.answer(pile, limit)).fields([
                Field::new("k", k),
                Field::new("pile", pile),
                Field::new("limit", limit),
                Field::new("representation", pattern.representation(pile)),
                Field::new("period", big(pattern.period())),
            ]))
        }
    }
}
