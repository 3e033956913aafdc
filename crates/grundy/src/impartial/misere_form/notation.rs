//! Writing and reading misère canonical forms in CGSuite's notation.
//!
//! CGSuite writes a misère canonical form as `*[…]` around a word built from:
//! - a digit `n` for the nim heap `*n` (`&n;` for n ≥ 10): `0`, `1`, `2`, `&12;`;
//! - `X#` for the game whose one option is `X`: `2#` is `{*2}`, `2##` is `{{*2}}`;
//! - the options written one after the other for a game of two options or more, between
//!   parentheses when it is itself an option: `(2#1)21` is `{{{*2}, *}, *2, *}`.
//!
//! Options are written latest born first (then by number of options, normal and misère
//! Grundy values, and their own words), so that a form has one word. CGSuite also shortens
//! some games as sums of "parts" with subscripts; the word here never does, so it is the
//! word CGSuite prints for forms without such parts, and a longer but equal word otherwise.
//!
//! **Reading.** [`MisereStore::parse`] and [`MisereStore::parse_sum`] read the words written
//! here, and a little more, so that a sum can be typed as CGSuite's worksheet takes it:
//!
//! ```text
//! sum   := word ('+' word)*          a sum of games (parse_sum: its parts; parse: its form)
//! word  := item item*                one item: that game; several: the game with those options
//! item  := atom '#'*                 each '#' wraps the game as the one option of a new game
//! atom  := digit | '&' n ';' | '*' n? | '*[' word ']' | '(' word ')'
//! ```
//!
//! A digit is a nim heap; `&n;` and `*n` are the heap of any size n (`*` alone is `*1`), so
//! `*12` is the heap `*12` while `12` is `{*, *2}`; `*[…]` and `(…)` name the game of the word
//! inside. White space between tokens is ignored. An error names the column (in characters,
//! from 1) and what was expected there.

use rustc_hash::FxHashMap;

use super::store::{FormId, MisereStore};
use crate::budget::Exhausted;
use crate::input::InputError;

/// What the notation's errors say it was doing.
const WORK: &str = "writing a misère form";

/// Why a word could not be read as a misère form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The word is not in the notation.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Building the form ran out of a budget.
    #[error(transparent)]
    Budget(#[from] Exhausted),
}

impl MisereStore {
    /// The word of `g` in CGSuite's notation, without the `*[…]` around it (see the
    /// [module documentation](self)). A word can be exponentially longer than the number of
    /// forms it names, so the length of every follower's word is counted first
    /// ([`MisereStore::notation_len`]) and checked against the store's memory budget before
    /// anything is written; the words of the followers are then built in increasing id, with
    /// no recursion, the clock and the cancel flag read at each. O(f log f) for f followers,
    /// and O(total length of their words).
    ///
    /// ```
    /// use grundy::impartial::misere_form::{FormId, MisereStore};
    ///
    /// let mut store = MisereStore::new();
    /// let star2 = store.nimber(2).unwrap();
    /// let g = store.canonical(&[star2]).unwrap();
    /// assert_eq!(store.notation(g).unwrap(), "2#");
    /// let h = store.canonical(&[g, FormId::STAR]).unwrap();
    /// let k = store.canonical(&[h, star2, FormId::STAR]).unwrap();
    /// assert_eq!(store.notation(k).unwrap(), "(2#1)21");
    /// assert_eq!(store.parse("*[(2#1)21]").unwrap(), k);
    /// ```
    pub fn notation(&self, g: FormId) -> Result<String, Exhausted> {
        let followers = self.followers_where(g, |_| true);
        let lengths = self.word_lengths(&followers);
        // Each word, and a few words of the map's own per entry.
        let total = (followers.iter())
            .map(|x| lengths[x].saturating_add(48))
            .fold(0u64, u64::saturating_add);
        let bytes = self.bytes().saturating_add(total);
        self.budget().check_memory(bytes, WORK, 0)?;
        let mut words: FxHashMap<FormId, String> = FxHashMap::default();
        for x in followers {
            self.budget()
                .check(WORK, words.len() as u64, self.bytes())?;
            let word = self.word(x, lengths[&x], &words);
            words.insert(x, word);
        }
        Ok(words.remove(&g).unwrap_or_default())
    }

    /// The length in bytes of the word of `g` ([`MisereStore::notation`]), without writing
    /// it: what writing it would take. Saturates at 2^64 − 1. O(f log f) for f followers.
    ///
    /// ```
    /// use grundy::impartial::misere_form::MisereStore;
    ///
    /// let mut store = MisereStore::new();
    /// let g = store.parse("(2#1)21 + &12;").unwrap();
    /// assert_eq!(store.notation_len(g), store.notation(g).unwrap().len() as u64);
    /// ```
    pub fn notation_len(&self, g: FormId) -> u64 {
        self.word_lengths(&self.followers_where(g, |_| true))[&g]
    }

    /// The length of the word of each of `followers` (a set closed under options, in
    /// increasing id, as [`MisereStore::followers_where`] gives it).
    fn word_lengths(&self, followers: &[FormId]) -> FxHashMap<FormId, u64> {
        let mut lengths: FxHashMap<FormId, u64> = FxHashMap::default();
        for &x in followers {
            let len = if self.is_nimber(x) {
                heap(self.birthday(x)).len() as u64
            } else {
                let options = self.options(x);
                let terms = (options.iter())
                    .map(|o| lengths[o].saturating_add(if self.bracketed(*o) { 2 } else { 0 }))
                    .fold(0u64, u64::saturating_add);
                terms.saturating_add(u64::from(options.len() == 1))
            };
            lengths.insert(x, len);
        }
        lengths
    }

    /// Whether the word of `o` is written between parentheses as an option: a game of two
    /// options or more that is not a nim heap.
    fn bracketed(&self, o: FormId) -> bool {
        self.options(o).len() >= 2 && !self.is_nimber(o)
    }

    /// The word of `x`, `len` bytes long, its options' words known.
    fn word(&self, x: FormId, len: u64, words: &FxHashMap<FormId, String>) -> String {
        if self.is_nimber(x) {
            return heap(self.birthday(x));
        }
        let key = |o: FormId| {
            (
                self.birthday(o),
                self.options(o).len(),
                self.normal_value(o),
                self.misere_value(o),
            )
        };
        let mut options = self.options(x).to_vec();
        // Latest born first, then by the key and the word, all decreasing.
        options.sort_by(|&a, &b| (key(b).cmp(&key(a))).then_with(|| words[&b].cmp(&words[&a])));
        let mut word = String::with_capacity(len as usize);
        for &o in &options {
            if self.bracketed(o) {
                word.push('(');
                word.push_str(&words[&o]);
                word.push(')');
            } else {
                word.push_str(&words[&o]);
            }
        }
        if options.len() == 1 {
            word.push('#');
        }
        word
    }

    /// The form written `text` (see the [module documentation](self)): a word, with or
    /// without `*[…]` around it, or a sum of several joined by `+`, which is added
    /// ([`MisereStore::sum_all`]). White space between tokens is ignored. Builds the forms it
    /// names in this store. O(length) canonical forms, with no recursion, and the sum; a heap
    /// `&n;` costs what [`MisereStore::nimber`] does.
    ///
    /// ```
    /// use grundy::impartial::misere_form::MisereStore;
    ///
    /// let mut store = MisereStore::new();
    /// let g = store.parse("*2 + *[2]").unwrap();
    /// assert_eq!(store.notation(g).unwrap(), "32");
    /// let error = store.parse("2#1 + (3").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "column 9: expected ')' to close the '(' at column 7, found end of input"
    /// );
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<FormId, NotationError> {
        let parts = self.parse_sum(text)?;
        Ok(self.sum_all(&parts)?)
    }

    /// The games of a sum `G + H + …` written in the notation (see the [module
    /// documentation](self)), each in its canonical form, in the order written (one game for
    /// a text without `+`). An error names the column (in characters, from 1) and what was
    /// expected there: `column 3: expected a game (a digit, &n;, *n, '(' or '*['), found
    /// '+'`. O(length) canonical forms, with no recursion (an explicit stack of open
    /// brackets); a heap `&n;` or `*n` costs what [`MisereStore::nimber`] does.
    ///
    /// ```
    /// use grundy::impartial::misere_form::MisereStore;
    ///
    /// let mut store = MisereStore::new();
    /// let parts = store.parse_sum("2#1 + *[3] + &12;").unwrap();
    /// let words: Vec<String> = parts.iter().map(|&g| store.notation(g).unwrap()).collect();
    /// assert_eq!(words, ["2#1", "3", "&12;"]);
    /// assert!(store.parse_sum("2 + + 3").is_err());
    /// ```
    pub fn parse_sum(&mut self, text: &str) -> Result<Vec<FormId>, NotationError> {
        let chars: Vec<char> = text.chars().collect();
        // The brackets open, each with the games written inside it so far; the outermost
        // (index 0) holds the games of the current part of the sum.
        let mut frames: Vec<Frame> = vec![Frame {
            open: None,
            games: Vec::new(),
        }];
        let mut parts = Vec::new();
        let mut at = 0;
        while at < chars.len() {
            let (c, here) = (chars[at], at);
            at += 1;
            let top = frames.len() - 1;
            match c {
                c if c.is_whitespace() => {}
                '0'..='9' => {
                    let heap = self.nimber(c as u32 - '0' as u32)?;
                    frames[top].games.push(heap);
                }
                '&' => {
                    let (n, next) = heap_size(&chars, at, None)?;
                    if chars.get(next) != Some(&';') {
                        return Err(expected(
                            next,
                            "';' to end the heap &n;",
                            found(&chars, next),
                        ));
                    }
                    at = next + 1;
                    let heap = self.nimber(n)?;
                    frames[top].games.push(heap);
                }
                '*' if chars.get(at) == Some(&'[') => {
                    frames.push(Frame {
                        open: Some(('[', here + 1)),
                        games: Vec::new(),
                    });
                    at += 1;
                }
                '*' => {
                    let (n, next) = heap_size(&chars, at, Some(1))?;
                    at = next;
                    let heap = self.nimber(n)?;
                    frames[top].games.push(heap);
                }
                '(' => frames.push(Frame {
                    open: Some(('(', here + 1)),
                    games: Vec::new(),
                }),
                ')' | ']' if frames[top].open.is_some_and(|(open, _)| close(open) == c) => {
                    let frame = frames.pop().unwrap_or_default();
                    if frame.games.is_empty() {
                        return Err(expected(here, GAME, format!("'{c}'")));
                    }
                    let game = self.game_of(&frame.games)?;
                    frames[top - 1].games.push(game);
                }
                '#' => {
                    let Some(last) = frames[top].games.pop() else {
                        return Err(expected(here, GAME, format!("'{c}'")));
                    };
                    let single = self.canonical(&[last])?;
                    frames[top].games.push(single);
                }
                '+' if top == 0 => {
                    if frames[0].games.is_empty() {
                        return Err(expected(here, GAME, format!("'{c}'")));
                    }
                    let games = std::mem::take(&mut frames[0].games);
                    parts.push(self.game_of(&games)?);
                }
                _ => {
                    let wanted = match frames[top].open {
                        _ if frames[top].games.is_empty() => GAME.to_string(),
                        None => format!("{GAME}, '#' or '+'"),
                        Some((open, col)) => format!(
                            "{GAME}, '#' or '{}' to close the '{}' at column {col}",
                            close(open),
                            opening(open)
                        ),
                    };
                    return Err(expected(here, &wanted, format!("'{c}'")));
                }
            }
        }
        if let Some((open, col)) = frames.last().and_then(|f| f.open) {
            let wanted = format!(
                "'{}' to close the '{}' at column {col}",
                close(open),
                opening(open)
            );
            return Err(expected(chars.len(), &wanted, found(&chars, chars.len())));
        }
        if frames[0].games.is_empty() {
            return Err(expected(chars.len(), GAME, found(&chars, chars.len())));
        }
        let games = std::mem::take(&mut frames[0].games);
        parts.push(self.game_of(&games)?);
        Ok(parts)
    }

    /// The game a list of games written one after the other names: the game itself if one,
    /// else the game with those options.
    fn game_of(&mut self, games: &[FormId]) -> Result<FormId, Exhausted> {
        match games {
            [one] => Ok(*one),
            _ => self.canonical(games),
        }
    }
}

/// An open bracket of the reader and the games written inside it so far.
#[derive(Default)]
struct Frame {
    /// The bracket (`(` or `[` for `*[`) and its column; none for the outermost level.
    open: Option<(char, usize)>,
    games: Vec<FormId>,
}

/// What a game starts with, for errors.
const GAME: &str = "a game (a digit, &n;, *n, '(' or '*[')";

/// The bracket that closes `open`.
fn close(open: char) -> char {
    if open == '(' {
        ')'
    } else {
        ']'
    }
}

/// The bracket as written: `(` or `*[`.
fn opening(open: char) -> &'static str {
    if open == '(' {
        "("
    } else {
        "*["
    }
}

/// The error at index `at` of the characters (column `at + 1`): `expected` was wanted,
/// `found` is there.
fn expected(at: usize, expected: &str, found: String) -> NotationError {
    InputError::invalid(
        format!("column {}", at + 1),
        format!("expected {expected}, found {found}"),
    )
    .into()
}

/// The character at index `at`, quoted, or `end of input` past the end.
fn found(chars: &[char], at: usize) -> String {
    chars
        .get(at)
        .map_or("end of input".to_string(), |c| format!("'{c}'"))
}

/// The heap size written in digits from index `at` of `chars`, and the index after them:
/// `default` when there is no digit (`*` is `*1`), an error when there must be one or the
/// size passes 2^32 − 1.
fn heap_size(
    chars: &[char],
    at: usize,
    default: Option<u32>,
) -> Result<(u32, usize), NotationError> {
    let end = (at..chars.len())
        .find(|&i| !chars[i].is_ascii_digit())
        .unwrap_or(chars.len());
    let digits: String = chars[at..end].iter().collect();
    match (digits.parse::<u32>(), default) {
        (Ok(n), _) => Ok((n, end)),
        (Err(_), Some(n)) if digits.is_empty() => Ok((n, at)),
        (Err(_), _) if digits.is_empty() => {
            Err(expected(at, "a heap size (as in &12;)", found(chars, at)))
        }
        (Err(_), _) => Err(expected(
            at,
            "a heap size up to 4294967295",
            format!("'{digits}'"),
        )),
    }
}

/// The word of the heap `*n`.
fn heap(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}
