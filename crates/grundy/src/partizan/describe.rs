//! What a front end says about a game value: every property of its canonical form, or how two
//! games compare, as a [`Report`] (text and JSON from one description).
//!
//! Numbers (stops, mean, temperature, thermograph corners) are written as exact dyadic
//! strings (`"3/4"`) in JSON as in text, and games in the notation of
//! [`notation`](super::notation), so that a reader can feed them back.

use serde_json::{json, Value};

use super::compare::Comparison;
use super::error::ValueError;
use super::notation::Property;
use super::store::{GameId, GameStore};
use super::thermograph::Trajectory;
use crate::report::{big, Field, Layout, Report};

/// Games in the notation, in order.
fn shown(store: &mut GameStore, games: &[GameId]) -> Vec<String> {
    games.iter().map(|&g| store.display(g)).collect()
}

/// A wall as `{"mast", "critical_temperatures", "slopes"}`, the parts of its text form.
fn wall_json(wall: &Trajectory) -> Result<Value, ValueError> {
    let strings = |items: Vec<String>| Value::from(items);
    Ok(json!({
        "mast": wall.mast()?.to_string(),
        "critical_temperatures":
            strings(wall.critical_temperatures().iter().map(ToString::to_string).collect()),
        "slopes": wall.slopes(),
    }))
}

/// A list of games as a field: `label (n): a, b` in text, an array of strings in JSON.
fn game_list(key: &str, label: &str, games: Vec<String>) -> Field {
    let text = if games.is_empty() {
        "none".to_string()
    } else {
        games.join(", ")
    };
    let label = format!("{label} ({})", games.len());
    Field::shown(key, games, &label, text)
}

/// Every property of `g`, read from `expression`: the expression, canonical form, outcome
/// class, birthday, stops, mean, temperature, thermograph, options, incentives, follower
/// count, whether it is a number, infinitesimal or all small, its uptimal expansion, atomic
/// weight (null where it has none), reduced canonical form and misère outcome class. In text,
/// the properties a game does not have (an uptimal expansion, an atomic weight) are left out.
///
/// Costs one thermograph, one reduced form, one atomic weight and one misère search: each
/// O(followers of g) canonical forms at most.
///
/// ```
/// use grundy::partizan::{describe, GameStore};
///
/// let mut store = GameStore::new();
/// let g = store.parse("{2|-1}").unwrap();
/// let report = describe::properties(&mut store, "{2|-1}", g).unwrap();
/// let json = report.to_json();
/// assert_eq!(json["mean"], "1/2");
/// assert_eq!(json["temperature"], "3/2");
/// assert_eq!(json["outcome_class"], "N");
/// ```
pub fn properties(
    store: &mut GameStore,
    expression: &str,
    g: GameId,
) -> Result<Report, ValueError> {
    let canonical = store.display(g);
    let outcome = store.outcome(g)?;
    let thermograph = store.thermograph(g)?;
    let (left, right) = store.sorted_options(g)?;
    let incentives = store.incentives(g, true, true)?;
    let followers = store.follower_count(g)?;
    let uptimal = store.uptimal_expansion(g)?;
    let atomic_weight = match store.atomic_weight(g) {
        Ok(w) => Some(store.display(w)),
        Err(ValueError::NotAtomic) => None,
        Err(e) => return Err(e),
    };
    let reduced = store.reduced(g)?;
    let misere = store.misere_outcome(g)?;
    let number = store.is_number(g);
    let infinitesimal = store.is_infinitesimal(g);
    let all_small = store.is_all_small(g)?;

    let mut fields = vec![
        Field::new("expression", expression),
        Field::shown("canonical_form", &canonical, "canonical form", &canonical),
        Field::shown("outcome_class", outcome, "outcome class", outcome),
        Field::new("birthday", store.birthday(g)),
        Field::shown(
            "left_stop",
            store.left_stop(g).to_string(),
            "left stop",
            store.left_stop(g),
        ),
        Field::shown(
            "right_stop",
            store.right_stop(g).to_string(),
            "right stop",
            store.right_stop(g),
        ),
        Field::new("mean", thermograph.mast()?.to_string()),
        Field::new("temperature", thermograph.temperature().to_string()),
        Field::shown(
            "thermograph",
            json!({
                "left": wall_json(&thermograph.left)?,
                "right": wall_json(&thermograph.right)?,
            }),
            "thermograph",
            &thermograph,
        ),
        game_list("left_options", "left options", shown(store, &left)),
        game_list("right_options", "right options", shown(store, &right)),
        game_list("incentives", "incentives", shown(store, &incentives)),
        Field::shown("followers", big(followers), "followers", followers),
        Field::new("number", number),
        Field::new("infinitesimal", infinitesimal),
        Field::shown("all_small", all_small, "all small", all_small),
    ];
    let uptimal = uptimal.map(|e| e.to_string());
    fields.push(match &uptimal {
        Some(e) => Field::shown("uptimal", e, "uptimal expansion", e),
        None => Field::json_only("uptimal", Value::Null),
    });
    fields.push(match &atomic_weight {
        Some(w) => Field::shown("atomic_weight", w, "atomic weight", w),
        None => Field::json_only("atomic_weight", Value::Null),
    });
    let reduced = store.display(reduced);
    fields.extend([
        Field::shown("reduced", &reduced, "reduced canonical form", &reduced),
        Field::shown(
            "canonical_form_misere_outcome_class",
            misere,
            "misere outcome class of the canonical form",
            misere,
        ),
    ]);
    Ok(Report::new().fields(fields))
}

/// One property of `g`, read from `expression`, as CGSuite's `G.Property` asks for it: in
/// JSON the expression and the property under the key [`properties`] gives it
/// ([`Property::key`]), with the same value (the nim value, which has no field there, under
/// `nim_value`); in text the value alone, as CGSuite prints it (`N`, `3/2`, `{1|*}`,
/// `true`). Costs what that property costs: a thermograph, an atomic
/// weight, a reduced form, or O(1).
///
/// ```
/// use grundy::partizan::notation::Property;
/// use grundy::partizan::{describe, GameStore};
///
/// let mut store = GameStore::new();
/// let g = store.parse("{2|-1}").unwrap();
/// let report = describe::property(&mut store, "{2|-1}.OutcomeClass", g, Property::OutcomeClass).unwrap();
/// assert_eq!(report.to_json()["outcome_class"], "N");
/// let mut text = Vec::new();
/// report.write_text(&mut text).unwrap();
/// assert_eq!(String::from_utf8(text).unwrap(), "N\n");
/// ```
pub fn property(
    store: &mut GameStore,
    expression: &str,
    g: GameId,
    property: Property,
) -> Result<Report, ValueError> {
    let game = |store: &mut GameStore, g: GameId| -> Result<(Value, String), ValueError> {
        let shown = store.display(g);
        Ok((json!(shown), shown))
    };
    let (value, text) = match property {
        Property::OutcomeClass => {
            let outcome = json!(store.outcome(g)?);
            let letter = outcome.as_str().unwrap_or_default().to_string();
            (outcome, letter)
        }
        Property::Thermograph => {
            let thermograph = store.thermograph(g)?;
            let walls = json!({
                "left": wall_json(&thermograph.left)?,
                "right": wall_json(&thermograph.right)?,
            });
            (walls, thermograph.to_string())
        }
        Property::IsNumber => (json!(store.is_number(g)), store.is_number(g).to_string()),
        Property::IsInfinitesimal => {
            let infinitesimal = store.is_infinitesimal(g);
            (json!(infinitesimal), infinitesimal.to_string())
        }
        Property::IsAllSmall => {
            let all_small = store.is_all_small(g)?;
            (json!(all_small), all_small.to_string())
        }
        Property::Birthday => (json!(store.birthday(g)), store.birthday(g).to_string()),
        // Numbers are exact dyadic strings in JSON, as `properties` writes them.
        Property::LeftStop | Property::RightStop | Property::Mean | Property::Temperature => {
            let number = property.game(store, g).expect("a number")?;
            let (_, shown) = game(store, number)?;
            (json!(shown), shown)
        }
        Property::MisereOutcomeClass | Property::FollowerCount => {
            return Err(ValueError::OfPosition(property.name()))
        }
        Property::CanonicalForm
        | Property::GameValue
        | Property::AtomicWeight
        | Property::ReducedCanonicalForm
        | Property::NimValue => {
            let value = property.game(store, g).expect("a game")?;
            game(store, value)?
        }
    };
    Ok(Report::new().fields([
        Field::json_only("expression", expression),
        Field::shown(property.key(), value, "", text).laid_out(Layout::Bare),
    ]))
}

/// The report of a property of a ruleset's position ([`Property::of_position`]) that the
/// reader's positions computed and wrote as `told`: the same fields as [`property`] gives,
/// the value as written (the count of followers as a number in JSON). O(length of `told`).
pub fn told(expression: &str, property: Property, told: &str) -> Report {
    let value = told
        .parse::<u64>()
        .map_or_else(|_| json!(told), |n| json!(n));
    Report::new().fields([
        Field::json_only("expression", expression),
        Field::shown(property.key(), value, "", told).laid_out(Layout::Bare),
    ])
}

/// The relation's symbol: `<`, `=`, `>`, or `<>` for confused games (the notation's `==` is
/// an equality test; a relation is written `=`).
pub(crate) fn relation(c: Comparison) -> &'static str {
    match c {
        Comparison::Equal => "=",
        other => other.symbol(),
    }
}

/// How `a` compares with `b` (read from `a_text` and `b_text`): the relation (`<`, `=`, `>`
/// or `<>` confused), both canonical forms, the difference `a − b` and its outcome class
/// (which is the relation seen from the players: L for `>`, R for `<`, P for `=`, N for
/// `<>`). One comparison and one sum.
///
/// ```
/// use grundy::partizan::{describe, GameStore};
///
/// let mut store = GameStore::new();
/// let (a, b) = (store.parse("^").unwrap(), store.parse("*").unwrap());
/// let json = describe::comparison(&mut store, ("^", a), ("*", b)).unwrap().to_json();
/// assert_eq!(json["relation"], "<>");
/// assert_eq!(json["difference"], "^*");
/// ```
pub fn comparison(
    store: &mut GameStore,
    (a_text, a): (&str, GameId),
    (b_text, b): (&str, GameId),
) -> Result<Report, ValueError> {
    let c = store.compare(a, b)?;
    let difference = store.sub(a, b)?;
    let outcome = store.outcome(difference)?;
    let (a_shown, b_shown) = (store.display(a), store.display(b));
    let difference = store.display(difference);
    Ok(Report::new().fields([
        Field::shown(
            "relation",
            relation(c),
            "relation",
            format!("{a_shown} {} {b_shown}", relation(c)),
        ),
        Field::json_only("a_expression", a_text),
        Field::json_only("b_expression", b_text),
        Field::json_only("a", &a_shown),
        Field::json_only("b", &b_shown),
        Field::shown("difference", &difference, "A - B", &difference),
        Field::shown(
            "difference_outcome_class",
            outcome,
            "outcome class of A - B",
            outcome,
        ),
    ]))
}
