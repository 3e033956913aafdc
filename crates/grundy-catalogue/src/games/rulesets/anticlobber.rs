//! AntiClobber: Clobber's boards, a stone moving onto an adjacent empty cell and leaving a
//! stone of the opponent's behind.

use super::{generic, Play, RulesetGame, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::clobber::Clobber;

/// `grundy anticlobber BOARD`: Clobber's boards.
pub static ANTICLOBBER: RulesetGame<Clobber> = RulesetGame {
    rules: Clobber::ANTI_CLOBBER,
    name: "anticlobber",
    about: "AntiClobber (move your stone onto an adjacent empty cell, leaving an opponent's \
            stone): canonical form, outcome class, both players' winning moves",
    example: &[("position", "xoxo|oo..")],
    params: &POSITION,
    players: ["x", "o"],
    play: Play {
        about: "AntiClobber: move a stone onto an adjacent empty cell, leaving a stone of the \
                opponent's behind",
        notation: "the board (x Left's stones, o Right's, . empty, rows separated by |), \
                   then who moves: x..|..o left",
        start: "x...|..o.|.x.o left",
        drawing: grid,
    },
    table: None,
    search: generic,
    plays: &[&ANTICLOBBER],
    cgsuite: Cgsuite {
        names: &["game.grid.AntiClobber"],
        position: cgsuite::grid,
    },
};
