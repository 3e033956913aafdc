//! The catalogue: every family of the command line, called by name with Python values.

use std::collections::VecDeque;
use std::sync::OnceLock;

use grundy::budget::{Budget, Raise};
use grundy::input::InputError;
use grundy::progress::Progress;
use grundy_catalogue::games::family::{Param, ParamKind, Source, ValueKind};
use grundy_catalogue::games::inputs::render;
use grundy_catalogue::games::registry::{self, FAMILIES};
use grundy_catalogue::games::{Family, Inputs};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::errors;
use crate::interrupt::{interruptible, with_timeout, STACK_BYTES};
use crate::progress::Bar;

/// How Python callers raise the budget of a family of the catalogue: a family's own limits
/// are its parameters, which its messages name (`max_positions=`); the rest are
/// `catalogue`'s keywords.
const RAISE: Raise = Raise {
    positions: "pass a larger max_positions=",
    memory: "pass a larger memory=",
    time: "pass a larger timeout=",
};

/// A family's answer (or a game's properties, from `Cgt.report()`): its JSON (`.json`, as
/// Python objects; `report["key"]` reads a field) and its text (`.text`, also the `repr`), the
/// same as the command line prints. Each is made
/// from the library's report the first time it is asked for (a report with a listing of every
/// heap is large: the command line writes one of the two, and so does a program that reads
/// one).
#[pyclass(module = "grundy", frozen)]
pub struct Report {
    report: grundy::report::Report,
    json: OnceLock<String>,
    text: OnceLock<String>,
}

impl From<grundy::report::Report> for Report {
    /// The library's report, its JSON and text made when first asked for.
    fn from(report: grundy::report::Report) -> Report {
        Report {
            report,
            json: OnceLock::new(),
            text: OnceLock::new(),
        }
    }
}

impl Report {
    fn json_text(&self, py: Python<'_>) -> &str {
        self.json
            .get_or_init(|| py.allow_threads(|| self.report.to_json().to_string()))
    }

    fn text_str(&self, py: Python<'_>) -> PyResult<&str> {
        if let Some(text) = self.text.get() {
            return Ok(text);
        }
        let text = py.allow_threads(|| {
            let mut text = Vec::new();
            self.report
                .write_text(&mut text)
                .map(|()| String::from_utf8_lossy(&text).into_owned())
        });
        Ok(self
            .text
            .get_or_init(|| text.unwrap_or_else(|e| e.to_string())))
    }
}

#[pymethods]
impl Report {
    /// The answer as Python objects (the command line's `--json`).
    #[getter]
    fn json<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (self.json_text(py),))
    }

    /// The answer as the command line prints it.
    #[getter]
    fn text(&self, py: Python<'_>) -> PyResult<&str> {
        self.text_str(py)
    }

    /// The answer as one line of JSON.
    fn to_json(&self, py: Python<'_>) -> &str {
        self.json_text(py)
    }

    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        self.json(py)?.get_item(key)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<&str> {
        Ok(self.text_str(py)?.trim_end())
    }
}

/// Whether `value` is a list, tuple or range: several values, one word each.
fn is_sequence(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(value.downcast::<PyList>().is_ok()
        || value.downcast::<PyTuple>().is_ok()
        || value.get_type().name()? == "range")
}

/// A value as the command line's words: a list, tuple or range gives one word per item,
/// anything else its `str` (`True` for a flag is handled by the caller).
fn words(value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if value.downcast::<PyString>().is_ok() || value.extract::<i128>().is_ok() {
        return Ok(vec![value.str()?.to_string()]);
    }
    if is_sequence(value)? {
        return value
            .try_iter()?
            .map(|v| Ok(v?.str()?.to_string()))
            .collect();
    }
    Ok(vec![value.str()?.to_string()])
}

/// The values of one parameter: a single-valued one joins a list with commas (`set=[1, 3, 4]`
/// is `--set 1,3,4`); a flag is set by a true value.
fn param_values(
    params: &[Param],
    name: &'static str,
    value: &Bound<'_, PyAny>,
) -> PyResult<Option<Vec<String>>> {
    let param = params
        .iter()
        .find(|p| p.name == name)
        .expect("a parameter of the family");
    if value.is_none() {
        return Ok(None);
    }
    Ok(match param.kind {
        ParamKind::Flag => value.is_truthy()?.then(|| vec!["true".to_string()]),
        ParamKind::Positional { many: true, .. } => Some(words(value)?),
        ParamKind::Option { values, .. } if values > 1 => Some(words(value)?),
        _ => Some(vec![words(value)?.join(",")]),
    })
}

/// The values that keyword arguments give to `params` (of the family or game `name`), by
/// parameter, `_` read as `-`; a keyword of no parameter is an `InputError` listing them.
/// O(keywords · parameters).
pub fn given_keywords(
    name: &str,
    params: &[Param],
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<(&'static str, Vec<String>)>> {
    let mut given = Vec::new();
    for (key, value) in kwargs.into_iter().flat_map(|k| k.iter()) {
        let key: String = key.extract::<String>()?.replace('_', "-");
        let param = params.iter().find(|p| p.name == key).ok_or_else(|| {
            let known: Vec<&str> = params.iter().map(|p| p.name).collect();
            errors::input(format!(
                "{name} has no parameter {key:?} (its parameters: {})",
                known.join(", ")
            ))
        })?;
        if let Some(values) = param_values(params, param.name, &value)? {
            given.push((param.name, values));
        }
    }
    Ok(given)
}

/// A file's text for a family's parameter that reads one (`-` for standard input).
pub fn read_source(path: &str) -> Result<Source, InputError> {
    let origin = if path == "-" { "<stdin>" } else { path };
    let text = if path == "-" {
        std::io::read_to_string(std::io::stdin())
    } else {
        std::fs::read_to_string(path)
    }
    .map_err(|e| InputError::invalid(origin, e))?;
    Ok(Source {
        origin: origin.to_string(),
        text,
    })
}

/// Runs a family of the catalogue — the command line's `grundy NAME ARGS` — and returns its
/// report. Positional arguments fill the family's positional parameters in order (the last
/// may take many); keyword arguments are its options and flags, `-` written `_`. Lists give
/// several values; numbers and strings are passed as the command line reads them, so errors
/// have the command line's messages. `progress=True` shows a progress bar on stderr while a
/// long family runs (the values of an octal game up to a large heap, a graph read from a
/// file). `memory` bounds the bytes and `timeout` the seconds of the work (the command
/// line's `--memory` and `--timeout`): beyond them, `LimitError`. The work releases the
/// GIL, and Ctrl-C interrupts it.
///
/// >>> catalogue("nim", [3, 4, 5])["outcome"]
/// 'win'
#[pyfunction]
#[pyo3(signature = (name, *args, progress = false, memory = None, timeout = None, **kwargs))]
pub fn catalogue(
    py: Python<'_>,
    name: &str,
    args: &Bound<'_, PyTuple>,
    progress: bool,
    memory: Option<u64>,
    timeout: Option<f64>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Report> {
    let family = registry::family(name).ok_or_else(|| {
        let known: Vec<&str> = FAMILIES.iter().map(|f| f.name()).collect();
        let near = grundy::input::nearest(name, registry::family_names(), 3);
        let hint = grundy::input::did_you_mean(&near)
            .map(|h| format!("{h} "))
            .unwrap_or_default();
        errors::input(format!(
            "no family {name:?} ({hint}the families: {})",
            known.join(", ")
        ))
    })?;
    let mut given: Vec<(&'static str, Vec<String>)> = Vec::new();
    let positionals: Vec<_> = family
        .params()
        .iter()
        .filter(|p| matches!(p.kind, ParamKind::Positional { .. }))
        .collect();
    let mut rest: VecDeque<Bound<'_, PyAny>> = args.iter().collect();
    let mut count = rest.len();
    for param in &positionals {
        match param.kind {
            ParamKind::Positional { many: true, .. } => {
                let mut all = Vec::new();
                for arg in rest.drain(..) {
                    all.extend(words(&arg)?);
                }
                if !all.is_empty() {
                    given.push((param.name, all));
                }
            }
            _ => {
                let Some(arg) = rest.pop_front() else { break };
                // A sequence where one whole number goes fills this parameter and the next
                // ones, as separate values would: `catalogue("wythoff", [5, 8])` is
                // `catalogue("wythoff", 5, 8)`, as `[3, 4, 5]` is Nim's piles.
                if matches!(param.value, ValueKind::Whole { .. }) && is_sequence(&arg)? {
                    let items: Vec<_> = arg.try_iter()?.collect::<PyResult<_>>()?;
                    count += items.len().saturating_sub(1);
                    for item in items.into_iter().rev() {
                        rest.push_front(item);
                    }
                    let Some(arg) = rest.pop_front() else {
                        continue;
                    };
                    if let Some(values) = param_values(family.params(), param.name, &arg)? {
                        given.push((param.name, values));
                    }
                } else if let Some(values) = param_values(family.params(), param.name, &arg)? {
                    given.push((param.name, values));
                }
            }
        }
    }
    if !rest.is_empty() {
        return Err(errors::input(format!(
            "{name} takes {} positional argument(s), {count} given",
            positionals.len(),
        )));
    }
    given.extend(given_keywords(name, family.params(), kwargs)?);
    let mut budget = Budget::default().named(RAISE);
    if let Some(memory) = memory {
        budget = budget.with_memory(memory);
    }
    let budget = with_timeout(budget, timeout)?;
    let bar = Bar::new(progress);
    let report = interruptible(py, STACK_BYTES, budget.cancel(), || {
        let reader = |path: &str| read_source(path);
        // The user's key, found or made only when a family signs a file (`search` with
        // `regions=`): where the command line keeps it, so both read each other's tables.
        let key = || grundy::partizan::region_table::user_key(std::env::var_os);
        let mut inputs = Inputs::new(family.params(), &reader, &bar)
            .with_naming(naming)
            .with_budget(budget.clone())
            .with_key(&key);
        for (name, values) in given {
            inputs.set(name, values);
        }
        let report = family.answer(&inputs).map_err(|e| e.to_string())?;
        Ok(Report::from(report))
    })?;
    bar.finish();
    report.map_err(|message: String| errors::limit_or_input(message, &RAISE))
}

/// A parameter as Python names it: `upto=` for a keyword, its name for a positional value.
pub fn naming(param: &Param) -> String {
    let name = param.name.replace('-', "_");
    match param.kind {
        ParamKind::Positional { .. } => name,
        _ => format!("{name}="),
    }
}

/// A family's example as a Python call: `catalogue('josephus', 41, 3, one_based=True)` (see
/// [`call`]).
fn example(family: &dyn Family) -> String {
    call(family, family.example(), None)
}

/// A call of [`catalogue`] with `given` values of `family`'s parameters, and `raise` (a
/// parameter) last with its placeholder (`sums=N`) where given: its positional values in
/// order, then its options and flags as keyword arguments (Python takes keywords last,
/// whatever order the command line writes them in: `--set 1,3,4 10 7`); whole numbers bare,
/// other values as strings. O(length).
pub fn call<S: AsRef<str>>(family: &dyn Family, given: &[(S, S)], raise: Option<&str>) -> String {
    let literal = |value: &str| match value.parse::<i64>() {
        Ok(n) => n.to_string(),
        Err(_) => format!("'{}'", value.replace('\\', "\\\\").replace('\'', "\\'")),
    };
    let mut positional = vec![literal(family.name())];
    let mut keywords = Vec::new();
    for (name, value) in given {
        let (name, value) = (name.as_ref(), value.as_ref());
        match family.params().iter().find(|p| p.name == name) {
            Some(p) if p.kind == ParamKind::Flag => keywords.push(format!("{}True", naming(p))),
            Some(p) if matches!(p.kind, ParamKind::Option { .. }) => {
                keywords.push(format!("{}{}", naming(p), literal(value)))
            }
            _ => positional.push(literal(value)),
        }
    }
    if let Some(p) = raise.and_then(|r| family.params().iter().find(|p| p.name == r)) {
        keywords.push(format!("{}{}", naming(p), p.value_name));
    }
    positional.extend(keywords);
    format!("catalogue({})", positional.join(", "))
}

/// Every family of the catalogue: a list of dicts with `name`, `aliases` (the other names
/// [`catalogue`] takes for it), `group`, `about`, `example` (a
/// call of [`catalogue`] with the family's example values) and `params` (each with `name`,
/// `kind`, `value_name`, `help`, `default`, `type` (`flag`, `text`, `whole` with `min` and `max`, or
/// `list` of whole numbers from `min`), `needs`, `excludes` and `or`, the names of the
/// parameters it needs, cannot be given with, and may be replaced by); the other parameters a
/// help names are written as Python writes them (`misere=`).
#[pyfunction]
pub fn families<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for &family in FAMILIES {
        let params = PyList::empty(py);
        for param in family.params() {
            let kind = match param.kind {
                ParamKind::Positional { many: true, .. } => "positional, many",
                ParamKind::Positional { .. } => "positional",
                ParamKind::Option { .. } => "option",
                ParamKind::Flag => "flag",
            };
            let d = PyDict::new(py);
            d.set_item("name", param.name.replace('-', "_"))?;
            d.set_item("kind", kind)?;
            d.set_item("value_name", param.value_name)?;
            d.set_item("help", render(param.help, family.params(), naming))?;
            d.set_item("default", param.default)?;
            match param.value {
                _ if param.kind == ParamKind::Flag => d.set_item("type", "flag")?,
                ValueKind::Text => d.set_item("type", "text")?,
                ValueKind::Whole { min, max, .. } => {
                    d.set_item("type", "whole")?;
                    d.set_item("min", min)?;
                    d.set_item("max", max)?;
                }
                ValueKind::List { min, .. } => {
                    d.set_item("type", "list")?;
                    d.set_item("min", min)?;
                }
            }
            let python = |name: &str| name.replace('-', "_");
            let excluded = param.excluded(family.params()).into_iter();
            d.set_item(
                "needs",
                param.needs.iter().map(|n| python(n)).collect::<Vec<_>>(),
            )?;
            d.set_item(
                "excludes",
                excluded.map(|p| python(p.name)).collect::<Vec<_>>(),
            )?;
            d.set_item("or", param.or.iter().map(|n| python(n)).collect::<Vec<_>>())?;
            params.append(d)?;
        }
        let d = PyDict::new(py);
        d.set_item("name", family.name())?;
        d.set_item("aliases", family.aliases().to_vec())?;
        d.set_item("group", family.group().heading())?;
        d.set_item("about", render(family.about(), family.params(), naming))?;
        d.set_item("example", example(family))?;
        d.set_item("params", params)?;
        list.append(d)?;
    }
    Ok(list)
}
