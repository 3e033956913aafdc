//! `grundy`: solve two-player games of perfect information from the command line.
//!
//! The binary is thin: it parses arguments, calls the `grundy` library and formats the answer.
//! Errors go to stderr as `grundy: error: ...` with exit code 2.

mod compound_cmd;
mod games_cmd;
mod nimber_cmd;
mod progress;
mod solve_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Solve two-player games: who wins, how fast, and with which move.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve every position of a game given as a position graph (see README for the format).
    Solve(solve_cmd::SolveArgs),
    /// Nimber arithmetic: nim sum, product, quotient, inverse, square root, power; nim
    /// products in bulk from standard input.
    Nimber(nimber_cmd::NimberArgs),
    /// Moore's Nim_k: a move takes from 1 to K piles; who wins, and a winning move.
    #[command(name = "nim-k")]
    NimK(compound_cmd::NimKArgs),
    /// A misère sum (Anti-SG): components of the given values, the last player to move loses.
    Misere(compound_cmd::MisereArgs),
    /// The corner-flipping coin game (a box whose far corner is heads has its corners turned):
    /// its value by Tartan's theorem, and a winning move.
    Corners(compound_cmd::CornersArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve_cmd::run(&args),
        Command::Nimber(args) => nimber_cmd::run(&args),
        Command::NimK(args) => compound_cmd::run_nim_k(&args),
        Command::Misere(args) => compound_cmd::run_misere(&args),
        Command::Corners(args) => compound_cmd::run_corners(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (e.g. `grundy solve ... | head`) is not an error worth a message.
            if let Some(io) = e.downcast_ref::<std::io::Error>() {
                if io.kind() == std::io::ErrorKind::BrokenPipe {
                    return ExitCode::SUCCESS;
                }
            }
            eprintln!("grundy: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
