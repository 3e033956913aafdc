//! A position as front ends draw it: piles as stacks of counters, a row of coins, a board as a
//! grid of cells, a Hackenbush picture as its edges, a graph's position by name. Serialized with a `kind` tag, so that a page picks its picture by kind.

use serde::Serialize;

/// A position, described for drawing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Drawing {
    /// Piles of counters side by side (Nim, subtraction games, Wythoff's two piles, the steps
    /// of a staircase, heaps), each drawn as a stack.
    Piles {
        /// The counters of each pile.
        piles: Vec<u64>,
        /// What a pile is called: `pile`, `step`, `heap`.
        noun: String,
        /// What else a player must know: `take at most 6`, `Left to move`.
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// A row of coins, heads up or tails up, numbered from 1 on the left.
    Coins {
        /// Whether each coin shows heads.
        heads: Vec<bool>,
    },
    /// A board of cells, row by row (a strip is one row): each cell a character of the
    /// ruleset's notation, `.` empty, `#` blocked or filled, `x` Left's stone and `o` Right's,
    /// `T` a toad (Left's) and `F` a frog (Right's).
    Board {
        /// The rows, top first, one character a cell.
        rows: Vec<String>,
        /// Who is to move: `Left to move`.
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// A Hackenbush position: edges between vertices, vertex 0 the ground.
    Edges {
        /// Each edge: its two ends and its colour, `b` blue (Left's), `r` red (Right's) or `g`
        /// green (both players'), in the position's order (edge 1 first).
        edges: Vec<(u8, u8, char)>,
        /// Who is to move: `Left to move`.
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// A position of a position graph, by its name.
    Graph {
        /// The position's name.
        position: String,
    },
}

impl Drawing {
    /// Piles called `noun`, with no note.
    pub fn piles(piles: &[u64], noun: &str) -> Drawing {
        Drawing::Piles {
            piles: piles.to_vec(),
            noun: noun.to_string(),
            note: None,
        }
    }

    /// The same drawing with a note (piles, boards and edges: coins and graphs have nothing
    /// more to say).
    pub fn with_note(self, text: impl Into<String>) -> Drawing {
        let note = Some(text.into());
        match self {
            Drawing::Piles { piles, noun, .. } => Drawing::Piles { piles, noun, note },
            Drawing::Board { rows, .. } => Drawing::Board { rows, note },
            Drawing::Edges { edges, .. } => Drawing::Edges { edges, note },
            other => other,
        }
    }

    /// The move from this drawing to `to`, in words: the piles that changed (`pile 2: 5 -> 2`)
    /// when the piles keep their places, the coins turned, else the position reached. O(size).
    pub fn change(&self, to: &Drawing) -> String {
        match (self, to) {
            (Drawing::Piles { piles: a, noun, .. }, Drawing::Piles { piles: b, .. })
                if a.len() == b.len() =>
            {
                let changed: Vec<String> = a
                    .iter()
                    .zip(b)
                    .enumerate()
                    .filter(|(_, (x, y))| x != y)
                    .map(|(i, (x, y))| format!("{noun} {}: {x} -> {y}", i + 1))
                    .collect();
                if changed.is_empty() {
                    "pass".to_string()
                } else {
                    changed.join(", ")
                }
            }
            (Drawing::Coins { heads: a }, Drawing::Coins { heads: b }) => {
                let turned: Vec<String> = a
                    .iter()
                    .zip(b)
                    .enumerate()
                    .filter(|(_, (x, y))| x != y)
                    .map(|(i, _)| (i + 1).to_string())
                    .collect();
                format!("turn coins {}", turned.join(", "))
            }
            (_, Drawing::Piles { piles, noun, .. }) => format!(
                "to {noun}s {}",
                piles
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            (_, Drawing::Coins { heads }) => format!("to {}", coin_text(heads)),
            (_, Drawing::Board { rows, .. }) => format!("to {}", rows.join("|")),
            (_, Drawing::Edges { edges, .. }) => format!(
                "to {}",
                edges
                    .iter()
                    .map(|(u, v, c)| format!("{u}-{v}:{c}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            (_, Drawing::Graph { position }) => format!("to {position}"),
        }
    }
}

/// A row of coins as text: `1` for heads, `0` for tails, coin 1 first.
pub fn coin_text(heads: &[bool]) -> String {
    heads.iter().map(|&h| if h { '1' } else { '0' }).collect()
}
