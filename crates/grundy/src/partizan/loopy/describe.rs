//! What a front end says about a loopy game, as a [`Report`]: its size, whether it is a
//! stopper, its simplest form, stops, degree and variety if it is, its onside and offside
//! if it is not, and who wins with each player moving first, with a best move; or how two
//! stoppers compare.

use serde_json::json;

use super::error::LoopyError;
use super::form::{compare, Stopper};
use super::graph::LoopyGame;
use super::outcome::Outcomes;
use super::sides::Sides;
use super::simplify::{simplify, Simplifier};
use super::stopper::is_stopper;
use crate::budget::{Budget, Exhausted};
use crate::partizan::describe::relation;
use crate::partizan::{GameStore, Side, ValueError};
use crate::report::{Field, Report};

/// Every property of `game`, read from `expression`: the expression, the number of
/// positions and moves, whether it is a stopper; for a stopper its simplest form, stops,
/// degree and variety (null when it is not a stopper; the variety null too for a stopper
/// that is not stable); for a game that is not a stopper its value `onside & offside` and
/// its two sides (null when sidling does not settle; for a stopper all three are its
/// simplest form); and for each player moving first who wins (`Left`, `Right` or `draw`)
/// and the mover's best move: the position it leads to, named by `positions` when given
/// (position `v` of the game is `positions[v]`, a board), else written in the notation (its
/// simplest form if it is a stopper). O(n² (n + m)) for the simplest forms, the sidling of
/// the sides and of the degree (see [`onside`](super::onside)), O(n + m) for the rest,
/// within `budget`.
///
/// The outcomes come from one retrograde pass, fast whatever the game; the other
/// properties can take long. When `budget` runs out while computing them, the report keeps
/// what was finished, says of the rest `not computed` and which budget ran out, and is
/// marked with the budget's error ([`Report::stopped_by`]). A form whose text is longer
/// than the print limit ([`GameStore::print_limit`]) is noted as not written.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::partizan::loopy::{describe, LoopyGame};
///
/// let budget = Budget::default();
/// let g = LoopyGame::parse("{0|pass}", &budget).unwrap();
/// let json = describe::properties("{0|pass}", &g, None, &budget).unwrap().to_json();
/// assert_eq!(json["canonical_form"], "over");
/// assert_eq!(json["right_first"]["winner"], "left");
/// ```
pub fn properties(
    expression: &str,
    game: &LoopyGame,
    positions: Option<&[String]>,
    budget: &Budget,
) -> Result<Report, LoopyError> {
    // Both passes are linear but cross every move (tens of millions in a large sum): the
    // deadline is looked at before each, so that an exploration that ended near it is not
    // followed by seconds of work past it.
    let work = "describing a loopy game";
    budget
        .check_time(work, game.len() as u64)
        .map_err(LoopyError::Budget)?;
    let stopper = is_stopper(game);
    budget
        .check_time(work, game.len() as u64)
        .map_err(LoopyError::Budget)?;
    let outcomes = Outcomes::of(game);
    let mut fields = vec![
        Field::shown("expression", expression, "expression", expression),
        Field::shown("positions", game.len(), "positions", game.len()),
        Field::shown("moves", game.move_count(), "moves", game.move_count()),
        Field::shown(
            "stopper",
            stopper,
            "stopper",
            if stopper {
                "yes"
            } else {
                "no (an infinite alternating line of play)"
            },
        ),
    ];
    // One order of the stopper's positions and one store serve its simplest form and the
    // simplest forms of the best moves.
    let mut store = GameStore::with_budget(budget.clone());
    let mut stopped = None;
    let simplifier = if stopper {
        match stopper_fields(game, &mut store, budget) {
            Ok((simplifier, more)) => {
                fields.extend(more);
                Some(simplifier)
            }
            Err(LoopyError::Budget(e)) => {
                let keys = [
                    "canonical_form",
                    "left_stop",
                    "right_stop",
                    "degree",
                    "variety",
                ];
                fields.extend(keys.map(|key| not_computed(key, &e)));
                for key in ["value", "onside", "offside"] {
                    fields.push(Field::json_only(key, serde_json::Value::Null));
                }
                stopped = Some(e);
                None
            }
            Err(e) => return Err(e),
        }
    } else {
        for key in [
            "canonical_form",
            "left_stop",
            "right_stop",
            "degree",
            "variety",
        ] {
            fields.push(Field::json_only(key, serde_json::Value::Null));
        }
        match sides(game, budget) {
            Ok(more) => fields.extend(more),
            Err(LoopyError::Budget(e)) => {
                fields.push(not_computed("value", &e));
                for key in ["onside", "offside"] {
                    fields.push(Field::json_only(key, serde_json::Value::Null));
                }
                stopped = Some(e);
            }
            Err(e) => return Err(e),
        }
        None
    };
    for (key, label, mover) in [
        ("left_first", "Left moving first", Side::Left),
        ("right_first", "Right moving first", Side::Right),
    ] {
        let play = outcomes.play(0, mover);
        let best = match (play.best, positions) {
            (None, _) => None,
            (Some(w), Some(names)) => Some(names[w as usize].clone()),
            // Once a budget has run out, the best move is not written: its form would need
            // the budget.
            (Some(_), None) if stopped.is_some() => None,
            (Some(w), None) => {
                let written = match &simplifier {
                    Some(s) => s
                        .follower(w, budget)
                        .and_then(|f| simplest_text(&f, &mut store, budget)),
                    None => shown(&game.follower(w), &mut store, budget),
                };
                match written {
                    Ok(text) => Some(text),
                    Err(LoopyError::Budget(e)) => {
                        stopped = Some(e);
                        None
                    }
                    Err(LoopyError::Value(ValueError::TooLong { limit })) => {
                        Some(format!("a game of more than {limit} characters"))
                    }
                    Err(e) => return Err(e),
                }
            }
        };
        let text = match &best {
            Some(to) => format!("{} wins, moving to {to}", play.winner.as_str()),
            None => format!("{} wins", play.winner.as_str()),
        };
        let text = text.replace("draw wins", "a draw");
        fields.push(Field::shown(
            key,
            json!({"winner": play.winner, "best_move": best}),
            label,
            text,
        ));
    }
    let report = Report::new().fields(fields);
    Ok(match stopped {
        Some(e) => report.stopped_by(e),
        None => report,
    })
}

/// The simplifier of the stopper `game`, and the fields of its simplest form: the form, its
/// stops, degree and variety, and its value, onside and offside (the form, for a stopper).
/// A form too long to write is noted as not written.
fn stopper_fields<'a>(
    game: &'a LoopyGame,
    store: &mut GameStore,
    budget: &Budget,
) -> Result<(Simplifier<'a>, Vec<Field>), LoopyError> {
    let simplifier = Simplifier::new(game, budget)?;
    let (simplest, forms) = Stopper::numbered(&simplifier.simplest(budget)?, store)?;
    let form = match simplest.notation_in(store, &forms, budget) {
        Ok(text) => Some(text),
        Err(LoopyError::Value(ValueError::TooLong { .. })) => None,
        Err(e) => return Err(e),
    };
    let shown = form
        .clone()
        .unwrap_or_else(|| format!("not written: more than {} characters", store.print_limit()));
    let (left, right) = simplest.stops_in(store, &forms);
    let mut fields = vec![
        Field::shown("canonical_form", &form, "canonical form", &shown),
        Field::shown("left_stop", left.to_string(), "left stop", left),
        Field::shown("right_stop", right.to_string(), "right stop", right),
    ];
    fields.extend(loopiness(&simplest, budget)?);
    for key in ["value", "onside", "offside"] {
        fields.push(Field::json_only(key, &form));
    }
    Ok((simplifier, fields))
}

/// The field `key`, null, whose text says that `e` ran out before it was computed.
fn not_computed(key: &str, e: &Exhausted) -> Field {
    let label = key.replace('_', " ");
    Field::shown(
        key,
        serde_json::Value::Null,
        &label,
        format!("not computed ({})", e.resource.ran_out()),
    )
}

/// The degree and variety of the stopper `canonical` (a canonical form): the stopper, or
/// `none` and why (a stopper that is not stable has no variety).
fn loopiness(canonical: &Stopper, budget: &Budget) -> Result<Vec<Field>, LoopyError> {
    let mut fields = Vec::new();
    for (key, value) in [
        ("degree", canonical.degree(budget)),
        ("variety", canonical.variety(budget)),
    ] {
        fields.push(match value {
            Ok(s) => Field::shown(key, s.to_string(), key, s),
            Err(e @ LoopyError::Budget(_)) => return Err(e),
            Err(e) => Field::shown(key, serde_json::Value::Null, key, format!("none ({e})")),
        });
    }
    Ok(fields)
}

/// The most positions of a game whose sides the report computes: each round of sidling
/// simplifies a stopper of the game's size, cubic in its positions, so that a larger game
/// (Backsliding Toads and Frogs on `TTT..FFF`) would keep the report waiting for minutes.
/// [`Sides::of`] itself takes any game within its budget.
pub const SIDES_MAX_POSITIONS: usize = 256;

/// The value, onside and offside of `game`, not a stopper: `onside & offside` (`dud` for on
/// & off), or null and why when sidling does not settle or the game is too large for it.
fn sides(game: &LoopyGame, budget: &Budget) -> Result<Vec<Field>, LoopyError> {
    let unknown = |why: String| {
        let null = serde_json::Value::Null;
        vec![
            Field::shown("value", null.clone(), "value", format!("unknown: {why}")),
            Field::json_only("onside", null.clone()),
            Field::json_only("offside", null),
        ]
    };
    if game.len() > SIDES_MAX_POSITIONS {
        return Ok(unknown(format!(
            "not computed for a game of {} positions (sides are computed for games of at most \
             {SIDES_MAX_POSITIONS}: each round of sidling is cubic in the positions)",
            game.len()
        )));
    }
    Ok(match Sides::of(game, budget) {
        Ok(sides) => vec![
            Field::shown("value", sides.to_string(), "value", &sides),
            Field::shown(
                "onside",
                sides.onside().to_string(),
                "onside",
                sides.onside(),
            ),
            Field::shown(
                "offside",
                sides.offside().to_string(),
                "offside",
                sides.offside(),
            ),
        ],
        Err(e @ LoopyError::NotStopperSided { .. }) => unknown(e.to_string()),
        Err(e) => return Err(e),
    })
}

/// A game in the notation: its simplest form if it is a stopper, else as it is; loopfree
/// positions valued in `store`.
fn shown(game: &LoopyGame, store: &mut GameStore, budget: &Budget) -> Result<String, LoopyError> {
    if is_stopper(game) {
        simplest_text(&simplify(game, budget)?, store, budget)
    } else {
        game.to_notation(budget)
    }
}

/// The stopper `simplest`, a simplest form, numbered canonically and written in the
/// notation, its loopfree positions valued in `store`.
fn simplest_text(
    simplest: &LoopyGame,
    store: &mut GameStore,
    budget: &Budget,
) -> Result<String, LoopyError> {
    let (stopper, forms) = Stopper::numbered(simplest, store)?;
    stopper.notation_in(store, &forms, budget)
}

/// How the stopper `a` (read from `a_text`) compares with the stopper `b`: the relation
/// (`<`, `=`, `>` or `<>`), and both simplest forms. O(n_a n_b) and the simplest forms,
/// within `budget`; an error if either is not a stopper.
pub fn comparison(
    (a_text, a): (&str, &LoopyGame),
    (b_text, b): (&str, &LoopyGame),
    budget: &Budget,
) -> Result<Report, LoopyError> {
    let relation = relation(compare(a, b, budget)?);
    let mut store = GameStore::with_budget(budget.clone());
    let a_shown = simplest_text(&simplify(a, budget)?, &mut store, budget)?;
    let b_shown = simplest_text(&simplify(b, budget)?, &mut store, budget)?;
    Ok(Report::new().fields([
        Field::shown(
            "relation",
            relation,
            "relation",
            format!("{a_shown} {relation} {b_shown}"),
        ),
        Field::json_only("a_expression", a_text),
        Field::json_only("b_expression", b_text),
        Field::json_only("a", &a_shown),
        Field::json_only("b", &b_shown),
    ]))
}

/// The report of a sided value `S & T` read as one (`over & v`): its value, onside and
/// offside, and who wins with each player moving first ([`Sides::winner`]). O(size of the
/// sides).
pub fn sided(expression: &str, sides: &Sides) -> Report {
    let mut fields = vec![
        Field::shown("expression", expression, "expression", expression),
        Field::shown("value", sides.to_string(), "value", sides),
        Field::shown(
            "onside",
            sides.onside().to_string(),
            "onside",
            sides.onside(),
        ),
        Field::shown(
            "offside",
            sides.offside().to_string(),
            "offside",
            sides.offside(),
        ),
    ];
    for (key, label, mover) in [
        ("left_first", "Left moving first", Side::Left),
        ("right_first", "Right moving first", Side::Right),
    ] {
        let winner = sides.winner(mover);
        let text = format!("{} wins", winner.as_str()).replace("draw wins", "a draw");
        fields.push(Field::shown(
            key,
            json!({"winner": winner, "best_move": null}),
            label,
            text,
        ));
    }
    Report::new().fields(fields)
}
