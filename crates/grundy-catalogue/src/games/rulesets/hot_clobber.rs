//! Hot Clobber (CGSuite's `HotClobber`, of its `GenClobber` schema): move your stone onto an adjacent stone of either colour, which is removed.

use super::clobber::{schema, Variant};
use super::RulesetGame;
use grundy::partizan::rulesets::clobber::Clobber;

/// `grundy hot-clobber BOARD`: `x` Left's stones, `o` Right's, `.` empty, `#` blocked.
pub static HOT_CLOBBER: RulesetGame<Clobber> = schema(Variant {
    rules: Clobber::HOT_CLOBBER,
    name: "hot-clobber",
    about: "Hot Clobber (move your stone onto an adjacent stone of either colour, which is removed; 'x' Left, 'o' Right, '.' empty): canonical form, outcome class, \
            both players' winning moves",
    example: &[("position", "xox|ox.")],
    play_about: "Hot Clobber: move a stone onto an orthogonally adjacent stone, yours or the opponent's, which is removed",
    notation: "the board (x Left's stones, o Right's, . empty, # blocked, rows separated \
               by |), then who moves: xxo|oxo left",
    start: "xoxo|oxox left",
    plays: &[&HOT_CLOBBER],
    cgsuite: &["game.grid.HotClobber"],
});
