//! Reading the notation (see the module above): a recursive descent that builds canonical
//! forms in the store as it goes, with the nesting of braces and parentheses bounded. The
//! lexical rules (signs, operators, brackets, brace items and their sides) are in `scan`,
//! which the loopy games' reader shares.

use super::super::error::ValueError;
use super::super::number::Dyadic;
use super::super::nus::Nus;
use super::super::store::{with_stack, GameId, GameStore};
use super::call::{Argument, Call, CallError, Positions, Property, Reading, Value, MAX_TEXT};
use super::error::{ParseError, ParseErrorKind, MAX_NESTING};
use super::scan::{
    brace_items, multiple_at, nested, parenthesised, Operator, Placed, Reader, Scanner, Sign,
};

/// Texts nested up to this depth are read on the caller's stack.
const INLINE_NESTING: usize = 48;

/// The deepest nesting of a call's arguments (`[[1,2],[3]]`, `Grid.Empty(4,4)`): CGSuite's
/// positions nest two or three levels.
const MAX_ARGUMENT_NESTING: usize = 16;

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
    /// The values of CGSuite's calls, if the caller has them.
    positions: Option<&'a mut dyn Positions>,
    /// Whether a final property that is no game may end the text ([`GameStore::read`]).
    select: bool,
    /// That final property, once read.
    selected: Option<Property>,
    /// A final property of a position ([`Property::of_position`]), as the positions told it.
    told: Option<String>,
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
        Ok(self.read_text(text, None, false)?.game)
    }

    /// Reads a game as [`parse`](GameStore::parse) does, CGSuite's calls in it valued by
    /// `positions` (`Clobber("xox|ox.") + 1`). A property ending the text is applied, so it
    /// must be a game (`.Temperature`, not `.OutcomeClass`). O(length) besides the
    /// arithmetic and the positions' values.
    pub fn parse_with(
        &mut self,
        text: &str,
        positions: &mut dyn Positions,
    ) -> Result<GameId, ParseError> {
        Ok(self.read_text(text, Some(positions), false)?.game)
    }

    /// Reads a line of a worksheet: a game as [`parse_with`](GameStore::parse_with) reads it
    /// (calls valued by `positions` if given, else an error), and, when the whole text is one
    /// game followed by a property (`G.OutcomeClass`, `G.Temperature`), that property, not
    /// applied, for the caller to show alone. O(length) besides the arithmetic and the
    /// positions' values.
    ///
    /// ```
    /// use grundy::partizan::notation::Property;
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let r = store.read("{2|-1}.Temperature", None).unwrap();
    /// assert_eq!((store.display(r.game), r.property), ("{2|-1}".to_string(), Some(Property::Temperature)));
    /// let r = store.read("{2|-1}.Temperature + 1", None).unwrap();
    /// assert_eq!((store.display(r.game), r.property), ("5/2".to_string(), None));
    /// ```
    pub fn read(
        &mut self,
        text: &str,
        positions: Option<&mut dyn Positions>,
    ) -> Result<Reading, ParseError> {
        self.read_text(text, positions, true)
    }

    /// The readers above: `select` whether a final property that is no game is returned.
    fn read_text(
        &mut self,
        text: &str,
        positions: Option<&mut dyn Positions>,
        select: bool,
    ) -> Result<Reading, ParseError> {
        let (nesting, column) = nesting(text);
        if nesting > MAX_NESTING {
            return Err(ParseError {
                column,
                kind: ParseErrorKind::TooDeep,
            });
        }
        if nesting <= INLINE_NESTING {
            return self.read_here(text, positions, select);
        }
        let stack = nesting * STACK_PER_NESTING + (1 << 20);
        with_stack(stack, || self.read_here(text, positions, select)).unwrap_or(Err(ParseError {
            column: 1,
            kind: ParseErrorKind::TooDeep,
        }))
    }

    fn read_here(
        &mut self,
        text: &str,
        positions: Option<&mut dyn Positions>,
        select: bool,
    ) -> Result<Reading, ParseError> {
        let mut p = Parser {
            store: self,
            s: Scanner::new(text, MAX_NESTING),
            positions: positions.map(|p| -> &mut dyn Positions { p }),
            select,
            selected: None,
            told: None,
        };
        let g = p.expression()?;
        p.s.skip_spaces();
        if !p.s.at_end() {
            return Err(p.s.expected("an operator ('+', '-', '+-') or the end"));
        }
        Ok(Reading {
            game: g,
            property: p.selected,
            told: p.told,
        })
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

impl<'a> Parser<'a> {
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
            let whole = signs.is_empty() && self.s.text[..self.s.pos].trim().is_empty();
            let g = self.atom()?;
            self.properties(g, whole)?
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
            Some(c) if c.is_ascii_alphabetic() => self.call_value(),
            _ => Err(self.s.expected("a game")),
        }
    }

    /// A call of CGSuite's at the cursor (`game.grid.Clobber("xo|ox")`), valued by the
    /// caller's [`Positions`].
    fn call_value(&mut self) -> Result<GameId, ParseError> {
        let start = self.s.pos;
        let call = self.call(0)?;
        let Some(positions) = self.positions.as_deref_mut() else {
            return Err(ParseError {
                column: call.column,
                kind: ParseErrorKind::Call(format!(
                    "unknown name '{}': no ruleset is known to this reader",
                    call.name
                )),
            });
        };
        let call_error = |e: CallError| ParseError {
            column: e.column,
            kind: ParseErrorKind::Call(e.message),
        };
        let Some((property, end)) = position_property_at(self.s.text, self.s.pos) else {
            return positions.value(self.store, &call).map_err(call_error);
        };
        // A property of the position is no game: it can only be the whole line's answer.
        let whole = self.select
            && self.s.text[..start].trim().is_empty()
            && self.s.text[end..].trim().is_empty();
        if !whole {
            return Err(self.s.error_at(
                self.s.pos + 1,
                ParseErrorKind::Call(format!(
                    "{} is a property of the position, not a game: it may only end a line \
                     that is one position",
                    property.name()
                )),
            ));
        }
        let told =
            (positions.position_property(self.store, &call, property)).map_err(call_error)?;
        self.s.pos = end;
        self.selected = Some(property);
        self.told = Some(told);
        Ok(GameId::ZERO)
    }

    /// A dotted name at the cursor, then its lists of arguments, each in parentheses right
    /// after it: `Spawning("1-3")(12)`. `depth` counts the calls and lists around it.
    fn call(&mut self, depth: usize) -> Result<Call, ParseError> {
        let at = self.s.pos;
        let name = self.name();
        let mut call = Call {
            name: name.to_string(),
            column: self.s.column_at(at),
            arguments: Vec::new(),
        };
        while self.s.starts_with("(") {
            let open = self.s.pos;
            self.s.pos += 1;
            call.arguments.push(self.arguments(")", open, depth + 1)?);
        }
        Ok(call)
    }

    /// A dotted name at the cursor: `game.grid.Clobber`, `Grid.Empty`.
    fn name(&mut self) -> &'a str {
        let at = self.s.pos;
        let bytes = self.s.text.as_bytes();
        let word = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
        loop {
            while bytes.get(self.s.pos).is_some_and(word) {
                self.s.pos += 1;
            }
            let more = bytes.get(self.s.pos) == Some(&b'.')
                && bytes
                    .get(self.s.pos + 1)
                    .is_some_and(u8::is_ascii_alphabetic)
                && !self.property_follows();
            if !more {
                return &self.s.text[at..self.s.pos];
            }
            self.s.pos += 1;
        }
    }

    /// Whether the `.` at the cursor starts a property (`.CanonicalForm`) rather than the
    /// next part of a name.
    fn property_follows(&self) -> bool {
        let rest = &self.s.text[self.s.pos + 1..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        Property::named(&rest[..end]).is_some()
    }

    /// Arguments separated by commas up to `close`, the cursor past the opening bracket at
    /// `open`.
    fn arguments(
        &mut self,
        close: &'static str,
        open: usize,
        depth: usize,
    ) -> Result<Vec<Argument>, ParseError> {
        if depth > MAX_ARGUMENT_NESTING {
            return Err(self.s.error_at(
                open,
                ParseErrorKind::Call(format!(
                    "arguments nest deeper than {MAX_ARGUMENT_NESTING} levels"
                )),
            ));
        }
        let mut list = Vec::new();
        self.s.skip_spaces();
        if self.s.starts_with(close) {
            self.s.pos += 1;
            return Ok(list);
        }
        loop {
            list.push(self.argument(depth)?);
            self.s.skip_spaces();
            if self.s.starts_with(",") {
                self.s.pos += 1;
            } else if self.s.starts_with(close) {
                self.s.pos += 1;
                return Ok(list);
            } else {
                return Err(self.s.expected(match close {
                    ")" => "',' or ')'",
                    "]" => "',' or ']'",
                    _ => "',' or '}'",
                }));
            }
        }
    }

    /// One argument: an integer, a text in quotes, a list, coordinates, a set or map in
    /// braces, a call, or any of them named (`name => value`).
    fn argument(&mut self, depth: usize) -> Result<Argument, ParseError> {
        self.s.skip_spaces();
        let at = self.s.pos;
        let column = self.s.column_at(at);
        let value = match self.s.peek() {
            Some('"') => {
                self.s.pos += 1;
                return Ok(Argument {
                    value: Value::Text(self.text()?),
                    column: column + 1,
                });
            }
            Some('[') => {
                self.s.pos += 1;
                Value::List(self.arguments("]", at, depth + 1)?)
            }
            Some('(') => {
                self.s.pos += 1;
                Value::Tuple(self.arguments(")", at, depth + 1)?)
            }
            Some('{') => {
                self.s.pos += 1;
                Value::Set(self.arguments("}", at, depth + 1)?)
            }
            Some(c) if c == '-' || c.is_ascii_digit() => {
                self.s.pos += 1;
                while self.s.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.s.pos += 1;
                }
                let digits = &self.s.text[at..self.s.pos];
                Value::Integer(digits.parse().map_err(|_| {
                    let why = match digits {
                        "-" => "'-' is not followed by a number".to_string(),
                        _ => format!(
                            "'{digits}' is not an integer from {} to {}",
                            i64::MIN,
                            i64::MAX
                        ),
                    };
                    self.s.error_at(at, ParseErrorKind::Call(why))
                })?)
            }
            Some(c) if c.is_ascii_alphabetic() => Value::Call(self.call(depth)?),
            _ => {
                return Err(self
                    .s
                    .expected("an argument: a number, a \"text\", [a list] or (a, b)"))
            }
        };
        self.s.skip_spaces();
        if self.s.starts_with("=>") {
            // Only a bare word names an argument: `maxJump => 2`.
            let name = match &value {
                Value::Call(call) if call.arguments.is_empty() && !call.name.contains('.') => {
                    call.name.clone()
                }
                _ => {
                    return Err(self.s.error_at(
                        at,
                        ParseErrorKind::Call(format!("expected a name before '=>', found {value}")),
                    ))
                }
            };
            self.s.pos += 2;
            if depth + 1 > MAX_ARGUMENT_NESTING {
                return Err(self.s.error_at(
                    at,
                    ParseErrorKind::Call(format!(
                        "arguments nest deeper than {MAX_ARGUMENT_NESTING} levels"
                    )),
                ));
            }
            let named = self.argument(depth + 1)?;
            return Ok(Argument {
                value: Value::Named(name, Box::new(named)),
                column,
            });
        }
        Ok(Argument { value, column })
    }

    /// A text after its opening quote, up to the closing one, which it passes; `\"` and
    /// `\\` stand for a quote and a backslash. At most [`MAX_TEXT`] bytes.
    fn text(&mut self) -> Result<String, ParseError> {
        let mut text = String::new();
        loop {
            let Some(c) = self.s.peek() else {
                return Err(self.s.expected("'\"' closing the text"));
            };
            self.s.pos += c.len_utf8();
            match c {
                '"' => return Ok(text),
                '\\' if matches!(self.s.peek(), Some('"' | '\\')) => {
                    text.push(self.s.peek().expect("checked"));
                    self.s.pos += 1;
                }
                _ => text.push(c),
            }
            if text.len() > MAX_TEXT {
                return Err(self.s.error_at(
                    self.s.pos,
                    ParseErrorKind::Call(format!("a text longer than {MAX_TEXT} bytes")),
                ));
            }
        }
    }

    /// The properties written after `g` (`.CanonicalForm.Temperature`), applied in turn.
    /// Where the operand is the `whole` text and the caller reads worksheet lines, the last
    /// property is kept in `selected` and `g` returned as it is.
    fn properties(&mut self, mut g: GameId, whole: bool) -> Result<GameId, ParseError> {
        while self.s.starts_with(".") && self.s.peek_at(1).is_some_and(|b| b.is_ascii_alphabetic())
        {
            self.s.pos += 1;
            let at = self.s.pos;
            let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
            let rest = &self.s.text[at..];
            let name = &rest[..rest.find(|c| !word(c)).unwrap_or(rest.len())];
            self.s.pos += name.len();
            let Some(property) = Property::named(name) else {
                let known: Vec<&str> = Property::ALL.iter().map(|(n, _)| *n).collect();
                return Err(self.s.error_at(
                    at,
                    ParseErrorKind::Call(format!(
                        "unknown property '{name}': the properties are {}",
                        known.join(", ")
                    )),
                ));
            };
            let last = self.s.text[self.s.pos..].trim().is_empty();
            if self.select && whole && last {
                self.selected = Some(property);
                return Ok(g);
            }
            g = match property.game(self.store, g) {
                Some(r) => self.value(at, r)?,
                None => {
                    return Err(self.s.error_at(
                        at,
                        ParseErrorKind::Call(format!(
                            "{name} is not a game: it may only end the whole expression"
                        )),
                    ))
                }
            };
        }
        Ok(g)
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

/// The property of a position ([`Property::of_position`]) written at byte `at` of `text`
/// (`.MisereOutcomeClass`, `.Followers.Size`), with the byte where it ends. O(length of the
/// names).
fn position_property_at(text: &str, at: usize) -> Option<(Property, usize)> {
    let rest = text[at..].strip_prefix('.')?;
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let names = Property::ALL.iter().chain(Property::SPELLED.iter());
    names
        .filter(|(_, p)| p.of_position())
        .find(|(name, _)| {
            rest.strip_prefix(name)
                .is_some_and(|after| !after.starts_with(word))
        })
        .map(|(name, p)| (*p, at + 1 + name.len()))
}
