//! Quicksort (cgt-tools' `Quicksort` and `PseudoQuicksort`, from Andreas Chen's thesis "The
//! Quicksort Game", KTH 2016), impartial: both players may pivot on any number.
//!
//! **Rules.** A position is a sequence of whole numbers. A move picks a number p of the
//! sequence and pivots on it as quicksort does: the numbers less than p, in their order, then
//! p, then the numbers greater than p, in their order (copies of p become one p, as cgt-tools
//! rebuilds the sequence). A pivot that leaves the sequence as it was is no move; the player
//! who cannot move (a sorted sequence without repeats) loses. In Pseudo-Quicksort the pivot
//! is p + ½ for a number p of the sequence: the numbers up to p, then those above it, and
//! nothing is merged.
//!
//! **Values.** No closed form is known (cgt-tools checks that 2, 3, …, n, 1 is worth n − 1).
//! Where every number before a cut is less than every number after it, no pivot moves a
//! number across the cut, so a sequence is the sum of its blocks between such cuts, and its
//! value the XOR of theirs; a pivot compares numbers only, so a block is valued by the ranks
//! of its numbers. A pivot is itself such a cut (everything before it is smaller, everything
//! after larger, and in Pseudo-Quicksort so is the place between p and p + 1), and keeps the
//! order of the numbers on each side: every block reached is the numbers of the sequence
//! within a range of values, in their first order, so there are at most n(n + 1)/2 of them.
//! They are valued by memoised mex ([`GrundyMemo`]) within the budget; a move removes at
//! least one inversion (or, merging copies, a number), so the game ends.
//!
//! **Complexity.** A block of k numbers has at most k moves, each split in O(k log k): the
//! value of n numbers is O(n⁴ log n) at most, less when the sequence splits; the winning
//! moves value the n pivots' sequences, whose blocks are mostly known by then.

use std::fmt;
use std::ops::Range;
use std::sync::{Arc, Mutex, PoisonError};

use serde::Serialize;

use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use crate::play::piles::WHY_TIME;
use crate::play::playable::{game_error, nim_sum_line};
use crate::play::{Drawing, Match, Part, PlayError, PlayTable, Playable, Reading, Touch, WhyLine};
use grundy::budget::Budget;
use grundy::input::{self, InputError};
use grundy::pattern::table::{
    check_limit, of_kind, Kind, Span, Table, TableError, TableGame, TableSource, Tabulate,
};
use grundy::report::{Field, Report};
use grundy::rules::{GrundyMemo, Impartial, MemoError, Moves, SplittingGame};

/// The longest sequence read: 128 numbers (at most 8,256 blocks of up to 128 numbers, about a
/// second; the ranks of a block fit a byte).
pub const MAX_LENGTH: usize = 128;

/// The longest sequence of a table's cell, a + b: [`MAX_LENGTH`] numbers.
pub const MAX_TABLE_LENGTH: u64 = MAX_LENGTH as u64;

/// Which game: cgt-tools' `Quicksort` or `PseudoQuicksort`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Pivot on a number p: those less than p, p, those greater.
    #[default]
    Standard,
    /// Pivot on p + ½: those up to p, those above.
    Pseudo,
}

impl Variant {
    /// The game's name as cgt-tools writes it: `Quicksort`, `PseudoQuicksort`.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Standard => "Quicksort",
            Variant::Pseudo => "PseudoQuicksort",
        }
    }

    /// The name of its table and of its game in play: `quicksort`, `pseudo-quicksort`.
    pub fn syntax(self) -> &'static str {
        match self {
            Variant::Standard => "quicksort",
            Variant::Pseudo => "pseudo-quicksort",
        }
    }

    /// The sequence after the pivot on `p` (on p + ½ in Pseudo-Quicksort), as cgt-tools
    /// rebuilds it. O(n).
    pub fn pivot<T: Copy + Ord>(self, sequence: &[T], p: T) -> Vec<T> {
        let mut next = Vec::with_capacity(sequence.len());
        match self {
            Variant::Standard => {
                next.extend(sequence.iter().filter(|&&x| x < p));
                if sequence.contains(&p) {
                    next.push(p);
                }
                next.extend(sequence.iter().filter(|&&x| x > p));
            }
            Variant::Pseudo => {
                next.extend(sequence.iter().filter(|&&x| x <= p));
                next.extend(sequence.iter().filter(|&&x| x > p));
            }
        }
        next
    }

    /// Every move of `sequence`: each pivot that changes it (the first of equal numbers), in
    /// the order of the sequence, with the sequence it leaves. O(n²).
    pub fn moves<T: Copy + Ord>(self, sequence: &[T]) -> Vec<(T, Vec<T>)> {
        let mut moves = Vec::new();
        for (i, &p) in sequence.iter().enumerate() {
            if sequence[..i].contains(&p) {
                continue;
            }
            let next = self.pivot(sequence, p);
            if next != sequence {
                moves.push((p, next));
            }
        }
        moves
    }
}

/// The rules, for the generic solver and play: a position is the sequence itself, and pivots
/// that leave the same sequence are one option.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QuicksortRules(pub Variant);

impl Impartial for QuicksortRules {
    type Position = Vec<u32>;

    fn options(&self, sequence: &Vec<u32>, out: &mut Moves<Vec<u32>>) {
        let mut options: Vec<Vec<u32>> = Vec::new();
        for (_, next) in self.0.moves(sequence) {
            if !options.contains(&next) {
                options.push(next);
            }
        }
        out.extend(options);
    }
}

/// Where the blocks of a sequence are: its parts between the cuts where every number before
/// is less than every number after, blocks of one number left out (they have no move). O(n).
pub fn block_places(sequence: &[u32]) -> Vec<Range<usize>> {
    let n = sequence.len();
    // The least number from each place to the end.
    let mut least = vec![u32::MAX; n + 1];
    for i in (0..n).rev() {
        least[i] = least[i + 1].min(sequence[i]);
    }
    let (mut places, mut start, mut most) = (Vec::new(), 0, 0);
    for i in 0..n {
        most = if i == start {
            sequence[i]
        } else {
            most.max(sequence[i])
        };
        if i + 1 == n || most < least[i + 1] {
            if i > start {
                places.push(start..i + 1);
            }
            start = i + 1;
        }
    }
    places
}

/// The blocks of a sequence ([`block_places`]), each by the ranks of its numbers (from 0,
/// equal numbers one rank): what a block is worth depends on them only. O(n log n).
pub fn blocks(sequence: &[u32]) -> Vec<Vec<u8>> {
    (block_places(sequence).into_iter())
        .map(|r| ranks(&sequence[r]))
        .collect()
}

/// The ranks of the numbers of a block of at most 256 distinct numbers. O(k log k).
fn ranks(block: &[u32]) -> Vec<u8> {
    let mut sorted = block.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    (block.iter())
        .map(|x| sorted.partition_point(|y| y < x) as u8)
        .collect()
}

/// The blocks of a sequence as they are written: `[6,5,4]`.
fn block_texts(sequence: &[u32]) -> Vec<String> {
    (block_places(sequence).into_iter())
        .map(|r| format!("[{}]", sequence_text(&sequence[r])))
        .collect()
}

/// The game of blocks for [`GrundyMemo`]: a pivot turns a block into the blocks it leaves.
#[derive(Debug, Clone, Copy)]
struct Blocks(Variant);

impl SplittingGame for Blocks {
    type Part = Vec<u8>;

    fn moves(&self, block: &Vec<u8>, out: &mut Vec<Vec<Vec<u8>>>) {
        for (_, next) in self.0.moves(block) {
            let next: Vec<u32> = next.into_iter().map(u32::from).collect();
            out.push(blocks(&next));
        }
    }

    fn heap_bytes(&self, block: &Vec<u8>) -> u64 {
        block.len() as u64
    }
}

static STANDARD: Blocks = Blocks(Variant::Standard);
static PSEUDO: Blocks = Blocks(Variant::Pseudo);

/// A winning move: pivot on `pivot` (on `pivot` + ½ in Pseudo-Quicksort), leaving `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QuicksortMove {
    /// The number pivoted on.
    pub pivot: u32,
    /// Whether the pivot is `pivot` + ½ (Pseudo-Quicksort).
    pub half: bool,
    /// The sequence it leaves.
    pub to: Vec<u32>,
}

impl fmt::Display for QuicksortMove {
    /// `pivot on 5 (leaves 1,2,5,3)`, `pivot on 5.5 (...)` in Pseudo-Quicksort.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let half = if self.half { ".5" } else { "" };
        write!(
            f,
            "pivot on {}{half} (leaves {})",
            self.pivot,
            sequence_text(&self.to)
        )
    }
}

/// The values of Quicksort (or Pseudo-Quicksort) positions, its blocks remembered between
/// positions, within a budget.
pub struct Quicksort {
    variant: Variant,
    memo: GrundyMemo<'static, Blocks>,
}

impl fmt::Debug for Quicksort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (f.debug_struct("Quicksort"))
            .field("variant", &self.variant)
            .field("known", &self.memo.known())
            .finish()
    }
}

/// A budget that ran out, as its own error (which front ends recognise), or the memo's.
fn memo_error(e: MemoError) -> RunError {
    match e {
        MemoError::Exhausted(e) => e.into(),
        other => other.into(),
    }
}

impl Quicksort {
    /// A valuer of `variant`, with no block known yet, working within `budget` (positions:
    /// the blocks known; memory: their table; the deadline and the cancel flag). O(1).
    pub fn new(variant: Variant, budget: Budget) -> Quicksort {
        let game = match variant {
            Variant::Standard => &STANDARD,
            Variant::Pseudo => &PSEUDO,
        };
        Quicksort {
            variant,
            memo: GrundyMemo::new(game).with_budget(budget),
        }
    }

    /// How many blocks have a known value. O(1).
    pub fn known(&self) -> usize {
        self.memo.known()
    }

    /// The value of each block of `sequence` ([`blocks`]), in order.
    pub fn block_values(&mut self, sequence: &[u32]) -> Result<Vec<u64>, RunError> {
        (blocks(sequence).iter())
            .map(|b| self.memo.value(b).map(u64::from).map_err(memo_error))
            .collect()
    }

    /// The Sprague–Grundy value of `sequence`: the XOR of its blocks' values.
    pub fn value(&mut self, sequence: &[u32]) -> Result<u64, RunError> {
        let parts = blocks(sequence);
        (self.memo.value_of_sum(&parts))
            .map(u64::from)
            .map_err(memo_error)
    }

    /// The answer at `sequence`: outcome, value and every winning move (each pivot whose
    /// sequence is worth 0), in the order of the sequence.
    pub fn answer(&mut self, sequence: &[u32]) -> Result<Answer<QuicksortMove>, RunError> {
        let value = self.value(sequence)?;
        let mut moves = Vec::new();
        if value != 0 {
            for (pivot, to) in self.variant.moves(sequence) {
                if self.value(&to)? == 0 {
                    moves.push(QuicksortMove {
                        pivot,
                        half: self.variant == Variant::Pseudo,
                        to,
                    });
                }
            }
        }
        Ok(Answer::from_moves(Some(value), moves))
    }
}

/// A sequence as cgt-tools writes it between its brackets: `4,1,6,5`.
pub fn sequence_text(sequence: &[u32]) -> String {
    let numbers: Vec<String> = sequence.iter().map(u32::to_string).collect();
    numbers.join(",")
}

/// Reads a sequence written as cgt-tools writes it, `4,1,6,5`, with or without its brackets
/// (`[4,1,6,5]`, `Quicksort[4,1,6,5]`), or with spaces between the numbers: at most
/// [`MAX_LENGTH`] numbers, each from 0 to 2³² − 1, counted before any is read. A bad number
/// is named by its place (`sequence, number 3`).
pub fn read_sequence(place: &str, text: &str) -> Result<Vec<u32>, InputError> {
    let mut inner = text.trim();
    if let Some(open) = inner.find('[') {
        let name = inner[..open].trim();
        let known = ["", "Quicksort", "PseudoQuicksort"];
        if !known.contains(&name) || !inner.ends_with(']') {
            return Err(InputError::invalid(
                place,
                format!("'{text}' is not a sequence (expected 4,1,6,5 or [4,1,6,5])"),
            ));
        }
        inner = &inner[open + 1..inner.len() - 1];
    }
    // Commas separate numbers, and so does white space; two commas with nothing between
    // them are a number left out, not a gap.
    if !inner.trim().is_empty() {
        if let Some(i) = inner.split(',').position(|piece| piece.trim().is_empty()) {
            return Err(InputError::invalid(
                place,
                format!("'{text}' leaves out number {} (expected 4,1,6,5)", i + 1),
            ));
        }
    }
    let is_gap = |c: char| c == ',' || c.is_whitespace();
    let words = || inner.split(is_gap).filter(|w| !w.is_empty());
    let count = words().count();
    if count > MAX_LENGTH {
        return Err(InputError::invalid(
            place,
            format!("{count} numbers: a sequence has at most {MAX_LENGTH}"),
        ));
    }
    (words().enumerate())
        .map(|(i, word)| {
            let place = format!("{place}, number {}", i + 1);
            let n = input::whole_up_to(&place, word, "a number", 0, u64::from(u32::MAX))?;
            Ok(n as u32)
        })
        .collect()
}

/// The sequence of a table's cell (a, b): the b numbers a + 1, …, a + b, then the a numbers
/// 1, …, a (two sorted runs swapped; (1, b) is cgt-tools' 2, 3, …, b + 1, 1).
pub fn two_runs(a: u64, b: u64) -> Vec<u32> {
    ((a + 1..=a + b).chain(1..=a)).map(|x| x as u32).collect()
}

/// The table of a variant: the two runs (a, b), a + b at most [`MAX_TABLE_LENGTH`].
#[derive(Debug, Clone, Copy)]
struct RunsTable(Variant);

impl Tabulate for RunsTable {
    fn name(&self) -> String {
        self.0.title().to_string()
    }

    fn parameters(&self) -> usize {
        2
    }

    fn default_span(&self) -> Span {
        Span { first: 0, last: 9 }
    }

    /// The value of a + 1, …, a + b, 1, …, a.
    fn grid(&self, a: Span, b: Span, kind: Kind, budget: &Budget) -> Result<Table, TableError> {
        let name = self.name();
        let reason = "the positions reached grow exponentially with the length";
        check_limit(&name, "a", a.last, MAX_TABLE_LENGTH, reason)?;
        check_limit(&name, "b", b.last, MAX_TABLE_LENGTH, reason)?;
        check_limit(&name, "a + b", a.last + b.last, MAX_TABLE_LENGTH, reason)?;
        let game_error = |e: RunError| TableError::Game {
            game: name.clone(),
            message: e.to_string(),
        };
        let mut game = Quicksort::new(self.0, budget.clone());
        let mut values = Vec::new();
        for x in a.iter() {
            for y in b.iter() {
                values.push(game.value(&two_runs(x, y)).map_err(game_error)?);
            }
        }
        let mut cells = values.into_iter();
        let table = Table::grid(name.clone(), a, b, |_, _| cells.next().unwrap_or(0))?;
        Ok(of_kind(table, kind))
    }
}

/// Reads a table's name: `quicksort` or `pseudo-quicksort`.
fn parse_table(spec: &str) -> Option<TableGame> {
    [Variant::Standard, Variant::Pseudo]
        .into_iter()
        .find(|v| v.syntax().eq_ignore_ascii_case(spec))
        .map(|v| Ok(Box::new(RunsTable(v)) as Box<dyn Tabulate>))
}

/// `grundy quicksort SEQUENCE`: the answer (pivots that win), and the blocks the sequence
/// splits into with their values. `--pseudo` plays Pseudo-Quicksort. Tables: `quicksort`,
/// `pseudo-quicksort`, by the two runs (a, b).
pub struct QuicksortFamily;

impl Family for QuicksortFamily {
    fn name(&self) -> &'static str {
        "quicksort"
    }

    fn group(&self) -> Group {
        Group::Rows
    }

    fn about(&self) -> &'static str {
        "Quicksort (pivot a sequence on one of its numbers, cgt-tools' impartial game): \
         values by blocks, winning pivots"
    }

    fn example(&self) -> Example {
        &[("sequence", "4,1,6,5,7,3,8,2")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::args(
                "sequence",
                "NUMBERS",
                "The sequence, as cgt-tools writes it (4,1,6,5 or [4,1,6,5]) or a number a \
                 word: at most 128 numbers, each from 0 to 4294967295",
            ),
            Param::flag(
                "pseudo",
                "Pseudo-Quicksort: pivot on a number and a half (those up to it, then those \
                 above)",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        let variant = match inputs.given("pseudo") {
            true => Variant::Pseudo,
            false => Variant::Standard,
        };
        let sequence = read_sequence("sequence", &inputs.values("sequence").join(","))?;
        let mut game = Quicksort::new(variant, inputs.budget().clone());
        let answer = game.answer(&sequence)?;
        let values = game.block_values(&sequence)?;
        Ok(Report::answer(&answer)
            .field(Field::new("blocks", block_texts(&sequence)))
            .field(Field::new("block_values", values)))
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "quicksort, pseudo-quicksort",
            about: "(a, b): the sequence a+1, ..., a+b, 1, ..., a (two sorted runs swapped)",
            parse: parse_table,
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[
            &QuicksortPlay(Variant::Standard),
            &QuicksortPlay(Variant::Pseudo),
        ]
    }
}

/// The games `quicksort` and `pseudo-quicksort` of `grundy play` and the web page.
struct QuicksortPlay(Variant);

impl Playable for QuicksortPlay {
    fn syntax(&self) -> &'static str {
        self.0.syntax()
    }

    fn example(&self) -> &'static str {
        self.0.syntax()
    }

    fn about(&self) -> &'static str {
        match self.0 {
            Variant::Standard => "Quicksort: pivot the sequence on one of its numbers",
            Variant::Pseudo => "Pseudo-Quicksort: pivot the sequence on a number and a half",
        }
    }

    fn position(&self) -> &'static str {
        "the sequence, as cgt-tools writes it: 4,1,6,5"
    }

    fn start(&self) -> &'static str {
        "4,1,6,5,3,2"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        let sequence = read_sequence("the sequence", start).map_err(game_error)?;
        let variant = self.0;
        let game = Match::from_rules(
            variant.title().to_string(),
            &QuicksortRules(variant),
            sequence,
            false,
            budget,
            |s: &Vec<u32>| describe(variant, s),
        )?;
        let reading = match variant {
            Variant::Standard => PIVOTS,
            Variant::Pseudo => HALF_PIVOTS,
        };
        Ok(game.read_as(reading))
    }

    fn table(&self, _: &str) -> Option<PlayTable> {
        Some(PlayTable {
            name: self.0.syntax().to_string(),
            parameters: 2,
            position: |cell| match cell {
                &[a, b] if a + b <= MAX_TABLE_LENGTH => Some(sequence_text(&two_runs(a, b))),
                _ => None,
            },
        })
    }

    fn why(&self, _: &str) -> Option<WhyLine> {
        let variant = self.0;
        // The blocks valued so far, kept for the positions asked after.
        let known = Mutex::new(Quicksort::new(
            variant,
            Budget::default().with_time(WHY_TIME),
        ));
        Some(WhyLine(Arc::new(move |position| {
            let sequence = read_sequence("", position).ok()?;
            let mut game = known.lock().unwrap_or_else(PoisonError::into_inner);
            let values = game.block_values(&sequence).ok()?;
            let parts: Vec<(String, u64)> = (block_texts(&sequence).into_iter())
                .map(|b| format!("block {b}"))
                .zip(values)
                .collect();
            let words = "the blocks' values (no pivot moves a number past a place where all \
                         before are smaller than all after)";
            Some(nim_sum_line(words, &parts))
        })))
    }
}

/// Names a position as cgt-tools writes its sequence and draws it as a row of bars, one
/// number a bar.
fn describe(variant: Variant, sequence: &[u32]) -> (String, Drawing) {
    let bars: Vec<u64> = sequence.iter().map(|&x| u64::from(x)).collect();
    let note = match variant {
        Variant::Standard => "pivot on a number: the smaller ones go before it, the larger after",
        Variant::Pseudo => {
            "pivot on a number and a half: the numbers up to it go first, the larger after"
        }
    };
    let drawing = Drawing::piles(&bars, "place").with_note(note);
    (sequence_text(sequence), drawing)
}

/// The sequence of a drawing.
fn drawn(d: &Drawing) -> Option<Vec<u32>> {
    match d {
        Drawing::Piles { piles, .. } => piles.iter().map(|&x| u32::try_from(x).ok()).collect(),
        _ => None,
    }
}

/// The pivot that turns the drawing `a` into `b`, and the places that hold it in `a`.
fn pivot_of(variant: Variant, a: &Drawing, b: &Drawing) -> Option<(u32, Vec<usize>)> {
    let (from, to) = (drawn(a)?, drawn(b)?);
    let (pivot, _) = (variant.moves(&from).into_iter()).find(|(_, next)| *next == to)?;
    let places = (0..from.len()).filter(|&i| from[i] == pivot).collect();
    Some((pivot, places))
}

/// The move in words: `pivot on 5` (`pivot on 5.5`), else as the drawings differ.
fn pivot_words(variant: Variant, a: &Drawing, b: &Drawing) -> String {
    match pivot_of(variant, a, b) {
        Some((p, _)) if variant == Variant::Pseudo => format!("pivot on {p}.5"),
        Some((p, _)) => format!("pivot on {p}"),
        None => a.change(b),
    }
}

/// The move as clicked: the bottom of the pivot's bar, any counter of a bar that holds it.
fn pivot_touch(variant: Variant, a: &Drawing, b: &Drawing) -> Option<Touch> {
    let (pivot, places) = pivot_of(variant, a, b)?;
    let first = *places.first()? as u64;
    let changed: Vec<Part> = (places.iter())
        .flat_map(|&i| (0..u64::from(pivot)).map(move |c| vec![i as u64, c]))
        .collect();
    (pivot > 0).then(|| Touch {
        path: vec![vec![first, 0]],
        changed,
    })
}

/// Quicksort's moves read off its drawings: a pivot, clicked on its bar.
const PIVOTS: Reading = Reading {
    change: |a, b| pivot_words(Variant::Standard, a, b),
    touched: |a, b| pivot_touch(Variant::Standard, a, b),
};

/// Pseudo-Quicksort's moves read off its drawings.
const HALF_PIVOTS: Reading = Reading {
    change: |a, b| pivot_words(Variant::Pseudo, a, b),
    touched: |a, b| pivot_touch(Variant::Pseudo, a, b),
};
