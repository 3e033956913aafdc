//! The partizan rulesets of [`grundy::partizan::rulesets`] as catalogue families: given a
//! position, its canonical form, its outcome class, and each player's winning moves (with the
//! position and value each leads to). Every family reads its position the same way and
//! answers through one function, [`report`]. Domineering and Cram offer tables of their
//! empty rectangles (`grundy table domineering --rows 1..4 --cols 1..6`: canonical forms;
//! Cram's nim values), Toads and Frogs of its strips T^a.F^b.
//!
//! **Complexity.** The value of a position costs one canonical form per distinct normalised
//! region reachable from it (exponential in the board's size at worst: an empty 5×5
//! Domineering board visits about 7,000 forms); the winning moves cost the value of each
//! option, mostly memoised, and one comparison each.

use std::fmt;

use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use crate::play::rulesets::{build, edges, grid, vertices};
use crate::play::{Match, PlayError, PlayTable, Playable};
use grundy::budget::Budget;
use grundy::input::InputError;
use grundy::partizan::rulesets::amazons::Amazons;
use grundy::partizan::rulesets::clobber::Clobber;
use grundy::partizan::rulesets::cram::Cram;
use grundy::partizan::rulesets::domineering::Domineering;
use grundy::partizan::rulesets::hackenbush::Hackenbush;
use grundy::partizan::rulesets::konane::Konane;
use grundy::partizan::rulesets::snort_col::SnortCol;
use grundy::partizan::rulesets::toads_frogs::ToadsAndFrogs;
use grundy::partizan::rulesets::{analyse, Evaluator, Ruleset};
use grundy::partizan::{GameId, GameStore, Side, ValueError};
use grundy::pattern::table::{
    of_kind, Form, Kind, Span, Table, TableError, TableGame, TableSource, Tabulate,
};
use grundy::report::{Field, Layout, Part, RenderedAnswer, Report};

/// The answer for the position of `inputs` under `rules`: its class (the headline), its
/// canonical form, and both players' answers moving first, each naming what the player does
/// (`places vertical dominoes`). The valuation works within the budget of `inputs` (see
/// [`GameStore::with_budget`]); a form whose text is longer than the `max-length` parameter
/// is not written (its JSON `null`, and a note saying how to raise it).
///
/// ```text
/// N (the first player wins)
/// canonical form: +-1
/// Left (vertical dominoes) moving first: win
/// winning moves (2):
///   (1,1)-(2,1) to #.|#. = 1
///   ...
/// ```
///
/// JSON: `{"outcome_class": "L"|"R"|"N"|"P", "canonical_form": "+-1", "position": "..|..",
/// "left_first": <answer>, "right_first": <answer>}`, each answer the catalogue's common
/// object whose moves are `{"move", "position", "canonical_form"}`.
pub fn report<R: Ruleset>(
    rules: R,
    inputs: &Inputs,
    players: [&str; 2],
) -> Result<Report, RunError> {
    let p = rules
        .parse(position(inputs))
        .map_err(|e| InputError::invalid("position", e))?;
    let longest = inputs.whole("max-length")?;
    let mut store = GameStore::with_budget(inputs.budget().clone());
    store.set_print_limit(usize::try_from(longest).unwrap_or(usize::MAX));
    let mut evaluator = Evaluator::new(rules);
    let a = analyse(&mut evaluator, &mut store, &p)?;
    let (value, shown) = match store.written(a.value, store.print_limit()) {
        Ok(text) => (Some(text.clone()), text),
        Err(ValueError::TooLong { limit }) => (
            None,
            format!(
                "not written: more than {limit} characters ({} N writes up to N)",
                inputs.shown("max-length")
            ),
        ),
        Err(e) => return Err(e.into()),
    };
    let mut report = Report::new().fields([
        Field::shown("outcome_class", a.class, "", a.class).laid_out(Layout::Bare),
        Field::shown("canonical_form", &value, "canonical form", shown),
        Field::json_only("position", a.position),
    ]);
    for ((side, moves), doing) in [(Side::Left, a.left_wins), (Side::Right, a.right_wins)]
        .into_iter()
        .zip(players)
    {
        let key = match side {
            Side::Left => "left_first",
            Side::Right => "right_first",
        };
        report = report.with(Part::SideAnswer {
            key: key.to_string(),
            headline: format!("{side} ({doing}) moving first"),
            answer: RenderedAnswer::new(&Answer::from_moves(None, moves)),
        });
    }
    Ok(report)
}

/// The longest canonical form a ruleset's answer writes by default: the store's
/// [`PRINT_LIMIT`](grundy::partizan::store::PRINT_LIMIT).
const DEFAULT_MAX_LENGTH: &str = "100000";

/// The parameter that bounds the text of the forms an answer writes: a form can be
/// exponentially longer than its position (a Hackenbush string of 30 edges).
pub(super) const MAX_LENGTH: Param = Param::option(
    "max-length",
    "N",
    "Write a canonical form only if its text has at most N characters (a form can be \
     exponentially longer than its position); a longer one is noted as not written",
)
.default(DEFAULT_MAX_LENGTH)
.whole("a length", 0);

/// The one parameter of every ruleset family.
pub(super) const POSITION: [Param; 2] = [
    Param::arg(
        "position",
        "POSITION",
        "The position, rows separated by '|' (a strip is one row)",
    ),
    MAX_LENGTH,
];

/// The position given.
pub(super) fn position<'a>(inputs: &'a Inputs) -> &'a str {
    inputs.value("position").unwrap_or_default()
}

/// `grundy domineering BOARD`: `.` empty, `#` filled, at most 128 cells.
pub struct DomineeringFamily;

impl Family for DomineeringFamily {
    fn name(&self) -> &'static str {
        "domineering"
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        "Domineering (Left vertical, Right horizontal dominoes; '.' empty, '#' filled): \
         canonical form, outcome class, both players' winning moves; tables of rectangles"
    }

    fn example(&self) -> Example {
        &[("position", "...|...|...")]
    }

    fn params(&self) -> &'static [Param] {
        &POSITION
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(
            Domineering,
            inputs,
            ["vertical dominoes", "horizontal dominoes"],
        )
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "domineering",
            about: "(a, b): the empty a × b board: canonical forms (small boards)",
            parse: |spec| ruleset_table(spec, "domineering"),
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&DomineeringPlay]
    }
}

/// The game `domineering` of `grundy play` and the web page.
struct DomineeringPlay;

impl Playable for DomineeringPlay {
    fn syntax(&self) -> &'static str {
        "domineering"
    }

    fn example(&self) -> &'static str {
        "domineering"
    }

    fn about(&self) -> &'static str {
        "Domineering: Left places vertical dominoes, Right horizontal ones"
    }

    fn position(&self) -> &'static str {
        "the board (. empty, # filled, rows separated by |), then who moves: \
         ...|...|... left"
    }

    fn start(&self) -> &'static str {
        "....|....|....|.... left"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(Domineering, start, budget, grid)
    }

    fn table(&self, _: &str) -> Option<PlayTable> {
        ruleset_play_table("domineering", empty_board_left_to_move)
    }
}

/// `grundy cram BOARD`: Domineering's boards, either domino for either player.
pub struct CramFamily;

impl Family for CramFamily {
    fn name(&self) -> &'static str {
        "cram"
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        "Cram (either player, either domino; '.' empty, '#' filled): its nim value, both \
         players' winning moves; tables of rectangles"
    }

    fn example(&self) -> Example {
        &[("position", ".........|##.######")]
    }

    fn params(&self) -> &'static [Param] {
        &POSITION
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(Cram, inputs, ["any domino", "any domino"])
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "cram",
            about: "(a, b): the empty a × b board: nim values (small boards)",
            parse: |spec| ruleset_table(spec, "cram"),
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&CramPlay]
    }
}

/// The game `cram` of `grundy play` and the web page.
struct CramPlay;

impl Playable for CramPlay {
    fn syntax(&self) -> &'static str {
        "cram"
    }

    fn example(&self) -> &'static str {
        "cram"
    }

    fn about(&self) -> &'static str {
        "Cram: either player places a domino, either way"
    }

    fn position(&self) -> &'static str {
        "the board (. empty, # filled, rows separated by |), then who moves: \
         ...|...|... left"
    }

    fn start(&self) -> &'static str {
        "....|....|...# left"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(Cram, start, budget, grid)
    }

    fn table(&self, _: &str) -> Option<PlayTable> {
        ruleset_play_table("cram", empty_board_left_to_move)
    }
}

/// `grundy clobber BOARD`: `x` Left's stones, `o` Right's, `.` empty, `#` blocked.
pub struct ClobberFamily;

impl Family for ClobberFamily {
    fn name(&self) -> &'static str {
        "clobber"
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        "Clobber (move your stone onto an adjacent opponent's; 'x' Left, 'o' Right, '.' \
         empty): canonical form, outcome class, both players' winning moves"
    }

    fn example(&self) -> Example {
        &[("position", "xox|ox.")]
    }

    fn params(&self) -> &'static [Param] {
        &POSITION
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(Clobber::CLOBBER, inputs, ["x", "o"])
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&ClobberPlay]
    }
}

/// The game `clobber` of `grundy play` and the web page.
struct ClobberPlay;

impl Playable for ClobberPlay {
    fn syntax(&self) -> &'static str {
        "clobber"
    }

    fn example(&self) -> &'static str {
        "clobber"
    }

    fn about(&self) -> &'static str {
        "Clobber: move a stone onto an adjacent stone of the opponent's, which is removed"
    }

    fn position(&self) -> &'static str {
        "the board (x Left's stones, o Right's, . empty, rows separated by |), \
         then who moves: xox|oxo left"
    }

    fn start(&self) -> &'static str {
        "xoxo|oxox left"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(Clobber::CLOBBER, start, budget, grid)
    }
}

/// `grundy anticlobber BOARD`: Clobber's boards.
pub struct AnticlobberFamily;

impl Family for AnticlobberFamily {
    fn name(&self) -> &'static str {
        "anticlobber"
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        "AntiClobber (move your stone onto an adjacent empty cell, leaving an opponent's \
         stone): canonical form, outcome class, both players' winning moves"
    }

    fn example(&self) -> Example {
        &[("position", "xoxo|oo..")]
    }

    fn params(&self) -> &'static [Param] {
        &POSITION
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(Clobber::ANTI_CLOBBER, inputs, ["x", "o"])
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&AnticlobberPlay]
    }
}

/// The game `anticlobber` of `grundy play` and the web page.
struct AnticlobberPlay;

impl Playable for AnticlobberPlay {
    fn syntax(&self) -> &'static str {
        "anticlobber"
    }

    fn example(&self) -> &'static str {
        "anticlobber"
    }

    fn about(&self) -> &'static str {
        "AntiClobber: move a stone onto an adjacent empty cell, leaving a stone of the \
         opponent's behind"
    }

    fn position(&self) -> &'static str {
        "the board (x Left's stones, o Right's, . empty, rows separated by |), \
         then who moves: x..|..o left"
    }

    fn start(&self) -> &'static str {
        "x...|..o.|.x.o left"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(Clobber::ANTI_CLOBBER, start, budget, grid)
    }
}

/// `grundy toads-and-frogs STRIP`: `T` toads, `F` frogs, `.` empty.
pub struct ToadsAndFrogsFamily;

impl Family for ToadsAndFrogsFamily {
    fn name(&self) -> &'static str {
        "toads-and-frogs"
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        "Toads and Frogs (Left's toads 'T' move right, Right's frogs 'F' left): canonical \
         form, outcome class, both players' winning moves"
    }

    fn example(&self) -> Example {
        &[("position", "TT..FF")]
    }

    fn params(&self) -> &'static [Param] {
        &POSITION
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(ToadsAndFrogs, inputs, ["toads", "frogs"])
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "toads-and-frogs",
            about: "(a, b): the strip of a toads, one empty cell, b frogs: canonical forms",
            parse: |spec| ruleset_table(spec, "toads-and-frogs"),
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&ToadsAndFrogsPlay]
    }
}

/// The game `toads-and-frogs` of `grundy play` and the web page.
struct ToadsAndFrogsPlay;

impl Playable for ToadsAndFrogsPlay {
    fn syntax(&self) -> &'static str {
        "toads-and-frogs"
    }

    fn example(&self) -> &'static str {
        "toads-and-frogs"
    }

    fn about(&self) -> &'static str {
        "Toads and Frogs: toads (Left's) move right, frogs (Right's) left, by a step \
         or a jump over the other kind"
    }

    fn position(&self) -> &'static str {
        "the strip (T toad, F frog, . empty), then who moves: TT..FF left"
    }

    fn start(&self) -> &'static str {
        "TTT..FF left"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(ToadsAndFrogs, start, budget, grid)
    }

    fn table(&self, _: &str) -> Option<PlayTable> {
        ruleset_play_table("toads-and-frogs", |cell| {
            left_to_move(toads_and_frogs(cell[0], cell[1]))
        })
    }
}

/// `grundy hackenbush GRAPH`: a tree in CGSuite's notation or an edge list.
pub struct HackenbushFamily;

impl Family for HackenbushFamily {
    fn name(&self) -> &'static str {
        "hackenbush"
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        "Blue-Red-Green Hackenbush (a string or tree 'l(l;rl)' from the ground, or edges \
         '0-1:b 1-2:r', 0 the ground): canonical form, outcome class, winning cuts"
    }

    fn example(&self) -> Example {
        &[("position", "l(l;rl)")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "position",
                "GRAPH",
                "Edges from the ground: l or b blue, r red, e or g green, branches in (...;...); \
                 or edges U-V:C, vertex 0 the ground (at most 64 edges)",
            ),
            MAX_LENGTH,
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(Hackenbush, inputs, ["blue and green", "red and green"])
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&HackenbushPlay]
    }
}

/// The game `hackenbush` of `grundy play` and the web page.
struct HackenbushPlay;

impl Playable for HackenbushPlay {
    fn syntax(&self) -> &'static str {
        "hackenbush"
    }

    fn example(&self) -> &'static str {
        "hackenbush"
    }

    fn about(&self) -> &'static str {
        "Hackenbush: Left cuts blue or green edges, Right red or green ones; what \
         falls off the ground is gone"
    }

    fn position(&self) -> &'static str {
        "the edges U-V:C (vertex 0 the ground, C b, r or g) or a tree like l(l;rl), \
         then who moves: 0-1:b 1-2:r left"
    }

    fn start(&self) -> &'static str {
        "0-1:b 1-2:r 2-3:b 0-4:r 4-5:g 4-6:b 0-7:g 7-8:r left"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(Hackenbush, start, budget, edges)
    }
}

/// The parameter of the graph-colouring families.
const COLOURED_GRAPH: [Param; 2] = [
    Param::arg(
        "position",
        "GRAPH",
        "A graph in CGSuite's notation ('L-.-.(-.;-R)': '.' uncoloured, 'L'/'R' tinted, \
         'x'/'o' coloured, '-' edges, branches in (...;...), ':A' names a vertex met again), \
         or words U-V and V:C, vertices 0 to 63 (at most 64)",
    ),
    MAX_LENGTH,
];

/// `grundy snort GRAPH`: CGSuite's graph notation or an edge list.
pub struct SnortFamily;

impl Family for SnortFamily {
    fn name(&self) -> &'static str {
        "snort"
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        "Snort (colour a vertex not next to the opponent's colour; 'L'/'R' tinted vertices \
         only Left/Right may colour): canonical form, outcome class, winning moves"
    }

    fn example(&self) -> Example {
        &[("position", "L-.-.-.-L")]
    }

    fn params(&self) -> &'static [Param] {
        &COLOURED_GRAPH
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(SnortCol::SNORT, inputs, ["L", "R"])
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&SnortPlay]
    }
}

/// The game `snort` of `grundy play` and the web page.
struct SnortPlay;

impl Playable for SnortPlay {
    fn syntax(&self) -> &'static str {
        "snort"
    }

    fn example(&self) -> &'static str {
        "snort"
    }

    fn about(&self) -> &'static str {
        "Snort: colour an uncoloured vertex not next to a vertex of the opponent's \
         colour; tinted vertices (L, R) only that player may colour"
    }

    fn position(&self) -> &'static str {
        "the graph (. uncoloured, L or R tinted, - edges, branches in (..;..)), \
         then who moves: L-.-.-R left"
    }

    fn start(&self) -> &'static str {
        "L-.-.-.(-.;-.-R) left"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(SnortCol::SNORT, start, budget, vertices)
    }
}

/// `grundy col GRAPH`: Snort's graphs.
pub struct ColFamily;

impl Family for ColFamily {
    fn name(&self) -> &'static str {
        "col"
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        "Col (colour a vertex not next to your own colour; 'L'/'R' tinted vertices only \
         Right/Left may colour): canonical form, outcome class, winning moves"
    }

    fn example(&self) -> Example {
        &[("position", "R-.-R-.-L-.-R")]
    }

    fn params(&self) -> &'static [Param] {
        &COLOURED_GRAPH
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(SnortCol::COL, inputs, ["L", "R"])
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&ColPlay]
    }
}

/// The game `col` of `grundy play` and the web page.
struct ColPlay;

impl Playable for ColPlay {
    fn syntax(&self) -> &'static str {
        "col"
    }

    fn example(&self) -> &'static str {
        "col"
    }

    fn about(&self) -> &'static str {
        "Col: colour an uncoloured vertex not next to a vertex of your own colour; a \
         vertex tinted L (next to Left's colour) only Right may colour, and R only Left"
    }

    fn position(&self) -> &'static str {
        "the graph (. uncoloured, L or R tinted, - edges, branches in (..;..)), \
         then who moves: R-.-.-L left"
    }

    fn start(&self) -> &'static str {
        ".-.-.-.(-.;-.) left"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(SnortCol::COL, start, budget, vertices)
    }
}

/// `grundy konane BOARD`: Clobber's boards.
pub struct KonaneFamily;

impl Family for KonaneFamily {
    fn name(&self) -> &'static str {
        "konane"
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        "Konane (jump your stone over an adjacent opponent's into an empty cell, and on in \
         the same line; 'x' Left, 'o' Right, '.' empty, '#' blocked): canonical form, outcome \
         class, both players' winning moves"
    }

    fn example(&self) -> Example {
        &[("position", "xo.ox|.xoxo|ox.ox")]
    }

    fn params(&self) -> &'static [Param] {
        &POSITION
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(Konane, inputs, ["x", "o"])
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&KonanePlay]
    }
}

/// The game `konane` of `grundy play` and the web page.
struct KonanePlay;

impl Playable for KonanePlay {
    fn syntax(&self) -> &'static str {
        "konane"
    }

    fn example(&self) -> &'static str {
        "konane"
    }

    fn about(&self) -> &'static str {
        "Konane: jump a stone over an adjacent stone of the opponent's into an empty \
         cell, and on in the same line; the stones jumped are removed"
    }

    fn position(&self) -> &'static str {
        "the board (x Left's stones, o Right's, . empty, rows separated by |), \
         then who moves: xo.|.ox left"
    }

    fn start(&self) -> &'static str {
        "xo.x|.xo.|oxox left"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(Konane, start, budget, grid)
    }
}

/// `grundy amazons BOARD`: `x` Left's amazons, `o` Right's, `.` empty, `#` burnt.
pub struct AmazonsFamily;

impl Family for AmazonsFamily {
    fn name(&self) -> &'static str {
        "amazons"
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        "Amazons (move your amazon as a queen, then shoot an arrow as a queen from where it \
         lands, burning that cell; 'x' Left, 'o' Right, '.' empty, '#' burnt): canonical \
         form, outcome class, both players' winning moves"
    }

    fn example(&self) -> Example {
        &[("position", "x...|o...")]
    }

    fn params(&self) -> &'static [Param] {
        &POSITION
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(Amazons, inputs, ["x", "o"])
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&AmazonsPlay]
    }
}

/// The game `amazons` of `grundy play` and the web page.
struct AmazonsPlay;

impl Playable for AmazonsPlay {
    fn syntax(&self) -> &'static str {
        "amazons"
    }

    fn example(&self) -> &'static str {
        "amazons"
    }

    fn about(&self) -> &'static str {
        "Amazons: move your amazon as a queen, then shoot an arrow as a queen from \
         where it lands, burning that cell"
    }

    fn position(&self) -> &'static str {
        "the board (x Left's amazons, o Right's, . empty, # burnt, rows separated \
         by |), then who moves: x..|..o left"
    }

    fn start(&self) -> &'static str {
        "x..|...|..o left"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(Amazons, start, budget, grid)
    }
}

/// A table of a ruleset's positions named by two parameters (a, b) — the empty a × b boards
/// of Domineering and Cram, the strips T^a.F^b of Toads and Frogs — valued with one memo for
/// the whole table: canonical forms, or nim values for an impartial ruleset.
#[derive(Debug)]
pub(super) struct RulesetTable<R> {
    pub rules: R,
    /// The table's name: `Domineering (rows x columns)`.
    pub name: &'static str,
    /// The position (a, b) as text, in the ruleset's notation; `None` for a board with no
    /// cell (the game 0).
    pub position: fn(u64, u64) -> Option<String>,
    /// The size of the position (a, b), in `unit`s, and the largest tabulated: the time to
    /// value a position grows exponentially with its size.
    pub size: fn(u64, u64) -> u64,
    pub limit: u64,
    pub unit: &'static str,
    /// The range of each parameter when none is given: within the limit.
    pub default_span: Span,
    /// Whether the cells are nim values (an impartial ruleset) rather than canonical forms.
    pub nimbers: bool,
}

impl<R: Ruleset + Copy + fmt::Debug> Tabulate for RulesetTable<R> {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn parameters(&self) -> usize {
        2
    }

    fn default_span(&self) -> Span {
        self.default_span
    }

    /// Each cell the value of position (a, b): O(distinct regions reachable from the largest).
    fn grid(&self, a: Span, b: Span, kind: Kind, budget: &Budget) -> Result<Table, TableError> {
        let name = self.name;
        let size = (self.size)(a.last, b.last);
        if size > self.limit {
            return Err(TableError::Malformed(format!(
                "{name}: the largest position, ({}, {}), has {size} {unit}; at most {limit} \
                 are tabulated (larger ones take too long)",
                a.last,
                b.last,
                unit = self.unit,
                limit = self.limit
            )));
        }
        let failed = |message: String| TableError::Game {
            game: name.to_string(),
            message,
        };
        let mut store = GameStore::with_budget(budget.clone());
        let mut evaluator = Evaluator::new(self.rules);
        let mut ids = Vec::new();
        let mut stopped = None;
        'rows: for x in a.iter() {
            let row = ids.len();
            for y in b.iter() {
                let Some(text) = (self.position)(x, y) else {
                    ids.push(GameId::ZERO);
                    continue;
                };
                let p = self
                    .rules
                    .parse(&text)
                    .map_err(|e| failed(format!("position '{text}': {e}")))?;
                match evaluator.value(&mut store, &p) {
                    Ok(v) => ids.push(v),
                    Err(ValueError::Budget(e)) => {
                        ids.truncate(row);
                        stopped = Some((x, e));
                        break 'rows;
                    }
                    Err(e) => return Err(failed(e.to_string())),
                }
            }
        }
        // The rows finished before a budget ran out are a table of their own.
        let (a, stopped) = match stopped {
            None => (a, None),
            Some((x, e)) if x == a.first => {
                return Err(TableError::Budget {
                    game: name.to_string(),
                    message: e.to_string(),
                })
            }
            Some((x, e)) => (
                Span {
                    first: a.first,
                    last: x - 1,
                },
                Some(e),
            ),
        };
        // The forms of the cells valued are written whatever the budget left: each text is
        // bounded by the store's print limit, and the cancel flag still stops it.
        if stopped.is_some() {
            store.set_budget(Budget::default().with_cancel(budget.cancel().clone()));
        }
        let mut cells = ids.into_iter();
        let mut next = || cells.next().unwrap_or(GameId::ZERO);
        let table = if self.nimbers {
            Table::grid(name, a, b, |_, _| {
                store.nus(next()).map_or(0, |n| u64::from(n.nimber))
            })?
        } else {
            Table::form_grid(name, a, b, |_, _| {
                let v = next();
                let class = store.outcome(v).map_err(|e| failed(e.to_string()))?;
                Ok(Form {
                    text: store.display(v),
                    class,
                })
            })?
        };
        let table = of_kind(table, kind);
        Ok(match stopped {
            None => table,
            Some(error) => {
                return Err(TableError::Stopped {
                    partial: Box::new(table),
                    error,
                })
            }
        })
    }
}

/// The empty board of `rows` × `cols` cells, in grid notation (`None` when either is 0).
fn empty_board(rows: u64, cols: u64) -> Option<String> {
    (rows > 0 && cols > 0).then(|| vec![".".repeat(cols as usize); rows as usize].join("|"))
}

/// The strip of `toads` toads, an empty cell and `frogs` frogs.
fn toads_and_frogs(toads: u64, frogs: u64) -> Option<String> {
    Some(format!(
        "{}.{}",
        "T".repeat(toads as usize),
        "F".repeat(frogs as usize)
    ))
}

/// A ruleset's table (of two parameters) as played: its cell `position`, Left to move.
fn ruleset_play_table(name: &str, position: fn(&[u64]) -> Option<String>) -> Option<PlayTable> {
    Some(PlayTable {
        name: name.to_string(),
        parameters: 2,
        position,
    })
}

/// A ruleset's position `board`, Left to move: a table's cell as a start.
fn left_to_move(board: Option<String>) -> Option<String> {
    Some(format!("{} left", board?))
}

/// The start of a table's cell (rows, columns) in a placing game: the empty board, Left to
/// move.
fn empty_board_left_to_move(cell: &[u64]) -> Option<String> {
    left_to_move(empty_board(cell[0], cell[1]))
}

/// The cells of a rows × cols board.
fn board_cells(rows: u64, cols: u64) -> u64 {
    rows.saturating_mul(cols)
}

/// The most cells of an empty board tabulated: Cram's 5 × 5 board takes a second, and every
/// further cell multiplies the time.
const CRAM_TABLE_CELLS: u64 = 25;
/// The most cells of an empty Domineering board tabulated.
const DOMINEERING_TABLE_CELLS: u64 = 28;
/// The most pieces of a Toads-and-Frogs strip tabulated.
const TOADS_TABLE_PIECES: u64 = 16;

/// The table `spec` names, if it is the ruleset table `name` (`domineering`, `cram`,
/// `toads-and-frogs`), in any case.
fn ruleset_table(spec: &str, name: &str) -> Option<TableGame> {
    if !spec.eq_ignore_ascii_case(name) {
        return None;
    }
    let table: Box<dyn Tabulate> = match name {
        "domineering" => Box::new(RulesetTable {
            rules: Domineering,
            name: "Domineering (rows x columns)",
            position: empty_board,
            size: board_cells,
            limit: DOMINEERING_TABLE_CELLS,
            unit: "cells",
            default_span: Span { first: 1, last: 5 },
            nimbers: false,
        }),
        "cram" => Box::new(RulesetTable {
            rules: Cram,
            name: "Cram (rows x columns)",
            position: empty_board,
            size: board_cells,
            limit: CRAM_TABLE_CELLS,
            unit: "cells",
            default_span: Span { first: 1, last: 5 },
            nimbers: true,
        }),
        "toads-and-frogs" => Box::new(RulesetTable {
            rules: ToadsAndFrogs,
            name: "Toads and Frogs (a toads, a gap, b frogs)",
            position: toads_and_frogs,
            size: |a, b| a.saturating_add(b),
            limit: TOADS_TABLE_PIECES,
            unit: "pieces",
            default_span: Span { first: 0, last: 8 },
            nimbers: false,
        }),
        _ => return None,
    };
    Some(Ok(table))
}
