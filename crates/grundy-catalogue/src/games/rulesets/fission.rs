//! Fission (CGSuite's `Fission`): Left splits a stone into the two empty cells above and below
//! it, Right into the two empty cells left and right of it.

use super::{generic, Play, RulesetGame, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::fission::Fission;

/// `grundy fission BOARD`: `x` stones, `.` empty, `#` blocked.
pub static FISSION: RulesetGame<Fission> = RulesetGame {
    rules: Fission,
    name: "fission",
    about: "Fission (a stone 'x' is split into the two empty cells beside it: above and below \
            by Left, left and right by Right; '.' empty, '#' blocked): canonical form, outcome \
            class, both players' winning moves",
    example: &[("position", "....|..x.|....|....")],
    params: &POSITION,
    players: ["vertical splits", "horizontal splits"],
    play: Play {
        about: "Fission: split a stone into the two empty cells beside it, above and below \
                (Left) or left and right (Right)",
        notation: "the board (x stones, . empty, # blocked, rows separated by |), then who \
                   moves, a move being the stone split: ...|.x.|... left",
        start: "....|..x.|....|.... left",
        drawing: grid,
    },
    table: None,
    search: generic,
    plays: &[&FISSION],
    cgsuite: Cgsuite {
        names: &["game.grid.Fission"],
        position: cgsuite::grid,
    },
};
