//! What a user gives a family: its parameters as declared ([`Param`]: a name, how it is
//! given, a default), and the values given ([`Inputs`]), read with [`grundy::input`] so that
//! every error has the same wording whatever the front end.

use std::collections::BTreeMap;

use grundy::budget::Budget;
use grundy::graph::{text, GameGraph};
use grundy::input::{self, InputError, Words};
use grundy::partizan::region_table::{Key, KeyError};
use grundy::progress::Progress;

/// How a parameter is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// A value in its place among the arguments.
    Positional {
        /// Whether it must be given.
        required: bool,
        /// Whether it takes every remaining argument.
        many: bool,
    },
    /// `--name VALUE` (`values` values at once, usually 1).
    Option {
        /// Whether it must be given.
        required: bool,
        /// How many values follow the option.
        values: usize,
    },
    /// `--name`, a switch.
    Flag,
}

/// What a parameter's values are. [`Inputs::check`] reads every value of a declared kind
/// before a family runs, so a family reads them with [`Inputs::whole`] and checks nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// Text the family reads itself: a position, a rule, a path.
    Text,
    /// Whole numbers from `min` to `max`, each named `noun` in messages (`a pile size`).
    Whole {
        /// What one value is, with an article: `a pile size`.
        noun: &'static str,
        /// The least value allowed.
        min: u64,
        /// The greatest value allowed.
        max: u64,
    },
    /// A comma-separated list of whole numbers from `min` (`1,3,4`; the empty text is the
    /// empty list), each named `noun` in messages.
    List {
        /// What one number is, with an article: `a round`.
        noun: &'static str,
        /// The least number allowed.
        min: u64,
    },
}

/// One parameter of a family: its name (the option's long name, or the positional's id), how
/// it is given, its help, what its values are and how it goes with the other parameters
/// (which it excludes, which it needs, which may stand in for it). Front ends render the
/// declaration their own way; [`Inputs::check`] enforces it in one place, with one wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    /// The name: `--name` for options and flags, an id for positionals.
    pub name: &'static str,
    /// How it is given.
    pub kind: ParamKind,
    /// The value's placeholder in help: `N`, `S1,S2,...`.
    pub value_name: &'static str,
    /// What it means.
    pub help: &'static str,
    /// The value it has when not given, if it has one: front ends show it, and
    /// [`Inputs::value`] gives it.
    pub default: Option<&'static str>,
    /// What its values are.
    pub value: ValueKind,
    /// How one of several values is placed in messages (`pile` gives `pile 2`); empty for
    /// the parameter's own name.
    pub item: &'static str,
    /// The parameters that cannot be given with this one.
    pub excludes: &'static [&'static str],
    /// The parameters this one needs: given without them, it is refused.
    pub needs: &'static [&'static str],
    /// The parameters any of which may stand in for this one: when none of them and not this
    /// one is given, the inputs are refused (a pile N, or `--count L R`).
    pub or: &'static [&'static str],
}

impl Param {
    /// A required positional value.
    pub const fn arg(name: &'static str, value_name: &'static str, help: &'static str) -> Param {
        Param {
            name,
            kind: ParamKind::Positional {
                required: true,
                many: false,
            },
            value_name,
            help,
            default: None,
            value: ValueKind::Text,
            item: "",
            excludes: &[],
            needs: &[],
            or: &[],
        }
    }

    /// Every remaining positional value, at least one.
    pub const fn args(name: &'static str, value_name: &'static str, help: &'static str) -> Param {
        Param {
            kind: ParamKind::Positional {
                required: true,
                many: true,
            },
            ..Param::arg(name, value_name, help)
        }
    }

    /// An option `--name VALUE`, which may be left out.
    pub const fn option(name: &'static str, value_name: &'static str, help: &'static str) -> Param {
        Param {
            kind: ParamKind::Option {
                required: false,
                values: 1,
            },
            ..Param::arg(name, value_name, help)
        }
    }

    /// A switch `--name`.
    pub const fn flag(name: &'static str, help: &'static str) -> Param {
        Param {
            kind: ParamKind::Flag,
            ..Param::arg(name, "", help)
        }
    }

    /// The same positional parameter, which may be left out (or, taking every remaining
    /// value, given none).
    pub const fn optional(self) -> Param {
        match self.kind {
            ParamKind::Positional { many, .. } => Param {
                kind: ParamKind::Positional {
                    required: false,
                    many,
                },
                ..self
            },
            _ => self,
        }
    }

    /// The same option, which must be given.
    pub const fn required(self) -> Param {
        match self.kind {
            ParamKind::Option { values, .. } => Param {
                kind: ParamKind::Option {
                    required: true,
                    values,
                },
                ..self
            },
            _ => self,
        }
    }

    /// The same parameter, with the value it has when not given.
    pub const fn default(self, value: &'static str) -> Param {
        Param {
            default: Some(value),
            ..self
        }
    }

    /// The same parameter, its values whole numbers from `min` (to 2^64 − 1), each named
    /// `noun` in messages.
    pub const fn whole(self, noun: &'static str, min: u64) -> Param {
        Param {
            value: ValueKind::Whole {
                noun,
                min,
                max: u64::MAX,
            },
            ..self
        }
    }

    /// The same parameter, its value a comma-separated list of whole numbers from `min`, each
    /// named `noun` in messages.
    pub const fn list(self, noun: &'static str, min: u64) -> Param {
        Param {
            value: ValueKind::List { noun, min },
            ..self
        }
    }

    /// The same whole-number parameter, its values at most `max`.
    pub const fn at_most(self, max: u64) -> Param {
        match self.value {
            ValueKind::Whole { noun, min, .. } => Param {
                value: ValueKind::Whole { noun, min, max },
                ..self
            },
            ValueKind::Text | ValueKind::List { .. } => self,
        }
    }

    /// The same parameter, each of its several values placed in messages as `item 1`,
    /// `item 2`, ...
    pub const fn each(self, item: &'static str) -> Param {
        Param { item, ..self }
    }

    /// The same parameter with another help.
    pub const fn help(self, help: &'static str) -> Param {
        Param { help, ..self }
    }

    /// The same parameter, refused together with any of `names`.
    pub const fn excludes(self, names: &'static [&'static str]) -> Param {
        Param {
            excludes: names,
            ..self
        }
    }

    /// The same parameter, refused without every one of `names`.
    pub const fn needs(self, names: &'static [&'static str]) -> Param {
        Param {
            needs: names,
            ..self
        }
    }

    /// The same parameter, which must be given unless one of `names` is.
    pub const fn or(self, names: &'static [&'static str]) -> Param {
        Param { or: names, ..self }
    }

    /// The parameters among `params` (this one's family's) that cannot be given with this one,
    /// whichever of the two declares it: for help. O(parameters).
    pub fn excluded<'p>(&self, params: &'p [Param]) -> Vec<&'p Param> {
        (params.iter())
            .filter(|p| p.name != self.name)
            .filter(|p| self.excludes.contains(&p.name) || p.excludes.contains(&self.name))
            .collect()
    }

    /// The same option, taking `values` values at once: `--count L R`.
    pub const fn values(self, values: usize) -> Param {
        match self.kind {
            ParamKind::Option { required, .. } => Param {
                kind: ParamKind::Option { required, values },
                ..self
            },
            _ => self,
        }
    }
}

/// Values given to parameters, for an example: pairs of a parameter's name and its value, in
/// the order the command line writes them (a flag's value is empty). The engine declares the
/// values; each front end writes them its own way (`41 3 --one-based` on the command line,
/// `catalogue('josephus', 41, 3, one_based=True)` in Python).
pub type Example = &'static [(&'static str, &'static str)];

/// Reads a file or standard input for a family: `path` is a path or `-`. Front ends supply
/// it (a web server may refuse every path).
pub type SourceReader<'a> = &'a dyn Fn(&str) -> Result<Source, InputError>;

/// Gives the user's key, which signs the files a family writes to read back later (a table
/// of regions, [`region_table`](grundy::partizan::region_table)): a front end finds or makes
/// it where the user keeps it ([`region_table::user_key`](grundy::partizan::region_table::user_key)).
/// Called only by a family that reads or writes such a file.
pub type KeySource<'a> = &'a dyn Fn() -> Result<Key, KeyError>;

/// A text read from a file or standard input, with its name for messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The path, or `<stdin>`.
    pub origin: String,
    /// The text.
    pub text: String,
}

/// What the user gave a family: each parameter's values as text, by name, a way to read
/// files, and the budget long computations work within. Built by a front end from its own
/// arguments.
pub struct Inputs<'a> {
    params: &'static [Param],
    values: BTreeMap<&'static str, Vec<String>>,
    reader: SourceReader<'a>,
    progress: &'a dyn Progress,
    budget: Budget,
    naming: Naming,
    key: Option<KeySource<'a>>,
}

/// How a front end names a parameter to its user: `--upto` (or `N` for a positional value)
/// on the command line, `upto=` in Python.
pub type Naming = fn(&Param) -> String;

/// `text` (a family's or a parameter's help) with each `{name}` of a parameter among
/// `params` written as `naming` names it: `with {misere}` is `with --misere` on the command
/// line, `with misere=` in Python. Braces around anything else are left as they are.
/// O(text × parameters).
pub fn render(text: &str, params: &[Param], naming: Naming) -> String {
    let mut out = text.to_string();
    for param in params {
        let placeholder = format!("{{{}}}", param.name);
        if out.contains(&placeholder) {
            out = out.replace(&placeholder, &naming(param));
        }
    }
    out
}

/// The engine's own naming: the parameter's name as declared (`upto`).
fn plain_name(param: &Param) -> String {
    param.name.to_string()
}

impl<'a> Inputs<'a> {
    /// Inputs with no value yet for the parameters `params` (a family's), reading files with
    /// `reader` and reporting the progress of long computations to `progress`.
    pub fn new(
        params: &'static [Param],
        reader: SourceReader<'a>,
        progress: &'a dyn Progress,
    ) -> Inputs<'a> {
        Inputs {
            params,
            values: BTreeMap::new(),
            reader,
            progress,
            budget: Budget::default(),
            naming: plain_name,
            key: None,
        }
    }

    /// The same inputs, naming parameters in messages as `naming` does (by default, by their
    /// declared names).
    pub fn with_naming(mut self, naming: Naming) -> Inputs<'a> {
        self.naming = naming;
        self
    }

    /// The same inputs, long computations (valuing a ruleset's position, take-and-break
    /// values) working within `budget` rather than the default one.
    pub fn with_budget(mut self, budget: Budget) -> Inputs<'a> {
        self.budget = budget;
        self
    }

    /// The same inputs, the user's key found by `key` when a family needs it (by default a
    /// family that writes signed files is refused: [`KeyError::NotKept`]).
    pub fn with_key(mut self, key: KeySource<'a>) -> Inputs<'a> {
        self.key = Some(key);
        self
    }

    /// The user's key, from the front end's [`KeySource`]: found or made on each call.
    pub fn key(&self) -> Result<Key, KeyError> {
        self.key.map_or(Err(KeyError::NotKept), |key| key())
    }

    /// The budget long computations work within: memory, a deadline, a cancel flag, and the
    /// front end's words for raising them.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Where long computations report their progress.
    pub fn progress(&self) -> &dyn Progress {
        self.progress
    }

    /// Sets a parameter's values (a flag that is set has one value, `true`).
    pub fn set(&mut self, name: &'static str, values: Vec<String>) {
        self.values.insert(name, values);
    }

    /// The value of a single-valued parameter, if given, else its default if it has one.
    pub fn value(&self, name: &str) -> Option<&str> {
        let given = self.values.get(name).and_then(|v| v.first());
        given
            .map(String::as_str)
            .or_else(|| self.param(name).and_then(|p| p.default))
    }

    /// Every value of a parameter (empty when not given).
    pub fn values(&self, name: &str) -> &[String] {
        self.values.get(name).map_or(&[], Vec::as_slice)
    }

    /// Whether a parameter was given (a flag set, an option used).
    pub fn given(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }

    /// Reads a file, or standard input for `-`, without a leading byte-order mark (see
    /// [`input::without_bom`]).
    pub fn read(&self, path: &str) -> Result<Source, InputError> {
        let mut source = (self.reader)(path)?;
        let mark = source.text.len() - input::without_bom(&source.text).len();
        source.text.drain(..mark);
        Ok(source)
    }

    /// The whole numbers of the parameter `param` (one an argument), or of the file (or `-`)
    /// the parameter `file` names, holding their count and then the numbers (the input of
    /// contest problems), read within `param`'s declared bounds; at least one. Declare
    /// `param` `.or(&[file]).excludes(&[file])`. O(length).
    pub fn numbers_or_file(&self, param: &str, file: &str) -> Result<Vec<u64>, InputError> {
        let values = match self.value(file) {
            Some(path) => {
                let (noun, min, _) = self.bounds(param);
                let source = self.read(path)?;
                let mut words = Words::new(&source.origin, &source.text);
                let values = words.counted(noun, min)?;
                words.finish()?;
                values
            }
            None => self.wholes(param)?,
        };
        if values.is_empty() {
            return Err(InputError::usage(format!(
                "give at least one {}",
                self.shown(param)
            )));
        }
        Ok(values)
    }

    /// Reads a position graph from a file (or `-`) that must be a plain graph: moves only, no
    /// `result=`, `player=` or `payoff=` attributes (the games on undirected graphs read its
    /// moves as edges). Returns the graph and the name of its input, for messages.
    pub fn plain_graph(&self, path: &str) -> Result<(GameGraph, String), RunError> {
        let source = self.read(path)?;
        // The reader's error already names its place and cause: no chain after it.
        let graph = text::read(source.text.as_bytes(), &source.origin, self.progress)
            .map_err(|e| e.to_string())?;
        if graph.has_fixed_results() || graph.has_players() || graph.has_payoffs() {
            return Err(InputError::invalid(
                &source.origin,
                "this game reads only the edges of the graph: remove the result=, player= and \
                 payoff= attributes",
            )
            .into());
        }
        Ok((graph, source.origin))
    }

    /// Checks the values given against the parameters' declarations, in one place for every
    /// family and front end: no two that exclude each other, every parameter's needs given,
    /// every required parameter (or one that may stand in for it) given, every value of its
    /// declared kind. Front ends call it through [`super::Family::answer`], before the family
    /// runs. O(parameters² + values).
    pub fn check(&self) -> Result<(), InputError> {
        let given: Vec<&Param> = self.params.iter().filter(|p| self.given(p.name)).collect();
        for param in &given {
            let excluded = param.excluded(self.params);
            if let Some(other) = excluded.into_iter().find(|other| self.given(other.name)) {
                return Err(InputError::usage(format!(
                    "{} and {} exclude each other: give one",
                    self.shown(param.name),
                    self.shown(other.name)
                )));
            }
        }
        for param in &given {
            if let Some(need) = param.needs.iter().find(|&&need| !self.given(need)) {
                return Err(InputError::usage(format!(
                    "{} needs {}",
                    self.shown(param.name),
                    self.shown(need)
                )));
            }
        }
        for param in self.params.iter().filter(|p| !self.given(p.name)) {
            let required = matches!(
                param.kind,
                ParamKind::Positional { required: true, .. }
                    | ParamKind::Option { required: true, .. }
            ) && param.default.is_none();
            let stood_in = param.or.iter().any(|&other| self.given(other));
            if (required || !param.or.is_empty()) && !stood_in {
                let mut ways = vec![self.shown(param.name)];
                ways.extend(param.or.iter().map(|other| self.shown(other)));
                let last = ways.pop().unwrap_or_default();
                let ways = match ways.is_empty() {
                    true => last,
                    false => format!("{} or {last}", ways.join(", ")),
                };
                return Err(InputError::usage(format!("give {ways}")));
            }
        }
        for param in given {
            match param.value {
                ValueKind::Whole { .. } => drop(self.wholes(param.name)?),
                ValueKind::List { .. } => drop(self.list(param.name)?),
                ValueKind::Text => {}
            }
        }
        Ok(())
    }

    /// The value of the whole-number parameter `name` (given, or its default), read as its
    /// declaration says; an error names the parameter when it has no value. O(length).
    pub fn whole(&self, name: &str) -> Result<u64, InputError> {
        self.optional_whole(name)?
            .ok_or_else(|| InputError::usage(format!("give {}", self.shown(name))))
    }

    /// The value of the whole-number parameter `name` (given, or its default), if it has
    /// one, read as its declaration says. O(length).
    pub fn optional_whole(&self, name: &str) -> Result<Option<u64>, InputError> {
        match self.value(name) {
            Some(text) => self.read_whole(name, 0, text).map(Some),
            None => Ok(None),
        }
    }

    /// Every value of the whole-number parameter `name` (its default when not given, none
    /// when it has no default), read as its declaration says. O(length).
    pub fn wholes(&self, name: &str) -> Result<Vec<u64>, InputError> {
        match (self.values(name), self.value(name)) {
            ([], Some(default)) => Ok(vec![self.read_whole(name, 0, default)?]),
            (values, _) => (values.iter().enumerate())
                .map(|(at, text)| self.read_whole(name, at, text))
                .collect(),
        }
    }

    /// The numbers of the list parameter `name` (given, or its default; none when it has
    /// neither), read as its declaration says. O(length).
    pub fn list(&self, name: &str) -> Result<Vec<u64>, InputError> {
        let (noun, min) = match self.param(name).map(|p| p.value) {
            Some(ValueKind::List { noun, min }) => (noun, min),
            _ => ("a whole number", 0),
        };
        input::list(&self.shown(name), self.value(name).unwrap_or(""), noun, min)
    }

    /// The declaration of the parameter `name`, if the family has one. O(parameters).
    fn param(&self, name: &str) -> Option<&'static Param> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The noun and bounds of the whole-number parameter `name` (any whole number when it is
    /// not declared as one).
    fn bounds(&self, name: &str) -> (&'static str, u64, u64) {
        match self.param(name).map(|p| p.value) {
            Some(ValueKind::Whole { noun, min, max }) => (noun, min, max),
            _ => ("a whole number", 0, u64::MAX),
        }
    }

    /// The value at index `at` of the parameter `name`, read as a whole number within its
    /// declared bounds (any whole number when it is not declared as one).
    fn read_whole(&self, name: &str, at: usize, text: &str) -> Result<u64, InputError> {
        let param = self.param(name);
        let (noun, min, max) = self.bounds(name);
        let place = match param {
            Some(p) if !p.item.is_empty() => format!("{} {}", p.item, at + 1),
            Some(
                p @ Param {
                    kind: ParamKind::Option { values: 2.., .. },
                    ..
                },
            ) => match p.value_name.split(' ').nth(at) {
                Some(word) => format!("{} {word}", self.shown(name)),
                None => self.shown(name),
            },
            _ => self.shown(name),
        };
        input::whole_up_to(&place, text, noun, min, max)
    }

    /// A parameter as the front end names it to its user (see [`Inputs::with_naming`]):
    /// `--upto` on the command line, `upto=` in Python; a name the family does not declare is
    /// shown as it is. O(parameters).
    pub fn shown(&self, name: &str) -> String {
        match self.param(name) {
            Some(p) => (self.naming)(p),
            None => name.to_string(),
        }
    }
}

/// The error of a family's run: bad input, or a game's own error (a parameter the rules do
/// not allow, a computation beyond its limits). Its text is the message a user sees.
pub type RunError = Box<dyn std::error::Error + Send + Sync>;
