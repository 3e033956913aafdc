//! Toppling Dominoes (Fink, Nowakowski, Siegel and Wolfe, "Toppling Dominoes", *Games of No
//! Chance 5*, 2019; CGSuite and the `cgt` crate have it too): rows of dominoes, each blue
//! (Left's, `x`), red (Right's, `o`) or grey (either's, `g`). A player chooses a domino of
//! theirs (or a grey one) and topples it towards one end of its row: it falls with every
//! domino between it and that end. A player who cannot move loses.
//!
//! **Regions.** Each row is a game of its own, and a position is the sum of its rows. A row
//! and its mirror image are the same game (toppling left in one is toppling right in the
//! other), so a row is valued as the least of the two. Every position a row leads to is a
//! contiguous part of it: a row of n dominoes has n(n + 1)/2 of them, so its canonical form
//! takes O(n³) moves to find, whatever its value's size.
//!
//! The values are the engine's canonical forms of the rules, checked against a brute force
//! and against values worked out by hand (a row of n blue dominoes is n, a row of n grey
//! ones the Nim heap *n).

use std::fmt;

use super::cgsuite::{self, Cgsuite};
use super::rulesets::{generic, Play, RulesetGame, TableSpec, POSITION};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::{BoardError, MoveParts, Ruleset};
use grundy::partizan::Side;
use grundy::pattern::table::Span;

/// The most dominoes a position may hold, in all its rows, as the other rulesets hold at
/// most 128 cells: a row of n has n(n + 1)/2 parts, each valued once, and the analysis of a
/// position values the position after each of its moves.
pub const MAX_DOMINOES: usize = 128;

/// A domino's colour: whose it is to topple.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Domino {
    /// Left's (`x`).
    Blue,
    /// Right's (`o`).
    Red,
    /// Either player's (`g`).
    Grey,
}

impl Domino {
    /// Whether `side` may topple it.
    fn toppled_by(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Domino::Grey, _) | (Domino::Blue, Side::Left) | (Domino::Red, Side::Right)
        )
    }

    /// Its letter: `x`, `o` or `g`.
    fn letter(self) -> char {
        match self {
            Domino::Blue => 'x',
            Domino::Red => 'o',
            Domino::Grey => 'g',
        }
    }
}

/// A position: rows of dominoes, each row listed from its left end.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rows(pub Vec<Vec<Domino>>);

/// Which way a domino falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Toward {
    /// Towards the start of its row: it falls with every domino before it.
    Left,
    /// Towards the end of its row: it falls with every domino after it.
    Right,
}

/// A move: the domino toppled (its row and place, both from 1) and which way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Topple {
    /// The row, from 1.
    pub row: u16,
    /// The domino's place in its row, from 1.
    pub domino: u16,
    /// Which way it falls.
    pub toward: Toward,
}

impl fmt::Display for Topple {
    /// `(1,3) left`: the third domino of the first row, toppled towards the row's start.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let toward = match self.toward {
            Toward::Left => "left",
            Toward::Right => "right",
        };
        write!(f, "({},{}) {toward}", self.row, self.domino)
    }
}

/// Toppling Dominoes.
///
/// ```
/// use grundy_catalogue::games::toppling_dominoes::TopplingDominoes;
/// use grundy::partizan::rulesets::{Evaluator, Ruleset};
/// use grundy::partizan::GameStore;
///
/// let mut store = GameStore::new();
/// let mut eval = Evaluator::new(TopplingDominoes);
/// let row = TopplingDominoes.parse("xxo").unwrap();
/// let v = eval.value(&mut store, &row).unwrap();
/// assert_eq!(store.display(v), "{1|0}");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TopplingDominoes;

impl Ruleset for TopplingDominoes {
    type Position = Rows;
    type Move = Topple;

    fn name(&self) -> &'static str {
        "Toppling Dominoes"
    }

    /// Rows separated by `|` (or new lines), of `x` (or `l`, `b`: Left's), `o` (or `r`:
    /// Right's) and `g` (either's), in any case; an empty row is allowed. O(length).
    fn parse(&self, text: &str) -> Result<Rows, BoardError> {
        let text = text.trim_end_matches(['\n', '\r']);
        let mut rows = Vec::new();
        let mut count = 0;
        for (line, row) in text.split(['|', '\n']).enumerate() {
            // An empty row is a domino's worth of text: rows are bounded too.
            if line == MAX_DOMINOES {
                return Err(BoardError::at(
                    line + 1,
                    1,
                    format!("more than {MAX_DOMINOES} rows, the most this ruleset plays"),
                ));
            }
            let row = row.trim_end_matches('\r');
            let mut dominoes = Vec::with_capacity(row.len().min(MAX_DOMINOES));
            for (i, ch) in row.chars().enumerate() {
                count += 1;
                if count > MAX_DOMINOES {
                    return Err(BoardError::at(
                        line + 1,
                        i + 1,
                        format!("more than {MAX_DOMINOES} dominoes, the most this ruleset plays"),
                    ));
                }
                dominoes.push(match ch.to_ascii_lowercase() {
                    'x' | 'l' | 'b' => Domino::Blue,
                    'o' | 'r' => Domino::Red,
                    'g' => Domino::Grey,
                    _ => {
                        return Err(BoardError::at(
                            line + 1,
                            i + 1,
                            format!(
                                "expected 'x' (Left's domino), 'o' (Right's) or 'g' (either's), \
                                 found {ch:?}"
                            ),
                        ))
                    }
                });
            }
            rows.push(dominoes);
        }
        Ok(Rows(rows))
    }

    fn show(&self, p: &Rows) -> String {
        let rows: Vec<String> = (p.0.iter())
            .map(|row| row.iter().map(|d| d.letter()).collect())
            .collect();
        rows.join("|")
    }

    /// Each domino `side` may topple, towards either end: the row keeps what lies beyond it
    /// on the other side. O(dominoes × row length).
    fn moves(&self, p: &Rows, side: Side, out: &mut Vec<(Topple, Rows)>) {
        for (r, row) in p.0.iter().enumerate() {
            for (i, domino) in row.iter().enumerate() {
                if !domino.toppled_by(side) {
                    continue;
                }
                for (toward, kept) in [(Toward::Left, &row[i + 1..]), (Toward::Right, &row[..i])] {
                    let mut next = p.clone();
                    next.0[r] = kept.to_vec();
                    let m = Topple {
                        row: r as u16 + 1,
                        domino: i as u16 + 1,
                        toward,
                    };
                    out.push((m, next));
                }
            }
        }
    }

    /// Each row that has a domino, as the lesser of itself and its mirror image. O(dominoes).
    fn regions(&self, p: &Rows, out: &mut Vec<Rows>) {
        for row in p.0.iter().filter(|row| !row.is_empty()) {
            let mirror: Vec<Domino> = row.iter().rev().copied().collect();
            out.push(Rows(vec![mirror.min(row.clone())]));
        }
    }

    /// The domino toppled, then every domino that falls with it: its row's before it (towards
    /// the left) or after it (towards the right), which the next position's notation leaves
    /// out. O(row length).
    fn move_parts(&self, p: &Rows, m: &Topple, _: &Rows) -> Option<MoveParts> {
        let (r, i) = (u64::from(m.row) - 1, u64::from(m.domino) - 1);
        let length = p.0.get(r as usize)?.len() as u64;
        let fallen = match m.toward {
            Toward::Left => 0..i + 1,
            Toward::Right => i..length,
        };
        Some(MoveParts {
            path: vec![vec![r, i]],
            changed: fallen.map(|c| vec![r, c]).collect(),
        })
    }

    fn heap_bytes(&self, p: &Rows) -> usize {
        let rows: usize = p.0.iter().map(Vec::capacity).sum();
        rows * std::mem::size_of::<Domino>() + p.0.capacity() * std::mem::size_of::<Vec<Domino>>()
    }
}

/// `grundy toppling-dominoes ROWS`: `x` Left's dominoes, `o` Right's, `g` either's, rows
/// separated by `|`. Table: `toppling-dominoes`, the row of a blue dominoes then b red ones.
pub static TOPPLING_DOMINOES: RulesetGame<TopplingDominoes> = RulesetGame {
    rules: TopplingDominoes,
    name: "toppling-dominoes",
    about: "Toppling Dominoes (topple a domino of yours towards an end of its row, with all \
            beyond it; 'x' Left, 'o' Right, 'g' either): canonical form, outcome class, both \
            players' winning moves; tables of rows",
    example: &[("position", "xxogo|oxg")],
    params: &POSITION,
    players: ["blue dominoes", "red dominoes"],
    play: Play {
        about: "Toppling Dominoes: topple a domino of yours (or a grey one) towards an end \
                of its row; it falls with every domino beyond it",
        notation: "the rows (x Left's dominoes, o Right's, g either's, rows separated by |), \
                   then who moves: xog|ox left",
        start: "xxogo|oxgx left",
        drawing: grid,
    },
    table: Some(TableSpec {
        about: "(a, b): the row of a of Left's dominoes then b of Right's (x^a o^b): canonical \
                forms",
        title: "Toppling Dominoes (a blue, then b red)",
        position: |a, b| Some("x".repeat(a as usize) + &"o".repeat(b as usize)),
        size: |a, b| a.saturating_add(b),
        // A row of 40 has 820 parts.
        limit: 40,
        unit: "dominoes",
        default_span: Span { first: 0, last: 8 },
        nimbers: false,
        parse: |spec| TOPPLING_DOMINOES.table_game(spec),
        played: None,
    }),
    search: generic,
    plays: &[&TOPPLING_DOMINOES],
    // CGSuite writes blue, red and grey dominoes `l`, `r`, `e` (its first versions `x`, `o`,
    // `e`).
    cgsuite: Cgsuite {
        names: &["game.strip.TopplingDominoes"],
        position: |call| cgsuite::letters(call, &[('l', 'x'), ('r', 'o'), ('e', 'g')]),
    },
};
