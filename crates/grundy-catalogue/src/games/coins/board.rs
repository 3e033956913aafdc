//! A board: the product of two rows (Tartan's theorem), valued by nim products, and the search
//! for its winning moves within a budget of steps.

use std::fmt;

use serde::Serialize;

use super::error::CoinsError;
use super::row::{answer_of, Row, RowMove, LISTED_MOVES};
use super::rule::Rule;
use grundy::answer::Answer;
use grundy::nimber::Nimber;

/// The default number of steps (a nim division and a count each) that [`Board::answer`]
/// spends searching for winning moves.
pub const BOARD_SEARCH_BUDGET: u64 = 1 << 22;

/// A move on a board: every coin (a, b) with a among the coins of `x` and b among those of
/// `y` is turned (serialized as `{"x": <row move>, "y": <row move>}`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct BoardMove {
    /// The move of the first factor (along x).
    pub x: RowMove,
    /// The move of the second factor (along y).
    pub y: RowMove,
}

impl fmt::Display for BoardMove {
    /// `turn {3, 7} × {5..8}`: the coins (a, b) with a in the first set and b in the second.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {{{}}} × {{{}}}", self.x.list(), self.y.list())
    }
}

/// The answer for a board: the common answer, and whether the search for winning moves saw
/// every head through (when it did not, the outcome and value are still exact, the moves
/// listed are winning moves, but others may exist and `winning_move_count` is `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardAnswer {
    /// Outcome, value and winning moves.
    pub answer: Answer<BoardMove>,
    /// Whether every winning move was counted.
    pub complete: bool,
}

/// A board: the product of two rows (see `docs/coins.md`). A head at (x, y), both numbered from 1,
/// is worth `v₁(x) ⊗ v₂(y)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    x: Row,
    y: Row,
}

impl Board {
    /// The product of the rows `x` (first coordinate) and `y` (second coordinate).
    pub fn new(x: Row, y: Row) -> Board {
        Board { x, y }
    }

    /// The value of a head at (x, y): the nim product of its rows' values. Fails outside the
    /// board. O(1).
    ///
    /// ```
    /// use grundy_catalogue::games::coins::{Board, Row, Rule};
    /// let ruler = || Row::new(Rule::Ruler { max_run: None }, 8, 1).unwrap();
    /// let board = Board::new(ruler(), ruler());
    /// assert_eq!(board.value((2, 2)).unwrap(), 3); // 2 ⊗ 2, not 2^(2+2-2) as notes 003 say
    /// ```
    pub fn value(&self, (x, y): (u64, u64)) -> Result<u64, CoinsError> {
        self.check((x, y))?;
        Ok(self.value_of((x, y)))
    }

    /// The value of a checked coin.
    fn value_of(&self, (x, y): (u64, u64)) -> u64 {
        (Nimber(self.x.value_of(x)) * Nimber(self.y.value_of(y))).0
    }

    /// Fails unless (x, y) is a coin of the board that its rows can value.
    fn check(&self, (x, y): (u64, u64)) -> Result<(), CoinsError> {
        let size = (self.x.length(), self.y.length());
        match (self.x.check(x), self.y.check(y)) {
            (Err(CoinsError::OutOfRow { .. }), _) | (_, Err(CoinsError::OutOfRow { .. })) => {
                Err(CoinsError::OutOfBoard { coin: (x, y), size })
            }
            (Err(e), _) | (_, Err(e)) => Err(e),
            _ => Ok(()),
        }
    }

    /// The answer for a board with these heads (in any order): the outcome and value
    /// (exact), and the winning moves by head in order of (x, y), searched within about
    /// `budget` steps (see `docs/coins.md` and [`BOARD_SEARCH_BUDGET`]); the first
    /// [`LISTED_MOVES`] are listed. A head whose search does not fit in what is left of the
    /// budget is searched as far as it goes. Fails on a coin outside the board or given
    /// twice.
    ///
    /// ```
    /// use grundy_catalogue::games::coins::{Board, BOARD_SEARCH_BUDGET, Row, Rule};
    /// let board = Board::new(Row::new(Rule::Two, 4, 1).unwrap(), Row::new(Rule::Two, 4, 1).unwrap());
    /// let answer = board.answer(&[(2, 3)], BOARD_SEARCH_BUDGET).unwrap();
    /// assert_eq!(answer.answer.value, Some(1)); // 2 ⊗ 3
    /// assert!(answer.complete);
    /// ```
    pub fn answer(&self, heads: &[(u64, u64)], budget: u64) -> Result<BoardAnswer, CoinsError> {
        let mut sorted = heads.to_vec();
        sorted.sort_unstable();
        for w in sorted.windows(2) {
            if w[0] == w[1] {
                return Err(CoinsError::Repeated {
                    coin: format!("({}, {})", w[0].0, w[0].1),
                });
            }
        }
        for &h in &sorted {
            self.check(h)?;
        }
        let total = sorted.iter().fold(0, |s, &h| s ^ self.value_of(h));
        let mut moves = Vec::new();
        let mut count = 0u128;
        let mut complete = true;
        let mut left = u128::from(budget);
        if total != 0 {
            for &(x, y) in &sorted {
                self.x.check_moves(x)?;
                self.y.check_moves(y)?;
            }
            for row in [&self.x, &self.y] {
                if let Rule::Code(code) = row.rule() {
                    if code.elements().len() > 1 {
                        return Err(CoinsError::SeveralElementsOnBoard {
                            code: code.to_string(),
                        });
                    }
                }
            }
            for &(x, y) in &sorted {
                let by_x = self.x.move_value_count(x) * self.y.query_cost(y);
                let by_y = self.y.move_value_count(y) * self.x.query_cost(x);
                let search = if by_x <= by_y {
                    search(&self.x, x, &self.y, y, total, left, &mut moves, false)
                } else {
                    search(&self.y, y, &self.x, x, total, left, &mut moves, true)
                };
                count += search.found;
                complete &= search.finished;
                left -= search.spent;
            }
        }
        let mut answer = answer_of(total, moves, count);
        if !complete {
            answer.winning_move_count = None;
        }
        Ok(BoardAnswer { answer, complete })
    }
}

/// What the search at one head of a board did.
struct Search {
    /// Steps spent.
    spent: u128,
    /// Winning moves found.
    found: u128,
    /// Whether every value was tried.
    finished: bool,
}

/// The winning moves at the head (a, b) of a board of value `total`, trying the distinct
/// values α of the moves of row `first` at a, within `budget` steps: for each α, the moves of
/// `second` at b of value `total ⊗ α⁻¹`. Lists moves into `out` (up to [`LISTED_MOVES`]),
/// with the factors swapped back when `swapped`.
#[allow(clippy::too_many_arguments)]
fn search(
    first: &Row,
    a: u64,
    second: &Row,
    b: u64,
    total: u64,
    budget: u128,
    out: &mut Vec<BoardMove>,
    swapped: bool,
) -> Search {
    let step = second.query_cost(b);
    let mut spent = 0u128;
    let mut found = 0u128;
    let finished = first.for_each_move_value(a, |alpha| {
        if spent + step > budget {
            return false;
        }
        spent += step;
        // α ≠ 0: a move never keeps a single head's value (that is what the mex excludes).
        let beta = Nimber(total)
            .checked_div(Nimber(alpha))
            .expect("a move's value is not 0")
            .0;
        let mut seconds = Vec::new();
        let n2 = second.moves_with(
            b,
            beta,
            LISTED_MOVES.saturating_sub(out.len()),
            &mut seconds,
        );
        if n2 == 0 {
            return true;
        }
        let mut firsts = Vec::new();
        let n1 = first.moves_with(
            a,
            alpha,
            LISTED_MOVES.saturating_sub(out.len()),
            &mut firsts,
        );
        found += n1 * n2;
        for f in &firsts {
            for s in &seconds {
                if out.len() == LISTED_MOVES {
                    return true;
                }
                let (f, s) = (f.clone(), s.clone());
                out.push(if swapped {
                    BoardMove { x: s, y: f }
                } else {
                    BoardMove { x: f, y: s }
                });
            }
        }
        true
    });
    Search {
        spent,
        found,
        finished,
    }
}
