//! Mem (CGSuite's `game.heap.Mem`): a heap remembers how many tokens the last move took from
//! it. A heap is (n, k), n tokens and k the last take from it (0 before any move); a move takes
//! a tokens from one heap, max(k, 1) ≤ a ≤ n, leaving (n − a, a). The player who cannot move
//! loses; a position is a sum of heaps, each with its own memory.
//!
//! **Values.** No closed form is known: g(n, k) = mex{g(n − a, a) : max(k, 1) ≤ a ≤ n}, and
//! g(n, k) = 0 for k > n (no move). For a fixed n the options only grow as k falls from n to
//! 1, so the mex only rises: each row is valued in O(n) with one growing mex, every heap up
//! to N in O(N²) time and N(N + 1) bytes (a triangle of 2-byte values: a value is at most the
//! number of options, n), up to [`MAX_HEAP`]. The value of several heaps is the XOR of their
//! values; the winning moves take from a heap whose value changes by the XOR.
//!
//! **Complexity.** [`Mem::up_to`] is O(N²); an answer for h heaps lists at most h·N moves,
//! each found in O(1).

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use serde::Serialize;

use super::cgsuite::{self, Cgsuite, CgsuiteClass, Position};
use super::{Answer, CatalogueGame, Example, Family, Group, Inputs, Param, RunError};
use crate::play::piles::{self, WHY_TIME};
use crate::play::playable::{game_error, nim_sum_line, words};
use crate::play::{fits, Drawing, Match, PlayError, PlayTable, Playable, WhyLine};
use grundy::budget::Budget;
use grundy::input::{self, InputError};
use grundy::partizan::notation::{Call, CallError};
use grundy::partizan::{GameId, GameStore};
use grundy::pattern::table::{
    check_limit, of_kind, Kind, Span, Table, TableError, TableGame, TableSource, Tabulate,
};
use grundy::report::{Field, Report};
use grundy::rules::{Impartial, Moves, Sum};

/// The largest heap valued: 4096 tokens (16 MiB of values, a fraction of a second).
pub const MAX_HEAP: u64 = 1 << 12;

/// How many rows of values are computed between two looks at the deadline: a few
/// milliseconds of work at the largest heaps.
const CHECK_EVERY: u64 = 64;

/// A heap of Mem: its tokens, and the number the last move took from it (0 at the start).
pub type Heap = (u64, u64);

/// The rules of one heap, for the generic solver: take at least the last take, and at least 1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemHeap;

impl Impartial for MemHeap {
    type Position = Heap;

    fn options(&self, &(n, k): &Heap, out: &mut Moves<Heap>) {
        out.extend((k.max(1)..=n).map(|a| (n - a, a)));
    }
}

/// A winning move of Mem: `heap 1: take 3 (leaves 7:3)`, the heap left with the take as its
/// memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MemMove {
    /// The heap, numbered from 1.
    pub heap: usize,
    /// How many tokens the move takes: the heap's memory after it.
    pub take: u64,
    /// The heap's tokens after the move.
    pub to: u64,
}

impl fmt::Display for MemMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "heap {}: take {} (leaves {})",
            self.heap,
            self.take,
            heap_text((self.to, self.take))
        )
    }
}

/// The values of Mem for every heap of up to N tokens, with every memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mem {
    /// N, the most tokens valued.
    max: u64,
    /// g(n, k) for 1 ≤ k ≤ n ≤ N, row n at n(n − 1)/2 (memory 0 moves as memory 1, and a
    /// memory beyond n leaves no move).
    values: Vec<u16>,
}

impl Mem {
    /// The values of heaps of 0 to `max` tokens (at most [`MAX_HEAP`]) with every memory, by
    /// the definition, within `budget`'s memory (2 bytes a value) and deadline (checked every
    /// 64 rows). O(max²).
    pub fn up_to(max: u64, budget: &Budget) -> Result<Mem, RunError> {
        if max > MAX_HEAP {
            return Err(InputError::invalid(
                format!("heap {max}"),
                format!("the values are computed up to the largest heap, at most {MAX_HEAP}"),
            )
            .into());
        }
        let cells = max * (max + 1) / 2;
        budget.check("valuing heaps", cells, cells * 2)?;
        let mut values = vec![0u16; cells as usize];
        let mut seen = vec![false; max as usize + 2];
        for n in 1..=max {
            if n % CHECK_EVERY == 0 {
                budget.check_time("valuing heaps", n * (n - 1) / 2)?;
            }
            // Memory k has the options of memory k + 1 and one more, a take of k.
            seen[..n as usize + 2].fill(false);
            let mut mex = 0;
            for k in (1..=n).rev() {
                let option = value_in(&values, n - k, k) as usize;
                seen[option] = true;
                while seen[mex] {
                    mex += 1;
                }
                // A value is at most the options' count, n ≤ MAX_HEAP: it fits.
                values[index(n, k)] = mex as u16;
            }
        }
        Ok(Mem { max, values })
    }

    /// The most tokens a heap valued has.
    pub fn max_heap(&self) -> u64 {
        self.max
    }

    /// The value of a heap of n tokens (at most [`Mem::max_heap`]) whose last take was k.
    /// O(1).
    pub fn value(&self, n: u64, k: u64) -> u64 {
        value_in(&self.values, n, k)
    }

    /// The answer for heaps (each of at most [`Mem::max_heap`] tokens): the outcome, the
    /// value (the XOR of the heaps' values) and every winning move, by heap and increasing
    /// take. O(heaps · N).
    pub fn answer(&self, heaps: &[Heap]) -> Answer<MemMove> {
        let x = heaps.iter().fold(0, |x, &(n, k)| x ^ self.value(n, k));
        let mut moves = Vec::new();
        if x != 0 {
            for (i, &(n, k)) in heaps.iter().enumerate() {
                let target = self.value(n, k) ^ x;
                for a in k.max(1)..=n {
                    if self.value(n - a, a) == target {
                        moves.push(MemMove {
                            heap: i + 1,
                            take: a,
                            to: n - a,
                        });
                    }
                }
            }
        }
        Answer::from_moves(Some(x), moves)
    }
}

/// Where g(n, k) is kept, for 1 ≤ k ≤ n.
fn index(n: u64, k: u64) -> usize {
    (n * (n - 1) / 2 + k - 1) as usize
}

/// g(n, k) from the rows valued so far (n's among them).
fn value_in(values: &[u16], n: u64, k: u64) -> u64 {
    if k > n || n == 0 {
        return 0;
    }
    u64::from(values[index(n, k.max(1))])
}

impl CatalogueGame for Mem {
    type Position = Vec<Heap>;
    type Move = MemMove;
    type Rules = Sum<MemHeap>;

    fn rules(&self) -> Sum<MemHeap> {
        Sum(MemHeap)
    }

    fn answer(&self, heaps: &Vec<Heap>) -> Answer<MemMove> {
        Mem::answer(self, heaps)
    }

    fn play(&self, heaps: &Vec<Heap>, m: &MemMove) -> Option<Vec<Heap>> {
        let i = m.heap.checked_sub(1)?;
        let (n, k) = *heaps.get(i)?;
        let legal = m.take >= k.max(1) && n.checked_sub(m.take) == Some(m.to);
        legal.then(|| {
            let mut next = heaps.clone();
            next[i] = (m.to, m.take);
            next
        })
    }
}

/// A heap as it is written: `7:3`, or `7` for a heap no move has taken from (memory 0).
pub fn heap_text((n, k): Heap) -> String {
    match k {
        0 => n.to_string(),
        _ => format!("{n}:{k}"),
    }
}

/// Reads heaps written `N` or `N:K` (N from 0 to [`MAX_HEAP`], any K), one a word, placed as
/// `heap 1`, `heap 2`... in messages: every number is checked before anything is sized by it.
pub fn read_heaps(texts: &[String]) -> Result<Vec<Heap>, InputError> {
    (texts.iter().enumerate())
        .map(|(i, text)| {
            let place = format!("heap {}", i + 1);
            let (n, k) = text.split_once(':').unwrap_or((text, "0"));
            let n = input::whole_up_to(&place, n, "a heap size", 0, MAX_HEAP)?;
            let k = input::whole(&place, k, "a heap's last take", 0)?;
            Ok((n, k))
        })
        .collect()
}

impl Tabulate for MemHeap {
    fn name(&self) -> String {
        "Mem".to_string()
    }

    fn parameters(&self) -> usize {
        2
    }

    /// g(a, b): a heap of a tokens whose last take was b.
    fn grid(&self, a: Span, b: Span, kind: Kind, budget: &Budget) -> Result<Table, TableError> {
        let name = self.name();
        check_limit(
            &name,
            "a",
            a.last,
            MAX_HEAP,
            "values take O(n²) time and memory",
        )?;
        let game = Mem::up_to(a.last, budget).map_err(|e| TableError::Game {
            game: name.clone(),
            message: e.to_string(),
        })?;
        Ok(of_kind(
            Table::grid(name, a, b, |n, k| game.value(n, k))?,
            kind,
        ))
    }
}

/// `grundy mem N[:K]...`: Mem, take at least the heap's last take. The common answer, and
/// `heap_values` (each heap's value). Tables: `mem`, by tokens and memory (n, k).
pub struct MemFamily;

impl Family for MemFamily {
    fn name(&self) -> &'static str {
        "mem"
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "Mem (take at least the heap's last take): values by the definition, moves"
    }

    fn example(&self) -> Example {
        &[("heaps", "10"), ("heaps", "7:3")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[Param::args(
            "heaps",
            "N[:K]",
            "The heaps, each N tokens (0 to 4096) or N:K, K the number the last move took \
             from it (0 at the start)",
        )];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "mem",
            about: "(a, b): a Mem heap of a tokens whose last take was b",
            parse: parse_table,
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&MemPlay]
    }

    fn cgsuite(&self) -> Option<&dyn CgsuiteClass> {
        Some(self)
    }
}

/// CGSuite's `game.heap.Mem((n,k))`, a heap of n tokens whose last take was k (`Mem(n)`, a
/// heap before any move): here `n:k`.
static CGSUITE: Cgsuite = Cgsuite {
    names: &["game.heap.Mem"],
    position: |call| {
        let (n, k) = match cgsuite::pair(call) {
            Ok(pair) => pair,
            Err(e) => (cgsuite::heap(call).map_err(|_| e)?, 0),
        };
        Ok(Position::made(format!("{n}:{k}")))
    },
};

impl CgsuiteClass for MemFamily {
    fn cgsuite(&self) -> &Cgsuite {
        &CGSUITE
    }

    /// The heap's nimber, its value computed with every heap up to it (O(n²)).
    fn value(
        &self,
        call: &Call,
        position: &Position,
        store: &mut GameStore,
    ) -> Result<GameId, CallError> {
        let heaps = read_heaps(std::slice::from_ref(&position.text)).map_err(|e| call.failed(e))?;
        let &[(n, k)] = heaps.as_slice() else {
            return Err(call.failed("one heap expected"));
        };
        let game = Mem::up_to(n, store.budget()).map_err(|e| call.failed(e))?;
        let value = u32::try_from(game.value(n, k)).map_err(|e| call.failed(e))?;
        Ok(store.nimber(value))
    }
}

/// The game `mem` of `grundy play` and the web page.
struct MemPlay;

impl Playable for MemPlay {
    fn syntax(&self) -> &'static str {
        "mem"
    }

    fn example(&self) -> &'static str {
        "mem"
    }

    fn about(&self) -> &'static str {
        "Mem: take at least as many as the last take from that heap"
    }

    fn position(&self) -> &'static str {
        "the heaps, N or N:K (K its last take): 7:3 5"
    }

    fn start(&self) -> &'static str {
        "10"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        let heaps = read_heaps(&words(start)).map_err(game_error)?;
        if heaps.is_empty() {
            return Err(PlayError::Game("give the heaps, like 7:3 5".to_string()));
        }
        let tokens: Vec<u64> = heaps.iter().map(|&(n, _)| n).collect();
        fits(budget, piles::counters(&tokens))?;
        Match::from_rules(
            "Mem".to_string(),
            &Sum(MemHeap),
            heaps,
            false,
            budget,
            |heaps: &Vec<Heap>| describe(heaps),
        )
    }

    fn table(&self, _: &str) -> Option<PlayTable> {
        Some(PlayTable {
            name: "mem".to_string(),
            parameters: 2,
            position: |cell| match cell {
                &[n, k] => Some(heap_text((n, k))),
                _ => None,
            },
        })
    }

    fn why(&self, _: &str) -> Option<WhyLine> {
        // The values of the largest heap asked so far, computed again only for a larger one.
        let known: Mutex<Option<Mem>> = Mutex::new(None);
        Some(WhyLine(Arc::new(move |position| {
            let heaps = read_heaps(&words(position)).ok()?;
            let largest = heaps.iter().map(|&(n, _)| n).max().unwrap_or(0);
            let mut known = known.lock().unwrap_or_else(PoisonError::into_inner);
            if known.as_ref().is_none_or(|game| game.max_heap() < largest) {
                *known = Some(Mem::up_to(largest, &Budget::default().with_time(WHY_TIME)).ok()?);
            }
            let game = known.as_ref()?;
            let parts: Vec<(String, u64)> = (heaps.iter().filter(|&&(n, _)| n > 0))
                .map(|&(n, k)| (format!("heap {}", heap_text((n, k))), game.value(n, k)))
                .collect();
            let values = "the heaps' values, by the definition (the mex of the values of \
                          every take of at least the last)";
            Some(nim_sum_line(values, &parts))
        })))
    }
}

/// Names a position as its heaps (`7:3 5`) and draws it as heaps of tokens, noting the least
/// take of each heap that remembers more than 1.
fn describe(heaps: &[Heap]) -> (String, Drawing) {
    let name = heaps.iter().map(|&h| heap_text(h)).collect::<Vec<_>>();
    let tokens: Vec<u64> = heaps.iter().map(|&(n, _)| n).collect();
    let least: Vec<String> = (heaps.iter().enumerate())
        .filter(|&(_, &(n, k))| n > 0 && k > 1)
        .map(|(i, &(_, k))| format!("at least {k} from heap {}", i + 1))
        .collect();
    let drawing = Drawing::piles(&tokens, "heap");
    let drawing = match least.is_empty() {
        true => drawing,
        false => drawing.with_note(format!("take {}", least.join(", "))),
    };
    (name.join(" "), drawing)
}

/// Reads a table's name: the family's.
fn parse_table(spec: &str) -> Option<TableGame> {
    MemFamily
        .answers_to(spec)
        .then(|| Ok(Box::new(MemHeap) as Box<dyn Tabulate>))
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let heaps = read_heaps(inputs.values("heaps"))?;
    let largest = heaps.iter().map(|&(n, _)| n).max().unwrap_or(0);
    let game = Mem::up_to(largest, inputs.budget())?;
    let values: Vec<u64> = heaps.iter().map(|&(n, k)| game.value(n, k)).collect();
    Ok(Report::answer(&game.answer(&heaps)).field(Field::new("heap_values", values)))
}
