//! What a user gives a family: its parameters as declared ([`Param`]: a name, how it is
//! given, a default), and the values given ([`Inputs`]), read with [`crate::input`] so that
//! every error has the same wording whatever the front end.

use std::collections::BTreeMap;

use crate::budget::Budget;
use crate::graph::{text, GameGraph};
use crate::input::{self, InputError, Words};
use crate::progress::Progress;

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

/// One parameter of a family: its name (the option's long name, or the positional's id), how
/// it is given, and its help. Values are read as text and parsed by the family with
/// [`crate::input`], so that every error has the same wording.
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
        given.map(String::as_str).or_else(|| {
            let param = self.params.iter().find(|p| p.name == name);
            param.and_then(|p| p.default)
        })
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

    /// Whole numbers from `min` given one per argument of `param` (placed as `{what} 1`,
    /// `{what} 2`, ...), or by the option `file` as a file (or `-`) holding their count and
    /// then the numbers (the input of contest problems); at least one.
    pub fn numbers_or_file(
        &self,
        param: &str,
        file: &str,
        what: &str,
        noun: &str,
        min: u64,
    ) -> Result<Vec<u64>, InputError> {
        let values = match self.value(file) {
            Some(_) if !self.values(param).is_empty() => {
                return Err(InputError::usage(format!(
                    "give the {what}s as arguments or with {}, not both",
                    self.shown(file)
                )))
            }
            Some(path) => {
                let source = self.read(path)?;
                let mut words = Words::new(&source.origin, &source.text);
                let values = words.counted(noun, min)?;
                words.finish()?;
                values
            }
            None => input::each_whole(what, self.values(param), noun, min)?,
        };
        if values.is_empty() {
            return Err(InputError::usage(format!("no {what} given")));
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

    /// Fails when two parameters that exclude each other are both given.
    pub fn exclusive(&self, a: &str, b: &str) -> Result<(), InputError> {
        if self.given(a) && self.given(b) {
            return Err(InputError::usage(format!(
                "{} and {} exclude each other: give one",
                self.shown(a),
                self.shown(b)
            )));
        }
        Ok(())
    }

    /// A parameter as the front end names it to its user (see [`Inputs::with_naming`]):
    /// `--upto` on the command line, `upto=` in Python; a name the family does not declare is
    /// shown as it is. O(parameters).
    pub fn shown(&self, name: &str) -> String {
        match self.params.iter().find(|p| p.name == name) {
            Some(p) => (self.naming)(p),
            None => name.to_string(),
        }
    }
}

/// The error of a family's run: bad input, or a game's own error (a parameter the rules do
/// not allow, a computation beyond its limits). Its text is the message a user sees.
pub type RunError = Box<dyn std::error::Error + Send + Sync>;
