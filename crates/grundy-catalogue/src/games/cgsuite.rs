//! CGSuite's names of the catalogue's games: each family that CGSuite has declares its
//! class's names and how CGSuite's constructor arguments map to the family's position
//! ([`Cgsuite`]), so that a line of a CGSuite worksheet (`game.grid.Clobber("xox|ox.")`,
//! `Cutcake((8,3))`, `Domineering(Grid.Empty(4,4))`) reads as the value of that position
//! ([`super::worksheet`] finds the family by the name). The ready-made mappings here cover
//! CGSuite's usual arguments: a text ([`text`]), a grid or `Grid.Empty(r,c)` ([`grid`]), a
//! text whose letters differ ([`letters`]), coordinates `((a,b))` ([`pair`]), a heap `(n)`
//! ([`heap`]), and arguments before the position, `([1,3],[2,3])(6)` ([`Call::arguments`]
//! holds each list).

use grundy::budget::Budget;
use grundy::partizan::loopy::LoopyGame;
use grundy::partizan::notation::call::Value;
use grundy::partizan::notation::{Argument, Call, CallError, Property};
use grundy::partizan::rulesets::{BoardError, Evaluator, Rules, Ruleset};
use grundy::partizan::{GameId, GameStore, OutcomeClass, Side};

/// The most cells `Grid.Empty(r,c)` makes: far more than a ruleset values (they take at most
/// a few hundred cells, and say so when a board is larger), so that the size is checked
/// before the text is built.
const MAX_EMPTY_CELLS: i64 = 1 << 12;

/// How CGSuite writes a family's positions: the names of its class and how a call's
/// arguments become the family's position. A declaration's field (`cgsuite:` of a
/// [`RulesetGame`](super::rulesets::RulesetGame)), or what a family's
/// [`CgsuiteClass`] gives.
pub struct Cgsuite {
    /// CGSuite's names of the class, package included: `game.grid.Clobber`. A call may leave
    /// the package out (`Clobber(…)`), and names it in any case.
    pub names: &'static [&'static str],
    /// The position a call names, in the family's own notation: [`text`], [`grid`],
    /// [`letters`], [`pair`], [`heap`], or a function of the declaration's own.
    pub position: fn(&Call) -> Result<Position, CallError>,
}

/// A position read from a call: its text in the family's notation, and, when that text is
/// a text argument of the call character for character, the column where it starts in the
/// expression (so that an error in the position points into the expression).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The position in the family's notation: `xox|ox.`, `8x3`.
    pub text: String,
    /// The column of the text's first character in the expression, if it was written there.
    pub origin: Option<usize>,
}

impl Position {
    /// A position made from the arguments (no column of its own in the expression).
    pub fn made(text: String) -> Position {
        Position { text, origin: None }
    }

    /// The error of a position that does not read: at the place in the expression where the
    /// text went wrong (its `line:column`, rows separated by `|` or new lines), or at the
    /// call when the text was made from the arguments. O(length).
    pub fn error(&self, call: &Call, e: &BoardError) -> CallError {
        let Some(origin) = self.origin else {
            return call.error(format!("{}: {}", call.class(), e.message));
        };
        // The offset of the line's start: lines are separated by '|' or new lines.
        let mut offset = 0;
        let mut line = 1;
        for c in self.text.chars() {
            if line == e.line {
                break;
            }
            offset += 1;
            if c == '|' || c == '\n' {
                line += 1;
            }
        }
        CallError::at(origin + offset + e.column.max(1) - 1, &e.message)
    }
}

/// A class of CGSuite's whose positions the catalogue values: what
/// [`Family::cgsuite`](super::Family::cgsuite) gives.
pub trait CgsuiteClass: Sync {
    /// CGSuite's names and how its arguments map to a position.
    fn cgsuite(&self) -> &Cgsuite;

    /// The value of `position`, read from `call`, in `store` within its budget: a partizan
    /// position's canonical form, an impartial one's nimber; errors point into the
    /// expression. Costs what valuing the position costs.
    fn value(
        &self,
        call: &Call,
        position: &Position,
        store: &mut GameStore,
    ) -> Result<GameId, CallError>;

    /// A property of `position` that its value does not give
    /// ([`Property::of_position`]), as CGSuite prints it, within `budget`. By default an
    /// error: a class whose positions are a ruleset's gives [`ruleset_position_property`].
    fn position_property(
        &self,
        call: &Call,
        position: &Position,
        property: Property,
        budget: &Budget,
    ) -> Result<String, CallError> {
        let _ = (position, budget);
        Err(call.error(format!(
            "{} of a position of {} is not computed here",
            property.name(),
            call.class()
        )))
    }
}

/// A property of `position` under the ruleset `rules` that its value does not give, from
/// its own game tree (every position reachable by either player, explored within `budget`,
/// never split into regions): `FollowerCount`, how many (itself included), and
/// `MisereOutcomeClass`, the outcome when the player who cannot move wins. O(positions +
/// moves) moves generated and looked up.
pub fn ruleset_position_property<R: Ruleset>(
    rules: R,
    call: &Call,
    position: &Position,
    property: Property,
    budget: &Budget,
) -> Result<String, CallError> {
    let p = (rules.parse(&position.text)).map_err(|e| position.error(call, &e))?;
    let (game, _) = LoopyGame::explore(&Rules(rules), p, budget)
        .map_err(|e| call.error(format!("{call}: {e}")))?;
    match property {
        Property::FollowerCount => Ok(game.len().to_string()),
        Property::MisereOutcomeClass => {
            let left_first = misere_wins(&game, Side::Left);
            let right_first = misere_wins(&game, Side::Right);
            Ok(OutcomeClass::from_left_wins(left_first, !right_first)
                .letter()
                .to_string())
        }
        other => Err(call.error(format!("{} is not a property of a position", other.name()))),
    }
}

/// Whether `first`, moving first from the game's start (position 0), wins under misère
/// play: a player with no move wins; otherwise one wins who can move to a position the other
/// loses moving first. The game is short (a ruleset's), so every line ends. Iterative, with
/// a state for each position and player to move. O(positions + moves).
fn misere_wins(game: &LoopyGame, first: Side) -> bool {
    const UNKNOWN: u8 = 0;
    const WINS: u8 = 1;
    const LOSES: u8 = 2;
    let slot = |v: u32, side: Side| 2 * v as usize + usize::from(side == Side::Right);
    let mut state = vec![UNKNOWN; 2 * game.len()];
    // (position, player to move, next option to look at)
    let mut stack = vec![(0u32, first, 0usize)];
    while let Some(&mut (v, side, ref mut next)) = stack.last_mut() {
        let options = game.options(v, side);
        if options.is_empty() {
            state[slot(v, side)] = WINS;
            stack.pop();
            continue;
        }
        let mut push = None;
        let mut won = false;
        while *next < options.len() {
            let o = options[*next];
            match state[slot(o, side.other())] {
                LOSES => {
                    won = true;
                    break;
                }
                WINS => *next += 1,
                _ => {
                    push = Some(o);
                    break;
                }
            }
        }
        if let Some(o) = push {
            stack.push((o, side.other(), 0));
            continue;
        }
        state[slot(v, side)] = if won { WINS } else { LOSES };
        stack.pop();
    }
    state[slot(0, first)] == WINS
}

/// The value of `position` under a partizan ruleset `rules`: read by its parser, valued by
/// its evaluator in `store` (what every ruleset's declaration does). O(canonical forms of
/// the distinct regions reachable).
pub fn ruleset_value<R: Ruleset>(
    rules: R,
    call: &Call,
    position: &Position,
    store: &mut GameStore,
) -> Result<GameId, CallError> {
    let p = (rules.parse(&position.text)).map_err(|e| position.error(call, &e))?;
    (Evaluator::new(rules).value(store, &p)).map_err(|e| call.failed(e))
}

/// The single argument of a call of one list, or an error saying what was expected.
fn single<'c>(call: &'c Call, expected: &str) -> Result<&'c Argument, CallError> {
    match call.arguments.as_slice() {
        [list] if list.len() == 1 => Ok(&list[0]),
        _ => Err(call.error(format!(
            "{} takes one argument, {expected}: {}(…)",
            call.class(),
            call.class()
        ))),
    }
}

/// One text argument, as it is: `Hackenbush("lrlr")`, `Snort("L-.-.")`.
pub fn text(call: &Call) -> Result<Position, CallError> {
    let argument = single(call, "the position in quotes")?;
    match &argument.value {
        Value::Text(t) => Ok(Position {
            text: t.clone(),
            origin: Some(argument.column),
        }),
        _ => Err(argument.error(format!(
            "{} takes the position in quotes: {}(\"…\")",
            call.class(),
            call.class()
        ))),
    }
}

/// A grid: one text argument (`Clobber("xox|ox.")`) or an empty board
/// `Grid.Empty(rows, columns)` (`Domineering(Grid.Empty(4,4))`), which is made as rows of
/// `.` (at most 4096 cells, checked before the text is made).
pub fn grid(call: &Call) -> Result<Position, CallError> {
    let argument = single(call, "the board in quotes or Grid.Empty(rows, columns)")?;
    let Value::Call(empty) = &argument.value else {
        return text(call);
    };
    let dims = match empty.arguments.as_slice() {
        [list] if empty.name.eq_ignore_ascii_case("Grid.Empty") => list.as_slice(),
        _ => {
            return Err(argument.error("expected the board in quotes or Grid.Empty(rows, columns)"))
        }
    };
    let [r, c] = dims else {
        return Err(empty.error("Grid.Empty takes two numbers: Grid.Empty(rows, columns)"));
    };
    let (rows, columns) = (whole(r)?, whole(c)?);
    if rows.saturating_mul(columns) > MAX_EMPTY_CELLS {
        return Err(empty.error(format!(
            "Grid.Empty({rows},{columns}) has more than {MAX_EMPTY_CELLS} cells"
        )));
    }
    let row = ".".repeat(columns as usize);
    Ok(Position::made(vec![row; rows as usize].join("|")))
}

/// A graph: one text argument in CGSuite's graph notation (`ArcKayles(".-.-.")`) or a path
/// `Graph.Path(n)` of `n` vertices (`ArcKayles(Graph.Path(7))`, made as `.-.-…-.`; at most
/// 4096 vertices, checked before the text is made).
pub fn graph(call: &Call) -> Result<Position, CallError> {
    let argument = single(call, "the graph in quotes or Graph.Path(n)")?;
    let Value::Call(path) = &argument.value else {
        return text(call);
    };
    let n = match path.arguments.as_slice() {
        [list] if path.name.eq_ignore_ascii_case("Graph.Path") && list.len() == 1 => {
            whole(&list[0])?
        }
        _ => return Err(argument.error("expected the graph in quotes or Graph.Path(n)")),
    };
    if !(1..=MAX_EMPTY_CELLS).contains(&n) {
        return Err(path.error(format!(
            "Graph.Path(n) takes from 1 to {MAX_EMPTY_CELLS} vertices, not {n}"
        )));
    }
    Ok(Position::made(vec!["."; n as usize].join("-")))
}

/// Heaps after the constructor's arguments: the call's second list of whole numbers
/// (`PartizanSubtraction([1,3],[2,3])(6)`, `(6,4)` a sum), written `6 4`.
pub fn heaps(call: &Call) -> Result<Position, CallError> {
    let [_, heaps] = call.arguments.as_slice() else {
        return Err(call.error(format!(
            "{} takes its rules, then the heaps: {}(…)(6)",
            call.class(),
            call.class()
        )));
    };
    if heaps.is_empty() {
        return Err(call.error(format!("{}: no heap given", call.class())));
    }
    let heaps: Vec<String> = (heaps.iter())
        .map(|h| whole(h).map(|n| n.to_string()))
        .collect::<Result<_, _>>()?;
    Ok(Position::made(heaps.join(" ")))
}

/// An argument as a game's name takes its rules after a `:`: a list `[1,3]` as `1,3`, a text
/// as it is, a number as itself.
pub fn as_written(argument: &Argument) -> String {
    match &argument.value {
        Value::List(items) => {
            let items: Vec<String> = items.iter().map(as_written).collect();
            items.join(",")
        }
        Value::Text(t) => t.clone(),
        other => other.to_string(),
    }
}

/// One text argument whose letters CGSuite writes differently: each `(CGSuite's, ours)` of
/// `map` is replaced, the rest kept (`TopplingDominoes("lre")` is `xog` here).
pub fn letters(call: &Call, map: &[(char, char)]) -> Result<Position, CallError> {
    let mut position = text(call)?;
    position.text = (position.text.chars())
        .map(|c| {
            map.iter()
                .find(|(from, _)| *from == c)
                .map_or(c, |&(_, to)| to)
        })
        .collect();
    Ok(position)
}

/// Coordinates `((a,b))` (one argument, a pair of whole numbers): `Cutcake((8,3))`,
/// `Mem((10,3))`.
pub fn pair(call: &Call) -> Result<(i64, i64), CallError> {
    let argument = single(call, "coordinates ((a,b))")?;
    match &argument.value {
        Value::Tuple(items) if items.len() == 2 => Ok((whole(&items[0])?, whole(&items[1])?)),
        _ => Err(argument.error(format!(
            "{} takes coordinates: {}((a,b))",
            call.class(),
            call.class()
        ))),
    }
}

/// A heap `(n)` (one argument, a whole number): `Nim(7)`.
pub fn heap(call: &Call) -> Result<i64, CallError> {
    whole(single(call, "a heap (n)")?)
}

/// A whole number argument.
pub fn whole(argument: &Argument) -> Result<i64, CallError> {
    match argument.value {
        Value::Integer(n) if n >= 0 => Ok(n),
        _ => Err(argument.error(format!("expected a whole number, found {}", argument.value))),
    }
}

/// The parameters of a schema, named in the call's first list (`GenClobber(directions =>
/// Coordinates.Diagonal)`), each one of `known` at most once; an error names an unnamed or
/// unknown one and lists the known. O(parameters × known).
pub fn named<'c>(
    call: &'c Call,
    known: &[&'static str],
) -> Result<Vec<(&'static str, &'c Argument)>, CallError> {
    let list = call.arguments.first().map_or(&[][..], Vec::as_slice);
    let mut named: Vec<(&'static str, &Argument)> = Vec::new();
    for argument in list {
        let Value::Named(name, value) = &argument.value else {
            return Err(argument.error(
                format!(
                    "{} takes its parameters by name: {}",
                    call.class(),
                    known.join(" => …, ")
                ) + " => …",
            ));
        };
        let Some(&name) = known.iter().find(|k| k.eq_ignore_ascii_case(name)) else {
            return Err(argument.error(format!(
                "{} has no parameter '{name}': its parameters are {}",
                call.class(),
                known.join(", ")
            )));
        };
        if named.iter().any(|(n, _)| *n == name) {
            return Err(argument.error(format!("'{name}' is given twice")));
        }
        named.push((name, value));
    }
    Ok(named)
}

/// The position in a schema's call after its parameters, read as `read` reads a call of
/// one list: `GenClobber(…)("xo|ox")` is read as `GenClobber("xo|ox")`.
pub fn after_parameters(
    call: &Call,
    read: fn(&Call) -> Result<Position, CallError>,
) -> Result<Position, CallError> {
    let [_, position] = call.arguments.as_slice() else {
        return Err(call.error(format!(
            "{} takes its parameters, then the position: {}(…)(\"…\")",
            call.class(),
            call.class()
        )));
    };
    read(&Call {
        arguments: vec![position.clone()],
        ..call.clone()
    })
}

/// A truth: CGSuite's `true` or `false`.
pub fn truth(argument: &Argument) -> Result<bool, CallError> {
    match &argument.value {
        Value::Call(word) if word.arguments.is_empty() && word.name == "true" => Ok(true),
        Value::Call(word) if word.arguments.is_empty() && word.name == "false" => Ok(false),
        _ => Err(argument.error(format!("expected true or false, found {}", argument.value))),
    }
}

/// An integer argument, negative ones too.
pub fn integer(argument: &Argument) -> Result<i64, CallError> {
    match argument.value {
        Value::Integer(n) => Ok(n),
        _ => Err(argument.error(format!("expected an integer, found {}", argument.value))),
    }
}

/// CGSuite's `allbut` argument of its heap rulesets (`Subtraction([1,3], true)`,
/// `PartizanSubtraction([1],[2], allbut => true)`): `Some` of its value when `argument` is
/// `true`, `false` or `allbut => …` of them, `None` for any other argument.
pub fn allbut(argument: &Argument) -> Option<bool> {
    match &argument.value {
        Value::Named(name, value) if name.eq_ignore_ascii_case("allbut") => allbut(value),
        Value::Call(c) if c.arguments.is_empty() && c.name.eq_ignore_ascii_case("true") => {
            Some(true)
        }
        Value::Call(c) if c.arguments.is_empty() && c.name.eq_ignore_ascii_case("false") => {
            Some(false)
        }
        _ => None,
    }
}
