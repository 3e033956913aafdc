//! The recognisers against tables computed by brute force from the games' rules (打表), and
//! every reported pattern checked cell by cell on random tables.

use grundy::budget::Budget;
use grundy::pattern::observe::{observe, Family, Formula, Pattern};
use grundy::pattern::period::{self, ArithmeticPeriod};
use grundy::pattern::table::{Span, Table};
use grundy::rules::{Impartial, Moves};

/// A row of coins as a bit mask of heads (bit x - 1 for coin x); a move turns `1..=max_coins`
/// coins, or a run of consecutive coins, whose rightmost coin shows heads.
struct CoinRow {
    /// Turn a run of consecutive coins (the Ruler game) rather than any coins.
    runs: bool,
    max_coins: u32,
}

impl Impartial for CoinRow {
    type Position = u64;
    fn options(&self, &heads: &u64, out: &mut grundy::rules::Moves<u64>) {
        for x in 0..64 {
            if heads >> x & 1 == 0 {
                continue;
            }
            if self.runs {
                for start in 0..=x {
                    let run = (1u64 << (x + 1)) - (1u64 << start);
                    out.push(heads ^ run);
                }
            } else {
                // The rightmost coin x and up to max_coins - 1 coins to its left.
                let mut push_others = |others: u64| out.push(heads ^ (1 << x) ^ others);
                push_others(0);
                for a in 0..x {
                    push_others(1 << a);
                    if self.max_coins >= 3 {
                        for b in a + 1..x {
                            push_others(1 << a | 1 << b);
                        }
                    }
                }
            }
        }
    }
}

/// The table, by coin x, of the value of a row whose only head is coin x (no head for x = 0).
fn coin_table(game: &CoinRow, last: u64) -> Table {
    let rules = Table::from_rules_line(
        "coins",
        &OneHead(game),
        Span::new(0, last).unwrap(),
        &Budget::default(),
    )
    .unwrap();
    Table::line("coins", rules.rows(), |x| rules.value(x).unwrap()).unwrap()
}

/// Position n of this game is the row with one head at coin n.
struct OneHead<'a>(&'a CoinRow);

impl Impartial for OneHead<'_> {
    type Position = u64;
    fn options(&self, &p: &u64, out: &mut grundy::rules::Moves<u64>) {
        // Positions are masks; a start n stands for the mask of coin n (0 for no head). Every
        // option is a mask with bit 63 set, so that it is never read as a start.
        const MASK: u64 = 1 << 63;
        let heads = if p & MASK != 0 {
            p & !MASK
        } else if p == 0 {
            0
        } else {
            1 << (p - 1)
        };
        let mut next = Moves::new();
        self.0.options(&heads, &mut next);
        out.extend(next.into_iter().map(|m| m | MASK));
    }
}

fn formulas(patterns: &[Pattern]) -> Vec<(Formula, i8, bool)> {
    patterns
        .iter()
        .filter_map(|p| match *p {
            Pattern::Formula {
                formula,
                shift,
                nonzero_only,
            } => Some((formula, shift, nonzero_only)),
            _ => None,
        })
        .collect()
}

#[test]
fn ruler_game_values_are_lowbit() {
    let table = coin_table(
        &CoinRow {
            runs: true,
            max_coins: 0,
        },
        12,
    );
    assert_eq!(
        formulas(&observe(&table)),
        [(Formula::Lowbit, 0, false)],
        "{:?}",
        table.values()
    );
}

#[test]
fn mock_turtles_values_are_the_odious_numbers() {
    let table = coin_table(
        &CoinRow {
            runs: false,
            max_coins: 3,
        },
        11,
    );
    assert_eq!(
        formulas(&observe(&table)),
        [(Formula::Odious, -1, false)],
        "{:?}",
        table.values()
    );
}

#[test]
fn turning_one_or_two_coins_gives_value_n() {
    let table = coin_table(
        &CoinRow {
            runs: false,
            max_coins: 2,
        },
        12,
    );
    assert_eq!(formulas(&observe(&table)), [(Formula::Identity, 0, false)]);
}

/// Fibonacci Nim by brute force: the least winning first take from a pile of n (the first
/// move may take anything but the whole pile; then at most twice the last take), 0 if none.
fn fibonacci_first_takes(last: u64) -> Vec<u64> {
    let size = last as usize + 1;
    // wins[p][l]: the player to move wins with pile p and limit l (l capped at p).
    let mut wins = vec![vec![false; size + 1]; size];
    for p in 1..size {
        for l in 1..=size {
            let cap = l.min(p);
            wins[p][l] = (1..=cap).any(|t| !wins[p - t][(2 * t).min(size)]);
        }
    }
    (0..size)
        .map(|n| {
            (1..n)
                .find(|&t| !wins[n - t][(2 * t).min(size)])
                .map_or(0, |t| t as u64)
        })
        .collect()
}

#[test]
fn fibonacci_nim_first_moves_are_zeckendorf_terms() {
    let takes = fibonacci_first_takes(150);
    let table = Table::line("fibonacci", Span::new(1, 150).unwrap(), |n| {
        takes[n as usize]
    })
    .unwrap();
    let patterns = observe(&table);
    assert_eq!(
        formulas(&patterns),
        [(Formula::ZeckendorfSmallest, 0, true)],
        "{patterns:?}"
    );
    assert!(patterns.contains(&Pattern::Losing {
        family: Family::Fibonacci
    }));
    assert!(observe(&table.outcomes()).contains(&Pattern::Losing {
        family: Family::Fibonacci
    }));
}

#[test]
fn kayles_period_and_dawsons_kayles_period() {
    use grundy::impartial::octal::{values_plain, Rule};
    for (code, from, period) in [("0.77", 71, 12), ("0.07", 53, 34)] {
        let values = values_plain(&Rule::parse(code).unwrap(), 400, &Budget::default()).unwrap();
        let table = Table::line(code, Span::new(0, 400).unwrap(), |n| {
            u64::from(values[n as usize])
        })
        .unwrap();
        let patterns = observe(&table);
        assert!(
            patterns.iter().any(|p| matches!(p, Pattern::Periodic { from: f, period: q, .. } if (*f, *q) == (from, period))),
            "{code}: {patterns:?}"
        );
    }
}

#[test]
fn two_parameter_patterns() {
    let span = Span::new(0, 15).unwrap();
    let nim = Table::grid("nim2", span, span, |a, b| a ^ b).unwrap();
    assert_eq!(observe(&nim), [Pattern::Symmetric, Pattern::NimSum]);
    let diagonal = Table::grid("d", span, span, |a, b| (b + 100 - a) % 5).unwrap();
    assert_eq!(observe(&diagonal), [Pattern::ConstantDiagonals]);
    let anti = Table::grid("s", span, span, |a, b| (a + b) % 3).unwrap();
    assert_eq!(
        observe(&anti),
        [Pattern::Symmetric, Pattern::ConstantAntiDiagonals]
    );
}

/// Wythoff's game by its rules: take from one pile, or the same from both.
struct Wythoff;

impl Impartial for Wythoff {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64), out: &mut grundy::rules::Moves<(u64, u64)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
    }
}

#[test]
fn wythoff_losing_positions_are_wythoffs_pairs() {
    let span = Span::new(0, 30).unwrap();
    let table =
        Table::from_rules_grid("wythoff", &Wythoff, span, span, &Budget::default()).unwrap();
    let patterns = observe(&table);
    assert!(patterns.contains(&Pattern::WythoffPairs), "{patterns:?}");
    assert!(patterns.contains(&Pattern::Symmetric));
    // Moving the table off the diagonal keeps the pairs but not the symmetry.
    let shifted = Table::from_rules_grid(
        "wythoff",
        &Wythoff,
        Span::new(0, 20).unwrap(),
        Span::new(10, 40).unwrap(),
        &Budget::default(),
    )
    .unwrap();
    assert!(observe(&shifted).contains(&Pattern::WythoffPairs));
}

/// The shortest arithmetic period by definition: for each p, the smallest start from which
/// values[i + p] = values[i] + s (s > 0 fixed) holds to the end, over two periods at least.
fn arithmetic_by_definition(values: &[u64]) -> Option<ArithmeticPeriod> {
    let n = values.len();
    (1..=n / 3)
        .filter_map(|period| {
            let saltus = values[n - 1].checked_sub(values[n - 1 - period])?;
            if saltus == 0 {
                return None;
            }
            let start = (0..n - period)
                .find(|&s| (s..n - period).all(|i| values[i] + saltus == values[i + period]))?;
            (n - period - start >= 2 * period).then_some(ArithmeticPeriod {
                preperiod: start,
                period,
                saltus,
            })
        })
        .min_by_key(|p| (p.preperiod + p.period, p.period))
}

/// A small xorshift generator: seeded, so a failure can be run again.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

#[test]
fn arithmetic_periods_against_the_definition() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..3000 {
        let pre = rng.below(6) as usize;
        let period = 1 + rng.below(5) as usize;
        let saltus = rng.below(3);
        let len = pre + period * (1 + rng.below(6) as usize);
        let block: Vec<u64> = (0..period).map(|_| rng.below(4)).collect();
        let mut values: Vec<u64> = (0..pre).map(|_| rng.below(8)).collect();
        for i in 0..len - pre {
            values.push(block[i % period] + saltus * (i / period) as u64);
        }
        assert_eq!(
            period::find_arithmetic(&values),
            arithmetic_by_definition(&values),
            "{values:?}"
        );
    }
    // Growing values of a game: every third value one more (value = ⌊n / 3⌋).
    let thirds: Vec<u64> = (0..30).map(|n| n / 3).collect();
    assert_eq!(
        period::find_arithmetic(&thirds),
        Some(ArithmeticPeriod {
            preperiod: 0,
            period: 3,
            saltus: 1
        })
    );
    // Take any number but 3: period 6, saltus 3 from 0 (0 1 2 0 1 2, 3 4 5 3 4 5, ...), where
    // the last values alone also fit period 1: the rule of the whole table is the one
    // reported.
    let mut except3: Vec<u64> = Vec::new();
    for n in 0..31 {
        let options: Vec<u64> = (1..=n)
            .filter(|&k| k != 3)
            .map(|k| except3[n - k])
            .collect();
        except3.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    assert_eq!(
        period::find_arithmetic(&except3).map(|p| (p.preperiod, p.period, p.saltus)),
        Some((0, 6, 3))
    );
    let table = Table::line("thirds", Span::new(0, 29).unwrap(), |n| n / 3).unwrap();
    assert!(observe(&table).contains(&Pattern::ArithmeticPeriodic {
        from: 0,
        period: 3,
        saltus: 1
    }));
}

/// Whether `pattern` holds on every cell of the one-parameter `table`, checked directly.
fn holds(table: &Table, pattern: &Pattern) -> bool {
    let first = table.rows().first;
    let v = |n: u64| table.value(n).unwrap();
    let last = table.rows().last;
    match *pattern {
        Pattern::Formula {
            formula,
            shift,
            nonzero_only,
        } => (first..=last).all(|n| {
            let m = n as i64 + i64::from(shift);
            let expected = match formula {
                _ if m < 0 => 0,
                Formula::Identity => m as u64,
                Formula::Lowbit => (m as u64) & (m as u64).wrapping_neg(),
                Formula::Odious => {
                    let m = m as u64;
                    2 * m + u64::from(m.count_ones() % 2 == 0)
                }
                Formula::ZeckendorfSmallest => grundy::math::zeckendorf::zeckendorf(m as u64)
                    .last()
                    .copied()
                    .unwrap_or(0),
            };
            (nonzero_only && v(n) == 0) || v(n) == expected
        }),
        Pattern::Losing { family } => (first..=last).all(|n| {
            let member = match family {
                Family::PowersOfTwo => n.is_power_of_two(),
                Family::Fibonacci => grundy::math::zeckendorf::is_fibonacci(n),
                Family::Evil => n.count_ones() % 2 == 0,
                Family::Odious => n.count_ones() % 2 == 1,
            };
            (v(n) == 0) == member
        }),
        Pattern::Periodic { from, period, .. } => {
            last + 1 - from >= 2 * period && (from..=last - period).all(|n| v(n) == v(n + period))
        }
        Pattern::ArithmeticPeriodic {
            from,
            period,
            saltus,
        } => (from..=last - period).all(|n| v(n) + saltus == v(n + period)),
        _ => false,
    }
}

#[test]
fn every_reported_pattern_holds_on_random_tables() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut reported = 0;
    for _ in 0..2000 {
        let first = rng.below(3);
        let len = 3 + rng.below(40);
        let kind = rng.below(4);
        let table = Table::line("random", Span::new(first, first + len).unwrap(), |n| {
            match kind {
                // Mostly a formula or a periodic sequence, with now and then a wrong cell.
                0 => (n & n.wrapping_neg()) * u64::from(rng.below(20) != 0),
                1 => n % 3 + u64::from(rng.below(30) == 0),
                2 => n / 2,
                _ => rng.below(3),
            }
        })
        .unwrap();
        for p in observe(&table) {
            reported += 1;
            assert!(holds(&table, &p), "{p:?} on {:?}", table.values());
        }
    }
    assert!(reported > 1000, "{reported}");
}
