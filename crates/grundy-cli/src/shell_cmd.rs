//! `grundy completions SHELL` and `grundy man`: shell support generated from the same
//! definitions as the parser, so they never fall out of date.

use std::io::{self, Write};

use anyhow::Result;
use clap::{Args, Command};
use clap_complete::Shell;

/// Arguments of `grundy completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
}

/// Writes the completion script of a shell.
pub fn completions(args: &CompletionsArgs, mut command: Command) -> Result<()> {
    // Generated in memory first: the generator cannot report a closed pipe.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "grundy", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}

/// Writes the manual page, with a section for each command.
pub fn man(command: Command) -> Result<()> {
    let mut out = io::stdout().lock();
    let man = clap_mangen::Man::new(command.clone());
    man.render(&mut out)?;
    for sub in command.get_subcommands() {
        clap_mangen::Man::new(sub.clone())
            .title(format!("grundy-{}", sub.get_name()))
            .render(&mut out)?;
    }
    out.flush()?;
    Ok(())
}
