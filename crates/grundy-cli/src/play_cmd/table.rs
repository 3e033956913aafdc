//! The game's loop: whose turn it is, what a player typed, the engine's moves, undo, and how
//! the game ended; then the review.

use std::collections::HashMap;
use std::io::{BufRead, Write};

use anyhow::Result;
use grundy::input::without_bom;
use grundy::Outcome;
use grundy_catalogue::play::{Analysis, Match, PlayError, Session, Step};
use serde::Serialize;

/// The terminal's side of a game: where it writes, whether in colour, whether it echoes the
/// lines it reads, and the side the engine plays.
pub(super) struct Table<W> {
    /// Where the game is written.
    pub out: W,
    /// Whether outcomes are coloured.
    pub colour: bool,
    /// Whether each line read is written back after its prompt (input that is not typed at
    /// a terminal, which echoes it itself).
    pub echo: bool,
    /// The side the engine plays (0 moves first), `None` for two people.
    pub engine: Option<usize>,
}

/// How many times a position may come back before the game is called a draw.
const REPEATS_FOR_DRAW: usize = 3;

/// How a game stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum End {
    /// No move was left.
    Over,
    /// A position came back [`REPEATS_FOR_DRAW`] times: a draw.
    Repetition,
    /// A player quit.
    Quit,
    /// The input ended.
    InputEnded,
}

/// A game played: its moves, how it stopped, and who won (0 for the side that moved first)
/// where it ended with a winner.
pub(super) struct Played<'a> {
    /// The moves.
    pub session: Session<'a>,
    /// How the game stopped.
    pub end: End,
    /// The side that won, where the game ended with a winner.
    pub winner: Option<usize>,
}

/// What a line typed at a turn asks for.
enum Command<'a> {
    /// An empty line.
    Nothing,
    /// `quit`: the game ends.
    Quit,
    /// `show`: the position and its moves again.
    Show,
    /// `hint`: the moves with their outcomes.
    Hint,
    /// `undo`: take back the last move (and the engine's reply).
    Undo,
    /// A move, as typed.
    Move(&'a str),
}

impl<'a> Command<'a> {
    /// The command of a line (trimmed); any other text is a move.
    fn read(line: &'a str) -> Command<'a> {
        match line.to_ascii_lowercase().as_str() {
            "" => Command::Nothing,
            "quit" | "q" | "exit" => Command::Quit,
            "show" => Command::Show,
            "hint" | "h" | "?" => Command::Hint,
            "undo" | "u" => Command::Undo,
            _ => Command::Move(line),
        }
    }
}

/// A game in progress: its moves, and how many times play has reached each position (for
/// the draw by repetition).
struct Course<'a> {
    session: Session<'a>,
    seen: HashMap<u32, usize>,
}

impl<'a> Course<'a> {
    /// A game at `game`'s start, reached once.
    fn new(game: &'a Match) -> Course<'a> {
        Course {
            session: Session::new(game),
            seen: HashMap::from([(game.start(), 1)]),
        }
    }

    /// Plays the move to `to`.
    fn play(&mut self, to: u32) -> &Step {
        *self.seen.entry(to).or_default() += 1;
        self.session.play(to)
    }

    /// Takes back the last `count` moves.
    fn undo(&mut self, count: usize) {
        for step in (0..count).filter_map(|_| self.session.undo()) {
            *self.seen.entry(step.to).or_default() -= 1;
        }
    }

    /// Whether position `p` has come back often enough to call the game a draw.
    fn repeated(&self, p: u32) -> bool {
        self.seen.get(&p).copied().unwrap_or(0) >= REPEATS_FOR_DRAW
    }
}

/// What the table has shown of the position: whether it is due to be shown (it was just
/// reached, or asked for), and whether its moves' outcomes were shown; only then is a
/// mistake pointed out as it is played (outcomes are shown on request only, and the review
/// names every mistake).
struct Shown {
    due: bool,
    hinted: bool,
}

impl Shown {
    /// A position just reached: to be shown, its outcomes not.
    fn reached() -> Shown {
        Shown {
            due: true,
            hinted: false,
        }
    }
}

/// How many moves an undo takes back: against the engine (playing `engine`), the player's
/// last move and the engine's replies after it, so that it is the player's turn again;
/// between two people, the last move. 0 when there is no such move (the engine's opening
/// move is not the player's to take back). O(moves).
fn undo_count(history: &[Step], engine: Option<usize>) -> usize {
    match engine {
        None => usize::from(!history.is_empty()),
        Some(e) => (history.iter())
            .rposition(|s| s.side != e)
            .map_or(0, |i| history.len() - i),
    }
}

impl<W: Write> Table<W> {
    /// Plays `game` until it ends, the input ends or a player quits.
    pub fn play<'a>(&mut self, game: &'a Match, input: &mut impl BufRead) -> Result<Played<'a>> {
        let mut course = Course::new(game);
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
        let mut shown = Shown::reached();
        // Until the first line is read: a leading byte-order mark is dropped from it.
        let mut at_start = true;
        let (end, winner) = loop {
            let p = course.session.position();
            let analysis = game.analyse(p);
            let side = course.session.side_to_move();
            if shown.due {
                self.show(&analysis)?;
            }
            if analysis.is_over() {
                break (End::Over, self.announce_end(&analysis, side)?);
            }
            if course.repeated(p) {
                writeln!(
                    self.out,
                    "The position has come back {REPEATS_FOR_DRAW} times: a draw."
                )?;
                break (End::Repetition, None);
            }
            if self.engine == Some(side) {
                self.engine_moves(&analysis, &mut course)?;
                shown.due = true;
                continue;
            }
            if std::mem::take(&mut shown.due) {
                match self.engine {
                    None => {
                        self.hint(&analysis, game.why(p))?;
                        shown.hinted = true;
                    }
                    Some(_) => self.list(&analysis)?,
                }
            }
            let Some(line) = self.ask(side, input, &mut at_start)? else {
                break (End::InputEnded, None);
            };
            if let Some(end) = self.answer(&line, &analysis, &mut course, &mut shown)? {
                break (end, None);
            }
        };
        Ok(Played {
            session: course.session,
            end,
            winner,
        })
    }

    /// Does what `line` asks at the position analysed, `a`: a command, or a move; returns
    /// how the game ends if it asks to quit.
    fn answer(
        &mut self,
        line: &str,
        a: &Analysis,
        course: &mut Course,
        shown: &mut Shown,
    ) -> Result<Option<End>> {
        match Command::read(line) {
            Command::Nothing => {}
            Command::Quit => return Ok(Some(End::Quit)),
            Command::Show => shown.due = true,
            Command::Hint => {
                let session = &course.session;
                self.hint(a, session.game().why(session.position()))?;
                shown.hinted = true;
            }
            Command::Undo => {
                if self.undo(course)? {
                    *shown = Shown::reached();
                }
            }
            Command::Move(text) => {
                let game = course.session.game();
                match game.read_move(course.session.position(), text) {
                    Ok(to) => {
                        let step = course.play(to);
                        if step.is_mistake() && shown.hinted {
                            writeln!(self.out, "(That move throws away a {}.)", step.before)?;
                        }
                        *shown = Shown::reached();
                    }
                    // A solution on disk that cannot be read ends the game: no answer is
                    // made up.
                    Err(e @ PlayError::Solution(_)) => return Err(e.into()),
                    Err(e) => writeln!(self.out, "{e}")?,
                }
            }
        }
        Ok(None)
    }

    /// The engine plays its best move at the position analysed.
    fn engine_moves(&mut self, a: &Analysis, course: &mut Course) -> Result<()> {
        let best = &a.moves[a.best.unwrap_or(0)];
        writeln!(self.out, "The engine plays {}: {}.", best.key, best.text)?;
        let session = &course.session;
        let to = session.game().read_move(session.position(), &best.key)?;
        course.play(to);
        Ok(())
    }

    /// Asks `side` for a line and reads it, trimmed (and echoed where the input is not a
    /// terminal); `None` at the end of the input.
    fn ask(
        &mut self,
        side: usize,
        input: &mut impl BufRead,
        at_start: &mut bool,
    ) -> Result<Option<String>> {
        write!(self.out, "{} to move: ", self.side_name(side))?;
        self.out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            // The next line starts on a line of its own.
            writeln!(self.out)?;
            return Ok(None);
        }
        let line = match std::mem::take(at_start) {
            true => without_bom(&line),
            false => &line,
        };
        let line = line.trim();
        if self.echo {
            writeln!(self.out, "{line}")?;
        }
        Ok(Some(line.to_string()))
    }

    /// Takes back the last move (against the engine, the player's last move and the
    /// engine's reply), or says why nothing can be taken back and changes nothing. Returns
    /// whether a move was taken back.
    fn undo(&mut self, course: &mut Course) -> Result<bool> {
        let history = course.session.history();
        let count = undo_count(history, self.engine);
        if count == 0 {
            let why = match history.is_empty() {
                true => "no move has been played",
                false => "you have not moved yet, and the engine's opening move stays",
            };
            writeln!(self.out, "Nothing to undo: {why}.")?;
            return Ok(false);
        }
        course.undo(count);
        let moves = if count == 1 { "move" } else { "moves" };
        writeln!(self.out, "Took back {count} {moves}.")?;
        Ok(true)
    }

    /// Who a side is: `You`, `The engine`, `Player 1`.
    fn side_name(&self, side: usize) -> String {
        match self.engine {
            Some(e) if e == side => "The engine".into(),
            Some(_) => "You".into(),
            None => format!("Player {}", side + 1),
        }
    }

    /// Says who won, where no move is left at position `a` with `side` to move; returns the
    /// winner, `None` for a draw.
    fn announce_end(&mut self, a: &Analysis, side: usize) -> Result<Option<usize>> {
        let winner = match a.outcome {
            Outcome::Win => Some(side),
            Outcome::Loss => Some(1 - side),
            Outcome::Draw => None,
        };
        match winner {
            Some(w) => {
                let name = self.side_name(w);
                let verb = if name == "You" { "win" } else { "wins" };
                writeln!(self.out, "Game over. {name} {verb}.")?
            }
            None => writeln!(self.out, "Game over. A draw.")?,
        }
        Ok(winner)
    }

    /// The moves that threw a win (or a draw) away, with the move that kept it.
    pub fn review(&mut self, session: &Session) -> Result<()> {
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
                self.side_name(step.side),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A move of `side` from position `from` to `to` (outcomes do not matter here).
    fn step(side: usize, from: u32, to: u32) -> Step {
        Step {
            from,
            to,
            side,
            before: Outcome::Win,
            result: Outcome::Win,
        }
    }

    #[test]
    fn undo_takes_back_the_players_move_and_the_engines_replies_never_the_opening() {
        // The engine (side 0) opened: nothing of the player's to take back.
        assert_eq!(undo_count(&[step(0, 0, 1)], Some(0)), 0);
        assert_eq!(undo_count(&[], Some(1)), 0);
        // The player's move and the engine's reply.
        assert_eq!(undo_count(&[step(0, 0, 1), step(1, 1, 2)], Some(1)), 2);
        assert_eq!(
            undo_count(&[step(0, 0, 1), step(1, 1, 2), step(0, 2, 3)], Some(0)),
            2
        );
        // The player's last move, when the engine has not replied (the game ended).
        assert_eq!(undo_count(&[step(0, 0, 1)], Some(1)), 1);
        // Two people: the last move.
        assert_eq!(undo_count(&[step(0, 0, 1), step(1, 1, 2)], None), 1);
        assert_eq!(undo_count(&[], None), 0);
    }
}
