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
//! search over the score, halving toward 0 first; once the score is known to lie near 0, the
//! sign is asked (is it a win, a draw, a loss?) and the score stepped away from 0 one at a
//! time, since each question near 0 is a hard one. Around it:
//!
//! - **Threats by bit-parallel masks.** The cells where a player would make four are computed
//!   for the whole board at once; a player who can win at once is scored without search, and
//!   only *non-losing* moves are searched: the one forced block when the opponent threatens
//!   one cell, none when it threatens two, and never a move right below an opponent's threat.
//!   A position with a single non-losing move plays it without a look at the table.
//! - **Bounds from the stone count**: a player who cannot win at once wins at the earliest a
//!   move later, and loses at the earliest after the opponent's next move, which narrows the
//!   window before any search; a move after which every reply loses at once wins on the next
//!   turn, and where there is none the mover wins on her third turn at the earliest; a player
//!   who could not make four even with every empty cell cannot win.
//! - **Claimeven** (Allis): on a board of even height, the second player can answer every
//!   move on top of it and so claim the even rows; where the first player cannot make four
//!   without those cells, she cannot win, and where the second player makes four with them,
//!   she loses (`Thread::claimeven`, checked against the exact score of every position of
//!   small boards).
//! - **A transposition table** ([`Table`](grundy::search::Table), or [`WideTable`](grundy::search::WideTable)
//!   for boards over 64 bits) of a fixed size, keeping a lower or an upper bound
//!   on the score of each position it has met and the move that refuted it, keyed by the
//!   position or its mirror image (whichever key is smaller: a position and its mirror image
//!   have the same score), with its dead stones given to the player to move
//!   (`Thread::without_dead`: positions that differ only there have the same score). Far
//!   from the end, the children's entries are looked at before any is searched (the
//!   *enhanced transposition cutoff*): a child the table bounds from above may decide the
//!   position at once. Buckets are prefetched before the work that precedes their reads.
//! - **Move ordering**: the table's move first, then by the mover's threats after the move,
//!   those right above a playable cell first and none right above an opponent's threat,
//!   ties broken from the centre outwards.
//! - **Threads**: every thread searches the position with the same table, and a thread
//!   leaves for later a move another thread is searching ([`Busy`], ABDADA), far from the
//!   end, so that the threads split the moves of the nodes where every move must be
//!   searched and each finds the other's results in the table when it comes to them; the
//!   binary search over the score is shared, and the first thread to answer a question
//!   answers it for all. The main thread searches alone for its first 65,536 nodes
//!   and the helpers start only if it has not answered by then: most positions are answered
//!   sooner than a thread starts (Pons's 1,000 endings take 6 ms alone and 0.16 s when each
//!   search starts a helper).
//!
//! A search runs under the caller's [`Budget`]: its deadline and cancel flag are checked
//! every few thousand nodes, and the table's bytes against its memory before they are taken.

use std::sync::atomic::{AtomicU64, Ordering};

use super::word::Word;
use super::{Connect4, Connect4Position};
use grundy::budget::{Budget, Exhausted};
use grundy::progress::{NoProgress, Progress};
use grundy::search::busy::Busy;
use grundy::search::KeyTable;
use grundy::search::{Halt, Watch, CHECK_EVERY};

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
    /// The transposition table's bytes (rounded down to a power of two, at least 1 MiB and
    /// as [`Table::with_bytes`](grundy::search::Table::with_bytes) needs for the board's keys).
    pub table_bytes: u64,
    /// Threads searching (at least 1): the main one and helpers sharing the table.
    pub threads: usize,
    /// Whether the transposition table is used at all.
    pub table: bool,
    /// Whether moves are ordered by the threats they create (else centre outwards only).
    pub ordering: bool,
    /// Whether a position and its mirror image share their table entry.
    pub symmetry: bool,
    /// Whether the claimeven bound is used (on boards of even height).
    pub claimeven: bool,
    /// Whether positions that differ only in dead stones share their table entry.
    pub dead_stones: bool,
    /// Whether, with more than one thread, a thread leaves for later a move another
    /// thread is searching (ABDADA, [`Busy`]).
    pub defer: bool,
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
            claimeven: true,
            dead_stones: true,
            defer: true,
        }
    }
}

/// The searcher of one board size held in words `W` (`u64` where (height + 1)·width ≤ 64,
/// `u128` up to 128 bits: see [`Word`]): the masks of its cells, the column order, and a
/// table shared by its threads. Searches with one table reuse what earlier searches stored.
#[derive(Debug)]
pub struct Searcher<W: Word = u64> {
    game: Connect4,
    /// The bottom cell of every column.
    bottom: W,
    /// Every cell of the board.
    board: W,
    /// The cells of the even rows (the second from the bottom, the fourth...) where the
    /// height is even and the claimeven bound is on, else none: see `Thread::claimeven`.
    evens: W,
    /// The columns from the centre outwards.
    order: Vec<u32>,
    /// Each column's place in `order`.
    rank: Vec<u32>,
    /// The directions of a line where one fits on the board: the shift of a step along it
    /// (three steps are less than the word's bits where a line fits), and the cells where a
    /// line of four starts (all four on the board).
    windows: Vec<(u32, W)>,
    /// [`Table`](grundy::search::Table) for `u64` keys, [`WideTable`](grundy::search::WideTable) for `u128`.
    table: W::Table,
    /// The positions the threads are searching now.
    busy: Busy,
    options: Options,
}

/// The bits of one column of `h1` bits (the height and the spare row), from bit 0: all of
/// them when a single column fills the word (1 × 63), where `(1 << h1) - 1` would overflow.
fn column_bits<W: Word>(h1: u32) -> W {
    W::MAX >> (W::BITS - h1)
}

/// The bracket `[min, max]` of a score in one word, for threads to share.
fn pack(min: i32, max: i32) -> u64 {
    u64::from(min as u32) << 32 | u64::from(max as u32)
}

/// The bracket a word from [`pack`] holds.
fn unpack(packed: u64) -> (i32, i32) {
    ((packed >> 32) as u32 as i32, packed as u32 as i32)
}

/// How much more a threat right above a playable cell counts in the move order than any
/// other (see `Thread::order`).
const NEXT_WEIGHT: u32 = 4;

/// The nodes the main thread searches alone before helpers join it (`Options::threads` > 1):
/// about 20 ms, a hundred times what starting a thread costs.
const ALONE_NODES: u64 = 1 << 16;

/// Scores this close to 0 are found by the sign, then one step at a time.
const NEAR: i32 = 10;

/// Empty cells a position keeps for the enhanced transposition cutoff to probe its children
/// (nearer the end a subtree is cheaper to search than its probes).
const ETC_EMPTY: i32 = 12;

/// Encodes a bound for the table: the score plus 128 in bits 0 to 7 (a score lies within
/// ±64 on a board of at most 128 cells, so this is never 0), bit 8 for a lower bound, and
/// above them the column of a best move plus 1 (0 for none; at most 64 columns).
fn encode(score: i32, lower: bool, best: Option<u32>) -> u16 {
    let bound = (score + 128) as u16 | if lower { 0x100 } else { 0 };
    bound | (best.map_or(0, |c| c as u16 + 1) << 9)
}

/// What a table value holds: the score, whether it is a lower bound, a best move's column.
fn decode(value: u16) -> (i32, bool, Option<u32>) {
    let best = (value >> 9).checked_sub(1).map(u32::from);
    (i32::from(value & 0xFF) - 128, value & 0x100 != 0, best)
}

impl<W: Word> Searcher<W> {
    /// A searcher for `game` searching as `options` say, its table's bytes checked against
    /// `budget`'s memory before they are taken (a table that is off takes the least the
    /// board's keys allow). The board must fit the word: (height + 1)·width ≤ `W::BITS`
    /// (as [`Connect4::new`] and [`Connect4::within`] check), else it panics.
    pub fn new(
        game: Connect4,
        options: Options,
        budget: &Budget,
    ) -> Result<Searcher<W>, Exhausted> {
        let (w, h1) = (game.width(), game.height() + 1);
        assert!(
            h1 * w <= W::BITS,
            "a {w} × {} board does not fit a word of {} bits",
            h1 - 1,
            W::BITS
        );
        let mut order: Vec<u32> = (0..w).collect();
        // Centre first: by distance from the middle, the left one of a tie first.
        order.sort_by_key(|&c| ((2 * c as i64 + 1 - w as i64).abs(), c));
        Ok(Searcher {
            game,
            bottom: game.bottom(),
            board: game.full(),
            evens: if options.claimeven && game.height() % 2 == 0 {
                (0..game.height() / 2).fold(W::ZERO, |e, r| e | game.bottom::<W>() << (2 * r + 1))
            } else {
                W::ZERO
            },
            windows: [1, h1, h1 - 1, h1 + 1]
                .into_iter()
                .map(|k| {
                    let board = game.full::<W>();
                    let starts = (0..4).fold(board, |v, i| {
                        v & board.checked_shr(i * k).unwrap_or(W::ZERO)
                    });
                    (k, starts)
                })
                .filter(|&(_, starts)| starts != W::ZERO)
                .collect(),
            rank: (0..w)
                .map(|c| order.iter().position(|&o| o == c).unwrap() as u32)
                .collect(),
            order,
            table: W::Table::with_bytes(
                if options.table {
                    options.table_bytes
                } else {
                    0
                },
                (game.height() + 1) * w,
                budget,
            )?,
            busy: Busy::default(),
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
    /// the threads make the 7 × 6 board from empty a matter of half a minute (see the
    /// guide's figures).
    pub fn search(&self, p: Connect4Position<W>, budget: &Budget) -> Result<Searched, Exhausted> {
        self.search_watched(p, budget, &NoProgress)
    }

    /// [`Searcher::search`], the main thread showing on `progress` where the score is known
    /// to lie and the nodes searched, every [`REPORT_EVERY`](grundy::search::REPORT_EVERY).
    pub fn search_watched(
        &self,
        p: Connect4Position<W>,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Searched, Exhausted> {
        self.run(p, budget, progress, true)
    }

    /// The exact score of `p` alone and the nodes searched: [`Searcher::search`] without the
    /// best move and the principal line, whose searches cost about half as much again as the
    /// score's near the end of a game (Pons's 1,000 endings: 21,516 nodes for their scores,
    /// 32,448 with their lines). It is what Pons's and Steininger's solvers answer, and what
    /// the benchmark against them times.
    pub fn score(&self, p: Connect4Position<W>, budget: &Budget) -> Result<(i32, u64), Exhausted> {
        self.run(p, budget, &NoProgress, false)
            .map(|s| (s.score, s.nodes))
    }

    /// The search of [`Searcher::search_watched`], the principal line only if `with_line`
    /// (else the line is empty and the best move none).
    fn run(
        &self,
        p: Connect4Position<W>,
        budget: &Budget,
        progress: &dyn Progress,
        with_line: bool,
    ) -> Result<Searched, Exhausted> {
        let halt = Halt::new(budget);
        let helpers = AtomicU64::new(0);
        let (cells, stones) = (
            (self.game.width() * self.game.height()) as i32,
            p.mask.count_ones() as i32,
        );
        let bracket = AtomicU64::new(pack(-(cells - stones) / 2, (cells + 1 - stones) / 2));
        let main = std::thread::scope(|scope| {
            let mut thread = Thread::new(self, &halt);
            progress.phase("searching", None);
            thread.watch = Some(Watch::new(progress));
            // The main thread searches alone first: most positions are answered in fewer
            // nodes than starting a helper costs. What it found stays in the table for the
            // threads that go on with it.
            let mut score = None;
            if self.options.threads > 1 {
                thread.pause_at = ALONE_NODES;
                score = thread.score(p, &bracket);
                thread.pause_at = u64::MAX;
                thread.stopped = false;
            }
            if score.is_none() && !halt.stopped() {
                for _ in 1..self.options.threads {
                    let (halt, helpers, bracket) = (&halt, &helpers, &bracket);
                    scope.spawn(move || {
                        let mut thread = Thread::new(self, halt);
                        thread.score(p, bracket);
                        helpers.fetch_add(thread.nodes, Ordering::Relaxed);
                    });
                }
                score = thread.score(p, &bracket);
            }
            progress.finish();
            let line = score.map(|s| {
                if with_line {
                    thread.line(p, s)
                } else {
                    Some(Vec::new())
                }
            });
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

/// The moves of a position, the first `len` of `cells`: (the score that orders them, the
/// cell played, the cells where the mover would then make four).
struct Moves<W: Word> {
    cells: W::Columns<(u32, W, W)>,
    len: usize,
}

/// One thread's search: its node count, and the question it is answering.
struct Thread<'a, W: Word = u64> {
    s: &'a Searcher<W>,
    halt: &'a Halt,
    nodes: u64,
    /// Nodes at the last check of the halt.
    checked: u64,
    /// Set once the halt says stop, or the question searched is answered by another
    /// thread: every result after it is unreliable and is not stored.
    stopped: bool,
    /// The shared bracket of the score and its value when this thread's question was asked.
    watched: Option<(&'a AtomicU64, u64)>,
    /// Where the main thread reports how the search is going.
    watch: Option<Watch<'a>>,
    /// The nodes after which the thread pauses (its search stopped, to be resumed with
    /// helpers): [`ALONE_NODES`] while the main thread searches alone, else none.
    pause_at: u64,
}

impl<'a, W: Word> Thread<'a, W> {
    fn new(s: &'a Searcher<W>, halt: &'a Halt) -> Thread<'a, W> {
        Thread {
            s,
            halt,
            nodes: 0,
            checked: 0,
            stopped: false,
            watched: None,
            watch: None,
            pause_at: u64::MAX,
        }
    }

    fn cells(&self) -> i32 {
        (self.s.game.width() * self.s.game.height()) as i32
    }

    /// The empty cells where `stones` would make four, whoever moves there, by shifts in the
    /// four directions at once. O(1).
    fn winning_cells(&self, stones: W, mask: W) -> W {
        let h = self.s.game.height();
        // Vertical: three below.
        let mut r = (stones << 1) & (stones << 2) & (stones << 3);
        for d in [h + 1, h, h + 2] {
            let (up, down) = (
                |x: W, k: u32| x.checked_shl(k).unwrap_or(W::ZERO),
                |x: W, k: u32| x.checked_shr(k).unwrap_or(W::ZERO),
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
    fn playable(&self, mask: W) -> W {
        (mask + self.s.bottom) & self.s.board
    }

    /// Whether the player to move can make four at once.
    fn can_win_now(&self, p: &Connect4Position<W>) -> bool {
        self.winning_cells(p.mine, p.mask) & self.playable(p.mask) != W::ZERO
    }

    /// The moves (as the cells they fill) that do not let the opponent make four next, on
    /// the board whose stones are `mask` where the opponent would make four on the cells
    /// `theirs`: the forced block if the opponent threatens one playable cell, none if two,
    /// and never the cell right below an opponent's threat.
    fn non_losing(&self, mask: W, theirs: W) -> W {
        let mut possible = self.playable(mask);
        let forced = possible & theirs;
        if forced != W::ZERO {
            if forced & (forced - W::ONE) != W::ZERO {
                return W::ZERO;
            }
            possible = forced;
        }
        possible & !(theirs >> 1)
    }

    /// An upper bound on the score of `p` from the second player's *claimeven* strategy
    /// (Allis), where the height is even and the first player is to move (`stones` even):
    /// the second player answers each move in the same column, on top of it. Each column
    /// with an even number of stones then splits into pairs of cells, the lower on an odd
    /// row, the upper on an even row, and the second player gets every upper cell; the
    /// columns with an odd number of stones, an even count of them, each have one unpaired
    /// cell, their playable cell, and a move on one is answered on another (still playable:
    /// no one moves in its column before it), so their even rows above pair alike. Giving
    /// the unpaired cells to the first player: if her stones with every other cell but the
    /// second player's claimed even cells make no four, she never makes four (a draw at
    /// best, 0); if besides the second player's stones with his claimed cells make four,
    /// he makes it at the latest on the last move of the game (a loss, −1 at best). Else
    /// no bound (`i32::MAX`). O(1) word operations.
    fn claimeven(&self, p: &Connect4Position<W>, stones: i32) -> i32 {
        if self.s.evens == W::ZERO || stones % 2 != 0 {
            return i32::MAX;
        }
        let theirs =
            (p.mine ^ p.mask) | (self.s.evens & !p.mask & !self.playable(p.mask) & self.s.board);
        let mine = self.s.board & !theirs;
        if self.s.game.has_four(mine) {
            i32::MAX
        } else if self.s.game.has_four(theirs) {
            -1
        } else {
            0
        }
    }

    /// The smaller of the position's key and its mirror image's, and whether it is the
    /// mirror image's (a best move stored under it is then mirrored too).
    fn key(&self, p: &Connect4Position<W>) -> (W, bool) {
        let key = if self.s.options.dead_stones {
            self.s.game.key(&self.without_dead(p))
        } else {
            self.s.game.key(p)
        };
        if !self.s.options.symmetry {
            return (key, false);
        }
        let (w, h1) = (self.s.game.width(), self.s.game.height() + 1);
        let column = column_bits::<W>(h1);
        let mut mirror = W::ZERO;
        for c in 0..w {
            mirror |= ((key >> (c * h1)) & column) << ((w - 1 - c) * h1);
        }
        (key.min(mirror), mirror < key)
    }

    /// The position with its dead stones given to the player to move, where that changes
    /// nothing to come: a stone is dead when every line of four cells through it holds,
    /// among its other three cells, a stone of each player. Lines of four whose stones are
    /// all of one player keep them, so a recoloured stone lies on none; but recolouring
    /// several stones of one line at once could leave it with one player's stones alone, so
    /// the recolouring is kept only if every line that held stones of both players still
    /// does. Then the same fours can be made, on the same moves, and the two positions have
    /// the same score: positions that differ only in dead stones share a table entry.
    /// O(1): a few dozen shifts of the whole board.
    fn without_dead(&self, p: &Connect4Position<W>) -> Connect4Position<W> {
        let (x, y) = (p.mine, p.mine ^ p.mask);
        // `b` moved by `by` steps of `k` along a line: bit s holds b's bit s + by·k.
        // Three steps stay within the word: a direction is kept only where a line fits.
        let at = |b: W, by: i32, k: u32| {
            let d = by.unsigned_abs() * k;
            if by > 0 {
                b >> d
            } else {
                b << d
            }
        };
        // For each place j of a stone in a line (0 to 3 from its start), whether the other
        // three cells hold a stone of `b`: those 1 to 3 − j steps on and 1 to j steps back.
        let others = |b: W, k: u32| {
            let (on1, back1) = (at(b, 1, k), at(b, -1, k));
            let (on2, back2) = (on1 | at(b, 2, k), back1 | at(b, -2, k));
            let (on3, back3) = (on2 | at(b, 3, k), back2 | at(b, -3, k));
            [on3, back1 | on2, back2 | on1, back3]
        };
        let mut dead = y;
        for &(k, starts) in &self.s.windows {
            let (xs, ys) = (others(x, k), others(y, k));
            for j in 0..4 {
                dead &= !at(starts, -(j as i32), k) | (xs[j] & ys[j]);
            }
        }
        if dead == W::ZERO {
            return *p;
        }
        let y2 = y & !dead;
        // Lines (by their start) holding a stone of `b`.
        let holding =
            |b: W, k: u32, starts: W| (b | at(b, 1, k) | at(b, 2, k) | at(b, 3, k)) & starts;
        let kept = self.s.windows.iter().all(|&(k, starts)| {
            let mixed = holding(x, k, starts) & holding(y, k, starts);
            mixed & !holding(y2, k, starts) == W::ZERO
        });
        if kept {
            Connect4Position {
                mine: x | dead,
                mask: p.mask,
            }
        } else {
            *p
        }
    }

    /// Column `c` as a position keyed by its mirror image stores it, and back.
    fn oriented(&self, c: u32, mirrored: bool) -> u32 {
        if mirrored {
            self.s.game.width() - 1 - c
        } else {
            c
        }
    }

    /// The column of a move's cell.
    fn column(&self, cell: W) -> u32 {
        cell.trailing_zeros() / (self.s.game.height() + 1)
    }

    fn play_cell(p: &Connect4Position<W>, cell: W) -> Connect4Position<W> {
        Connect4Position {
            mine: p.mine ^ p.mask,
            mask: p.mask | cell,
        }
    }

    /// Whether the thread has searched the nodes it may search before helpers join it.
    fn paused(&self) -> bool {
        self.nodes >= self.pause_at
    }

    /// Counts a node and checks the halt (and the pause) every [`CHECK_EVERY`] nodes.
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes - self.checked >= CHECK_EVERY {
            self.stopped |= self.halt.check(self.nodes - self.checked) || self.paused();
            self.checked = self.nodes;
            if let Some((bracket, packed)) = self.watched {
                self.stopped |= bracket.load(Ordering::Relaxed) != packed;
                if let Some(w) = self.watch.as_mut().filter(|w| w.due()) {
                    let (min, max) = unpack(bracket.load(Ordering::Relaxed));
                    w.show(
                        &format!("searching, the score between {min} and {max}"),
                        self.halt.nodes(),
                    );
                }
            }
        }
    }

    /// Negamax with alpha-beta (fail-soft) for a position where the player to move cannot
    /// make four at once: a score s with s ≤ alpha when the true score is at most s, s ≥ beta
    /// when it is at least s, and the exact score in between.
    fn negamax(&mut self, p: &Connect4Position<W>, alpha: i32, beta: i32) -> i32 {
        self.negamax_keyed(p, alpha, beta, None)
    }

    /// [`Thread::negamax`] given the position's [`Thread::key`] where the caller has it.
    fn negamax_keyed(
        &mut self,
        p: &Connect4Position<W>,
        mut alpha: i32,
        mut beta: i32,
        known: Option<(W, bool)>,
    ) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        let cells = self.cells();
        let stones = p.mask.count_ones() as i32;
        let theirs = self.winning_cells(p.mine ^ p.mask, p.mask);
        let next = self.non_losing(p.mask, theirs);
        if next == W::ZERO {
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
        // A player who cannot make four even with every empty cell cannot win: the other
        // player cannot lose.
        let empty = self.s.board ^ p.mask;
        let max = if self.s.game.has_four(p.mine | empty) {
            (cells - 1 - stones) / 2
        } else {
            0
        };
        if !self.s.game.has_four((p.mine ^ p.mask) | empty) && alpha < 0 {
            alpha = 0;
            if alpha >= beta {
                return alpha;
            }
        }
        let max = max.min(self.claimeven(p, stones));
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        if next & (next - W::ONE) == W::ZERO {
            // One move does not lose at once: it is played without a look at the table.
            return -self.negamax(&Self::play_cell(p, next), -beta, -alpha);
        }
        let (key, mirrored) = known.unwrap_or_else(|| self.key(p));
        let table = self.s.options.table.then_some(&self.s.table);
        if let Some(t) = table {
            t.prefetch(key);
        }
        // Each move with the cells where the mover would then make four: a move that leaves
        // the opponent no move that does not lose wins on the mover's next turn, the best a
        // player who cannot win now can do.
        let mut moves = Moves::<W> {
            cells: W::columns((0, W::ZERO, W::ZERO)),
            len: 0,
        };
        let mut rest = next;
        while rest != W::ZERO {
            let cell = rest & rest.wrapping_neg();
            rest ^= cell;
            let mask = p.mask | cell;
            let threats = self.winning_cells(p.mine | cell, mask);
            if self.non_losing(mask, threats) == W::ZERO {
                return (cells - 1 - stones) / 2;
            }
            moves.cells.as_mut()[moves.len] = (0, cell, threats);
            moves.len += 1;
        }
        // None does: the mover wins on its third turn at the earliest.
        let max = (cells - 3 - stones) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let mut table_move = None;
        if let Some(value) = table.and_then(|t| t.probe(key)) {
            let (bound, lower, best) = decode(value);
            table_move = best.map(|c| self.oriented(c, mirrored));
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
        self.order(p, &mut moves, theirs, table_move);
        // Enhanced transposition cutoff: a child the table already bounds from above gives
        // this position a lower bound at once, which may cut it off without a search. Far
        // from the end only, where a cut saves a large subtree for a few probes.
        let mut keys = W::columns(None);
        if let Some(t) = table.filter(|_| stones < cells - ETC_EMPTY) {
            // Every child's bucket is asked for before the first is read: the reads overlap.
            for (k, &(_, cell, _)) in keys
                .as_mut()
                .iter_mut()
                .zip(&moves.cells.as_ref()[..moves.len])
            {
                let child = self.key(&Self::play_cell(p, cell));
                t.prefetch(child.0);
                *k = Some(child);
            }
            for (&k, &(_, cell, _)) in keys.as_ref().iter().zip(&moves.cells.as_ref()[..moves.len])
            {
                let k = k.expect("every child's key").0;
                if let Some((bound, false, _)) = t.probe(k).map(decode) {
                    if -bound >= beta {
                        let best = self.oriented(self.column(cell), mirrored);
                        t.store(key, encode(-bound, true, Some(best)), 1);
                        return -bound;
                    }
                }
            }
        }
        let mut best = i32::MIN;
        // The moves in order, then those left because another thread was searching them
        // (only far from the end, where the children's keys are at hand, and never the
        // first move, which is searched at once).
        let defer = self.s.options.defer && self.s.options.threads > 1;
        let mut queue = W::queue();
        for (i, q) in queue.as_mut()[..moves.len].iter_mut().enumerate() {
            *q = i as u8;
        }
        let (mut at, mut end) = (0, moves.len);
        while at < end {
            let i = usize::from(queue.as_ref()[at]);
            at += 1;
            let (_, cell, _) = moves.cells.as_ref()[i];
            let known = keys.as_ref()[i];
            let busy = known.map(|k| k.0.digest()).filter(|_| defer);
            if let Some(k) = busy {
                if at <= moves.len && i > 0 && self.s.busy.contains(k) {
                    queue.as_mut()[end] = i as u8;
                    end += 1;
                    continue;
                }
                self.s.busy.enter(k);
            }
            let child = Self::play_cell(p, cell);
            let score = -self.negamax_keyed(&child, -beta, -alpha, known);
            if let Some(k) = busy {
                self.s.busy.leave(k);
            }
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score >= beta {
                if let Some(t) = table {
                    let best = self.oriented(self.column(cell), mirrored);
                    t.store(key, encode(score, true, Some(best)), self.nodes - start);
                }
                return score;
            }
            alpha = alpha.max(score);
        }
        if let Some(t) = table {
            t.store(key, encode(best, false, None), self.nodes - start);
        }
        best
    }

    /// Sorts `moves` (cells and the mover's threats after each), the most promising first:
    /// the table's move, then by the mover's threats, ties from the centre outwards. A
    /// threat right above a playable cell counts [`NEXT_WEIGHT`] + 1 times, one a cell
    /// higher twice, every other once (a threat the opponent may not play under takes away
    /// a move); one right above a cell where the opponent would make four counts not at all
    /// (whoever fills that cell first blocks or wins there).
    /// At most 32 columns fit a board of 64 bits ((h + 1)·w ≤ 64), 64 one of 128, so the moves
    /// sit in an array on the stack, sorted by insertion: no allocation in the search's inner
    /// loop.
    fn order(
        &self,
        p: &Connect4Position<W>,
        moves: &mut Moves<W>,
        theirs: W,
        table_move: Option<u32>,
    ) {
        let cells = moves.cells.as_mut();
        for i in 0..moves.len {
            let (_, cell, threats) = cells[i];
            let c = self.column(cell);
            // The most columns a board of the word has: ranks are below it.
            let columns = W::BITS / 2;
            let rank = self.s.rank[c as usize];
            let score = if table_move == Some(c) {
                u32::MAX
            } else if self.s.options.ordering {
                let mask = p.mask | cell;
                let useful = threats & !(theirs << 1);
                let above = (self.playable(mask) << 1) & self.s.board;
                let twice = (above << 1) & self.s.board;
                let weight = NEXT_WEIGHT * (useful & above).count_ones()
                    + (useful & twice).count_ones()
                    + useful.count_ones();
                weight * columns + (columns - 1 - rank)
            } else {
                columns - 1 - rank
            };
            // Insert after every move scored higher.
            let mut at = i;
            while at > 0 && cells[at - 1].0 < score {
                cells[at] = cells[at - 1];
                at -= 1;
            }
            cells[at] = (score, cell, threats);
        }
    }

    /// The exact score of `p` (any position not yet over), by null-window searches in a
    /// binary search over the score whose bracket (the least and the most the score can be)
    /// every thread shares: each asks the question the bracket gives, narrows it with the
    /// answer, and drops a question another thread has answered. None if the search was
    /// stopped.
    fn score(&mut self, p: Connect4Position<W>, bracket: &'a AtomicU64) -> Option<i32> {
        let cells = self.cells();
        let stones = p.mask.count_ones() as i32;
        if let Some(s) = self.ended(&p) {
            return Some(s);
        }
        if self.can_win_now(&p) {
            return Some((cells + 1 - stones) / 2);
        }
        loop {
            let packed = bracket.load(Ordering::Acquire);
            let (min, max) = unpack(packed);
            if min >= max {
                return Some(min);
            }
            let mut med = min + (max - min) / 2;
            // A binary search over the scores, halving toward 0 first; once the score is
            // known to lie near 0 (as the empty 7 × 6 board's, 1), the sign is asked, then
            // the score stepped away from 0 one at a time: near 0 each question is a hard
            // one, and the fewer the better.
            if min > -NEAR && max < NEAR {
                med = if min >= 0 {
                    min
                } else if max <= 0 {
                    max - 1
                } else {
                    0
                };
            } else if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            self.watched = Some((bracket, packed));
            let r = self.negamax(&p, med, med + 1);
            self.watched = None;
            if self.stopped {
                if self.halt.stopped() || self.paused() {
                    return None;
                }
                // Another thread answered the question first.
                self.stopped = false;
                continue;
            }
            let (low, high) = if r <= med {
                (i32::MIN, r)
            } else {
                (r, i32::MAX)
            };
            let _ = bracket.fetch_update(Ordering::AcqRel, Ordering::Acquire, |now| {
                let (min, max) = unpack(now);
                Some(pack(min.max(low), max.min(high)))
            });
        }
    }

    /// The score of a position whose game is over, for the player to move: lost when the
    /// other player has four, drawn when the board is full.
    fn ended(&self, p: &Connect4Position<W>) -> Option<i32> {
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
    fn line(&mut self, mut p: Connect4Position<W>, mut score: i32) -> Option<Vec<u32>> {
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
    fn at_least(&mut self, p: &Connect4Position<W>, v: i32) -> Option<bool> {
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
    use std::collections::HashMap;

    /// The exact score of `p` (not over) by plain negamax over every move, memoised; checks
    /// on the way that the claimeven bound of every position with the first player to move
    /// is at least its score, counting them in `checked`.
    fn exact(
        t: &Thread<'_>,
        p: Connect4Position,
        memo: &mut HashMap<u64, i32>,
        checked: &mut usize,
    ) -> i32 {
        let key = t.s.game.key(&p);
        if let Some(&s) = memo.get(&key) {
            return s;
        }
        let (cells, stones) = (t.cells(), p.mask.count_ones() as i32);
        let score = if t.can_win_now(&p) {
            (cells + 1 - stones) / 2
        } else if p.mask == t.s.board {
            0
        } else {
            (0..t.s.game.width())
                .filter(|&c| t.s.game.can_play(&p, c))
                .map(|c| -exact(t, t.s.game.play(&p, c), memo, checked))
                .max()
                .expect("a move")
        };
        let bound = t.claimeven(&p, stones);
        assert!(
            score <= bound,
            "{key:#x}: score {score} above the bound {bound}"
        );
        if stones % 2 == 0 {
            *checked += 1;
        }
        memo.insert(key, score);
        score
    }

    #[test]
    fn claimeven_bounds_every_position_of_small_boards() {
        for (w, h, score) in [(4, 4, 0), (3, 6, 0), (5, 4, 0), (7, 2, 0), (2, 6, 0)] {
            let game = Connect4::new(w, h).unwrap();
            let searcher = Searcher::new(game, Options::default(), &Budget::default()).unwrap();
            let halt = Halt::new(&Budget::default());
            let thread = Thread::new(&searcher, &halt);
            let (mut memo, mut checked) = (HashMap::new(), 0);
            let s = exact(
                &thread,
                Connect4Position::default(),
                &mut memo,
                &mut checked,
            );
            assert_eq!(s, score, "{w} × {h}");
            assert!(
                checked > memo.len() / 3,
                "{w} × {h}: {checked} of {}",
                memo.len()
            );
        }
    }

    #[test]
    fn positions_alike_but_for_dead_stones_have_one_score() {
        for (w, h) in [(4, 4), (5, 4), (4, 5), (6, 3)] {
            let game = Connect4::new(w, h).unwrap();
            let searcher = Searcher::new(game, Options::default(), &Budget::default()).unwrap();
            let halt = Halt::new(&Budget::default());
            let thread = Thread::new(&searcher, &halt);
            let (mut memo, mut checked) = (HashMap::new(), 0);
            exact(
                &thread,
                Connect4Position::default(),
                &mut memo,
                &mut checked,
            );
            let (mut scores, mut recoloured) = (HashMap::new(), 0);
            for (&key, &score) in &memo {
                let p = game.from_key(key);
                let q = thread.without_dead(&p);
                assert_eq!(q.mask, p.mask);
                assert_eq!(q.mine & p.mine, p.mine, "only the opponent's stones change");
                if q != p {
                    recoloured += 1;
                }
                let first = *scores.entry(game.key(&q)).or_insert(score);
                assert_eq!(
                    first, score,
                    "{w} × {h}: {key:#x} keyed alike, scored apart"
                );
            }
            assert!(
                recoloured * 20 > memo.len(),
                "{w} × {h}: {recoloured} of {} recoloured",
                memo.len()
            );
        }
    }

    #[test]
    fn table_values_hold_every_score_and_column_of_128_bits() {
        for score in -64..=64 {
            for lower in [false, true] {
                for best in [None, Some(0), Some(31), Some(63)] {
                    let value = encode(score, lower, best);
                    assert_ne!(value, 0, "0 marks an empty entry");
                    assert_eq!(decode(value), (score, lower, best));
                }
            }
        }
    }

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
