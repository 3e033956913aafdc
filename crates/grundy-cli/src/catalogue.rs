//! The catalogue's commands, generated from the library's registry: one subcommand a family,
//! its arguments from the family's parameters (and `--memory`/`--timeout` for the families
//! that value within a budget), its output from the family's report.

use anyhow::{anyhow, Result};
use clap::{Arg, ArgAction, ArgMatches, Command};
use grundy::progress::Progress;
use grundy_catalogue::games::family::ParamKind;
use grundy_catalogue::games::inputs::render;
use grundy_catalogue::games::{Family, Inputs, Param};

use crate::budget_cmd;
use crate::output::{emit, Format};
use crate::progress::Bar;
use crate::source::read_source;

/// The subcommand of a family.
pub fn command(family: &dyn Family) -> Command {
    let mut command = Command::new(family.name())
        .aliases(family.aliases())
        .about(render(family.about(), family.params(), naming))
        .after_help(format!(
            "Example: grundy {} {}",
            family.name(),
            example(family.params(), family.example())
        ));
    command = command.args(family.params().iter().map(|p| arg(p, family.params())));
    if budget_cmd::takes_budget(family) {
        command = command.args(budget_cmd::args());
    }
    command
}

/// An example's values (pairs of a parameter among `params` and its value, in order) as the
/// command line writes them: positional values in their place, `--name VALUE` for an option,
/// `--name` for a flag, each value quoted for the shell where it needs it: `41 3 --one-based`.
/// O(length).
pub fn example(params: &[Param], given: &[(&str, &str)]) -> String {
    let words: Vec<String> = (given.iter())
        .map(|&(name, value)| {
            let kind = params.iter().find(|p| p.name == name).map(|p| p.kind);
            match kind {
                Some(ParamKind::Flag) => format!("--{name}"),
                Some(ParamKind::Option { .. }) => format!("--{name} {}", shell_word(value)),
                _ => shell_word(value),
            }
        })
        .collect();
    words.join(" ")
}

/// `text` as one word of a shell's command line: as it is when it holds only letters, digits,
/// `_./,:+=` and dashes between letters or digits (`c4-5x4`), else in single quotes (a single
/// quote inside written `'\''`). A position drawn with dashes for edges (`'L-.-.-L'`) is so
/// quoted like any other position, and reads as one value.
pub fn shell_word(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let plain = |i: usize| {
        let c = chars[i];
        let alnum = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_some_and(char::is_ascii_alphanumeric)
        };
        c.is_ascii_alphanumeric()
            || "_./,:+=".contains(c)
            || (c == '-' && alnum(i.checked_sub(1)) && alnum(Some(i + 1)))
    };
    if !chars.is_empty() && (0..chars.len()).all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// The argument of a parameter (one of `params`): positional, `--name VALUE` or a switch, its
/// default, the parameters it needs and those it excludes shown in its help (the library
/// reads the default and checks the rest, so that every front end has the same), the other
/// parameters its help names written as the command line writes them.
pub fn arg(param: &Param, params: &[Param]) -> Arg {
    let mut help = render(param.help, params, naming);
    if let Some(default) = param.default {
        help += &format!(" [default: {default}]");
    }
    let needed: Vec<String> = (params.iter())
        .filter(|p| param.needs.contains(&p.name))
        .map(naming)
        .collect();
    if !needed.is_empty() {
        help += &format!(" [needs: {}]", needed.join(", "));
    }
    let excluded: Vec<String> = param.excluded(params).into_iter().map(naming).collect();
    if !excluded.is_empty() {
        help += &format!(" [not with: {}]", excluded.join(", "));
    }
    let arg = Arg::new(param.name).help(help);
    match param.kind {
        ParamKind::Positional { required, many } => {
            let arg = arg
                .value_name(param.value_name)
                .required(required)
                .allow_negative_numbers(true);
            if many {
                arg.num_args(1..).action(ArgAction::Append)
            } else {
                arg
            }
        }
        ParamKind::Option { required, values } => arg
            .long(param.name)
            .value_names(param.value_name.split(' '))
            .num_args(values)
            .required(required)
            .allow_hyphen_values(true),
        ParamKind::Flag => arg.long(param.name).action(ArgAction::SetTrue),
    }
}

/// A parameter as the command line names it: `--name` for an option or a flag, its
/// placeholder (`N`) for a positional value.
pub fn naming(param: &Param) -> String {
    match param.kind {
        ParamKind::Positional { .. } => param.value_name.to_string(),
        _ => format!("--{}", param.name),
    }
}

/// Sets each of `params` that `matches` holds on `inputs` (a flag that is set as `true`).
pub fn set_inputs(inputs: &mut Inputs, params: &'static [Param], matches: &ArgMatches) {
    for param in params {
        match param.kind {
            ParamKind::Flag => {
                if matches.get_flag(param.name) {
                    inputs.set(param.name, vec!["true".to_string()]);
                }
            }
            _ => {
                if let Some(values) = matches.get_many::<String>(param.name) {
                    inputs.set(param.name, values.cloned().collect());
                }
            }
        }
    }
}

/// Runs a family on the arguments of its subcommand and writes its report.
pub fn run(family: &dyn Family, matches: &ArgMatches, format: Format) -> Result<()> {
    let reader = |path: &str| read_source(path);
    let bar = Bar::new();
    // The user's key, found or made only when a family signs a file (`search --regions`).
    let key = || grundy::partizan::region_table::user_key(std::env::var_os);
    let mut inputs = Inputs::new(family.params(), &reader, &bar)
        .with_naming(naming)
        .with_key(&key);
    if budget_cmd::takes_budget(family) {
        inputs = inputs.with_budget(budget_cmd::from_matches(matches, family)?);
    }
    set_inputs(&mut inputs, family.params(), matches);
    let report = family.answer(&inputs).map_err(|e| anyhow!("{e}"));
    bar.finish();
    emit(&report?, format)
}
