//! Lines of a CGSuite worksheet read with the catalogue's games: [`Worksheet`] gives the
//! engine's reader of game expressions ([`GameStore::read`]) the value of a call such as
//! `game.grid.Clobber("xox|ox.")`, found by the name a family declares
//! ([`Family::cgsuite`](super::Family::cgsuite)), so that `Clobber("xox|ox.") + 1` or
//! `Cutcake((8,3)).Temperature` reads as CGSuite reads it. An unknown name is met with the
//! nearest known ones.
//!
//! ```
//! use grundy::partizan::GameStore;
//! use grundy_catalogue::games::worksheet::Worksheet;
//!
//! let mut store = GameStore::new();
//! let g = store.parse_with(r#"game.grid.Clobber("xox|ox.")"#, &mut Worksheet).unwrap();
//! assert_eq!(store.display(g), "{^^*|*,v}");
//! let e = store.parse_with(r#"Clober("xo")"#, &mut Worksheet).unwrap_err();
//! assert_eq!(e.to_string(), "column 1: unknown game 'Clober': did you mean 'Clobber'?");
//! ```

use super::cgsuite::CgsuiteClass;
use super::registry::FAMILIES;
use super::schemas::SCHEMAS;
use grundy::input;
use grundy::partizan::notation::{Call, CallError, Positions, Property};
use grundy::partizan::{GameId, GameStore};

/// The values of CGSuite's calls by the catalogue's families: what a front end gives
/// [`GameStore::read`] or [`GameStore::parse_with`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Worksheet;

impl Positions for Worksheet {
    /// Finds the family by the call's name ([`class`]), reads the position from the call's
    /// arguments by the family's declaration, and values it in `store`.
    fn value(&mut self, store: &mut GameStore, call: &Call) -> Result<GameId, CallError> {
        let Some(class) = class(&call.name) else {
            let hint = input::did_you_mean(&input::nearest(call.class(), names(), 3))
                .map(|h| format!(": {h}"))
                .unwrap_or_default();
            return Err(call.error(format!("unknown game '{}'{hint}", call.name)));
        };
        let position = (class.cgsuite().position)(call)?;
        class.value(call, &position, store)
    }

    /// Finds the family as [`value`](Positions::value) does and asks it the property of the
    /// position, within the store's budget.
    fn position_property(
        &mut self,
        store: &mut GameStore,
        call: &Call,
        property: Property,
    ) -> Result<String, CallError> {
        let Some(class) = class(&call.name) else {
            return self.value(store, call).map(|_| String::new());
        };
        let position = (class.cgsuite().position)(call)?;
        class.position_property(call, &position, property, store.budget())
    }
}

/// The reader of the games of a compound ([`GameStore::compound_outcome`]), which plays each
/// game's canonical form: a position named by CGSuite's name (`DawsonsKayles(5)`) is
/// refused, since its canonical form is not its own game tree (Dawson's Kayles' heap of 5
/// has moves; its value 0 has none), and a compound of it would answer for another game.
#[derive(Debug, Clone, Copy, Default)]
pub struct FormsOnly;

impl Positions for FormsOnly {
    /// Refuses a known class's position; an unknown name is met as [`Worksheet`] meets it,
    /// with the nearest names.
    fn value(&mut self, store: &mut GameStore, call: &Call) -> Result<GameId, CallError> {
        if class(&call.name).is_none() {
            return Worksheet.value(store, call);
        }
        Err(call.error(format!(
            "{}(…) is a position of a ruleset: a compound plays each game's canonical form, \
             which is not the position's own game tree; give the compound games in braces, \
             numbers, nimbers and the like",
            call.name
        )))
    }
}

/// The family or schema CGSuite calls `name`: a name it declares, with its package
/// (`game.grid.Clobber`) or, for a name without one, the class alone (`Clobber`); in any
/// case. O(families).
pub fn class(name: &str) -> Option<&'static dyn CgsuiteClass> {
    let packaged = name.contains('.');
    classes().find(|c| {
        c.cgsuite().names.iter().any(|full| {
            let short = full.rsplit('.').next().unwrap_or(full);
            full.eq_ignore_ascii_case(name) || !packaged && short.eq_ignore_ascii_case(name)
        })
    })
}

/// Every class name the families and schemas declare, without their packages: what an unknown name is
/// compared with. O(families).
pub fn names() -> impl Iterator<Item = &'static str> {
    classes()
        .flat_map(|c| c.cgsuite().names.iter())
        .map(|full| full.rsplit('.').next().unwrap_or(full))
}

/// The classes a line may name: the families' (their declarations'), then the schemas'
/// ([`SCHEMAS`]).
fn classes() -> impl Iterator<Item = &'static dyn CgsuiteClass> {
    let families = FAMILIES.iter().filter_map(|f| f.cgsuite());
    families.chain(SCHEMAS.iter().copied())
}
