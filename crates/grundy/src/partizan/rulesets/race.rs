//! The count of moves' bounds on one player's moves ([`RaceBounds`]): her safe moves, her
//! most, the opponent's room, and her zones (Bullock's protective areas and vulnerable
//! moves, safe moves with an option), with what she is sure to take of them whatever the
//! opponent spoils; summed over the parts of a sum, and compared by the search's race test.

use std::cell::RefCell;

use rustc_hash::FxHashMap as HashMap;

/// The kinds of zone a [`RaceBounds`] counts: `(moves, cells, denied)`, the moves the player
/// makes in a zone she takes first, the cells of the opponent's room they cover, and the
/// moves they take from the opponent's most (a protective area of Domineering's sits at the
/// end of two of his lines, and her first domino there shortens each by one of his
/// dominoes), from the heaviest (`2 * moves + cells`) down, the moves never growing along
/// the list. A zone of no moves is an option on a safe move (Domineering's,
/// [`super::domineering::Board::race`]): the safe move made another way, which covers cells of the
/// opponent's room besides.
pub const ZONES: [(usize, usize, usize); 6] = [
    (2, 4, 2),
    (1, 2, 0),
    (1, 1, 0),
    (0, 3, 0),
    (0, 2, 0),
    (0, 1, 0),
];

/// The kinds of zone a [`RaceBounds`] counts in chains: `(moves, cells, denied)` as in
/// [`ZONES`], zones one move of the opponent's may spoil two of (Bullock's vulnerable moves
/// of the second type), from the heaviest down.
pub const CHAINED: [(usize, usize, usize); 2] = [(1, 2, 0), (1, 1, 0)];

/// Bounds on one player's moves in a position, for the search's count of moves (a race: the
/// player who runs out of moves first loses); summed over the independent parts of a sum.
///
/// * `safe`: moves she can make whatever either player does (the opponent can never take
///   them away, and no two exclude each other);
/// * `most`: she never makes more moves than this, and fewer by the moves the opponent's
///   zones deny her where he takes them (a bound on the dominoes that fit in her lines,
///   which each move of hers lowers by one at least and none raises);
/// * `room`: a bound on the cells the opponent's moves can still cover, each of his moves
///   covering two (a move of his in an integer counts two), none covered twice, whatever
///   happens besides, the cells her zones cover included;
/// * `zones[k]`: zones of the kind [`ZONES`]`[k] = (moves, cells, denied)`, disjoint from
///   each other and from the safe moves: taking a zone first (all of its cells empty), she
///   makes `moves` moves there, which cover `cells` cells of the opponent's room and lower
///   his `most` by `denied` besides his own moves' share, and which the
///   opponent can never take away once she has started (a zone of no moves: one of her
///   safe moves made so that it covers the cells besides, taking a turn as any zone
///   does); the opponent spoils a zone by moving on one of its cells, and no move of his
///   touches two of `zones`;
/// * `chained[k]`: zones of the kind [`CHAINED`]`[k]`, as `zones` but for one thing: a
///   move of the opponent's may spoil one of them together with another chained zone or
///   a protective area (`ZONES[0]`), never with another zone of `zones`; an area spoiled
///   so is left a zone of the kind `ZONES[1]` that no move of his meets with another zone
///   (Domineering's: his domino covers a cell of the area's far line, and leaves the near
///   line, against the wall, a vulnerable move on two cells that were his room: the one
///   beside his domino is his no more, but was counted in the room).
///
/// [`RaceBounds::race`] decides a position from the two players' bounds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RaceBounds {
    /// Moves that can never be taken away.
    pub safe: usize,
    /// The most moves she can make.
    pub most: usize,
    /// The cells the opponent's moves can cover, with her zones.
    pub room: usize,
    /// Zones of each kind of [`ZONES`].
    pub zones: [usize; ZONES.len()],
    /// Zones in chains, of each kind of [`CHAINED`].
    pub chained: [usize; CHAINED.len()],
}

impl RaceBounds {
    /// Bounds from the safe and most moves alone, given the opponent's most: no zones, and a
    /// room of two cells for each move of his (which makes the room's test the same as the
    /// most's).
    pub fn counted(safe: usize, most: usize, their_most: usize) -> RaceBounds {
        RaceBounds {
            safe,
            most,
            room: 2 * their_most,
            ..RaceBounds::default()
        }
    }

    /// The bounds of `k` moves no one can take away (an integer's), for the player who has
    /// them (`mine`: safe, most) and for the other (`theirs`: two cells of room a move).
    pub fn integer(k: usize) -> (RaceBounds, RaceBounds) {
        let mine = RaceBounds {
            safe: k,
            most: k,
            ..RaceBounds::default()
        };
        let theirs = RaceBounds {
            room: 2 * k,
            ..RaceBounds::default()
        };
        (mine, theirs)
    }

    /// The kind of the zones at `at` in [`ORDER`]: whether chained, how many, and its
    /// `(moves, cells, denied)`. O(1).
    fn kind(&self, at: usize) -> (bool, usize, (usize, usize, usize)) {
        let (chained, j) = ORDER[at];
        let n = if chained {
            self.chained[j]
        } else {
            self.zones[j]
        };
        (chained, n, zone(at))
    }

    /// What the zones she is sure to take give her, moving first (`first`) or second,
    /// taking the heaviest zone left at each of her turns, whatever the opponent spoils:
    /// one zone a move of his, or two, a chained zone with another chained zone or an
    /// area. Before her `i`-th zone (from 0) he has moved `y` times (`i` moving first,
    /// `i + 1` second), so of the `r` heaviest zones (`c` chained, `a` areas) at most
    /// `i + y + min(y, p)` are gone, `p` the pairs he can spoil among them:
    /// `min(c, (c + a) / 2)`, or `c / 2` where the `r`-th is no heavier than a zone of the
    /// kind an area becomes when spoiled with a chained zone (that move then leaves one
    /// zone at least as heavy). Where that is less than `r`, her zone weighs at least the
    /// `r`-th heaviest. The bound is the sum of these, each for the least such `r`; where
    /// no zone is chained it is [`RaceBounds::alone`]'s (she takes every other one).
    /// [`RaceBounds::taken`]'s bound where the zone game has too many states. O(zones).
    fn ranked(&self, first: bool) -> Taken {
        let mut taken = Taken {
            moves: 0,
            weight: 0,
        };
        // The `r` heaviest zones, `c` of them chained and `a` protective areas; the place in
        // `ORDER` of the `r`-th's kind and how many of that kind are among them.
        let (mut r, mut c, mut a, mut at, mut within) = (0, 0, 0, 0, 0);
        // The moves of his that can take two of them away: each meets a chained zone and
        // another chained zone or an area. An area spoiled so leaves a zone of the kind
        // `ZONES[1]`: where the `r`-th (of kind `at`) is no heavier, that move takes only
        // one of them away.
        let pairs = |c: usize, a: usize, at: usize| {
            if at >= DEMOTED {
                c / 2
            } else {
                c.min((c + a) / 2)
            }
        };
        // Her zones so far; the loop ends when the heaviest zones run out.
        let mut i = 0;
        loop {
            let y = if first { i } else { i + 1 };
            while r <= i + y + y.min(pairs(c, a, at)) {
                while at < ORDER.len() && within == self.kind(at).1 {
                    (at, within) = (at + 1, 0);
                }
                if at == ORDER.len() {
                    return taken;
                }
                within += 1;
                r += 1;
                c += usize::from(self.kind(at).0);
                a += usize::from(ORDER[at] == AREAS);
            }
            let (m, cells, d) = self.kind(at).2;
            taken.moves += m + d;
            taken.weight += 2 * m + cells;
            i += 1;
        }
    }

    /// What the zones she is sure to take give her, moving first (`first`) or second,
    /// taking the heaviest zone left at each of her turns: the least of her moves and the
    /// least of her weight against every way the opponent may spoil them ([`least`]),
    /// where the game has at most [`GAME_STATES`] states, else [`RaceBounds::ranked`]'s
    /// bound, which is never more. The game's values are kept on each thread for the
    /// positions that follow (a search meets the same few kinds of zones again and
    /// again). O(zones) where the values are kept, O(states) the first time.
    fn taken(&self, first: bool) -> Taken {
        let left: Left = std::array::from_fn(|at| self.kind(at).1.min(usize::from(u8::MAX)) as u8);
        let zones: usize = left.iter().map(|&n| usize::from(n)).sum();
        let states = left
            .iter()
            .try_fold(1usize, |states, &n| states.checked_mul(usize::from(n) + 1));
        if zones > GAME_ZONES || states.is_none_or(|states| states > GAME_STATES) {
            return self.ranked(first);
        }
        GAME.with(|memo| {
            let mut memo = memo.borrow_mut();
            if memo.len() > GAME_MEMO {
                memo.clear();
            }
            let (moves, weight) = least(left, first, &mut memo);
            Taken {
                moves: usize::from(moves),
                weight: usize::from(weight),
            }
        })
    }

    /// What the zones give her where the opponent spoils one a move, chained or not: hers
    /// are the ranks (from 0, the heaviest first) 0, 2, 4… moving first, and 1, 3…
    /// second. Where no zone is chained this is [`RaceBounds::taken`]; else it is at least
    /// that (he may spoil more), and a cheap test of whether `taken` can decide anything.
    /// O(kinds).
    fn alone(&self, first: bool) -> Taken {
        // Her ranks below rank `r`.
        let upto = |r: usize| (r + usize::from(first)) / 2;
        let (mut taken, mut rank) = (
            Taken {
                moves: 0,
                weight: 0,
            },
            0,
        );
        for at in 0..ORDER.len() {
            let (_, n, (m, c, d)) = self.kind(at);
            let mine = upto(rank + n) - upto(rank);
            taken.moves += (m + d) * mine;
            taken.weight += (2 * m + c) * mine;
            rank += n;
        }
        taken
    }

    /// What the zones she is sure to take give her ([`RaceBounds::taken`]), where it can
    /// pass the test `passes`: [`RaceBounds::alone`] first, which is all there is where no
    /// zone is chained, and else never less. O(zones), and the zone game's states the
    /// first time its zones are met on a thread.
    fn sure(&self, first: bool, passes: impl Fn(Taken) -> bool) -> bool {
        passes(self.alone(first))
            && (self.chained.iter().all(|&n| n == 0) || passes(self.taken(first)))
    }

    /// The result for the player to move (`mover`) against `other` when the count decides
    /// it: `Some(1)` she wins ([`RaceBounds::wins_first`]), `Some(-1)` she loses (the
    /// opponent [`wins_second`](RaceBounds::wins_second)), `None` undecided. O(zones).
    pub fn race(mover: &RaceBounds, other: &RaceBounds) -> Option<i8> {
        if mover.wins_first(other.most) {
            Some(1)
        } else if other.wins_second(mover.most) {
            Some(-1)
        } else {
            None
        }
    }

    /// Whether she wins moving first against an opponent who makes at most `their_most`
    /// moves: the moves she is sure of (her safe moves and her zones' moves, taking the
    /// heaviest zone left at each turn) outnumber his most less what her zones deny him,
    /// or they and the cells her zones take from his room leave him fewer cells than two a
    /// move of hers. Needs nothing else of the opponent's bounds, so that a search can
    /// skip counting them where this decides. O(zones).
    pub fn wins_first(&self, their_most: usize) -> bool {
        self.sure(true, |t| {
            self.safe + t.moves > their_most || 2 * self.safe + t.weight > self.room
        })
    }

    /// Whether she wins moving second against an opponent who makes at most `their_most`
    /// moves: as [`RaceBounds::wins_first`], against one more move of his. O(zones).
    pub fn wins_second(&self, their_most: usize) -> bool {
        self.sure(false, |t| {
            self.safe + t.moves >= their_most || 2 * self.safe + t.weight + 2 > self.room
        })
    }
}

/// What the zones a player is sure to take give her in [`RaceBounds::race`]'s two tests.
#[derive(Debug, Clone, Copy)]
struct Taken {
    /// Her moves there and the opponent's moves they deny him (the test against his most).
    moves: usize,
    /// `2 * moves + cells` over the zones (the test against his room).
    weight: usize,
}

/// The protective areas' place in [`ORDER`]: the kind a chained zone may be spoiled with,
/// besides another chained zone.
const AREAS: (bool, usize) = (false, 0);

/// The place in [`ORDER`] of the kind an area becomes where a move of the opponent's spoils
/// it together with a chained zone: his domino covers a cell of the area's far line (its
/// near line lies against the wall), and the near line is left a vulnerable move, which
/// no move of his meets with another zone. Its cell beside his domino is then protected,
/// but it was in his room when the room was counted, and he never covers it: her domino
/// there covers two cells of that room, `ZONES[1]`.
const DEMOTED: usize = 1;

/// The kinds of [`ZONES`] (`false`) and [`CHAINED`] (`true`) by index, from the heaviest
/// (`2 * moves + cells`) down, those with more moves first where equal.
const ORDER: [(bool, usize); 8] = [
    (false, 0),
    (false, 1),
    (true, 0),
    (false, 2),
    (true, 1),
    (false, 3),
    (false, 4),
    (false, 5),
];

/// The `(moves, cells, denied)` of the kind of zone at `at` in [`ORDER`]. O(1).
fn zone(at: usize) -> (usize, usize, usize) {
    match ORDER[at] {
        (true, k) => CHAINED[k],
        (false, k) => ZONES[k],
    }
}

/// The zones left in the zone game of [`least`], by their place in [`ORDER`].
type Left = [u8; ORDER.len()];

/// The most states ([`Left`] and whose turn) the zone game of [`RaceBounds::taken`] is
/// played over; beyond, the rank bound answers. A state costs a few hundred nanoseconds
/// the first time, so this is a millisecond at most.
const GAME_STATES: usize = 1 << 12;

/// The most zones the zone game is played with: its recursion is two levels a zone deep.
const GAME_ZONES: usize = 64;

/// The most values of the zone game each thread keeps (about 20 bytes each): the table
/// is emptied when it holds more.
const GAME_MEMO: usize = 1 << 18;

thread_local! {
    /// The zone game's values met on this thread, by [`game_key`].
    static GAME: RefCell<HashMap<u64, (u16, u16)>> = RefCell::new(HashMap::default());
}

/// The key of a state of the zone game: seven bits a kind and whose turn.
fn game_key(left: Left, hers: bool) -> u64 {
    left.iter()
        .fold(u64::from(hers), |key, &n| key << 7 | u64::from(n & 0x7f))
}

/// Whether one move of the opponent's may spoil a zone of the kind at `a` in [`ORDER`]
/// and one of the kind at `b`: a chained zone with another chained zone or an area.
fn spoiled_together(a: usize, b: usize) -> bool {
    // The kinds a chained zone may be spoiled with.
    let with_chained = |k: usize| ORDER[k].0 || ORDER[k] == AREAS;
    (ORDER[a].0 && with_chained(b)) || (ORDER[b].0 && with_chained(a))
}

/// The least moves and the least weight (each for itself) she takes in the zone game,
/// from the zones `left` with her to move if `hers`: she takes the heaviest zone left
/// each turn; the opponent spoils none, one, or two at a move, a chained zone with
/// another chained zone or an area (his domino then covers a cell of the area's far line
/// and leaves its near line a vulnerable move: the area becomes a zone of the kind at
/// [`DEMOTED`]). Exhaustive over his choices, each state once
/// (`memo`). O(states × kinds²).
fn least(left: Left, hers: bool, memo: &mut HashMap<u64, (u16, u16)>) -> (u16, u16) {
    let Some(heaviest) = left.iter().position(|&n| n > 0) else {
        return (0, 0);
    };
    let key = game_key(left, hers);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let v = if hers {
        let mut next = left;
        next[heaviest] -= 1;
        let (m, c, d) = zone(heaviest);
        let (moves, weight) = least(next, false, memo);
        // At most 64 zones of at most 8 each: far within u16.
        (moves + (m + d) as u16, weight + (2 * m + c) as u16)
    } else {
        let mut best = least(left, true, memo);
        let mut keep = |v: (u16, u16)| best = (best.0.min(v.0), best.1.min(v.1));
        for i in 0..left.len() {
            if left[i] == 0 {
                continue;
            }
            let mut one = left;
            one[i] -= 1;
            keep(least(one, true, memo));
            for j in i..left.len() {
                if one[j] == 0 || !spoiled_together(i, j) {
                    continue;
                }
                let mut two = one;
                two[j] -= 1;
                if ORDER[i] == AREAS || ORDER[j] == AREAS {
                    two[DEMOTED] += 1;
                }
                keep(least(two, true, memo));
            }
        }
        best
    };
    memo.insert(key, v);
    v
}

impl std::ops::AddAssign for RaceBounds {
    /// The bounds of a sum: each summed (a zone of one part is independent of the others).
    fn add_assign(&mut self, b: RaceBounds) {
        self.safe += b.safe;
        self.most += b.most;
        self.room += b.room;
        for (z, n) in self.zones.iter_mut().zip(b.zones) {
            *z += n;
        }
        for (z, n) in self.chained.iter_mut().zip(b.chained) {
            *z += n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The zone game of [`least`] played on a list of zones (each its place in [`ORDER`]),
    /// without counts or memo: every choice of the opponent's tried, zone by zone.
    fn brute(zones: &[usize], hers: bool) -> (usize, usize) {
        let Some(&heaviest) = zones.iter().min() else {
            return (0, 0);
        };
        let without = |gone: &[usize]| -> Vec<usize> {
            let mut rest = zones.to_vec();
            for &g in gone.iter().rev() {
                rest.remove(g);
            }
            rest
        };
        if hers {
            let at = zones.iter().position(|&z| z == heaviest).unwrap();
            let (m, c, d) = zone(heaviest);
            let (moves, weight) = brute(&without(&[at]), false);
            return (moves + m + d, weight + 2 * m + c);
        }
        let mut best = brute(zones, true);
        let mut keep = |v: (usize, usize)| best = (best.0.min(v.0), best.1.min(v.1));
        for i in 0..zones.len() {
            keep(brute(&without(&[i]), true));
            for j in i + 1..zones.len() {
                let (a, b) = (zones[i], zones[j]);
                if spoiled_together(a, b) {
                    let mut rest = without(&[i, j]);
                    if ORDER[a] == AREAS || ORDER[b] == AREAS {
                        rest.push(DEMOTED);
                    }
                    keep(brute(&rest, true));
                }
            }
        }
        best
    }

    /// Random zones: up to `most` of each kind, chained ones up to `chained` of each.
    fn random_bounds(rng: &mut impl Rng, most: usize, chained: usize) -> RaceBounds {
        let mut b = RaceBounds::default();
        for z in &mut b.zones {
            *z = rng.random_range(0..=most);
        }
        for z in &mut b.chained {
            *z = rng.random_range(0..=chained);
        }
        b
    }

    /// The zone game's values by counts and memo are those of the game played zone by
    /// zone, on every small set of zones drawn.
    #[test]
    fn the_zone_game_is_its_definition() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x5a0e);
        let mut memo = HashMap::default();
        for _ in 0..600 {
            let b = random_bounds(&mut rng, 1, 2);
            let left: Left = std::array::from_fn(|at| b.kind(at).1 as u8);
            let zones: Vec<usize> = (0..ORDER.len())
                .flat_map(|at| std::iter::repeat_n(at, b.kind(at).1))
                .collect();
            if zones.len() > 7 {
                continue;
            }
            for hers in [true, false] {
                let (moves, weight) = least(left, hers, &mut memo);
                assert_eq!(
                    (usize::from(moves), usize::from(weight)),
                    brute(&zones, hers),
                    "{b:?} hers {hers}"
                );
            }
        }
    }

    /// The rank bound is never more than the zone game gives her, and is exactly that
    /// where no zone is chained; the closed form of `alone` is never less, and the same
    /// where no zone is chained; `taken` is the game's value or the rank bound.
    #[test]
    fn zones_taken_are_the_least_against_every_spoiler() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x20e5);
        let mut memo = HashMap::default();
        let (mut exact, mut chained) = (0, 0);
        for case in 0..3000 {
            let b = random_bounds(&mut rng, 3, if case % 3 == 0 { 0 } else { 3 });
            let left: Left = std::array::from_fn(|at| b.kind(at).1 as u8);
            for first in [true, false] {
                let r = b.ranked(first);
                let (moves, weight) = least(left, first, &mut memo);
                let (moves, weight) = (usize::from(moves), usize::from(weight));
                assert!(
                    r.moves <= moves && r.weight <= weight,
                    "{b:?} first {first}"
                );
                // The game where it is small enough, else the rank bound.
                let t = b.taken(first);
                assert!(
                    [(moves, weight), (r.moves, r.weight)].contains(&(t.moves, t.weight)),
                    "{b:?} first {first}"
                );
                // The cheap test never fails where `taken` would pass.
                let a = b.alone(first);
                assert!(
                    a.moves >= moves && a.weight >= weight,
                    "{b:?} first {first}"
                );
                if b.chained == [0, 0] {
                    assert_eq!((a.moves, a.weight), (moves, weight), "{b:?} first {first}");
                    assert_eq!((r.moves, r.weight), (moves, weight), "{b:?} first {first}");
                } else {
                    exact += usize::from((r.moves, r.weight) == (moves, weight));
                    chained += 1;
                }
            }
        }
        // The rank bound with chains is exact in most cases.
        assert!(exact * 10 > chained * 7, "{exact} of {chained} exact");
    }

    /// Zones beyond what the game is played with are bounded by rank, never more than the
    /// game would give.
    #[test]
    fn many_zones_fall_back_to_the_rank_bound() {
        let b = RaceBounds {
            zones: [9, 9, 9, 9, 9, 9],
            chained: [9, 9],
            ..RaceBounds::default()
        };
        for first in [true, false] {
            let (t, r) = (b.taken(first), b.ranked(first));
            assert_eq!((t.moves, t.weight), (r.moves, r.weight));
        }
    }
}
