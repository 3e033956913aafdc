//! The search every game without a search of its own takes: depth-first negamax over win,
//! draw and loss with alpha-beta windows, a table of results of a fixed size, move ordering
//! by a promise the game gives for each move, and the root's moves split between threads.
//!
//! A game lists a state's moves cheaply, each with its promise, and builds the state a move
//! leads to only when the search plays it ([`Tree::play`]): a won position is usually proved
//! by its first move or two, and building the states of every other move (splitting a board
//! into regions, valuing them) would cost more than the search itself.
//!
//! **Why negamax on three values and not proof numbers.** A game's results here are win,
//! draw or loss, and a win needs one good move: depth-first alpha-beta with a good ordering
//! proves it by searching one child per winning node and every child per losing node, the
//! minimal proof tree, in memory of the depth only besides the table. Proof-number search
//! finds narrow wins faster where the ordering is poor, but keeps its whole tree in memory,
//! which the budget would have to bound instead of a table of a fixed size. Scores with
//! depth (Connect Four's) have their own search, in the catalogue
//! (`grundy_catalogue::games::connect4::search`).
//!
//! **The table** ([`Memo`]) keeps each result with the position itself as its key, so a
//! result is never another position's (a hash of the position, as in a chess engine, may
//! collide, and a wrong win is the one answer that must never be given). It holds two
//! generations: when the newer holds half the entries the memory allows, it becomes the
//! older and the oldest results are dropped, so recent results (the ones a search returns
//! to) survive and the memory stays within its bound.
//!
//! **Threads.** The moves at the root are shared out: each thread takes the next move not
//! yet searched and searches it with its own game and table (a game valued by canonical
//! forms keeps its store per thread). The first win found ends the search. A position whose
//! moves all lose needs every one searched, and the threads share them.
//!
//! **Cycles.** A move back to a position on the current line is a game with a cycle, which
//! this search cannot score (a repetition is a draw or a loss depending on the whole graph):
//! it stops with [`Halted::Cycle`], and the exhaustive solver is the tool for such a game.

use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::{Halt, Watch, CHECK_EVERY, REPORT_EVERY};
use crate::budget::{Budget, Exhausted};
use crate::progress::{NoProgress, Progress};

/// A game as the search sees it: states (a position with the player to move), their moves
/// with a promise each to order them by, the state a move leads to, and the states a game
/// decides without search.
pub trait Tree {
    /// A position with the player to move: a key of the table, so equal states must be the
    /// same game.
    type State: Clone + Eq + Hash;
    /// A position as the caller gives it at the root, which each thread turns into its own
    /// state (a state may hold values of the thread's store).
    type Root;
    /// What the game's own work may fail with (its budget running out).
    type Error: Send;
    /// A move, as the game lists it before playing it.
    type Move;

    /// The state of a root position.
    fn enter(&mut self, root: &Self::Root) -> Result<Self::State, Self::Error>;

    /// The result for the player to move at `s`, if it is known without looking further:
    /// `Some(1)` a win, `Some(0)` a draw, `Some(-1)` a loss. Called before
    /// [`moves`](Tree::moves); a state with no moves and no result is a loss (normal play).
    fn result(&mut self, s: &Self::State) -> Result<Option<i8>, Self::Error>;

    /// Appends the moves of the player to move at `s`, each with how good it looks for her
    /// (the moves are played from the most promising; all 0 keeps the rules' order).
    fn moves(
        &mut self,
        s: &Self::State,
        out: &mut Vec<(i64, Self::Move)>,
    ) -> Result<(), Self::Error>;

    /// The state move `m` of `s` leads to (the other player to move).
    fn play(&mut self, s: &Self::State, m: &Self::Move) -> Result<Self::State, Self::Error>;

    /// Whether no line of play can come back to a position: then the search keeps no record
    /// of its line to find cycles.
    fn acyclic(&self) -> bool {
        false
    }

    /// The bytes `s` holds on the heap, for the table's estimate of its memory.
    fn heap_bytes(&self, s: &Self::State) -> usize {
        let _ = s;
        0
    }
}

/// Why a search stopped without a result.
#[derive(Debug)]
pub enum Halted<E> {
    /// The budget ran out (nodes, time, memory) or the search was cancelled.
    Budget(Exhausted),
    /// A line of play came back to a position on it: the game has a cycle.
    Cycle,
    /// The line of play went deeper than this many moves ([`MAX_DEPTH`], or
    /// [`CALLER_MAX_DEPTH`] on the calling thread).
    TooDeep(usize),
    /// The game's own work failed.
    Game(E),
    /// Another thread found the answer: a thread's search ends so, and [`Searcher::solve`]
    /// never returns it.
    Interrupted,
}

/// The deepest line the search follows: each level takes the thread's stack, which is sized
/// for it (see [`STACK_BYTES`]).
pub const MAX_DEPTH: usize = 20_000;

/// The stack of each searching thread: room for [`MAX_DEPTH`] levels of a few kilobytes.
pub const STACK_BYTES: usize = 256 << 20;

/// The longest line of play a search's answer shows: each move of it is one more search,
/// mostly answered from the table.
pub const LINE_MOVES: usize = 12;

/// The deepest line a search on the calling thread ([`Options::on_caller`]) follows: that
/// thread's stack is the system's usual 8 MiB, with room for 2,000 levels of a few kilobytes
/// (as deep as Python's games are valued by canonical form).
pub const CALLER_MAX_DEPTH: usize = 2_000;

/// How a [`Searcher`] searches: the techniques can be turned off one by one, to measure what
/// each gives (the benchmarks' ablation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Bytes of results kept, shared out between the threads (each thread's table takes its
    /// part); 0 keeps no table.
    pub table_bytes: u64,
    /// Threads searching the root's moves.
    pub threads: usize,
    /// Order the moves by the game's promise (else the rules' order).
    pub ordering: bool,
    /// Search on the calling thread alone (`threads` is then ignored), without progress
    /// reports, at most [`caller_depth`](Options::caller_depth) moves deep, checking the
    /// budget at every node: for a game whose rules may run only on that thread (a Python
    /// game's, under the interpreter's lock), whose nodes are slow.
    pub on_caller: bool,
    /// The deepest line a search on the calling thread follows ([`CALLER_MAX_DEPTH`] by
    /// default, what the system's usual stack holds): a caller that runs the search on a
    /// thread whose stack it sized for deeper lines raises it.
    pub caller_depth: usize,
}

impl Options {
    /// The deepest line these options follow: [`caller_depth`](Options::caller_depth) on
    /// the calling thread, else [`MAX_DEPTH`].
    pub fn max_depth(&self) -> usize {
        if self.on_caller {
            self.caller_depth
        } else {
            MAX_DEPTH
        }
    }
}

impl Default for Options {
    /// 64 MiB of table, one thread, every technique on.
    fn default() -> Options {
        Options {
            table_bytes: 64 << 20,
            threads: 1,
            ordering: true,
            on_caller: false,
            caller_depth: CALLER_MAX_DEPTH,
        }
    }
}

/// The table of one thread: results by state, in two generations (see the module). Every
/// operation is O(1) expected besides hashing the state.
#[derive(Debug)]
pub struct Memo<S> {
    newer: HashMap<S, Bounds>,
    older: HashMap<S, Bounds>,
    /// Entries the newer generation may hold before it becomes the older.
    half: usize,
}

/// What is known of a state's result: it lies in `lower..=upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Bounds {
    lower: i8,
    upper: i8,
}

impl<S: Eq + Hash> Memo<S> {
    /// A table of at most `entries` results (in its two generations).
    fn new(entries: usize) -> Memo<S> {
        Memo {
            newer: HashMap::default(),
            older: HashMap::default(),
            half: entries / 2,
        }
    }

    fn get(&self, s: &S) -> Option<Bounds> {
        self.newer.get(s).or_else(|| self.older.get(s)).copied()
    }

    fn put(&mut self, s: S, b: Bounds) {
        if self.half == 0 {
            return;
        }
        if self.newer.len() >= self.half {
            self.older = std::mem::take(&mut self.newer);
        }
        self.newer.insert(s, b);
    }

    /// Results held.
    pub fn len(&self) -> usize {
        self.newer.len() + self.older.len()
    }

    /// Drops every result, giving back their memory.
    fn clear(&mut self) {
        self.newer = HashMap::default();
        self.older = HashMap::default();
    }

    /// Whether no result is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The bytes one table entry of states `S` takes by estimate: the entry and its control byte
/// at a hash table's load, besides what the state holds on the heap.
fn entry_bytes<S>(heap: usize) -> usize {
    (std::mem::size_of::<(S, Bounds)>() + 1) * 8 / 7 + heap
}

/// The results' words, from −1: as progress shows them.
const RESULTS: [&str; 3] = ["loses", "draws", "wins"];

/// What progress shows of a search: the root move being searched (`taken`, from 1, of
/// `count`, named by `names` where given), the best so far, the nodes and nodes per second.
fn report(
    watch: &Watch,
    taken: usize,
    count: usize,
    names: &[String],
    best: (i8, Option<usize>),
    nodes: u64,
) -> String {
    let name = |i: usize| {
        names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("{}", i + 1))
    };
    let best = match best {
        (v, Some(i)) => format!(", best so far {} ({})", name(i), RESULTS[(v + 1) as usize]),
        _ => String::new(),
    };
    watch.text(
        &format!(
            "searching move {taken} of {count} ({}){best}",
            name(taken - 1)
        ),
        nodes,
    )
}

/// A state's moves, each with its promise.
type Promised<T> = Vec<(i64, <T as Tree>::Move)>;

/// The value behind `m`, whether or not a thread panicked holding it.
pub(crate) fn lock<X>(m: &Mutex<X>) -> std::sync::MutexGuard<'_, X> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// One thread: its game, its table, its line, its count of nodes.
struct Worker<T: Tree> {
    /// Set when the work this thread is doing is no longer needed (a reply of the first move
    /// that refutes it was found by another thread).
    given_up: Arc<AtomicBool>,
    tree: T,
    memo: Memo<T::State>,
    line: HashSet<T::State>,
    nodes: u64,
    unchecked: u64,
    options: Options,
}

/// What a search found: the result at the root, the first root move that achieves it, and
/// the nodes searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved {
    /// 1 a win for the player to move, 0 a draw, −1 a loss.
    pub value: i8,
    /// The index of a root move achieving [`value`](Solved::value) (the first such move
    /// found); `None` where there is no move.
    pub best: Option<usize>,
    /// Nodes searched by every thread.
    pub nodes: u64,
}

/// A search with its threads' games and tables, kept between searches so that a line of
/// play (each position after the best move of the one before) is searched with what the
/// first search learnt.
pub struct Searcher<T: Tree> {
    workers: Vec<Worker<T>>,
}

impl<T: Tree + Send> Searcher<T>
where
    T::State: Send,
{
    /// A searcher of `options.threads` threads (at least one; one with
    /// [`on_caller`](Options::on_caller)), each with a game from `make`
    /// and its part of `options.table_bytes`, checked against `budget`'s memory (the table
    /// grows to it as results come, never beyond). O(threads).
    pub fn new(
        options: Options,
        budget: &Budget,
        make: impl Fn() -> T,
    ) -> Result<Searcher<T>, Exhausted> {
        let threads = if options.on_caller {
            1
        } else {
            options.threads.max(1)
        };
        budget.check_memory(options.table_bytes, "searching", 0)?;
        let share = (options.table_bytes / threads as u64) as usize;
        // A state's heap bytes are unknown until states come: the estimate counts a few
        // words of heap for each.
        // Each generation's hash table may reach twice its entries' bytes as it grows: the
        // two generations together hold a quarter of what fits.
        let entries = share / entry_bytes::<T::State>(32) / 2;
        let workers = (0..threads)
            .map(|_| Worker {
                given_up: Arc::new(AtomicBool::new(false)),
                tree: make(),
                memo: Memo::new(entries),
                line: HashSet::default(),
                nodes: 0,
                unchecked: 0,
                options,
            })
            .collect();
        Ok(Searcher { workers })
    }

    /// The game of the first thread (for what the caller reads of it after a search: its
    /// store, its counts).
    pub fn tree(&mut self) -> &mut T {
        &mut self.workers[0].tree
    }

    /// The game of every thread.
    pub fn trees(&mut self) -> impl Iterator<Item = &mut T> + '_ {
        self.workers.iter_mut().map(|w| &mut w.tree)
    }

    /// Drops every thread's results: for a game whose rules failed during a search (a
    /// position then seen without its moves), whose results can no longer be believed.
    /// O(the results held).
    pub fn forget(&mut self) {
        for w in &mut self.workers {
            w.memo.clear();
        }
    }

    /// Results held by every thread's table.
    pub fn results(&self) -> usize {
        self.workers.iter().map(|w| w.memo.len()).sum()
    }

    /// Searches a position given by its moves: `moves[i]` is the position after root move
    /// `i` (the opponent to move). Returns the best result for the player to move (a loss
    /// where there is no move) and the first move found that achieves it, within
    /// `budget` (its positions count nodes, every thread's). Each thread takes the next move
    /// not yet searched; the first win ends the search.
    ///
    /// Cost: exponential in the depth at worst; the table, the ordering and the cutoffs make
    /// the proof tree's size the usual cost.
    pub fn solve(&mut self, moves: &[T::Root], budget: &Budget) -> Result<Solved, Halted<T::Error>>
    where
        T::Root: Sync,
        T::Error: Send,
    {
        self.solve_watched(moves, budget, &NoProgress, &[])
    }

    /// [`solve`](Searcher::solve), reporting to `progress` from the calling thread (unless
    /// the search runs there, [`Options::on_caller`]) every [`REPORT_EVERY`]: a phase for each root move taken (named by `names`, where given:
    /// which move, of how many, and the best found so far) and the nodes searched since the
    /// last report, so that a front end shows nodes per second and where the search is.
    pub fn solve_watched(
        &mut self,
        moves: &[T::Root],
        budget: &Budget,
        progress: &dyn Progress,
        names: &[String],
    ) -> Result<Solved, Halted<T::Error>>
    where
        T::Root: Sync,
        T::Error: Send,
    {
        let halt = Halt::new(budget);
        // The best result so far and its move: the first of equal moves stays.
        let best: Mutex<(i8, Option<usize>)> = Mutex::new((-1, None));
        let failure: Mutex<Option<Halted<T::Error>>> = Mutex::new(None);
        let before: u64 = self.workers.iter().map(|w| w.nodes).sum();
        // With more than one thread, the first (most promising) move is searched by all of
        // them, split over the opponent's replies: it is usually the answer, and its
        // replies must all be refuted. The other moves are then shared out whole.
        let split = self.workers.len() > 1 && !moves.is_empty();
        let next = AtomicUsize::new(usize::from(split));
        let first = First::default();
        let given_up = Arc::new(AtomicBool::new(false));
        for w in &mut self.workers {
            given_up.store(false, Ordering::Relaxed);
            w.given_up = Arc::clone(&given_up);
        }
        let record = |i: usize, v: i8, exact: bool| {
            let mut b = lock(&best);
            if b.1.is_none() || exact && (v > b.0 || v == b.0 && Some(i) < b.1) {
                *b = (v, Some(i));
            }
            if v == 1 {
                halt.finish();
            }
        };
        let fail = |e: Halted<T::Error>| {
            lock(&failure).get_or_insert(e);
            halt.finish();
        };
        let run = |w: &mut Worker<T>| {
            if split {
                match w.first_replies(&moves[0], &first, &halt) {
                    Ok(Some(v)) => record(0, v, true),
                    Ok(None) | Err(Halted::Interrupted) => {}
                    Err(e) => return fail(e),
                }
                // The replies still searched by other threads are their work; this one goes
                // on to the other moves, searched whole.
                w.given_up = Arc::new(AtomicBool::new(false));
            }
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= moves.len() || halt.stopped() {
                    break;
                }
                let above = lock(&best).0;
                match w.root_move(&moves[i], above, &halt) {
                    // Above the window's floor the result is exact; at it, only a bound.
                    Ok(v) => record(i, v, v > above || above == -1),
                    Err(Halted::Interrupted) => break,
                    Err(e) => return fail(e),
                }
            }
        };
        let (first, rest) = self.workers.split_first_mut().expect("one worker at least");
        let spawned = if first.options.on_caller {
            run(first);
            true
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = rest
                    .iter_mut()
                    .map(|w| {
                        let run = &run;
                        std::thread::Builder::new()
                            .stack_size(STACK_BYTES)
                            .spawn_scoped(scope, move || run(w))
                    })
                    .collect();
                // The first worker searches on a thread of its own too, for the stack.
                let main = std::thread::Builder::new()
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(scope, || run(first));
                let handles: Vec<_> = handles.into_iter().chain([main]).collect();
                // The calling thread reports while the workers search.
                let watch = Watch::new(progress);
                let mut shown = String::new();
                // Short searches end within the first naps; long ones are looked at every
                // REPORT_EVERY.
                let mut nap = Duration::from_micros(50);
                while handles
                    .iter()
                    .any(|h| h.as_ref().is_ok_and(|h| !h.is_finished()))
                {
                    let taken = next.load(Ordering::Relaxed).min(moves.len()).max(1);
                    let text = report(
                        &watch,
                        taken,
                        moves.len(),
                        names,
                        *lock(&best),
                        halt.nodes(),
                    );
                    if text != shown && watch.due() {
                        progress.phase(&text, None);
                        shown = text;
                    }
                    std::thread::sleep(nap);
                    nap = (nap * 2).min(REPORT_EVERY);
                }
                let mut ok = true;
                for h in handles {
                    ok &= h.map(|h| h.join().is_ok()).unwrap_or(false);
                }
                progress.finish();
                ok
            })
        };
        let nodes = self.workers.iter().map(|w| w.nodes).sum::<u64>() - before;
        if !spawned {
            return Err(Halted::TooDeep(MAX_DEPTH));
        }
        if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(match (e, halt.error()) {
                (Halted::Budget(_), Some(b)) => Halted::Budget(b),
                (e, _) => e,
            });
        }
        if let Some(e) = halt.error() {
            return Err(Halted::Budget(e));
        }
        let (value, best) = best.into_inner().unwrap_or_else(|p| p.into_inner());
        Ok(Solved { value, best, nodes })
    }
}

/// The first root move, searched by every thread over the opponent's replies: the next reply
/// to take, how many are done, the least result of ours after them, whether one refutes the
/// move.
#[derive(Default)]
struct First {
    next: AtomicUsize,
    done: AtomicUsize,
    least: Mutex<Option<i8>>,
    refuted: AtomicBool,
}

impl<T: Tree> Worker<T> {
    /// The moves of `s`, from the most promising where the options order them (stable:
    /// equal promises keep the rules' order).
    fn ordered_moves(&mut self, s: &T::State) -> Result<Promised<T>, Halted<T::Error>> {
        let mut moves = Vec::new();
        self.tree.moves(s, &mut moves).map_err(Halted::Game)?;
        if self.options.ordering {
            moves.sort_by_key(|(promise, _)| std::cmp::Reverse(*promise));
        }
        Ok(moves)
    }

    /// Takes replies of the opponent to the first root move, one at a time, until none is
    /// left or one refutes the move; returns the move's result where this thread finished
    /// the last reply (every thread lists the replies alike: the same state, the same
    /// ordering).
    fn first_replies(
        &mut self,
        root: &T::Root,
        first: &First,
        halt: &Halt,
    ) -> Result<Option<i8>, Halted<T::Error>> {
        let s = self.tree.enter(root).map_err(Halted::Game)?;
        if let Some(v) = self.tree.result(&s).map_err(Halted::Game)? {
            return Ok((first.done.fetch_add(1, Ordering::Relaxed) == 0).then_some(-v));
        }
        let replies = self.ordered_moves(&s)?;
        if replies.is_empty() {
            // The opponent cannot move: the move wins.
            return Ok((first.done.fetch_add(1, Ordering::Relaxed) == 0).then_some(1));
        }
        loop {
            let j = first.next.fetch_add(1, Ordering::Relaxed);
            if j >= replies.len() || first.refuted.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let c = self.tree.play(&s, &replies[j].1).map_err(Halted::Game)?;
            self.line.clear();
            if !self.tree.acyclic() {
                self.line.insert(s.clone());
            }
            let v = self.negamax(&c, -1, 1, 2, halt)?;
            self.flush(halt)?;
            let least = {
                let mut l = lock(&first.least);
                let least = l.map_or(v, |m| m.min(v));
                *l = Some(least);
                least
            };
            if v == -1 {
                // Refuted: the other threads stop their replies.
                first.refuted.store(true, Ordering::Relaxed);
                self.given_up.store(true, Ordering::Relaxed);
                return Ok(Some(-1));
            }
            if first.done.fetch_add(1, Ordering::Relaxed) + 1 == replies.len() {
                return Ok(Some(least));
            }
        }
    }

    /// Searches one root move: its result for the player who made it, exact where it is
    /// better than `above` (searched with the window above it), else at most `above`.
    fn root_move(
        &mut self,
        root: &T::Root,
        above: i8,
        halt: &Halt,
    ) -> Result<i8, Halted<T::Error>> {
        let s = self.tree.enter(root).map_err(Halted::Game)?;
        self.line.clear();
        let v = -self.negamax(&s, -1, -above, 1, halt)?;
        self.flush(halt)?;
        Ok(v)
    }

    /// Counts the nodes since the last check into the halt.
    fn flush(&mut self, halt: &Halt) -> Result<(), Halted<T::Error>> {
        if halt.check(self.unchecked) && halt.error().is_some() {
            self.unchecked = 0;
            return Err(Halted::Budget(halt.error().expect("checked")));
        }
        self.unchecked = 0;
        Ok(())
    }

    /// The result of `s` for the player to move, exact if it lies strictly inside
    /// `alpha..beta`, else a bound on the side of the window it fell.
    fn negamax(
        &mut self,
        s: &T::State,
        mut alpha: i8,
        mut beta: i8,
        depth: usize,
        halt: &Halt,
    ) -> Result<i8, Halted<T::Error>> {
        self.nodes += 1;
        self.unchecked += 1;
        // A game searched on the calling thread calls slow code (Python) at each node: its
        // budget is checked at every node, a clock reading against microseconds of calls.
        if self.unchecked >= CHECK_EVERY || self.options.on_caller {
            self.flush(halt)?;
        }
        if halt.stopped() || self.given_up.load(Ordering::Relaxed) {
            return Err(halt.error().map_or(Halted::Interrupted, Halted::Budget));
        }
        let deepest = self.options.max_depth();
        if depth > deepest {
            return Err(Halted::TooDeep(deepest));
        }
        if let Some(v) = self.tree.result(s).map_err(Halted::Game)? {
            return Ok(v);
        }
        if let Some(b) = self.memo.get(s) {
            if b.lower == b.upper || b.lower >= beta {
                return Ok(b.lower);
            }
            if b.upper <= alpha {
                return Ok(b.upper);
            }
            alpha = alpha.max(b.lower);
            beta = beta.min(b.upper);
        }
        let moves = self.ordered_moves(s)?;
        if moves.is_empty() {
            self.memo.put(
                s.clone(),
                Bounds {
                    lower: -1,
                    upper: -1,
                },
            );
            return Ok(-1);
        }
        let watch = !self.tree.acyclic();
        if watch && !self.line.insert(s.clone()) {
            return Err(Halted::Cycle);
        }
        let alpha0 = alpha;
        let mut value = -1;
        let mut searched = Ok(());
        for (_, m) in &moves {
            let c = match self.tree.play(s, m) {
                Ok(c) => c,
                Err(e) => {
                    searched = Err(Halted::Game(e));
                    break;
                }
            };
            if watch && self.line.contains(&c) {
                searched = Err(Halted::Cycle);
                break;
            }
            match self.negamax(&c, -beta, -alpha, depth + 1, halt) {
                Ok(v) => {
                    value = value.max(-v);
                    alpha = alpha.max(value);
                    if alpha >= beta {
                        break;
                    }
                }
                Err(e) => {
                    searched = Err(e);
                    break;
                }
            }
        }
        if watch {
            self.line.remove(s);
        }
        searched?;
        let bounds = if value <= alpha0 {
            Bounds {
                lower: -1,
                upper: value,
            }
        } else if value >= beta {
            Bounds {
                lower: value,
                upper: 1,
            }
        } else {
            Bounds {
                lower: value,
                upper: value,
            }
        };
        self.memo.put(s.clone(), bounds);
        Ok(value)
    }
}
