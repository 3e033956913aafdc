//! Rooks (CGSuite's `Rooks`, of its `GenClobber` schema): slide your stone orthogonally over empty cells onto the first stone met, an opponent's, which is removed.

use super::{generic, Play, RulesetGame, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::clobber::Clobber;

/// `grundy rooks BOARD`: `x` Left's stones, `o` Right's, `.` empty, `#` blocked.
pub static ROOKS: RulesetGame<Clobber> = RulesetGame {
    rules: Clobber::ROOKS,
    name: "rooks",
    about: "Rooks (slide your stone orthogonally over empty cells onto the first stone met, an opponent's, which is removed; 'x' Left, 'o' Right, '.' empty): canonical form, outcome class, \
            both players' winning moves",
    example: &[("position", "xox|ox.")],
    params: &POSITION,
    players: ["x", "o"],
    play: Play {
        about: "Rooks: slide a stone orthogonally over empty cells onto the first stone it meets, which must be the opponent's",
        notation: "the board (x Left's stones, o Right's, . empty, # blocked, rows separated \
                   by |), then who moves: x.o|o.x left",
        start: "xo.x|.ox.|o.xo left",
        drawing: grid,
    },
    table: None,
    search: generic,
    plays: &[&ROOKS],
    cgsuite: Cgsuite {
        names: &["game.grid.Rooks"],
        position: cgsuite::grid,
    },
};
