//! Wind-Up (cgt-tools' `WindUp`, proposed by Alfie Davies at Games-at-Dal 2023): a subtraction
//! game played modulo n, impartial and loopy.
//!
//! **Rules** (as cgt-tools defines them). The positions are 0, 1, ..., n − 1, n ≥ 1, and S is
//! a set of whole numbers. From a position p ≠ 0 a move subtracts an s of S modulo n, to
//! (p − s) mod n; position 0 ends the game: the player to move there cannot move and loses.
//! An amount that is a multiple of n leaves the position as it is (a pass), and two amounts
//! equal modulo n are the same move. Play may go round the circle forever: a position may be
//! a draw.
//!
//! **Values.** The generalised Sprague–Grundy function of Smith and of Fraenkel and Yesha (as
//! [`grundy::solve::grundy_values`] computes it on any graph): a finite nimber, or ∞(K), K the
//! finite values of the options. Here it is computed on the circle itself, whose moves are
//! known without being stored: round k = 0, 1, ... labels k every unlabelled position all of
//! whose unlabelled or infinite options have an option labelled k (found by retrograde
//! counting, as the engine's solver does), and then makes ∞ every unlabelled position without
//! an option labelled k. A value g needs options of the g values below it, so g ≤ |S| and
//! there are at most |S| + 1 rounds: O(n·|S|²) time and 13 bytes a position, n up to
//! [`MAX_N`]. The tests check every value against the engine's solver on the game's graph, on
//! many seeded random (n, S).
//!
//! **cgt-tools' method.** cgt-tools finds the zeros by a fixed point (correct), then the mex of
//! each position whose options are all finite, and calls every other position ∞. A position
//! of finite value with an option it cannot value first is called ∞ there: in Wind-Up(7,
//! {1, 4, 6}) positions 1 and 2 move to each other, and their values 2 and 1 (every value of
//! that game is finite: 0 2 1 0 1 0 2) wait each on the other, so that it calls 1, 2 and 6
//! ∞ (the tests check the case; `docs/catalogue.md` tells it).
//!
//! **Sums.** Several tokens, one moved a turn, are decided from their values by Smith's
//! theorem ([`grundy::solve::sum_of_tokens`]): finite values add by XOR; one ∞(K) token with
//! the others' XOR x wins iff x ∈ K, and is a draw otherwise; two ∞ tokens draw.

use std::fmt;
use std::sync::{Arc, OnceLock};

use serde::Serialize;
use serde_json::Value;

use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use crate::play::playable::{game_error, nim_sum_line, words};
use crate::play::{Drawing, Match, PlayError, Playable, WhyLine};
use grundy::budget::Budget;
use grundy::input::{self, InputError};
use grundy::outcome::OutcomeClass;
use grundy::pattern::table::{
    check_limit, Form, Kind, Span, Table, TableError, TableGame, TableSource, Tabulate,
};
use grundy::report::{Cell, Column, Field, Listing, Report};
use grundy::rules::{Impartial, Moves, Sum};
use grundy::solve::NimValue;
use grundy::Outcome;

/// The largest n: 2^22 positions (about 55 MB while they are valued).
pub const MAX_N: u64 = 1 << 22;

/// The largest n of a table by n and position: each row is a game of its own.
const MAX_TABLE_N: u64 = 1 << 12;

/// Bytes a position takes while valued: its label and counter (4 bytes each), its mark (1)
/// and its place in the queue (4).
const BYTES_PER_POSITION: u64 = 13;

/// How many positions are handled between two looks at the deadline and the cancel flag.
const CHECK_EVERY: usize = 1 << 14;

/// A label of a position not labelled yet in the current round.
const UNLABELLED: u32 = u32::MAX - 1;
/// The label of a position of value ∞.
const INFINITE: u32 = u32::MAX;

/// The rules of Wind-Up(n, S), for the generic solver and for play: a position is a residue
/// 0..n; 0 has no move, any other p moves to (p − s) mod n for each s of S.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindUpRules {
    n: u64,
    /// The distinct amounts modulo n, each the smallest amount of S with that residue, in
    /// increasing order of amount: (amount, residue).
    moves: Vec<(u64, u64)>,
}

impl WindUpRules {
    /// The game of `n` positions (at least 1, at most [`MAX_N`]) and subtraction set `set`
    /// (not empty; amounts in any order, repeated or not). O(|S| log |S|).
    pub fn new(n: u64, set: &[u64]) -> Result<WindUpRules, InputError> {
        if n == 0 || n > MAX_N {
            return Err(InputError::invalid(
                format!("n {n}"),
                format!("n is the number of positions, from 1 to {MAX_N}"),
            ));
        }
        if set.is_empty() {
            return Err(InputError::usage(
                "the subtraction set is empty: give at least one amount, like 1,3",
            ));
        }
        let mut amounts = set.to_vec();
        amounts.sort_unstable();
        amounts.dedup();
        let mut seen = std::collections::HashSet::new();
        let moves = amounts
            .into_iter()
            .map(|s| (s, s % n))
            .filter(|&(_, r)| seen.insert(r))
            .collect();
        Ok(WindUpRules { n, moves })
    }

    /// n, the number of positions.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The moves: each distinct residue modulo n once, with the smallest amount of S that
    /// makes it, by increasing amount.
    pub fn moves(&self) -> &[(u64, u64)] {
        &self.moves
    }

    /// The position a move of residue `r` leads to from `p` (p ≠ 0).
    fn after(&self, p: u64, r: u64) -> u64 {
        (p + self.n - r) % self.n
    }
}

impl fmt::Display for WindUpRules {
    /// `Wind-Up(n=12, {1,3})`, the amounts as they act (one a residue).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let set: Vec<String> = self.moves.iter().map(|(s, _)| s.to_string()).collect();
        write!(f, "Wind-Up(n={}, {{{}}})", self.n, set.join(","))
    }
}

impl Impartial for WindUpRules {
    type Position = u64;

    fn options(&self, &p: &u64, out: &mut Moves<u64>) {
        if p % self.n != 0 {
            out.extend(self.moves.iter().map(|&(_, r)| self.after(p % self.n, r)));
        }
    }
}

/// The values of every position of a Wind-Up game. Made by [`WindUp::solve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindUp {
    rules: WindUpRules,
    /// Each position's finite value, or [`INFINITE`].
    labels: Vec<u32>,
}

impl WindUp {
    /// The generalised Sprague–Grundy values of every position of `rules`, round by round on
    /// the circle (see the module), within `budget`'s memory (13 bytes a position, checked
    /// before allocating), positions, deadline and cancel flag (checked every 16384
    /// positions). O(n·|S|²) time, O(n) memory.
    pub fn solve(rules: WindUpRules, budget: &Budget) -> Result<WindUp, RunError> {
        let n = rules.n as usize;
        budget.check("valuing Wind-Up", rules.n, rules.n * BYTES_PER_POSITION)?;
        let residues: Vec<usize> = rules.moves.iter().map(|&(_, r)| r as usize).collect();
        let mut labels = vec![UNLABELLED; n];
        let mut counters = vec![0u32; n];
        let mut marked = vec![false; n];
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        let open = |l: u32| l == UNLABELLED || l == INFINITE;
        // Position 0 has no move; every other one has an option a residue.
        let options = |p: usize| {
            let count = if p == 0 { 0 } else { residues.len() };
            residues[..count].iter().map(move |&r| (p + n - r) % n)
        };
        // The positions that move to p: p + r, except 0, which has no move.
        let movers = |p: usize| {
            residues
                .iter()
                .map(move |&r| (p + r) % n)
                .filter(|&q| q != 0)
        };
        let mut work = 0usize;
        let mut tick = |done: usize| -> Result<(), RunError> {
            work += done;
            if work >= CHECK_EVERY {
                work = 0;
                budget.check_time("valuing Wind-Up", rules.n)?;
            }
            Ok(())
        };
        let mut round = 0u32;
        while labels.contains(&UNLABELLED) {
            marked.fill(false);
            queue.clear();
            for p in 0..n {
                if labels[p] == UNLABELLED {
                    counters[p] = options(p).filter(|&q| open(labels[q])).count() as u32;
                    if counters[p] == 0 {
                        queue.push(p as u32);
                    }
                }
                tick(1)?;
            }
            // Labelled after every count, so that each counted its options still open.
            for &p in &queue {
                labels[p as usize] = round;
            }
            // Each position labelled `round` marks its open movers (they have an option of
            // value `round`); each newly marked one counts down the unlabelled, unmarked
            // positions that move to it; one with no open option left unmarked is `round`.
            let mut next = 0;
            while let Some(&p) = queue.get(next) {
                next += 1;
                for q in movers(p as usize) {
                    if !open(labels[q]) || marked[q] {
                        continue;
                    }
                    marked[q] = true;
                    for t in movers(q) {
                        if labels[t] == UNLABELLED && !marked[t] {
                            counters[t] -= 1;
                            if counters[t] == 0 {
                                labels[t] = round;
                                queue.push(t as u32);
                            }
                        }
                    }
                }
                tick(residues.len())?;
            }
            for (label, &mark) in labels.iter_mut().zip(&marked) {
                if *label == UNLABELLED && !mark {
                    *label = INFINITE;
                }
            }
            round += 1;
        }
        Ok(WindUp { rules, labels })
    }

    /// The rules valued.
    pub fn rules(&self) -> &WindUpRules {
        &self.rules
    }

    /// The finite value of position `p` (below n), or `None` for ∞. O(1).
    pub fn finite(&self, p: u64) -> Option<u32> {
        Some(self.labels[p as usize]).filter(|&l| l != INFINITE)
    }

    /// The value of position `p` (below n): finite, or ∞ with the sorted finite values of its
    /// options. O(|S| log |S|).
    pub fn value(&self, p: u64) -> NimValue {
        match self.finite(p) {
            Some(v) => NimValue::Finite(v),
            None => {
                let mut k: Vec<u32> = self.options(p).filter_map(|q| self.finite(q)).collect();
                k.sort_unstable();
                k.dedup();
                NimValue::Infinite(k)
            }
        }
    }

    /// The moves of position `p`: (amount, position reached), by increasing amount.
    fn moves_from(&self, p: u64) -> impl Iterator<Item = (u64, u64)> + '_ {
        let count = if p == 0 { 0 } else { self.rules.moves.len() };
        self.rules.moves[..count]
            .iter()
            .map(move |&(s, r)| (s, self.rules.after(p, r)))
    }

    /// The options of position `p`.
    fn options(&self, p: u64) -> impl Iterator<Item = u64> + '_ {
        self.moves_from(p).map(|(_, q)| q)
    }

    /// The outcome of a sum of tokens whose finite values XOR to `x` and whose infinite ones
    /// are `infinite` (Smith's theorem, see the module). O(|S|) when one token is infinite.
    fn outcome(&self, x: u32, infinite: &[u64]) -> Outcome {
        match infinite {
            [] if x == 0 => Outcome::Loss,
            [] => Outcome::Win,
            [p] if self.options(*p).any(|q| self.finite(q) == Some(x)) => Outcome::Win,
            _ => Outcome::Draw,
        }
    }

    /// The answer for tokens on these positions (each below n; one token moves a turn): the
    /// outcome, the value when every token's is finite (their XOR), every winning move, and,
    /// when the sum is a draw, every move that keeps the draw. O(tokens·|S|²) at most.
    pub fn answer(&self, tokens: &[u64]) -> (Answer<WindUpMove>, Vec<WindUpMove>) {
        let finite_xor = |skip: usize| {
            (tokens.iter().enumerate())
                .filter(|&(i, _)| i != skip)
                .filter_map(|(_, &p)| self.finite(p))
                .fold(0, |a, v| a ^ v)
        };
        let infinite_but = |skip: usize| -> Vec<u64> {
            (tokens.iter().enumerate())
                .filter(|&(i, &p)| i != skip && self.finite(p).is_none())
                .map(|(_, &p)| p)
                .collect()
        };
        let all_infinite = infinite_but(usize::MAX);
        let x = finite_xor(usize::MAX);
        let outcome = self.outcome(x, &all_infinite);
        let mut winning = Vec::new();
        let mut drawing = Vec::new();
        for (i, &p) in tokens.iter().enumerate() {
            // Two other infinite tokens draw whatever this one does.
            let mut rest = infinite_but(i);
            if rest.len() > 1 && outcome != Outcome::Draw {
                continue;
            }
            let others = finite_xor(i);
            for (take, q) in self.moves_from(p) {
                let after = match self.finite(q) {
                    Some(v) => self.outcome(others ^ v, &rest),
                    None => {
                        rest.push(q);
                        let after = self.outcome(others, &rest);
                        rest.pop();
                        after
                    }
                };
                let m = WindUpMove {
                    token: i + 1,
                    take,
                    from: p,
                    to: q,
                };
                match after {
                    Outcome::Loss => winning.push(m),
                    Outcome::Draw if outcome == Outcome::Draw => drawing.push(m),
                    _ => {}
                }
            }
        }
        let value = all_infinite.is_empty().then_some(u64::from(x));
        let answer = Answer {
            outcome,
            value,
            winning_moves: winning,
            winning_move_count: None,
        };
        (answer, drawing)
    }
}

/// A move of Wind-Up: `token 1: take 3 (7 to 4)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WindUpMove {
    /// The token moved, numbered from 1.
    pub token: usize,
    /// The amount subtracted (the smallest amount of S with its residue).
    pub take: u64,
    /// The position the token leaves.
    pub from: u64,
    /// The position it reaches, (from − take) mod n.
    pub to: u64,
}

impl fmt::Display for WindUpMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "token {}: take {} ({} to {})",
            self.token, self.take, self.from, self.to
        )
    }
}

/// A value as the listing and the JSON show it: a number, or `inf(0,2)`.
fn value_cell(value: &NimValue) -> Cell {
    match value {
        NimValue::Finite(v) => Cell::Number(u64::from(*v)),
        other => Cell::Text(other.to_string()),
    }
}

/// The outcome of one token at a position of this value.
fn outcome_of(value: &NimValue) -> Outcome {
    match value {
        NimValue::Finite(0) => Outcome::Loss,
        NimValue::Finite(_) => Outcome::Win,
        NimValue::Infinite(k) if k.contains(&0) => Outcome::Win,
        NimValue::Infinite(_) => Outcome::Draw,
    }
}

/// Reads the tokens' positions (each below n), placed as `token 1`, `token 2`...
fn read_tokens(texts: &[String], n: u64) -> Result<Vec<u64>, InputError> {
    (texts.iter().enumerate())
        .map(|(i, text)| {
            let place = format!("token {}", i + 1);
            input::whole_up_to(&place, text, "a position", 0, n - 1)
        })
        .collect()
}

/// `grundy wind-up N --moves S [POSITION...]`: Wind-Up(n, S). With positions, the answer for
/// a token on each (one moved a turn): outcome (a draw too), value, winning moves, and the
/// moves that keep a draw; `token_values` (each token's value, a number or `inf(K)`). Without,
/// the value and outcome of every position (`positions`). Table: `wind-up:S` by n and
/// position, `wind-up:N:S` by position.
pub struct WindUpFamily;

impl Family for WindUpFamily {
    fn name(&self) -> &'static str {
        "wind-up"
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "Wind-Up (cgt-tools): subtract modulo N, loopy; generalised values, draws, moves"
    }

    fn example(&self) -> Example {
        &[("n", "12"), ("moves", "1,3"), ("positions", "7")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "n",
                "N",
                "The number of positions, 0 to N - 1, played modulo N (1 to 4194304)",
            )
            .whole("a number of positions", 1)
            .at_most(MAX_N),
            Param::args(
                "positions",
                "POSITION",
                "A token on each of these positions (0 to N - 1), one moved a turn; none: \
                 every position's value",
            )
            .optional()
            .each("token"),
            Param::option(
                "moves",
                "S1,S2,...",
                "The subtraction set: a move takes one of these modulo N, e.g. 1,3",
            )
            .list("an amount", 0)
            .required(),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "wind-up:S (by n and position) or wind-up:N:S (by position), S like 1,3",
            about: "(n, p) or p: the generalised values of Wind-Up, ∞ as inf(K)",
            parse: parse_table,
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&WindUpPlay]
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let n = inputs.whole("n")?;
    let set = inputs.list("moves")?;
    let rules = WindUpRules::new(n, &set).map_err(|e| e.within(&inputs.shown("moves")))?;
    let tokens = read_tokens(inputs.values("positions"), n)?;
    let game = WindUp::solve(rules, inputs.budget())?;
    let title = Field::new("game", game.rules().to_string());
    if tokens.is_empty() {
        let infinite = (0..n).filter(|&p| game.finite(p).is_none()).count();
        let rows = Listing::new(
            "positions",
            vec![
                Column::right("position", "position"),
                Column::left("value", "value"),
                Column::left("outcome", "outcome"),
            ],
            n as usize,
            move |i| {
                let value = game.value(i as u64);
                vec![
                    Cell::Number(i as u64),
                    value_cell(&value),
                    Cell::Text(outcome_of(&value).to_string()),
                ]
            },
        );
        return Ok(Report::new()
            .field(title)
            .field(Field::new("infinite_positions", infinite))
            .listing(rows));
    }
    let values: Vec<Value> = tokens
        .iter()
        .map(|&p| match game.value(p) {
            NimValue::Finite(v) => Value::from(v),
            other => Value::from(other.to_string()),
        })
        .collect();
    let (answer, drawing) = game.answer(&tokens);
    let mut report = Report::answer(&answer)
        .field(title)
        .field(Field::new("token_values", values));
    if answer.outcome == Outcome::Draw {
        let texts: Vec<String> = drawing.iter().map(WindUpMove::to_string).collect();
        report = report.field(Field::shown(
            "drawing_moves",
            &drawing,
            "moves that keep the draw",
            if texts.is_empty() {
                "none".to_string()
            } else {
                texts.join(", ")
            },
        ));
    }
    Ok(report)
}

/// A table of Wind-Up: by position for one n, or by n and position.
#[derive(Debug, Clone)]
struct WindUpTable {
    /// n for a table by position; `None` for a table by n and position.
    n: Option<u64>,
    /// The subtraction set.
    set: Vec<u64>,
}

impl WindUpTable {
    /// The values of the game of `n` positions, for a table.
    fn solved(&self, n: u64, budget: &Budget) -> Result<WindUp, TableError> {
        let failed = |e: &dyn fmt::Display| TableError::Game {
            game: self.name(),
            message: e.to_string(),
        };
        let rules = WindUpRules::new(n, &self.set).map_err(|e| failed(&e))?;
        WindUp::solve(rules, budget).map_err(|e| failed(&e))
    }

    /// Refuses a table of outcomes: Wind-Up has draws, which its letters (P, N) cannot show.
    fn values_only(&self, kind: Kind) -> Result<(), TableError> {
        match kind {
            Kind::Outcomes => Err(TableError::Game {
                game: self.name(),
                message: "Wind-Up has draws, which a table of outcomes cannot show: its table \
                          of values shows them as inf(K) without 0 in K"
                    .to_string(),
            }),
            _ => Ok(()),
        }
    }
}

/// A cell of a table: the position's value, its outcome class where it has one (a draw is
/// none; tables of outcomes are refused).
fn form(value: &NimValue) -> Form {
    let class = match outcome_of(value) {
        Outcome::Loss => OutcomeClass::Second,
        _ => OutcomeClass::First,
    };
    Form {
        text: value.to_string(),
        class,
    }
}

impl Tabulate for WindUpTable {
    fn name(&self) -> String {
        let set: Vec<String> = self.set.iter().map(u64::to_string).collect();
        match self.n {
            Some(n) => format!("Wind-Up(n={n}, {{{}}})", set.join(",")),
            None => format!("Wind-Up({{{}}})", set.join(",")),
        }
    }

    fn parameters(&self) -> usize {
        if self.n.is_some() {
            1
        } else {
            2
        }
    }

    /// n from 1: n = 0 has no position.
    fn default_span(&self) -> Span {
        Span { first: 1, last: 16 }
    }

    /// The value of each position p of `p` from its first (below n) to n − 1 at most.
    fn line(
        &self,
        p: Span,
        kind: Kind,
        budget: &Budget,
        _: &dyn grundy::progress::Progress,
    ) -> Result<Table, TableError> {
        let Some(n) = self.n else {
            return Err(self.dimension_error(1));
        };
        self.values_only(kind)?;
        check_limit(
            &self.name(),
            "p",
            p.first,
            n - 1,
            "the positions are 0 to n - 1",
        )?;
        // Positions from n on do not exist: the table stops at n - 1.
        let p = Span::new(p.first, p.last.min(n - 1)).unwrap_or(p);
        let game = self.solved(n, budget)?;
        Table::form_line(self.name(), p, |p| Ok(form(&game.value(p))))
    }

    /// The value of position b of Wind-Up(a, S), `.` where b ≥ a.
    fn grid(&self, a: Span, b: Span, kind: Kind, budget: &Budget) -> Result<Table, TableError> {
        if self.n.is_some() {
            return Err(self.dimension_error(2));
        }
        self.values_only(kind)?;
        let name = self.name();
        check_limit(
            &name,
            "n",
            a.last,
            MAX_TABLE_N,
            "each row is a game of its own",
        )?;
        if a.first == 0 {
            return Err(TableError::Game {
                game: name,
                message: "n = 0 has no position: start the rows at 1".to_string(),
            });
        }
        let mut rows = Vec::new();
        for n in a.iter() {
            rows.push(self.solved(n, budget)?);
        }
        Table::form_grid(name, a, b, |n, p| {
            let game = &rows[(n - a.first) as usize];
            Ok(match p < n {
                true => form(&game.value(p)),
                false => Form {
                    text: ".".to_string(),
                    class: OutcomeClass::Second,
                },
            })
        })
    }
}

/// Reads a table's name: `wind-up:S` (by n and position) or `wind-up:N:S` (by position).
fn parse_table(spec: &str) -> Option<TableGame> {
    let (name, rest) = spec.split_once(':')?;
    if !WindUpFamily.answers_to(name) {
        return None;
    }
    let bad = |message: String| TableError::BadGame {
        spec: spec.to_string(),
        message,
    };
    let table = match rest.split_once(':') {
        Some((n, set)) => input::whole_up_to("N", n, "a number of positions", 1, MAX_N)
            .and_then(|n| Ok((Some(n), input::list("S", set, "an amount", 0)?))),
        None => input::list("S", rest, "an amount", 0).map(|set| (None, set)),
    };
    Some(
        table
            .and_then(|(n, set)| {
                // The set is checked as a game's would be, with any n.
                WindUpRules::new(n.unwrap_or(1), &set)?;
                Ok(WindUpTable { n, set })
            })
            .map_err(|e| bad(e.to_string()))
            .map(|table| Box::new(table) as Box<dyn Tabulate>),
    )
}

/// The rules a game's name gives after `wind-up:`: `12:1,3`, N positions and the amounts.
fn rules_of_name(argument: &str) -> Result<WindUpRules, PlayError> {
    let (n, set) = argument.split_once(':').ok_or_else(|| {
        PlayError::Game("name the game wind-up:N:S, like wind-up:12:1,3".to_string())
    })?;
    let n = input::whole_up_to("N", n, "a number of positions", 1, MAX_N).map_err(game_error)?;
    let set = input::list("S", set, "an amount", 0).map_err(game_error)?;
    WindUpRules::new(n, &set).map_err(game_error)
}

/// Why tokens on these positions are won, lost or drawn: each token's generalised
/// Sprague–Grundy value, then the nim-sum of finite ones, or Smith's rule for an infinite
/// one (a sum with one ∞(K) token is won when K holds the others' nim-sum, else drawn; with
/// two or more, drawn). The values are computed once, when first asked (O(n·|S|²)).
fn why(argument: &str) -> Option<WhyLine> {
    let rules = rules_of_name(argument).ok()?;
    let game: OnceLock<Option<WindUp>> = OnceLock::new();
    Some(WhyLine(Arc::new(move |position| {
        let game = (game.get_or_init(|| WindUp::solve(rules.clone(), &Budget::default()).ok()))
            .as_ref()?;
        let tokens = read_tokens(&words(position), rules.n()).ok()?;
        let finite: Vec<(String, u64)> = (tokens.iter())
            .filter_map(|&p| Some((format!("token at {p}"), u64::from(game.finite(p)?))))
            .collect();
        let infinite: Vec<(u64, NimValue)> = (tokens.iter())
            .filter(|&&p| game.finite(p).is_none())
            .map(|&p| (p, game.value(p)))
            .collect();
        let sum = finite.iter().fold(0, |x, (_, v)| x ^ v);
        Some(match infinite.as_slice() {
            [] => nim_sum_line("the tokens' values", &finite),
            [(p, value)] => {
                let wins = matches!(value, NimValue::Infinite(k) if k.iter().any(|&v| u64::from(v) == sum));
                format!(
                    "the token at {p} is worth {value} and the others' nim-sum is {sum}: {}",
                    match wins {
                        true => "a move of that token to a position worth it wins",
                        false => "no move wins, and whoever moves keeps it from ending: a draw",
                    }
                )
            }
            many => format!(
                "{} tokens are worth infinite values ({}): neither player can force an end, a \
                 draw",
                many.len(),
                (many.iter().map(|(p, v)| format!("token at {p} → {v}")))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        })
    })))
}

/// The game `wind-up:N:S` of `grundy play` and the web page.
struct WindUpPlay;

impl Playable for WindUpPlay {
    fn syntax(&self) -> &'static str {
        "wind-up:N:S (N positions, S the amounts: 12:1,3)"
    }

    fn example(&self) -> &'static str {
        "wind-up:12:1,3"
    }

    fn about(&self) -> &'static str {
        "Wind-Up: subtract an amount modulo N; position 0 ends the game; draws"
    }

    fn position(&self) -> &'static str {
        "the tokens' positions: 7 5"
    }

    fn start(&self) -> &'static str {
        "7"
    }

    fn build(&self, argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        let rules = rules_of_name(argument)?;
        let n = rules.n();
        let tokens = read_tokens(&words(start), n).map_err(game_error)?;
        if tokens.is_empty() {
            return Err(PlayError::Game(
                "give the tokens' positions, like 7 5".to_string(),
            ));
        }
        Match::from_rules(
            rules.to_string(),
            &Sum(rules),
            tokens,
            false,
            budget,
            |tokens: &Vec<u64>| {
                let name: Vec<String> = tokens.iter().map(u64::to_string).collect();
                let name = name.join(" ");
                let drawing = Drawing::Graph {
                    position: name.clone(),
                    vertices: Vec::new(),
                    links: Vec::new(),
                };
                (name, drawing)
            },
        )
    }

    fn why(&self, argument: &str) -> Option<WhyLine> {
        why(argument)
    }
}
