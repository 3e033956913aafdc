//! The partizan rulesets of [`crate::partizan::rulesets`] as catalogue families: given a
//! position, its canonical form, its outcome class, and each player's winning moves (with the
//! position and value each leads to). Every family reads its position the same way and
//! answers through one function, [`report`]; Cram also offers tables of nim values
//! (`grundy table cram --a ROWS --b COLUMNS`).
//!
//! **Complexity.** The value of a position costs one canonical form per distinct normalised
//! region reachable from it (exponential in the board's size at worst: an empty 5×5
//! Domineering board visits about 7,000 forms); the winning moves cost the value of each
//! option, mostly memoised, and one comparison each.

use super::{Answer, Family, Group, Inputs, Param, RunError};
use crate::input::InputError;
use crate::partizan::rulesets::amazons::Amazons;
use crate::partizan::rulesets::clobber::Clobber;
use crate::partizan::rulesets::cram::Cram;
use crate::partizan::rulesets::domineering::{Board, Domineering};
use crate::partizan::rulesets::hackenbush::Hackenbush;
use crate::partizan::rulesets::konane::Konane;
use crate::partizan::rulesets::snort_col::SnortCol;
use crate::partizan::rulesets::toads_frogs::ToadsAndFrogs;
use crate::partizan::rulesets::{analyse, Evaluator, Ruleset};
use crate::partizan::{GameStore, Side};
use crate::pattern::table::{
    of_kind, Kind, Span, Table, TableError, TableGame, TableSource, Tabulate,
};
use crate::report::{Field, Layout, Part, RenderedAnswer, Report};

/// The answer for `text` under `rules`: its class (the headline), its canonical form, and
/// both players' answers moving first, each naming what the player does (`places vertical
/// dominoes`).
///
/// ```text
/// the first player wins
/// value: +-1
/// Left (vertical dominoes) moving first: win
/// winning moves (2):
///   (1,1)-(2,1) to #.|#. = 1
///   ...
/// ```
///
/// JSON: `{"class": "left"|"right"|"first"|"second", "value": "+-1", "position": "..|..",
/// "left_first": <answer>, "right_first": <answer>}`, each answer the catalogue's common
/// object whose moves are `{"move", "position", "value"}`.
pub fn report<R: Ruleset>(rules: R, text: &str, players: [&str; 2]) -> Result<Report, RunError> {
    let p = rules
        .parse(text)
        .map_err(|e| InputError::invalid("position", e))?;
    let mut store = GameStore::new();
    let mut evaluator = Evaluator::new(rules);
    let a = analyse(&mut evaluator, &mut store, &p)?;
    let value = store.display(a.value);
    let mut report = Report::new().fields([
        Field::shown("class", a.class, "", a.class).laid_out(Layout::Bare),
        Field::new("value", value),
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

/// The one parameter of every ruleset family.
const POSITION: [Param; 1] = [Param::arg(
    "position",
    "POSITION",
    "The position, rows separated by '|' (a strip is one row)",
)];

/// The position given.
fn position<'a>(inputs: &'a Inputs) -> &'a str {
    inputs.value("position").unwrap_or_default()
}

/// `grundy domineering BOARD`: `.` empty, `#` filled, at most 128 cells.
pub static DOMINEERING: Family = Family {
    name: "domineering",
    group: Group::Rulesets,
    about: "Domineering (Left vertical, Right horizontal dominoes; '.' empty, '#' filled): \
            canonical form, outcome class, both players' winning moves",
    example: "'...|...|...'",
    params: &POSITION,
    run: |inputs| {
        report(
            Domineering,
            position(inputs),
            ["vertical dominoes", "horizontal dominoes"],
        )
    },
    table: None,
};

/// `grundy cram BOARD`: Domineering's boards, either domino for either player.
pub static CRAM: Family = Family {
    name: "cram",
    group: Group::Rulesets,
    about: "Cram (either player, either domino; '.' empty, '#' filled): its nim value, both \
            players' winning moves; tables of rectangles",
    example: "'.........|##.######'",
    params: &POSITION,
    run: |inputs| report(Cram, position(inputs), ["any domino", "any domino"]),
    table: Some(TableSource {
        syntax: "cram",
        parse: parse_cram_table,
    }),
};

/// `grundy clobber BOARD`: `x` Left's stones, `o` Right's, `.` empty, `#` blocked.
pub static CLOBBER: Family = Family {
    name: "clobber",
    group: Group::Rulesets,
    about: "Clobber (move your stone onto an adjacent opponent's; 'x' Left, 'o' Right, '.' \
            empty): canonical form, outcome class, both players' winning moves",
    example: "'xox|ox.'",
    params: &POSITION,
    run: |inputs| report(Clobber::CLOBBER, position(inputs), ["x", "o"]),
    table: None,
};

/// `grundy anticlobber BOARD`: Clobber's boards.
pub static ANTI_CLOBBER: Family = Family {
    name: "anticlobber",
    group: Group::Rulesets,
    about: "AntiClobber (move your stone onto an adjacent empty cell, leaving an opponent's \
            stone): canonical form, outcome class, both players' winning moves",
    example: "'xoxo|oo..'",
    params: &POSITION,
    run: |inputs| report(Clobber::ANTI_CLOBBER, position(inputs), ["x", "o"]),
    table: None,
};

/// `grundy toads-and-frogs STRIP`: `T` toads, `F` frogs, `.` empty.
pub static TOADS_AND_FROGS: Family = Family {
    name: "toads-and-frogs",
    group: Group::Rulesets,
    about: "Toads and Frogs (Left's toads 'T' move right, Right's frogs 'F' left): canonical \
            form, outcome class, both players' winning moves",
    example: "TT..FF",
    params: &POSITION,
    run: |inputs| report(ToadsAndFrogs, position(inputs), ["toads", "frogs"]),
    table: None,
};

/// `grundy hackenbush GRAPH`: a tree in CGSuite's notation or an edge list.
pub static HACKENBUSH: Family = Family {
    name: "hackenbush",
    group: Group::Rulesets,
    about: "Blue-Red-Green Hackenbush (a string or tree 'l(l;rl)' from the ground, or edges \
            '0-1:b 1-2:r', 0 the ground): canonical form, outcome class, winning cuts",
    example: "'l(l;rl)'",
    params: &[Param::arg(
        "position",
        "GRAPH",
        "Edges from the ground: l or b blue, r red, e or g green, branches in (...;...); or \
         edges U-V:C, vertex 0 the ground (at most 64 edges)",
    )],
    run: |inputs| {
        report(
            Hackenbush,
            position(inputs),
            ["blue and green", "red and green"],
        )
    },
    table: None,
};

/// The parameter of the graph-colouring families.
const COLOURED_GRAPH: [Param; 1] = [Param::arg(
    "position",
    "GRAPH",
    "A graph in CGSuite's notation ('L-.-.(-.;-R)': '.' uncoloured, 'L'/'R' tinted, 'x'/'o' \
     coloured, '-' edges, branches in (...;...), ':A' names a vertex met again), or words \
     U-V and V:C, vertices 0 to 63 (at most 64)",
)];

/// `grundy snort GRAPH`: CGSuite's graph notation or an edge list.
pub static SNORT: Family = Family {
    name: "snort",
    group: Group::Rulesets,
    about: "Snort (colour a vertex not next to the opponent's colour; 'L'/'R' tinted vertices \
            only Left/Right may colour): canonical form, outcome class, winning moves",
    example: "'L-.-.-.-L'",
    params: &COLOURED_GRAPH,
    run: |inputs| report(SnortCol::SNORT, position(inputs), ["L", "R"]),
    table: None,
};

/// `grundy col GRAPH`: Snort's graphs.
pub static COL: Family = Family {
    name: "col",
    group: Group::Rulesets,
    about: "Col (colour a vertex not next to your own colour; 'L'/'R' tinted vertices only \
            Right/Left may colour): canonical form, outcome class, winning moves",
    example: "'R-.-R-.-L-.-R'",
    params: &COLOURED_GRAPH,
    run: |inputs| report(SnortCol::COL, position(inputs), ["L", "R"]),
    table: None,
};

/// `grundy konane BOARD`: Clobber's boards.
pub static KONANE: Family = Family {
    name: "konane",
    group: Group::Rulesets,
    about: "Konane (jump your stone over an adjacent opponent's into an empty cell, and on in \
            the same line; 'x' Left, 'o' Right, '.' empty, '#' blocked): canonical form, outcome \
            class, both players' winning moves",
    example: "'xo.ox|.xoxo|ox.ox'",
    params: &POSITION,
    run: |inputs| report(Konane, position(inputs), ["x", "o"]),
    table: None,
};

/// `grundy amazons BOARD`: `x` Left's amazons, `o` Right's, `.` empty, `#` burnt.
pub static AMAZONS: Family = Family {
    name: "amazons",
    group: Group::Rulesets,
    about: "Amazons (move your amazon as a queen, then shoot an arrow as a queen from where it \
            lands, burning that cell; 'x' Left, 'o' Right, '.' empty, '#' burnt): canonical \
            form, outcome class, both players' winning moves",
    example: "'x...|o...'",
    params: &POSITION,
    run: |inputs| report(Amazons, position(inputs), ["x", "o"]),
    table: None,
};

/// The nim values of empty Cram rectangles: a rows × b columns.
#[derive(Debug)]
struct CramTable;

/// The most cells of a rectangle tabulated: larger empty boards take seconds to minutes.
const CRAM_TABLE_CELLS: u64 = 25;

impl Tabulate for CramTable {
    fn name(&self) -> String {
        "Cram (rows x columns)".to_string()
    }

    fn parameters(&self) -> usize {
        2
    }

    /// Each cell the nim value of the empty board, valued with one memo for the whole table.
    fn grid(&self, a: Span, b: Span, kind: Kind) -> Result<Table, TableError> {
        let name = self.name();
        let cells = u128::from(a.last) * u128::from(b.last);
        if cells > u128::from(CRAM_TABLE_CELLS) {
            return Err(TableError::Malformed(format!(
                "{name}: the largest board, {} x {}, has {cells} cells; at most \
                 {CRAM_TABLE_CELLS} are tabulated (larger empty boards take too long)",
                a.last, b.last
            )));
        }
        let mut store = GameStore::new();
        let mut evaluator = Evaluator::new(Cram);
        let mut failure = None;
        let table = Table::grid(name, a, b, |rows, cols| {
            let board = Board::empty(rows as u8, cols as u8).expect("at most 25 cells");
            match evaluator.value(&mut store, &board) {
                Ok(v) => store.nus(v).map_or(0, |n| u64::from(n.nimber)),
                Err(e) => {
                    failure = Some(e);
                    0
                }
            }
        })?;
        if let Some(e) = failure {
            return Err(TableError::Malformed(e.to_string()));
        }
        Ok(of_kind(table, kind))
    }
}

/// Reads the table name `cram`.
fn parse_cram_table(spec: &str) -> Option<TableGame> {
    spec.eq_ignore_ascii_case("cram")
        .then(|| Ok(Box::new(CramTable) as Box<dyn Tabulate>))
}
