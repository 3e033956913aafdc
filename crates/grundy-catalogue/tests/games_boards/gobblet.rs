//! Gobblet Gobblers with one piece of each size a player: every reachable position against
//! the graph solver and against a retrograde analysis written from the rules' words; the
//! notation and play. The game itself (two of each size, 5.8 billion ranked positions) is
//! measured in docs/strong.md.

use std::collections::{HashMap, VecDeque};

use super::tiered_against_graph;
use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::rules::tiered::TierRanking;
use grundy::solve::{solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::boards::gobblet::{Gobblet, GobbletPosition};
use grundy_catalogue::games::boards::BoardRules;
use grundy_catalogue::games::registry;

/// A position as the rules' words put it: each cell a stack of pieces, bottom first, each
/// (player 0 or 1, size 0 to 2); each player's hand, a count of each size; who moves.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Words {
    stacks: Vec<Vec<(u8, u8)>>,
    hands: [[u8; 3]; 2],
    mover: u8,
}

impl Words {
    fn start(sizes: usize, pieces: u8) -> Words {
        let hand = std::array::from_fn(|s| if s < sizes { pieces } else { 0 });
        Words {
            stacks: vec![Vec::new(); 9],
            hands: [hand; 2],
            mover: 0,
        }
    }

    /// Whether `player` shows three in a line.
    fn line(&self, player: u8) -> bool {
        let shows = |c: usize| self.stacks[c].last().is_some_and(|&(p, _)| p == player);
        (0..3).any(|i| (0..3).all(|j| shows(3 * i + j)))
            || (0..3).any(|j| (0..3).all(|i| shows(3 * i + j)))
            || (0..3).all(|i| shows(4 * i))
            || (0..3).all(|i| shows(2 + 2 * i))
    }

    /// Ended: the mover's own line wins (a move that uncovered it lost for its maker), else
    /// the other's line loses.
    fn ended(&self) -> Option<Outcome> {
        if self.line(self.mover) {
            Some(Outcome::Win)
        } else if self.line(1 - self.mover) {
            Some(Outcome::Loss)
        } else {
            None
        }
    }

    /// A piece of `size` fits on `cell` when the cell is empty or shows a smaller piece.
    fn fits(&self, cell: usize, size: u8) -> bool {
        self.stacks[cell].last().is_none_or(|&(_, s)| s < size)
    }

    fn moves(&self) -> Vec<Words> {
        let mut out = Vec::new();
        let me = self.mover;
        for size in 0..3u8 {
            if self.hands[me as usize][size as usize] == 0 {
                continue;
            }
            for cell in 0..9 {
                if self.fits(cell, size) {
                    let mut next = self.clone();
                    next.hands[me as usize][size as usize] -= 1;
                    next.stacks[cell].push((me, size));
                    next.mover = 1 - me;
                    out.push(next);
                }
            }
        }
        for from in 0..9 {
            let Some(&(who, size)) = self.stacks[from].last() else {
                continue;
            };
            if who != me {
                continue;
            }
            for to in 0..9 {
                if to != from && self.fits(to, size) {
                    let mut next = self.clone();
                    next.stacks[from].pop();
                    next.stacks[to].push((me, size));
                    next.mover = 1 - me;
                    out.push(next);
                }
            }
        }
        out
    }

    /// The same position in the game's types.
    fn position(&self) -> GobbletPosition {
        let mut layers = [[0; 9]; 3];
        for (cell, stack) in self.stacks.iter().enumerate() {
            for &(who, size) in stack {
                layers[size as usize][cell] = who + 1;
            }
        }
        GobbletPosition {
            layers,
            o_to_move: self.mover == 1,
        }
    }
}

/// Every position reachable from the start and its outcome, by counting retrograde analysis
/// over the explored graph: a position is won when one option is lost, lost when all its
/// options are won, drawn when neither is ever found.
fn retrograde(sizes: usize, pieces: u8) -> HashMap<Words, Outcome> {
    let mut index: HashMap<Words, usize> = HashMap::new();
    let mut positions = vec![Words::start(sizes, pieces)];
    index.insert(positions[0].clone(), 0);
    let mut parents: Vec<Vec<usize>> = vec![Vec::new()];
    let mut left: Vec<usize> = vec![0];
    let mut i = 0;
    while i < positions.len() {
        if positions[i].ended().is_none() {
            let moves = positions[i].moves();
            left[i] = moves.len();
            for q in moves {
                let j = *index.entry(q.clone()).or_insert_with(|| {
                    positions.push(q);
                    parents.push(Vec::new());
                    left.push(0);
                    positions.len() - 1
                });
                parents[j].push(i);
            }
        }
        i += 1;
    }
    let mut value: Vec<Option<Outcome>> = vec![None; positions.len()];
    let mut queue = VecDeque::new();
    for (i, p) in positions.iter().enumerate() {
        let ended = p.ended().or((left[i] == 0).then_some(Outcome::Loss));
        if let Some(o) = ended {
            value[i] = Some(o);
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        for &parent in &parents[i] {
            if value[parent].is_some() {
                continue;
            }
            if value[i] == Some(Outcome::Loss) {
                value[parent] = Some(Outcome::Win);
                queue.push_back(parent);
            } else if value[i] == Some(Outcome::Win) {
                left[parent] -= 1;
                if left[parent] == 0 {
                    value[parent] = Some(Outcome::Loss);
                    queue.push_back(parent);
                }
            }
        }
    }
    positions
        .into_iter()
        .zip(value)
        .map(|(p, v)| (p, v.unwrap_or(Outcome::Draw)))
        .collect()
}

/// About 2 minutes in the test profile on a loaded two-core machine: 1.5 million positions
/// solved twice and each queried.
#[test]
#[ignore]
fn one_piece_of_each_size_agrees_with_the_graph_solver() {
    let compared = tiered_against_graph(Gobblet::new(3, 1).unwrap(), "gobblet-1");
    assert_eq!(compared.reachable, ONE_PIECE_REACHABLE);
    // With one piece of each size neither player can force a line.
    assert_eq!(compared.start.outcome, Outcome::Draw);
}

/// Positions reachable from the start with one piece of each size a player (the rules'
/// count, found by both the explorer and the retrograde analysis written from the words).
const ONE_PIECE_REACHABLE: usize = 1_494_118;

/// The positions reachable from the empty board of `rules`, each with the outcome the
/// retrograde analysis from the words gives it, against the graph solver's; the moves of a
/// sample (every `sample`-th) compared as sets.
fn agrees_with_the_words(rules: &Gobblet, sizes: usize, pieces: u8, sample: usize) -> usize {
    let by_words = retrograde(sizes, pieces);
    let explored = explore(rules, [rules.start()], &Budget::default(), &NoProgress).unwrap();
    let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
    assert_eq!(by_words.len(), explored.graph.position_count());
    for (n, (words, outcome)) in by_words.iter().enumerate() {
        let id = explored
            .id(&words.position())
            .unwrap_or_else(|| panic!("{words:?} was not reached"));
        assert_eq!(solution.outcome(id), *outcome, "{words:?}");
        if n % sample != 0 {
            continue;
        }
        let mut moves = grundy::rules::Moves::new();
        if grundy::rules::Game::result(rules, &words.position()).is_none() {
            grundy::rules::Game::moves(rules, &words.position(), &mut moves);
        }
        let mut ours: Vec<_> = moves.iter().map(|q| rules.write(q)).collect();
        let mut theirs: Vec<_> = if words.ended().is_none() {
            words
                .moves()
                .iter()
                .map(|q| rules.write(&q.position()))
                .collect()
        } else {
            Vec::new()
        };
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs);
    }
    by_words.len()
}

/// About 2 minutes in the test profile: 1.5 million positions explored twice.
#[test]
#[ignore]
fn one_piece_of_each_size_agrees_with_the_rules_words() {
    let rules = Gobblet::new(3, 1).unwrap();
    assert_eq!(
        agrees_with_the_words(&rules, 3, 1, 101),
        ONE_PIECE_REACHABLE
    );
}

/// One small and one medium piece each: every reachable position against the graph solver
/// and the words, every move compared.
#[test]
fn two_sizes_agree_with_the_graph_solver_and_the_words() {
    let rules = Gobblet::new(2, 1).unwrap();
    let compared = tiered_against_graph(rules.clone(), "gobblet-2x1");
    let reached = agrees_with_the_words(&rules, 2, 1, 1);
    assert_eq!(compared.reachable, reached);
    assert_eq!((reached, compared.start.outcome), (16_021, Outcome::Draw));
}

/// Every ranked position of the small game unranks and ranks back within its tier, and on
/// a sample every move inside a tier is listed among its target's un-moves (as often as it
/// is made).
#[test]
fn ranks_are_a_bijection_and_unmoves_invert_moves() {
    let rules = Gobblet::new(3, 1).unwrap();
    let mut total = 0;
    let (mut moves, mut before) = (grundy::rules::Moves::new(), Vec::new());
    for tier in 0..rules.tier_count() {
        let size = rules.tier_size(tier);
        total += size;
        for rank in 0..size {
            let p = rules.unrank(tier, rank);
            assert_eq!((rules.tier(&p), rules.rank(&p)), (tier, rank));
            if rank % 13 != 0 || grundy::rules::Game::result(&rules, &p).is_some() {
                continue;
            }
            moves.clear();
            grundy::rules::Game::moves(&rules, &p, &mut moves);
            for q in moves.iter() {
                let later = rules.tier(q);
                assert!(later == tier || rules.later_tiers(tier).contains(&later));
                if later != tier {
                    continue;
                }
                before.clear();
                rules.predecessors(q, &mut before);
                let made = moves.iter().filter(|&m| m == q).count();
                assert_eq!(before.iter().filter(|&b| *b == p).count(), made);
            }
        }
    }
    assert_eq!(total, 91 * 91 * 91 * 2);
    let two = Gobblet::new(3, 2).unwrap();
    let all: u64 = (0..two.tier_count()).map(|t| two.tier_size(t)).sum();
    assert_eq!(all, 1423 * 1423 * 1423 * 2);
}

#[test]
fn uncovering_the_opponents_line_loses() {
    let rules = Gobblet::new(3, 2).unwrap();
    // x's large piece on a3 covers o's small one, and o shows b3 and c3: moving it away
    // uncovers o's top row, a win for o, now to move.
    let p = rules.read("Sl,M,M|.,.,.|s,.,. x").unwrap();
    assert_eq!(grundy::rules::Game::result(&rules, &p), None);
    let after = |p, name: &str| {
        (rules.named_moves(p).into_iter())
            .find(|(n, _)| n == name)
            .unwrap()
            .1
    };
    let q = after(&p, "a3-b2");
    assert_eq!(rules.write(&q), "S,M,M|.,l,.|s,.,. o");
    assert_eq!(grundy::rules::Game::result(&rules, &q), Some(Outcome::Win));
    // Completing x's bottom row while uncovering o's top row loses too.
    let p = rules.read("Sl,M,M|.,.,.|s,.,m x").unwrap();
    let q = after(&p, "a3-b1");
    assert_eq!(rules.write(&q), "S,M,M|.,.,.|s,l,m o");
    assert_eq!(grundy::rules::Game::result(&rules, &q), Some(Outcome::Win));
}

#[test]
fn notation_errors_say_where() {
    let rules = Gobblet::new(3, 2).unwrap();
    for (text, says) in [
        ("s,.,.|.,.,.", "expected 3 rows"),
        ("s,.|.,.,.|.,.,.", "row 1 has 2 cells"),
        ("s,.,q|.,.,.|.,.,.", "row 1, column 3: 'q' is not a piece"),
        (
            "ms,.,.|.,.,.|.,.,.",
            "row 1, column 1: ms puts a piece on one as large",
        ),
        ("s,s,s|.,.,.|.,.,.", "x has 3 small pieces"),
        ("s,.,.|.,.,.|.,.,. z", "'z' is not a player to move"),
    ] {
        let e = rules.read(text).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
    // Without a player to move, x moves when both have placed as many.
    assert!(!rules.read(".,.,.|.,.,.|.,.,.").unwrap().o_to_move);
    assert!(rules.read("s,.,.|.,.,.|.,.,.").unwrap().o_to_move);
    assert!(Gobblet::new(3, 3).is_err());
    assert!(Gobblet::new(4, 1).is_err());
}

/// About 30 s in the test profile: play explores the 1.5 million positions.
#[test]
#[ignore]
fn play_names_placements_and_moves() {
    let game = registry::play("gobblet:1", "", 2_000_000).unwrap();
    let start = game.analyse(game.start());
    assert_eq!(start.outcome, Outcome::Draw);
    let names: Vec<&str> = start.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(names.len(), 27);
    assert_eq!(names[0], "Sa3");
    assert_eq!(names[26], "Lc1");
    let game = registry::play("gobblet:1", "l,.,.|.,S,.|.,.,. x", 2_000_000).unwrap();
    let here = game.analyse(game.start());
    assert!(here.moves.iter().any(|m| m.text == "a3-b2"));
    let e = registry::play("gobblet:3", "", 1000).unwrap_err();
    assert!(e.to_string().contains("expected gobblet, gobblet:PIECES"));
    assert!(registry::play("gobblet:2x1", "", 200_000).is_ok());
}
