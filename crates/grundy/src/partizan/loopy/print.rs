//! Printing loopy games in the notation CGSuite reads: loopfree positions as their canonical
//! forms (`{1|0}`, `^*`), the constants `on`, `off`, `over`, `under`, `upon` and `dud`, a
//! move back to the position in the braces around it as `pass`, and a position that a
//! deeper option leads back to named (`a{0|{1|a}}`).

use super::graph::LoopyGame;
use super::short::short_forms;
use crate::budget::{Budget, Resource};
use crate::partizan::{GameId, GameStore, Side, ValueError};

use super::error::LoopyError;

/// What the work is called in budget errors.
const WORK: &str = "printing a loopy game";
/// Options written between two checks of the time budget.
const CHECK_EVERY: u64 = 4096;

/// `game` in the notation: options in the order of their numbers; a position reached twice
/// is written out twice (unless it leads back to itself through a position being written),
/// so the text may be longer than the graph: it is held within `budget`'s memory and time,
/// and a text longer than the store's print limit
/// ([`GameStore::print_limit`]) is [`ValueError::TooLong`](crate::partizan::ValueError).
/// O(length of the text) besides valuing the loopfree positions.
pub(crate) fn notation(game: &LoopyGame, budget: &Budget) -> Result<String, LoopyError> {
    let mut store = GameStore::with_budget(budget.clone());
    let forms = short_forms(game, &mut store)?;
    notation_in(game, &mut store, &forms, budget)
}

/// [`notation`], the canonical form of each loopfree position of `game` given (`forms`,
/// `None` for the others, built in `store`), the text at most `store`'s print limit long.
/// O(length of the text).
pub(crate) fn notation_in(
    game: &LoopyGame,
    store: &mut GameStore,
    forms: &[Option<GameId>],
    budget: &Budget,
) -> Result<String, LoopyError> {
    let longest = store.print_limit() as u64;
    let mut printer = Printer {
        game,
        forms,
        store,
        named: vec![false; game.len()],
        name: vec![None; game.len()],
        names: 0,
        on_stack: vec![false; game.len()],
        written: 0,
        longest,
        bytes: budget.memory() / 2,
        budget,
    };
    // The first pass finds the positions a deeper option leads back to; the second names
    // them and prints.
    printer.write(false)?;
    printer.write(true)
}

struct Printer<'a> {
    game: &'a LoopyGame,
    forms: &'a [Option<GameId>],
    store: &'a mut GameStore,
    /// Whether a position is referred to from deeper than its own options.
    named: Vec<bool>,
    /// The name given to a position while it is written.
    name: Vec<Option<String>>,
    names: usize,
    /// Whether a position is on the stack, being written.
    on_stack: Vec<bool>,
    /// Options written, both passes, for the checks of the time budget.
    written: u64,
    /// The longest text asked for.
    longest: u64,
    /// The most bytes of text the memory budget allows.
    bytes: u64,
    budget: &'a Budget,
}

/// A position being written: which side's options, and how many are done.
struct Frame {
    v: u32,
    side: Side,
    done: usize,
}

impl Printer<'_> {
    /// The constant `v` is, if any: a position whose only reference to itself is the pass of
    /// `on`, `off`, `over`, `under`, `upon` or `dud`.
    fn constant(&mut self, v: u32) -> Option<&'static str> {
        let (l, r) = (
            self.game.options(v, Side::Left),
            self.game.options(v, Side::Right),
        );
        let form = |w: u32| self.forms[w as usize];
        let zero = Some(GameId::ZERO);
        let star = Some(self.store.nimber(1));
        match (l, r) {
            ([a], []) if *a == v => Some("on"),
            ([], [b]) if *b == v => Some("off"),
            ([a], [b]) if *a == v && *b == v => Some("dud"),
            ([a], [b]) if *b == v && form(*a) == zero => Some("over"),
            ([a], [b]) if *a == v && form(*b) == zero => Some("under"),
            ([a], [b]) if *a == v && form(*b) == star => Some("upon"),
            _ => None,
        }
    }

    /// One pass over the text; it is kept only if `keep`.
    fn write(&mut self, keep: bool) -> Result<String, LoopyError> {
        let mut out = String::new();
        let mut stack: Vec<Frame> = Vec::new();
        self.name.iter_mut().for_each(|n| *n = None);
        self.names = 0;
        if !self.leaf(0, &mut out)? {
            self.open(0, &mut stack, &mut out, keep);
        }
        while let Some(top) = stack.last_mut() {
            let (v, side, done) = (top.v, top.side, top.done);
            let options = self.game.options(v, side);
            if done == options.len() {
                match side {
                    Side::Left => {
                        out.push('|');
                        let top = stack.last_mut().expect("on the stack");
                        top.side = Side::Right;
                        top.done = 0;
                    }
                    Side::Right => {
                        out.push('}');
                        stack.pop();
                        self.on_stack[v as usize] = false;
                    }
                }
                continue;
            }
            let w = options[done];
            stack.last_mut().expect("on the stack").done += 1;
            if done > 0 {
                out.push(',');
            }
            self.written += 1;
            if self.written % CHECK_EVERY == 0 {
                self.budget.check_time(WORK, self.written)?;
            }
            if self.on_stack[w as usize] {
                if w == v {
                    out.push_str("pass");
                } else {
                    self.named[w as usize] = true;
                    if let Some(name) = &self.name[w as usize] {
                        out.push_str(name);
                    }
                }
            } else if !self.leaf(w, &mut out)? {
                self.open(w, &mut stack, &mut out, keep);
            }
            let length = out.len() as u64;
            if length > self.bytes {
                return Err(self
                    .budget
                    .exhausted(Resource::Memory, Some(length), WORK, 0)
                    .into());
            }
            if length > self.longest {
                let limit = self.longest;
                return Err(ValueError::TooLong { limit }.into());
            }
        }
        Ok(out)
    }

    /// Writes `w` if it is a short game or a constant; whether it was. A short game's form
    /// is written within what is left of the longest text.
    fn leaf(&mut self, w: u32, out: &mut String) -> Result<bool, LoopyError> {
        if let Some(g) = self.forms[w as usize] {
            let left = (self.longest as usize).saturating_sub(out.len());
            let form = self.store.written(g, left).map_err(|e| match e {
                ValueError::TooLong { .. } => ValueError::TooLong {
                    limit: self.longest,
                },
                e => e,
            })?;
            out.push_str(&form);
            return Ok(true);
        }
        if let Some(word) = self.constant(w) {
            out.push_str(word);
            return Ok(true);
        }
        Ok(false)
    }

    /// Opens the braces of `w`, named if a deeper option leads back to it.
    fn open(&mut self, w: u32, stack: &mut Vec<Frame>, out: &mut String, keep: bool) {
        if keep && self.named[w as usize] {
            let name = letters(self.names);
            self.names += 1;
            out.push_str(&name);
            self.name[w as usize] = Some(name);
        }
        out.push('{');
        self.on_stack[w as usize] = true;
        stack.push(Frame {
            v: w,
            side: Side::Left,
            done: 0,
        });
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
    /// canonical forms, the rest as their options), within `budget`'s memory. O(length of the
    /// text).
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::LoopyGame;
    ///
    /// let budget = Budget::default();
    /// let g = LoopyGame::parse("a{0,{1|1}|{*|a}}", &budget).unwrap();
    /// assert_eq!(g.to_notation(&budget).unwrap(), "a{0,1*|{*|a}}");
    /// ```
    pub fn to_notation(&self, budget: &Budget) -> Result<String, LoopyError> {
        notation(self, budget)
    }
}
