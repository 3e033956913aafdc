//! The subtraction game "take a square number": a move takes 1, 4, 9, 16, ... counters from
//! one pile; the player who cannot move loses.
//!
//! **Values.** Unlike a finite subtraction set, the squares are infinite and the values have
//! no known period (the P-positions 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, ... have density
//! zero, Sárközy's theorem). They are computed by the definition, g(n) = mex{g(n − k²)}, for
//! every pile up to the largest one asked: O(n·√n) time, 4 bytes per pile, up to
//! [`MAX_PILE`]. The value of several piles is the XOR of their values; the winning moves take
//! a square from a pile whose value changes by the XOR.
//!
//! **Complexity.** [`SquareSubtraction::up_to`] is O(n^1.5); an answer for p piles lists at
//! most p·√n moves, each found in O(1).

use super::subtraction::SubtractionMove;
use super::{Answer, CatalogueGame, Example, Family, Group, Inputs, Param, RunError};
use crate::play::piles::heap_values_why;
use crate::play::{piles, Match, PlayError, PlayTable, Playable, WhyLine};
use grundy::budget::Budget;
use grundy::input::InputError;
use grundy::math::mex::Mex;
use grundy::pattern::table::{
    check_limit, of_kind, Kind, Span, Table, TableError, TableGame, TableSource, Tabulate,
};
use grundy::progress::Progress;
use grundy::report::{Field, Report};
use grundy::rules::{Impartial, Sum};

/// The largest pile valued: 2^22 (about 8·10^9 steps, a few seconds).
pub const MAX_PILE: u64 = 1 << 22;

/// How many piles are valued between two looks at the deadline: a few milliseconds of work
/// at the largest piles.
const CHECK_EVERY: usize = 1 << 12;

/// The rules of one pile, for the generic solver: take any positive square.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Squares;

impl Impartial for Squares {
    type Position = u64;

    fn options(&self, &n: &u64, out: &mut grundy::rules::Moves<u64>) {
        out.extend((1..=n.isqrt()).map(|k| n - k * k));
    }
}

/// The values of the square subtraction game for every pile up to a bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareSubtraction {
    values: Vec<u32>,
}

impl SquareSubtraction {
    /// The values of piles 0 to `max` (at most [`MAX_PILE`]), by the definition, within
    /// `budget`'s memory (4 bytes a pile) and deadline (checked every 4,096 piles,
    /// so that a pile of 2^22, a few seconds of work, stops at a deadline or a cancel).
    /// O(max^1.5).
    pub fn up_to(max: u64, budget: &Budget) -> Result<SquareSubtraction, RunError> {
        if max > MAX_PILE {
            return Err(InputError::invalid(
                format!("pile {max}"),
                format!("the values are computed up to the largest pile, at most {MAX_PILE}"),
            )
            .into());
        }
        budget.check("valuing piles", max + 1, (max + 1) * 4)?;
        let mut values: Vec<u32> = Vec::with_capacity(max as usize + 1);
        let mut mex = Mex::new();
        for n in 0..=max as usize {
            if n % CHECK_EVERY == 0 {
                budget.check_time("valuing piles", n as u64)?;
            }
            let v = mex.of((1..=n.isqrt()).map(|k| values[n - k * k]));
            values.push(v);
        }
        Ok(SquareSubtraction { values })
    }

    /// The largest pile valued.
    pub fn max_pile(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// The value of a pile of n (n at most [`SquareSubtraction::max_pile`]). O(1).
    pub fn value(&self, n: u64) -> u64 {
        u64::from(self.values[n as usize])
    }

    /// The answer for piles (each at most the largest pile valued): the outcome, the value
    /// (the XOR of the piles' values) and every winning move, by pile and increasing take.
    /// O(p·√n).
    pub fn answer(&self, piles: &[u64]) -> Answer<SubtractionMove> {
        let x = piles.iter().fold(0, |x, &n| x ^ self.value(n));
        let mut moves = Vec::new();
        if x != 0 {
            for (i, &n) in piles.iter().enumerate() {
                let target = self.value(n) ^ x;
                for k in 1..=n.isqrt() {
                    if self.value(n - k * k) == target {
                        moves.push(SubtractionMove {
                            pile: i + 1,
                            take: k * k,
                            to: n - k * k,
                        });
                    }
                }
            }
        }
        Answer::from_moves(Some(x), moves)
    }
}

impl CatalogueGame for SquareSubtraction {
    type Position = Vec<u64>;
    type Move = SubtractionMove;
    type Rules = Sum<Squares>;

    fn rules(&self) -> Sum<Squares> {
        Sum(Squares)
    }

    fn answer(&self, piles: &Vec<u64>) -> Answer<SubtractionMove> {
        SquareSubtraction::answer(self, piles)
    }

    fn play(&self, piles: &Vec<u64>, m: &SubtractionMove) -> Option<Vec<u64>> {
        let i = m.pile.checked_sub(1)?;
        let n = *piles.get(i)?;
        let square = m.take.isqrt() * m.take.isqrt() == m.take && m.take > 0;
        (square && n.checked_sub(m.take) == Some(m.to)).then(|| {
            let mut next = piles.clone();
            next[i] = m.to;
            next
        })
    }
}

impl Tabulate for Squares {
    fn name(&self) -> String {
        "subtraction game: take a square number".to_string()
    }

    fn parameters(&self) -> usize {
        1
    }

    fn line(
        &self,
        n: Span,
        kind: Kind,
        budget: &Budget,
        _: &dyn Progress,
    ) -> Result<Table, TableError> {
        check_limit(
            &self.name(),
            "pile",
            n.last,
            MAX_PILE,
            "values take O(n^1.5) time",
        )?;
        let game = SquareSubtraction::up_to(n.last, budget).map_err(|e| TableError::Game {
            game: self.name(),
            message: e.to_string(),
        })?;
        Ok(of_kind(
            Table::line(self.name(), n, |i| game.value(i))?,
            kind,
        ))
    }
}

/// `grundy square-subtraction N...`: take a square number from one pile. The common answer,
/// and `pile_values` (each pile's value). Tables: `squares`, by pile.
pub struct SquareSubtractionFamily;

impl Family for SquareSubtractionFamily {
    fn name(&self) -> &'static str {
        "square-subtraction"
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "Take a square number (1, 4, 9, ...) from a pile: values by the definition, moves"
    }

    fn example(&self) -> Example {
        &[("piles", "10"), ("piles", "7")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] =
            &[
                Param::args("piles", "N", "The pile sizes (0 to 4194304 counters each)")
                    .whole("a pile size", 0)
                    .each("pile"),
            ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["squares"]
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "squares (or square-subtraction)",
            about: "n: the pile, taking a square number",
            parse: parse_table,
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&SquaresPlay]
    }
}

/// The game `squares` of `grundy play` and the web page.
struct SquaresPlay;

impl Playable for SquaresPlay {
    fn syntax(&self) -> &'static str {
        "squares"
    }

    fn example(&self) -> &'static str {
        "squares"
    }

    fn about(&self) -> &'static str {
        "Square subtraction: take a positive square from one pile"
    }

    fn position(&self) -> &'static str {
        "the piles: 20"
    }

    fn start(&self) -> &'static str {
        "20"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["square-subtraction"]
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        let piles = piles::read_within(start, "pile", budget)?;
        let title = "square subtraction".to_string();
        Match::from_rules(
            title,
            &Sum(Squares),
            piles,
            false,
            budget,
            piles::named("pile"),
        )
    }

    fn table(&self, _: &str) -> Option<PlayTable> {
        PlayTable::of_piles("squares", 1)
    }

    fn why(&self, _: &str) -> Option<WhyLine> {
        let values = "the piles' values, by the definition (the mex of the values a square \
                      away)";
        Some(heap_values_why(
            "pile",
            values.to_string(),
            |largest, budget| {
                let game = SquareSubtraction::up_to(largest, budget).ok()?;
                Some((0..=largest).map(|n| game.value(n)).collect())
            },
        ))
    }
}

/// Reads a table's name: the family's, or `squares`.
fn parse_table(spec: &str) -> Option<TableGame> {
    SquareSubtractionFamily
        .answers_to(spec)
        .then(|| Ok(Box::new(Squares) as Box<dyn Tabulate>))
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let piles = inputs.wholes("piles")?;
    let game = SquareSubtraction::up_to(piles.iter().copied().max().unwrap_or(0), inputs.budget())?;
    let values: Vec<u64> = piles.iter().map(|&n| game.value(n)).collect();
    Ok(Report::answer(&game.answer(&piles)).field(Field::new("pile_values", values)))
}
