//! What the terminal shows of a position: its drawing, its moves numbered (in columns, without
//! outcomes), and on request the hint: every move with its outcome, in columns that fit the
//! moves.

use std::io::Write;

use anyhow::Result;
use grundy::solve::DrawLevel;
use grundy::Outcome;
use grundy_catalogue::play::{Analysis, Choice, Drawing};

use super::table::Table;

/// The width the list of moves is laid out in: a terminal's usual width.
const WIDTH: usize = 80;

/// The spaces between two columns of moves.
const GAP: usize = 4;

/// The width of the widest move number of `a`, so that numbers line up.
fn key_width(a: &Analysis) -> usize {
    a.moves.iter().map(|c| c.key.len()).max().unwrap_or(1)
}

/// `cells` laid out in columns read downwards (as `ls` does), as many columns as fit in
/// [`WIDTH`] after an indent of two spaces: the lines, without trailing spaces. O(cells).
fn columns(cells: &[String]) -> Vec<String> {
    let cell = cells.iter().map(|c| c.chars().count()).max().unwrap_or(0);
    let fit = ((WIDTH - 2 + GAP) / (cell + GAP)).max(1);
    let rows = cells.len().div_ceil(fit);
    (0..rows)
        .map(|r| {
            let line: Vec<String> = (cells.iter().skip(r).step_by(rows))
                .map(|c| format!("{c:<cell$}"))
                .collect();
            format!("  {}", line.join(&" ".repeat(GAP)))
                .trim_end()
                .to_string()
        })
        .collect()
}

impl<W: Write> Table<W> {
    /// The position, drawn (nothing of its outcome: that is the hint's).
    pub(super) fn show(&mut self, a: &Analysis) -> Result<()> {
        writeln!(self.out, "Position: {}", a.position)?;
        match &a.drawing {
            Drawing::Piles { piles, noun, note } => {
                for (i, &n) in piles.iter().enumerate() {
                    let counters = "o".repeat(n.min(40) as usize);
                    let more = if n > 40 { " ..." } else { "" };
                    let line = format!("  {noun} {:<3} {n:>4}  {counters}{more}", i + 1);
                    writeln!(self.out, "{}", line.trim_end())?;
                }
                self.note(note.as_deref())?;
            }
            Drawing::Coins { heads } => {
                let row: Vec<&str> = heads.iter().map(|&h| if h { "H" } else { "T" }).collect();
                writeln!(self.out, "  coins: {}", row.join(" "))?;
            }
            Drawing::Board { rows, note, chess } => {
                let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
                // A board game's columns are lettered and its rows counted from the bottom,
                // as its moves name them (`b2`); a ruleset's both numbered from the top left.
                let columns: Vec<String> = (0..width)
                    .map(|c| match chess {
                        true => char::from(b'a' + (c % 26) as u8).to_string(),
                        false => ((c + 1) % 10).to_string(),
                    })
                    .collect();
                writeln!(self.out, "       {}", columns.join(" "))?;
                for (r, row) in rows.iter().enumerate() {
                    let cells: Vec<String> = row.chars().map(String::from).collect();
                    let number = if *chess { rows.len() - r } else { r + 1 };
                    writeln!(self.out, "  {number:>3}  {}", cells.join(" "))?;
                }
                self.note(note.as_deref())?;
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
                self.note(note.as_deref())?;
            }
            // A graph's position is its name; its moves are listed at the player's turn.
            Drawing::Graph { .. } => {}
        }
        Ok(())
    }

    /// A drawing's note, in brackets, if it has one.
    fn note(&mut self, note: Option<&str>) -> Result<()> {
        if let Some(note) = note {
            writeln!(self.out, "  ({note})")?;
        }
        Ok(())
    }

    /// The legal moves, numbered, in columns: what a player types, and nothing of their
    /// outcomes.
    pub(super) fn list(&mut self, a: &Analysis) -> Result<()> {
        let width = key_width(a);
        let cells: Vec<String> = (a.moves.iter())
            .map(|c| format!("{:>width$}  {}", c.key, c.text))
            .collect();
        writeln!(self.out, "Moves:")?;
        for line in columns(&cells) {
            writeln!(self.out, "{line}")?;
        }
        if a.more_moves {
            writeln!(
                self.out,
                "  ... and more: type the position any other move leads to."
            )?;
        }
        Ok(())
    }

    /// Every legal move with its outcome for its player and its remoteness or value, in
    /// columns as wide as the moves; the engine's choice starred, mistakes marked; and `why`,
    /// the line from the game's formula that says why the position is won or lost.
    pub(super) fn hint(&mut self, a: &Analysis, why: Option<String>) -> Result<()> {
        let remoteness = a.remoteness.map_or(String::new(), |r| format!(" in {r}"));
        let value = a.value.map_or(String::new(), |v| format!(", value {v}"));
        let outcome = self.paint(a.outcome, &format!("{}{remoteness}", a.outcome));
        writeln!(self.out, "Hint: {outcome} for the player to move{value}.")?;
        if a.outcome == Outcome::Draw {
            let level = match a.draw_level {
                Some(DrawLevel::Plies(k)) => format!(
                    " Draw level {k}: played well, the opponent first faces a losing move in \
                     {}.",
                    plies(k)
                ),
                Some(DrawLevel::Pure) => {
                    " A pure draw: the opponent can always keep away from a losing move.".into()
                }
                None => String::new(),
            };
            writeln!(
                self.out,
                "(With best play the game goes on forever.{level})"
            )?;
        }
        if let Some(form) = &a.form {
            writeln!(
                self.out,
                "Canonical form {}, outcome class {}, mean {}, temperature {}.",
                form.canonical_form, form.outcome_class, form.mean, form.temperature
            )?;
        }
        if let Some(why) = why {
            writeln!(self.out, "Why: {why}.")?;
        }
        let width = key_width(a);
        let text_width = a.moves.iter().map(|c| c.text.chars().count()).max();
        let text_width = text_width.unwrap_or(0);
        for (i, c) in a.moves.iter().enumerate() {
            let star = if a.best == Some(i) { "*" } else { " " };
            writeln!(
                self.out,
                "{star} {:>width$}  {:<text_width$}  {}",
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
        let level = match (c.draw_level, c.losing_offered) {
            (Some(DrawLevel::Plies(1)), Some(n)) if n > 0 => {
                format!(" (level 1: the opponent has {} at once)", losing(n))
            }
            (Some(DrawLevel::Plies(k)), _) => format!(
                " (level {k}: the opponent first faces a losing move in {})",
                plies(k)
            ),
            (Some(DrawLevel::Pure), _) => " (pure: the opponent never has to risk a loss)".into(),
            (None, _) => String::new(),
        };
        format!(
            "{}{level}{value}{mistake}",
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
}

/// `1 ply`, `3 plies`.
fn plies(k: u32) -> String {
    if k == 1 {
        "1 ply".into()
    } else {
        format!("{k} plies")
    }
}

/// `1 losing move`, `3 losing moves`.
fn losing(n: u32) -> String {
    if n == 1 {
        "1 losing move".into()
    } else {
        format!("{n} losing moves")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_read_downwards_and_fit_the_width() {
        let cells: Vec<String> = (1..=7).map(|i| format!("{i:>2}  move {i}")).collect();
        let lines = columns(&cells);
        // Cells of 10 characters: 5 fit in 80 after the indent, with gaps of 4, so 7 cells
        // take 2 rows (of 4 columns), read downwards.
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[0],
            "   1  move 1     3  move 3     5  move 5     7  move 7"
        );
        assert!(lines.iter().all(|l| l.len() <= WIDTH));
        // A cell wider than the width gets a line of its own.
        let wide = vec!["x".repeat(100), "y".into()];
        assert_eq!(columns(&wide).len(), 2);
    }
}
