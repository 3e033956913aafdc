//! What the readers of game texts share, the short games' (in this module's parent) and the
//! loopy games': a cursor over the text that counts columns, builds `expected …` errors and
//! bounds the nesting; the signs and operators of sums; parenthesised groups; the items of a
//! brace group and the rules that split them into sides. Each reader supplies its own values
//! through [`Reader`].

use super::error::{ParseError, ParseErrorKind};

/// A sign written before an operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sign {
    /// `-`: the negative.
    Minus,
    /// `+-`: the switch ±G.
    PlusMinus,
}

/// An operator between two operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Operator {
    /// `+`: the sum.
    Plus,
    /// `-`: the difference.
    Minus,
    /// `+-`: a plus a switch, G + ±H.
    PlusMinus,
}

/// An item between braces: a game (whatever the reader makes of one), a comma, or a run of
/// that many slashes.
pub(crate) enum Item<T> {
    /// A game.
    Game(T),
    /// `,`.
    Comma,
    /// A run of `|`.
    Slashes(usize),
}

/// An item with the byte position where it starts.
pub(crate) type Placed<T> = (Item<T>, usize);

/// A cursor over a text: the byte position, and the nesting of brackets with its limit.
pub(crate) struct Scanner<'a> {
    /// The whole text.
    pub(crate) text: &'a str,
    /// The byte position of the cursor.
    pub(crate) pos: usize,
    /// The brackets open around the cursor.
    nesting: usize,
    /// The most brackets that may be open.
    limit: usize,
}

impl<'a> Scanner<'a> {
    /// A cursor at the start of `text`, allowing `limit` levels of nesting.
    pub(crate) fn new(text: &'a str, limit: usize) -> Self {
        Scanner {
            text,
            pos: 0,
            nesting: 0,
            limit,
        }
    }

    /// The character at the cursor.
    pub(crate) fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// The byte `offset` bytes past the cursor.
    pub(crate) fn peek_at(&self, offset: usize) -> Option<u8> {
        self.text.as_bytes().get(self.pos + offset).copied()
    }

    /// Whether the text at the cursor starts with `s`.
    pub(crate) fn starts_with(&self, s: &str) -> bool {
        self.text[self.pos..].starts_with(s)
    }

    /// Whether the cursor is past the last character.
    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    /// Moves the cursor past white space.
    pub(crate) fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += self.peek().map_or(1, char::len_utf8);
        }
    }

    /// Moves the cursor past a run of the ASCII character `c` and returns its length.
    pub(crate) fn run_of(&mut self, c: char) -> usize {
        let mut run = 0;
        while self.peek() == Some(c) {
            self.pos += 1;
            run += 1;
        }
        run
    }

    /// The column (1-based, in characters) of the byte position `pos`.
    pub(crate) fn column_at(&self, pos: usize) -> usize {
        self.text[..pos].chars().count() + 1
    }

    /// The error `kind` at the byte position `pos`.
    pub(crate) fn error_at(&self, pos: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            column: self.column_at(pos),
            kind,
        }
    }

    /// `expected …, found …` at the byte position `pos`, with `found` named.
    pub(crate) fn mismatch(&self, pos: usize, expected: &'static str, found: &str) -> ParseError {
        let found = found.to_string();
        self.error_at(pos, ParseErrorKind::Expected { expected, found })
    }

    /// `expected …` at the cursor, found the character there or the end of input.
    pub(crate) fn expected(&self, expected: &'static str) -> ParseError {
        let found = match self.peek() {
            None => "end of input".to_string(),
            Some(c) => format!("'{c}'"),
        };
        self.error_at(self.pos, ParseErrorKind::Expected { expected, found })
    }

    /// A brace group at `pos` without `|` where a game (not a bare list) is wanted.
    pub(crate) fn list_not_game(&self, pos: usize) -> ParseError {
        self.mismatch(
            pos,
            "a game: options separated by '|'",
            "a list without '|'",
        )
    }

    /// Prefix signs (`-`, `+-`; a `+` is passed over), each with its byte position, outermost
    /// first. A `-` directly before a digit is left to the number. Read in a loop, so a long
    /// run of signs costs no stack.
    pub(crate) fn signs(&mut self) -> Vec<(Sign, usize)> {
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
        signs
    }

    /// The operator after spaces, passed, with its byte position; `None` (the cursor past
    /// the spaces) if there is none.
    pub(crate) fn operator(&mut self) -> Option<(Operator, usize)> {
        self.skip_spaces();
        let at = self.pos;
        let (operator, length) = if self.starts_with("+-") {
            (Operator::PlusMinus, 2)
        } else if self.starts_with("+") {
            (Operator::Plus, 1)
        } else if self.starts_with("-") {
            (Operator::Minus, 1)
        } else {
            return None;
        };
        self.pos += length;
        Some((operator, at))
    }

    /// Where brace items split into two sides: at the longest run of slashes, which must
    /// occur once at this level (`{3|2|1}` is ambiguous). `None` without slashes.
    pub(crate) fn split<T>(&self, items: &[Placed<T>]) -> Result<Option<usize>, ParseError> {
        let longest = items
            .iter()
            .filter_map(|(i, _)| match i {
                Item::Slashes(n) => Some(*n),
                _ => None,
            })
            .max();
        let Some(longest) = longest else {
            return Ok(None);
        };
        let mut splits = items
            .iter()
            .enumerate()
            .filter(|(_, (i, _))| matches!(i, Item::Slashes(n) if *n == longest));
        let (split, _) = splits.next().expect("the longest run occurs");
        if let Some((_, (_, at))) = splits.next() {
            return Err(self.error_at(*at, ParseErrorKind::AmbiguousSlashes { run: longest }));
        }
        Ok(Some(split))
    }

    /// The games of brace items without slashes: `game (',' game)*`, or nothing.
    pub(crate) fn list<'i, T>(&self, items: &'i [Placed<T>]) -> Result<Vec<&'i T>, ParseError> {
        let mut games = Vec::with_capacity(items.len() / 2 + 1);
        for (k, (item, at)) in items.iter().enumerate() {
            let want_game = k % 2 == 0;
            match (item, want_game) {
                (Item::Game(g), true) => games.push(g),
                (Item::Comma, false) => {}
                (_, true) => return Err(self.mismatch(*at, "a game", "','")),
                (_, false) => return Err(self.mismatch(*at, "',' or '|'", "another game")),
            }
        }
        if items.len() % 2 == 0 && !items.is_empty() {
            let at = items[items.len() - 1].1;
            return Err(self.mismatch(at, "a game after ','", "nothing"));
        }
        Ok(games)
    }
}

/// A reader of game texts built on a [`Scanner`]: what it makes of a game, its errors, and
/// how it reads a whole expression.
pub(crate) trait Reader<'a> {
    /// What a game reads as.
    type Value;
    /// The reader's error, which holds the shared errors.
    type Error: From<ParseError>;

    /// The cursor.
    fn scanner(&mut self) -> &mut Scanner<'a>;

    /// An expression at the cursor: operands with signs and operators between them.
    fn expression(&mut self) -> Result<Self::Value, Self::Error>;

    /// The error for nesting deeper than the scanner's limit, at the byte position `pos`.
    fn too_deep(&self, pos: usize) -> Self::Error;
}

/// Where `k * G` continues, for an integer `k` ending at byte `end`: past the `*` and its
/// spaces, if the `*` is a product (spaces around it, or the next thing a brace, a
/// parenthesis or a word that is not a run of `v`s, `Tiny` or `Miny`), else `None` (`3*` is
/// 3 + *, `3*2` is 3 + *2).
pub(crate) fn multiple_at(text: &str, end: usize) -> Option<usize> {
    let rest = &text[end..];
    let star = rest.trim_start_matches(' ');
    let spaced_before = star.len() < rest.len();
    let after = star.strip_prefix('*')?;
    let next = after.trim_start_matches(' ');
    let spaced_after = next.len() < after.len();
    let word: String = next
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let named = next.starts_with(|c: char| c.is_ascii_alphabetic())
        && !word
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .bytes()
            .all(|b| b == b'v')
        && !next.starts_with("Tiny(")
        && !next.starts_with("Miny(");
    let product = (spaced_before || spaced_after) && !next.is_empty()
        || next.starts_with('{')
        || next.starts_with('(')
        || named;
    product.then(|| text.len() - next.len())
}

/// Enters one level of nesting at the cursor, passes the `open` bytes that open it (`(`,
/// `{`, `Tiny(`), reads what `inside` reads, and leaves the level.
pub(crate) fn nested<'a, R: Reader<'a>, T>(
    r: &mut R,
    open: usize,
    inside: impl FnOnce(&mut R) -> Result<T, R::Error>,
) -> Result<T, R::Error> {
    let s = r.scanner();
    s.nesting += 1;
    if s.nesting > s.limit {
        let pos = s.pos;
        return Err(r.too_deep(pos));
    }
    s.pos += open;
    let value = inside(r)?;
    r.scanner().nesting -= 1;
    Ok(value)
}

/// An expression after the `open` bytes at the cursor (`(`, `Tiny(`), closed by `)`: one
/// level of nesting.
pub(crate) fn parenthesised<'a, R: Reader<'a>>(
    r: &mut R,
    open: usize,
) -> Result<R::Value, R::Error> {
    nested(r, open, |r| {
        let value = r.expression()?;
        let s = r.scanner();
        s.skip_spaces();
        if !s.starts_with(")") {
            return Err(s.expected("')'").into());
        }
        s.pos += 1;
        Ok(value)
    })
}

/// The items of a brace group, the cursor past its `{`: games, commas and runs of slashes,
/// each with its byte position, up to the closing `}`, which it passes.
pub(crate) fn brace_items<'a, R: Reader<'a>>(r: &mut R) -> Result<Vec<Placed<R::Value>>, R::Error> {
    let mut items = Vec::new();
    loop {
        let s = r.scanner();
        s.skip_spaces();
        let at = s.pos;
        match s.peek() {
            None => return Err(s.expected("'}'").into()),
            Some('}') => {
                s.pos += 1;
                return Ok(items);
            }
            Some('|') => items.push((Item::Slashes(s.run_of('|')), at)),
            Some(',') => {
                s.pos += 1;
                items.push((Item::Comma, at));
            }
            Some(_) => {
                let value = r.expression()?;
                items.push((Item::Game(value), at));
            }
        }
    }
}
