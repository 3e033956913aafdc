//! clap's usage errors as one line: its message without the `error: ` prefix, the styling,
//! the usage and the "For more information" paragraph, and one hint (the names nearest to an
//! unknown command or option, clap's tip, or where to read the command's help).

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::Command;
use grundy::impartial::octal::Rule;
use grundy::input;

/// The message of a usage error on one line, and a hint: for an unknown command or option,
/// the names of the command it was given to nearest to it ([`nearest`]); else clap's first
/// tip, or `(see grundy CMD --help)` for the command that `args` (the whole command line,
/// program name first) names in `root`. A command given without the subcommand it needs is
/// an error too, rather than its help on stderr.
pub fn one_line(
    error: &clap::Error,
    root: &Command,
    args: impl IntoIterator<Item = OsString>,
) -> (String, String) {
    let (message, mut tip) = match error.kind() {
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => ("no command given".into(), None),
        _ => split(&error.render().to_string()),
    };
    let (command, path) = command_path(root, args);
    if let Some(named) = named_game(error) {
        return (message, named);
    }
    if let Some(nearest) = nearest(error, command) {
        // clap's own suggestions rank by a likeness that misses swapped letters (`nmi` for
        // `nim`) and keeps far names (`--format` for `--port`): ours replace them.
        tip = tip.filter(|t| !t.contains("similar"));
        tip = nearest.or(tip);
    }
    let hint = tip.unwrap_or_else(|| format!("(see {path} --help)"));
    (message, hint)
}

/// For an unknown subcommand that names a take-and-break game of the literature (`kayles`,
/// `grundys-game`), the commands that take it by that name: such a game is a code of `octal`,
/// not a command of its own.
fn named_game(error: &clap::Error) -> Option<String> {
    if error.kind() != ErrorKind::InvalidSubcommand {
        return None;
    }
    let Some(ContextValue::String(word)) = error.get(ContextKind::InvalidSubcommand) else {
        return None;
    };
    let rule = Rule::named(word)?;
    let game = rule.known_name().unwrap_or(word);
    Some(format!(
        "tip: {game} is a take-and-break game: 'grundy octal {word}' gives its values, \
         'grundy table {word}' a table of them, 'grundy play take-and-break:{word}' plays it"
    ))
}

/// For an unknown subcommand or option of `command`, `Some` of the tip naming its nearest
/// subcommands (aliases included) or long options ([`input::nearest`]), nearest first:
/// `tip: did you mean 'nim'?`, `None` inside when none is near; `None` for any other error.
fn nearest(error: &clap::Error, command: &Command) -> Option<Option<String>> {
    let word = |kind| match error.get(kind) {
        Some(ContextValue::String(word)) => Some(word.clone()),
        _ => None,
    };
    let names: Vec<String> = match error.kind() {
        ErrorKind::InvalidSubcommand => {
            let word = word(ContextKind::InvalidSubcommand)?;
            let names = command
                .get_subcommands()
                .flat_map(|s| std::iter::once(s.get_name()).chain(s.get_all_aliases()));
            let names: Vec<&str> = names.collect();
            input::nearest(&word, names, 3)
                .into_iter()
                .map(str::to_string)
                .collect()
        }
        ErrorKind::UnknownArgument => {
            let word = word(ContextKind::InvalidArg)?;
            let long = word.strip_prefix("--")?;
            let long = long.split_once('=').map_or(long, |(name, _)| name);
            let names = command.get_arguments().flat_map(|a| {
                a.get_long()
                    .into_iter()
                    .chain(a.get_all_aliases().into_iter().flatten())
            });
            let names: Vec<&str> = names.collect();
            input::nearest(long, names, 3)
                .into_iter()
                .map(|name| format!("--{name}"))
                .collect()
        }
        _ => return None,
    };
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    Some(input::did_you_mean(&names).map(|hint| format!("tip: {hint}")))
}

/// The first paragraph of clap's rendered error as one line (its indented lines, such as
/// the list of missing arguments or the possible values, joined to the first), and the first
/// `tip:` line.
fn split(rendered: &str) -> (String, Option<String>) {
    let text = rendered.trim_start();
    let text = text.strip_prefix("error:").unwrap_or(text);
    let mut paragraphs = text.split("\n\n").map(str::trim).filter(|p| !p.is_empty());
    let message = paragraphs
        .next()
        .unwrap_or("invalid arguments")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let tip = paragraphs
        .flat_map(str::lines)
        .map(str::trim)
        .find(|line| line.starts_with("tip:"))
        .map(str::to_string);
    (message, tip)
}

/// The last subcommand the arguments name, and the path to it: `grundy` and the subcommands
/// in order (`grundy strong connect4`); options are passed over, and the first word that
/// names no subcommand ends the path.
fn command_path(root: &Command, args: impl IntoIterator<Item = OsString>) -> (&Command, String) {
    let mut path = vec![root.get_name().to_string()];
    let mut current = root;
    for arg in args.into_iter().skip(1) {
        let Some(arg) = arg.to_str() else { break };
        if arg.starts_with('-') {
            continue;
        }
        match current.find_subcommand(arg) {
            Some(sub) => {
                path.push(sub.get_name().to_string());
                current = sub;
            }
            None => break,
        }
    }
    (current, path.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage_error(args: &[&str]) -> (String, String) {
        let root = crate::command();
        let error = root.clone().try_get_matches_from(args).unwrap_err();
        one_line(&error, &root, args.iter().map(OsString::from))
    }

    #[test]
    fn a_missing_argument_is_named_on_the_line() {
        let (message, hint) = usage_error(&["grundy", "nim"]);
        assert_eq!(
            message,
            "the following required arguments were not provided: <PILES>..."
        );
        assert_eq!(hint, "(see grundy nim --help)");
    }

    #[test]
    fn clap_tip_is_the_hint() {
        let (message, hint) = usage_error(&["grundy", "nim", "3", "--bogus"]);
        assert_eq!(message, "unexpected argument '--bogus' found");
        assert_eq!(hint, "tip: to pass '--bogus' as a value, use '-- --bogus'");
    }

    #[test]
    fn nested_commands_and_possible_values() {
        let (message, hint) = usage_error(&["grundy", "strong", "--json", "connect4"]);
        assert!(
            message.starts_with("the following required arguments were not provided: "),
            "{message}"
        );
        assert_eq!(hint, "(see grundy strong connect4 --help)");
        let (message, hint) = usage_error(&["grundy", "play", "nim", "3", "--first", "x"]);
        assert_eq!(
            message,
            "invalid value 'x' for '--first <FIRST>' [possible values: me, engine]"
        );
        assert_eq!(hint, "(see grundy play --help)");
    }

    #[test]
    fn a_missing_command_is_an_error_not_the_help() {
        assert_eq!(
            usage_error(&["grundy"]),
            ("no command given".into(), "(see grundy --help)".into())
        );
        assert_eq!(
            usage_error(&["grundy", "strong"]),
            (
                "no command given".into(),
                "(see grundy strong --help)".into()
            )
        );
    }
}
