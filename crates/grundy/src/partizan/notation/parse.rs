//! Reading the notation (see the module above): a recursive descent that builds canonical
//! forms in the store as it goes, with the nesting of braces and parentheses bounded. The
//! lexical rules (signs, operators, brackets, brace items and their sides) are in `scan`,
//! which the loopy games' reader shares.

use super::super::error::ValueError;
use super::super::number::Dyadic;
use super::super::nus::Nus;
use super::super::store::{with_stack, GameId, GameStore};
use super::error::{ParseError, ParseErrorKind, MAX_NESTING};
use super::scan::{
    brace_items, multiple_at, nested, parenthesised, Operator, Placed, Reader, Scanner, Sign,
};

/// Texts nested up to this depth are read on the caller's stack.
const INLINE_NESTING: usize = 48;

/// Stack reserved per level of nesting on a reading thread: about 1.1 KiB measured in an
/// optimised build; an unoptimised build's frames are several times larger (`Tiny(` nested
/// 200 deep overflowed 8 KiB a level), so it reserves four times as much.
const STACK_PER_NESTING: usize = if cfg!(debug_assertions) { 32768 } else { 8192 };

/// What a brace group holds: a game, or (without any `|`) a bare list, which only `+-{…}`
/// accepts.
enum Braced {
    Game(GameId),
    List(Vec<GameId>),
}

struct Parser<'a> {
    store: &'a mut GameStore,
    s: Scanner<'a>,
}

impl GameStore {
    /// Reads a game in the notation of the [module](super) and returns its canonical form.
    /// O(length) besides the arithmetic of the game itself.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{1/2|2}").unwrap();
    /// assert_eq!(store.display(g), "1");
    /// let e = store.parse("{3|2|1}").unwrap_err();
    /// assert_eq!(e.to_string(), "column 5: ambiguous slashes: a run of 1 '|' appears twice at one level (use braces)");
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<GameId, ParseError> {
        let (nesting, column) = nesting(text);
        if nesting > MAX_NESTING {
            return Err(ParseError {
                column,
                kind: ParseErrorKind::TooDeep,
            });
        }
        if nesting <= INLINE_NESTING {
            return self.parse_here(text);
        }
        let stack = nesting * STACK_PER_NESTING + (1 << 20);
        with_stack(stack, || self.parse_here(text)).unwrap_or(Err(ParseError {
            column: 1,
            kind: ParseErrorKind::TooDeep,
        }))
    }

    fn parse_here(&mut self, text: &str) -> Result<GameId, ParseError> {
        let mut p = Parser {
            store: self,
            s: Scanner::new(text, MAX_NESTING),
        };
        let g = p.expression()?;
        p.s.skip_spaces();
        if !p.s.at_end() {
            return Err(p.s.expected("an operator ('+', '-', '+-') or the end"));
        }
        Ok(g)
    }
}

/// How deep the text nests (braces, parentheses, and runs of slashes, which nest the sides
/// of a brace group), and the column where it first passes [`MAX_NESTING`]. O(length).
fn nesting(text: &str) -> (usize, usize) {
    let (mut depth, mut deepest, mut run, mut column) = (0usize, 0usize, 0usize, 1);
    for (i, c) in text.chars().enumerate() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        run = if c == '|' { run + 1 } else { 0 };
        let here = depth + run;
        if here > deepest {
            deepest = here;
            if deepest == MAX_NESTING + 1 {
                column = i + 1;
            }
        }
    }
    (deepest, column)
}

impl<'a> Reader<'a> for Parser<'a> {
    type Value = GameId;
    type Error = ParseError;

    fn scanner(&mut self) -> &mut Scanner<'a> {
        &mut self.s
    }

    /// `operand (('+' | '-' | '+-') operand)*`.
    fn expression(&mut self) -> Result<GameId, ParseError> {
        let mut acc = self.operand()?;
        while let Some((operator, at)) = self.s.operator() {
            let rhs = self.operand()?;
            let r = match operator {
                Operator::PlusMinus => {
                    let switch = self.switch_of(at, &[rhs])?;
                    self.store.sum(acc, switch)
                }
                Operator::Plus => self.store.sum(acc, rhs),
                Operator::Minus => self.store.sub(acc, rhs),
            };
            acc = self.value(at, r)?;
        }
        Ok(acc)
    }

    fn too_deep(&self, pos: usize) -> ParseError {
        self.s.error_at(pos, ParseErrorKind::TooDeep)
    }
}

impl Parser<'_> {
    /// Wraps an arithmetic error with the column where the operand began.
    fn value<T>(&self, at: usize, r: Result<T, ValueError>) -> Result<T, ParseError> {
        r.map_err(|e| self.s.error_at(at, ParseErrorKind::Value(e)))
    }

    /// `±{a, b, …} = {a, b, … | −a, −b, …}`.
    fn switch_of(&mut self, at: usize, left: &[GameId]) -> Result<GameId, ParseError> {
        let mut right = Vec::with_capacity(left.len());
        for &g in left {
            right.push({
                let r = self.store.neg(g);
                self.value(at, r)
            }?);
        }
        {
            let r = self.store.game(left, &right);
            self.value(at, r)
        }
    }

    /// Prefix signs (`-`, `+`, `+-`, applied from the inside out) and an atom.
    fn operand(&mut self) -> Result<GameId, ParseError> {
        let mut g = self.unary()?;
        loop {
            let before = self.s.pos;
            self.s.skip_spaces();
            if !self.s.starts_with(":") {
                self.s.pos = before;
                return Ok(g);
            }
            let at = self.s.pos;
            self.s.pos += 1;
            let h = self.unary()?;
            g = {
                let r = self.store.ordinal_sum(g, h);
                self.value(at, r)
            }?;
        }
    }

    fn unary(&mut self) -> Result<GameId, ParseError> {
        let mut signs = self.s.signs();
        let switch_list =
            matches!(signs.last(), Some((Sign::PlusMinus, _))) && self.s.starts_with("{");
        let mut g = if switch_list {
            let (_, at) = signs.pop().expect("checked above");
            match self.braces()? {
                Braced::Game(g) => self.switch_of(at, &[g])?,
                Braced::List(list) if !list.is_empty() => self.switch_of(at, &list)?,
                Braced::List(_) => {
                    return Err(self
                        .s
                        .mismatch(at, "a game or a list of games after '+-'", "'{}'"))
                }
            }
        } else {
            self.atom()?
        };
        while let Some((sign, at)) = signs.pop() {
            g = match sign {
                Sign::Minus => {
                    let r = self.store.neg(g);
                    self.value(at, r)
                }?,
                Sign::PlusMinus => self.switch_of(at, &[g])?,
            };
        }
        Ok(g)
    }

    /// A number with its suffixes, a run of suffixes, `{…}` or `(…)`.
    fn atom(&mut self) -> Result<GameId, ParseError> {
        let at = self.s.pos;
        let c = self.s.peek();
        if c == Some('-') || c.is_some_and(|c| c.is_ascii_digit()) {
            let x = self.number()?;
            let integer = !self.s.text[at..self.s.pos].contains('/');
            if let Some(after) = multiple_at(self.s.text, self.s.pos).filter(|_| integer) {
                let k = &self.s.text[at..self.s.pos];
                let k = k.parse::<i64>().map_err(|_| {
                    self.s
                        .error_at(at, ParseErrorKind::Value(ValueError::CountOverflow))
                })?;
                self.s.pos = after;
                let g = self.unary()?;
                return {
                    let r = self.store.multiple(g, k);
                    self.value(at, r)
                };
            }
            let g = self.store.number(x);
            return self.suffixes(g, false);
        }
        if self.at_suffix() {
            return self.suffixes(GameId::ZERO, true);
        }
        match c {
            Some('{') => match self.braces()? {
                Braced::Game(g) => Ok(g),
                Braced::List(_) => Err(self.s.list_not_game(at)),
            },
            Some('(') => parenthesised(self, 1),
            _ => Err(self.s.expected("a game")),
        }
    }

    /// `[-]digits[/digits]`.
    fn number(&mut self) -> Result<Dyadic, ParseError> {
        let at = self.s.pos;
        let bytes = self.s.text.as_bytes();
        let mut end = at + usize::from(bytes[at] == b'-');
        let digits = |mut i: usize| {
            while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            i
        };
        end = digits(end);
        if bytes.get(end) == Some(&b'/') && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
            end = digits(end + 1);
        }
        self.s.pos = end;
        self.s.text[at..end]
            .parse::<Dyadic>()
            .map_err(|e| self.s.error_at(at, ParseErrorKind::Number(e)))
    }

    fn at_suffix(&self) -> bool {
        matches!(self.s.peek(), Some('^' | 'v' | '*'))
            || self.s.starts_with("Tiny(")
            || self.s.starts_with("Miny(")
    }

    /// Adds the suffixes written right after `g` (ups, downs, stars, tinies, minies); at
    /// least one if `required`.
    fn suffixes(&mut self, mut g: GameId, required: bool) -> Result<GameId, ParseError> {
        if required && !self.at_suffix() {
            return Err(self.s.expected("a game"));
        }
        while self.at_suffix() {
            let start = self.s.pos;
            let part = self.suffix()?;
            g = {
                let r = self.store.sum(g, part);
                self.value(start, r)
            }?;
        }
        Ok(g)
    }

    /// One of `^`, `^^…`, `^n`, `^<n>`, `^[n]`, the same with `v`, `*`, `*n`, `Tiny(G)`,
    /// `Miny(G)`.
    fn suffix(&mut self) -> Result<GameId, ParseError> {
        let at = self.s.pos;
        if self.s.starts_with("Tiny(") || self.s.starts_with("Miny(") {
            let tiny = self.s.starts_with("Tiny(");
            let sub = parenthesised(self, 5)?;
            return {
                let r = tiny_or_miny(self.store, sub, tiny);
                self.value(at, r)
            };
        }
        let c = self.s.peek().expect("at a suffix");
        self.s.pos += 1;
        if c == '*' {
            let n = self.count()?.unwrap_or(1);
            let n = u32::try_from(n).map_err(|_| {
                self.s.error_at(
                    at,
                    ParseErrorKind::Value(ValueError::TooDeep {
                        depth: n,
                        limit: super::super::store::MAX_DEPTH,
                    }),
                )
            })?;
            return {
                let r = self
                    .store
                    .nus_game(Nus::new(Dyadic::ZERO, 0, n).expect("no ups"));
                self.value(at, r)
            };
        }
        let up = c == '^';
        let run = 1 + self.s.run_of(c);
        let game = if run == 1 && (self.s.starts_with("<") || self.s.starts_with("[")) {
            let nth = self.s.starts_with("<");
            self.s.pos += 1;
            let n = self.count()?.ok_or_else(|| self.s.expected("a number"))?;
            let close = if nth { ">" } else { "]" };
            if !self.s.starts_with(close) {
                return Err(self.s.expected(if nth { "'>'" } else { "']'" }));
            }
            self.s.pos += 1;
            let n = u32::try_from(n).map_err(|_| {
                self.s
                    .error_at(at, ParseErrorKind::Value(ValueError::UpsOverflow))
            })?;
            let power = if nth {
                self.store.up_power(n)
            } else {
                self.store.up_power_to(n)
            };
            self.value(at, power)?
        } else {
            let n = if run == 1 {
                self.count()?.unwrap_or(1)
            } else {
                run as u64
            };
            let n = i32::try_from(n).map_err(|_| {
                self.s
                    .error_at(at, ParseErrorKind::Value(ValueError::UpsOverflow))
            })?;
            let ups = if up { n } else { -n };
            let value = self.value(at, Nus::new(Dyadic::ZERO, ups, 0))?;
            {
                let r = self.store.nus_game(value);
                self.value(at, r)
            }?
        };
        if up {
            Ok(game)
        } else if run == 1 && matches!(self.s.text.as_bytes().get(at + 1), Some(b'<' | b'[')) {
            {
                let r = self.store.neg(game);
                self.value(at, r)
            }
        } else {
            Ok(game)
        }
    }

    /// Decimal digits right here, if any.
    fn count(&mut self) -> Result<Option<u64>, ParseError> {
        let at = self.s.pos;
        while self.s.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.s.pos += 1;
        }
        if at == self.s.pos {
            return Ok(None);
        }
        self.s.text[at..self.s.pos]
            .parse::<u64>()
            .map(Some)
            .map_err(|_| {
                self.s
                    .error_at(at, ParseErrorKind::Value(ValueError::UpsOverflow))
            })
    }

    /// `{…}`: items separated by commas and runs of slashes.
    fn braces(&mut self) -> Result<Braced, ParseError> {
        let items = nested(self, 1, brace_items)?;
        self.build(&items)
    }

    /// The game (or bare list) that a sequence of items stands for: split at the longest run
    /// of slashes, which must be alone at this level.
    fn build(&mut self, items: &[Placed<GameId>]) -> Result<Braced, ParseError> {
        let Some(split) = self.s.split(items)? else {
            let list = self.s.list(items)?;
            return Ok(Braced::List(list.into_iter().copied().collect()));
        };
        let left = self.side(&items[..split])?;
        let right = self.side(&items[split + 1..])?;
        let at = items[split].1;
        Ok(Braced::Game({
            let r = self.store.game(&left, &right);
            self.value(at, r)
        }?))
    }

    /// One side of a split: a single game if it holds slashes, else a list.
    fn side(&mut self, items: &[Placed<GameId>]) -> Result<Vec<GameId>, ParseError> {
        match self.build(items)? {
            Braced::Game(g) => Ok(vec![g]),
            Braced::List(list) => Ok(list),
        }
    }
}

/// `Tiny(G) = {0 || 0 | −G}` or `Miny(G) = {G | 0 || 0}`.
fn tiny_or_miny(store: &mut GameStore, g: GameId, tiny: bool) -> Result<GameId, ValueError> {
    let zero = GameId::ZERO;
    if tiny {
        let minus_g = store.neg(g)?;
        let inner = store.game(&[zero], &[minus_g])?;
        store.game(&[zero], &[inner])
    } else {
        let inner = store.game(&[g], &[zero])?;
        store.game(&[inner], &[zero])
    }
}
