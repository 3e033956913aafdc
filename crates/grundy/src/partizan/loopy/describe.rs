//! What a front end says about a loopy game, as a [`Report`]: its size, whether it is a
//! stopper, its simplest form and stops if it is, and who wins with each player moving
//! first, with a best move; or how two stoppers compare.

use serde_json::json;

use super::error::LoopyError;
use super::form::{compare, Stopper};
use super::graph::LoopyGame;
use super::outcome::Outcomes;
use super::simplify::{simplify, Simplifier};
use super::stopper::is_stopper;
use crate::budget::Budget;
use crate::partizan::describe::relation;
use crate::partizan::{GameStore, Side};
use crate::report::{Field, Report};

/// Every property of `game`, read from `expression`: the expression, the number of
/// positions and moves, whether it is a stopper, its simplest form and stops (null when it
/// is not a stopper), and for each player moving first who wins (`Left`, `Right` or `draw`)
/// and the mover's best move: the position it leads to, named by `positions` when given
/// (position `v` of the game is `positions[v]`, a board), else written in the notation (its
/// simplest form if it is a stopper). O(n² (n + m)) for the simplest forms, O(n + m) for the
/// rest, within `budget`.
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
    let stopper = is_stopper(game);
    // One order of the stopper's positions and one store serve its simplest form and the
    // simplest forms of the best moves.
    let simplifier = if stopper {
        Some(Simplifier::new(game, budget)?)
    } else {
        None
    };
    let mut store = GameStore::with_budget(budget.clone());
    let (form, stops) = match &simplifier {
        Some(s) => {
            let (simplest, forms) = Stopper::numbered(&s.simplest(budget)?, &mut store)?;
            let form = simplest.notation_in(&mut store, &forms, budget)?;
            (Some(form), Some(simplest.stops_in(&store, &forms)))
        }
        None => (None, None),
    };
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
    if let (Some(form), Some((left, right))) = (&form, stops) {
        fields.push(Field::shown("canonical_form", form, "canonical form", form));
        fields.push(Field::shown(
            "left_stop",
            left.to_string(),
            "left stop",
            left,
        ));
        fields.push(Field::shown(
            "right_stop",
            right.to_string(),
            "right stop",
            right,
        ));
    } else {
        for key in ["canonical_form", "left_stop", "right_stop"] {
            fields.push(Field::json_only(key, serde_json::Value::Null));
        }
    }
    for (key, label, mover) in [
        ("left_first", "Left moving first", Side::Left),
        ("right_first", "Right moving first", Side::Right),
    ] {
        let play = outcomes.play(0, mover);
        let best = match (play.best, positions) {
            (None, _) => None,
            (Some(w), Some(names)) => Some(names[w as usize].clone()),
            (Some(w), None) => Some(match &simplifier {
                Some(s) => simplest_text(&s.follower(w, budget)?, &mut store, budget)?,
                None => shown(&game.follower(w), &mut store, budget)?,
            }),
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
    Ok(Report::new().fields(fields))
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
