//! A position as front ends draw it: piles as stacks of counters, a graph's position with its
//! options. Serialized with a `kind` tag, so that a page picks its picture by kind.

use serde::Serialize;

/// A position, described for drawing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Drawing {
    /// Piles of counters side by side (Nim, subtraction games, Wythoff's two piles, the steps
    /// of a staircase), each drawn as a stack.
    Piles {
        /// The counters of each pile.
        piles: Vec<u64>,
        /// Each pile's name: `pile 1`, `A`, `step 2`.
        names: Vec<String>,
        /// What else a player must know: `the next take is at most 6`, `Left to move`.
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// A position of a position graph, with the positions one move away.
    Graph {
        /// The position's name.
        position: String,
        /// Its options' names (at most the listing's limit).
        options: Vec<String>,
        /// The result the graph fixes here (`win`, `loss`, `draw`), if any.
        #[serde(skip_serializing_if = "Option::is_none")]
        result: Option<String>,
    },
}

impl Drawing {
    /// Piles named `{prefix} 1`, `{prefix} 2`, ..., with no note.
    pub fn numbered_piles(piles: &[u64], prefix: &str) -> Drawing {
        Drawing::Piles {
            piles: piles.to_vec(),
            names: (1..=piles.len()).map(|i| format!("{prefix} {i}")).collect(),
            note: None,
        }
    }

    /// The same drawing with a note.
    pub fn with_note(self, text: impl Into<String>) -> Drawing {
        match self {
            Drawing::Piles { piles, names, .. } => Drawing::Piles {
                piles,
                names,
                note: Some(text.into()),
            },
            other => other,
        }
    }
}
