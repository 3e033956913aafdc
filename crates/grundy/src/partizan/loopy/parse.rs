//! Reading loopy games in the notation CGSuite reads (see the [module](super)): a recursive
//! descent that builds the graph as it goes, short games read by the short notation's reader,
//! on the scanner the two readers share (signs, operators, brackets, brace items).

use rustc_hash::FxHashMap;

use super::error::MAX_MULTIPLE;
use super::error::{LoopyError, LoopyParseError, LoopyParseErrorKind, MAX_LOOPY_NESTING};
use super::form::Stopper;
use super::graph::{Builder, LoopyGame};
use super::sides::{offside, onside, Sides};
use super::stopper::is_stopper;
use crate::budget::Budget;
use crate::partizan::notation::scan::{
    brace_items, multiple_at, nested, parenthesised, Item, Operator, Placed, Reader, Scanner, Sign,
};
use crate::partizan::{GameId, GameStore, ParseError, ParseErrorKind, Side, ValueError};

/// What the work is called in budget errors.
const WORK: &str = "reading a loopy game";
/// The most positions a multiple of a game that is not a stopper is built with, raw; a
/// larger one is added up by its sides.
const SIDED_MULTIPLE: u64 = 256;

/// What an operand stands for: a position whose braces are closed, or a reference to one
/// still open (`pass`, or a name), which only an option may be.
enum Val {
    Node(u32),
    /// A sided value `S & T`: the position of its onside's game and of its offside's. Every
    /// operation is done on both (the sides of a sum are the upsum and downsum of the sides,
    /// the sides of `{A | B}` those of `{A⁺ | B⁺}` and `{A⁻ | B⁻}`).
    Sided(u32, u32),
    Pass,
    Name(u32, String),
}

/// An option as a brace group lists it.
enum Option_ {
    Node(u32),
    Sided(u32, u32),
    Pass,
    Name(u32, String),
}

impl Val {
    /// The pair of a game or a sided value (a reference is its own position).
    fn pair(self) -> (u32, u32) {
        match self {
            Val::Sided(on, off) => (on, off),
            Val::Node(n) | Val::Name(n, _) => (n, n),
            Val::Pass => unreachable!("a pair is made of closed positions"),
        }
    }
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
        match read(text, budget)? {
            Read::Game(game) => Ok(game),
            Read::Sided { column, .. } => Err(LoopyError::Parse(LoopyParseError {
                column,
                kind: LoopyParseErrorKind::SidedValue,
            })),
        }
    }
}

impl Sides {
    /// Reads a value in the notation of [`LoopyGame::parse`], or a sided value `S & T`
    /// (CGSuite's notation: the onside S, the offside T, S ≥ T, any games written in the
    /// notation, `{2&-2|1&-2}` too, whose sides are `{2|1}` and `{-2|-2}`), and gives its
    /// sides. Within `budget` (see [`Sides::of`]); an error names the column of a mistake, or
    /// says that the onside read is not at least the offside.
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::Sides;
    ///
    /// let budget = Budget::default();
    /// let value = |text| Sides::parse(text, &budget).unwrap().to_string();
    /// assert_eq!(value("over & v"), "over & v");
    /// assert_eq!(value("{2&-2|1&-2}"), "{2|1} & -2*");
    /// assert_eq!(value("{pass|pass}"), "dud");
    /// ```
    pub fn parse(text: &str, budget: &Budget) -> Result<Sides, LoopyError> {
        match read(text, budget)? {
            Read::Game(game) => Sides::of(&game, budget),
            Read::Sided {
                onside: on,
                offside: off,
                ..
            } => {
                let (up, down) = (onside(&on, budget)?, offside(&off, budget)?);
                if !down.leq(&up, budget)? {
                    return Err(LoopyError::SidesOrder {
                        onside: up.to_string(),
                        offside: down.to_string(),
                    });
                }
                Ok(Sides::from_sides(up, down))
            }
        }
    }
}

/// What a text reads as: a game, or a sided value `S & T` given by a game for its onside and
/// one for its offside (with the column of its first `&`).
pub(crate) enum Read {
    Game(LoopyGame),
    Sided {
        onside: LoopyGame,
        offside: LoopyGame,
        column: usize,
    },
}

/// Reads `text` (see [`LoopyGame::parse`]), `S & T` included, within `budget`. O(length)
/// besides the sums, multiples and sides.
pub(crate) fn read(text: &str, budget: &Budget) -> Result<Read, LoopyError> {
    let mut p = Parser {
        s: Scanner::new(text, MAX_LOOPY_NESTING),
        built: Builder::new(budget, WORK),
        store: GameStore::with_budget(budget.clone()),
        short: FxHashMap::default(),
        open: Vec::new(),
        ampersand: None,
    };
    let at = p.s.pos;
    let v = p.expression()?;
    p.s.skip_spaces();
    if !p.s.at_end() {
        return Err(p
            .s
            .expected("an operator ('+', '-', '&') or the end")
            .into());
    }
    match p.pair_of(at, v)? {
        (on, off) if on == off => Ok(Read::Game(p.built.game(on))),
        (on, off) => Ok(Read::Sided {
            onside: p.built.game(on),
            offside: p.built.game(off),
            column: p.s.column_at(p.ampersand.unwrap_or(0)),
        }),
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
    /// Where the first `&` is.
    ampersand: Option<usize>,
}

impl<'a> Reader<'a> for Parser<'a> {
    type Value = Val;
    type Error = LoopyError;

    fn scanner(&mut self) -> &mut Scanner<'a> {
        &mut self.s
    }

    /// `sum ('&' sum)?`: a game, or a sided value, its onside the first sum's and its offside
    /// the second's.
    fn expression(&mut self) -> Result<Val, LoopyError> {
        let at = self.s.pos;
        let onside = self.sum_expression()?;
        self.s.skip_spaces();
        if !self.s.starts_with("&") {
            return Ok(onside);
        }
        let amp = self.s.pos;
        self.ampersand.get_or_insert(amp);
        self.s.pos += 1;
        let rhs_at = self.s.pos;
        let offside = self.sum_expression()?;
        let (on, _) = self.pair_of(at, onside)?;
        let (_, off) = self.pair_of(rhs_at, offside)?;
        Ok(pair(on, off))
    }

    fn too_deep(&self, pos: usize) -> LoopyError {
        self.error_at(pos, LoopyParseErrorKind::TooDeep)
    }
}

/// The value of a pair of positions: one game if they are the same.
fn pair(on: u32, off: u32) -> Val {
    if on == off {
        Val::Node(on)
    } else {
        Val::Sided(on, off)
    }
}

impl Parser<'_> {
    /// `operand (('+' | '-' | '+-') operand)*`.
    fn sum_expression(&mut self) -> Result<Val, LoopyError> {
        let mut acc = self.operand()?;
        loop {
            self.s.skip_spaces();
            let Some((operator, at)) = self.s.operator() else {
                break;
            };
            let first = self.pair_of(at, acc)?;
            let rhs_at = self.s.pos;
            let rhs = self.operand()?;
            let rhs = self.pair_of(rhs_at, rhs)?;
            let rhs = match operator {
                Operator::Plus => rhs,
                Operator::Minus => self.negate_pair(rhs)?.pair(),
                Operator::PlusMinus => self.switch_pair(rhs)?.pair(),
            };
            acc = self.sum_pair(first, rhs)?;
        }
        Ok(acc)
    }

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

    /// `unary (':' unary)*`: ordinal sums, left to right.
    fn operand(&mut self) -> Result<Val, LoopyError> {
        let at = self.s.pos;
        let mut v = self.unary()?;
        loop {
            let before = self.s.pos;
            self.s.skip_spaces();
            if !self.s.starts_with(":") {
                self.s.pos = before;
                return Ok(v);
            }
            self.s.pos += 1;
            let base = self.node_of(at, v)?;
            let rhs_at = self.s.pos;
            let rhs = self.unary()?;
            let rhs = self.node_of(rhs_at, rhs)?;
            v = Val::Node(self.ordinal(base, rhs)?);
        }
    }

    /// Prefix signs (`-`, `+`, `+-`, applied from the inside out) and an atom.
    fn unary(&mut self) -> Result<Val, LoopyError> {
        let mut signs = self.s.signs();
        let switch_list =
            matches!(signs.last(), Some((Sign::PlusMinus, _))) && self.s.starts_with("{");
        let mut v = if switch_list {
            let (_, at) = signs.pop().expect("checked above");
            self.switch_list(at)?
        } else {
            self.atom()?
        };
        while let Some((sign, sign_at)) = signs.pop() {
            let p = self.pair_of(sign_at, v)?;
            v = match sign {
                Sign::PlusMinus => self.switch_pair(p)?,
                Sign::Minus => self.negate_pair(p)?,
            };
        }
        Ok(v)
    }

    /// `+-{A, B, …}` = `{A, B, … | −A, −B, …}`, or `+-G` for braces `G` with slashes.
    fn switch_list(&mut self, at: usize) -> Result<Val, LoopyError> {
        let open = self.s.pos;
        let (node, items) = nested(self, 1, |p| {
            let node = p.built.push(Vec::new(), Vec::new())?;
            p.open.push(Open { node, name: None });
            let items = brace_items(p)?;
            p.open.pop();
            Ok((node, items))
        })?;
        if self.s.split(&items)?.is_some() {
            let g = self.build(open, &items, node)?;
            let g = self.pair_of(open, g)?;
            return self.switch_pair(g);
        }
        self.s.list(&items)?;
        let mut left = Vec::new();
        for (item, item_at) in items {
            if let Item::Game(v) = item {
                left.push(self.node_of(item_at, v)?);
            }
        }
        if left.is_empty() {
            return Err(self
                .s
                .mismatch(at, "a game or a list of games after '+-'", "'{}'")
                .into());
        }
        let mut right = Vec::with_capacity(left.len());
        for &g in &left {
            right.push(self.negate(g)?);
        }
        Ok(Val::Node(self.built.push(left, right)?))
    }

    /// A short game, a constant, `pass`, a name, braces, or parentheses.
    fn atom(&mut self) -> Result<Val, LoopyError> {
        let at = self.s.pos;
        let Some(c) = self.s.peek() else {
            return Err(self.s.expected("a game").into());
        };
        if c == '-' || c.is_ascii_digit() || c == '^' || c == '*' {
            return self.juxtaposed();
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
        if downs.bytes().all(|b| b == b'v')
            || text[at..].starts_with("Tiny(")
            || text[at..].starts_with("Miny(")
        {
            return self.juxtaposed();
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

    /// Parts written together without spaces, which add up: a number, the short notation's
    /// suffixes (`^`, `v3`, `*2`, `^<2>`), and the loopy ones, `over`, `under` (after a
    /// number: `5over`), `^[on]` and `v[on]` (upon, `{pass|*}`, and its negative), `^<on>` and
    /// `v<on>` (uponth, `{0||0|0,pass}`), `Tiny(G)` and `Miny(G)` of any game G; or, after an
    /// integer, `* G` for the integer multiple (`3*{1|0}`, `10*upon`, `2 * 3`).
    fn juxtaposed(&mut self) -> Result<Val, LoopyError> {
        let (text, at) = (self.s.text, self.s.pos);
        let bytes = text.as_bytes();
        let mut i = at + usize::from(bytes[at] == b'-');
        let digits = i;
        while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'/') {
            i += 1;
        }
        if i > digits && !text[digits..i].contains('/') {
            if let Some(after) = multiple_at(text, i) {
                let k = &text[at..i];
                self.s.pos = after;
                let g_at = self.s.pos;
                let g = self.unary()?;
                return self.multiple(at, k, g_at, g);
            }
        }
        let mut parts: Vec<(usize, u32)> = Vec::new();
        let mut short_from = at;
        loop {
            let rest = &text[i..];
            let word_end = |w: &str| {
                rest.starts_with(w)
                    && !rest[w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
            };
            let loopy = ["^[on]", "v[on]", "^<on>", "v<on>"]
                .iter()
                .position(|w| rest.starts_with(w))
                .map(|k| (k, 5))
                .or_else(|| word_end("over").then_some((4, 4)))
                .or_else(|| word_end("under").then_some((5, 5)));
            if let Some((kind, length)) = loopy {
                self.short_part(short_from, i, &mut parts)?;
                let node = self.named_constant(i, kind)?;
                parts.push((i, node));
                i += length;
                short_from = i;
            } else if rest.starts_with("Tiny(") || rest.starts_with("Miny(") {
                self.short_part(short_from, i, &mut parts)?;
                self.s.pos = i;
                let inner = parenthesised(self, 5)?;
                let g = self.node_of(i + 5, inner)?;
                let node = self.tiny(i, g, rest.starts_with("Tiny("))?;
                parts.push((i, node));
                i = self.s.pos;
                short_from = i;
            } else if i < bytes.len() && b"^v*<>[]0123456789".contains(&bytes[i]) {
                i += 1;
            } else {
                break;
            }
        }
        self.short_part(short_from, i, &mut parts)?;
        self.s.pos = i;
        let mut acc: Option<u32> = None;
        for (_, node) in parts {
            acc = Some(match acc {
                None => node,
                Some(a) => self.sum(a, node)?,
            });
        }
        match acc {
            Some(node) => Ok(Val::Node(node)),
            None => Err(self.s.expected("a game").into()),
        }
    }

    /// The short game written from `from` to `to`, if any, read by the short notation's
    /// reader and added to `parts`.
    fn short_part(
        &mut self,
        from: usize,
        to: usize,
        parts: &mut Vec<(usize, u32)>,
    ) -> Result<(), LoopyError> {
        if from == to {
            return Ok(());
        }
        let text = self.s.text;
        let g = self.store.parse(&text[from..to]).map_err(|e| ParseError {
            column: self.s.column_at(from) + e.column - 1,
            ..e
        })?;
        parts.push((from, self.short_node(from, g)?));
        Ok(())
    }

    /// The position of `^[on]`, `v[on]`, `^<on>`, `v<on>`, `over` or `under` (`kind` 0 to 5).
    fn named_constant(&mut self, at: usize, kind: usize) -> Result<u32, LoopyError> {
        let zero = self.short_node(at, GameId::ZERO)?;
        let node = match kind {
            0 | 1 => {
                let star = self.store.nimber(1);
                let star = self.short_node(at, star)?;
                let v = self.built.push(Vec::new(), vec![star])?;
                self.built.set(v, vec![v], vec![star]);
                v
            }
            2 | 3 => {
                let inner = self.built.push(Vec::new(), Vec::new())?;
                self.built.set(inner, vec![zero], vec![zero, inner]);
                self.built.push(vec![zero], vec![inner])?
            }
            _ => {
                let v = self.built.push(Vec::new(), Vec::new())?;
                self.built.set(v, vec![zero], vec![v]);
                v
            }
        };
        if kind % 2 == 1 && kind < 4 || kind == 5 {
            return self.negate(node);
        }
        Ok(node)
    }

    /// `Tiny(G) = {0 || 0 | −G}` or `Miny(G) = {G | 0 || 0}` of the closed position `g`.
    fn tiny(&mut self, at: usize, g: u32, tiny: bool) -> Result<u32, LoopyError> {
        let zero = self.short_node(at, GameId::ZERO)?;
        Ok(if tiny {
            let minus = self.negate(g)?;
            let inner = self.built.push(vec![zero], vec![minus])?;
            self.built.push(vec![zero], vec![inner])?
        } else {
            let inner = self.built.push(vec![g], vec![zero])?;
            self.built.push(vec![inner], vec![zero])?
        })
    }

    /// `k * G` for the integer `k` written at `at`: |k| copies of G (of −G for k < 0) added
    /// one at a time, each partial sum of a stopper simplified (of a sided value, its sides
    /// taken), so that the positions grow with the value, not as a power of G's. Within the
    /// budget; at most [`MAX_MULTIPLE`] copies.
    fn multiple(&mut self, at: usize, k: &str, g_at: usize, g: Val) -> Result<Val, LoopyError> {
        let too_many = || LoopyParseErrorKind::Multiplier(k.to_string());
        let copies = k
            .trim_start_matches('-')
            .parse::<u64>()
            .ok()
            .filter(|&n| n <= MAX_MULTIPLE)
            .ok_or_else(|| self.error_at(at, too_many()))?;
        let (mut on, mut off) = self.pair_of(g_at, g)?;
        if k.starts_with('-') {
            (on, off) = self.negate_pair((on, off))?.pair();
        }
        if copies == 0 {
            return Ok(Val::Node(self.short_node(at, GameId::ZERO)?));
        }
        let budget = self.built.budget();
        // A game that is not a stopper is added up raw while the sum stays small (its
        // positions are a power of the game's); past that, by its sides.
        let positions = (self.built.game(on).len() as u64).saturating_pow(copies.min(64) as u32);
        if on == off && positions > SIDED_MULTIPLE && !is_stopper(&self.built.game(on)) {
            let game = self.built.game(on);
            on = self.built.add(onside(&game, budget)?.game())?;
            off = self.built.add(offside(&game, budget)?.game())?;
        }
        let sided = on != off;
        let (one_on, one_off) = (on, off);
        for done in 1..copies {
            budget.check_time(WORK, done)?;
            on = self.sum(on, one_on)?;
            if sided {
                off = self.sum(off, one_off)?;
                let up = onside(&self.built.game(on), budget)?;
                on = self.built.add(up.game())?;
                let down = offside(&self.built.game(off), budget)?;
                off = self.built.add(down.game())?;
            } else {
                let sum = self.built.game(on);
                if is_stopper(&sum) {
                    on = self.built.add(Stopper::new(&sum, budget)?.game())?;
                }
                off = on;
            }
        }
        Ok(pair(on, off))
    }

    /// The ordinal sum `G : H` of the closed positions `g` and `h`: a copy of H's positions,
    /// each with G's options besides its own (the base's options are kept, the subordinate's
    /// lead to their copies). O(positions of H reached).
    fn ordinal(&mut self, g: u32, h: u32) -> Result<u32, LoopyError> {
        let base = [
            self.built.options(g, Side::Left).to_vec(),
            self.built.options(g, Side::Right).to_vec(),
        ];
        let mut copy: FxHashMap<u32, u32> = FxHashMap::default();
        let mut order = vec![h];
        copy.insert(h, self.built.push(Vec::new(), Vec::new())?);
        let mut next = 0;
        while next < order.len() {
            let x = order[next];
            next += 1;
            let mut lists: [Vec<u32>; 2] = [base[0].clone(), base[1].clone()];
            for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                for w in self.built.options(x, side).to_vec() {
                    let c = match copy.get(&w) {
                        Some(&c) => c,
                        None => {
                            let c = self.built.push(Vec::new(), Vec::new())?;
                            copy.insert(w, c);
                            order.push(w);
                            c
                        }
                    };
                    if !lists[k].contains(&c) {
                        lists[k].push(c);
                    }
                }
            }
            let [l, r] = lists;
            self.built.set(copy[&x], l, r);
        }
        Ok(copy[&h])
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
        self.build(at, &items, node)
    }

    /// Sets the options of `target` from a sequence of items: split at the longest run of
    /// slashes, which must be alone at this level. With a sided value among the options, the
    /// value is sided too: `target` holds the onsides' options, a second position the
    /// offsides'.
    fn build(&mut self, at: usize, items: &[Placed<Val>], target: u32) -> Result<Val, LoopyError> {
        let Some(split) = self.s.split(items)? else {
            return Err(self.s.list_not_game(at).into());
        };
        let left = self.side(at, &items[..split])?;
        let right = self.side(at, &items[split + 1..])?;
        let all = || left.iter().chain(&right);
        if !all().any(|o| matches!(o, Option_::Sided(..))) {
            let ids = |list: &[Option_]| {
                let mut ids: Vec<u32> = Vec::with_capacity(list.len());
                for o in list {
                    let id = match o {
                        Option_::Pass => target,
                        Option_::Node(n) | Option_::Name(n, _) | Option_::Sided(n, _) => *n,
                    };
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                ids
            };
            let (l, r) = (ids(&left), ids(&right));
            self.built.set(target, l, r);
            return Ok(Val::Node(target));
        }
        if let Some(Option_::Name(_, name)) = all().find(|o| matches!(o, Option_::Name(..))) {
            let kind = LoopyParseErrorKind::SidedReference(name.clone());
            return Err(self.error_at(at, kind));
        }
        let twin = self.built.push(Vec::new(), Vec::new())?;
        for (own, onside) in [(target, true), (twin, false)] {
            let ids = |list: &[Option_]| {
                let mut ids: Vec<u32> = Vec::with_capacity(list.len());
                for o in list {
                    let id = match *o {
                        Option_::Pass => own,
                        Option_::Node(n) | Option_::Name(n, _) => n,
                        Option_::Sided(on, off) => {
                            if onside {
                                on
                            } else {
                                off
                            }
                        }
                    };
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                ids
            };
            let (l, r) = (ids(&left), ids(&right));
            self.built.set(own, l, r);
        }
        Ok(Val::Sided(target, twin))
    }

    /// One side of a split: a game of its own if it holds slashes, else a list.
    fn side(&mut self, at: usize, items: &[Placed<Val>]) -> Result<Vec<Option_>, LoopyError> {
        if items.iter().any(|(i, _)| matches!(i, Item::Slashes(_))) {
            let inner = self.built.push(Vec::new(), Vec::new())?;
            return Ok(vec![match self.build(at, items, inner)? {
                Val::Sided(on, off) => Option_::Sided(on, off),
                _ => Option_::Node(inner),
            }]);
        }
        Ok(self
            .s
            .list(items)?
            .into_iter()
            .map(|v| match v {
                Val::Node(n) => Option_::Node(*n),
                Val::Sided(on, off) => Option_::Sided(*on, *off),
                Val::Pass => Option_::Pass,
                Val::Name(n, name) => Option_::Name(*n, name.clone()),
            })
            .collect())
    }

    /// The pair of positions (onside's, offside's) `v` stands for, closed: a game is its own
    /// pair.
    fn pair_of(&self, at: usize, v: Val) -> Result<(u32, u32), LoopyError> {
        match v {
            Val::Sided(on, off) => Ok((on, off)),
            v => {
                let node = self.node_of(at, v)?;
                Ok((node, node))
            }
        }
    }

    /// −(S & T) = −T & −S.
    fn negate_pair(&mut self, (on, off): (u32, u32)) -> Result<Val, LoopyError> {
        let minus_off = self.negate(off)?;
        if on == off {
            return Ok(Val::Node(minus_off));
        }
        let minus_on = self.negate(on)?;
        Ok(Val::Sided(minus_off, minus_on))
    }

    /// ±(S & T) = {S | −T} & {T | −S}.
    fn switch_pair(&mut self, (on, off): (u32, u32)) -> Result<Val, LoopyError> {
        if on == off {
            return Ok(Val::Node(self.switch(on)?));
        }
        let (minus_on, minus_off) = (self.negate(on)?, self.negate(off)?);
        let onside = self.built.push(vec![on], vec![minus_off])?;
        let offside = self.built.push(vec![off], vec![minus_on])?;
        Ok(Val::Sided(onside, offside))
    }

    /// (S & T) + (S' & T') = (S + S') & (T + T'), whose sides are the upsum and the downsum.
    fn sum_pair(&mut self, (a, b): (u32, u32), (c, d): (u32, u32)) -> Result<Val, LoopyError> {
        let on = self.sum(a, c)?;
        if a == b && c == d {
            return Ok(Val::Node(on));
        }
        let off = self.sum(b, d)?;
        Ok(Val::Sided(on, off))
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
            Val::Sided(..) => return Err(self.error_at(at, LoopyParseErrorKind::SidedValue)),
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
