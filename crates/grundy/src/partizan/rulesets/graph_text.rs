//! CGSuite's graph notation, read for the rulesets played on graphs (Hackenbush, Childish
//! Hackenbush, the Arc Kayles games).
//!
//! A vertex is a label (the ruleset's vertex labels; `.` or nothing at all for the default
//! one); an edge is a label too (the ruleset's edge labels: `l`, `r`, `e` in Hackenbush, `-`
//! in Arc Kayles) and runs from the vertex before it to the vertex after it; `(a;b;c)`
//! after a vertex starts branches from it, and what follows the `)` goes on from that vertex
//! too (an extension: CGSuite allows nothing there); a `;` outside parentheses starts a new
//! piece;
//! `:X` or `:{name}` after a vertex names it, and a name met again is the same vertex (how
//! cycles, loops and multiple edges are written); `{text}` is one label of several
//! characters; spaces are skipped. The first vertex written is vertex 0 (Hackenbush's
//! ground). `l(l;rl)`, `:{ground}llrr:{ground}`, `.-.-.`, `2-1-3`.
//!
//! O(length of the text); the vertices and edges are counted as they come, so that no text
//! makes more than the ruleset allows.

use std::collections::HashMap;

use super::BoardError;

/// A graph as written: each vertex's label, and the edges `(from, to, label)` in the order
/// written (a loop is `(v, v, label)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written<V, E> {
    /// The label of vertex `i`.
    pub labels: Vec<V>,
    /// The column (from 1) where each vertex was first written, for errors about it.
    pub columns: Vec<usize>,
    /// The edges, in the order written.
    pub edges: Vec<(u8, u8, E)>,
}

/// What a ruleset's notation allows: its labels, and its limits.
pub struct Notation<'a, V, E> {
    /// A vertex label read from a token (`L`, `3`), `None` if the token is not one.
    pub vertex: &'a dyn Fn(&str) -> Option<V>,
    /// The label of a vertex written `.` or left out, `None` where every vertex must be
    /// labelled (Weighted Arc Kayles' weights).
    pub default_vertex: Option<V>,
    /// An edge label read from a token (`l`, `-`), `None` if the token is not one.
    pub edge: &'a dyn Fn(&str) -> Option<E>,
    /// The edge labels, for errors: `'l' (blue), 'r' (red) or 'e' (green)`.
    pub edges_are: &'a str,
    /// The vertex labels, for errors.
    pub vertices_are: &'a str,
    /// The most vertices.
    pub max_vertices: usize,
    /// The most edges.
    pub max_edges: usize,
}

/// The deepest nesting of parentheses read: a bound on the reader's recursion.
const MAX_DEPTH: usize = 256;

/// The reader's state: the tokens (each with its column) and what has been read so far.
struct Reader<'n, 'a, V, E> {
    notation: &'n Notation<'a, V, E>,
    tokens: Vec<(String, usize)>,
    at: usize,
    end_column: usize,
    graph: Written<V, E>,
    names: HashMap<String, u8>,
}

/// Splits the text into tokens: one a character, or `{...}` one token (the braces dropped),
/// spaces skipped.
fn tokens(text: &str) -> Result<Vec<(String, usize)>, BoardError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            ' ' | '\t' | '\n' | '\r' => i += 1,
            '{' => {
                let close = chars[i + 1..]
                    .iter()
                    .position(|&c| c == '}')
                    .ok_or_else(|| BoardError::at(1, i + 1, "expected '}' to close this '{'"))?;
                out.push((chars[i + 1..i + 1 + close].iter().collect(), i + 1));
                i += close + 2;
            }
            c => {
                out.push((c.to_string(), i + 1));
                i += 1;
            }
        }
    }
    Ok(out)
}

impl<V: Clone + PartialEq, E> Reader<'_, '_, V, E> {
    fn head(&self) -> Option<&str> {
        self.tokens.get(self.at).map(|(t, _)| t.as_str())
    }

    fn column(&self) -> usize {
        self.tokens.get(self.at).map_or(self.end_column, |t| t.1)
    }

    fn error(&self, message: impl std::fmt::Display) -> BoardError {
        BoardError::at(1, self.column(), message)
    }

    fn found(&self) -> String {
        match self.head() {
            Some(t) if t.chars().count() == 1 => format!("found '{t}'"),
            Some(t) => format!("found '{{{t}}}'"),
            None => "found the end".to_string(),
        }
    }

    /// A vertex: its label (or the default), then perhaps `:name`.
    fn vertex(&mut self) -> Result<u8, BoardError> {
        let column = self.column();
        let label = match self.head().and_then(|t| (self.notation.vertex)(t)) {
            Some(label) => {
                self.at += 1;
                label
            }
            None => {
                if self.head() == Some(".") {
                    self.at += 1;
                }
                self.notation.default_vertex.clone().ok_or_else(|| {
                    self.error(format!(
                        "expected a vertex ({}), {}",
                        self.notation.vertices_are,
                        self.found()
                    ))
                })?
            }
        };
        if self.head() != Some(":") {
            return self.add(label, column);
        }
        self.at += 1;
        let Some(name) = self.head().map(str::to_string) else {
            return Err(self.error("expected a vertex name after ':' (a letter, or {name})"));
        };
        self.at += 1;
        match self.names.get(&name) {
            Some(&v) => {
                if self.graph.labels[usize::from(v)] != label {
                    return Err(BoardError::at(
                        1,
                        column,
                        format!("the vertex named {name:?} is written with two labels"),
                    ));
                }
                Ok(v)
            }
            None => {
                let v = self.add(label, column)?;
                self.names.insert(name, v);
                Ok(v)
            }
        }
    }

    fn add(&mut self, label: V, column: usize) -> Result<u8, BoardError> {
        if self.graph.labels.len() == self.notation.max_vertices {
            return Err(BoardError::at(
                1,
                column,
                format!(
                    "more than {} vertices, the most this ruleset plays",
                    self.notation.max_vertices
                ),
            ));
        }
        self.graph.labels.push(label);
        self.graph.columns.push(column);
        Ok((self.graph.labels.len() - 1) as u8)
    }

    /// A piece going on from `from` (a new piece if `None`): a vertex, then edges and
    /// vertices, or branches, up to the end, a `;` or a `)`.
    fn piece(&mut self, from: Option<u8>, depth: usize) -> Result<(), BoardError> {
        let mut current = match from {
            Some(v) => v,
            None => {
                if self.head().is_none() {
                    return Ok(());
                }
                self.vertex()?
            }
        };
        loop {
            match self.head() {
                None | Some(";") | Some(")") => return Ok(()),
                Some("(") => {
                    if depth == MAX_DEPTH {
                        return Err(self.error(format!(
                            "more than {MAX_DEPTH} parentheses inside one another"
                        )));
                    }
                    loop {
                        self.at += 1;
                        self.piece(Some(current), depth + 1)?;
                        if self.head() != Some(";") {
                            break;
                        }
                    }
                    if self.head() != Some(")") {
                        return Err(self.error(format!("expected ';' or ')', {}", self.found())));
                    }
                    // What follows goes on from the same vertex (CGSuite allows nothing
                    // there; grundy's trees always did).
                    self.at += 1;
                }
                Some(t) => {
                    let label = (self.notation.edge)(t).ok_or_else(|| {
                        self.error(format!(
                            "expected an edge ({}), '(', ';' or ')', {}",
                            self.notation.edges_are,
                            self.found()
                        ))
                    })?;
                    if self.graph.edges.len() == self.notation.max_edges {
                        return Err(self.error(format!(
                            "more than {} edges, the most this ruleset plays",
                            self.notation.max_edges
                        )));
                    }
                    self.at += 1;
                    let next = self.vertex()?;
                    self.graph.edges.push((current, next, label));
                    current = next;
                }
            }
        }
    }
}

/// Reads `text` in CGSuite's graph notation with the labels and limits of `notation`.
/// O(length of the text).
pub fn read<V: Clone + PartialEq, E>(
    text: &str,
    notation: &Notation<'_, V, E>,
) -> Result<Written<V, E>, BoardError> {
    let mut reader = Reader {
        notation,
        tokens: tokens(text)?,
        at: 0,
        end_column: text.chars().count() + 1,
        graph: Written {
            labels: Vec::new(),
            columns: Vec::new(),
            edges: Vec::new(),
        },
        names: HashMap::new(),
    };
    reader.piece(None, 0)?;
    while let Some(t) = reader.head() {
        if t != ";" {
            return Err(reader.error(format!("expected ';' or the end, {}", reader.found())));
        }
        reader.at += 1;
        reader.piece(None, 0)?;
    }
    Ok(reader.graph)
}

/// The vertices reachable from vertex 0 by the edges, as a mask (at most 128 vertices).
/// O(vertices × edges).
pub fn reached_from_first<V, E>(graph: &Written<V, E>) -> u128 {
    if graph.labels.is_empty() {
        return 0;
    }
    let mut reached = 1u128;
    loop {
        let before = reached;
        for &(u, v, _) in &graph.edges {
            if (reached >> u | reached >> v) & 1 == 1 {
                reached |= 1 << u | 1 << v;
            }
        }
        if reached == before {
            return reached;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(text: &str) -> Result<Written<(), char>, BoardError> {
        read(
            text,
            &Notation {
                vertex: &|_| None,
                default_vertex: Some(()),
                edge: &|t| {
                    ["l", "r", "e", "-"]
                        .contains(&t)
                        .then(|| t.chars().next().unwrap())
                },
                edges_are: "l, r, e, -",
                vertices_are: ".",
                max_vertices: 64,
                max_edges: 64,
            },
        )
    }

    #[test]
    fn trees_cycles_and_pieces() {
        let g = plain("l(l;rl)").unwrap();
        assert_eq!(
            g.edges,
            vec![(0, 1, 'l'), (1, 2, 'l'), (1, 3, 'r'), (3, 4, 'l')]
        );
        let g = plain(":{ground}llr:{ground}").unwrap();
        assert_eq!(g.edges, vec![(0, 1, 'l'), (1, 2, 'l'), (2, 0, 'r')]);
        let g = plain(":A-:A-:B-:B").unwrap();
        assert_eq!(g.edges, vec![(0, 0, '-'), (0, 1, '-'), (1, 1, '-')]);
        let g = plain(".-.;.-.").unwrap();
        assert_eq!(g.labels.len(), 4);
        assert_eq!(g.edges, vec![(0, 1, '-'), (2, 3, '-')]);
        assert_eq!(plain("").unwrap().labels.len(), 0);
        let g = plain("(e:B;e:Bll:B)").unwrap();
        assert_eq!(
            g.edges,
            vec![(0, 1, 'e'), (0, 1, 'e'), (1, 2, 'l'), (2, 1, 'l')]
        );
    }

    #[test]
    fn errors_name_their_column() {
        assert_eq!(plain("ll(l;x)").unwrap_err().column, 6);
        assert_eq!(plain("ll(l;r").unwrap_err().column, 7);
        assert_eq!(
            plain("(l;l)r").unwrap().edges,
            vec![(0, 1, 'l'), (0, 2, 'l'), (0, 3, 'r')]
        );
        assert_eq!(plain("l:").unwrap_err().column, 3);
        assert_eq!(plain("l{ab").unwrap_err().column, 2);
        assert!(plain(&"(".repeat(100_000)).is_err());
        assert!(plain(&"l".repeat(65)).is_err());
    }
}
