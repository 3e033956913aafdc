//! Rooks (CGSuite's `Rooks`, of its `GenClobber` schema): slide your stone orthogonally over empty cells onto the first stone met, an opponent's, which is removed.

use super::clobber::{schema, Variant};
use super::RulesetGame;
use grundy::partizan::rulesets::clobber::Clobber;

/// `grundy rooks BOARD`: `x` Left's stones, `o` Right's, `.` empty, `#` blocked.
pub static ROOKS: RulesetGame<Clobber> = schema(Variant {
    rules: Clobber::ROOKS,
    name: "rooks",
    about: "Rooks (slide your stone orthogonally over empty cells onto the first stone met, an opponent's, which is removed; 'x' Left, 'o' Right, '.' empty): canonical form, outcome class, \
            both players' winning moves",
    example: &[("position", "xox|ox.")],
    play_about: "Rooks: slide a stone orthogonally over empty cells onto the first stone it meets, which must be the opponent's",
    notation: "the board (x Left's stones, o Right's, . empty, # blocked, rows separated \
               by |), then who moves: x.o|o.x left",
    start: "xo.x|.ox.|o.xo left",
    plays: &[&ROOKS],
    cgsuite: &["game.grid.Rooks"],
});
