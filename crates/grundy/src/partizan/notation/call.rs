//! CGSuite's expressions of positions and properties inside the notation: a call such as
//! `game.grid.Clobber("xo|ox")`, `Cutcake((8,3))`, `Domineering(Grid.Empty(4,4))` or
//! `Spawning("1-3")(12)` stands for the value of a ruleset's position, and a property written
//! after an operand (`.CanonicalForm`, `.Temperature`) for what CGSuite computes from it.
//!
//! The engine reads the syntax of a call ([`Call`]: a dotted name, then lists of arguments
//! in parentheses) but names no ruleset: what a call is worth is asked of a [`Positions`],
//! which a layer above supplies (the catalogue knows the rulesets by their CGSuite names).
//! Without one, a call is an error naming it.

use std::fmt;

use super::super::error::ValueError;
use super::super::number::Dyadic;
use super::super::store::{GameId, GameStore};

/// The longest text argument read: a position of a ruleset is at most a few hundred
/// characters, so a longer text is refused before it is copied.
pub const MAX_TEXT: usize = 1 << 16;

/// A call in CGSuite's syntax: `game.grid.Clobber("xo|ox")`, `Spawning("1-3")(12)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    /// The name as written, package included: `game.grid.Clobber`, `Clobber`, `Grid.Empty`.
    pub name: String,
    /// The column of the name's first character in the expression (1-based, in characters).
    pub column: usize,
    /// Each list of arguments in parentheses, in order: `Spawning("1-3")(12)` has two.
    pub arguments: Vec<Vec<Argument>>,
}

impl Call {
    /// The name without CGSuite's package (`game.grid.Clobber` → `Clobber`): the part after
    /// the last dot.
    pub fn class(&self) -> &str {
        self.name.rsplit('.').next().unwrap_or(&self.name)
    }

    /// An error at the call's name.
    pub fn error(&self, message: impl fmt::Display) -> CallError {
        CallError::at(self.column, message)
    }

    /// An error at the call's name, the call written before `reason` (`Mem(3): one heap
    /// expected`): how a position read but not valued is told.
    pub fn failed(&self, reason: impl fmt::Display) -> CallError {
        self.error(format!("{self}: {reason}"))
    }
}

impl fmt::Display for Call {
    /// The call as CGSuite writes it: `Clobber("xo|ox")`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for list in &self.arguments {
            write_list(f, "(", list, ")")?;
        }
        Ok(())
    }
}

/// An argument of a call, with where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Argument {
    /// The argument.
    pub value: Value,
    /// The column of its first character in the expression (for a text, of the opening
    /// quote's next character: the text's first).
    pub column: usize,
}

impl Argument {
    /// An error at the argument.
    pub fn error(&self, message: impl fmt::Display) -> CallError {
        CallError::at(self.column, message)
    }
}

/// What an argument is, in CGSuite's literals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// An integer: `12`, `-3`.
    Integer(i64),
    /// A text in double quotes: `"xo|ox"` (CGSuite's escapes `\"` and `\\` read).
    Text(String),
    /// A list: `[1,3]`.
    List(Vec<Argument>),
    /// Coordinates or a tuple: `(8,3)`.
    Tuple(Vec<Argument>),
    /// A call: `Grid.Empty(4,4)`, `Graph.Path(13)`; a bare name is a call without
    /// arguments (`Coordinates.Diagonal`, `inf`, `Left`).
    Call(Call),
    /// A set in braces: `{(4,2),(4,4)}`, or a map when its items are named
    /// (`{Left => {2}, Right => {1}}`).
    Set(Vec<Argument>),
    /// A named argument, `name => value`: CGSuite's schemas take their parameters so
    /// (`GenClobber(directions => Coordinates.Diagonal)`).
    Named(String, Box<Argument>),
}

impl fmt::Display for Value {
    /// The argument as CGSuite writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Integer(n) => write!(f, "{n}"),
            Value::Text(t) => write!(f, "{t:?}"),
            Value::List(items) => write_list(f, "[", items, "]"),
            Value::Tuple(items) => write_list(f, "(", items, ")"),
            Value::Call(call) => write!(f, "{call}"),
            Value::Set(items) => write_list(f, "{", items, "}"),
            Value::Named(name, value) => write!(f, "{name} => {}", value.value),
        }
    }
}

fn write_list(
    f: &mut fmt::Formatter<'_>,
    open: &str,
    items: &[Argument],
    close: &str,
) -> fmt::Result {
    f.write_str(open)?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{}", item.value)?;
    }
    f.write_str(close)
}

/// Why a call has no value: where in the expression (1-based column) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct CallError {
    /// The column of the problem in the expression.
    pub column: usize,
    /// The problem: an unknown name (with the nearest known), a position that does not read
    /// (with what was expected), arguments of the wrong kind.
    pub message: String,
}

impl CallError {
    /// The error `message` at `column`.
    pub fn at(column: usize, message: impl fmt::Display) -> CallError {
        CallError {
            column,
            message: message.to_string(),
        }
    }
}

/// The values of calls: what a layer above the engine supplies to read CGSuite's positions
/// (the catalogue finds a ruleset by its CGSuite name and values the position).
/// `Send`, since deeply nested texts are read on a thread of their own.
pub trait Positions: Send {
    /// The value of the position `call` names, inserted into `store` (within its budget): a
    /// partizan position's canonical form, an impartial one's nimber.
    fn value(&mut self, store: &mut GameStore, call: &Call) -> Result<GameId, CallError>;

    /// A property of the position `call` names that its value does not give
    /// ([`Property::of_position`]: its misère outcome class, its count of followers), as
    /// CGSuite prints it, computed from the position's own game tree within the store's
    /// budget. By default an error: a layer that knows the rules says otherwise.
    fn position_property(
        &mut self,
        store: &mut GameStore,
        call: &Call,
        property: Property,
    ) -> Result<String, CallError> {
        let _ = store;
        Err(call.error(format!(
            "{} is a property of the position's own play, not computed for {}",
            property.name(),
            call.class()
        )))
    }
}

/// A property CGSuite computes from a game, written after it: `G.CanonicalForm`. Each is
/// either a game (a canonical form, a number), which may stand anywhere in an expression, or
/// one of the facts `grundy cgt` reports (the outcome class, a truth), which may only end the
/// whole expression, where it picks that fact out of the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Property {
    /// `CanonicalForm`: the game itself (the store keeps canonical forms).
    CanonicalForm,
    /// `GameValue`: the game itself, for a short game.
    GameValue,
    /// `OutcomeClass`: `L`, `R`, `N` or `P`.
    OutcomeClass,
    /// `LeftStop`: a number.
    LeftStop,
    /// `RightStop`: a number.
    RightStop,
    /// `Mean`: a number.
    Mean,
    /// `Temperature`: a number.
    Temperature,
    /// `Thermograph`: its walls, as `grundy cgt` writes them.
    Thermograph,
    /// `AtomicWeight`: a game (an error where there is none).
    AtomicWeight,
    /// `ReducedCanonicalForm`: a game.
    ReducedCanonicalForm,
    /// `Birthday`: an integer.
    Birthday,
    /// `NimValue`: the integer n of a nimber *n (an error for another game).
    NimValue,
    /// `IsNumber`: a truth.
    IsNumber,
    /// `IsInfinitesimal`: a truth.
    IsInfinitesimal,
    /// `IsAllSmall`: a truth.
    IsAllSmall,
    /// `MisereOutcomeClass`: the outcome class of the position under misère play (the
    /// player who cannot move wins), from its own game tree: `L`, `R`, `N` or `P`.
    MisereOutcomeClass,
    /// `FollowerCount` (CGSuite's `Followers.Size` too): how many distinct positions the
    /// position reaches by moves of either player, itself included.
    FollowerCount,
}

impl Property {
    /// Every property, with its name in CGSuite.
    pub const ALL: [(&'static str, Property); 17] = [
        ("CanonicalForm", Property::CanonicalForm),
        ("GameValue", Property::GameValue),
        ("OutcomeClass", Property::OutcomeClass),
        ("LeftStop", Property::LeftStop),
        ("RightStop", Property::RightStop),
        ("Mean", Property::Mean),
        ("Temperature", Property::Temperature),
        ("Thermograph", Property::Thermograph),
        ("AtomicWeight", Property::AtomicWeight),
        ("ReducedCanonicalForm", Property::ReducedCanonicalForm),
        ("Birthday", Property::Birthday),
        ("NimValue", Property::NimValue),
        ("IsNumber", Property::IsNumber),
        ("IsInfinitesimal", Property::IsInfinitesimal),
        ("IsAllSmall", Property::IsAllSmall),
        ("MisereOutcomeClass", Property::MisereOutcomeClass),
        ("FollowerCount", Property::FollowerCount),
    ];

    /// CGSuite's longer spellings of properties: `Followers.Size`, the size of the set of
    /// followers, is their count.
    pub const SPELLED: [(&'static str, Property); 1] =
        [("Followers.Size", Property::FollowerCount)];

    /// Whether it is a property of a ruleset's position rather than of its value (two
    /// positions of one value may differ in misère play and in their followers): only a
    /// position named by a call has it ([`Positions::position_property`]).
    pub fn of_position(self) -> bool {
        matches!(self, Property::MisereOutcomeClass | Property::FollowerCount)
    }

    /// The property CGSuite calls `name` (exactly as CGSuite spells it). O(properties).
    pub fn named(name: &str) -> Option<Property> {
        Property::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, p)| p)
    }

    /// Its name in CGSuite: `CanonicalForm`.
    pub fn name(self) -> &'static str {
        Property::ALL
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("", |(n, _)| n)
    }

    /// The key of the field of `grundy cgt`'s report that holds it (`canonical_form`); the
    /// nim value, which that report does not hold, is `nim_value`.
    pub fn key(self) -> &'static str {
        match self {
            Property::CanonicalForm | Property::GameValue => "canonical_form",
            Property::OutcomeClass => "outcome_class",
            Property::LeftStop => "left_stop",
            Property::RightStop => "right_stop",
            Property::Mean => "mean",
            Property::Temperature => "temperature",
            Property::Thermograph => "thermograph",
            Property::AtomicWeight => "atomic_weight",
            Property::ReducedCanonicalForm => "reduced",
            Property::Birthday => "birthday",
            Property::IsNumber => "number",
            Property::IsInfinitesimal => "infinitesimal",
            Property::IsAllSmall => "all_small",
            Property::NimValue => "nim_value",
            Property::MisereOutcomeClass => "misere_outcome_class",
            Property::FollowerCount => "follower_count",
        }
    }

    /// The property of `g` as a game, or `None` where it is no game (an outcome class, a
    /// thermograph, a truth). Costs what the property costs: a thermograph for the mean and
    /// temperature, an atomic weight, a reduced form; O(1) for the others.
    pub fn game(self, store: &mut GameStore, g: GameId) -> Option<Result<GameId, ValueError>> {
        Some(match self {
            Property::CanonicalForm | Property::GameValue => Ok(g),
            Property::LeftStop => Ok(store.number(store.left_stop(g))),
            Property::RightStop => Ok(store.number(store.right_stop(g))),
            Property::Mean => store.mean(g).map(|x| store.number(x)),
            Property::Temperature => store.temperature(g).map(|x| store.number(x)),
            Property::AtomicWeight => store.atomic_weight(g),
            Property::ReducedCanonicalForm => store.reduced(g),
            Property::Birthday => {
                let birthday = i64::try_from(store.birthday(g)).unwrap_or(i64::MAX);
                Ok(store.integer(birthday))
            }
            Property::NimValue => match store.nus(g) {
                Some(n) if n.number == Dyadic::ZERO && n.ups == 0 => {
                    Ok(store.integer(n.nimber.into()))
                }
                _ => Err(ValueError::NotANimber),
            },
            Property::OutcomeClass
            | Property::Thermograph
            | Property::IsNumber
            | Property::IsInfinitesimal
            | Property::IsAllSmall
            | Property::MisereOutcomeClass
            | Property::FollowerCount => return None,
        })
    }
}

/// What a line of a worksheet reads as: a game, and the property its whole expression ends
/// with, if any (`G.OutcomeClass`, `G.Temperature`), not applied, so that the front end
/// shows that property alone, as CGSuite prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The game (before the final property).
    pub game: GameId,
    /// The property asked for last, if any.
    pub property: Option<Property>,
    /// A property of the position (`G.MisereOutcomeClass`: [`Property::of_position`]) as
    /// the [`Positions`] wrote it, when the whole line is a call and that property; `game` is
    /// then 0, the position not being valued.
    pub told: Option<String>,
}
