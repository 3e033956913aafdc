//! `grundy`: solve two-player games of perfect information from the command line.
//!
//! The binary is thin: it parses arguments, calls the `grundy` library and formats the answer.
//! Errors go to stderr as `grundy: error: ...` with exit code 2.

mod compound_cmd;
mod games_cmd;
mod nimber_cmd;
mod octal_cmd;
mod progress;
mod solve_cmd;
mod table_cmd;

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
    /// Take-and-break games (octal codes like 0.77, Grundy's game): values, rare values, period.
    Octal(octal_cmd::OctalArgs),
    /// Candy Piles (AGC002 E): take one stone from every pile or a largest pile; whoever takes
    /// the last stone loses. Who wins, every winning move.
    #[command(name = "candy-piles")]
    CandyPiles(games_cmd::candy_piles::CandyPilesArgs),
    /// Staircase Nim (value: XOR of the odd steps), or POI2009 KAM with --kam: winning moves.
    Staircase(games_cmd::staircase::StaircaseArgs),
    /// Take 1 to K consecutive stones from a circle of N: who wins, the winning first move.
    #[command(name = "circle-take")]
    CircleTake(games_cmd::circle_take::CircleTakeArgs),
    /// Coin-turning games (two, mock-turtles, ruler, multiples) on a row or a board: values.
    Coins(games_cmd::coins::CoinsArgs),
    /// The flipping game (take 1 from a_i, add 1 to a run after it): value, winning moves.
    #[command(name = "flip-run")]
    FlipRun(games_cmd::flip_run::FlipRunArgs),
    /// Delete a run of 0s from a 0/1 string (value: XOR of the runs): every winning move.
    #[command(name = "zero-runs")]
    ZeroRuns(games_cmd::zero_runs::ZeroRunsArgs),
    /// Fox and Card Game (CF 388C): the first player takes tops, the second bottoms; the sums.
    #[command(name = "fox-cards")]
    FoxCards(games_cmd::ends::FoxCardsArgs),
    /// Choosing Carrot (CF 794E): the value left from a row, for every number of extra moves.
    Carrots(games_cmd::ends::CarrotsArgs),
    /// Take from either end, larger sum wins (even count, odd total): the winning strategy.
    #[command(name = "ends-sum")]
    EndsSum(games_cmd::ends::EndsSumArgs),
    /// Pop from two queues; whoever brings the sum to the threshold loses. Who wins, and how.
    #[command(name = "two-queues")]
    TwoQueues(games_cmd::ends::TwoQueuesArgs),
    /// Nim (value: the XOR of the piles), or Anti-Nim with --misere: every winning move.
    Nim(games_cmd::nim::NimArgs),
    /// Fibonacci Nim (take at most twice the last take): who wins, every winning move.
    #[command(name = "fibonacci-nim")]
    FibonacciNim(games_cmd::fibonacci::FibonacciNimArgs),
    /// Misère Fibonacci Nim with first take at most K (SNOI2020): a position, or counts.
    #[command(name = "misere-fibonacci-nim")]
    MisereFibonacciNim(games_cmd::fibonacci::MisereFibonacciNimArgs),
    /// Dynamic subtraction, take at most k times the last take (rational k): moves, f(n).
    #[command(name = "dynamic-subtraction")]
    DynamicSubtraction(games_cmd::dynamic_subtraction::DynamicSubtractionArgs),
    /// First take 1, then at most the last take plus K: a position, or P-positions in a range.
    #[command(name = "plus-k-nim")]
    PlusKNim(games_cmd::plus_k_nim::PlusKNimArgs),
    /// Subtraction games (--set, --bash, --range, --except) on piles: values, period, moves.
    Subtraction(games_cmd::subtraction::SubtractionArgs),
    /// Wythoff's game (take from one pile, or the same from both): who wins, every winning move.
    Wythoff(games_cmd::wythoff::WythoffArgs),
    /// Undirected vertex geography on a graph or a grid: every start by maximum matching.
    Geography(games_cmd::geography::GeographyArgs),
    /// NOI2011 rabbit-and-egg game (兔兔与蛋蛋): who wins along a record, and the mistakes.
    #[command(name = "rabbit-egg")]
    RabbitEgg(games_cmd::rabbit_egg::RabbitEggArgs),
    /// The tree game where each move is longer than the last: decided by the diameter's middle.
    #[command(name = "increasing-distance")]
    IncreasingDistance(games_cmd::increasing_distance::IncreasingDistanceArgs),
    /// Rectangle cutting (cut a side into d equal pieces): value by prime-factor counts, moves.
    #[command(name = "rectangle-cut")]
    RectangleCut(games_cmd::rectangle_cut::RectangleCutArgs),
    /// Mex Mat (ARC107 E): counts of 0, 1, 2 in the matrix of mexes of a first row and column.
    #[command(name = "mex-mat")]
    MexMat(games_cmd::mex_mat::MexMatArgs),
    /// The Josephus problem: who dies in round i, when person j dies, the survivor.
    Josephus(games_cmd::josephus::JosephusArgs),
    /// Left takes exactly A, Right exactly B from a pile: outcome class, both players' moves.
    #[command(name = "partizan-piles")]
    PartizanPiles(games_cmd::partizan_piles::PartizanPilesArgs),
    /// Tables of values or outcomes by n or (a, b), as text, CSV, JSON, PNG or SVG heatmaps.
    Table(table_cmd::TableArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve_cmd::run(&args),
        Command::Nimber(args) => nimber_cmd::run(&args),
        Command::NimK(args) => compound_cmd::run_nim_k(&args),
        Command::Misere(args) => compound_cmd::run_misere(&args),
        Command::Corners(args) => compound_cmd::run_corners(&args),
        Command::Octal(args) => octal_cmd::run(&args),
        Command::CandyPiles(args) => games_cmd::candy_piles::run(&args),
        Command::Staircase(args) => games_cmd::staircase::run(&args),
        Command::CircleTake(args) => games_cmd::circle_take::run(&args),
        Command::Coins(args) => games_cmd::coins::run(&args),
        Command::FlipRun(args) => games_cmd::flip_run::run(&args),
        Command::ZeroRuns(args) => games_cmd::zero_runs::run(&args),
        Command::FoxCards(args) => games_cmd::ends::run_fox_cards(&args),
        Command::Carrots(args) => games_cmd::ends::run_carrots(&args),
        Command::EndsSum(args) => games_cmd::ends::run_ends_sum(&args),
        Command::TwoQueues(args) => games_cmd::ends::run_two_queues(&args),
        Command::Nim(args) => games_cmd::nim::run(&args),
        Command::FibonacciNim(args) => games_cmd::fibonacci::run(&args),
        Command::MisereFibonacciNim(args) => games_cmd::fibonacci::run_misere(&args),
        Command::DynamicSubtraction(args) => games_cmd::dynamic_subtraction::run(&args),
        Command::PlusKNim(args) => games_cmd::plus_k_nim::run(&args),
        Command::Subtraction(args) => games_cmd::subtraction::run(&args),
        Command::Wythoff(args) => games_cmd::wythoff::run(&args),
        Command::Geography(args) => games_cmd::geography::run(&args),
        Command::RabbitEgg(args) => games_cmd::rabbit_egg::run(&args),
        Command::IncreasingDistance(args) => games_cmd::increasing_distance::run(&args),
        Command::RectangleCut(args) => games_cmd::rectangle_cut::run(&args),
        Command::MexMat(args) => games_cmd::mex_mat::run(&args),
        Command::Josephus(args) => games_cmd::josephus::run(&args),
        Command::PartizanPiles(args) => games_cmd::partizan_piles::run(&args),
        Command::Table(args) => table_cmd::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (e.g. `grundy solve ... | head`) is not an error worth a message.
            let broken_pipe = e
                .downcast_ref::<std::io::Error>()
                .map(std::io::Error::kind)
                .or_else(|| {
                    e.downcast_ref::<serde_json::Error>()
                        .and_then(serde_json::Error::io_error_kind)
                })
                == Some(std::io::ErrorKind::BrokenPipe);
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            eprintln!("grundy: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
