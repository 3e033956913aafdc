//! Coin-turning games: a row of coins, some heads; a move turns over a set of coins that the
//! rule allows, one of which (the rule says which) must show heads and so becomes tails. The
//! player who cannot move (no head left) loses. Coins are numbered from 1 at the left end of
//! the row, in every rule and every function of this module.
//!
//! Every head is an independent game, so a row's value is the XOR of its heads' values, each
//! given by a formula ([`Rule`]); a board is the product of two rows and a head's value the nim
//! product of its rows' values. The theory (why heads add up, the formulas and their sources,
//! the winning moves, boards, the complexity) is the guide's chapter `docs/coins.md`, "Coin
//! games: the theory".
//!
//! One job a file: the rules' names (`rule.rs`), the errors (`error.rs`), the formulas for one
//! head (`values.rs`), the multiples game's table (`multiples.rs`), a row and its winning moves
//! (`row.rs`), a board and its search (`board.rs`), the rules for the generic solver
//! (`rules.rs`), tables (`table.rs`), play (`play.rs`), reading the arguments (`args.rs`) and the
//! command's report (`run.rs`); the items are re-exported here.

mod args;
mod board;
mod code;
mod error;
mod multiples;
mod play;
mod row;
mod rule;
mod rules;
mod run;
mod spawning;
mod table;
mod values;
mod worksheet;

pub use args::heads_of_row;
pub use board::{Board, BoardAnswer, BoardMove, BOARD_SEARCH_BUDGET};
pub use code::{Element, Spacing, TurningCode, MAX_CODE_COUNT, MAX_CODE_ELEMENTS, TURNING_NAMES};
pub use error::CoinsError;
pub use multiples::{MultiplesTable, MULTIPLES_MAX_LENGTH};
pub use row::{answer, Row, RowMove, LISTED_MOVES, MOVES_OF_SEVERAL_ELEMENTS};
pub use rule::Rule;
pub use rules::{CoinBoard, CoinRow};
pub use spawning::spawning_values;
pub use values::{
    mock_turtles_value, ruler_max_run_value, ruler_value, two_value, MOCK_TURTLES_MAX_COIN,
};

use super::{Example, Family, Group, Inputs, Param, RunError};
use crate::play::{Match, PlayError, PlayTable, Playable, WhyLine};
use grundy::budget::Budget;
use grundy::pattern::table::TableSource;
use grundy::report::Report;

/// `grundy coins --rule RULE (--row BITS | HEADS...)`: coin-turning games on a row, or with
/// `--by RULE` on a board (the product of two rows, valued by nim products).
///
/// Coins are numbered from 1 at the left end. A row is given as a string of 0s and 1s (`--row
/// 0110`: coins 2 and 3 show heads) or by the places of its heads (`3,7,12` or `3 7 12`, also
/// as `--heads 3,7,12`) with `--length N` (by default the last head ends the row; the
/// multiples game needs it, since its values depend on it). On a board each head is `X:Y`,
/// and `--length` and `--by-length` give its sides.
///
/// Besides the common answer: `rule` (JSON: `"rule"`, and `"max_run"` when given; on a board
/// `"rules"`, `"max_runs"`), `length` (on a board `size`), each head's value (`"heads":
/// [{"coin": 3, "value": 1}, ...]`), and on a board whether the search for winning moves saw
/// every head through (`"winning_moves_complete"`). Moves print as `turn 4, 12`, `turn 5..8`,
/// `turn 3, 6, ..., 12 (k = 4)` or on a board `turn {3, 7} × {5..8}`; in JSON `{"coins": [4,
/// 12]}`, `{"run": {"from": 5, "to": 8}}`, `{"multiples": {"x": 3, "k": 4}}`, on a board
/// `{"x": <move>, "y": <move>}`. Tables: `coins:two`, `coins:mock-turtles`, `coins:ruler`,
/// `coins:ruler:K`, by the place of one head.
pub struct CoinsFamily;

impl Family for CoinsFamily {
    fn name(&self) -> &'static str {
        "coins"
    }

    fn group(&self) -> Group {
        Group::Rows
    }

    fn about(&self) -> &'static str {
        "Coin-turning games (two, mock-turtles, ruler, multiples, CGSuite's turning codes such \
         as 1-3C(5) and names such as turnips) on a row or a board: values"
    }

    fn example(&self) -> Example {
        &[("rule", "two"), ("row", "0010001000010")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::args(
                "places",
                "HEADS",
                "The heads: places from 1 (`3 7 12` or `3,7,12`), or `X:Y` on a board",
            )
            .optional()
            .or(&["row", "heads"]),
            Param::option(
                "rule",
                "RULE",
                "The rule: two (turn one or two coins), mock-turtles (one to three), ruler (a \
                 run), multiples (x, 2x, ..., kx); or a turning code as CGSuite writes it: counts \
                 of coins (3, 1-3, 1+) with modifiers C (consecutive), E (equally spaced), S \
                 (symmetric), F (coin 1 turned), C(s) (within s coins), joined by commas; or a \
                 name of Winning Ways (turning-turtles, moebius, mogul, moidores, motley, twins, \
                 triplets, mock-turtle-fives, triplet-fives, ruler-fives, turnips, grunt, sym, \
                 sympler); the head is the rightmost coin turned (the leftmost for multiples)",
            )
            .required(),
            Param::option(
                "max-run",
                "K",
                "With `{rule} ruler`: runs of at most K coins",
            )
            .whole("a longest run", 0),
            Param::option(
                "row",
                "BITS",
                "The row as 0s (tails) and 1s (heads), or t and h, coin 1 first",
            )
            .excludes(&["places", "heads", "length", "by"]),
            Param::option(
                "heads",
                "LIST",
                "The heads as a comma-separated list (the same as HEADS)",
            ),
            Param::option(
                "length",
                "N",
                "The number of coins of the row (on a board, along x) [default: the last head]",
            )
            .whole("a length", 0),
            Param::option(
                "by",
                "RULE",
                "A board: the rule of the second coordinate (y); heads are `X:Y`",
            ),
            Param::option(
                "by-max-run",
                "K",
                "With `{by} ruler`: runs of at most K coins along y",
            )
            .whole("a longest run", 0)
            .needs(&["by"]),
            Param::option(
                "by-length",
                "M",
                "The board's length along y [default: the largest y of a head]",
            )
            .whole("a length", 0)
            .needs(&["by"]),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run::run(inputs)
    }

    fn aliases(&self) -> &'static [&'static str] {
        // CGSuite's names: a strip of coins (`Turning`) and its heaps (`Spawning`).
        &["turning", "spawning"]
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "coins:two, coins:mock-turtles, coins:ruler, coins:ruler:K, coins:CODE \
                     (a turning code or name: coins:3E, turning:turnips, spawning:1-3C(5))",
            about: "n: a row with one head, at coin n, the heap n of CGSuite's Spawning \
                    (coins:ruler:K turns a run of at most K coins)",
            parse: table::parse_table,
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&CoinsPlay]
    }

    fn cgsuite(&self) -> Option<&dyn super::cgsuite::CgsuiteClass> {
        Some(self)
    }
}

/// The game `coins:RULE` of `grundy play` and the web page.
struct CoinsPlay;

impl Playable for CoinsPlay {
    fn syntax(&self) -> &'static str {
        "coins:RULE (two, mock-turtles, ruler, ruler:K, multiples, a turning code or name: 3E, \
         turnips)"
    }

    fn example(&self) -> &'static str {
        "coins:mock-turtles"
    }

    fn about(&self) -> &'static str {
        "A row of coins: turn coins over by the rule, the rightmost from heads to tails"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["turning", "spawning"]
    }

    fn position(&self) -> &'static str {
        "the row, 1 for heads: 0110101"
    }

    fn start(&self) -> &'static str {
        "0110101"
    }

    fn build(&self, argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        play::play_from(argument, start, budget)
    }

    fn table(&self, argument: &str) -> Option<PlayTable> {
        let name = format!("coins:{argument}");
        // The rules `grundy table` reads have a table (not `multiples`).
        table::parse_table(&name)?.ok()?;
        Some(PlayTable {
            name,
            parameters: 1,
            position: |cell| Some(table::one_head(cell[0])),
        })
    }

    fn why(&self, argument: &str) -> Option<WhyLine> {
        play::why(argument)
    }
}
