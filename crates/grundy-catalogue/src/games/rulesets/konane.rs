//! Konane: jump a stone over an adjacent stone of the opponent's into an empty cell, and on
//! in the same line.

use super::{generic, Play, RulesetGame, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::konane::Konane;

/// `grundy konane BOARD`: Clobber's boards.
pub static KONANE: RulesetGame<Konane> = RulesetGame {
    rules: Konane,
    name: "konane",
    about: "Konane (jump your stone over an adjacent opponent's into an empty cell, and on in \
            the same line; 'x' Left, 'o' Right, '.' empty, '#' blocked): canonical form, outcome \
            class, both players' winning moves",
    example: &[("position", "xo.ox|.xoxo|ox.ox")],
    params: &POSITION,
    players: ["x", "o"],
    play: Play {
        about: "Konane: jump a stone over an adjacent stone of the opponent's into an empty \
                cell, and on in the same line; the stones jumped are removed",
        notation: "the board (x Left's stones, o Right's, . empty, rows separated by |), \
                   then who moves: xo.|.ox left",
        start: "xo.x|.xo.|oxox left",
        drawing: grid,
    },
    table: None,
    search: generic,
    plays: &[&KONANE],
    cgsuite: Cgsuite {
        names: &["game.grid.Konane"],
        position: cgsuite::grid,
    },
};
