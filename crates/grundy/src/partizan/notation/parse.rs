//! Reading the notation (see the module above): a recursive descent that builds canonical
//! forms in the store as it goes, with the nesting of braces and parentheses bounded.

use std::fmt;

use super::super::error::ValueError;
use super::super::number::{Dyadic, ParseDyadicError};
use super::super::nus::Nus;
use super::super::store::{with_stack, GameId, GameStore};

/// The deepest nesting of braces, parentheses, `Tiny(…)` and `Miny(…)` the reader accepts
/// (deep texts are read on a thread with a stack sized for them).
pub const MAX_NESTING: usize = 1 << 15;

/// Texts nested up to this depth are read on the caller's stack.
const INLINE_NESTING: usize = 48;

/// Stack reserved per level of nesting on a reading thread (about 1.1 KiB measured in an
/// optimised build, with a margin for unoptimised ones).
const STACK_PER_NESTING: usize = 8192;

/// Why a text is not a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Something else was expected here.
    Expected {
        /// What would have been understood.
        expected: &'static str,
        /// What is there instead (`end of input` at the end).
        found: String,
    },
    /// The longest run of slashes occurs more than once at one level, as in `{3|2|1}`.
    AmbiguousSlashes {
        /// The length of the run.
        run: usize,
    },
    /// Braces and parentheses nest deeper than [`MAX_NESTING`].
    TooDeep,
    /// A number is not a dyadic rational or is out of range.
    Number(ParseDyadicError),
    /// Building the game failed (a sum out of range, …).
    Value(ValueError),
}

/// A text that is not a game: where (1-based column, in characters) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// The column of the problem, counting characters from 1.
    pub column: usize,
    /// The problem.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        match &self.kind {
            ParseErrorKind::Expected { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ParseErrorKind::AmbiguousSlashes { run } => write!(
                f,
                "ambiguous slashes: a run of {run} '|' appears twice at one level (use braces)"
            ),
            ParseErrorKind::TooDeep => {
                write!(
                    f,
                    "braces and parentheses nest deeper than {MAX_NESTING} levels"
                )
            }
            ParseErrorKind::Number(e) => write!(f, "{e}"),
            ParseErrorKind::Value(e) => write!(f, "{e}"),
        }
    }
}

/// What a brace group holds: a game, or (without any `|`) a bare list, which only `+-{…}`
/// accepts.
enum Braced {
    Game(GameId),
    List(Vec<GameId>),
}

/// An item between the braces.
enum Item {
    Game(GameId),
    Comma,
    Slashes(usize),
}

struct Parser<'a> {
    store: &'a mut GameStore,
    text: &'a str,
    pos: usize,
    nesting: usize,
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
            text,
            pos: 0,
            nesting: 0,
        };
        let g = p.expression()?;
        p.skip_spaces();
        if p.pos < text.len() {
            return Err(p.expected("an operator ('+', '-', '+-') or the end"));
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

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn peek_at(&self, offset: usize) -> Option<u8> {
        self.text.as_bytes().get(self.pos + offset).copied()
    }

    fn starts_with(&self, s: &str) -> bool {
        self.text[self.pos..].starts_with(s)
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += self.peek().map_or(1, char::len_utf8);
        }
    }

    fn column_at(&self, pos: usize) -> usize {
        self.text[..pos].chars().count() + 1
    }

    fn error_at(&self, pos: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            column: self.column_at(pos),
            kind,
        }
    }

    fn expected(&self, expected: &'static str) -> ParseError {
        let found = match self.peek() {
            None => "end of input".to_string(),
            Some(c) => format!("'{c}'"),
        };
        self.error_at(self.pos, ParseErrorKind::Expected { expected, found })
    }

    /// Wraps an arithmetic error with the column where the operand began.
    fn value<T>(&self, at: usize, r: Result<T, ValueError>) -> Result<T, ParseError> {
        r.map_err(|e| self.error_at(at, ParseErrorKind::Value(e)))
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err(self.error_at(self.pos, ParseErrorKind::TooDeep));
        }
        Ok(())
    }

    /// `operand (('+' | '-' | '+-') operand)*`.
    fn expression(&mut self) -> Result<GameId, ParseError> {
        let mut acc = self.operand()?;
        loop {
            self.skip_spaces();
            let at = self.pos;
            if self.starts_with("+-") {
                self.pos += 2;
                let rhs = self.operand()?;
                let switch = self.switch_of(at, &[rhs])?;
                acc = {
                    let r = self.store.sum(acc, switch);
                    self.value(at, r)
                }?;
            } else if self.starts_with("+") {
                self.pos += 1;
                let rhs = self.operand()?;
                acc = {
                    let r = self.store.sum(acc, rhs);
                    self.value(at, r)
                }?;
            } else if self.starts_with("-") {
                self.pos += 1;
                let rhs = self.operand()?;
                acc = {
                    let r = self.store.sub(acc, rhs);
                    self.value(at, r)
                }?;
            } else {
                return Ok(acc);
            }
        }
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

    /// Prefix signs (`-`, `+`, `+-`, applied from the inside out) and an atom. Read in a loop,
    /// so a long run of signs costs no stack.
    fn operand(&mut self) -> Result<GameId, ParseError> {
        enum Sign {
            Minus,
            PlusMinus,
        }
        let mut signs = Vec::new();
        loop {
            self.skip_spaces();
            let at = self.pos;
            if self.starts_with("+-") {
                self.pos += 2;
                signs.push((Sign::PlusMinus, at));
            } else if self.starts_with("-") {
                if self.peek_at(1).is_some_and(|b| b.is_ascii_digit()) {
                    break;
                }
                self.pos += 1;
                signs.push((Sign::Minus, at));
            } else if self.starts_with("+") {
                self.pos += 1;
            } else {
                break;
            }
        }
        let switch_list =
            matches!(signs.last(), Some((Sign::PlusMinus, _))) && self.starts_with("{");
        let mut g = if switch_list {
            let (_, at) = signs.pop().expect("checked above");
            match self.braces()? {
                Braced::Game(g) => self.switch_of(at, &[g])?,
                Braced::List(list) if !list.is_empty() => self.switch_of(at, &list)?,
                Braced::List(_) => {
                    return Err(self.error_at(
                        at,
                        ParseErrorKind::Expected {
                            expected: "a game or a list of games after '+-'",
                            found: "'{}'".to_string(),
                        },
                    ))
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
        let at = self.pos;
        let c = self.peek();
        if c == Some('-') || c.is_some_and(|c| c.is_ascii_digit()) {
            let x = self.number()?;
            let g = self.store.number(x);
            return self.suffixes(g, false);
        }
        if self.at_suffix() {
            return self.suffixes(GameId::ZERO, true);
        }
        match c {
            Some('{') => match self.braces()? {
                Braced::Game(g) => Ok(g),
                Braced::List(_) => Err(self.error_at(
                    at,
                    ParseErrorKind::Expected {
                        expected: "a game: options separated by '|'",
                        found: "a list without '|'".to_string(),
                    },
                )),
            },
            Some('(') => {
                self.enter()?;
                self.pos += 1;
                let g = self.expression()?;
                self.skip_spaces();
                if !self.starts_with(")") {
                    return Err(self.expected("')'"));
                }
                self.pos += 1;
                self.nesting -= 1;
                Ok(g)
            }
            _ => Err(self.expected("a game")),
        }
    }

    /// `[-]digits[/digits]`.
    fn number(&mut self) -> Result<Dyadic, ParseError> {
        let at = self.pos;
        let bytes = self.text.as_bytes();
        let mut end = self.pos + usize::from(bytes[self.pos] == b'-');
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
        self.pos = end;
        self.text[at..end]
            .parse::<Dyadic>()
            .map_err(|e| self.error_at(at, ParseErrorKind::Number(e)))
    }

    fn at_suffix(&self) -> bool {
        matches!(self.peek(), Some('^' | 'v' | '*'))
            || self.starts_with("Tiny(")
            || self.starts_with("Miny(")
    }

    /// Adds the suffixes written right after `g` (ups, downs, stars, tinies, minies); at
    /// least one if `required`.
    fn suffixes(&mut self, mut g: GameId, required: bool) -> Result<GameId, ParseError> {
        if required && !self.at_suffix() {
            return Err(self.expected("a game"));
        }
        while self.at_suffix() {
            let start = self.pos;
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
        let at = self.pos;
        if self.starts_with("Tiny(") || self.starts_with("Miny(") {
            let tiny = self.starts_with("Tiny(");
            self.enter()?;
            self.pos += 5;
            let sub = self.expression()?;
            self.skip_spaces();
            if !self.starts_with(")") {
                return Err(self.expected("')'"));
            }
            self.pos += 1;
            self.nesting -= 1;
            return {
                let r = tiny_or_miny(self.store, sub, tiny);
                self.value(at, r)
            };
        }
        let c = self.peek().expect("at a suffix");
        self.pos += 1;
        if c == '*' {
            let n = self.count()?.unwrap_or(1);
            let n = u32::try_from(n).map_err(|_| {
                self.error_at(
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
        let mut run = 1;
        while self.peek() == Some(c) {
            self.pos += 1;
            run += 1;
        }
        let game = if run == 1 && (self.starts_with("<") || self.starts_with("[")) {
            let nth = self.starts_with("<");
            self.pos += 1;
            let n = self.count()?.ok_or_else(|| self.expected("a number"))?;
            let close = if nth { ">" } else { "]" };
            if !self.starts_with(close) {
                return Err(self.expected(if nth { "'>'" } else { "']'" }));
            }
            self.pos += 1;
            let n = u32::try_from(n)
                .map_err(|_| self.error_at(at, ParseErrorKind::Value(ValueError::UpsOverflow)))?;
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
                run
            };
            let n = i32::try_from(n)
                .map_err(|_| self.error_at(at, ParseErrorKind::Value(ValueError::UpsOverflow)))?;
            let ups = if up { n } else { -n };
            let value = self.value(at, Nus::new(Dyadic::ZERO, ups, 0))?;
            {
                let r = self.store.nus_game(value);
                self.value(at, r)
            }?
        };
        if up {
            Ok(game)
        } else if run == 1 && matches!(self.text.as_bytes().get(at + 1), Some(b'<' | b'[')) {
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
        let at = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if at == self.pos {
            return Ok(None);
        }
        self.text[at..self.pos]
            .parse::<u64>()
            .map(Some)
            .map_err(|_| self.error_at(at, ParseErrorKind::Value(ValueError::UpsOverflow)))
    }

    /// `{…}`: items separated by commas and runs of slashes.
    fn braces(&mut self) -> Result<Braced, ParseError> {
        self.enter()?;
        self.pos += 1;
        let mut items: Vec<(Item, usize)> = Vec::new();
        loop {
            self.skip_spaces();
            let at = self.pos;
            match self.peek() {
                None => return Err(self.expected("'}'")),
                Some('}') => {
                    self.pos += 1;
                    break;
                }
                Some('|') => {
                    let mut run = 0;
                    while self.peek() == Some('|') {
                        self.pos += 1;
                        run += 1;
                    }
                    items.push((Item::Slashes(run), at));
                }
                Some(',') => {
                    self.pos += 1;
                    items.push((Item::Comma, at));
                }
                Some(_) => {
                    let g = self.expression()?;
                    items.push((Item::Game(g), at));
                }
            }
        }
        self.nesting -= 1;
        self.build(&items)
    }

    /// The game (or bare list) that a sequence of items stands for: split at the longest run
    /// of slashes, which must be alone at this level.
    fn build(&mut self, items: &[(Item, usize)]) -> Result<Braced, ParseError> {
        let longest = items
            .iter()
            .filter_map(|(i, _)| match i {
                Item::Slashes(n) => Some(*n),
                _ => None,
            })
            .max();
        let Some(longest) = longest else {
            return self.list(items).map(Braced::List);
        };
        let mut splits = items
            .iter()
            .enumerate()
            .filter(|(_, (i, _))| matches!(i, Item::Slashes(n) if *n == longest));
        let (split, _) = splits.next().expect("the longest run occurs");
        if let Some((_, (_, at))) = splits.next() {
            return Err(self.error_at(*at, ParseErrorKind::AmbiguousSlashes { run: longest }));
        }
        let left = self.side(&items[..split])?;
        let right = self.side(&items[split + 1..])?;
        let at = items[split].1;
        Ok(Braced::Game({
            let r = self.store.game(&left, &right);
            self.value(at, r)
        }?))
    }

    /// One side of a split: a single game if it holds slashes, else a list.
    fn side(&mut self, items: &[(Item, usize)]) -> Result<Vec<GameId>, ParseError> {
        match self.build(items)? {
            Braced::Game(g) => Ok(vec![g]),
            Braced::List(list) => Ok(list),
        }
    }

    /// `game (',' game)*`, or nothing.
    fn list(&self, items: &[(Item, usize)]) -> Result<Vec<GameId>, ParseError> {
        let mut games = Vec::with_capacity(items.len() / 2 + 1);
        for (k, (item, at)) in items.iter().enumerate() {
            let want_game = k % 2 == 0;
            match (item, want_game) {
                (Item::Game(g), true) => games.push(*g),
                (Item::Comma, false) => {}
                (_, true) => {
                    return Err(self.error_at(
                        *at,
                        ParseErrorKind::Expected {
                            expected: "a game",
                            found: "','".to_string(),
                        },
                    ))
                }
                (_, false) => {
                    return Err(self.error_at(
                        *at,
                        ParseErrorKind::Expected {
                            expected: "',' or '|'",
                            found: "another game".to_string(),
                        },
                    ))
                }
            }
        }
        if items.len() % 2 == 0 && !items.is_empty() {
            let at = items[items.len() - 1].1;
            return Err(self.error_at(
                at,
                ParseErrorKind::Expected {
                    expected: "a game after ','",
                    found: "nothing".to_string(),
                },
            ));
        }
        Ok(games)
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
