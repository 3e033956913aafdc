//! Reading loopy games in the notation CGSuite reads (see the [module](super)): a recursive
//! descent that builds the graph as it goes, short games read by the short notation's reader,
//! on the scanner the two readers share (signs, operators, brackets, brace items).

use rustc_hash::FxHashMap;

use super::error::{LoopyError, LoopyParseError, LoopyParseErrorKind, MAX_LOOPY_NESTING};
use super::graph::{Builder, LoopyGame};
use crate::budget::Budget;
use crate::partizan::notation::scan::{
    brace_items, nested, parenthesised, Item, Operator, Placed, Reader, Scanner, Sign,
};
use crate::partizan::{GameId, GameStore, ParseError, ParseErrorKind, Side, ValueError};

/// What the work is called in budget errors.
const WORK: &str = "reading a loopy game";

/// What an operand stands for: a position whose braces are closed, or a reference to one
/// still open (`pass`, or a name), which only an option may be.
enum Val {
    Node(u32),
    Pass,
    Name(u32, String),
}

/// A brace group being read: its position, and its name if it has one.
struct Open {
    node: u32,
    name: Option<String>,
}

impl LoopyGame {
    /// Reads a loopy game: the short games' notation (`3/4`, `^*`, `{1|*}`, `+-1`,
    /// `Tiny(2)`), the constants `on`, `off`, `over`, `under`, `upon`, `dud`, `pass` (a
    /// move back to the game in the braces around it), named positions `a{0|a}` (or
    /// `a:{0|a}`) that options inside refer back to, sums, differences and negatives. The
    /// game is built within `budget` (positions, memory: a sum's positions are the pairs of
    /// its parts'). An error names the column. O(length) besides the sums.
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::LoopyGame;
    ///
    /// let budget = Budget::default();
    /// let over = LoopyGame::parse("a{0|a}", &budget).unwrap();
    /// assert_eq!(over, LoopyGame::parse("{0|pass}", &budget).unwrap());
    /// let e = LoopyGame::parse("{0|b}", &budget).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "column 4: unknown name 'b': a name refers to an enclosing 'b{…}' or 'b:{…}'"
    /// );
    /// ```
    pub fn parse(text: &str, budget: &Budget) -> Result<LoopyGame, LoopyError> {
        let mut p = Parser {
            s: Scanner::new(text, MAX_LOOPY_NESTING),
            built: Builder::new(budget, WORK),
            store: GameStore::with_budget(budget.clone()),
            short: FxHashMap::default(),
            open: Vec::new(),
        };
        let at = p.s.pos;
        let v = p.expression()?;
        p.s.skip_spaces();
        if !p.s.at_end() {
            return Err(p.s.expected("an operator ('+', '-') or the end").into());
        }
        let node = p.node_of(at, v)?;
        Ok(p.built.game(node))
    }
}

struct Parser<'a> {
    s: Scanner<'a>,
    built: Builder<'a>,
    store: GameStore,
    /// The position of each short game already built.
    short: FxHashMap<GameId, u32>,
    /// The brace groups being read, outermost first.
    open: Vec<Open>,
}

impl<'a> Reader<'a> for Parser<'a> {
    type Value = Val;
    type Error = LoopyError;

    fn scanner(&mut self) -> &mut Scanner<'a> {
        &mut self.s
    }

    /// `operand (('+' | '-' | '+-') operand)*`.
    fn expression(&mut self) -> Result<Val, LoopyError> {
        let mut acc = self.operand()?;
        while let Some((operator, at)) = self.s.operator() {
            let first = self.node_of(at, acc)?;
            let rhs_at = self.s.pos;
            let rhs = self.operand()?;
            let rhs = self.node_of(rhs_at, rhs)?;
            let rhs = match operator {
                Operator::Plus => rhs,
                Operator::Minus => self.negate(rhs)?,
                Operator::PlusMinus => self.switch(rhs)?,
            };
            acc = Val::Node(self.sum(first, rhs)?);
        }
        Ok(acc)
    }

    fn too_deep(&self, pos: usize) -> LoopyError {
        self.error_at(pos, LoopyParseErrorKind::TooDeep)
    }
}

impl Parser<'_> {
    fn error_at(&self, pos: usize, kind: LoopyParseErrorKind) -> LoopyError {
        LoopyError::Parse(LoopyParseError {
            column: self.s.column_at(pos),
            kind,
        })
    }

    fn value_error(&self, pos: usize, e: ValueError) -> LoopyError {
        match e {
            ValueError::Budget(e) => LoopyError::Budget(e),
            e => self.s.error_at(pos, ParseErrorKind::Value(e)).into(),
        }
    }

    /// Prefix signs (`-`, `+`, `+-`, applied from the inside out) and an atom.
    fn operand(&mut self) -> Result<Val, LoopyError> {
        let mut signs = self.s.signs();
        let mut v = self.atom()?;
        while let Some((sign, sign_at)) = signs.pop() {
            let node = self.node_of(sign_at, v)?;
            v = Val::Node(match sign {
                Sign::PlusMinus => self.switch(node)?,
                Sign::Minus => self.negate(node)?,
            });
        }
        Ok(v)
    }

    /// A short game, a constant, `pass`, a name, braces, or parentheses.
    fn atom(&mut self) -> Result<Val, LoopyError> {
        let at = self.s.pos;
        let Some(c) = self.s.peek() else {
            return Err(self.s.expected("a game").into());
        };
        if c == '-' || c.is_ascii_digit() || c == '^' || c == '*' {
            return self.short_atom();
        }
        if c == '{' {
            return self.braces(None);
        }
        if c == '(' {
            return parenthesised(self, 1);
        }
        if !c.is_ascii_alphabetic() {
            return Err(self.s.expected("a game").into());
        }
        let text = self.s.text;
        let end = text[at..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(text.len(), |i| at + i);
        let word = &text[at..end];
        let downs = word.trim_end_matches(|c: char| c.is_ascii_digit());
        if downs.bytes().all(|b| b == b'v') || text[at..].starts_with("Tiny(") {
            return self.short_atom();
        }
        if text[at..].starts_with("Miny(") {
            return self.short_atom();
        }
        self.s.pos = end;
        let constant = |p: &mut Self, left: Option<u32>, right: Option<u32>, pass: Side| {
            let v = p.built.push(Vec::new(), Vec::new())?;
            let own = |o: Option<u32>| o.map_or(vec![v], |o| vec![o]);
            let (l, r) = match pass {
                Side::Left => (own(left), right.map_or(Vec::new(), |o| vec![o])),
                Side::Right => (left.map_or(Vec::new(), |o| vec![o]), own(right)),
            };
            p.built.set(v, l, r);
            Ok::<_, LoopyError>(Val::Node(v))
        };
        match word {
            "pass" if self.open.is_empty() => {
                Err(self.error_at(at, LoopyParseErrorKind::PassOutside))
            }
            "pass" => Ok(Val::Pass),
            "on" => constant(self, None, None, Side::Left),
            "off" => constant(self, None, None, Side::Right),
            "over" => {
                let zero = self.short_node(at, GameId::ZERO)?;
                constant(self, Some(zero), None, Side::Right)
            }
            "under" => {
                let zero = self.short_node(at, GameId::ZERO)?;
                constant(self, None, Some(zero), Side::Left)
            }
            "upon" => {
                let star = self.store.nimber(1);
                let star = self.short_node(at, star)?;
                constant(self, None, Some(star), Side::Left)
            }
            "dud" => {
                let v = self.built.push(Vec::new(), Vec::new())?;
                self.built.set(v, vec![v], vec![v]);
                Ok(Val::Node(v))
            }
            name => {
                let name = name.to_string();
                let rest = self.s.pos;
                self.s.skip_spaces();
                if self.s.starts_with(":") {
                    self.s.pos += 1;
                    self.s.skip_spaces();
                }
                if self.s.starts_with("{") {
                    if self.open.iter().any(|o| o.name.as_deref() == Some(&name)) {
                        return Err(self.error_at(at, LoopyParseErrorKind::NameTwice(name)));
                    }
                    return self.braces(Some(name));
                }
                self.s.pos = rest;
                match self
                    .open
                    .iter()
                    .rev()
                    .find(|o| o.name.as_deref() == Some(&name))
                {
                    Some(o) => Ok(Val::Name(o.node, name)),
                    None => Err(self.error_at(at, LoopyParseErrorKind::UnknownName(name))),
                }
            }
        }
    }

    /// A number with its suffixes, or a run of suffixes (`^`, `v3`, `*2`, `^<2>`,
    /// `Tiny(…)`), read by the short notation's reader.
    fn short_atom(&mut self) -> Result<Val, LoopyError> {
        let (text, at) = (self.s.text, self.s.pos);
        let bytes = text.as_bytes();
        let mut i = at + usize::from(bytes[at] == b'-');
        while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'/') {
            i += 1;
        }
        loop {
            let rest = &text[i..];
            if rest.starts_with("Tiny(") || rest.starts_with("Miny(") {
                let mut depth = 0usize;
                for (k, b) in rest.bytes().enumerate() {
                    match b {
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 && b == b')' {
                        i += k + 1;
                        break;
                    }
                }
                if depth > 0 {
                    i = text.len();
                }
            } else if i < bytes.len() && b"^v*<>[]0123456789".contains(&bytes[i]) {
                i += 1;
            } else {
                break;
            }
        }
        let g = self.store.parse(&text[at..i]).map_err(|e| ParseError {
            column: self.s.column_at(at) + e.column - 1,
            ..e
        })?;
        self.s.pos = i;
        Ok(Val::Node(self.short_node(at, g)?))
    }

    /// The position of the short game `g`, built with its followers the first time.
    fn short_node(&mut self, at: usize, g: GameId) -> Result<u32, LoopyError> {
        let mut stack = vec![g];
        while let Some(&x) = stack.last() {
            if self.short.contains_key(&x) {
                stack.pop();
                continue;
            }
            let l = self
                .store
                .left_options(x)
                .map_err(|e| self.value_error(at, e))?;
            let r = self
                .store
                .right_options(x)
                .map_err(|e| self.value_error(at, e))?;
            let missing: Vec<GameId> = l
                .iter()
                .chain(&r)
                .filter(|o| !self.short.contains_key(o))
                .copied()
                .collect();
            if missing.is_empty() {
                let ids = |list: &[GameId]| list.iter().map(|o| self.short[o]).collect();
                let (left, right) = (ids(&l), ids(&r));
                let node = self.built.push(left, right)?;
                self.short.insert(x, node);
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
        Ok(self.short[&g])
    }

    /// `{…}`, named `name` if given: items separated by commas and runs of slashes.
    fn braces(&mut self, name: Option<String>) -> Result<Val, LoopyError> {
        let at = self.s.pos;
        let (node, items) = nested(self, 1, |p| {
            let node = p.built.push(Vec::new(), Vec::new())?;
            p.open.push(Open { node, name });
            let items = brace_items(p)?;
            p.open.pop();
            Ok((node, items))
        })?;
        self.build(at, &items, node)?;
        Ok(Val::Node(node))
    }

    /// Sets the options of `target` from a sequence of items: split at the longest run of
    /// slashes, which must be alone at this level.
    fn build(&mut self, at: usize, items: &[Placed<Val>], target: u32) -> Result<(), LoopyError> {
        let Some(split) = self.s.split(items)? else {
            return Err(self.s.list_not_game(at).into());
        };
        let left = self.side(at, &items[..split], target)?;
        let right = self.side(at, &items[split + 1..], target)?;
        self.built.set(target, left, right);
        Ok(())
    }

    /// One side of a split: a game of its own if it holds slashes, else a list.
    fn side(
        &mut self,
        at: usize,
        items: &[Placed<Val>],
        target: u32,
    ) -> Result<Vec<u32>, LoopyError> {
        if items.iter().any(|(i, _)| matches!(i, Item::Slashes(_))) {
            let inner = self.built.push(Vec::new(), Vec::new())?;
            self.build(at, items, inner)?;
            return Ok(vec![inner]);
        }
        let mut games: Vec<u32> = Vec::with_capacity(items.len() / 2 + 1);
        for v in self.s.list(items)? {
            let node = match v {
                Val::Node(n) | Val::Name(n, _) => *n,
                Val::Pass => target,
            };
            if !games.contains(&node) {
                games.push(node);
            }
        }
        Ok(games)
    }

    /// The position `v` stands for, when it can take part in a sum: its braces closed, and
    /// no position still open reachable from it.
    fn node_of(&self, at: usize, v: Val) -> Result<u32, LoopyError> {
        let node = match v {
            Val::Node(n) => n,
            Val::Pass => {
                return Err(self.error_at(at, LoopyParseErrorKind::OpenReference("pass".into())))
            }
            Val::Name(_, name) => {
                return Err(self.error_at(at, LoopyParseErrorKind::OpenReference(name)))
            }
        };
        if self.open.is_empty() {
            return Ok(node);
        }
        let mut seen = FxHashMap::default();
        let mut stack = vec![node];
        seen.insert(node, ());
        while let Some(x) = stack.pop() {
            if let Some(o) = self.open.iter().find(|o| o.node == x) {
                let name = o.name.clone().unwrap_or_else(|| "pass".into());
                return Err(self.error_at(at, LoopyParseErrorKind::OpenReference(name)));
            }
            for side in [Side::Left, Side::Right] {
                for &w in self.built.options(x, side) {
                    if seen.insert(w, ()).is_none() {
                        stack.push(w);
                    }
                }
            }
        }
        Ok(node)
    }

    /// −G for the closed position `g`: its followers copied with the sides exchanged.
    fn negate(&mut self, g: u32) -> Result<u32, LoopyError> {
        let negative = self.built.game(g).negative();
        Ok(self.built.add(&negative)?)
    }

    /// ±G = {G | −G}.
    fn switch(&mut self, g: u32) -> Result<u32, LoopyError> {
        let minus = self.negate(g)?;
        Ok(self.built.push(vec![g], vec![minus])?)
    }

    /// G + H for closed positions.
    fn sum(&mut self, g: u32, h: u32) -> Result<u32, LoopyError> {
        let budget = self.built.budget();
        let sum = self.built.game(g).sum(&self.built.game(h), budget)?;
        Ok(self.built.add(&sum)?)
    }
}
