//! Nim, in normal play and in misère play (Anti-Nim).
//!
//! **Rules.** Piles of counters; a move takes any positive number of counters from one pile.
//! In normal play the player who cannot move (every pile empty) loses; in misère play
//! (Anti-Nim) that player wins: whoever takes the last counter loses.
//!
//! **Normal play** (notes 003 §2.1 NIM, 002 "Nim游戏和Sprague–Grundy函数"): the
//! Sprague–Grundy value of the position is the XOR of the pile sizes, and the player to move
//! wins iff it is not 0. The winning moves are exactly the moves to XOR 0: pile `i` goes from
//! `a_i` to `a_i ⊕ x` (x the XOR of all piles), which is a move iff `a_i ⊕ x < a_i`, i.e. iff
//! `a_i` has the highest set bit of `x`. So there is at most one winning move per pile.
//!
//! **Misère play** (notes 002 "Anti-Nim"; the rule is [`anti_sg_wins`]): the player to move
//! wins iff either every pile has at most 1 counter and the XOR is 0 (an even number of piles
//! of one), or some pile has more than 1 and the XOR is not 0. With every pile empty the
//! player to move has already won (the opponent took the last counter), without a move. A
//! move of pile `i` to `v` wins iff the position it leaves is a loss: with another pile above
//! 1, iff `v` is the XOR `y` of the other piles; with the other piles all at most 1, iff
//! `v = 1 ⊕ y` (an odd number of piles of one, none larger). So again at most one winning
//! move per pile.
//!
//! The misère position has no Sprague–Grundy value in the sense of normal play (misère
//! values do not add by XOR), so its answer has none.
//!
//! **Complexity.** O(n) time for n piles, in both conventions; all winning moves are listed.

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use super::catalogue_game::own_rules;
use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use crate::play::playable::{explore_or_formula, nim_sum_verdict};
use crate::play::{piles, Build, Match, PlayError, PlayTable, Playable, WhyLine};
use grundy::budget::Budget;
use grundy::impartial::misere::anti_sg_wins;
use grundy::outcome::Outcome;
use grundy::pattern::table::{of_kind, Kind, Span, Table, TableError, TableSource, Tabulate};
use grundy::report::{Field, Report};
use grundy::rules::Impartial;

/// The rules of Nim, for the generic solver: a position is the list of pile sizes, in order
/// (piles are not sorted, so that a move keeps its pile's place). Solve it with
/// `misere: true` for Anti-Nim. A position of total size s has at most s options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nim;

impl Impartial for Nim {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut grundy::rules::Moves<Vec<u64>>) {
        // Lazily: a pile of 10^18 stops at the caller's cap.
        for (i, &size) in piles.iter().enumerate() {
            out.extend((0..size).map(|smaller| {
                let mut next = piles.clone();
                next[i] = smaller;
                next
            }));
        }
    }
}

/// A move of Nim: pile `pile` (numbered from 1, in the order given) goes from `from`
/// counters to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct NimMove {
    /// The pile, numbered from 1.
    pub pile: usize,
    /// Its size before the move.
    pub from: u64,
    /// Its size after the move (smaller than `from`).
    pub to: u64,
}

impl fmt::Display for NimMove {
    /// `pile 2: 5 -> 3 (take 2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pile {}: {} -> {} (take {})",
            self.pile,
            self.from,
            self.to,
            self.from - self.to
        )
    }
}

/// The Sprague–Grundy value of a Nim position: the XOR of the pile sizes. O(n).
pub fn nim_value(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |x, &a| x ^ a)
}

/// Every winning move of a Nim position in normal play (the moves to XOR 0), in pile order;
/// empty iff the player to move loses. O(n).
pub fn winning_moves(piles: &[u64]) -> Vec<NimMove> {
    let x = nim_value(piles);
    piles
        .iter()
        .enumerate()
        .filter(|&(_, &a)| a ^ x < a)
        .map(|(i, &a)| NimMove {
            pile: i + 1,
            from: a,
            to: a ^ x,
        })
        .collect()
}

/// The answer for a Nim position in normal play: outcome, value (the XOR) and all winning
/// moves. O(n).
pub fn answer(piles: &[u64]) -> Answer<NimMove> {
    Answer::from_moves(Some(nim_value(piles)), winning_moves(piles))
}

/// Every winning move of an Anti-Nim position (misère play), in pile order: at most one per
/// pile (see the module). Empty when the player to move loses, and when every pile is empty
/// (the player to move has won without a move). O(n).
pub fn misere_winning_moves(piles: &[u64]) -> Vec<NimMove> {
    if !anti_sg_wins(piles) {
        return Vec::new();
    }
    let x = nim_value(piles);
    let big = piles.iter().filter(|&&a| a > 1).count();
    piles
        .iter()
        .enumerate()
        .filter_map(|(i, &a)| {
            let others = x ^ a;
            let big_elsewhere = big - usize::from(a > 1) > 0;
            let to = if big_elsewhere { others } else { 1 ^ others };
            (to < a).then_some(NimMove {
                pile: i + 1,
                from: a,
                to,
            })
        })
        .collect()
}

/// The answer for an Anti-Nim position (misère play): outcome, no value, and all winning
/// moves. Every pile empty is a win for the player to move, with no move to make. O(n).
pub fn misere_answer(piles: &[u64]) -> Answer<NimMove> {
    let moves = misere_winning_moves(piles);
    let mut answer = Answer::from_moves(None, moves);
    if piles.iter().all(|&a| a == 0) {
        answer.outcome = Outcome::Win;
    }
    answer
}

/// Pile `m.pile` of `piles` after the move `m`, if it is one. O(n).
fn play(piles: &[u64], m: &NimMove) -> Option<Vec<u64>> {
    let i = m.pile.checked_sub(1)?;
    (piles.get(i) == Some(&m.from) && m.to < m.from).then(|| {
        let mut next = piles.to_vec();
        next[i] = m.to;
        next
    })
}

own_rules!(Nim, Vec<u64>, NimMove, |p: &Vec<u64>| answer(p), play);

/// Anti-Nim: Nim in misère play, as a catalogue game (its rules are Nim's, solved in misère
/// play).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AntiNim;

impl Impartial for AntiNim {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut grundy::rules::Moves<Vec<u64>>) {
        Nim.options(piles, out);
    }
}

own_rules!(
    AntiNim,
    Vec<u64>,
    NimMove,
    |p: &Vec<u64>| misere_answer(p),
    play,
    misere
);

/// Two-pile Nim as a table by (a, b): the value a XOR b.
#[derive(Debug)]
struct TwoPileNim;

impl Tabulate for TwoPileNim {
    fn name(&self) -> String {
        "two-pile Nim".to_string()
    }

    fn parameters(&self) -> usize {
        2
    }

    fn grid(&self, a: Span, b: Span, kind: Kind, _: &Budget) -> Result<Table, TableError> {
        Ok(of_kind(Table::grid(self.name(), a, b, |x, y| x ^ y)?, kind))
    }
}

/// `grundy nim PILES... [--misere]`: text prints the outcome, the value in normal play and the
/// winning moves as `pile 1: 3 -> 1 (take 2)`; JSON is the common answer with moves
/// `{"pile": 1, "from": 3, "to": 1}` (piles numbered from 1). The misère value is `null`.
/// Tables: `nim2`, two-pile Nim by (a, b).
pub struct NimFamily;

impl Family for NimFamily {
    fn name(&self) -> &'static str {
        "nim"
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "Nim (value: the XOR of the piles), or Anti-Nim with {misere}: every winning move"
    }

    fn example(&self) -> Example {
        &[("piles", "3"), ("piles", "4"), ("piles", "5")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            super::PILES,
            Param::flag(
                "misere",
                "Misère play (Anti-Nim): whoever takes the last counter loses",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "nim2 (or nim)",
            about: "(a, b): two-pile Nim",
            parse: |spec| {
                (spec.eq_ignore_ascii_case("nim2") || NimFamily.answers_to(spec))
                    .then(|| Ok(Box::new(TwoPileNim) as Box<dyn Tabulate>))
            },
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&NimPlay, &MisereNimPlay]
    }
}

/// The game `nim` of `grundy play` and the web page.
struct NimPlay;

impl Playable for NimPlay {
    fn syntax(&self) -> &'static str {
        "nim"
    }

    fn example(&self) -> &'static str {
        "nim"
    }

    fn about(&self) -> &'static str {
        "Nim: take any number of counters from one pile; the last to move wins"
    }

    fn position(&self) -> &'static str {
        "the piles: 3 4 5"
    }

    fn start(&self) -> &'static str {
        "3 4 5"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        play_from(start, budget, false)
    }

    fn formula(&self) -> Option<Build> {
        Some(|_, start, budget| by_formula(piles::read(start, "pile")?, budget, false))
    }

    fn table(&self, _: &str) -> Option<PlayTable> {
        PlayTable::of_piles("nim2", 2)
    }

    fn why(&self, _: &str) -> Option<WhyLine> {
        Some(WhyLine(Arc::new(why)))
    }
}

/// The game `misere-nim` of `grundy play` and the web page.
struct MisereNimPlay;

impl Playable for MisereNimPlay {
    fn syntax(&self) -> &'static str {
        "misere-nim"
    }

    fn example(&self) -> &'static str {
        "misere-nim"
    }

    fn about(&self) -> &'static str {
        "Nim in misère play: whoever takes the last counter loses"
    }

    fn position(&self) -> &'static str {
        "the piles: 3 4 5"
    }

    fn start(&self) -> &'static str {
        "3 4 5"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        play_from(start, budget, true)
    }

    fn formula(&self) -> Option<Build> {
        Some(|_, start, budget| by_formula(piles::read(start, "pile")?, budget, true))
    }

    fn why(&self, _: &str) -> Option<WhyLine> {
        Some(WhyLine(Arc::new(misere_why)))
    }
}

/// Why a Nim position is won or lost: the nim-sum of its piles (`3 ⊕ 4 ⊕ 5 = 2`), which
/// the player to move makes 0 to win. O(piles).
fn why(position: &str) -> Option<String> {
    let piles = piles::read(position, "pile").ok()?;
    let sum = piles.iter().fold(0, |x, &n| x ^ n);
    let terms: Vec<String> = piles.iter().map(u64::to_string).collect();
    Some(format!(
        "the nim-sum (XOR) of the piles: {} = {sum}{}",
        terms.join(" ⊕ "),
        nim_sum_verdict(sum)
    ))
}

/// Why a position of misère Nim is won or lost (Bouton's rule): while a pile holds 2 or
/// more, as in Nim, by the nim-sum; once every pile holds at most 1, by the parity of the
/// piles of 1 (an odd number loses). O(piles).
fn misere_why(position: &str) -> Option<String> {
    let piles = piles::read(position, "pile").ok()?;
    let ones = piles.iter().filter(|&&n| n == 1).count();
    if piles.iter().all(|&n| n <= 1) {
        let (parity, verdict) = match ones % 2 {
            1 => ("odd", "the player to move takes the last counter and loses"),
            _ => ("even", "the player to move wins"),
        };
        let piles = if ones == 1 { "pile" } else { "piles" };
        return Some(format!(
            "every pile holds at most 1 counter: {ones} {piles} of 1, an {parity} number, so \
             {verdict}"
        ));
    }
    let sum = piles.iter().fold(0, |x, &n| x ^ n);
    let terms: Vec<String> = piles.iter().map(u64::to_string).collect();
    Some(format!(
        "a pile holds 2 or more, so misère Nim is won as Nim is, by the nim-sum (XOR) of the \
         piles: {} = {sum}{}; but the winner's move that leaves only piles of 1 leaves an odd \
         number of them",
        terms.join(" ⊕ "),
        nim_sum_verdict(sum)
    ))
}

/// Nim (or, with `misere`, Nim in misère play) played from `start`: explored where it fits
/// the budget, else by the formula.
fn play_from(start: &str, budget: &Budget, misere: bool) -> Result<Match, PlayError> {
    let title = title(misere);
    let piles = piles::read(start, "pile")?;
    let (reach, size) = (piles::reach(&piles), piles::counters(&piles));
    let describe = piles::named("pile");
    let explore = || {
        let (title, start) = (title.to_string(), piles.clone());
        if misere {
            Match::from_rules(title, &AntiNim, start, true, budget, describe)
        } else {
            Match::from_rules(title, &Nim, start, false, budget, describe)
        }
    };
    explore_or_formula(budget, reach, size, explore, || {
        by_formula(piles.clone(), budget, misere)
    })
}

/// The game's title in play.
fn title(misere: bool) -> &'static str {
    if misere {
        "Nim in misère play"
    } else {
        "Nim"
    }
}

/// Nim (or, with `misere`, Nim in misère play) played from `piles` by the formula.
fn by_formula(piles: Vec<u64>, budget: &Budget, misere: bool) -> Result<Match, PlayError> {
    let (title, count) = (title(misere).to_string(), piles.len());
    let describe = piles::named("pile");
    let between = |p: &Vec<u64>, q: &Vec<u64>| {
        let (i, from, to) = piles::one_pile_down(p, q)?;
        Some(NimMove {
            pile: i + 1,
            from,
            to,
        })
    };
    Ok(if misere {
        let playbook = piles::playbook(AntiNim, count, describe, between, piles::no_more);
        Match::by_formula(title, playbook, piles, budget)
    } else {
        let playbook = piles::playbook(Nim, count, describe, between, piles::no_more);
        Match::by_formula(title, playbook, piles, budget)
    })
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let piles = inputs.wholes("piles")?;
    if !inputs.given("misere") {
        return Ok(Report::answer(&answer(&piles)));
    }
    let report = Report::answer(&misere_answer(&piles));
    Ok(if piles.iter().all(|&a| a == 0) {
        report.field(Field::new(
            "note",
            "every pile is empty: the opponent took the last counter, so the player to move has won",
        ))
    } else {
        report
    })
}
