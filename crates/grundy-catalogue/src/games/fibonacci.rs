//! Fibonacci Nim, and its misère form with a bounded first move (「SNOI2020」取石子).
//!
//! **Rules** (notes 002 "斐波那契博弈"). One pile of n counters. The first player takes at
//! least one counter and not the whole pile; afterwards each player takes at least one counter
//! and at most twice as many as the opponent just took. The player who takes the last counter
//! wins. A position in the middle of play is a pile `n` and a limit `L`, twice the opponent's
//! last take (the player to move takes 1 to min(L, n)); the start is the pile n with L = n − 1.
//!
//! **Zeckendorf.** Every n ≥ 1 is, in exactly one way, a sum of Fibonacci numbers
//! 1, 2, 3, 5, 8, ... no two of them consecutive (property 3 of the notes); the greedy
//! algorithm (take the largest Fibonacci number that fits, repeat) finds it ([`zeckendorf`]).
//! Write z(n) for its smallest term.
//!
//! **Closed form.** The player to move at (n, L) wins iff z(n) ≤ L ([`wins`]). From the start
//! (L = n − 1) that is iff n is not a Fibonacci number (notes 002: "如果n是斐波那契数的一项，
//! 则游戏是P-position"). By induction on n: taking z(n) leaves a pile whose smallest term is
//! at least the Fibonacci number two places above z(n), which is more than 2·z(n) (property 2
//! of the notes); conversely a take t < z(n) leaves n − t with z(n − t) ≤ 2t (the notes'
//! proof in 000, 「SNOI2020」取石子: "减完结果的最低位至多是 F_{d+1}").
//!
//! **Winning moves.** A take t wins iff t ≤ L and t = n or z(n − t) > 2t. Then every
//! Zeckendorf term of t is below z(n − t)/2, so not consecutive to it, and the two
//! representations together are the representation of n: t is the sum of the lowest terms of
//! n. So the winning takes are the sums z_j + ... + z_s of the lowest terms of n
//! (z_1 > ... > z_s) that are at most L and either take everything (j = 1) or satisfy
//! 2·(z_j + ... + z_s) < z_{j−1}; there are at most as many as terms, and all are listed.
//!
//! **Misère, bounded first move** (notes 000, 「SNOI2020」取石子). The first move takes 1 to k
//! counters, afterwards at most twice the last take, and the player who takes the last counter
//! loses. A player never wants to take the last counter, and leaving exactly one counter wins
//! (the opponent must take it), so the misère game on n ≥ 1 counters with limit L is the normal
//! game on n − 1 counters with limit L, move for move ([`misere_answer`]). Hence n is a
//! P-position iff n = 1 or z(n − 1) > k: the least k with which the first player wins at
//! n = 2, 3, 4, ... is z(1), z(2), z(3), ... = 1 2 3 1 5 1 2 8 ..., the notes' table ("能赢的
//! k 是斐波那契表示下的最低位", of n − 1). The number of P-positions in [1, m]
//! ([`misere_losses_up_to`]) is a digit count over Zeckendorf representations: the numbers up
//! to m − 1 whose terms are all at least the smallest Fibonacci number above k.
//!
//! **Complexity.** Every function takes O(log n) time (there are 92 Fibonacci numbers in
//! `u64`); [`misere_losses_up_to`] answers 10^5 queries in a few milliseconds.

use std::sync::Arc;

use super::catalogue_game::own_rules;
use super::limited::{LimitedPile, LimitedTake};
use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use crate::play::playable::{explore_or_formula, game_error};
use crate::play::{
    piles, Build, Drawing, Match, PlayError, PlayTable, Playable, Playbook, WhyLine,
};
use grundy::budget::Budget;
use grundy::input::{self, Words};
use grundy::math::zeckendorf::{
    is_fibonacci, largest_index_at_most, smallest_term, zeckendorf, FIBONACCI,
};
use grundy::outcome::Outcome;
use grundy::pattern::table::{of_kind, Kind, Span, Table, TableError, TableSource, Tabulate};
use grundy::progress::Progress;
use grundy::report::{Field, Layout, Report};
use grundy::rules::Impartial;

/// The rules of Fibonacci Nim, for the generic solver. Solved with `misere: true` from
/// [`LimitedPile::new`]`(n, k)` it is the misère game with first limit k.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FibonacciNim;

/// The start of Fibonacci Nim with n counters: any take but the whole pile (limit n − 1).
pub fn start(n: u64) -> LimitedPile {
    LimitedPile::new(n, u128::from(n.saturating_sub(1)))
}

impl Impartial for FibonacciNim {
    type Position = LimitedPile;

    fn options(&self, p: &LimitedPile, out: &mut grundy::rules::Moves<LimitedPile>) {
        out.extend((1..=p.limit).map(|t| LimitedPile::new(p.pile - t, 2 * u128::from(t))));
    }
}

/// Taking `take` from `pile`: the opponent may take at most twice as many.
fn taking(pile: u64, take: u64) -> LimitedTake {
    LimitedTake::new(pile, take, 2 * u128::from(take))
}

/// Whether the player to move wins with `pile` counters and limit `limit`: iff z(pile) ≤
/// limit. O(log n).
pub fn wins(pile: u64, limit: u64) -> bool {
    smallest_term(pile).is_some_and(|z| z <= limit)
}

/// Every winning take from `pile` counters with limit `limit`, in increasing order (see the
/// module: sums of the lowest Zeckendorf terms); empty iff the player to move loses. O(log n).
pub fn winning_moves(pile: u64, limit: u64) -> Vec<LimitedTake> {
    let terms = zeckendorf(pile);
    let mut moves = Vec::new();
    let mut take = 0u64;
    for j in (0..terms.len()).rev() {
        take += terms[j];
        let above_is_safe = j == 0 || 2 * u128::from(take) < u128::from(terms[j - 1]);
        if take <= limit && above_is_safe {
            moves.push(taking(pile, take));
        }
    }
    moves
}

/// The answer at `pile` counters with limit `limit` (in the middle of play: twice the
/// opponent's last take): outcome and every winning move. The Sprague–Grundy value is not
/// given (it has no simple closed form). O(log n).
pub fn answer(pile: u64, limit: u64) -> Answer<LimitedTake> {
    Answer::from_moves(None, winning_moves(pile, limit))
}

/// The answer at the start of Fibonacci Nim with `n` counters (limit n − 1): a loss iff n is
/// a Fibonacci number (or 0). O(log n).
pub fn start_answer(n: u64) -> Answer<LimitedTake> {
    answer(n, n.saturating_sub(1))
}

/// The answer of the misère game (who takes the last counter loses) at `pile` counters with
/// limit `limit`; with `limit = k` this is the start of 「SNOI2020」取石子. It is the normal
/// game on `pile − 1` counters: the winning takes are the same, and never take the last
/// counter. With no counter left the player to move has already won (the opponent took the
/// last one), without a move. O(log n).
pub fn misere_answer(pile: u64, limit: u64) -> Answer<LimitedTake> {
    if pile == 0 {
        return Answer {
            outcome: Outcome::Win,
            value: None,
            winning_moves: Vec::new(),
            winning_move_count: None,
        };
    }
    let moves = winning_moves(pile - 1, limit)
        .into_iter()
        .map(|m| taking(pile, m.take))
        .collect();
    Answer::from_moves(None, moves)
}

/// Whether the player to move wins the misère game at `pile` counters with limit `limit`:
/// iff pile = 0 (the opponent took the last counter) or z(pile − 1) ≤ limit. O(log n).
pub fn misere_wins(pile: u64, limit: u64) -> bool {
    pile == 0 || wins(pile - 1, limit)
}

/// How many of the starts n = 1, ..., m of the misère game with first limit `k` are
/// P-positions (the second player wins): 「SNOI2020」取石子. O(log m).
pub fn misere_losses_up_to(k: u64, m: u64) -> u64 {
    if m == 0 {
        return 0;
    }
    // n = 1, and n = x + 1 for every x in [1, m − 1] with z(x) > k.
    1 + count_smallest_term_above(m - 1, k)
}

/// How many x in [1, m] have z(x) > k: the numbers whose Zeckendorf terms all have an index
/// at least `low`, the index of the smallest Fibonacci number above k. Digit by digit from the
/// top of m's representation: where m has a term of index i ≥ low, the numbers that agree with
/// m above i and lack that term are free on the indices low..i − 1, and there are
/// FIBONACCI[i − low] sets of non-consecutive indices among i − low consecutive ones.
fn count_smallest_term_above(m: u64, k: u64) -> u64 {
    let low = FIBONACCI.partition_point(|&f| f <= k);
    // Counts 0 (the empty representation) too; it is taken off at the end.
    let mut count = 0u64;
    let mut rest = m;
    loop {
        if rest == 0 {
            count += 1; // m itself: all of its terms are at index ≥ low
            break;
        }
        let i = largest_index_at_most(rest);
        if i < low {
            count += 1; // the part of m above index i, with nothing below
            break;
        }
        count += FIBONACCI[i - low];
        rest -= FIBONACCI[i];
    }
    count - 1
}

own_rules!(
    FibonacciNim,
    LimitedPile,
    LimitedTake,
    |p: &LimitedPile| answer(p.pile, p.limit),
    |p: &LimitedPile, m: &LimitedTake| m.play(p)
);

/// The misère game (「SNOI2020」取石子: who takes the last counter loses), as a catalogue
/// game on the same positions (its rules are Fibonacci Nim's, solved in misère play).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MisereFibonacciNim;

impl Impartial for MisereFibonacciNim {
    type Position = LimitedPile;

    fn options(&self, p: &LimitedPile, out: &mut grundy::rules::Moves<LimitedPile>) {
        FibonacciNim.options(p, out);
    }
}

own_rules!(
    MisereFibonacciNim,
    LimitedPile,
    LimitedTake,
    |p: &LimitedPile| misere_answer(p.pile, p.limit),
    |p: &LimitedPile, m: &LimitedTake| m.play(p),
    misere
);

impl Tabulate for FibonacciNim {
    fn name(&self) -> String {
        "Fibonacci Nim: least winning first take".to_string()
    }

    fn parameters(&self) -> usize {
        1
    }

    /// The least winning first take from a pile of n (0 where the first player loses).
    fn line(&self, n: Span, kind: Kind, _: &Budget, _: &dyn Progress) -> Result<Table, TableError> {
        let table = Table::line(self.name(), n, |pile| {
            start_answer(pile)
                .winning_moves
                .iter()
                .map(|m| m.take)
                .min()
                .unwrap_or(0)
        })?;
        Ok(of_kind(table, kind))
    }
}

/// `grundy fibonacci-nim N [--limit L]`: Fibonacci Nim, from the start or in the middle of
/// play. Adds to the common answer `pile`, `limit`, `zeckendorf` (the terms of the pile,
/// largest first) and `fibonacci` (whether the pile is a Fibonacci number: from the start the
/// first player loses iff it is). Tables: `fibonacci`, the least winning first take by n.
pub struct FibonacciNimFamily;

impl Family for FibonacciNimFamily {
    fn name(&self) -> &'static str {
        "fibonacci-nim"
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "Fibonacci Nim (take at most twice the last take): who wins, every winning move"
    }

    fn example(&self) -> Example {
        &[("pile", "10"), ("limit", "4")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg("pile", "N", "The pile (0 to 2^64 - 1 counters)").whole("a pile size", 0),
            Param::option(
                "limit",
                "L",
                "In the middle of play: the most the player to move may take (twice the \
                 opponent's last take; a limit at least N allows taking the whole pile). Default: \
                 the start, where the first player may take anything but the whole pile (N - 1)",
            )
            .whole("a limit", 1),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["fibonacci"]
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "fibonacci (or fibonacci-nim)",
            about: "n: the pile; the cell is Fibonacci Nim's least winning first take (0 for a \
                    P-position)",
            parse: |spec| {
                FibonacciNimFamily
                    .answers_to(spec)
                    .then(|| Ok(Box::new(FibonacciNim) as Box<dyn Tabulate>))
            },
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&FibonacciPlay]
    }
}

/// The game `fibonacci` of `grundy play` and the web page.
struct FibonacciPlay;

impl Playable for FibonacciPlay {
    fn syntax(&self) -> &'static str {
        "fibonacci"
    }

    fn example(&self) -> &'static str {
        "fibonacci"
    }

    fn about(&self) -> &'static str {
        "Fibonacci Nim: at most twice the last take, not the whole pile at first"
    }

    fn position(&self) -> &'static str {
        "the pile, and the most that may be taken: 20 or 20/5"
    }

    fn start(&self) -> &'static str {
        "20"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["fibonacci-nim"]
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        play_from(start, budget)
    }

    fn formula(&self) -> Option<Build> {
        Some(|_, start, budget| by_formula(position_of_name(start)?, budget))
    }

    fn table(&self, _: &str) -> Option<PlayTable> {
        PlayTable::of_piles("fibonacci", 1)
    }

    fn why(&self, _: &str) -> Option<WhyLine> {
        Some(WhyLine(Arc::new(why)))
    }
}

/// Fibonacci Nim played from `start` (`N`, the start of the game, or `N/L`): explored where
/// it fits the budget, else by the formula.
fn play_from(start: &str, budget: &Budget) -> Result<Match, PlayError> {
    let position = position_of_name(start)?;
    let title = "Fibonacci Nim".to_string();
    let reach = (u128::from(position.pile) + 1).saturating_pow(2);
    let size = piles::counters(&[position.pile]);
    let explore = || Match::from_rules(title, &FibonacciNim, position, false, budget, describe);
    explore_or_formula(budget, reach, size, explore, || {
        by_formula(position, budget)
    })
}

/// A position's name (`20/5`) and drawing: the pile, and the most that may be taken.
fn describe(p: &LimitedPile) -> (String, Drawing) {
    let drawing = Drawing::piles(&[p.pile], "pile");
    let name = format!("{}/{}", p.pile, p.limit);
    (name, drawing.with_note(format!("take at most {}", p.limit)))
}

/// Fibonacci Nim played from `start` by the formula.
fn by_formula(start: LimitedPile, budget: &Budget) -> Result<Match, PlayError> {
    let playbook = Playbook {
        game: FibonacciNim,
        describe: Box::new(describe),
        read: Box::new(|name| position_of_name(name).ok()),
        between: Box::new(|p: &LimitedPile, q: &LimitedPile| {
            let take = p.pile.checked_sub(q.pile)?;
            Some(LimitedTake::new(p.pile, take, 2 * u128::from(take)))
        }),
        candidates: Box::new(|p: &LimitedPile| {
            [1, 2, 3, p.limit / 2, p.limit]
                .into_iter()
                .filter(|&t| (1..=p.limit).contains(&t))
                .map(|t| LimitedPile::new(p.pile - t, 2 * u128::from(t)))
                .collect()
        }),
    };
    let title = "Fibonacci Nim".to_string();
    Ok(Match::by_formula(title, playbook, start, budget))
}

/// Fibonacci Nim's position as play names it: `N` (the start: anything but the whole pile)
/// or `N/L`.
fn position_of_name(name: &str) -> Result<LimitedPile, PlayError> {
    let name = name.trim();
    match name.split_once('/') {
        None => Ok(start(
            input::whole("the pile", name, "a pile size", 0).map_err(game_error)?,
        )),
        Some((pile, limit)) => Ok(LimitedPile::new(
            input::whole("the pile", pile, "a pile size", 0).map_err(game_error)?,
            u128::from(input::whole("the limit", limit, "a limit", 0).map_err(game_error)?),
        )),
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let pile = inputs.whole("pile")?;
    let (limit, reply) = match inputs.optional_whole("limit")? {
        None => (pile.saturating_sub(1), start_answer(pile)),
        Some(limit) => (limit, answer(pile, limit)),
    };
    Ok(Report::answer(&reply).fields([
        Field::new("pile", pile),
        Field::new("limit", limit),
        Field::new("zeckendorf", zeckendorf(pile)),
        Field::new("fibonacci", is_fibonacci(pile)),
    ]))
}

/// `grundy misere-fibonacci-nim`: the misère form with a bounded first move (「SNOI2020」取石子),
/// for one position (`N --k K`: the common answer with `pile`, `limit` and
/// `zeckendorf_of_pile_minus_one`), a count of P-positions among the starts 1..=M (`--k K
/// --count M`: the count alone in text, `{"k", "m", "losses"}` in JSON), or a batch (`--batch`:
/// standard input is T, then T lines `k m`; one count a line, `{"counts": [...]}` in JSON).
pub struct MisereFibonacciNimFamily;

impl Family for MisereFibonacciNimFamily {
    fn name(&self) -> &'static str {
        "misere-fibonacci-nim"
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "Misère Fibonacci Nim with first take at most K (SNOI2020): a position, or counts"
    }

    fn example(&self) -> Example {
        &[("pile", "10"), ("k", "3")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "pile",
                "N",
                "The pile (0 to 2^64 - 1 counters); omit it with {count} or {batch}",
            )
            .optional()
            .whole("a pile size", 0)
            .or(&["count", "batch"])
            .excludes(&["count"]),
            Param::option(
                "k",
                "K",
                "The most the first move may take (later: twice the opponent's last take)",
            )
            .whole("a first take", 1)
            .or(&["batch"]),
            Param::option(
                "count",
                "M",
                "Count the P-positions (second player wins) among the starts 1..=M",
            )
            .whole("a count", 0),
            Param::flag(
                "batch",
                "Read T, then T lines `k m` from standard input; print each count, one per line",
            )
            .excludes(&["pile", "k", "count"]),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run_misere(inputs)
    }
}

fn run_misere(inputs: &Inputs) -> Result<Report, RunError> {
    if inputs.given("batch") {
        return batch(inputs);
    }
    let k = inputs.whole("k")?;
    // The declarations allow one of a pile and a count.
    match inputs.optional_whole("count")? {
        Some(m) => {
            let losses = misere_losses_up_to(k, m);
            Ok(Report::new().fields([
                Field::json_only("k", k),
                Field::json_only("m", m),
                Field::shown("losses", losses, "", losses).laid_out(Layout::Bare),
            ]))
        }
        None => {
            let pile = inputs.whole("pile")?;
            Ok(Report::answer(&misere_answer(pile, k)).fields([
                Field::new("pile", pile),
                Field::new("limit", k),
                Field::new(
                    "zeckendorf_of_pile_minus_one",
                    zeckendorf(pile.saturating_sub(1)),
                ),
            ]))
        }
    }
}

/// `--batch`: T, then T lines `k m`; the counts, one a line. Every line is read before any
/// count is given.
fn batch(inputs: &Inputs) -> Result<Report, RunError> {
    let source = inputs.read("-")?;
    let mut words = Words::new(&source.origin, &source.text);
    let t = words.whole("the number of queries T", 0)?;
    let mut counts = Vec::new();
    for _ in 0..t {
        let k = words.whole("a first take k", 1)?;
        let m = words.whole("a count m", 0)?;
        counts.push(misere_losses_up_to(k, m));
    }
    words.finish()?;
    let text: Vec<String> = counts.iter().map(u64::to_string).collect();
    Ok(Report::new()
        .field(Field::shown("counts", counts, "", text.join("\n")).laid_out(Layout::Bare)))
}

/// Why a Fibonacci Nim position is won or lost: the pile's Zeckendorf digits, whose
/// smallest term the player to move must be able to take. O(log pile).
fn why(position: &str) -> Option<String> {
    let p = position_of_name(position).ok()?;
    let terms: Vec<String> = zeckendorf(p.pile).iter().map(u64::to_string).collect();
    let smallest = smallest_term(p.pile)?;
    let verdict = if smallest <= p.limit {
        "at most"
    } else {
        "more than"
    };
    let outcome = if smallest <= p.limit {
        "taking it wins"
    } else {
        "the player to move loses"
    };
    Some(format!(
        "the pile as a sum of Fibonacci numbers (Zeckendorf): {} = {}; its smallest \
         term, {smallest}, is {verdict} the most that may be taken, {}: {outcome}",
        p.pile,
        terms.join(" + "),
        p.limit
    ))
}
