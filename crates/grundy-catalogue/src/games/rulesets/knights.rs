//! Knights (CGSuite's `Knights`, of its `GenClobber` schema): move your stone a knight's move onto an opponent's, which is removed.

use super::clobber::{schema, Variant};
use super::RulesetGame;
use grundy::partizan::rulesets::clobber::Clobber;

/// `grundy knights BOARD`: `x` Left's stones, `o` Right's, `.` empty, `#` blocked.
pub static KNIGHTS: RulesetGame<Clobber> = schema(Variant {
    rules: Clobber::KNIGHTS,
    name: "knights",
    about: "Knights (move your stone a knight's move onto an opponent's, which is removed; 'x' Left, 'o' Right, '.' empty): canonical form, outcome class, \
            both players' winning moves",
    example: &[("position", "x..|..o|o.x")],
    play_about: "Knights: Clobber with a knight's move onto an opponent's stone",
    notation: "the board (x Left's stones, o Right's, . empty, # blocked, rows separated \
               by |), then who moves: xox|oxo|xox left",
    start: "xoxo|oxox|xoxo left",
    plays: &[&KNIGHTS],
    cgsuite: &["game.grid.Knights"],
});
