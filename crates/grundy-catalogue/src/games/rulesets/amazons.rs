//! Amazons: move your amazon as a queen, then shoot an arrow as a queen from where it lands,
//! burning that cell.

use super::{generic, Play, RulesetGame, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::amazons::Amazons;

/// `grundy amazons BOARD`: `x` Left's amazons, `o` Right's, `.` empty, `#` burnt.
pub static AMAZONS: RulesetGame<Amazons> = RulesetGame {
    rules: Amazons,
    name: "amazons",
    about: "Amazons (move your amazon as a queen, then shoot an arrow as a queen from where it \
            lands, burning that cell; 'x' Left, 'o' Right, '.' empty, '#' burnt): canonical \
            form, outcome class, both players' winning moves",
    example: &[("position", "x...|o...")],
    params: &POSITION,
    players: ["x", "o"],
    play: Play {
        about: "Amazons: move your amazon as a queen, then shoot an arrow as a queen from \
                where it lands, burning that cell",
        notation: "the board (x Left's amazons, o Right's, . empty, # burnt, rows separated \
                   by |), then who moves: x..|..o left",
        start: "x..|...|..o left",
        drawing: grid,
    },
    table: None,
    search: generic,
    plays: &[&AMAZONS],
    cgsuite: Cgsuite {
        names: &["game.grid.Amazons"],
        position: cgsuite::grid,
    },
};
