//! The partizan rulesets of [`grundy::partizan::rulesets`] as catalogue families: given a
//! position, its canonical form, its outcome class, and each player's winning moves (with the
//! position and value each leads to); the game played from a position; a position solved by
//! search; for some, a table. Every ruleset is declared once, as a [`RulesetGame`] in a file
//! of its own here (Toppling Dominoes, whose rules are the catalogue's, in
//! [`super::toppling_dominoes`]), and every surface comes from that declaration through the
//! impls of this module: [`Family`] (the answer, [`report()`]; the table, [`table`]),
//! [`Playable`] and [`Searchable`].
//!
//! Adding a ruleset: its rules in the engine (`partizan::rulesets`), one file here declaring
//! it, and one line in [`super::registry::FAMILIES`]. A ruleset with parameters (the sets of
//! Partizan Subtraction) is declared as a [`parameterised::RulesetFamily`] instead.
//!
//! **Complexity.** The value of a position costs one canonical form per distinct normalised
//! region reachable from it (exponential in the board's size at worst: an empty 5×5
//! Domineering board visits about 7,000 forms); the winning moves cost the value of each
//! option, mostly memoised, and one comparison each.

pub mod amazons;
pub mod anticlobber;
pub mod arc_kayles;
pub mod childish_hackenbush;
pub mod clobber;
pub mod col;
pub mod cram;
pub mod cutcake;
pub mod digraph_placement;
pub mod domineering;
pub mod eatcake;
pub mod elephants_and_rhinos;
pub mod fission;
pub mod fjords;
pub mod hackenbush;
pub mod hot_clobber;
pub mod kings;
pub mod knights;
pub mod konane;
pub mod maundy_cake;
pub mod parameterised;
pub mod partizan_arc_kayles;
pub mod partizan_euclid;
pub mod partizan_splittles;
pub mod partizan_subtraction;
pub mod partizan_take_and_break;
pub mod queens;
pub mod report;
pub mod rooks;
pub mod ski_jumps;
pub mod snort;
pub mod table;
pub mod toads_and_frogs;
pub mod turn_and_eatcake;
pub mod weighted_arc_kayles;

use std::fmt;

pub use report::{report, COLOURED_GRAPH, MAX_LENGTH, POSITION};
pub use table::TableSpec;

use super::cgsuite::{self, Cgsuite, CgsuiteClass, Position};
use super::family::Searchable;
use super::{Example, Family, Group, Inputs, Param, RunError};
use crate::play::rulesets::build;
use crate::play::{Drawing, Match, PlayError, PlayTable, Playable};
use grundy::budget::{Budget, Exhausted};
use grundy::input::InputError;
use grundy::partizan::notation::{Call, CallError, Property};
use grundy::partizan::rulesets::Ruleset;
use grundy::partizan::search::{PositionSearch, RulesetSearch, SearchOptions};
use grundy::partizan::{GameId, GameStore};
use grundy::pattern::table::{TableError, TableGame, TableSource, Tabulate};
use grundy::report::Report;
use table::RulesetTable;

/// A partizan ruleset as the catalogue declares it: a `static` of one file, listed in the
/// registry, from which its command, its game played, its search and its table are made.
pub struct RulesetGame<R: Ruleset + 'static> {
    /// The rules.
    pub rules: R,
    /// The name of its command, and of its game played, searched and tabulated:
    /// `domineering`.
    pub name: &'static str,
    /// The command's line of help: the game, and what is answered.
    pub about: &'static str,
    /// A position the help shows, which runs as it is.
    pub example: Example,
    /// The parameters: the position ([`POSITION`] where it is a board or strip) and
    /// [`MAX_LENGTH`].
    pub params: &'static [Param],
    /// What each player does, Left's then Right's, in the answer's headings: `vertical
    /// dominoes`.
    pub players: [&'static str; 2],
    /// The game played (`grundy play`, the web page).
    pub play: Play<R>,
    /// Its table of positions named by two numbers, if it has one.
    pub table: Option<TableSpec>,
    /// How one of its positions is searched: [`generic`] but where the ruleset has a search
    /// of its own.
    pub search: MakeSearch<R>,
    /// Itself, as the game it plays: `&[&NAME]` (a family lends its games for `'static`, which
    /// a method's `&self` cannot).
    pub plays: &'static [&'static dyn Playable],
    /// CGSuite's names of the ruleset and how its arguments map to a position
    /// (`game.grid.Clobber("xox|ox.")`: [`cgsuite::grid`]), so that a line of a CGSuite
    /// worksheet reads as the position's value.
    pub cgsuite: Cgsuite,
}

/// How a ruleset is played: its help, its notation and its start.
pub struct Play<R: Ruleset + 'static> {
    /// One line: the game's rules.
    pub about: &'static str,
    /// The position's notation, then who moves, with an example.
    pub notation: &'static str,
    /// The start when none is given.
    pub start: &'static str,
    /// How a position is drawn: [`grid`](crate::play::rulesets::grid),
    /// [`edges`](crate::play::rulesets::edges) or
    /// [`vertices`](crate::play::rulesets::vertices).
    pub drawing: fn(&R, &R::Position) -> Drawing,
}

/// The search of a ruleset's position under the options asked, its tables within the budget.
pub type MakeSearch<R> = fn(
    &R,
    &<R as Ruleset>::Position,
    SearchOptions,
    &Budget,
) -> Result<Box<dyn PositionSearch<R>>, Exhausted>;

/// The search every ruleset has: the generic search with the theory
/// ([`RulesetSearch`]: regions of few moves valued by canonical form).
pub fn generic<R>(
    rules: &R,
    _: &R::Position,
    options: SearchOptions,
    budget: &Budget,
) -> Result<Box<dyn PositionSearch<R>>, Exhausted>
where
    R: Ruleset + Clone + Send + 'static,
    R::Position: Send + Sync,
    R::Move: Send,
{
    Ok(Box::new(RulesetSearch::new(
        rules.clone(),
        options,
        budget,
    )?))
}

impl<R: Ruleset + Copy + fmt::Debug + Send + Sync> RulesetGame<R> {
    /// The table `spec` names, if it is this ruleset's (its name, in any case): what a
    /// declaration's [`TableSpec::parse`] calls.
    pub fn table_game(&'static self, spec: &str) -> Option<TableGame> {
        table_game(self.declared(), spec)
    }
}

/// A declaration of a ruleset as every surface reads it: [`RulesetGame`] and
/// [`parameterised::RulesetFamily`] each give their fields through it, so that the impls of
/// [`Family`], [`CgsuiteClass`], [`Playable`] and [`Searchable`] are written once, here, for
/// both, and a ruleset with parameters goes every way as one without but where it reads them.
pub trait Declaration: Sync + 'static {
    /// The rules.
    type Rules: Ruleset + Clone + fmt::Debug + Send + Sync + 'static;

    /// What the declaration says. O(1).
    fn declared(&self) -> Declared<'_, Self::Rules>;
}

/// What a declaration says ([`Declaration::declared`]): the fields both kinds have, its
/// game's names, and how its rules are had.
pub struct Declared<'a, R: Ruleset + 'static> {
    /// [`RulesetGame::name`].
    pub name: &'static str,
    /// [`RulesetGame::about`].
    pub about: &'static str,
    /// [`RulesetGame::example`].
    pub example: Example,
    /// [`RulesetGame::params`].
    pub params: &'static [Param],
    /// [`RulesetGame::players`].
    pub players: [&'static str; 2],
    /// [`RulesetGame::play`].
    pub play: &'a Play<R>,
    /// [`RulesetGame::table`].
    pub table: Option<&'a TableSpec>,
    /// [`RulesetGame::plays`].
    pub plays: &'static [&'static dyn Playable],
    /// [`RulesetGame::cgsuite`].
    pub cgsuite: &'a Cgsuite,
    /// Its game's name with the rules' form, where it takes them
    /// (`partizan-subtraction:L/R[/allbut]`): else its name.
    pub syntax: &'static str,
    /// Its game's name as it runs (`partizan-subtraction:1,3/2,3`): else its name.
    pub named_example: &'static str,
    /// How its rules are had.
    pub rules: Rules<'a, R>,
}

/// How a declaration has its rules: fixed, or read from its parameters.
pub enum Rules<'a, R: Ruleset + 'static> {
    /// A [`RulesetGame`]'s rules, and its search.
    Fixed(&'a R, MakeSearch<R>),
    /// A ruleset with parameters: the rules are read from the command's parameters, from
    /// the argument after its game's name (`partizan-subtraction:1,3/2,3`), or from a CGSuite
    /// call's first list; its positions are searched by [`generic`].
    Named(&'a parameterised::RulesetFamily<R>),
}

impl<R: Ruleset + Clone + fmt::Debug + Send + Sync> Declared<'_, R> {
    /// A game's name (`partizan-subtraction:1,3/2,3`) split into the name and the argument
    /// that names its rules: the argument empty for fixed rules, whose name takes none (a
    /// `:` is then part of the name, which names no game). O(length).
    fn split<'s>(&self, name: &'s str) -> (&'s str, &'s str) {
        match self.rules {
            Rules::Fixed(..) => (name, ""),
            Rules::Named(_) => name.split_once(':').unwrap_or((name, "")),
        }
    }

    /// The rules named by the argument after its game's name (none for fixed rules), or
    /// what is wrong.
    fn rules_named(&self, argument: &str) -> Result<R, String> {
        match self.rules {
            Rules::Fixed(rules, _) => Ok(rules.clone()),
            Rules::Named(family) => family.rules_named(argument),
        }
    }
}

/// The table `spec` names, if it is `declared`'s, under the rules named after its name:
/// what [`RulesetGame::table_game`] and [`parameterised::RulesetFamily::table_game`] answer.
fn table_game<R>(declared: Declared<'static, R>, spec: &str) -> Option<TableGame>
where
    R: Ruleset + Clone + fmt::Debug + Send + Sync,
{
    let table = declared.table?;
    let (name, argument) = declared.split(spec);
    if !name.eq_ignore_ascii_case(declared.name) {
        return None;
    }
    Some(match declared.rules_named(argument) {
        Ok(rules) => {
            let table: Box<dyn Tabulate> = Box::new(RulesetTable { rules, spec: table });
            Ok(table)
        }
        Err(message) => Err(TableError::BadGame {
            spec: spec.to_string(),
            message,
        }),
    })
}

impl<R> Declaration for RulesetGame<R>
where
    R: Ruleset + Copy + fmt::Debug + Send + Sync + 'static,
{
    type Rules = R;

    fn declared(&self) -> Declared<'_, R> {
        Declared {
            name: self.name,
            about: self.about,
            example: self.example,
            params: self.params,
            players: self.players,
            play: &self.play,
            table: self.table.as_ref(),
            plays: self.plays,
            cgsuite: &self.cgsuite,
            syntax: self.name,
            named_example: self.name,
            rules: Rules::Fixed(&self.rules, self.search),
        }
    }
}

impl<D> Family for D
where
    D: Declaration,
    <D::Rules as Ruleset>::Position: Send + Sync + 'static,
    <D::Rules as Ruleset>::Move: Send,
{
    fn name(&self) -> &'static str {
        self.declared().name
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        self.declared().about
    }

    fn example(&self) -> Example {
        self.declared().example
    }

    fn params(&self) -> &'static [Param] {
        self.declared().params
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        let declared = self.declared();
        let rules = match declared.rules {
            Rules::Fixed(rules, _) => rules.clone(),
            Rules::Named(family) => (family.rules)(inputs)?,
        };
        report(rules, inputs, declared.players)
    }

    /// Its name, in any case; with or without the rules after a `:` where it takes them
    /// (the name of its game searched: `partizan-subtraction:1,3/2,3`).
    fn answers_to(&self, name: &str) -> bool {
        let declared = self.declared();
        declared.split(name).0.eq_ignore_ascii_case(declared.name)
    }

    fn table(&self) -> Option<TableSource> {
        let declared = self.declared();
        let table = declared.table?;
        Some(TableSource {
            syntax: declared.syntax,
            about: table.about,
            parse: table.parse,
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        self.declared().plays
    }

    fn searchable(&self) -> Option<&dyn Searchable> {
        Some(self)
    }

    fn cgsuite(&self) -> Option<&dyn CgsuiteClass> {
        Some(self)
    }
}

impl<D: Declaration> CgsuiteClass for D {
    fn cgsuite(&self) -> &Cgsuite {
        self.declared().cgsuite
    }

    /// The position's canonical form under the rules: a ruleset with parameters reads them
    /// from the call's first list.
    fn value(
        &self,
        call: &Call,
        position: &Position,
        store: &mut GameStore,
    ) -> Result<GameId, CallError> {
        cgsuite::ruleset_value(called_rules(self, call)?, call, position, store)
    }

    /// From the position's own game tree ([`cgsuite::ruleset_position_property`]).
    fn position_property(
        &self,
        call: &Call,
        position: &Position,
        property: Property,
        budget: &Budget,
    ) -> Result<String, CallError> {
        let rules = called_rules(self, call)?;
        cgsuite::ruleset_position_property(rules, call, position, property, budget)
    }
}

/// The rules of a CGSuite call: the declaration's own, or, for a ruleset with parameters,
/// those the call's first list names.
fn called_rules<D: Declaration>(declaration: &D, call: &Call) -> Result<D::Rules, CallError> {
    match declaration.declared().rules {
        Rules::Fixed(rules, _) => Ok(rules.clone()),
        Rules::Named(family) => family.rules_called(call),
    }
}

impl<D> Playable for D
where
    D: Declaration,
    <D::Rules as Ruleset>::Position: Send + Sync + 'static,
{
    fn syntax(&self) -> &'static str {
        self.declared().syntax
    }

    fn example(&self) -> &'static str {
        self.declared().named_example
    }

    fn about(&self) -> &'static str {
        self.declared().play.about
    }

    fn position(&self) -> &'static str {
        self.declared().play.notation
    }

    fn start(&self) -> &'static str {
        self.declared().play.start
    }

    fn build(&self, argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        let declared = self.declared();
        let rules = declared.rules_named(argument).map_err(PlayError::Game)?;
        build(rules, start, budget, declared.play.drawing)
    }

    fn table(&self, argument: &str) -> Option<PlayTable> {
        let declared = self.declared();
        let position = declared.table?.played?;
        let name = match declared.rules {
            Rules::Fixed(..) => declared.name.to_string(),
            Rules::Named(_) => format!("{}:{argument}", declared.name),
        };
        Some(PlayTable {
            name,
            parameters: 2,
            position,
        })
    }
}

impl<D> Searchable for D
where
    D: Declaration,
    <D::Rules as Ruleset>::Position: Send + Sync + 'static,
    <D::Rules as Ruleset>::Move: Send,
{
    /// The position searched under the rules (those named after the game's name, where it
    /// takes them), by the ruleset's search.
    fn search(&self, inputs: &Inputs, budget: &Budget) -> Result<Report, RunError> {
        let declared = self.declared();
        let game = inputs.value("game").unwrap_or_default();
        let rules = declared
            .rules_named(declared.split(game).1)
            .map_err(|e| InputError::invalid(inputs.shown("game"), e))?;
        let search = match declared.rules {
            Rules::Fixed(_, search) => search,
            Rules::Named(_) => generic,
        };
        super::search::ruleset(&rules, declared.name, inputs, budget, |p, options| {
            search(&rules, p, options, budget)
        })
    }
}
