//! Printing canonical forms in the reference tool's notation (see the module above).

use super::super::number::Dyadic;
use super::super::store::{GameId, GameStore};
use super::super::uptimal::UptimalExpansion;
use super::super::Side;
use crate::partizan::error::ValueError;

/// Bare slashes are used up to three deep; a form that would need four gets braces.
pub(crate) const MAX_SLASHES: usize = 4;

impl GameStore {
    /// `g` in the reference tool's notation: `{2||1|0}`, `+-{1,{2|0}}`, `^^*`, `1/2^*`,
    /// `Tiny(2)`, …. Parsing the text gives `g` back. O(length of the text × depth of g),
    /// with the uptimal expansions and deterministic order of its followers memoised.
    ///
    /// Printing never fails: a form whose text would be longer than the store's print limit
    /// ([`GameStore::set_print_limit`], [`PRINT_LIMIT`](crate::partizan::store::PRINT_LIMIT)
    /// characters unless set) is shown as `<not written: more than N characters>`, and one
    /// whose printing the budget stops as `<the error>`; should an abbreviation's test fail
    /// otherwise (a number out of range while checking for a tiny, for instance), the plain
    /// `{L|R}` form is printed instead. [`GameStore::written`] gives the text or the error.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{0|||0||-1|-2}").unwrap();
    /// assert_eq!(store.display(g), "Tiny({2|1})");
    /// let h = store.parse("+-1 + +-2 + +-3 + +-4").unwrap();
    /// assert_eq!(store.display(h), "+-{10|8||6|4|||4|2||0|-2}");
    /// store.set_print_limit(10);
    /// assert_eq!(store.display(h), "<not written: more than 10 characters>");
    /// ```
    pub fn display(&mut self, g: GameId) -> String {
        let limit = self.print_limit();
        match self.written(g, limit) {
            Ok(text) => text,
            Err(ValueError::TooLong { limit }) => {
                format!("<not written: more than {limit} characters>")
            }
            Err(e) => format!("<{e}>"),
        }
    }

    /// `g`'s text as [`GameStore::display`] writes it, or [`ValueError::TooLong`] as soon as
    /// it passes `limit` characters, or [`ValueError::Budget`] when the store's budget runs
    /// out while writing (its deadline, its cancel flag). O(min(limit, length) × depth of g).
    pub fn written(&mut self, g: GameId, limit: usize) -> Result<String, ValueError> {
        let depth = self.depth(g);
        self.guarded(depth, |s| {
            let mut out = String::new();
            s.append(g, &mut out, limit, true, false)?;
            Ok(out)
        })
    }

    /// `g` written as an option of a larger form (a loopy game's): in braces if `brackets`,
    /// in parentheses if `parens` asks for them, with the slashes of its outer level when it
    /// is written without braces (0 otherwise), so that the form around it chooses its own
    /// slashes as [`GameStore::display`] does. At most `limit` characters, else
    /// [`ValueError::TooLong`]. O(length of the text × depth of g).
    pub(crate) fn written_option(
        &mut self,
        g: GameId,
        limit: usize,
        brackets: bool,
        parens: bool,
    ) -> Result<(String, usize), ValueError> {
        let depth = self.depth(g);
        self.guarded(depth, |s| {
            let mut out = String::new();
            let slashes = s.append(g, &mut out, limit, brackets, parens)?;
            Ok((out, slashes))
        })
    }

    /// Appends `g`; returns the slashes of its outer level when it was printed without
    /// braces (0 when it has braces or is not of the form `L|R`). Every text being built is
    /// a piece of the whole (the options' texts are built apart and copied in), so the whole
    /// is longer than `limit` as soon as one of them is: [`ValueError::TooLong`] then. Each
    /// call counts as one operation of the store's budget.
    fn append(
        &mut self,
        g: GameId,
        out: &mut String,
        limit: usize,
        brackets: bool,
        parens: bool,
    ) -> Result<usize, ValueError> {
        self.tick()?;
        let slashes = self.append_form(g, out, limit, brackets, parens)?;
        within(out, limit)?;
        Ok(slashes)
    }

    /// The body of [`GameStore::append`].
    fn append_form(
        &mut self,
        g: GameId,
        out: &mut String,
        limit: usize,
        brackets: bool,
        parens: bool,
    ) -> Result<usize, ValueError> {
        let expansion = self.uptimal_expansion(g).ok().flatten();
        if let Some(e) = &expansion {
            if e.len() <= 1 || e.is_unit() || e.is_unit_sum() {
                append_uptimal(e, out, parens);
                return Ok(0);
            }
        }
        let (left, right) = self.sorted_options(g).unwrap_or_else(|_| {
            (
                self.options(g, Side::Left).unwrap_or_default(),
                self.options(g, Side::Right).unwrap_or_default(),
            )
        });
        if self.neg_in(g) == g && !left.is_empty() {
            out.push_str("+-");
            if left.len() > 1 {
                out.push('{');
            }
            for (i, &l) in left.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                self.append(l, out, limit, true, left.len() == 1)?;
            }
            if left.len() > 1 {
                out.push('}');
            }
            return Ok(0);
        }
        if expansion.is_none() {
            if let Some((name, translate, subscript)) = self.number_tiny_parts(&left, &right) {
                if parens {
                    out.push('(');
                }
                if translate != GameId::ZERO {
                    self.append(translate, out, limit, false, false)?;
                }
                out.push_str(name);
                out.push('(');
                self.append(subscript, out, limit, true, false)?;
                out.push(')');
                if parens {
                    out.push(')');
                }
                return Ok(0);
            }
        }
        let mut sides = [String::new(), String::new()];
        let mut slashes = 0;
        for k in 0..2 {
            let list = if k == 0 { &left } else { &right };
            for (i, &o) in list.iter().enumerate() {
                if i > 0 {
                    sides[k].push(',');
                }
                let bars = self.append(o, &mut sides[k], limit, list.len() > 1, false)?;
                slashes = slashes.max(bars + 1);
                // The two sides are pieces of the whole too.
                if sides[0].len() + sides[1].len() > limit {
                    return Err(too_long(limit));
                }
            }
        }
        // Copying the options' text up a level costs its length: counted against the budget
        // (one operation for 64 bytes), so that a deep form's printing keeps to its deadline.
        let copied = (sides[0].len() + sides[1].len()) >> 6;
        self.tick_by(u32::try_from(copied).unwrap_or(u32::MAX))?;
        let braced = brackets || slashes == MAX_SLASHES;
        if braced {
            out.push('{');
        }
        out.push_str(&sides[0]);
        out.extend(std::iter::repeat_n('|', slashes));
        out.push_str(&sides[1]);
        if braced {
            out.push('}');
            Ok(0)
        } else {
            Ok(slashes)
        }
    }

    /// For `x + Tiny(G) = {x || x | x − G}` or `x + Miny(G) = {x + G | x || x}` (G with a
    /// positive mean): the name, `x` and `G`.
    pub(crate) fn number_tiny_parts(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Option<(&'static str, GameId, GameId)> {
        let (&[l], &[r]) = (left, right) else {
            return None;
        };
        for (name, x, other, side) in [("Tiny", l, r, Side::Right), ("Miny", r, l, Side::Left)] {
            if !self.is_number(x) {
                continue;
            }
            let near = self.options(other, side.other()).ok()?;
            let far = self.options(other, side).ok()?;
            if near != [x] || far.len() != 1 {
                continue;
            }
            let (mean_far, mean_x) = (self.mean(far[0]).ok()?, self.mean(x).ok()?);
            let beyond = match side {
                Side::Right => mean_far < mean_x,
                Side::Left => mean_far > mean_x,
            };
            if beyond {
                let subscript = match side {
                    Side::Right => self.sub(x, far[0]).ok()?,
                    Side::Left => self.sub(far[0], x).ok()?,
                };
                return Some((name, x, subscript));
            }
        }
        None
    }
}

/// [`ValueError::TooLong`] if `text` is longer than `limit`. O(1).
fn within(text: &str, limit: usize) -> Result<(), ValueError> {
    if text.len() > limit {
        return Err(too_long(limit));
    }
    Ok(())
}

/// The error of a text longer than `limit`.
fn too_long(limit: usize) -> ValueError {
    ValueError::TooLong {
        limit: limit as u64,
    }
}

/// A number + nimber + ups, `^<n>`-type or `^[n]`-type uptimal, compactly: the number
/// (unless 0 with something else), the ups, the nimber; in parentheses when `parens` asks
/// for them and the text has more than one part.
fn append_uptimal(e: &UptimalExpansion, out: &mut String, parens: bool) {
    let k = e.len();
    let is_number = k == 0 && e.nimber == 0;
    let is_nimber = k == 0 && e.number == Dyadic::ZERO;
    let compact = is_number
        || is_nimber
        || (e.number == Dyadic::ZERO
            && e.nimber == 0
            && (k == 1 || e.is_unit() || e.is_unit_sum()));
    if parens && !compact {
        out.push('(');
    }
    if e.number != Dyadic::ZERO || is_number {
        out.push_str(&e.number.to_string());
    }
    if k == 1 {
        let d = e.digit(1);
        out.push_str(match d {
            2 => "^^",
            -2 => "vv",
            d if d > 0 => "^",
            _ => "v",
        });
        if d.abs() > 2 {
            out.push_str(&d.abs().to_string());
        }
    } else if k > 1 {
        out.push(if e.digit(k) > 0 { '^' } else { 'v' });
        let (open, close) = if e.is_unit() { ('<', '>') } else { ('[', ']') };
        out.push(open);
        out.push_str(&k.to_string());
        out.push(close);
    }
    match e.nimber {
        0 => {}
        1 => out.push('*'),
        m => {
            out.push('*');
            out.push_str(&m.to_string());
        }
    }
    if parens && !compact {
        out.push(')');
    }
}
