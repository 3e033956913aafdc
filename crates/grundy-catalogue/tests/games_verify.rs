//! The harness that checks every family's formula against the generic solver must catch a
//! wrong formula: each way of being wrong (outcome, value, an illegal move, a losing move, a
//! move listed twice, a winning move left out) is planted in Nim and found.

use grundy::budget::Budget;
use grundy::Outcome;
use grundy_catalogue::games::nim::{self, Nim, NimMove};
use grundy_catalogue::games::verify::{against_solver, everywhere_from, Mismatch};
use grundy_catalogue::games::{Answer, CatalogueGame};

/// How the planted formula is wrong.
#[derive(Clone, Copy)]
enum Flaw {
    None,
    Outcome,
    Value,
    Illegal,
    Losing,
    Twice,
    Missing,
}

/// Nim whose answer has one flaw, at positions with three piles of (2, 3, 4) and above.
struct Flawed(Flaw);

impl CatalogueGame for Flawed {
    type Position = Vec<u64>;
    type Move = NimMove;
    type Rules = Nim;

    fn rules(&self) -> Nim {
        Nim
    }

    fn answer(&self, piles: &Vec<u64>) -> Answer<NimMove> {
        let mut answer = nim::answer(piles);
        if piles.iter().sum::<u64>() < 9 {
            return answer;
        }
        match self.0 {
            Flaw::None => {}
            Flaw::Outcome => answer.outcome = answer.outcome.flip(),
            Flaw::Value => answer.value = answer.value.map(|v| v + 1),
            Flaw::Illegal => answer.winning_moves.push(NimMove {
                pile: 1,
                from: piles[0] + 1,
                to: 0,
            }),
            Flaw::Losing => {
                // A legal move that leaves a non-zero nim sum: a win for the opponent.
                let losing = (0..piles.len()).find_map(|i| {
                    (0..piles[i]).find_map(|to| {
                        let mut next = piles.clone();
                        next[i] = to;
                        (nim::nim_value(&next) != 0).then_some(NimMove {
                            pile: i + 1,
                            from: piles[i],
                            to,
                        })
                    })
                });
                answer.winning_moves.extend(losing);
            }
            Flaw::Twice => {
                if let Some(&m) = answer.winning_moves.first() {
                    answer.winning_moves.push(m);
                }
            }
            Flaw::Missing => {
                answer.winning_moves.pop();
            }
        }
        answer
    }

    fn play(&self, piles: &Vec<u64>, m: &NimMove) -> Option<Vec<u64>> {
        Nim.play(piles, m)
    }
}

fn check(flaw: Flaw) -> Result<(), Mismatch> {
    let positions =
        (0..5).flat_map(|a| (0..5).flat_map(move |b| (0..6).map(move |c| vec![a, b, c])));
    against_solver(&Flawed(flaw), positions, &Budget::default()).map(|_| ())
}

#[test]
fn a_correct_formula_passes() {
    check(Flaw::None).unwrap();
    let checked = everywhere_from(&Nim, [vec![3, 4, 5]], &Budget::default()).unwrap();
    assert_eq!(checked.positions, 4 * 5 * 6);
    assert!(checked.winning_moves > 0);
}

#[test]
fn each_flaw_is_found() {
    assert!(matches!(
        check(Flaw::Outcome),
        Err(Mismatch::Outcome { .. })
    ));
    assert!(matches!(check(Flaw::Value), Err(Mismatch::Value { .. })));
    let problem = |flaw| match check(flaw) {
        Err(Mismatch::Move { problem, .. }) => problem,
        other => panic!("{:?}", other.err()),
    };
    assert_eq!(problem(Flaw::Illegal), "is illegal");
    assert!(problem(Flaw::Losing).contains("where the opponent wins"));
    assert_eq!(problem(Flaw::Twice), "is listed twice");
    assert!(matches!(
        check(Flaw::Missing),
        Err(Mismatch::Missing { .. })
    ));
}

#[test]
fn mismatches_name_the_position() {
    let message = check(Flaw::Outcome).unwrap_err().to_string();
    assert!(message.starts_with("at ["), "{message}");
    assert!(
        message.contains("the formula says") && message.contains(&Outcome::Win.to_string()),
        "{message}"
    );
}
