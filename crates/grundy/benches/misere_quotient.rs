//! Misère quotients (Plambeck and Siegel): the quotients of published take-and-break codes
//! computed, with their time and peak memory; then sums of heaps answered from a quotient,
//! against a brute-force misère search of the sum, in one run.
//!
//! ```text
//! cargo bench -p grundy --bench misere_quotient
//! cargo bench -p grundy --bench misere_quotient -- --heaps 100000 --small 20 --reps 5
//! ```
//!
//! - **Quotients**: `Quotient::compute` for each code up to its heap (0.75 to 40, misère Nim
//!   to 15 as 0.333333333333333, Dawson's Kayles 0.07 to 20, Kayles 0.77 to 26 and to 300,
//!   0.6 and 0.37 to 13): the time (median of `--reps` runs), the peak of the heap memory live during one
//!   run (a counting allocator), the order, the P-portion, the last heap where the quotient
//!   grew and the periodicity of the heaps' elements.
//! - **Sums**: a sum of `--heaps` random heaps up to the code's largest, answered from the
//!   quotient: the time of `outcome` and of `winning_moves` (medians of `--reps` runs). The
//!   **baseline** is a brute-force misère search of a sum (memoised over sorted multisets of
//!   heaps, a fresh memo a sum), which can only do tiny sums: `--small` sums of 4 to 6 heaps
//!   up to 8, each answered both ways. The outcomes must agree, and every winning move of the
//!   quotient must lead to a P-position of the search (the benchmark panics otherwise); the
//!   ratio is the search's time a small sum over the quotient's. Last, how far the search
//!   reaches: the most heaps up to 8 in a random sum it decides within 250,000 sums
//!   remembered (more heaps, one at a time, until one does not fit), and its time.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashMap;
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use common::timed;

use grundy::budget::Budget;
use grundy::impartial::octal::Rule;
use grundy::impartial::quotient::{HeapRules, Quotient};
use grundy::outcome::OutcomeClass;
use grundy::pattern::period::OctalPeriod;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The system allocator, counting the bytes live and their peak since the last reset.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; the counts are atomics,
// which allocate nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size >= layout.size() {
            let live = LIVE.fetch_add(new_size - layout.size(), Ordering::Relaxed)
                + (new_size - layout.size());
            PEAK.fetch_max(live, Ordering::Relaxed);
        } else {
            LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Runs `f` once: its result, and the most heap memory that was live during it beyond what
/// was live before.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let result = f();
    (result, PEAK.load(Ordering::Relaxed) - before)
}

/// The codes, the largest heap of each quotient, and what the literature calls them.
const CODES: &[(&str, u32, &str)] = &[
    ("0.75", 40, "R8, Siegel"),
    ("0.333333333333333", 15, "misère Nim"),
    ("0.07", 20, "Dawson's Kayles"),
    ("0.77", 26, "Kayles"),
    ("0.77", 300, "Kayles"),
    ("0.6", 13, ""),
    ("0.37", 13, ""),
];

/// Misère quotients computed, and sums answered from them against a brute-force search.
#[derive(Parser)]
struct Options {
    /// Heaps in the large sum answered from each quotient.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    heaps: u64,
    /// Small sums (4 to 6 heaps up to 8) answered by both the quotient and the search.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    small: u64,
    /// Runs of each timing; the median is shown.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..))]
    reps: u64,
    #[command(flatten)]
    cargo: common::Cargo,
}

/// The brute force: whether a sum of heaps (sorted) is a misère P-position, by searching
/// every line of play, remembered by the sorted multiset of heaps, up to a number of sums
/// remembered.
struct Search {
    options: Vec<Vec<Vec<u32>>>,
    memo: HashMap<Vec<u32>, bool>,
    limit: usize,
}

impl Search {
    /// A search with an empty memo of at most `limit` sums, the options of heaps up to
    /// `largest` listed once.
    fn new(rule: &Rule, largest: u32, limit: usize) -> Search {
        Search {
            options: (0..=largest).map(|h| rule.heap_options(h)).collect(),
            memo: HashMap::new(),
            limit,
        }
    }

    /// The sums one move from `heaps` (sorted): each heap replaced by what an option leaves.
    fn moves(&self, heaps: &[u32]) -> Vec<(u32, Vec<u32>, Vec<u32>)> {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            if i > 0 && heaps[i] == heaps[i - 1] {
                continue;
            }
            for option in &self.options[heaps[i] as usize] {
                let mut next: Vec<u32> =
                    heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                next.extend(option);
                next.sort_unstable();
                out.push((heaps[i], option.clone(), next));
            }
        }
        out
    }

    /// Whether the sum `heaps` is a misère P-position: it has a move, and every move leads
    /// to an N-position. `None` once the memo would pass its limit.
    fn is_p(&mut self, heaps: &[u32]) -> Option<bool> {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&p) = self.memo.get(&key) {
            return Some(p);
        }
        if self.memo.len() >= self.limit {
            return None;
        }
        let moves = self.moves(&key);
        let mut to_p = false;
        for (_, _, next) in &moves {
            if self.is_p(next)? {
                to_p = true;
                break;
            }
        }
        let p = !moves.is_empty() && !to_p;
        self.memo.insert(key, p);
        Some(p)
    }
}

/// Sums searched by the brute force before it gives up on a sum.
const SEARCH_LIMIT: usize = 250_000;

fn periodicity(q: &Quotient) -> String {
    match q.periodicity() {
        OctalPeriod::Proven { period } => {
            format!(
                "period {} from {} (proven)",
                period.period, period.preperiod
            )
        }
        OctalPeriod::Observed { period, .. } => {
            format!("period {} from {} (seen)", period.period, period.preperiod)
        }
        _ => "none seen".to_string(),
    }
}

/// Bytes in KiB below a MiB, else in MiB.
fn bytes(n: usize) -> String {
    if n < 1 << 20 {
        format!("{:.0} KiB", n as f64 / 1024.0)
    } else {
        format!("{:.1} MiB", n as f64 / (1 << 20) as f64)
    }
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let options = Options::parse();
    let reps = options.reps as usize;
    let budget = Budget::default();
    let mut quotients = Vec::new();
    println!("Quotient::compute (median of {reps} runs; peak: heap memory live during one run)");
    println!(
        "{:<18} {:<16} {:>6} {:>6} {:>4} {:>12}  {:<26} {:>11} {:>10}",
        "code", "game", "heaps", "order", "|P|", "last growth", "elements", "time", "peak"
    );
    for &(code, upto, name) in CODES {
        let rule = Rule::parse(code).expect("a code");
        let (q, peak) = peak_of(|| Quotient::compute(&rule, upto, &budget).expect("a quotient"));
        let (time, _) = timed(reps, || {
            black_box(Quotient::compute(&rule, upto, &budget).expect("a quotient"))
        });
        let grew = q
            .growth()
            .last()
            .map_or("-".into(), |&(h, _)| format!("heap {h}"));
        println!(
            "{code:<18} {name:<16} {:>6} {:>6} {:>4} {grew:>12}  {:<26} {:>11} {:>10}",
            format!("0..{upto}"),
            q.order(),
            q.p_portion().len(),
            periodicity(&q),
            ms(time),
            bytes(peak)
        );
        quotients.push((code, rule, upto, q));
    }

    println!();
    println!(
        "a sum of {} random heaps from the quotient (median of {reps} runs); {} small sums \
         (4 to 6 heaps up to 8) by the quotient and by a brute-force misère search",
        options.heaps, options.small
    );
    println!(
        "{:<18} {:>6} {:>12} {:>14}   {:>15} {:>14} {:>10}   search's largest sum",
        "code", "heaps", "outcome", "winning moves", "small: quotient", "brute force", "ratio"
    );
    for (code, rule, upto, q) in &quotients {
        let mut rng = StdRng::seed_from_u64(u64::from(*upto) * 1009 + 7);
        let heaps: Vec<u64> = (0..options.heaps)
            .map(|_| rng.random_range(0..=u64::from(*upto)))
            .collect();
        let (outcome_time, outcome) =
            timed(reps, || q.outcome(black_box(&heaps)).expect("in range"));
        let (moves_time, moves) = timed(reps, || {
            q.winning_moves(black_box(&heaps)).expect("in range")
        });
        assert_eq!(moves.is_empty(), outcome == OutcomeClass::Second, "{code}");

        // The small sums, each answered by the quotient and by a fresh search.
        let largest = (*upto).min(8);
        let small: Vec<Vec<u32>> = (0..options.small)
            .map(|_| {
                let n = rng.random_range(4..=6);
                (0..n).map(|_| rng.random_range(1..=largest)).collect()
            })
            .collect();
        let mut brute = Duration::ZERO;
        let mut by_quotient = Duration::ZERO;
        for sum in &small {
            let wide: Vec<u64> = sum.iter().map(|&h| u64::from(h)).collect();
            let (time, (outcome, moves)) = timed(reps, || {
                let outcome = q.outcome(black_box(&wide)).expect("in range");
                (
                    outcome,
                    q.winning_moves(black_box(&wide)).expect("in range"),
                )
            });
            by_quotient += time;
            let start = Instant::now();
            let mut search = Search::new(rule, largest, usize::MAX);
            let p = search.is_p(sum).expect("no limit");
            brute += start.elapsed();
            assert_eq!(p, outcome == OutcomeClass::Second, "{code}: {sum:?}");
            let mut sorted = sum.clone();
            sorted.sort_unstable();
            let has_move = !search.moves(&sorted).is_empty();
            assert_eq!(moves.is_empty(), p || !has_move, "{code}: {sum:?}");
            for m in &moves {
                let mut next = sorted.clone();
                let at = next
                    .iter()
                    .position(|&h| h == m.heap)
                    .expect("a heap of the sum");
                next.remove(at);
                next.extend(&m.leaves);
                assert_eq!(
                    search.is_p(&next),
                    Some(true),
                    "{code}: {sum:?}, move {m:?}"
                );
            }
        }
        let count = small.len() as u32;
        let (quotient_each, brute_each) = (by_quotient / count, brute / count);
        // How far the search reaches: sums of ever more heaps up to 8, until one needs more
        // than SEARCH_LIMIT sums remembered.
        let mut reach = (0, Duration::ZERO);
        for k in 2..=64 {
            let sum: Vec<u32> = (0..k).map(|_| rng.random_range(1..=largest)).collect();
            let start = Instant::now();
            let mut search = Search::new(rule, largest, SEARCH_LIMIT);
            if search.is_p(&sum).is_none() {
                break;
            }
            reach = (k, start.elapsed());
        }
        println!(
            "{code:<18} {:>6} {:>12} {:>14}   {:>12} ns {:>14} {:>9.0}x   {:>3} heaps, {}",
            format!("0..{upto}"),
            ms(outcome_time),
            ms(moves_time),
            quotient_each.as_nanos(),
            ms(brute_each),
            brute_each.as_secs_f64() / quotient_each.as_secs_f64().max(1e-9),
            reach.0,
            ms(reach.1)
        );
    }
}
