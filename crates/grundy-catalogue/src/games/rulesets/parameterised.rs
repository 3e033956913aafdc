//! Rulesets with parameters (CGSuite's constructor arguments: the sets of Partizan
//! Subtraction, the codes of Partizan Take-and-Break): a [`RulesetFamily`] declares one, as
//! a [`RulesetGame`](super::RulesetGame) declares a ruleset without. Its command takes the
//! parameters as options (`--left 1,3 --right 2,3`); its game played, searched and tabulated
//! takes them after its name (`partizan-subtraction:1,3/2,3`), as `subtraction:1,3,4` does.
//! Every surface reads the parameters by the declaration's two readers and then goes as a
//! ruleset without parameters goes, through the same impls ([`Declaration`]): the answer
//! ([`report()`](super::report())), the table (`RulesetTable`), the game played
//! ([`build`](crate::play::rulesets::build)) and the search ([`generic`](super::generic)).

use super::super::cgsuite::{self, Cgsuite};
use super::super::{Example, Inputs, Param, RunError};
use super::table::TableSpec;
use super::{Declaration, Declared, Play, Rules};
use crate::play::Playable;
use grundy::partizan::notation::{Call, CallError};
use grundy::partizan::rulesets::Ruleset;
use grundy::pattern::table::TableGame;

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
        super::table_game(self.declared(), spec)
    }

    /// The rules named by `argument`, or an error saying how to name them.
    pub(super) fn rules_named(&self, argument: &str) -> Result<R, String> {
        if argument.is_empty() {
            return Err(format!(
                "name the rules after the game's name: {} ({})",
                self.syntax, self.named_example
            ));
        }
        (self.named)(argument)
    }

    /// The rules of a CGSuite call's first list, each argument written as the game's name
    /// takes it (a list `[1,3]` as `1,3`, a text as it is), joined by `/`.
    pub(super) fn rules_called(&self, call: &Call) -> Result<R, CallError> {
        let arguments = call.arguments.first().map_or(&[][..], Vec::as_slice);
        // CGSuite's `allbut` (`true`, `allbut => true`) is the name's `/allbut`.
        let written: Vec<String> = (arguments.iter())
            .filter_map(|a| match cgsuite::allbut(a) {
                Some(true) => Some("allbut".to_string()),
                Some(false) => None,
                None => Some(cgsuite::as_written(a)),
            })
            .collect();
        (self.named)(&written.join("/")).map_err(|e| call.error(format!("{}: {e}", call.class())))
    }
}

impl<R> Declaration for RulesetFamily<R>
where
    R: Ruleset + Clone + std::fmt::Debug + Send + Sync + 'static,
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
            syntax: self.syntax,
            named_example: self.named_example,
            rules: Rules::Named(self),
        }
    }
}
