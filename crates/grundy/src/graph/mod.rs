//! The position graph: positions are nodes, moves are edges.
//!
//! [`GameGraph`] is the one representation every solver runs on: `u32` position indices, the
//! moves in compressed sparse rows ([`Csr`]), and per-position attributes in separate arrays
//! beside it, so that hot loops touch only what they need. [`text`] reads and writes the
//! project's text format. [`UndirectedGraph`] and [`matching`] serve the games played on
//! undirected graphs (geography and its relatives).
//!
//! ```
//! use grundy::graph::text::parse_str;
//! use grundy::GameGraph;
//!
//! // The same three-position chain 2 -> 1 -> 0, built in code and read from text.
//! let built = GameGraph::from_moves(3, &[(2, 1), (1, 0)]);
//! let read = parse_str("2 1\n1 0\n").unwrap();
//! assert_eq!(built, read);
//! assert_eq!(built.options(2), &[1]);
//! assert!(built.is_terminal(0));
//! ```

pub(crate) mod csr;
mod labels;
pub mod matching;
pub mod text;
mod undirected;

pub use csr::Csr;
pub use labels::{Label, Labels};
pub use undirected::UndirectedGraph;

use crate::outcome::{Outcome, Player};

/// A game given by its positions and moves.
///
/// Position `i` (an index `0..position_count()`) has the options `options(i)`. Optional
/// attributes: a *fixed result* (the game ends at that position with the given outcome for the
/// player to move, whatever moves it has) and the *player to move* (for games where the two
/// players have different moves, a position includes whose turn it is).
///
/// Memory: 4 bytes per move and per position, plus the labels (4 bytes per integer id), plus,
/// when present, 1 byte per position for the fixed results, 1 for the players and 16 for the
/// payoffs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameGraph {
    moves: Csr,
    labels: Labels,
    fixed: Option<Vec<Option<Outcome>>>,
    player: Option<Vec<Option<Player>>>,
    payoff: Option<Vec<Option<i64>>>,
}

impl GameGraph {
    /// A graph from its moves and labels, without attributes. O(1): the parts are moved in.
    ///
    /// ```
    /// use grundy::graph::{Csr, Labels};
    /// use grundy::GameGraph;
    ///
    /// let moves = Csr::from_edges(3, || [(0, 1), (1, 2)].into_iter());
    /// let labels = Labels::Names(vec!["start".into(), "middle".into(), "end".into()]);
    /// let game = GameGraph::new(moves, labels);
    /// assert_eq!(game.index_of("middle"), Some(1));
    /// assert_eq!(game.label(2), "end");
    /// ```
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
    /// ```
    /// use grundy::GameGraph;
    ///
    /// // Take 1, 3 or 4 counters from a pile of at most 7: position n has the options n - t.
    /// let moves: Vec<(u32, u32)> = (0..=7u32)
    ///     .flat_map(|n| [1, 3, 4].into_iter().filter(move |&t| t <= n).map(move |t| (n, n - t)))
    ///     .collect();
    /// let game = GameGraph::from_moves(8, &moves);
    /// assert_eq!(game.position_count(), 8);
    /// assert_eq!(game.move_count(), 16);
    /// assert_eq!(game.options(5), &[4, 2, 1]);
    /// assert_eq!(game.label(5), "5");
    /// ```
    ///
    /// # Panics
    /// If a move names a position `>= position_count`.
    pub fn from_moves(position_count: u32, moves: &[(u32, u32)]) -> GameGraph {
        let csr = Csr::from_edges(position_count as usize, || moves.iter().copied());
        GameGraph::new(csr, Labels::Integers((0..position_count).collect()))
    }

    /// Sets the fixed results: one entry per position, `None` for positions played normally.
    /// A fixed result ends the game even where the position has moves, as a rule that stops
    /// play (a line of three, a captured king) does. O(n).
    ///
    /// ```
    /// use grundy::solve::{solve, SolveOptions};
    /// use grundy::{GameGraph, Outcome};
    ///
    /// // The chain 0 -> 1 -> 2, where the rules end the game at 1 with a win for its mover.
    /// let game = GameGraph::from_moves(3, &[(0, 1), (1, 2)])
    ///     .with_fixed_results(vec![None, Some(Outcome::Win), None]);
    /// assert!(game.is_terminal(1));
    /// let solution = solve(&game, &SolveOptions::default()).unwrap();
    /// assert_eq!(solution.outcome(0), Outcome::Loss);
    /// assert_eq!(solution.best_move(1), None);
    /// ```
    ///
    /// # Panics
    /// If the length is not the position count.
    pub fn with_fixed_results(mut self, fixed: Vec<Option<Outcome>>) -> GameGraph {
        assert_eq!(fixed.len(), self.position_count());
        self.fixed = fixed.iter().any(Option::is_some).then_some(fixed);
        self
    }

    /// Sets the player to move at each position (`None` where not given). Solvers that tell
    /// the players apart need it at every position; moves need not alternate. O(n).
    ///
    /// ```
    /// use grundy::solve::{solve, SolveOptions};
    /// use grundy::{GameGraph, Outcome, Player};
    ///
    /// // The chain 0 -> 1 -> 2, where the move 0 -> 1 gives player 1 an extra turn.
    /// let game = GameGraph::from_moves(3, &[(0, 1), (1, 2)])
    ///     .with_players(vec![Some(Player::One), Some(Player::One), Some(Player::Two)]);
    /// let solution = solve(&game, &SolveOptions::default()).unwrap();
    /// // Player 2 cannot move at 2, so player 1 wins from 0 and 1.
    /// assert_eq!(solution.outcome(2), Outcome::Loss);
    /// assert_eq!(solution.outcome(0), Outcome::Win);
    /// assert_eq!(solution.remoteness(0), Some(2));
    /// ```
    ///
    /// # Panics
    /// If the length is not the position count.
    pub fn with_players(mut self, player: Vec<Option<Player>>) -> GameGraph {
        assert_eq!(player.len(), self.position_count());
        self.player = player.iter().any(Option::is_some).then_some(player);
        self
    }

    /// Sets the payoffs: the game ends at a position with a payoff (for payoff solving, see
    /// [`solve_payoffs`](crate::solve::solve_payoffs)). O(n).
    ///
    /// # Panics
    /// If the length is not the position count.
    pub fn with_payoffs(mut self, payoff: Vec<Option<i64>>) -> GameGraph {
        assert_eq!(payoff.len(), self.position_count());
        self.payoff = payoff.iter().any(Option::is_some).then_some(payoff);
        self
    }

    /// Number of positions. O(1).
    #[inline]
    pub fn position_count(&self) -> usize {
        self.moves.node_count()
    }

    /// Number of moves. O(1).
    #[inline]
    pub fn move_count(&self) -> usize {
        self.moves.edge_count()
    }

    /// The options of position `p` (positions reachable in one move), in input order. O(1).
    ///
    /// ```
    /// use grundy::GameGraph;
    ///
    /// let game = GameGraph::from_moves(3, &[(2, 1), (2, 0), (1, 0)]);
    /// assert_eq!(game.options(2), &[1, 0]);
    /// assert!(game.options(0).is_empty());
    /// ```
    #[inline]
    pub fn options(&self, p: u32) -> &[u32] {
        self.moves.list(p)
    }

    /// The moves as compressed sparse rows. O(1).
    #[inline]
    pub fn moves(&self) -> &Csr {
        &self.moves
    }

    /// The labels (names or integer ids) of the positions. O(1).
    #[inline]
    pub fn labels(&self) -> &Labels {
        &self.labels
    }

    /// The label of position `p` as text. O(length of the label).
    pub fn label(&self, p: u32) -> String {
        self.labels.get(p).to_string()
    }

    /// The position with the given label, if any. O(log n) for integer labels, O(n) for names.
    /// An all-digit label is read as the integer it spells, so `007` finds position `7`.
    ///
    /// ```
    /// use grundy::graph::text::parse_str;
    ///
    /// let named = parse_str("start middle\nmiddle end\n").unwrap();
    /// assert_eq!(named.index_of("end"), Some(2));
    /// assert_eq!(named.index_of("elsewhere"), None);
    ///
    /// // Integer ids are ordered by value, whatever the order of the file.
    /// let numbered = parse_str("10 7\n7 3\n").unwrap();
    /// assert_eq!(numbered.index_of("10"), Some(2));
    /// assert_eq!(numbered.index_of("007"), Some(1));
    /// ```
    pub fn index_of(&self, label: &str) -> Option<u32> {
        self.labels.index_of(label)
    }

    /// The fixed result at `p`, if the graph declares one. O(1).
    #[inline]
    pub fn fixed_result(&self, p: u32) -> Option<Outcome> {
        self.fixed.as_ref().and_then(|f| f[p as usize])
    }

    /// Whether any position has a fixed result. O(1).
    pub fn has_fixed_results(&self) -> bool {
        self.fixed.is_some()
    }

    /// The player to move at `p`, if the graph says. O(1).
    #[inline]
    pub fn player(&self, p: u32) -> Option<Player> {
        self.player.as_ref().and_then(|f| f[p as usize])
    }

    /// The payoff at `p`, if the graph gives one: payoff solving ends the game there. O(1).
    #[inline]
    pub fn payoff(&self, p: u32) -> Option<i64> {
        self.payoff.as_ref().and_then(|f| f[p as usize])
    }

    /// Whether any position has a payoff. O(1).
    pub fn has_payoffs(&self) -> bool {
        self.payoff.is_some()
    }

    /// Whether any position says which player is to move. O(1).
    pub fn has_players(&self) -> bool {
        self.player.is_some()
    }

    /// Whether the game ends at `p`: it has a fixed result or no move. O(1).
    #[inline]
    pub fn is_terminal(&self, p: u32) -> bool {
        self.fixed_result(p).is_some() || self.moves.degree(p) == 0
    }

    /// The same game with the player to move made part of the position: position `p` becomes
    /// `p@1` (player 1 to move, index `2p`) and `p@2` (index `2p + 1`), and every move of `p`
    /// hands the turn to the other player. Fixed results and payoffs carry over to both copies. This is how
    /// a game whose graph does not say who is to move is solved with players told apart.
    /// O(n + m), twice the size.
    ///
    /// ```
    /// use grundy::graph::text::parse_str;
    /// use grundy::Player;
    ///
    /// let game = parse_str("a b\n").unwrap().alternating();
    /// assert_eq!(game.position_count(), 4);
    /// let a1 = game.index_of("a@1").unwrap();
    /// assert_eq!(a1, 0);
    /// assert_eq!(game.player(a1), Some(Player::One));
    /// // Player 1 moves from a to b, and player 2 is to move there.
    /// assert_eq!(game.options(a1), &[game.index_of("b@2").unwrap()]);
    /// ```
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
    /// meaning player 1. Two look-ups by [`GameGraph::index_of`]: O(log n) for integer
    /// labels, O(n) for names.
    ///
    /// ```
    /// use grundy::graph::text::parse_str;
    ///
    /// let game = parse_str("5 6\n").unwrap();
    /// assert_eq!(game.find_position("05"), Some(0));
    /// let both = game.alternating();
    /// assert_eq!(both.find_position("05"), both.index_of("5@1"));
    /// assert_eq!(both.find_position("6@2"), Some(3));
    /// ```
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
    ///
    /// ```
    /// use grundy::GameGraph;
    ///
    /// // 0 -> 1 -> 2 -> 0, and 2 -> 3.
    /// let game = GameGraph::from_moves(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
    /// assert_eq!(game.find_cycle(|_| false), Some(vec![0, 1, 2]));
    /// // With the game ending at 2, no cycle is left.
    /// assert_eq!(game.find_cycle(|p| p == 2), None);
    /// ```
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

    /// Bytes of heap memory held by the moves and attributes (labels excluded). O(1).
    pub fn heap_bytes(&self) -> usize {
        self.moves.heap_bytes()
            + self.fixed.as_ref().map_or(0, Vec::capacity)
            + self.player.as_ref().map_or(0, Vec::capacity)
            + self.payoff.as_ref().map_or(0, |v| 16 * v.capacity())
    }
}
