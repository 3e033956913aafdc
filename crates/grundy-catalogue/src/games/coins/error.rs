//! Why a row or a board of coins could not be valued: one error type for the whole family,
//! so that the formulas, the rows, the boards and the argument checks report alike.

/// Why a row or a board could not be valued.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoinsError {
    /// A coin outside the row.
    #[error("coin {coin} is not in the row of {length} coins (coins are numbered from 1)")]
    OutOfRow {
        /// The coin's number.
        coin: u64,
        /// The row's length.
        length: u64,
    },
    /// A coin outside the board.
    #[error(
        "coin ({}, {}) is not on the {} × {} board (coordinates are numbered from 1)",
        coin.0, coin.1, size.0, size.1
    )]
    OutOfBoard {
        /// The coin's coordinates.
        coin: (u64, u64),
        /// The board's lengths along x and y.
        size: (u64, u64),
    },
    /// A head given twice.
    #[error("coin {coin} is given twice")]
    Repeated {
        /// The coin, as written: `7` or `(2, 3)`.
        coin: String,
    },
    /// A bounded Ruler whose bound is 0.
    #[error("a Ruler move turns at least one coin: the longest run must be at least 1")]
    ZeroMaxRun,
    /// A Mock Turtles row too long for 64-bit values.
    #[error(
        "Mock Turtles values reach twice the coin's number: rows of at most 2^63 coins \
         (this one has {length})"
    )]
    MockTurtlesTooLong {
        /// The row's length.
        length: u64,
    },
    /// A multiples row too long for its table.
    #[error(
        "the multiples game is valued in O(n^(3/4)) time: rows of at most 10^10 coins \
         (this one has {length})"
    )]
    MultiplesTooLong {
        /// The row's length.
        length: u64,
    },
    /// A coin before the first one a multiples row was prepared for.
    #[error("coin {coin} comes before coin {from}, the first one this row was prepared to value")]
    NotPrepared {
        /// The coin.
        coin: u64,
        /// The first coin the row values.
        from: u64,
    },
    /// A row written with a character other than 0 and 1 (or t and h).
    #[error(
        "the row must be made of 0s and 1s (or t and h), and character {position} is {found:?}"
    )]
    NotBinary {
        /// The first bad character's place, numbered from 1.
        position: usize,
        /// The character.
        found: char,
    },
    /// A budget ran out while valuing a code's heads.
    #[error(transparent)]
    Exhausted(#[from] grundy::budget::Exhausted),
    /// Finding the winning moves of a code's head would take more memory than the budget.
    #[error(
        "finding the winning moves of coin {coin} needs {} of sets, more than the memory \
         budget of {}: raise the memory budget or shorten the row",
        grundy::budget::show_bytes(*needed),
        grundy::budget::show_bytes(*limit)
    )]
    MovesTooLarge {
        /// The head.
        coin: u64,
        /// The bytes needed.
        needed: u64,
        /// The memory budget.
        limit: u64,
    },
    /// A head of a code of several elements with too many moves to count one by one.
    #[error(
        "coin {coin} has {moves} winning moves by the code's elements together, too many to \
         count each once: give a code of one element, or fewer heads"
    )]
    TooManyMoves {
        /// The head.
        coin: u64,
        /// Its moves, repeats counted.
        moves: u128,
    },
    /// A board with a code of several elements, whose moves may repeat.
    #[error(
        "a board's winning moves take codes of one element, and {code} has several: value its \
         heads one row at a time"
    )]
    SeveralElementsOnBoard {
        /// The code.
        code: String,
    },
}
