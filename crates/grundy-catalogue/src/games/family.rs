//! A family of the catalogue as front ends see it: its name, its group, its parameters, and
//! a function from what the user typed to a [`Report`]; the games it plays and its strong
//! solution. Front ends generate their commands, forms and functions from these descriptions
//! ([`super::registry`]), so adding a family touches no front end.

use std::fmt;

use super::cgsuite::CgsuiteClass;
pub use super::inputs::{
    Example, Inputs, KeySource, Naming, Param, ParamKind, RunError, Source, SourceReader, ValueKind,
};
use super::strong::Strong;
use crate::play::Playable;
use grundy::budget::Budget;
use grundy::pattern::table::TableSource;
use grundy::report::Report;

/// The headings families are listed under, in the order they are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Group {
    /// Sums and compounds valued by nimbers: Moore's Nim_k, misère sums, products.
    Compounds,
    /// Misère impartial games: canonical forms, genus, the census.
    Misere,
    /// Piles: Nim, subtraction games, Wythoff, Fibonacci Nim and relatives.
    Piles,
    /// Take-and-break games (octal codes).
    TakeAndBreak,
    /// Coins, strings and rows: coin turning, flipping, runs of zeros, staircases.
    Rows,
    /// Games on graphs and boards, decided by matchings or by geometry.
    Graphs,
    /// Partizan games: Left and Right move differently.
    Partizan,
    /// Rulesets on boards, strips and graphs, valued by canonical forms.
    Rulesets,
    /// Games with scores and counting problems: taking from the ends, matrices, Josephus.
    Problems,
    /// Board games strongly solved: tic-tac-toe, the mills, Quixo, Dōbutsu Shōgi.
    Boards,
    /// One position solved by search, for games too large to enumerate.
    Search,
}

impl Group {
    /// Every group, in the order they are listed.
    pub const ALL: [Group; 11] = [
        Group::Compounds,
        Group::Misere,
        Group::Piles,
        Group::TakeAndBreak,
        Group::Rows,
        Group::Graphs,
        Group::Partizan,
        Group::Rulesets,
        Group::Problems,
        Group::Boards,
        Group::Search,
    ];

    /// The heading.
    pub fn heading(self) -> &'static str {
        match self {
            Group::Compounds => "Values and compounds",
            Group::Misere => "Misère play: canonical forms, genus, the census",
            Group::Piles => "The catalogue: piles",
            Group::TakeAndBreak => "The catalogue: take-and-break games",
            Group::Rows => "The catalogue: coins, strings and rows",
            Group::Graphs => "The catalogue: graphs and boards",
            Group::Partizan => "The catalogue: partizan games",
            Group::Rulesets => "The catalogue: partizan rulesets (canonical forms)",
            Group::Problems => "The catalogue: scores and counting problems",
            Group::Boards => "The catalogue: board games strongly solved",
            Group::Search => "Search: one position too large to enumerate",
        }
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.heading())
    }
}

/// A family of the catalogue: one command of the command line, one entry of the Python
/// package and of the web page. Each family is a unit struct implementing it, listed in
/// [`super::registry::FAMILIES`]. What every family has is a required method; each optional
/// surface (a table, games to play, a strong solution, other names) is a provided method
/// whose default says the family has none, so that a new surface is one new provided method
/// here and the front end that uses it, not an edit of every family.
pub trait Family: Sync {
    /// The command's name: `wythoff`, `fibonacci-nim`.
    fn name(&self) -> &'static str;

    /// The heading it is listed under.
    fn group(&self) -> Group;

    /// One line: what the game is and what is answered.
    fn about(&self) -> &'static str;

    /// An example: values of the parameters that run as they are, which each front end
    /// writes its own way in its help (`41 3 --one-based` on the command line).
    fn example(&self) -> Example;

    /// The parameters, in the order of the command line.
    fn params(&self) -> &'static [Param];

    /// Reads the inputs, answers. Front ends call [`Family::answer`], which checks the
    /// inputs first.
    fn run(&self, inputs: &Inputs) -> Result<Report, RunError>;

    /// Other names the family answers to besides [`Family::name`]
    /// ([`super::registry::family`] finds it by any of them): none by default.
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether `name` names this family: its name or one of its aliases, in any case (so
    /// that a table's or a game's name may be written as the family's: `grundy table
    /// square-subtraction`). O(aliases).
    fn answers_to(&self, name: &str) -> bool {
        let mut names = std::iter::once(self.name()).chain(self.aliases().iter().copied());
        names.any(|n| n.eq_ignore_ascii_case(name))
    }

    /// The tables of values this family offers to `grundy table`: none by default.
    fn table(&self) -> Option<TableSource> {
        None
    }

    /// The games of this family that can be played (`grundy play`, the web page), each by
    /// its own name: Nim and Nim in misère play. None by default.
    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[]
    }

    /// How this family is solved strongly into files: not at all by default.
    fn strong(&self) -> Option<Strong> {
        None
    }

    /// How one position of this family is solved by search (`grundy search`, which lists
    /// the families that have one, by their names): not at all by default.
    fn searchable(&self) -> Option<&dyn Searchable> {
        None
    }

    /// How CGSuite names this family's positions and what they are worth
    /// (`game.grid.Clobber("xox|ox.")`, read by [`super::worksheet`]): not at all by default.
    fn cgsuite(&self) -> Option<&dyn CgsuiteClass> {
        None
    }

    /// Checks the inputs against the parameters' declarations ([`Inputs::check`]), then
    /// answers: the way every front end runs a family.
    fn answer(&self, inputs: &Inputs) -> Result<Report, RunError> {
        inputs.check()?;
        self.run(inputs)
    }
}

/// A family's position solved by search, for positions too many to enumerate: the surface
/// [`Family::searchable`] gives to the family [`super::search::SearchFamily`].
pub trait Searchable: Sync {
    /// Reads the position (the `position` parameter of `inputs`, which are the search
    /// family's: who moves first, the table's size, the threads...) and searches it within
    /// `budget`, whose positions count the nodes searched.
    fn search(&self, inputs: &Inputs, budget: &Budget) -> Result<Report, RunError>;
}

impl fmt::Debug for dyn Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Family")
            .field("name", &self.name())
            .field("group", &self.group())
            .finish_non_exhaustive()
    }
}
