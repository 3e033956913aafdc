//! Clobber's family (CGSuite's `GenClobber` schema: Clobber, AntiClobber, Hot Clobber,
//! Kings, Knights, Rooks, Queens, and other instances) against brute force: the rules
//! written out again here on text, cell by cell from CGSuite's definition (a stone at c picks
//! a direction d, goes n = 1, 2, ... while n < the most distance and c + n·d is empty, and
//! lands on c + n·d if what it holds may be clobbered; the cell left holds what the schema
//! leaves behind), build each game tree with no regions and no canonical form, which must
//! equal the engine's value; the engine's outcome and winning moves must be the tree's
//! (`common::rulesets::against_brute_force`). Random boards are full of stones that meet only
//! across empty cells, diagonally or a knight's move apart, so that a region split too fine
//! would be caught: the test counts the boards where it would have been.

mod common;

use std::collections::HashMap;

use common::raw::Raw;
use common::rulesets::{against_brute_force, random_grids};
use grundy::partizan::rulesets::clobber::{Clobber, Contents, Directions, UNBOUNDED};
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::{GameStore, PartizanRules, Side};

/// The schema written out on text boards: the directions, what Left and Right may clobber
/// (of `.`, `x`, `o`), what each leaves behind, and the most distance (`None` unbounded).
#[derive(Debug, Clone, Copy)]
struct Naive {
    steps: &'static [(isize, isize)],
    clobbered: [&'static str; 2],
    left_behind: [char; 2],
    max_distance: Option<usize>,
}

const ORTHOGONAL: &[(isize, isize)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: &[(isize, isize)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
const COMPASS: &[(isize, isize)] = &[
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT: &[(isize, isize)] = &[
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

const CLOBBER: Naive = Naive {
    steps: ORTHOGONAL,
    clobbered: ["o", "x"],
    left_behind: ['.', '.'],
    max_distance: Some(1),
};

impl PartizanRules for Naive {
    type Position = String;

    fn options(&self, board: &String, side: Side, out: &mut Vec<String>) {
        let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
        let (h, w) = (rows.len() as isize, rows[0].len() as isize);
        let at = |r: isize, c: isize| {
            ((0..h).contains(&r) && (0..w).contains(&c)).then(|| rows[r as usize][c as usize])
        };
        let (me, k) = match side {
            Side::Left => ('x', 0),
            Side::Right => ('o', 1),
        };
        for r in 0..h {
            for c in 0..w {
                if at(r, c) != Some(me) {
                    continue;
                }
                for &(dr, dc) in self.steps {
                    let mut n = 1;
                    while self.max_distance.is_none_or(|m| n < m)
                        && at(r + n as isize * dr, c + n as isize * dc) == Some('.')
                    {
                        n += 1;
                    }
                    let (tr, tc) = (r + n as isize * dr, c + n as isize * dc);
                    match at(tr, tc) {
                        Some(ch) if self.clobbered[k].contains(ch) => {
                            let mut next = rows.clone();
                            next[r as usize][c as usize] = self.left_behind[k];
                            next[tr as usize][tc as usize] = me;
                            let next: Vec<String> =
                                next.into_iter().map(|r| r.into_iter().collect()).collect();
                            out.push(next.join("|"));
                        }
                        _ => {}
                    }
                }
            }
        }
    }
}

/// Every board of `boards` valued by the engine must equal its game tree under `naive`;
/// returns how many.
fn against_naive(rules: Clobber, naive: Naive, boards: &[String]) -> usize {
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(rules);
    let mut raw = Raw::default();
    let mut trees = HashMap::new();
    for text in boards {
        let p = rules.parse(text).unwrap();
        let v = eval.value(&mut store, &p).unwrap();
        let tree = raw.tree_of(&naive, text, &mut trees);
        let form = raw.expand(&mut store, v, &mut HashMap::new());
        assert!(
            raw.equal(tree, form),
            "{} {text}: the engine says {}, not the game tree",
            rules.name(),
            store.display(v)
        );
    }
    boards.len()
}

/// The boards of `boards` whose value is not the sum of the values of their groups of stones
/// joined by `steps` (each valued alone, the rest of the board emptied): where a split by
/// those groups would be wrong.
fn wrong_splits(rules: Clobber, steps: &[(isize, isize)], boards: &[String]) -> usize {
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(rules);
    let mut wrong = 0;
    for text in boards {
        let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
        let (h, w) = (rows.len() as isize, rows[0].len() as isize);
        let stone = |r: isize, c: isize| {
            (0..h).contains(&r)
                && (0..w).contains(&c)
                && matches!(rows[r as usize][c as usize], 'x' | 'o')
        };
        let mut group = vec![vec![usize::MAX; w as usize]; h as usize];
        let mut groups = 0;
        for r in 0..h {
            for c in 0..w {
                if !stone(r, c) || group[r as usize][c as usize] != usize::MAX {
                    continue;
                }
                let mut stack = vec![(r, c)];
                group[r as usize][c as usize] = groups;
                while let Some((a, b)) = stack.pop() {
                    for &(dr, dc) in steps {
                        let (y, x) = (a + dr, b + dc);
                        if stone(y, x) && group[y as usize][x as usize] == usize::MAX {
                            group[y as usize][x as usize] = groups;
                            stack.push((y, x));
                        }
                    }
                }
                groups += 1;
            }
        }
        let whole = eval.value(&mut store, &rules.parse(text).unwrap()).unwrap();
        let mut sum = grundy::partizan::GameId::ZERO;
        for g in 0..groups {
            let alone: Vec<String> = (0..h as usize)
                .map(|r| {
                    (0..w as usize)
                        .map(|c| match rows[r][c] {
                            'x' | 'o' if group[r][c] != g => '.',
                            ch => ch,
                        })
                        .collect()
                })
                .collect();
            let v = eval
                .value(&mut store, &rules.parse(&alone.join("|")).unwrap())
                .unwrap();
            sum = store.sum(sum, v).unwrap();
        }
        wrong += usize::from(whole != sum);
    }
    wrong
}

#[test]
fn clobber_and_anticlobber_are_the_schemas() {
    let boards = random_grids(40, 200, 12, &[('x', 3), ('o', 3), ('.', 1), ('#', 1)]);
    assert_eq!(against_naive(Clobber::CLOBBER, CLOBBER, &boards), 200);
    let anti = Naive {
        clobbered: [".", "."],
        left_behind: ['o', 'x'],
        ..CLOBBER
    };
    let boards = random_grids(41, 200, 10, &[('x', 2), ('o', 2), ('.', 2), ('#', 1)]);
    assert_eq!(against_naive(Clobber::ANTI_CLOBBER, anti, &boards), 200);
}

#[test]
fn hot_clobber_against_brute_force() {
    let rules = Clobber::HOT_CLOBBER;
    let naive = Naive {
        clobbered: ["xo", "xo"],
        ..CLOBBER
    };
    let boards = random_grids(42, 300, 10, &[('x', 3), ('o', 3), ('.', 2), ('#', 1)]);
    assert_eq!(against_brute_force(rules, &boards), 300);
    assert_eq!(against_naive(rules, naive, &boards), 300);
    // One's own stone is taken: a lone pair of Left's is a move for Left.
    let mut v = rules.value_of("xx").unwrap();
    assert_eq!(v.canonical_form(), "1");
}

#[test]
fn kings_against_brute_force() {
    let rules = Clobber::KINGS;
    let naive = Naive {
        steps: COMPASS,
        ..CLOBBER
    };
    let boards = random_grids(43, 300, 10, &[('x', 3), ('o', 3), ('.', 2), ('#', 1)]);
    assert_eq!(against_brute_force(rules, &boards), 300);
    assert_eq!(against_naive(rules, naive, &boards), 300);
    // Clobber's groups would split stones that touch at a corner.
    let wrong = wrong_splits(rules, ORTHOGONAL, &boards);
    assert!(wrong >= 10, "{wrong}");
}

#[test]
fn knights_against_brute_force() {
    let rules = Clobber::KNIGHTS;
    let naive = Naive {
        steps: KNIGHT,
        ..CLOBBER
    };
    let boards = random_grids(44, 300, 12, &[('x', 3), ('o', 3), ('.', 1), ('#', 1)]);
    assert_eq!(against_brute_force(rules, &boards), 300);
    assert_eq!(against_naive(rules, naive, &boards), 300);
    let wrong = wrong_splits(rules, ORTHOGONAL, &boards);
    assert!(wrong >= 10, "{wrong}");
    // Fewer boards tell a knight's split from a king's (they share the diagonal steps'
    // reach in a small board), but some must.
    let wrong = wrong_splits(rules, COMPASS, &boards);
    assert!(wrong >= 3, "{wrong}");
}

#[test]
fn rooks_against_brute_force() {
    let rules = Clobber::ROOKS;
    let naive = Naive {
        max_distance: None,
        ..CLOBBER
    };
    let boards = random_grids(45, 300, 12, &[('x', 2), ('o', 2), ('.', 3), ('#', 1)]);
    assert_eq!(against_brute_force(rules, &boards), 300);
    assert_eq!(against_naive(rules, naive, &boards), 300);
    // Stones meet across empty cells: Clobber's groups, or Kings', would split them.
    let wrong = wrong_splits(rules, ORTHOGONAL, &boards);
    assert!(wrong >= 10, "{wrong}");
    let wrong = wrong_splits(rules, COMPASS, &boards);
    assert!(wrong >= 10, "{wrong}");
}

#[test]
fn queens_against_brute_force() {
    let rules = Clobber::QUEENS;
    let naive = Naive {
        steps: COMPASS,
        max_distance: None,
        ..CLOBBER
    };
    let boards = random_grids(46, 300, 12, &[('x', 2), ('o', 2), ('.', 3), ('#', 1)]);
    assert_eq!(against_brute_force(rules, &boards), 300);
    assert_eq!(against_naive(rules, naive, &boards), 300);
    let wrong = wrong_splits(rules, COMPASS, &boards);
    assert!(wrong >= 10, "{wrong}");
    // Nor are the lines of Rooks enough: diagonals join stones too.
    let mut rook_split = 0;
    let mut store = GameStore::new();
    let (mut queens, mut rooks) = (Evaluator::new(rules), Evaluator::new(Clobber::ROOKS));
    for text in &boards {
        let p = rules.parse(text).unwrap();
        let (q, r) = (queens.value(&mut store, &p), rooks.value(&mut store, &p));
        rook_split += usize::from(q != r);
    }
    assert!(rook_split > 20, "{rook_split}");
}

#[test]
fn other_instances_of_the_schema_against_brute_force() {
    let schemas = [
        (
            Clobber::GEN_CLOBBER.directions(Directions::Diagonal),
            Naive {
                steps: DIAGONAL,
                ..CLOBBER
            },
        ),
        // AntiClobber in the eight directions, a stone going at most two cells: onto an
        // empty cell one or two cells away (over an empty one), leaving the opponent's stone.
        (
            Clobber::ANTI_CLOBBER
                .directions(Directions::Compass)
                .max_distance(2),
            Naive {
                steps: COMPASS,
                clobbered: [".", "."],
                left_behind: ['o', 'x'],
                max_distance: Some(2),
            },
        ),
        // Knight riders: knight's moves repeated in one direction over empty cells.
        (
            Clobber::KNIGHTS.max_distance(UNBOUNDED),
            Naive {
                steps: KNIGHT,
                max_distance: None,
                ..CLOBBER
            },
        ),
        // Queens moving onto an empty cell or any stone: an unbounded slide never stops on
        // an empty cell.
        (
            Clobber::QUEENS.clobbered(Contents::EMPTY.and(Contents::STONES), Contents::RIGHT),
            Naive {
                steps: COMPASS,
                clobbered: [".xo", "o"],
                max_distance: None,
                ..CLOBBER
            },
        ),
    ];
    for (k, (rules, naive)) in schemas.into_iter().enumerate() {
        let boards = random_grids(
            47 + k as u64,
            150,
            9,
            &[('x', 2), ('o', 2), ('.', 2), ('#', 1)],
        );
        assert_eq!(against_brute_force(rules, &boards), 150);
        assert_eq!(against_naive(rules, naive, &boards), 150);
    }
}

#[test]
fn a_slide_stops_at_a_blocked_cell_and_at_its_own_colour() {
    for (rules, board, value) in [
        (Clobber::ROOKS, "x.o", "*"),
        (Clobber::ROOKS, "x#o", "0"),
        (Clobber::ROOKS, "x.x.o", "^"),
        (Clobber::QUEENS, "x.|..|.o", "0"),
        (Clobber::QUEENS, "x..|...|..o", "*"),
        (Clobber::KNIGHTS, "x..|..o", "*"),
        (Clobber::KINGS, "x.|.o", "*"),
        (Clobber::CLOBBER, "x.|.o", "0"),
    ] {
        assert_eq!(
            rules.value_of(board).unwrap().canonical_form(),
            value,
            "{} {board}",
            rules.name()
        );
    }
}
