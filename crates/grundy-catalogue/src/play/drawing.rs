//! A position as front ends draw it: piles as stacks of counters, a row of coins, a board as a
//! grid of cells, a Hackenbush picture as its edges, a graph's position by name (with its
//! vertices and edges where it has them: Snort, Col). Serialized with a `kind` tag, so that a
//! page picks its picture by kind. [`Drawing::touched`] says which parts of a drawing a move
//! changes, so that a page plays a move by clicking them.

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
        /// Whether the game names its cells as a chess board does (the board games: `b2` is
        /// column b from the left, row 2 from the bottom), so that a front end labels the
        /// columns with letters and the rows upwards; otherwise rows and columns are numbered
        /// from the top left, as the rulesets name them (`(1,2)`).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        chess: bool,
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
    /// A position of a position graph, by its name; a graph of vertices to colour (Snort,
    /// Col) also with its vertices and edges.
    Graph {
        /// The position's name.
        position: String,
        /// The vertices in play, each with its number and tint: `.` none, `L` or `R` (next
        /// to a vertex that Left or Right coloured). Empty for a position graph's position.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        vertices: Vec<(u8, char)>,
        /// The edges between vertices in play.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        links: Vec<(u8, u8)>,
    },
}

/// A part of a drawing, as a page clicks it: `[pile, counter]` (both from 0, counter 0 at the
/// bottom), `[row, column]` of a board (from 0), `[coin]`, `[edge]` (from 0, in the order of
/// the drawing), `[vertex]` (its number).
pub type Part = Vec<u64>;

/// What a move changes on its position's drawing ([`Drawing::touched`]): the parts a player
/// clicks to make it, in order, and every part it changes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Touch {
    /// The parts clicked to make the move, in order: the lowest counter taken from each pile
    /// that shrinks; the cell a piece leaves, then the cell it lands on (a cell left and then
    /// filled, as by an arrow shot back, is clicked again); the first cell filled; the last
    /// coin turned from heads to tails; the edge cut; the vertex coloured.
    pub path: Vec<Part>,
    /// Every part the move changes: the lowest counter taken from (or added to) each pile
    /// that changes, every cell, every coin turned, every edge that goes, every vertex that
    /// goes. A page tells moves with the same path apart by these.
    pub changed: Vec<Part>,
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
            Drawing::Board { rows, chess, .. } => Drawing::Board { rows, note, chess },
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
            (_, Drawing::Graph { position, .. }) => format!("to {position}"),
        }
    }

    /// What the move from this drawing to `to` changes, for a page that plays by clicking;
    /// `None` where the two drawings are not of one kind and shape (heaps split in two, a
    /// position graph's positions), and for graphs (Snort and Col, whose rulesets say which
    /// vertex a move colours: the tints left behind do not always tell). O(size of the
    /// drawings); O(edges²) for edges.
    pub fn touched(&self, to: &Drawing) -> Option<Touch> {
        let touch = match (self, to) {
            (Drawing::Piles { piles: a, .. }, Drawing::Piles { piles: b, .. })
                if a.len() == b.len() =>
            {
                let changed: Vec<(usize, u64, u64)> = (a.iter().zip(b).enumerate())
                    .filter(|(_, (x, y))| x != y)
                    .map(|(i, (&x, &y))| (i, x, y))
                    .collect();
                Touch {
                    path: (changed.iter().filter(|(_, x, y)| y < x))
                        .map(|&(i, _, y)| vec![i as u64, y])
                        .collect(),
                    changed: (changed.iter())
                        .map(|&(i, x, y)| vec![i as u64, x.min(y)])
                        .collect(),
                }
            }
            (Drawing::Coins { heads: a }, Drawing::Coins { heads: b }) if a.len() == b.len() => {
                let turned: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
                let last = (turned.iter().rev())
                    .find(|&&i| a[i] && !b[i])
                    .or(turned.last());
                Touch {
                    path: last.map(|&i| vec![i as u64]).into_iter().collect(),
                    changed: turned.iter().map(|&i| vec![i as u64]).collect(),
                }
            }
            (Drawing::Board { rows: a, .. }, Drawing::Board { rows: b, .. }) => board_touch(a, b)?,
            (Drawing::Edges { edges: a, .. }, Drawing::Edges { edges: b, .. }) => {
                edges_touch(a, b)?
            }
            // A graph's vertices: the ruleset says which was coloured (the tints left behind
            // do not always tell).
            _ => return None,
        };
        (!touch.path.is_empty()).then_some(touch)
    }
}

/// How a game's moves are read off its drawings before and after them: in words, and as
/// what they change ([`Touch`]) for a page that plays by clicking.
#[derive(Debug, Clone, Copy)]
pub struct Reading {
    /// The move in words ([`Drawing::change`]).
    pub change: fn(&Drawing, &Drawing) -> String,
    /// What it changes ([`Drawing::touched`]).
    pub touched: fn(&Drawing, &Drawing) -> Option<Touch>,
}

/// Moves read by comparing the drawings part by part: piles, cells, coins and edges keep
/// their places.
pub const IN_PLACE: Reading = Reading {
    change: Drawing::change,
    touched: Drawing::touched,
};

/// Moves on heaps that are kept sorted and may split (take-and-break games), whose places the
/// drawings do not keep: a move takes from the one heap of the drawing before that is not in
/// the drawing after (the first of its size), and leaves the parts of the drawing after that
/// are not in the one before. In words `heap 1: 7 -> 3 + 2`; as touches, the larger part stays
/// at the bottom of the heap and the smaller at the top, the counters taken between them are
/// changed and the lowest of them clicked (for a split that takes nothing, the lowest counter
/// of the top part). Drawings that are not such a move are read in place.
pub const HEAPS: Reading = Reading {
    change: |a, b| match heap_move(a, b) {
        Some((pile, heap, parts)) => {
            let noun = match a {
                Drawing::Piles { noun, .. } => noun.as_str(),
                _ => "heap",
            };
            let left: Vec<String> = parts.iter().map(u64::to_string).collect();
            let left = if left.is_empty() {
                "0".to_string()
            } else {
                left.join(" + ")
            };
            format!("{noun} {}: {heap} -> {left}", pile + 1)
        }
        None => a.change(b),
    },
    touched: |a, b| {
        let Some((pile, heap, parts)) = heap_move(a, b) else {
            return a.touched(b);
        };
        let kept: u64 = parts.iter().sum();
        let bottom = parts.first().copied().unwrap_or(0);
        let taken = bottom..(heap - (kept - bottom)).max(bottom + 1);
        let pile = pile as u64;
        Some(Touch {
            path: vec![vec![pile, bottom]],
            changed: taken.map(|c| vec![pile, c]).collect(),
        })
    },
};

/// The move on heaps from `a` to `b` ([`HEAPS`]): the place in `a` of the heap taken from,
/// its size, and the parts it leaves, largest first; `None` unless both are piles and `a`
/// loses exactly one heap for parts that hold no more than it (and two of them at least
/// where they hold as much). O(heaps log heaps).
fn heap_move(a: &Drawing, b: &Drawing) -> Option<(usize, u64, Vec<u64>)> {
    let (Drawing::Piles { piles: a, .. }, Drawing::Piles { piles: b, .. }) = (a, b) else {
        return None;
    };
    // The multisets' differences: what went, and what it left.
    let (mut went, mut left) = (a.clone(), b.clone());
    went.sort_unstable();
    left.sort_unstable();
    let (mut i, mut j) = (0, 0);
    let (mut gone, mut parts) = (Vec::new(), Vec::new());
    loop {
        match (went.get(i), left.get(j)) {
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(&x), y) if y.is_none_or(|&y| x < y) => {
                gone.push(x);
                i += 1;
            }
            (_, Some(&y)) => {
                parts.push(y);
                j += 1;
            }
            _ => break,
        }
    }
    let [heap] = gone[..] else {
        return None;
    };
    let kept: u64 = parts.iter().sum();
    if kept > heap || kept == heap && parts.len() < 2 {
        return None;
    }
    parts.reverse();
    Some((a.iter().position(|&n| n == heap)?, heap, parts))
}

/// The cells of a board move: the cell a piece leaves (holding the piece that appears
/// elsewhere) and the cell it lands on, or for a move that only fills cells, the first.
fn board_touch(a: &[String], b: &[String]) -> Option<Touch> {
    if a.len() != b.len() {
        return None;
    }
    let mut changed = Vec::new();
    for (r, (x, y)) in a.iter().zip(b).enumerate() {
        let (x, y): (Vec<char>, Vec<char>) = (x.chars().collect(), y.chars().collect());
        if x.len() != y.len() {
            return None;
        }
        changed.extend(
            (0..x.len())
                .filter(|&c| x[c] != y[c])
                .map(|c| (r, c, x[c], y[c])),
        );
    }
    let piece = |ch: char| ch != '.' && ch != '#';
    let part = |&(r, c, _, _): &(usize, usize, char, char)| vec![r as u64, c as u64];
    let landed: Vec<_> = changed.iter().filter(|(_, _, _, y)| piece(*y)).collect();
    let left = match landed[..] {
        [&(_, _, _, p)] => changed.iter().find(|(_, _, x, y)| *x == p && *y != p),
        _ => None,
    };
    let path = match (left, landed.first()) {
        (Some(from), Some(to)) => {
            let mut path = vec![part(from), part(to)];
            // Left, then filled: the arrow an amazon shoots back where it stood.
            if from.3 != '.' {
                path.push(part(from));
            }
            path
        }
        _ => changed.first().map(part).into_iter().collect(),
    };
    Some(Touch {
        path,
        changed: changed.iter().map(part).collect(),
    })
}

/// The edges a cut removes (those of `a` not kept in `b`, which keeps the others in order),
/// and the edge cut: the one whose removal alone leaves exactly `b` grounded.
fn edges_touch(a: &[(u8, u8, char)], b: &[(u8, u8, char)]) -> Option<Touch> {
    let mut kept = b.iter().peekable();
    let mut removed = Vec::new();
    for (i, e) in a.iter().enumerate() {
        if kept.peek() == Some(&e) {
            kept.next();
        } else {
            removed.push(i);
        }
    }
    if kept.next().is_some() {
        return None;
    }
    let cut = removed.iter().copied().find(|&e| fallen(a, e) == removed)?;
    Some(Touch {
        path: vec![vec![cut as u64]],
        changed: removed.iter().map(|&i| vec![i as u64]).collect(),
    })
}

/// The edges of `edges` no longer joined to the ground (vertex 0) once edge `cut` is gone,
/// `cut` among them, in order. O(edges²).
fn fallen(edges: &[(u8, u8, char)], cut: usize) -> Vec<usize> {
    let mut grounded = vec![false; 256];
    grounded[0] = true;
    let mut grew = true;
    while grew {
        grew = false;
        for (i, &(u, v, _)) in edges.iter().enumerate() {
            let (u, v) = (usize::from(u), usize::from(v));
            if i != cut && grounded[u] != grounded[v] {
                grounded[u] = true;
                grounded[v] = true;
                grew = true;
            }
        }
    }
    (0..edges.len())
        .filter(|&i| i == cut || !grounded[usize::from(edges[i].0)])
        .collect()
}

/// A row of coins as text: `1` for heads, `0` for tails, coin 1 first.
pub fn coin_text(heads: &[bool]) -> String {
    heads.iter().map(|&h| if h { '1' } else { '0' }).collect()
}
