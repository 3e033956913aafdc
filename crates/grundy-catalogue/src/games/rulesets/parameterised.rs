//! Rulesets with parameters (CGSuite's constructor arguments: the sets of Partizan
//! Subtraction, the codes of Partizan Take-and-Break): a [`RulesetFamily`] declares one, as
//! a [`RulesetGame`](super::RulesetGame) declares a ruleset without. Its command takes the
//! parameters as options (`--left 1,3 --right 2,3`); its game played, searched and tabulated
//! takes them after its name (`partizan-subtraction:1,3/2,3`), as `subtraction:1,3,4` does.
//! Every surface reads the parameters by the declaration's two readers and then goes as a
//! ruleset without parameters goes: the answer ([`report()`]), the table (`RulesetTable`),
//! the game played ([`build`]) and the search ([`generic`]).

use super::super::cgsuite::{self, Cgsuite, CgsuiteClass, Position};
use super::super::family::Searchable;
use super::super::{Example, Family, Group, Inputs, Param, RunError};
use super::table::{RulesetTable, TableSpec};
use super::{generic, report, Play};
use crate::play::rulesets::build;
use crate::play::{Match, PlayError, PlayTable, Playable};
use grundy::budget::Budget;
use grundy::input::InputError;
use grundy::partizan::notation::{Call, CallError};
use grundy::partizan::rulesets::Ruleset;
use grundy::partizan::{GameId, GameStore};
use grundy::pattern::table::{TableError, TableGame, TableSource, Tabulate};
use grundy::report::Report;

/// A partizan ruleset with parameters, as the catalogue declares it: a `static` of one file,
/// listed in the registry.
pub struct RulesetFamily<R: Ruleset + 'static> {
    /// The name of its command, and of its game played, searched and tabulated:
    /// `partizan-subtraction`.
    pub name: &'static str,
    /// The command's line of help: the game, and what is answered.
    pub about: &'static str,
    /// A position with its parameters, for help; it runs as it is.
    pub example: Example,
    /// The parameters: the rules' ones, the position and [`super::MAX_LENGTH`].
    pub params: &'static [Param],
    /// What each player does, Left's then Right's, in the answer's headings.
    pub players: [&'static str; 2],
    /// The rules from the command's parameters.
    pub rules: fn(&Inputs) -> Result<R, RunError>,
    /// The rules from the argument after the name of its game (`1,3/2,3`), or what is wrong.
    pub named: fn(&str) -> Result<R, String>,
    /// Its game's name with the argument's form: `partizan-subtraction:L/R[/allbut]`.
    pub syntax: &'static str,
    /// Its game's name with an argument that works: `partizan-subtraction:1,3/2,3`.
    pub named_example: &'static str,
    /// The game played.
    pub play: Play<R>,
    /// Its table of positions named by two numbers, under the rules named.
    pub table: Option<TableSpec>,
    /// Itself, as the game it plays: `&[&NAME]`.
    pub plays: &'static [&'static dyn Playable],
    /// CGSuite's names of its class (`game.heap.PartizanSubtraction`): a call gives the rules
    /// in its first list, as [`named`](RulesetFamily::named) reads them after the name, and
    /// the heaps in its second (`PartizanSubtraction([1,3],[2,3])(6)`: [`cgsuite::heaps`]).
    pub cgsuite: Cgsuite,
}

impl<R: Ruleset + Clone + std::fmt::Debug + Send + Sync> RulesetFamily<R> {
    /// The table `spec` names (`partizan-subtraction:1,3/2,3`), if it is this ruleset's
    /// name: what a declaration's [`TableSpec::parse`] calls.
    pub fn table_game(&'static self, spec: &str) -> Option<TableGame> {
        let table = self.table.as_ref()?;
        let (name, argument) = spec.split_once(':').unwrap_or((spec, ""));
        if !name.eq_ignore_ascii_case(self.name) {
            return None;
        }
        Some(match self.rules_named(argument) {
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

    /// The rules named by `argument`, or an error saying how to name them.
    fn rules_named(&self, argument: &str) -> Result<R, String> {
        if argument.is_empty() {
            return Err(format!(
                "name the rules after the game's name: {} ({})",
                self.syntax, self.named_example
            ));
        }
        (self.named)(argument)
    }
}

impl<R> Family for RulesetFamily<R>
where
    R: Ruleset + Clone + std::fmt::Debug + Send + Sync + 'static,
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
        report((self.rules)(inputs)?, inputs, self.players)
    }

    /// Its name, in any case, with or without the rules after a `:` (the name of its game
    /// searched: `partizan-subtraction:1,3/2,3`).
    fn answers_to(&self, name: &str) -> bool {
        let name = name.split_once(':').map_or(name, |(n, _)| n);
        name.eq_ignore_ascii_case(self.name)
    }

    fn table(&self) -> Option<TableSource> {
        let table = self.table.as_ref()?;
        Some(TableSource {
            syntax: self.syntax,
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

impl<R> CgsuiteClass for RulesetFamily<R>
where
    R: Ruleset + Clone + std::fmt::Debug + Send + Sync + 'static,
{
    fn cgsuite(&self) -> &Cgsuite {
        &self.cgsuite
    }

    /// The rules of the call's first list (each argument written as the game's name takes
    /// it: a list `[1,3]` as `1,3`, a text as it is, joined by `/`), and the position's
    /// canonical form under them.
    fn value(
        &self,
        call: &Call,
        position: &Position,
        store: &mut GameStore,
    ) -> Result<GameId, CallError> {
        let arguments = call.arguments.first().map_or(&[][..], Vec::as_slice);
        let written: Vec<String> = arguments.iter().map(cgsuite::as_written).collect();
        let rules = (self.named)(&written.join("/"))
            .map_err(|e| call.error(format!("{}: {e}", call.class())))?;
        cgsuite::ruleset_value(rules, call, position, store)
    }
}

impl<R> Playable for RulesetFamily<R>
where
    R: Ruleset + Clone + std::fmt::Debug + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    fn syntax(&self) -> &'static str {
        self.syntax
    }

    fn example(&self) -> &'static str {
        self.named_example
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

    fn build(&self, argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        let rules = self.rules_named(argument).map_err(PlayError::Game)?;
        build(rules, start, budget, self.play.drawing)
    }

    fn table(&self, argument: &str) -> Option<PlayTable> {
        let position = self.table.as_ref()?.played?;
        Some(PlayTable {
            name: format!("{}:{argument}", self.name),
            parameters: 2,
            position,
        })
    }
}

impl<R> Searchable for RulesetFamily<R>
where
    R: Ruleset + Clone + std::fmt::Debug + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
    R::Move: Send,
{
    /// The position searched under the rules named after the game's name.
    fn search(&self, inputs: &Inputs, budget: &Budget) -> Result<Report, RunError> {
        let game = inputs.value("game").unwrap_or_default();
        let argument = game.split_once(':').map_or("", |(_, a)| a);
        let rules = self
            .rules_named(argument)
            .map_err(|e| InputError::invalid(inputs.shown("game"), e))?;
        super::super::search::ruleset(&rules, self.name, inputs, budget, |p, options| {
            generic(&rules, p, options, budget)
        })
    }
}
