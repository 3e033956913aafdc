//! The position graph: positions are nodes, moves are edges.
//!
//! [`GameGraph`] is the one representation every solver runs on: `u32` position indices, the
//! moves in compressed sparse rows ([`Csr`]), and per-position attributes in separate arrays
//! beside it, so that hot loops touch only what they need. [`text`] reads and writes the
//! project's text format. [`UndirectedGraph`] and [`matching`] serve the games played on
//! undirected graphs (geography and its relatives).

pub(crate) mod csr;
mod labels;
pub mod matching;
pub mod text;
mod undirected;

pub use csr::Csr;
pub use labels::Labels;
pub use undirected::UndirectedGraph;

use crate::outcome::{Outcome, Player};

/// A game given by its positions and moves.
///
/// Position `i` (an index `0..position_count()`) has the options `options(i)`. Optional
/// attributes: a *fixed result* (the game ends at that position with the given outcome for the
/// player to move, whatever moves it has) and the *player to move* (for games where the two
/// players have different moves, a position includes whose turn it is).
///
/// Memory: 4 bytes per move, 8 bytes per position plus its label, 1 byte per position for each
/// attribute array present.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameGraph {
    moves: Csr,
    labels: Labels,
    fixed: Option<Vec<Option<Outcome>>>,
    player: Option<Vec<Option<Player>>>,
    payoff: Option<Vec<Option<i64>>>,
}

impl GameGraph {
    /// A graph from its moves and labels, without attributes.
    ///
    /// # Panics
    /// If `labels` does not have one label per position of `moves`.
    pub fn new(moves: Csr, labels: Labels) -> GameGraph {
        assert_eq!(moves.node_count(), labels.len(), "one label per position");
        GameGraph {
            moves,
            labels,
            fixed: None,
            player: None,
            payoff: None,
        }
    }

    /// A graph on positions `0..position_count` labelled by their index, with the given moves
    /// (each a pair `(from, to)`). Convenient for tests and generated games. O(n + m).
    ///
    /// # Panics
    /// If a move names a position `>= position_count`.
    pub fn from_moves(position_count: u32, moves: &[(u32, u32)]) -> GameGraph {
        let csr = Csr::from_edges(position_count as usize, || moves.iter().copied());
        GameGraph::new(csr, Labels::Integers((0..position_count).collect()))
    }

    /// Sets the fixed results: one entry per position, `None` for positions played normally.
    ///
    /// # Panics
    /// If the length is not the position count.
    pub fn with_fixed_results(mut self, fixed: Vec<Option<Outcome>>) -> GameGraph {
        assert_eq!(fixed.len(), self.position_count());
        self.fixed = fixed.iter().any(Option::is_some).then_some(fixed);
        self
    }

    /// Sets the player to move at each position (`None` where not given).
    ///
    /// # Panics
    /// If the length is not the position count.
    pub fn with_players(mut self, player: Vec<Option<Player>>) -> GameGraph {
        assert_eq!(player.len(), self.position_count());
        self.player = player.iter().any(Option::is_some).then_some(player);
        self
    }

    /// Sets the payoffs: the game ends at a position with a payoff (for payoff solving).
    ///
    /// # Panics
    /// If the length is not the position count.
    pub fn with_payoffs(mut self, payoff: Vec<Option<i64>>) -> GameGraph {
        assert_eq!(payoff.len(), self.position_count());
        self.payoff = payoff.iter().any(Option::is_some).then_some(payoff);
        self
    }

    /// Number of positions.
    #[inline]
    pub fn position_count(&self) -> usize {
        self.moves.node_count()
    }

    /// Number of moves.
    #[inline]
    pub fn move_count(&self) -> usize {
        self.moves.edge_count()
    }

    /// The options of position `p` (positions reachable in one move), in input order. O(1).
    #[inline]
    pub fn options(&self, p: u32) -> &[u32] {
        self.moves.list(p)
    }

    /// The moves as compressed sparse rows.
    #[inline]
    pub fn moves(&self) -> &Csr {
        &self.moves
    }

    /// The labels (names or integer ids) of the positions.
    #[inline]
    pub fn labels(&self) -> &Labels {
        &self.labels
    }

    /// The label of position `p` as text.
    pub fn label(&self, p: u32) -> String {
        self.labels.get(p).to_string()
    }

    /// The position with the given label, if any. O(log n) for integer labels, O(n) for names.
    pub fn index_of(&self, label: &str) -> Option<u32> {
        self.labels.index_of(label)
    }

    /// The fixed result at `p`, if the graph declares one.
    #[inline]
    pub fn fixed_result(&self, p: u32) -> Option<Outcome> {
        self.fixed.as_ref().and_then(|f| f[p as usize])
    }

    /// Whether any position has a fixed result.
    pub fn has_fixed_results(&self) -> bool {
        self.fixed.is_some()
    }

    /// The player to move at `p`, if the graph says.
    #[inline]
    pub fn player(&self, p: u32) -> Option<Player> {
        self.player.as_ref().and_then(|f| f[p as usize])
    }

    /// The payoff at `p`, if the graph gives one: payoff solving ends the game there.
    #[inline]
    pub fn payoff(&self, p: u32) -> Option<i64> {
        self.payoff.as_ref().and_then(|f| f[p as usize])
    }

    /// Whether any position has a payoff.
    pub fn has_payoffs(&self) -> bool {
        self.payoff.is_some()
    }

    /// Whether any position says which player is to move.
    pub fn has_players(&self) -> bool {
        self.player.is_some()
    }

    /// Whether the game ends at `p`: it has a fixed result or no move.
    #[inline]
    pub fn is_terminal(&self, p: u32) -> bool {
        self.fixed_result(p).is_some() || self.moves.degree(p) == 0
    }

    /// The same game with the player to move made part of the position: position `p` becomes
    /// `p@1` (player 1 to move, index `2p`) and `p@2` (index `2p + 1`), and every move of `p`
    /// hands the turn to the other player. Fixed results and payoffs carry over to both copies. This is how
    /// a game whose graph does not say who is to move is solved with players told apart.
    /// O(n + m), twice the size.
    pub fn alternating(&self) -> GameGraph {
        let n = self.position_count() as u32;
        let edges = || {
            (0..n).flat_map(move |p| {
                self.options(p)
                    .iter()
                    .flat_map(move |&q| [(2 * p, 2 * q + 1), (2 * p + 1, 2 * q)])
            })
        };
        let moves = Csr::from_edges(2 * n as usize, edges);
        let labels = (0..n)
            .flat_map(|p| {
                let label = self.labels.get(p);
                [format!("{label}@1").into(), format!("{label}@2").into()]
            })
            .collect();
        let fixed = (0..2 * n).map(|p| self.fixed_result(p / 2)).collect();
        let payoff = (0..2 * n).map(|p| self.payoff(p / 2)).collect();
        let player = (0..2 * n)
            .map(|p| Some(if p % 2 == 0 { Player::One } else { Player::Two }))
            .collect();
        GameGraph::new(moves, Labels::Names(labels))
            .with_fixed_results(fixed)
            .with_players(player)
            .with_payoffs(payoff)
    }

    /// The graph the solvers that tell the players apart (preferences, payoffs) run on: this
    /// one when it says who is to move at every position, else its [`GameGraph::alternating`]
    /// form, where each position is taken once with each player to move. O(n + m).
    ///
    /// ```
    /// use grundy::graph::text::parse_str;
    /// let game = parse_str("a b\n").unwrap().with_player_to_move();
    /// assert_eq!(game.position_count(), 4);
    /// assert_eq!(game.find_position("a"), game.index_of("a@1"));
    /// ```
    pub fn with_player_to_move(self) -> GameGraph {
        if self.has_players() {
            self
        } else {
            self.alternating()
        }
    }

    /// The position a user names: its label (an integer id by value, `05` is `5`), or in an
    /// [`GameGraph::alternating`] graph `ID@1` or `ID@2` for the player to move, a plain `ID`
    /// meaning player 1. O(length of the label) with hashing.
    pub fn find_position(&self, id: &str) -> Option<u32> {
        if let Some(p) = self.index_of(id) {
            return Some(p);
        }
        let (id, player) = id.rsplit_once('@').unwrap_or((id, "1"));
        let id = match id.parse::<u32>() {
            Ok(v) if id.bytes().all(|b| b.is_ascii_digit()) => v.to_string(),
            _ => id.to_string(),
        };
        self.index_of(&format!("{id}@{player}"))
    }

    /// A cycle of moves among the positions for which `ends` is false (positions where the
    /// game ends are left out, with the moves into them), if there is one: its positions in
    /// order. Iterative depth-first search, O(n + m).
    pub fn find_cycle(&self, ends: impl Fn(u32) -> bool) -> Option<Vec<u32>> {
        const NEW: u8 = 0;
        const OPEN: u8 = 1;
        const DONE: u8 = 2;
        let n = self.position_count();
        let mut state = vec![NEW; n];
        let mut stack: Vec<(u32, u32)> = Vec::new();
        for root in 0..n as u32 {
            if state[root as usize] != NEW || ends(root) {
                continue;
            }
            state[root as usize] = OPEN;
            stack.push((root, 0));
            while let Some(top) = stack.last_mut() {
                let (p, i) = *top;
                let Some(&q) = self.options(p).get(i as usize) else {
                    state[p as usize] = DONE;
                    stack.pop();
                    continue;
                };
                top.1 += 1;
                if ends(q) {
                    continue;
                }
                match state[q as usize] {
                    NEW => {
                        state[q as usize] = OPEN;
                        stack.push((q, 0));
                    }
                    OPEN => {
                        let from = stack.iter().position(|&(x, _)| x == q).expect("open");
                        return Some(stack[from..].iter().map(|&(x, _)| x).collect());
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// Bytes of heap memory held by the moves and attributes (labels excluded).
    pub fn heap_bytes(&self) -> usize {
        self.moves.heap_bytes()
            + self.fixed.as_ref().map_or(0, Vec::capacity)
            + self.player.as_ref().map_or(0, Vec::capacity)
            + self.payoff.as_ref().map_or(0, |v| 16 * v.capacity())
    }
}
