//! Clobber: move your stone onto an adjacent stone of the opponent's, which is removed.

use super::{generic, Play, RulesetGame, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::clobber::Clobber;

/// `grundy clobber BOARD`: `x` Left's stones, `o` Right's, `.` empty, `#` blocked.
pub static CLOBBER: RulesetGame<Clobber> = RulesetGame {
    rules: Clobber::CLOBBER,
    name: "clobber",
    about: "Clobber (move your stone onto an adjacent opponent's; 'x' Left, 'o' Right, '.' \
            empty): canonical form, outcome class, both players' winning moves",
    example: &[("position", "xox|ox.")],
    params: &POSITION,
    players: ["x", "o"],
    play: Play {
        about: "Clobber: move a stone onto an adjacent stone of the opponent's, which is removed",
        notation: "the board (x Left's stones, o Right's, . empty, rows separated by |), \
                   then who moves: xox|oxo left",
        start: "xoxo|oxox left",
        drawing: grid,
    },
    table: None,
    search: generic,
    plays: &[&CLOBBER],
    cgsuite: Cgsuite {
        names: &["game.grid.Clobber"],
        position: cgsuite::grid,
    },
};
