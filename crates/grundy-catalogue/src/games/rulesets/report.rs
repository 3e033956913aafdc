//! What a ruleset answers for a position ([`report`]) and the parameters every ruleset
//! takes: the position and the longest form written.

use super::super::{Answer, Inputs, Param, RunError};
use grundy::input::InputError;
use grundy::partizan::rulesets::{analyse, Evaluator, Ruleset};
use grundy::partizan::{GameStore, Side, ValueError};
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
pub const MAX_LENGTH: Param = Param::option(
    "max-length",
    "N",
    "Write a canonical form only if its text has at most N characters (a form can be \
     exponentially longer than its position); a longer one is noted as not written",
)
.default(DEFAULT_MAX_LENGTH)
.whole("a length", 0);

/// The one parameter of every ruleset family.
pub const POSITION: [Param; 2] = [
    Param::arg(
        "position",
        "POSITION",
        "The position, rows separated by '|' (a strip is one row)",
    ),
    MAX_LENGTH,
];

/// The position given.
fn position<'a>(inputs: &'a Inputs) -> &'a str {
    inputs.value("position").unwrap_or_default()
}

/// The parameters of the graph-colouring families (Snort, Col).
pub const COLOURED_GRAPH: [Param; 2] = [
    Param::arg(
        "position",
        "GRAPH",
        "A graph in CGSuite's notation ('L-.-.(-.;-R)': '.' uncoloured, 'L'/'R' tinted, \
         'x'/'o' coloured, '-' edges, branches in (...;...), ':A' names a vertex met again), \
         or words U-V and V:C, vertices 0 to 63 (at most 64)",
    ),
    MAX_LENGTH,
];
