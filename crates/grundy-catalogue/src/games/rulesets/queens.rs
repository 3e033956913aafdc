//! Queens (CGSuite's `Queens`, of its `GenClobber` schema): slide your stone in any of the eight directions over empty cells onto the first stone met, an opponent's, which is removed.

use super::clobber::{schema, Variant};
use super::RulesetGame;
use grundy::partizan::rulesets::clobber::Clobber;

/// `grundy queens BOARD`: `x` Left's stones, `o` Right's, `.` empty, `#` blocked.
pub static QUEENS: RulesetGame<Clobber> = schema(Variant {
    rules: Clobber::QUEENS,
    name: "queens",
    about: "Queens (slide your stone in any of the eight directions over empty cells onto the first stone met, an opponent's, which is removed; 'x' Left, 'o' Right, '.' empty): canonical form, outcome class, \
            both players' winning moves",
    example: &[("position", "xox|ox.")],
    play_about: "Queens: slide a stone orthogonally or diagonally over empty cells onto the first stone it meets, which must be the opponent's",
    notation: "the board (x Left's stones, o Right's, . empty, # blocked, rows separated \
               by |), then who moves: x.o|o.x left",
    start: "xo.x|.ox.|o.xo left",
    plays: &[&QUEENS],
    cgsuite: &["game.grid.Queens"],
});
