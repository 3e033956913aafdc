//! CGSuite's schemas of rulesets in a worksheet line: a class that takes its parameters by
//! name and then the position, `game.grid.GenClobber(directions => Coordinates.Diagonal)
//! ("xoxo|oox.")` or `game.strip.GenToadsAndFrogs(maxJump => 2)("tttt..fff")`. Each is the
//! engine's ruleset with those parameters ([`Clobber`]'s builders, [`GenToadsAndFrogs`]),
//! valued as a declared ruleset's position is; they are no families of the catalogue (a
//! schema's rulesets with their usual parameters are: Clobber, Kings, Toads and Frogs, ...),
//! so [`super::worksheet`] finds them in [`SCHEMAS`] after the families.

use super::cgsuite::{self, Cgsuite, CgsuiteClass, Position};
use grundy::budget::Budget;
use grundy::partizan::notation::call::Value;
use grundy::partizan::notation::{Argument, Call, CallError, Property};
use grundy::partizan::rulesets::clobber::{Clobber, Content, Contents, Directions, UNBOUNDED};
use grundy::partizan::rulesets::toads_frogs::GenToadsAndFrogs;
use grundy::partizan::{GameId, GameStore};

/// The schemas a worksheet line may name, after the families.
pub static SCHEMAS: &[&dyn CgsuiteClass] = &[&GenClobberSchema, &GenToadsAndFrogsSchema];

/// CGSuite's `GenClobber(directions, clobbered, leftBehind, maxDistance)`.
pub struct GenClobberSchema;

static GEN_CLOBBER: Cgsuite = Cgsuite {
    names: &["game.grid.GenClobber"],
    position: |call| cgsuite::after_parameters(call, cgsuite::grid),
};

/// The parameters of `GenClobber`, as CGSuite names them.
const CLOBBER_PARAMETERS: [&str; 4] = ["directions", "clobbered", "leftBehind", "maxDistance"];

impl GenClobberSchema {
    /// The ruleset the call's parameters make from the schema's defaults (Clobber's).
    /// O(parameters).
    fn rules(call: &Call) -> Result<Clobber, CallError> {
        let mut rules = Clobber::GEN_CLOBBER;
        for (name, value) in cgsuite::named(call, &CLOBBER_PARAMETERS)? {
            rules = match name {
                "directions" => rules.directions(directions(value)?),
                "clobbered" => {
                    let [left, right] = by_player(value)?;
                    rules.clobbered(contents(left)?, contents(right)?)
                }
                "leftBehind" => {
                    let [left, right] = by_player(value)?;
                    rules.left_behind(content(left)?, content(right)?)
                }
                _ => rules.max_distance(distance(value)?),
            };
        }
        Ok(rules)
    }
}

impl CgsuiteClass for GenClobberSchema {
    fn cgsuite(&self) -> &Cgsuite {
        &GEN_CLOBBER
    }

    /// The canonical form under the rules the parameters make. Costs what the position's
    /// regions cost.
    fn value(
        &self,
        call: &Call,
        position: &Position,
        store: &mut GameStore,
    ) -> Result<GameId, CallError> {
        cgsuite::ruleset_value(Self::rules(call)?, call, position, store)
    }

    /// From the position's own game tree under those rules.
    fn position_property(
        &self,
        call: &Call,
        position: &Position,
        property: Property,
        budget: &Budget,
    ) -> Result<String, CallError> {
        let rules = Self::rules(call)?;
        cgsuite::ruleset_position_property(rules, call, position, property, budget)
    }
}

/// `Coordinates.Orthogonal`, `Diagonal`, `Compass` or `KnightsMove`.
fn directions(argument: &Argument) -> Result<Directions, CallError> {
    const ALL: [(&str, Directions); 4] = [
        ("Coordinates.Orthogonal", Directions::Orthogonal),
        ("Coordinates.Diagonal", Directions::Diagonal),
        ("Coordinates.Compass", Directions::Compass),
        ("Coordinates.KnightsMove", Directions::KnightsMove),
    ];
    let found = match &argument.value {
        Value::Call(word) if word.arguments.is_empty() => ALL
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(&word.name)),
        _ => None,
    };
    found.map(|&(_, d)| d).ok_or_else(|| {
        argument.error(format!(
            "expected Coordinates.Orthogonal, Coordinates.Diagonal, Coordinates.Compass or \
             Coordinates.KnightsMove, found {}",
            argument.value
        ))
    })
}

/// A map `{Left => …, Right => …}`: Left's value, then Right's.
fn by_player(argument: &Argument) -> Result<[&Argument; 2], CallError> {
    let usage = || argument.error("expected a map {Left => …, Right => …}");
    let Value::Set(items) = &argument.value else {
        return Err(usage());
    };
    let mut found = [None, None];
    for item in items {
        let Value::Named(player, value) = &item.value else {
            return Err(usage());
        };
        let slot = match player.as_str() {
            "Left" => 0,
            "Right" => 1,
            _ => return Err(item.error(format!("expected Left or Right, found {player}"))),
        };
        if found[slot].replace(value.as_ref()).is_some() {
            return Err(item.error(format!("{player} is given twice")));
        }
    }
    match found {
        [Some(left), Some(right)] => Ok([left, right]),
        _ => Err(usage()),
    }
}

/// What a cell holds by CGSuite's number: 0 empty, 1 Left's stone, 2 Right's.
fn content(argument: &Argument) -> Result<Content, CallError> {
    match cgsuite::integer(argument)? {
        0 => Ok(Content::Empty),
        1 => Ok(Content::Left),
        2 => Ok(Content::Right),
        n => Err(argument.error(format!(
            "expected 0 (empty), 1 (Left's stone) or 2 (Right's), found {n}"
        ))),
    }
}

/// A set of contents `{1,2}`.
fn contents(argument: &Argument) -> Result<Contents, CallError> {
    let (Value::Set(items) | Value::List(items)) = &argument.value else {
        return Err(
            argument.error("expected a set of 0 (empty), 1 (Left's) and 2 (Right's): {1,2}")
        );
    };
    let mut set: Option<Contents> = None;
    for item in items {
        let one = match content(item)? {
            Content::Empty => Contents::EMPTY,
            Content::Left => Contents::LEFT,
            Content::Right => Contents::RIGHT,
        };
        set = Some(set.map_or(one, |s| s.and(one)));
    }
    // A player who may clobber nothing has no move, which CGSuite allows: grundy's sets
    // are never empty, so one is asked for.
    set.ok_or_else(|| argument.error("expected at least one of 0, 1 and 2: {1,2}"))
}

/// `maxDistance`: a whole number from 1, or `inf`. A distance past a board's 128 cells is
/// the same as `inf`.
fn distance(argument: &Argument) -> Result<u8, CallError> {
    match &argument.value {
        Value::Call(word) if word.arguments.is_empty() && word.name == "inf" => Ok(UNBOUNDED),
        Value::Integer(n) if *n >= 128 => Ok(UNBOUNDED),
        Value::Integer(n) if *n >= 1 => Ok(*n as u8),
        _ => Err(argument.error(format!(
            "expected a distance from 1, or inf, found {}",
            argument.value
        ))),
    }
}

/// CGSuite's `GenToadsAndFrogs(minSlide, maxSlide, maxJump, allowFriendlyJump)`.
pub struct GenToadsAndFrogsSchema;

static GEN_TOADS_AND_FROGS: Cgsuite = Cgsuite {
    names: &["game.strip.GenToadsAndFrogs"],
    position: |call| cgsuite::after_parameters(call, cgsuite::text),
};

/// The parameters of `GenToadsAndFrogs`, as CGSuite names them.
const TOADS_PARAMETERS: [&str; 4] = ["minSlide", "maxSlide", "maxJump", "allowFriendlyJump"];

impl GenToadsAndFrogsSchema {
    /// The ruleset the call's parameters make from the schema's defaults (Toads and
    /// Frogs'). O(parameters).
    fn rules(call: &Call) -> Result<GenToadsAndFrogs, CallError> {
        let (mut slides, mut jump, mut friendly) = ((1, 1), 1, false);
        for (name, value) in cgsuite::named(call, &TOADS_PARAMETERS)? {
            match name {
                "minSlide" => slides.0 = cgsuite::integer(value)?,
                "maxSlide" => slides.1 = cgsuite::integer(value)?,
                "maxJump" => jump = cgsuite::integer(value)?,
                _ => friendly = cgsuite::truth(value)?,
            }
        }
        GenToadsAndFrogs::new(slides.0, slides.1, jump, friendly)
            .map_err(|e| call.error(format!("{}: {e}", call.class())))
    }
}

impl CgsuiteClass for GenToadsAndFrogsSchema {
    fn cgsuite(&self) -> &Cgsuite {
        &GEN_TOADS_AND_FROGS
    }

    /// The canonical form under the rules the parameters make. Costs what the strip's
    /// positions cost (it is valued whole).
    fn value(
        &self,
        call: &Call,
        position: &Position,
        store: &mut GameStore,
    ) -> Result<GameId, CallError> {
        cgsuite::ruleset_value(Self::rules(call)?, call, position, store)
    }

    /// From the position's own game tree under those rules.
    fn position_property(
        &self,
        call: &Call,
        position: &Position,
        property: Property,
        budget: &Budget,
    ) -> Result<String, CallError> {
        let rules = Self::rules(call)?;
        cgsuite::ruleset_position_property(rules, call, position, property, budget)
    }
}
