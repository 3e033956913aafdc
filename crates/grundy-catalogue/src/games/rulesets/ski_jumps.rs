//! Ski Jumps (cgt-tools' `SkiJumps`, from *Winning Ways*): Left's skiers slide right, Right's
//! left, along their rows or off the board; a jumper jumps two rows down over a skier of the
//! other player. Its table is of the boards of cgt-tools' examples: a jumper of each player
//! on the first two rows of three.

use super::table::left_to_move;
use super::{generic, Play, RulesetGame, TableSpec, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::ski_jumps::SkiJumps;
use grundy::pattern::table::Span;

/// `grundy ski-jumps BOARD`: `L` and `l` Left's jumpers and slippers, `R` and `r` Right's,
/// `.` empty, rows separated by `|` (cgt-tools' notation).
pub static SKI_JUMPS: RulesetGame<SkiJumps> = RulesetGame {
    rules: SkiJumps,
    name: "ski-jumps",
    about: "Ski Jumps, as cgt-tools plays it (Left's skiers 'L' jumpers and 'l' slippers slide \
            right, Right's 'R' and 'r' left, along the row or off the board; a jumper jumps two \
            rows down over the other player's skier just below, which becomes a slipper; '.' \
            empty): canonical form, outcome class, both players' winning moves; tables",
    example: &[("position", "L....|....R|.....")],
    params: &POSITION,
    players: ["skiers going right", "skiers going left"],
    play: Play {
        about: "Ski Jumps: slide a skier along its row (Left's right, Right's left) or off the \
                board, or jump a jumper (L, R) two rows down over the other player's skier \
                just below",
        notation: "the board (L l Left's jumper and slipper, R r Right's, . empty, rows \
                   separated by |), then who moves, a move being the cells from and to: \
                   L....|....R|..... left",
        start: "L....|....R|..... left",
        drawing: grid,
    },
    table: Some(TableSpec {
        about: "(a, b): Left's jumper at the start of the first row, Right's jumper on the \
                second row with a cells before it and b after it, and an empty third row: \
                canonical forms",
        title: "Ski Jumps (L on row 1; R on row 2 after a cells, before b)",
        position: board,
        size: |a, b| a.saturating_add(b).saturating_add(1),
        // Three rows of 42 columns are 126 cells, the most a board has below 128.
        limit: 42,
        unit: "columns",
        default_span: Span { first: 0, last: 6 },
        nimbers: false,
        parse: |spec| SKI_JUMPS.table_game(spec),
        played: Some(|cell| left_to_move(board(cell[0], cell[1]))),
    }),
    search: generic,
    plays: &[&SKI_JUMPS],
    cgsuite: Cgsuite {
        // cgt-tools' name: CGSuite has no Ski Jumps.
        names: &["SkiJumps"],
        position: cgsuite::text,
    },
};

/// The board of three rows and `a` + `b` + 1 columns: `L` in the first cell, `R` on the
/// second row after `a` cells, the third row empty (`L....|R....|.....` is (0, 4)); `None`
/// past the table's limit, checked before the text is made.
fn board(a: u64, b: u64) -> Option<String> {
    if a.saturating_add(b) >= 42 {
        return None;
    }
    let (a, b) = (a as usize, b as usize);
    let width = a + b + 1;
    Some(format!(
        "L{}|{}R{}|{}",
        ".".repeat(width - 1),
        ".".repeat(a),
        ".".repeat(b),
        ".".repeat(width)
    ))
}
