//! `grundy --help`: the commands listed under headings a user thinks in, each heading with one
//! example, instead of clap's one flat list.

use std::fmt::Write as _;

use clap::Command;
use grundy_catalogue::games::registry::FAMILIES;
use grundy_catalogue::games::Group;

/// A heading of the listing: its title, its commands, and an example command line.
struct Section {
    title: &'static str,
    commands: Vec<String>,
    example: String,
}

/// The sections: solving graphs, playing, then the registry's groups (nimber arithmetic
/// beside the compounds), then partizan values, tables and the shell.
fn sections() -> Vec<Section> {
    let mut sections = vec![Section {
        title: "Solving position graphs, and games too large for one",
        commands: vec!["solve".into(), "merge".into(), "strong".into()],
        example: "grundy solve examples/loopy.game --start start".into(),
    }];
    sections.push(Section {
        title: "Playing against the engine",
        commands: vec!["play".into(), "serve".into()],
        example: "grundy play nim 3 4 5 --first engine".into(),
    });
    for group in Group::ALL {
        let families: Vec<_> = FAMILIES.iter().filter(|f| f.group() == group).collect();
        let Some(first) = families.first() else {
            continue;
        };
        let mut commands: Vec<String> = families.iter().map(|f| f.name().to_string()).collect();
        if group == Group::Compounds {
            commands.insert(0, "nimber".into());
        }
        sections.push(Section {
            title: group.heading(),
            commands,
            example: format!(
                "grundy {} {}",
                first.name(),
                crate::catalogue::example(first.params(), first.example())
            ),
        });
    }
    sections.push(Section {
        title: "Partizan values (combinatorial game theory)",
        commands: vec!["cgt".into(), "loopy".into()],
        example: "grundy cgt '{3||2*|1*}' --cool 1/2 --svg thermograph.svg".into(),
    });
    sections.push(Section {
        title: "Tables and patterns",
        commands: vec!["table".into()],
        example: "grundy table 0.77 --n 0..200 --patterns".into(),
    });
    sections.push(Section {
        title: "Shell",
        commands: vec!["completions".into(), "man".into()],
        example: "grundy completions bash > ~/.local/share/bash-completion/completions/grundy"
            .into(),
    });
    sections
}

/// The root command with its commands listed under headings.
pub fn grouped(root: Command) -> Command {
    let about = |name: &str| {
        root.find_subcommand(name)
            .and_then(Command::get_about)
            .map(ToString::to_string)
            .unwrap_or_default()
    };
    let sections = sections();
    let width = sections
        .iter()
        .flat_map(|s| &s.commands)
        .map(String::len)
        .max()
        .unwrap_or(0);
    let mut listing = String::new();
    for section in &sections {
        let _ = writeln!(listing, "{}:", section.title);
        for name in &section.commands {
            let _ = writeln!(listing, "  {name:<width$}  {}", about(name));
        }
        let _ = writeln!(listing, "  e.g. {}\n", section.example);
    }
    let template = format!(
        "{{about-with-newline}}\n{{usage-heading}} {{usage}}\n\n{listing}Options:\n{{options}}\n\n\
         `grundy COMMAND --help` tells more of a command.{{after-help}}"
    );
    root.help_template(template)
}
