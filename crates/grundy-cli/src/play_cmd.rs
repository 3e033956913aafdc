//! `grundy play`: a game against the engine, or two people with hints, line by line on
//! standard input and output (so that it can be scripted through a pipe); colours only when
//! standard output is a terminal.

use std::collections::HashMap;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;

use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};
use grundy::budget::Raise;
use grundy::games::registry;
use grundy::graph::text::read_path;
use grundy::input::without_bom;
use grundy::play::{Analysis, Choice, Drawing, Match, PlayError, Session};
use grundy::progress::NoProgress;
use grundy::Outcome;

/// Who moves first against the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first.
    Me,
    /// The engine moves first.
    Engine,
}

/// The arguments of `grundy play`.
#[derive(Debug, Args)]
#[command(after_help = "Example: grundy play nim 3 4 5 --first engine\n\
    Games: nim, misere-nim, subtraction:1,3,4, squares, wythoff, fibonacci, staircase, \
    take-and-break:0.77, coins:mock-turtles, partizan:1,2; the rulesets domineering, cram, \
    clobber, anticlobber, toads-and-frogs, hackenbush: grundy play domineering '...|...|...' \
    (see docs/playing.md)")]
pub struct PlayArgs {
    /// The game (nim, subtraction:1,3,4, wythoff...), unless --graph gives one.
    #[arg(required_unless_present = "graph", conflicts_with = "graph")]
    game: Option<String>,
    /// The start position: `3 4 5` (piles), `0110101` (coins), `20/5` (Fibonacci Nim),
    /// `...|...|... right` (a ruleset's board, then who moves).
    #[arg(num_args = 0..)]
    position: Vec<String>,
    /// Play a position graph from a file (the format: docs/graphs.md).
    #[arg(long, value_name = "FILE")]
    graph: Option<String>,
    /// The graph's start position (its first position by default).
    #[arg(long, value_name = "NAME", requires = "graph")]
    start: Option<String>,
    /// Who moves first against the engine.
    #[arg(long, value_enum, default_value = "me")]
    first: First,
    /// Two people play each other, and the moves are listed with their outcomes at each turn.
    #[arg(long)]
    hints: bool,
    /// The most positions solved to play (the game is solved from its start position); a
    /// larger start of Nim, misère Nim, a subtraction game, Wythoff, Fibonacci or Staircase
    /// Nim is played by its formula instead.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    limit: usize,
}

/// How play's budgets are raised: `--limit` sets the positions and, at 1 KiB a position,
/// the memory.
const RAISE: Raise = Raise {
    positions: "raise it with --limit N",
    memory: "start from a smaller position, or raise --limit N (1 KiB of memory a position)",
    time: "start from a smaller position",
};

/// Plays a game on standard input and output.
pub fn run(args: &PlayArgs) -> Result<()> {
    let game = match (&args.graph, &args.game) {
        (Some(path), _) => {
            let graph = read_path(Path::new(path), &NoProgress).map_err(|e| anyhow!("{e}"))?;
            Match::from_graph(path, graph, args.start.as_deref())?
        }
        (None, Some(name)) => {
            let (playable, _) = registry::playable(name)?;
            let position = match args.position.is_empty() {
                false => args.position.join(" "),
                true => playable.start.to_string(),
            };
            let budget = registry::play_budget(args.limit).named(RAISE);
            registry::play_within(name, &position, &budget).map_err(|e| match e {
                PlayError::TooLarge { .. } => anyhow!("{e}, or raise --limit N"),
                other => other.into(),
            })?
        }
        (None, None) => anyhow::bail!("give a game, or --graph FILE"),
    };
    let stdin = io::stdin();
    let mut table = Table {
        out: io::stdout().lock(),
        colour: io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let engine = (!args.hints).then_some(match args.first {
        First::Me => 1,
        First::Engine => 0,
    });
    table.play(&game, engine, &mut stdin.lock())
}

/// The terminal's side of a game: where it writes, and whether in colour.
struct Table<W> {
    out: W,
    colour: bool,
}

/// How many times a position may come back before the game is called a draw.
const REPEATS_FOR_DRAW: usize = 3;

impl<W: Write> Table<W> {
    /// Plays until the game ends, the input ends or a player quits; then the review.
    /// `engine` is the side the engine plays (0 moves first), `None` for two people.
    fn play(
        &mut self,
        game: &Match,
        engine: Option<usize>,
        input: &mut impl BufRead,
    ) -> Result<()> {
        let mut session = Session::new(game);
        // How many times play has reached each position (the start once).
        let mut seen: HashMap<u32, usize> = HashMap::from([(game.start(), 1)]);
        let moves = if game.is_ruleset() {
            "a move's number, the move as listed"
        } else {
            "a move's number"
        };
        writeln!(
            self.out,
            "{}. Type {moves} or the position it leads to; or hint, undo, show, quit.",
            game.title()
        )?;
        let mut show = true;
        // Until the first line is read: a leading byte-order mark is dropped from it.
        let mut at_start = true;
        loop {
            let p = session.position();
            let analysis = game.analyse(p);
            let side = session.side_to_move();
            if show {
                self.show(&analysis)?;
                if engine.is_none() && !analysis.is_over() {
                    self.hint(&analysis)?;
                }
                show = false;
            }
            if analysis.is_over() {
                self.announce_end(&analysis, side, engine)?;
                break;
            }
            if seen.get(&p).copied().unwrap_or(0) >= REPEATS_FOR_DRAW {
                writeln!(
                    self.out,
                    "The position has come back {REPEATS_FOR_DRAW} times: a draw."
                )?;
                break;
            }
            if engine == Some(side) {
                let best = &analysis.moves[analysis.best.unwrap_or(0)];
                writeln!(self.out, "The engine plays {}: {}.", best.key, best.text)?;
                let to = game.read_move(p, &best.key)?;
                session.play(to);
                *seen.entry(to).or_default() += 1;
                show = true;
                continue;
            }
            writeln!(self.out, "{} to move:", self.side_name(side, engine))?;
            self.out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                break;
            }
            let line = if std::mem::take(&mut at_start) {
                without_bom(&line)
            } else {
                &line
            };
            match line.trim().to_ascii_lowercase().as_str() {
                "" => {}
                "quit" | "q" | "exit" => break,
                "show" => show = true,
                "hint" | "h" | "?" => self.hint(&analysis)?,
                "undo" | "u" => {
                    // Against the engine, take back its reply too.
                    let count = if engine.is_some() && session.history().len() >= 2 {
                        2
                    } else {
                        1
                    };
                    let undone: Vec<_> = (0..count).filter_map(|_| session.undo()).collect();
                    if undone.is_empty() {
                        writeln!(self.out, "Nothing to undo.")?;
                    } else {
                        for step in &undone {
                            *seen.entry(step.to).or_default() -= 1;
                        }
                        writeln!(self.out, "Took back {} move(s).", undone.len())?;
                        show = true;
                    }
                }
                _ => match game.read_move(p, line) {
                    Ok(to) => {
                        *seen.entry(to).or_default() += 1;
                        let step = session.play(to);
                        if step.is_mistake() && engine.is_some() {
                            writeln!(self.out, "(That move throws away a {}.)", step.before)?;
                        }
                        show = true;
                    }
                    Err(e) => writeln!(self.out, "{e}")?,
                },
            }
        }
        self.review(&session, engine)
    }

    /// Who a side is: `You`, `The engine`, `Player 1`.
    fn side_name(&self, side: usize, engine: Option<usize>) -> String {
        match engine {
            Some(e) if e == side => "The engine".into(),
            Some(_) => "You".into(),
            None => format!("Player {}", side + 1),
        }
    }

    /// The position, drawn, with its outcome for the player to move.
    fn show(&mut self, a: &Analysis) -> Result<()> {
        writeln!(self.out, "Position: {}", a.position)?;
        match &a.drawing {
            Drawing::Piles { piles, noun, note } => {
                for (i, &n) in piles.iter().enumerate() {
                    let counters = "o".repeat(n.min(40) as usize);
                    let more = if n > 40 { " ..." } else { "" };
                    writeln!(self.out, "  {noun} {:<3} {n:>4}  {counters}{more}", i + 1)?;
                }
                if let Some(note) = note {
                    writeln!(self.out, "  ({note})")?;
                }
            }
            Drawing::Coins { heads } => {
                let row: Vec<&str> = heads.iter().map(|&h| if h { "H" } else { "T" }).collect();
                writeln!(self.out, "  coins: {}", row.join(" "))?;
            }
            Drawing::Board { rows, note } => {
                let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
                let numbers: Vec<String> = (1..=width).map(|c| (c % 10).to_string()).collect();
                writeln!(self.out, "       {}", numbers.join(" "))?;
                for (r, row) in rows.iter().enumerate() {
                    let cells: Vec<String> = row.chars().map(String::from).collect();
                    writeln!(self.out, "  {:>3}  {}", r + 1, cells.join(" "))?;
                }
                if let Some(note) = note {
                    writeln!(self.out, "  ({note})")?;
                }
            }
            Drawing::Edges { edges, note } => {
                if edges.is_empty() {
                    writeln!(self.out, "  no edge left")?;
                }
                for (i, (u, v, c)) in edges.iter().enumerate() {
                    let colour = match c {
                        'b' => "blue (Left's)",
                        'r' => "red (Right's)",
                        _ => "green (both players')",
                    };
                    writeln!(self.out, "  edge {:<3} {u}-{v}  {colour}", i + 1)?;
                }
                if let Some(note) = note {
                    writeln!(self.out, "  ({note})")?;
                }
            }
            Drawing::Graph { .. } => {
                // A graph's position tells nothing of its moves: list them (outcomes stay
                // for `hint`).
                let moves: Vec<String> = a
                    .moves
                    .iter()
                    .map(|c| format!("{} {}", c.key, c.to))
                    .collect();
                if !moves.is_empty() {
                    writeln!(self.out, "  moves: {}", moves.join(", "))?;
                }
            }
        }
        if a.outcome == Outcome::Draw && !a.is_over() {
            writeln!(
                self.out,
                "This position is a draw with best play: it can go on forever."
            )?;
        }
        Ok(())
    }

    /// Every legal move with its outcome for its player and its remoteness or value; the
    /// engine's choice starred, mistakes marked.
    fn hint(&mut self, a: &Analysis) -> Result<()> {
        let remoteness = a.remoteness.map_or(String::new(), |r| format!(" in {r}"));
        let value = a.value.map_or(String::new(), |v| format!(", value {v}"));
        let outcome = self.paint(a.outcome, &format!("{}{remoteness}", a.outcome));
        writeln!(self.out, "Hint: {outcome} for the player to move{value}.")?;
        if let Some(form) = &a.form {
            writeln!(
                self.out,
                "Canonical form {}, outcome class {}, temperature {}.",
                form.canonical_form, form.outcome_class, form.temperature
            )?;
        }
        for (i, c) in a.moves.iter().enumerate() {
            let star = if a.best == Some(i) { "*" } else { " " };
            writeln!(
                self.out,
                "{star}{:>4}  {:<28} {}",
                c.key,
                c.text,
                self.verdict(c)
            )?;
        }
        if a.more_moves {
            writeln!(
                self.out,
                "  ... and more moves: type the position a move leads to (played by the \
                 formula, which says who wins but not in how many moves)."
            )?;
        }
        Ok(())
    }

    /// A move's verdict: `win in 3`, `loss in 4 (mistake)`, `draw`, with the value or
    /// canonical form reached.
    fn verdict(&self, c: &Choice) -> String {
        let remoteness = c.remoteness.map_or(String::new(), |r| format!(" in {r}"));
        let value = match (&c.canonical_form, c.value) {
            (Some(form), _) => format!(", canonical form {form}"),
            (None, Some(v)) => format!(", value {v}"),
            (None, None) => String::new(),
        };
        let mistake = if c.mistake { "  (mistake)" } else { "" };
        format!(
            "{}{value}{mistake}",
            self.paint(c.result, &format!("{}{remoteness}", c.result))
        )
    }

    /// `text` in the colour of `outcome`, on a terminal.
    fn paint(&self, outcome: Outcome, text: &str) -> String {
        if !self.colour {
            return text.to_string();
        }
        let code = match outcome {
            Outcome::Win => 32,
            Outcome::Loss => 31,
            Outcome::Draw => 33,
        };
        format!("\x1b[{code}m{text}\x1b[0m")
    }

    /// Who won, where no move is left.
    fn announce_end(&mut self, a: &Analysis, side: usize, engine: Option<usize>) -> Result<()> {
        let winner = match a.outcome {
            Outcome::Win => Some(side),
            Outcome::Loss => Some(1 - side),
            Outcome::Draw => None,
        };
        match winner {
            Some(w) => {
                let name = self.side_name(w, engine);
                let verb = if name == "You" { "win" } else { "wins" };
                writeln!(self.out, "Game over. {name} {verb}.")?
            }
            None => writeln!(self.out, "Game over. A draw.")?,
        }
        Ok(())
    }

    /// The moves that threw a win (or a draw) away, with the move that kept it.
    fn review(&mut self, session: &Session, engine: Option<usize>) -> Result<()> {
        let game = session.game();
        let mut any = false;
        writeln!(self.out, "Review:")?;
        for (n, step) in session.mistakes() {
            any = true;
            let before = game.analyse(step.from);
            let played = game.choice(step.from, step.to);
            let best = before.best.map(|b| &before.moves[b]);
            writeln!(
                self.out,
                "  move {n} ({}): {} threw away a {} (better: {})",
                self.side_name(step.side, engine),
                played.as_ref().map_or("?", |c| c.text.as_str()),
                step.before,
                best.map_or("?", |c| c.text.as_str()),
            )?;
        }
        if !any {
            writeln!(self.out, "  no move threw a win or a draw away.")?;
        }
        Ok(())
    }
}
