//! The Josephus problem: n people stand in a circle, numbered 0, 1, ..., n − 1 clockwise;
//! counting starts at person 0 and goes clockwise (1, 2, ..., k), and whoever says k is
//! killed; counting starts again at 1 from the next person. Who is the i-th to die, and when
//! does person j die? (The last one left counts as the n-th to die.)
//!
//! **Recurrences** (notes 002, 约瑟夫环). Let f(n, i) be the i-th to die among n people and
//! g(n, j) the round in which person j dies. The first to die is (k − 1) mod n; renumbering
//! the n − 1 others from the next person turns old number x into (x − k) mod n, so
//!
//! > f(n, i) = (f(n − 1, i − 1) + k) mod n, f(m, 1) = (k − 1) mod m;
//! > g(n, j) = g(n − 1, (j − k) mod n) + 1, g(n, (k − 1) mod n) = 1.
//!
//! **Fast forms** (the same notes: merge the steps where the mod does nothing). For f, going
//! up from m = n − i + 1 people, x + k stays below the new size for t steps in a row as long
//! as x + t·(k − 1) < m, so t = ⌊(m − 1 − x)/(k − 1)⌋ steps are one addition. For g, while
//! j ≥ k the steps only subtract k, so ⌊j/k⌋ of them are one division. Each merged run covers
//! about m/k steps at size m, so the work is O(min(n, k·log(n/k))) loop rounds ([`Josephus`]
//! counts them, and can stop at a limit). [`Josephus::order`] lists everyone in order of
//! death in O(n log n) with a Fenwick tree.
//!
//! This is not a game between two players: the tests check it against a direct simulation
//! of the circle.

use serde::Serialize;

use super::{Example, Family, Group, Inputs, Param, RunError};
use grundy::input::InputError;
use grundy::report::{Field, Report};

/// Why a question cannot be answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum JosephusError {
    /// There must be at least one person.
    #[error("the circle needs at least one person (n ≥ 1)")]
    NoPeople,
    /// The count must be at least 1.
    #[error("the count k must be at least 1")]
    ZeroCount,
    /// The i-th death, for i outside 1..=n.
    #[error("death number {i} does not exist: they are numbered from 1 to n = {n}")]
    NoSuchDeath {
        /// The number asked for.
        i: u64,
        /// The number of people.
        n: u64,
    },
    /// Person j, for j outside 0..n.
    #[error("person {j} does not exist: people are numbered from 0 to n - 1 = {}", n - 1)]
    NoSuchPerson {
        /// The person asked for.
        j: u64,
        /// The number of people.
        n: u64,
    },
    /// The computation needed more loop rounds than the limit.
    #[error("the answer needs more than {limit} steps (about min(n, k·ln(n/k)) are needed)")]
    StepLimit {
        /// The limit.
        limit: u64,
    },
}

/// A circle of `n` people where every `k`-th is killed, with an optional limit on the work
/// of each question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Josephus {
    n: u64,
    k: u64,
    #[serde(skip)]
    step_limit: u64,
}

impl Josephus {
    /// The circle of n ≥ 1 people, every k-th killed (k ≥ 1; k may exceed n), with no limit
    /// on the work.
    pub fn new(n: u64, k: u64) -> Result<Josephus, JosephusError> {
        if n == 0 {
            return Err(JosephusError::NoPeople);
        }
        if k == 0 {
            return Err(JosephusError::ZeroCount);
        }
        Ok(Josephus {
            n,
            k,
            step_limit: u64::MAX,
        })
    }

    /// The same circle, where a question fails with [`JosephusError::StepLimit`] after
    /// `limit` loop rounds instead of going on.
    pub fn with_step_limit(self, limit: u64) -> Josephus {
        Josephus {
            step_limit: limit,
            ..self
        }
    }

    /// The number of people.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The count.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// Counts one loop round against the limit.
    fn step(&self, steps: &mut u64) -> Result<(), JosephusError> {
        *steps += 1;
        if *steps > self.step_limit {
            return Err(JosephusError::StepLimit {
                limit: self.step_limit,
            });
        }
        Ok(())
    }

    /// f(n, i): the person (numbered from 0) who is the i-th to die, i from 1 to n (the n-th
    /// is the last one left). O(min(i, k·log(n/k))) loop rounds.
    ///
    /// ```
    /// use grundy_catalogue::games::josephus::Josephus;
    /// let circle = Josephus::new(7, 3).unwrap();
    /// let order: Vec<u64> = (1..=7).map(|i| circle.dies(i).unwrap()).collect();
    /// assert_eq!(order, [2, 5, 1, 6, 4, 0, 3]);
    /// let huge = Josephus::new(1_000_000_000_000_000_000, 2).unwrap();
    /// assert_eq!(huge.survivor().unwrap(), 847_078_495_393_153_024);
    /// ```
    pub fn dies(&self, i: u64) -> Result<u64, JosephusError> {
        let (n, k) = (self.n, self.k);
        if i == 0 || i > n {
            return Err(JosephusError::NoSuchDeath { i, n });
        }
        let mut steps = 0;
        // x is the answer's number in a circle of m people, m going up from n - i + 1.
        let mut m = n - i + 1;
        let mut x = (k - 1) % m;
        while m < n {
            self.step(&mut steps)?;
            if k == 1 {
                // No step ever wraps: everyone keeps his place.
                x += n - m;
                m = n;
            } else if k <= m - x {
                // Steps while x + t·(k - 1) < m add k without wrapping around.
                let t = ((m - 1 - x) / (k - 1)).min(n - m);
                x += t * k;
                m += t;
            } else {
                // x + k wraps around: (x + k) mod (m + 1), without overflow.
                let size = m + 1;
                let gap = size - if k < size { k } else { k % size };
                x = if x >= gap { x - gap } else { x + (size - gap) };
                m = size;
            }
        }
        Ok(x)
    }

    /// The last one left, f(n, n). Same cost as [`Josephus::dies`].
    pub fn survivor(&self) -> Result<u64, JosephusError> {
        self.dies(self.n)
    }

    /// g(n, j): in which round (from 1 to n; round n for the last one left) person j
    /// (numbered from 0) dies. O(min(n, k·log(n/k))) loop rounds.
    ///
    /// ```
    /// use grundy_catalogue::games::josephus::Josephus;
    /// let circle = Josephus::new(7, 3).unwrap();
    /// assert_eq!(circle.round_of(2).unwrap(), 1);
    /// assert_eq!(circle.round_of(3).unwrap(), 7);
    /// ```
    pub fn round_of(&self, j: u64) -> Result<u64, JosephusError> {
        let (n, k) = (self.n, self.k);
        if j >= n {
            return Err(JosephusError::NoSuchPerson { j, n });
        }
        let mut steps = 0;
        // Person j is numbered j in a circle of m people, after round - 1 deaths.
        let (mut m, mut j, mut round) = (n, j, 1);
        loop {
            self.step(&mut steps)?;
            if k <= m {
                if j == k - 1 {
                    return Ok(round);
                }
                if j >= k {
                    // The deaths at k - 1 come before j: each moves j back by k.
                    let t = j / k;
                    j -= t * k;
                    m -= t;
                    round += t;
                } else {
                    // j is behind the one who dies: renumbered from the next, it moves to the
                    // end of the circle.
                    j += m - k;
                    m -= 1;
                    round += 1;
                }
            } else {
                let killed = (k - 1) % m;
                if j == killed {
                    return Ok(round);
                }
                // (j - k) mod m, without overflow.
                let r = k % m;
                j = if j >= r { j - r } else { j + (m - r) };
                m -= 1;
                round += 1;
            }
        }
    }

    /// Everyone, in order of death (the last one left last): O(n log n) time and 16·n bytes,
    /// with a Fenwick tree over the people still alive. Meant for n that fits in memory (the
    /// step limit does not apply).
    ///
    /// ```
    /// use grundy_catalogue::games::josephus::Josephus;
    /// assert_eq!(Josephus::new(7, 3).unwrap().order(), [2, 5, 1, 6, 4, 0, 3]);
    /// assert_eq!(Josephus::new(5, 1).unwrap().order(), [0, 1, 2, 3, 4]);
    /// ```
    pub fn order(&self) -> Vec<u64> {
        let (n, k) = (self.n as usize, self.k);
        // tree[i] (1-based) counts the alive people in (i - lowbit(i), i].
        let mut tree = vec![0usize; n + 1];
        for i in 1..=n {
            tree[i] += 1;
            let parent = i + (i & i.wrapping_neg());
            if parent <= n {
                tree[parent] += tree[i];
            }
        }
        let top = 1 << n.ilog2();
        let mut order = Vec::with_capacity(n);
        // `rank` is the rank (from 0) among the living of the person counting starts at.
        let mut rank = 0usize;
        for alive in (1..=n).rev() {
            let target = ((rank as u128 + u128::from(k) - 1) % alive as u128) as usize;
            // The person with `target` living people before him: binary lifting.
            let (mut pos, mut left) = (0usize, target);
            let mut step = top;
            while step > 0 {
                if pos + step <= n && tree[pos + step] <= left {
                    pos += step;
                    left -= tree[pos];
                }
                step >>= 1;
            }
            // pos + 1 is his 1-based place.
            order.push(pos as u64);
            let mut i = pos + 1;
            while i <= n {
                tree[i] -= 1;
                i += i & i.wrapping_neg();
            }
            rank = target;
        }
        order
    }
}

/// The most loop rounds one question may take.
const STEP_LIMIT: u64 = 1_000_000_000;

/// The largest n for `--order`.
const MAX_ORDER: u64 = 10_000_000;

/// `grundy josephus N K`: n people in a circle, every k-th is killed (notes 002). Prints the
/// survivor, or the answers to the questions asked: who dies in given rounds (`--dies`), when
/// given people die (`--person`), everyone in order of death (`--order`), and the survivor
/// too with `--survivor`. People are numbered from 0 and counting starts at person 0, as in
/// the notes; with `--one-based` they are numbered from 1, in input and output alike. Rounds
/// are numbered from 1; the last one left "dies" in round n.
///
/// Text: `survivor: 3`, `round 1: person 2 dies`, `person 0: dies in round 6`, `order: 2 5 1
/// 6 4 0 3`. JSON: `{"n": 7, "k": 3, "first_person": 0, "survivor": 3, "deaths": [{"round": 1,
/// "person": 2}], "people": [{"person": 0, "round": 6}], "order": [...]}` (`survivor` and
/// `order` only when asked). A question that would take more than 10^9 steps (about min(n,
/// k·ln(n/k)) are needed) is refused; `--order` needs n ≤ 10^7.
pub struct JosephusFamily;

impl Family for JosephusFamily {
    fn name(&self) -> &'static str {
        "josephus"
    }

    fn group(&self) -> Group {
        Group::Problems
    }

    fn about(&self) -> &'static str {
        "The Josephus problem: who dies in round i, when person j dies, the survivor"
    }

    fn example(&self) -> Example {
        &[("n", "41"), ("k", "3"), ("one-based", "")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg("n", "N", "The number of people (1 to 2^64 - 1)")
                .whole("a number of people", 0),
            Param::arg(
                "k",
                "K",
                "Every k-th is killed (1 to 2^64 - 1; may exceed N)",
            )
            .whole("a step", 0),
            Param::option(
                "dies",
                "ROUNDS",
                "Who dies in these rounds (from 1 to N), comma-separated",
            )
            .list("a round", 0),
            Param::option(
                "person",
                "PEOPLE",
                "In which round these people die, comma-separated",
            )
            .list("a person", 0),
            Param::flag(
                "survivor",
                "Print the survivor too (the default when no other question is asked)",
            ),
            Param::flag("order", "Everyone, in order of death (N up to 10^7)"),
            Param::flag("one-based", "Number people from 1 instead of 0"),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

#[derive(Serialize)]
struct Death {
    round: u64,
    person: u64,
}

#[derive(Serialize)]
struct Person {
    person: u64,
    round: u64,
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let n = inputs.whole("n")?;
    let k = inputs.whole("k")?;
    let circle = Josephus::new(n, k)?.with_step_limit(STEP_LIMIT);
    let base = u64::from(inputs.given("one-based"));
    let order = inputs.given("order");
    if order && n > MAX_ORDER {
        return Err(InputError::invalid(
            inputs.shown("order"),
            format!("it lists everyone: it needs n ≤ {MAX_ORDER}, and n = {n}"),
        )
        .into());
    }
    let alone = !inputs.given("dies") && !inputs.given("person") && !order;
    let mut report = Report::new().fields([
        Field::json_only("n", n),
        Field::json_only("k", k),
        Field::json_only("first_person", base),
    ]);
    if inputs.given("survivor") || alone {
        report = report.field(Field::new("survivor", circle.survivor()? + base));
    }
    let deaths = (inputs.list("dies")?.into_iter())
        .map(|round| {
            Ok(Death {
                round,
                person: circle.dies(round)? + base,
            })
        })
        .collect::<Result<Vec<_>, RunError>>()?;
    let people = (inputs.list("person")?.into_iter())
        .map(|person| {
            let last = n - 1 + base;
            if person < base || person > last {
                return Err(InputError::invalid(
                    format!("person {person}"),
                    format!("no such person: people are numbered from {base} to {last}"),
                )
                .into());
            }
            Ok(Person {
                person,
                round: circle.round_of(person - base)?,
            })
        })
        .collect::<Result<Vec<_>, RunError>>()?;
    report = report.fields(
        deaths
            .iter()
            .map(|d| {
                Field::text_only(
                    &format!("round {}", d.round),
                    format!("person {} dies", d.person),
                )
            })
            .chain(people.iter().map(|p| {
                Field::text_only(
                    &format!("person {}", p.person),
                    format!("dies in round {}", p.round),
                )
            }))
            .collect::<Vec<_>>(),
    );
    report = report.fields([
        Field::json_only("deaths", &deaths),
        Field::json_only("people", &people),
    ]);
    if order {
        let order: Vec<u64> = circle.order().into_iter().map(|p| p + base).collect();
        let text: Vec<String> = order.iter().map(u64::to_string).collect();
        report = report.field(Field::shown("order", &order, "order", text.join(" ")));
    }
    Ok(report)
}
