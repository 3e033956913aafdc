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
use grundy::partizan::notation::{Call, CallError, Property};
use grundy::partizan::rulesets::Ruleset;
use grundy::partizan::search::{PositionSearch, RulesetSearch, SearchOptions};
use grundy::partizan::{GameId, GameStore};
use grundy::pattern::table::{TableGame, TableSource, Tabulate};
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

impl<R: Ruleset + Copy + fmt::Debug> RulesetGame<R> {
    /// The table `spec` names, if it is this ruleset's (its name, in any case): what a
    /// declaration's [`TableSpec::parse`] calls.
    pub fn table_game(&'static self, spec: &str) -> Option<TableGame> {
        let table = self.table.as_ref()?;
        spec.eq_ignore_ascii_case(self.name).then(|| {
            let table: Box<dyn Tabulate> = Box::new(RulesetTable {
                rules: self.rules,
                spec: table,
            });
            Ok(table)
        })
    }
}

impl<R> Family for RulesetGame<R>
where
    R: Ruleset + Copy + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
    R::Move: Send,
{
    fn name(&self) -> &'static str {
        self.name
    }

    fn group(&self) -> Group {
        Group::Rulesets
    }

    fn about(&self) -> &'static str {
        self.about
    }

    fn example(&self) -> Example {
        self.example
    }

    fn params(&self) -> &'static [Param] {
        self.params
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        report(self.rules, inputs, self.players)
    }

    fn table(&self) -> Option<TableSource> {
        let table = self.table.as_ref()?;
        Some(TableSource {
            syntax: self.name,
            about: table.about,
            parse: table.parse,
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        self.plays
    }

    fn searchable(&self) -> Option<&dyn Searchable> {
        Some(self)
    }

    fn cgsuite(&self) -> Option<&dyn CgsuiteClass> {
        Some(self)
    }
}

impl<R> CgsuiteClass for RulesetGame<R>
where
    R: Ruleset + Copy + Sync + 'static,
{
    fn cgsuite(&self) -> &Cgsuite {
        &self.cgsuite
    }

    fn value(
        &self,
        call: &Call,
        position: &Position,
        store: &mut GameStore,
    ) -> Result<GameId, CallError> {
        cgsuite::ruleset_value(self.rules, call, position, store)
    }

    /// From the position's own game tree ([`cgsuite::ruleset_position_property`]).
    fn position_property(
        &self,
        call: &Call,
        position: &Position,
        property: Property,
        budget: &Budget,
    ) -> Result<String, CallError> {
        cgsuite::ruleset_position_property(self.rules, call, position, property, budget)
    }
}

impl<R> Playable for RulesetGame<R>
where
    R: Ruleset + Copy + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    fn syntax(&self) -> &'static str {
        self.name
    }

    fn example(&self) -> &'static str {
        self.name
    }

    fn about(&self) -> &'static str {
        self.play.about
    }

    fn position(&self) -> &'static str {
        self.play.notation
    }

    fn start(&self) -> &'static str {
        self.play.start
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        build(self.rules, start, budget, self.play.drawing)
    }

    fn table(&self, _: &str) -> Option<PlayTable> {
        let position = self.table.as_ref()?.played?;
        Some(PlayTable {
            name: self.name.to_string(),
            parameters: 2,
            position,
        })
    }
}

impl<R> Searchable for RulesetGame<R>
where
    R: Ruleset + Copy + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
    R::Move: Send,
{
    fn search(&self, inputs: &Inputs, budget: &Budget) -> Result<Report, RunError> {
        super::search::ruleset(&self.rules, self.name, inputs, budget, |p, options| {
            (self.search)(&self.rules, p, options, budget)
        })
    }
}
