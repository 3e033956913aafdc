//! Connect Four solved by search: the exact score of one position, on boards whose positions
//! are far too many to enumerate (the empty 7 × 6 board reaches about 4.5·10^12).
//!
//! **The score** is Pascal Pons's: 0 for a draw; for a win, ⌊(w·h + 1 − n) / 2⌋ where n is
//! the number of stones on the board before the winning move (on 7 × 6, 22 minus the stones
//! the winner has played when it makes four), positive when the player to move wins and
//! negative when it loses. Both players play to win as soon, or lose as late, as they can, so
//! a larger score is a faster win: the score says in which move the game ends.
//!
//! **The search** ([`Searcher`]) is negamax with alpha-beta pruning, run with null windows
//! (each search only asks "is the score at least v?", which prunes the most) inside a binary
//! search over the score, first around 0 (is it a win, a draw, a loss?) and then toward the
//! exact score. Around it:
//!
//! - **Threats by bit-parallel masks.** The cells where a player would make four are computed
//!   for the whole board at once; a player who can win at once is scored without search, and
//!   only *non-losing* moves are searched: the one forced block when the opponent threatens
//!   one cell, none when it threatens two, and never a move right below an opponent's threat.
//! - **Bounds from the stone count**: a player who cannot win at once wins at the earliest a
//!   move later, and loses at the earliest after the opponent's next move, which narrows the
//!   window before any search.
//! - **A transposition table** ([`Table`]) of a fixed size, keeping a lower or an upper bound
//!   on the score of each position it has met, keyed by the position or its mirror image
//!   (whichever key is smaller: a position and its mirror image have the same score).
//! - **Move ordering**: the move that creates the most cells where the mover would make four
//!   first, ties broken from the centre outwards.
//! - **Threads** (lazy SMP): helper threads search the same position with the same table,
//!   each breaking ties in the move order its own way, so the table fills with results the
//!   main thread would otherwise compute; the main thread's answer is the answer, and the
//!   helpers stop when it has it.
//!
//! A search runs under the caller's [`Budget`]: its deadline and cancel flag are checked
//! every few thousand nodes, and the table's bytes against its memory before they are taken.

use std::sync::atomic::{AtomicU64, Ordering};

use super::{Connect4, Connect4Position};
use crate::budget::{Budget, Exhausted};
use crate::search::{Halt, Table, CHECK_EVERY};

/// The result of a search: the exact score (see the module), a best move, the principal line
/// (best play from the position to the end) and the nodes searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Searched {
    /// The exact score for the player to move.
    pub score: i32,
    /// A column (from 0) that keeps the score, or none when the game is over.
    pub best: Option<u32>,
    /// Columns (from 0) of a best line of play to the end of the game.
    pub line: Vec<u32>,
    /// Nodes (positions entered) searched by every thread.
    pub nodes: u64,
}

/// What the player to move gets from a [`Searched::score`] on a board of `cells` cells after
/// `stones` stones: a win or a loss with the move (counted from the start of the game, the
/// first move being 1) on which the winner makes four, or a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The player to move wins, making four on this move of the game.
    Win(u32),
    /// The player to move loses: the opponent makes four on this move of the game.
    Loss(u32),
    /// Neither player can force four.
    Draw,
}

impl Verdict {
    /// The verdict of `score` for the player to move after `stones` stones on `cells` cells.
    /// O(1).
    pub fn of(score: i32, stones: u32, cells: u32) -> Verdict {
        // A win scored s on the mover's own turn: the winning move is the one with
        // ⌊(cells + 1 − n) / 2⌋ = s, n stones before it, n of the mover's parity.
        let last = |s: i32, parity: u32| {
            let n = i64::from(cells) + 1 - 2 * i64::from(s);
            let n = if n.rem_euclid(2) == i64::from(parity % 2) {
                n
            } else {
                n - 1
            };
            n.max(0) as u32 + 1
        };
        match score {
            0 => Verdict::Draw,
            s if s > 0 => Verdict::Win(last(s, stones)),
            s => Verdict::Loss(last(-s, stones + 1)),
        }
    }
}

/// How a [`Searcher`] searches: the table's size, the threads, and which techniques are on
/// (each can be turned off to measure what it brings: the guide's ablation table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The transposition table's bytes (rounded down to a power of two, at least 1 MiB).
    pub table_bytes: u64,
    /// Threads searching (at least 1): the main one and helpers sharing the table.
    pub threads: usize,
    /// Whether the transposition table is used at all.
    pub table: bool,
    /// Whether moves are ordered by the threats they create (else centre outwards only).
    pub ordering: bool,
    /// Whether a position and its mirror image share their table entry.
    pub symmetry: bool,
}

impl Default for Options {
    /// A 64 MiB table, one thread, every technique on.
    fn default() -> Options {
        Options {
            table_bytes: 64 << 20,
            threads: 1,
            table: true,
            ordering: true,
            symmetry: true,
        }
    }
}

/// The searcher of one board size: the masks of its cells, the column order, and a table
/// shared by its threads. Searches with one table reuse what earlier searches stored.
#[derive(Debug)]
pub struct Searcher {
    game: Connect4,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every cell of the board.
    board: u64,
    /// The columns from the centre outwards.
    order: Vec<u32>,
    table: Table,
    options: Options,
}

/// The bits of one column of `h1` bits (the height and the spare row), from bit 0: all 64
/// when a single column fills the word (1 × 63), where `(1 << h1) - 1` would overflow.
fn column_bits(h1: u32) -> u64 {
    u64::MAX >> (64 - h1)
}

/// Encodes a bound for the table: the score plus 64 (so never 0), bit 7 for a lower bound.
fn encode(score: i32, lower: bool) -> u8 {
    (score + 64) as u8 | if lower { 0x80 } else { 0 }
}

/// The bound a table value holds: the score and whether it is a lower bound.
fn decode(value: u8) -> (i32, bool) {
    (i32::from(value & 0x7F) - 64, value & 0x80 != 0)
}

impl Searcher {
    /// A searcher for `game` searching as `options` say, its table's bytes checked against
    /// `budget`'s memory before they are taken (a table that is off takes the least, 1 MiB).
    pub fn new(game: Connect4, options: Options, budget: &Budget) -> Result<Searcher, Exhausted> {
        let w = game.width();
        let mut order: Vec<u32> = (0..w).collect();
        // Centre first: by distance from the middle, the left one of a tie first.
        order.sort_by_key(|&c| ((2 * c as i64 + 1 - w as i64).abs(), c));
        Ok(Searcher {
            game,
            bottom: game.bottom(),
            board: game.full(),
            order,
            table: Table::with_bytes(
                if options.table {
                    options.table_bytes
                } else {
                    0
                },
                budget,
            )?,
            options: Options {
                threads: options.threads.max(1),
                ..options
            },
        })
    }

    /// The game searched.
    pub fn game(&self) -> Connect4 {
        self.game
    }

    /// Forgets everything the table holds, so that the next search starts afresh (as when
    /// timing searches one by one). O(table entries).
    pub fn clear(&self) {
        self.table.clear();
    }

    /// The bytes of the transposition table.
    pub fn table_bytes(&self) -> u64 {
        self.table.bytes()
    }

    /// The exact score of `p`, a best move and the principal line, within `budget`'s time.
    /// `p` must be a position whose game is not over before its last move: a position where
    /// the player who moved last already has four is scored as lost, not searched.
    ///
    /// Time: exponential in the empty cells in the worst case; the table, the ordering and
    /// the threads make the 7 × 6 board from empty a matter of minutes (see the guide's
    /// figures).
    pub fn search(&self, p: Connect4Position, budget: &Budget) -> Result<Searched, Exhausted> {
        let halt = Halt::new(budget);
        let helpers = AtomicU64::new(0);
        let main = std::thread::scope(|scope| {
            for t in 1..self.options.threads {
                let (halt, helpers) = (&halt, &helpers);
                scope.spawn(move || {
                    let mut thread = Thread::new(self, halt, t);
                    thread.score(p);
                    helpers.fetch_add(thread.nodes, Ordering::Relaxed);
                });
            }
            let mut thread = Thread::new(self, &halt, 0);
            let score = thread.score(p);
            let line = score.map(|s| thread.line(p, s));
            halt.finish();
            (score, line, thread.nodes)
        });
        let (score, line, nodes) = main;
        match (score, line) {
            (Some(score), Some(Some(line))) => Ok(Searched {
                score,
                best: line.first().copied(),
                line,
                nodes: nodes + helpers.load(Ordering::Relaxed),
            }),
            _ => Err(halt
                .error()
                .expect("a search stops early only when its budget runs out")),
        }
    }
}

/// Moves in order: (threats, cell), the first `len` of `cells`.
struct Moves {
    cells: [(u32, u64); 32],
    len: usize,
}

/// One thread's search: its node count and its own tie-breaking of the move order.
struct Thread<'a> {
    s: &'a Searcher,
    halt: &'a Halt,
    /// Which way this thread breaks ties among equally promising moves (0: centre first).
    seed: usize,
    nodes: u64,
    /// Nodes at the last check of the halt.
    checked: u64,
    /// Set once the halt says stop: every result after it is unreliable and is not stored.
    stopped: bool,
}

impl<'a> Thread<'a> {
    fn new(s: &'a Searcher, halt: &'a Halt, seed: usize) -> Thread<'a> {
        Thread {
            s,
            halt,
            seed,
            nodes: 0,
            checked: 0,
            stopped: false,
        }
    }

    fn cells(&self) -> i32 {
        (self.s.game.width() * self.s.game.height()) as i32
    }

    /// The empty cells where `stones` would make four, whoever moves there, by shifts in the
    /// four directions at once. O(1).
    fn winning_cells(&self, stones: u64, mask: u64) -> u64 {
        let h = self.s.game.height();
        // Vertical: three below.
        let mut r = (stones << 1) & (stones << 2) & (stones << 3);
        for d in [h + 1, h, h + 2] {
            let (up, down) = (
                |x: u64, k: u32| x.checked_shl(k).unwrap_or(0),
                |x: u64, k: u32| x.checked_shr(k).unwrap_or(0),
            );
            let pair = up(stones, d) & up(stones, 2 * d);
            r |= pair & up(stones, 3 * d);
            r |= pair & down(stones, d);
            let pair = down(stones, d) & down(stones, 2 * d);
            r |= pair & up(stones, d);
            r |= pair & down(stones, 3 * d);
        }
        r & (self.s.board ^ mask)
    }

    /// The cells where a stone can be dropped.
    fn playable(&self, mask: u64) -> u64 {
        (mask + self.s.bottom) & self.s.board
    }

    /// Whether the player to move can make four at once.
    fn can_win_now(&self, p: &Connect4Position) -> bool {
        self.winning_cells(p.mine, p.mask) & self.playable(p.mask) != 0
    }

    /// The moves (as the cells they fill) that do not let the opponent make four next:
    /// the forced block if the opponent threatens one playable cell, none if two, and never
    /// the cell right below an opponent's threat.
    fn non_losing(&self, p: &Connect4Position) -> u64 {
        let mut possible = self.playable(p.mask);
        let theirs = self.winning_cells(p.mine ^ p.mask, p.mask);
        let forced = possible & theirs;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(theirs >> 1)
    }

    /// The smaller of the position's key and its mirror image's.
    fn key(&self, p: &Connect4Position) -> u64 {
        let key = self.s.game.key(p);
        if !self.s.options.symmetry {
            return key;
        }
        let (w, h1) = (self.s.game.width(), self.s.game.height() + 1);
        let column = column_bits(h1);
        let mut mirror = 0;
        for c in 0..w {
            mirror |= ((key >> (c * h1)) & column) << ((w - 1 - c) * h1);
        }
        key.min(mirror)
    }

    fn play_cell(p: &Connect4Position, cell: u64) -> Connect4Position {
        Connect4Position {
            mine: p.mine ^ p.mask,
            mask: p.mask | cell,
        }
    }

    /// Counts a node and checks the halt every [`CHECK_EVERY`] nodes.
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes - self.checked >= CHECK_EVERY {
            self.stopped |= self.halt.check(self.nodes - self.checked);
            self.checked = self.nodes;
        }
    }

    /// Negamax with alpha-beta (fail-soft) for a position where the player to move cannot
    /// make four at once: a score s with s ≤ alpha when the true score is at most s, s ≥ beta
    /// when it is at least s, and the exact score in between.
    fn negamax(&mut self, p: &Connect4Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        let cells = self.cells();
        let stones = p.mask.count_ones() as i32;
        let next = self.non_losing(p);
        if next == 0 {
            // Every move lets the opponent make four on its next move.
            return -(cells - stones) / 2;
        }
        if stones >= cells - 2 {
            // Neither can make four in the last two moves (none can now, and the opponent's
            // threats are blocked or avoided): a draw.
            return 0;
        }
        let min = -(cells - 2 - stones) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let max = (cells - 1 - stones) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let key = self.key(p);
        let table = self.s.options.table.then_some(&self.s.table);
        if let Some(value) = table.and_then(|t| t.probe(key)) {
            let (bound, lower) = decode(value);
            if lower {
                if bound >= beta {
                    return bound;
                }
                alpha = alpha.max(bound);
            } else {
                if bound <= alpha {
                    return bound;
                }
                beta = beta.min(bound);
            }
        }
        let start = self.nodes;
        let moves = self.ordered(p, next);
        let mut best = i32::MIN;
        for &(_, cell) in &moves.cells[..moves.len] {
            let child = Self::play_cell(p, cell);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score >= beta {
                if let Some(t) = table {
                    t.store(key, encode(score, true), self.nodes - start);
                }
                return score;
            }
            alpha = alpha.max(score);
        }
        if let Some(t) = table {
            t.store(key, encode(best, false), self.nodes - start);
        }
        best
    }

    /// The moves of `next` (cells), the most promising first: by the cells where the mover
    /// would then make four, ties by the thread's order of columns. At most 32 columns fit a
    /// board ((h + 1)·w ≤ 64), so the moves sit in an array on the stack, sorted by
    /// insertion: no allocation in the search's inner loop.
    fn ordered(&self, p: &Connect4Position, next: u64) -> Moves {
        let h1 = self.s.game.height() + 1;
        let w = self.s.order.len();
        let mut moves = Moves {
            cells: [(0, 0); 32],
            len: 0,
        };
        for i in 0..w {
            // Helper threads rotate the order of columns, so each breaks ties its own way.
            let c = self.s.order[(i + self.seed) % w];
            let cell = next & (column_bits(h1) << (c * h1));
            if cell == 0 {
                continue;
            }
            let threats = if self.s.options.ordering {
                self.winning_cells(p.mine | cell, p.mask | cell)
                    .count_ones()
            } else {
                0
            };
            // Insert after every move with as many threats or more: ties keep column order.
            let mut at = moves.len;
            while at > 0 && moves.cells[at - 1].0 < threats {
                moves.cells[at] = moves.cells[at - 1];
                at -= 1;
            }
            moves.cells[at] = (threats, cell);
            moves.len += 1;
        }
        moves
    }

    /// The exact score of `p` (any position not yet over), by null-window searches in a
    /// binary search over the score; none if the search was stopped.
    fn score(&mut self, p: Connect4Position) -> Option<i32> {
        let cells = self.cells();
        let stones = p.mask.count_ones() as i32;
        if let Some(s) = self.ended(&p) {
            return Some(s);
        }
        if self.can_win_now(&p) {
            return Some((cells + 1 - stones) / 2);
        }
        let mut min = -(cells - stones) / 2;
        let mut max = (cells + 1 - stones) / 2;
        while min < max {
            let mut med = min + (max - min) / 2;
            // Ask about the sign first: is it a win, a draw, a loss?
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(&p, med, med + 1);
            if self.stopped {
                return None;
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        Some(min)
    }

    /// The score of a position whose game is over, for the player to move: lost when the
    /// other player has four, drawn when the board is full.
    fn ended(&self, p: &Connect4Position) -> Option<i32> {
        let stones = p.mask.count_ones() as i32;
        if self.s.game.has_four(p.mine ^ p.mask) {
            // The opponent made four with its last stone, the stones-th of the game.
            return Some(-(self.cells() + 2 - stones) / 2);
        }
        (p.mask == self.s.board).then_some(0)
    }

    /// A best line from `p`, whose exact score is `score`: at each position, the first
    /// column (centre outwards) whose position after it scores exactly −score for the
    /// opponent, found by null-window searches. None if the search was stopped.
    fn line(&mut self, mut p: Connect4Position, mut score: i32) -> Option<Vec<u32>> {
        let mut line = Vec::new();
        while self.ended(&p).is_none() {
            let mut found = None;
            for i in 0..self.s.order.len() {
                let c = self.s.order[i];
                if !self.s.game.can_play(&p, c) {
                    continue;
                }
                let child = self.s.game.play(&p, c);
                // The child's score is at least −score (its mover's best cannot be worse
                // than what our best move leaves); it is the best move iff it is at most.
                if !self.at_least(&child, -score + 1)? {
                    found = Some((c, child));
                    break;
                }
            }
            let (c, child) = found.expect("some move keeps the exact score");
            line.push(c);
            p = child;
            score = -score;
        }
        Some(line)
    }

    /// Whether the score of `p` is at least `v`; none if the search was stopped.
    fn at_least(&mut self, p: &Connect4Position, v: i32) -> Option<bool> {
        if let Some(s) = self.ended(p) {
            return Some(s >= v);
        }
        if self.can_win_now(p) {
            return Some((self.cells() + 1 - p.mask.count_ones() as i32) / 2 >= v);
        }
        let r = self.negamax(p, v - 1, v);
        (!self.stopped).then_some(r >= v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_name_the_winning_move() {
        // 7 × 6: the first player wins with its 21st stone, the 41st move, after 0 stones:
        // score 22 − 21 = 1.
        assert_eq!(Verdict::of(1, 0, 42), Verdict::Win(41));
        assert_eq!(Verdict::of(18, 0, 42), Verdict::Win(7));
        // The second player to move after 1 stone, losing to the first player's 4th stone.
        assert_eq!(Verdict::of(-18, 1, 42), Verdict::Loss(7));
        assert_eq!(Verdict::of(0, 5, 42), Verdict::Draw);
    }
}
