//! Printing loopy games in the notation CGSuite prints them in: loopfree positions as their
//! canonical forms (`{1|0}`, `^*`), slashes for nested options (`{0||0|a}`), a move back to
//! the position being written as `pass`, a position that a deeper option leads back to named
//! (`a{0||0|a}`), and, in a canonical stopper, CGSuite's names: `on`, `off`, `5over`,
//! `-1/2under`, the upons `^[on]`, `v[on]*`, the uponths `^<on>`, `5v<on>*`, switches
//! `+-{0|^<on>}`, and `Tiny(on)`, `2Miny(over)`.
//!
//! The rules are CGSuite's (its `CanonicalStopper`, `Pseudonumber` and `SimplifiedLoopyGame`
//! output), restated: at each position of a canonical stopper, in this order,
//! - a loopfree position is its canonical form; `{pass|}` is `on`, `{|pass}` `off`, `{x|pass}`
//!   and `{pass|x}` for a number x are `x over` and `x under` (written `xover`, `xunder`);
//! - a position equal to its negative is the switch `+-G` (`+-{G,H}` for more options);
//! - a position in which every cycle is a pass, with one option each side, Left's a number x
//!   and Right's `{x | y}` with `y − x ≤ under`, is `x + Tiny(x − y)` (Miny the mirror);
//! - `{pass | x + *n}` and `{pass, x | x}` are the upons `x^[on]*…` (nimber `n` xor 1);
//!   `{x, x*, …, x*k | −U}` for an upon U = `−x^[on]*m` with `k = m xor 1` is the uponth
//!   `x^<on>*…`; their negatives are `v[on]` and `v<on>`;
//! - else braces: options in CGSuite's order (short games first, in the store's
//!   deterministic order), the sides split by one more slash than the deepest option's, in
//!   braces when asked, named, one-sided, or four slashes deep.
//!
//! A game that is not a canonical stopper is printed with the braces rule alone (its
//! positions are not values).

use super::canonical::canonical;
use super::graph::LoopyGame;
use super::order::survivors;
use super::short::{short_forms, short_game};
use super::simplify::simplify;
use crate::budget::{Budget, Resource};
use crate::partizan::notation::print::MAX_SLASHES;
use crate::partizan::{Dyadic, GameId, GameStore, Side, ValueError};

use super::error::LoopyError;

/// What the work is called in budget errors.
const WORK: &str = "printing a loopy game";
/// Options written between two checks of the time budget.
const CHECK_EVERY: u64 = 4096;

/// `game` in the notation, with the braces rule alone (see the module): options in the order
/// of the store's deterministic order for short ones, then of their numbers; a position
/// reached twice is written out twice (unless it leads back to itself through a position
/// being written), so the text may be longer than the graph: it is held within `budget`'s
/// memory and time, and a text longer than the store's print limit
/// ([`GameStore::print_limit`]) is [`ValueError::TooLong`](crate::partizan::ValueError).
/// O(length of the text × depth) besides valuing the loopfree positions.
pub(crate) fn notation(game: &LoopyGame, budget: &Budget) -> Result<String, LoopyError> {
    let mut store = GameStore::with_budget(budget.clone());
    let forms = short_forms(game, &mut store)?;
    notation_in(game, &mut store, &forms, false, budget)
}

/// [`notation`], the canonical form of each loopfree position of `game` given (`forms`,
/// `None` for the others, built in `store`), CGSuite's names used if `canonical` (the game is
/// a canonical stopper), the text at most `store`'s print limit long.
pub(crate) fn notation_in(
    game: &LoopyGame,
    store: &mut GameStore,
    forms: &[Option<GameId>],
    canonical: bool,
    budget: &Budget,
) -> Result<String, LoopyError> {
    let longest = store.print_limit() as u64;
    let plum = if canonical {
        plumtree(game)
    } else {
        vec![false; game.len()]
    };
    let mut printer = Printer {
        game,
        forms,
        store,
        canonical,
        plum,
        name: vec![None; game.len()],
        names: 0,
        on_stack: vec![false; game.len()],
        written: 0,
        held: 0,
        longest,
        bytes: budget.memory() / 2,
        budget,
    };
    printer.write()
}

/// Whether no cycle but a pass can be reached from each position (CGSuite's plumtrees):
/// Kahn's peeling with passes left out. O(n + m).
fn plumtree(game: &LoopyGame) -> Vec<bool> {
    let n = game.len();
    let mut waiting = vec![0u32; n];
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for v in 0..n as u32 {
        let mut targets: Vec<u32> = game
            .options(v, Side::Left)
            .iter()
            .chain(game.options(v, Side::Right))
            .copied()
            .filter(|&w| w != v)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        waiting[v as usize] = targets.len() as u32;
        for w in targets {
            preds[w as usize].push(v);
        }
    }
    let mut done = vec![false; n];
    let mut queue: Vec<u32> = (0..n as u32)
        .filter(|&v| waiting[v as usize] == 0)
        .collect();
    while let Some(w) = queue.pop() {
        done[w as usize] = true;
        for &v in &preds[w as usize] {
            waiting[v as usize] -= 1;
            if waiting[v as usize] == 0 {
                queue.push(v);
            }
        }
    }
    done
}

struct Printer<'a> {
    game: &'a LoopyGame,
    forms: &'a [Option<GameId>],
    store: &'a mut GameStore,
    /// Whether the game is a canonical stopper, whose positions CGSuite names.
    canonical: bool,
    /// Whether each position is a plumtree.
    plum: Vec<bool>,
    /// The name given to a position being written, once an option leads back to it.
    name: Vec<Option<String>>,
    names: usize,
    /// Whether a position is on the stack, being written.
    on_stack: Vec<bool>,
    /// Options written, for the checks of the time budget.
    written: u64,
    /// The bytes of text held by the positions being written.
    held: u64,
    /// The longest text asked for.
    longest: u64,
    /// The most bytes of text the memory budget allows.
    bytes: u64,
    budget: &'a Budget,
}

/// A position being written: which side's options, how many are done, the text of each
/// side so far and the most slashes of its options.
struct Frame {
    v: u32,
    side: Side,
    done: usize,
    options: [Vec<u32>; 2],
    text: [String; 2],
    slashes: usize,
    /// Written in braces even without need.
    brackets: bool,
    /// Written as a switch `+-G`: Left's options only.
    switch: bool,
}

/// How a position is written: as a finished text with the slashes of its outer level, or
/// opened as braces or as a switch.
enum Written {
    Text(String, usize),
    Braces,
    Switch,
}

/// A number and a nimber, `x + *n`.
type NumberNimber = (Dyadic, u32);

impl Printer<'_> {
    /// The whole text.
    fn write(&mut self) -> Result<String, LoopyError> {
        let mut stack: Vec<Frame> = Vec::new();
        match self.written_as(0, true, false)? {
            Written::Text(text, _) => return Ok(text),
            kind => self.open(0, kind, true, &mut stack)?,
        }
        loop {
            let top = stack.last_mut().expect("a position is being written");
            let (v, side, done) = (top.v, top.side, top.done);
            let k = usize::from(side == Side::Right);
            if done == top.options[k].len() {
                if side == Side::Left && !top.switch {
                    top.side = Side::Right;
                    top.done = 0;
                    continue;
                }
                let frame = stack.pop().expect("on the stack");
                self.on_stack[v as usize] = false;
                let (text, slashes) = self.close(frame);
                match stack.last_mut() {
                    None => return Ok(text),
                    Some(parent) => self.append(parent, &text, slashes)?,
                }
                continue;
            }
            let (w, count, switch) = (top.options[k][done], top.options[k].len(), top.switch);
            top.done += 1;
            if done > 0 {
                top.text[k].push(',');
                self.held += 1;
            }
            self.written += 1;
            if self.written % CHECK_EVERY == 0 {
                self.budget.check_time(WORK, self.written)?;
            }
            let top = stack.last_mut().expect("on the stack");
            if w == v {
                self.append(top, "pass", 0)?;
            } else if self.on_stack[w as usize] {
                let name = match &self.name[w as usize] {
                    Some(name) => name.clone(),
                    None => {
                        let name = letters(self.names);
                        self.names += 1;
                        self.name[w as usize] = Some(name.clone());
                        name
                    }
                };
                self.append(top, &name, 0)?;
            } else {
                // CGSuite's context: braces for an option among several, and a switch's
                // options in braces (in parentheses when alone).
                let brackets = switch || count > 1;
                match self.written_as(w, brackets, switch && count == 1)? {
                    Written::Text(text, slashes) => self.append(top, &text, slashes)?,
                    kind => self.open(w, kind, brackets, &mut stack)?,
                }
            }
        }
    }

    /// Appends `text`, an option's, to the side being written of `frame`, within the budget.
    fn append(&mut self, frame: &mut Frame, text: &str, slashes: usize) -> Result<(), LoopyError> {
        let k = usize::from(frame.side == Side::Right);
        frame.text[k].push_str(text);
        frame.slashes = frame.slashes.max(slashes);
        self.held += text.len() as u64;
        if self.held > self.bytes {
            return Err(self
                .budget
                .exhausted(Resource::Memory, Some(self.held), WORK, 0)
                .into());
        }
        if self.held > self.longest {
            let limit = self.longest;
            return Err(ValueError::TooLong { limit }.into());
        }
        Ok(())
    }

    /// Starts writing `w` as braces or a switch.
    fn open(
        &mut self,
        w: u32,
        kind: Written,
        brackets: bool,
        stack: &mut Vec<Frame>,
    ) -> Result<(), LoopyError> {
        let options = [self.sorted(w, Side::Left)?, self.sorted(w, Side::Right)?];
        self.on_stack[w as usize] = true;
        stack.push(Frame {
            v: w,
            side: Side::Left,
            done: 0,
            options,
            text: [String::new(), String::new()],
            slashes: 0,
            brackets,
            switch: matches!(kind, Written::Switch),
        });
        Ok(())
    }

    /// The text of a finished position and the slashes of its outer level (0 in braces).
    fn close(&mut self, frame: Frame) -> (String, usize) {
        let [left, right] = frame.text;
        self.held -= (left.len() + right.len()) as u64;
        if frame.switch {
            let many = frame.options[0].len() > 1;
            let (open, close) = if many { ("{", "}") } else { ("", "") };
            return (format!("+-{open}{left}{close}"), 0);
        }
        let name = self.name[frame.v as usize].take();
        let slashes = frame.slashes + 1;
        let braced = frame.brackets
            || name.is_some()
            || frame.options[0].is_empty()
            || frame.options[1].is_empty()
            || slashes == MAX_SLASHES;
        let mut text = name.unwrap_or_default();
        if braced {
            text.push('{');
        }
        text.push_str(&left);
        text.extend(std::iter::repeat_n('|', slashes));
        text.push_str(&right);
        if braced {
            text.push('}');
            (text, 0)
        } else {
            (text, slashes)
        }
    }

    /// The options of `v` on `side` in CGSuite's order: short games first, in the store's
    /// deterministic order, then the others by their numbers.
    fn sorted(&mut self, v: u32, side: Side) -> Result<Vec<u32>, LoopyError> {
        let mut short: Vec<(GameId, u32)> = Vec::new();
        let mut loopy = Vec::new();
        for &w in self.game.options(v, side) {
            match self.forms[w as usize] {
                Some(g) => short.push((g, w)),
                None => loopy.push(w),
            }
        }
        let mut ids: Vec<GameId> = short.iter().map(|&(g, _)| g).collect();
        self.store.sort_for_display(&mut ids)?;
        let mut out: Vec<u32> = ids
            .iter()
            .map(|g| {
                short
                    .iter()
                    .find(|(h, _)| h == g)
                    .expect("sorted from these")
                    .1
            })
            .collect();
        loopy.sort_unstable();
        out.extend(loopy);
        Ok(out)
    }

    /// How `w` is written, `brackets` and `parens` as the position around it asks.
    fn written_as(&mut self, w: u32, brackets: bool, parens: bool) -> Result<Written, LoopyError> {
        if let Some(g) = self.forms[w as usize] {
            let left = (self.longest as usize).saturating_sub(self.held as usize);
            let (text, slashes) = self
                .store
                .written_option(g, left, brackets, parens)
                .map_err(|e| match e {
                    ValueError::TooLong { .. } => ValueError::TooLong {
                        limit: self.longest,
                    },
                    e => e,
                })?;
            return Ok(Written::Text(text, slashes));
        }
        if let Some(text) = self.pseudonumber(w, parens) {
            return Ok(Written::Text(text, 0));
        }
        if !self.canonical {
            return Ok(Written::Braces);
        }
        if self.is_switch(w)? {
            return Ok(Written::Switch);
        }
        if let Some(text) = self.tiny(w, parens)? {
            return Ok(Written::Text(text, 0));
        }
        if let Some(text) = self.upon(w) {
            return Ok(Written::Text(text, 0));
        }
        Ok(Written::Braces)
    }

    /// The number position `w` is, if it is one.
    fn number(&self, w: u32) -> Option<Dyadic> {
        self.forms[w as usize].and_then(|g| self.store.as_number(g))
    }

    /// `on`, `off`, `dud`, `x over` or `x under` (in parentheses if asked, with a number).
    fn pseudonumber(&self, v: u32, parens: bool) -> Option<String> {
        let l = self.game.options(v, Side::Left);
        let r = self.game.options(v, Side::Right);
        let (x, word) = match (l, r) {
            ([a], []) if *a == v => return Some("on".into()),
            ([], [b]) if *b == v => return Some("off".into()),
            ([a], [b]) if *a == v && *b == v => return Some("dud".into()),
            ([a], [b]) if *b == v => (self.number(*a)?, "over"),
            ([a], [b]) if *a == v => (self.number(*b)?, "under"),
            _ => return None,
        };
        Some(match x {
            Dyadic::ZERO => word.to_string(),
            x if parens => format!("({x}{word})"),
            x => format!("{x}{word}"),
        })
    }

    /// Whether the stopper at `w` equals its negative: one comparison of it with its
    /// negative, within the budget.
    fn is_switch(&mut self, w: u32) -> Result<bool, LoopyError> {
        let (l, r) = (
            self.game.options(w, Side::Left).len(),
            self.game.options(w, Side::Right).len(),
        );
        if l != r || l == 0 {
            return Ok(false);
        }
        let g = self.game.follower(w);
        let (leq, geq) = survivors(&g, &g.negative(), self.budget)?;
        Ok(leq && geq)
    }

    /// `x + Tiny(x − y)` for a plumtree `{x || x | y}`, `y − x ≤ under`, or its mirror
    /// `x + Miny(y − x)` for `{y | x || x}`, `x − y ≤ under`; the subscript written in a text
    /// of its own.
    fn tiny(&mut self, w: u32, parens: bool) -> Result<Option<String>, LoopyError> {
        if !self.plum[w as usize] {
            return Ok(None);
        }
        let (&[a], &[b]) = (
            self.game.options(w, Side::Left),
            self.game.options(w, Side::Right),
        ) else {
            return Ok(None);
        };
        for (name, near, far, side) in [("Tiny", a, b, Side::Right), ("Miny", b, a, Side::Left)] {
            let Some(x) = self.forms[near as usize].filter(|&g| self.store.is_number(g)) else {
                continue;
            };
            let (&[back], &[y]) = (
                self.game.options(far, side.other()),
                self.game.options(far, side),
            ) else {
                continue;
            };
            if self.forms[back as usize] != Some(x) {
                continue;
            }
            // d = y − x (Tiny) or x − y (Miny), which must be at most under; the subscript
            // is −d.
            let mut x_game = short_game(self.store, x)?;
            let y_game = self.game.follower(y);
            if side == Side::Right {
                x_game = x_game.negative();
            }
            let d = match side {
                Side::Right => y_game.sum(&x_game, self.budget)?,
                Side::Left => x_game.sum(&y_game.negative(), self.budget)?,
            };
            let under = LoopyGame::from_parts(vec![vec![0], vec![]], vec![vec![1], vec![]]);
            if !survivors(&d, &under, self.budget)?.0 {
                continue;
            }
            // The subscript's simplest form, numbered canonically, in a text of its own.
            let simplest = simplify(&d.negative(), self.budget)?;
            let mut store = GameStore::with_budget(self.budget.clone());
            let (subscript, forms) = canonical(&simplest, &mut store)?;
            let sub = notation_in(&subscript, &mut store, &forms, true, self.budget)?;
            let mut text = String::new();
            if parens {
                text.push('(');
            }
            if x != GameId::ZERO {
                let left = (self.longest as usize).saturating_sub(self.held as usize);
                text.push_str(&self.store.written_option(x, left, false, false)?.0);
            }
            text.push_str(&format!("{name}({sub})"));
            if parens {
                text.push(')');
            }
            return Ok(Some(text));
        }
        Ok(None)
    }

    /// The number and nimber of the short position `w` if it is one, negated if `flip`.
    fn number_nimber(&self, w: u32, flip: bool) -> Option<NumberNimber> {
        let nus = self.store.nus(self.forms[w as usize]?)?;
        if nus.ups != 0 {
            return None;
        }
        Some((if flip { -nus.number } else { nus.number }, nus.nimber))
    }

    /// If `w` (its negative if `flip`) is `{pass | x + *n}` (n > 0) or `{pass, x | x}`: the
    /// upon's number x and nimber n xor 1.
    fn upon_parts(&self, w: u32, flip: bool) -> Option<NumberNimber> {
        let (ls, rs) = if flip {
            (Side::Right, Side::Left)
        } else {
            (Side::Left, Side::Right)
        };
        let (l, r) = (self.game.options(w, ls), self.game.options(w, rs));
        let [right] = r else { return None };
        let (x, n) = self.number_nimber(*right, flip)?;
        let upon = if n == 0 {
            l.len() == 2
                && l.contains(&w)
                && l.iter()
                    .any(|&o| o != w && self.number_nimber(o, flip) == Some((x, 0)))
        } else {
            l == [w]
        };
        upon.then_some((x, n ^ 1))
    }

    /// If `w` (its negative if `flip`) is `{x, x*, …, x*k | −U}` for an upon U with number −x
    /// and nimber m, k = m xor 1: the uponth's number x and nimber m xor 1.
    fn uponth_parts(&self, w: u32, flip: bool) -> Option<NumberNimber> {
        let (ls, rs) = if flip {
            (Side::Right, Side::Left)
        } else {
            (Side::Left, Side::Right)
        };
        let (l, r) = (self.game.options(w, ls), self.game.options(w, rs));
        let [right] = r else { return None };
        let (a, m) = self.upon_parts(*right, !flip)?;
        let k = m ^ 1;
        let mut found: Vec<NumberNimber> = l
            .iter()
            .map(|&o| self.number_nimber(o, flip))
            .collect::<Option<_>>()?;
        found.sort_unstable_by_key(|&(_, n)| n);
        let wanted: Vec<NumberNimber> = (0..=k).map(|n| (-a, n)).collect();
        (found == wanted).then_some((-a, k))
    }

    /// CGSuite's upon or uponth that `w` is, if it is one: `x^[on]*n`, `xv<on>`, ….
    fn upon(&self, w: u32) -> Option<String> {
        let mut found = None;
        for flip in [false, true] {
            for (nth, parts) in [
                (false, self.upon_parts(w, flip)),
                (true, self.uponth_parts(w, flip)),
            ] {
                if found.is_none() {
                    if let Some((x, n)) = parts {
                        let x = if flip { -x } else { x };
                        found = Some((x, n, flip, nth));
                    }
                }
            }
        }
        let (x, n, negated, nth) = found?;
        let mut text = String::new();
        if x != Dyadic::ZERO {
            text.push_str(&x.to_string());
        }
        text.push(if negated { 'v' } else { '^' });
        text.push_str(if nth { "<on>" } else { "[on]" });
        match n {
            0 => {}
            1 => text.push('*'),
            n => text.push_str(&format!("*{n}")),
        }
        Some(text)
    }
}

/// The `i`-th name: `a` … `z` but `v` (down), then `a1` … `z1`, and so on.
fn letters(i: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuwxyz";
    let letter = char::from(LETTERS[i % LETTERS.len()]);
    match i / LETTERS.len() {
        0 => letter.to_string(),
        k => format!("{letter}{k}"),
    }
}

impl LoopyGame {
    /// The game in the notation, as it is (not simplified: loopfree positions as their
    /// canonical forms, the rest as their options, with CGSuite's slashes), within
    /// `budget`'s memory. O(length of the text × depth).
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::LoopyGame;
    ///
    /// let budget = Budget::default();
    /// let g = LoopyGame::parse("a{0,{1|1}|{*|a}}", &budget).unwrap();
    /// assert_eq!(g.to_notation(&budget).unwrap(), "a{0,1*||*|a}");
    /// ```
    pub fn to_notation(&self, budget: &Budget) -> Result<String, LoopyError> {
        notation(self, budget)
    }
}
