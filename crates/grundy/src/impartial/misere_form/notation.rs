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
//! [`MisereStore::parse`] reads the words written here, with or without `*[…]`.

use std::cmp::Reverse;

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
    /// [module documentation](self)). Words of the followers are built in increasing id, with
    /// no recursion; the memory they take is checked against the store's budget (a word can
    /// be exponentially longer than the number of forms it names). O(total length of the
    /// words of the followers).
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
        let mut words: FxHashMap<FormId, String> = FxHashMap::default();
        let mut total = 0u64;
        for x in self.followers_where(g, |_| true) {
            let word = self.word(x, &words);
            total += word.len() as u64 + 32;
            self.budget().check_memory(
                self.bytes().saturating_add(total),
                WORK,
                words.len() as u64,
            )?;
            words.insert(x, word);
        }
        Ok(words.remove(&g).unwrap_or_default())
    }

    /// The word of `x`, its options' words known.
    fn word(&self, x: FormId, words: &FxHashMap<FormId, String>) -> String {
        if self.is_nimber(x) {
            return heap(self.birthday(x));
        }
        let term = |o: &FormId| {
            let word = &words[o];
            if self.options(*o).len() >= 2 && !self.is_nimber(*o) {
                format!("({word})")
            } else {
                word.clone()
            }
        };
        let mut options = self.options(x).to_vec();
        options.sort_by_cached_key(|&o| {
            Reverse((
                self.birthday(o),
                self.options(o).len(),
                self.normal_value(o),
                self.misere_value(o),
                words[&o].clone(),
            ))
        });
        match options.as_slice() {
            [one] => format!("{}#", term(one)),
            _ => options.iter().map(term).collect(),
        }
    }

    /// The form written `text` in CGSuite's notation (see the [module
    /// documentation](self)), with or without `*[…]` around it; white space is ignored.
    /// Builds the forms it names in this store. O(length) canonical forms, with no
    /// recursion; a heap `&n;` costs what [`MisereStore::nimber`] does.
    pub fn parse(&mut self, text: &str) -> Result<FormId, NotationError> {
        let trimmed = text.trim();
        let (inner, offset) = match trimmed.strip_prefix("*[").and_then(|t| t.strip_suffix(']')) {
            Some(inner) => (inner, 2),
            None => (trimmed, 0),
        };
        let place = |at: usize| format!("misère form, character {}", at + offset + 1);
        // One list of terms per open parenthesis, the outermost first.
        let mut frames: Vec<Vec<FormId>> = vec![Vec::new()];
        let mut chars = inner.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            let frame = frames.len() - 1;
            match c {
                '0'..='9' => {
                    let heap = self.nimber(c as u32 - '0' as u32)?;
                    frames[frame].push(heap);
                }
                '&' => {
                    let mut digits = String::new();
                    let mut closed = false;
                    for (_, d) in chars.by_ref() {
                        if d == ';' {
                            closed = true;
                            break;
                        }
                        digits.push(d);
                    }
                    let n: u32 = digits.parse().ok().filter(|_| closed).ok_or_else(|| {
                        InputError::invalid(
                            place(at),
                            format!("'&{digits};' is not a heap (expected &n; for a heap n)"),
                        )
                    })?;
                    let heap = self.nimber(n)?;
                    frames[frame].push(heap);
                }
                '#' => {
                    let Some(last) = frames[frame].pop() else {
                        return Err(InputError::invalid(place(at), "'#' follows no game").into());
                    };
                    let single = self.canonical(&[last])?;
                    frames[frame].push(single);
                }
                '(' => frames.push(Vec::new()),
                ')' if frame > 0 => {
                    let terms = frames.pop().unwrap_or_default();
                    let game = self.group(&terms, place(at))?;
                    frames[frame - 1].push(game);
                }
                c if c.is_whitespace() => {}
                _ => {
                    return Err(InputError::invalid(
                        place(at),
                        format!("'{c}' is not in the notation (digits, &n;, #, parentheses)"),
                    )
                    .into())
                }
            }
        }
        if frames.len() > 1 {
            return Err(InputError::invalid(place(inner.len()), "a '(' is not closed").into());
        }
        self.group(&frames[0], place(0))
    }

    /// The game a list of terms names: the term itself if one, else the game with those
    /// options.
    fn group(&mut self, terms: &[FormId], place: String) -> Result<FormId, NotationError> {
        match terms {
            [] => Err(InputError::invalid(place, "no game is written").into()),
            [one] => Ok(*one),
            _ => Ok(self.canonical(terms)?),
        }
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
