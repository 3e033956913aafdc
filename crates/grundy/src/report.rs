//! What a catalogue command answers, independent of how it is shown: a [`Report`] is an
//! ordered list of parts (the common answer, named fields, listings), each holding both its
//! JSON value (derived from the game's types by serde) and its text. Front ends (the command
//! line, and later the Python package and the web page) render reports; the games never
//! print.
//!
//! The text form is `outcome (Sprague-Grundy value v)`, then one `label: text` line a field,
//! then `winning moves (n):` and the moves; the JSON form is one object with the answer's
//! keys (`outcome`, `value`, `winning_moves`, `winning_move_count`) and one key a field. See
//! [`Report::write_text`] and [`Report::to_json`].

use std::fmt::Display;
use std::io::{self, Write};

use serde::Serialize;
use serde_json::{Map, Value};

use crate::answer::Answer;
use crate::budget::Exhausted;
use crate::outcome::Outcome;

/// How many winning moves text output lists before saying how many there are.
pub const LISTED_IN_TEXT: usize = 20;

/// A catalogue answer with its moves rendered: each move's text and JSON value.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderedAnswer {
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// The Sprague–Grundy value, where the game is impartial and it is known.
    pub value: Option<u64>,
    /// The winning moves listed: (text, JSON).
    pub winning_moves: Vec<(String, Value)>,
    /// The number of winning moves when they are not all listed.
    pub winning_move_count: Option<u128>,
}

impl RenderedAnswer {
    /// Renders an answer's moves by their `Display` and `Serialize` forms. O(moves).
    pub fn new<M: Display + Serialize>(answer: &Answer<M>) -> RenderedAnswer {
        RenderedAnswer {
            outcome: answer.outcome,
            value: answer.value,
            winning_moves: answer
                .winning_moves
                .iter()
                .map(|m| (m.to_string(), json(m)))
                .collect(),
            winning_move_count: answer.winning_move_count,
        }
    }

    /// The number of winning moves, listed or not.
    pub fn total(&self) -> u128 {
        self.winning_move_count
            .unwrap_or(self.winning_moves.len() as u128)
    }

    /// The answer's JSON keys, in order, added to `map`.
    fn add_json(&self, map: &mut Map<String, Value>) {
        map.insert("outcome".into(), json(&self.outcome));
        map.insert("value".into(), json(&self.value));
        map.insert(
            "winning_moves".into(),
            Value::Array(self.winning_moves.iter().map(|m| m.1.clone()).collect()),
        );
        if let Some(count) = self.winning_move_count {
            map.insert("winning_move_count".into(), big(count));
        }
    }

    /// `winning moves (n):` and the first [`LISTED_IN_TEXT`] moves, `...` when there are
    /// more; nothing when there are none.
    fn write_moves(&self, out: &mut dyn Write) -> io::Result<()> {
        let total = self.total();
        if total == 0 {
            return Ok(());
        }
        writeln!(out, "winning moves ({total}):")?;
        for (text, _) in self.winning_moves.iter().take(LISTED_IN_TEXT) {
            writeln!(out, "  {text}")?;
        }
        if total > LISTED_IN_TEXT.min(self.winning_moves.len()) as u128 {
            writeln!(out, "  ...")?;
        }
        Ok(())
    }
}

/// A JSON value of anything serialisable (the types here serialise infallibly: numbers,
/// strings, plain structs and enums).
pub fn json<T: Serialize + ?Sized>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A JSON number, or a decimal string beyond 2^64 − 1 (JSON readers lose precision above).
pub fn big(x: u128) -> Value {
    u64::try_from(x).map_or_else(|_| Value::String(x.to_string()), Value::from)
}

/// How a field's text is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// `label: text` on one line.
    Inline,
    /// `label:` then the text on the lines below.
    Block,
    /// The text alone (a headline, or a bare count).
    Bare,
}

/// A named value of a report: its JSON key and value, its text label and text. Either side
/// may be absent (a text-only headline, a JSON-only detail).
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    key: Option<String>,
    json: Value,
    label: Option<String>,
    text: String,
    layout: Layout,
}

impl Field {
    /// A field shown the same way in both forms: `"pile_values": [1,0]` in JSON, and in text
    /// the key in words with the value as a reader writes it: `pile values: 1, 0` (a string
    /// without its quotes, a list of numbers or words separated by commas).
    pub fn new(key: &str, value: impl Serialize) -> Field {
        let json = json(&value);
        let scalar = |v: &Value| match v {
            Value::String(s) => Some(s.clone()),
            Value::Number(_) | Value::Bool(_) => Some(v.to_string()),
            _ => None,
        };
        let text = match &json {
            Value::Array(items) if !items.is_empty() => (items.iter())
                .map(scalar)
                .collect::<Option<Vec<String>>>()
                .map_or_else(|| json.to_string(), |words| words.join(", ")),
            other => scalar(other).unwrap_or_else(|| other.to_string()),
        };
        Field {
            key: Some(key.to_string()),
            json,
            label: Some(key.replace('_', " ")),
            text,
            layout: Layout::Inline,
        }
    }

    /// A field with its own text: `label: text` in text, `"key": value` in JSON.
    pub fn shown(key: &str, value: impl Serialize, label: &str, text: impl Display) -> Field {
        Field {
            key: Some(key.to_string()),
            json: json(&value),
            label: Some(label.to_string()),
            text: text.to_string(),
            layout: Layout::Inline,
        }
    }

    /// A field of the JSON form only.
    pub fn json_only(key: &str, value: impl Serialize) -> Field {
        Field {
            key: Some(key.to_string()),
            json: json(&value),
            label: None,
            text: String::new(),
            layout: Layout::Inline,
        }
    }

    /// A line `label: text` of the text form only.
    pub fn text_only(label: &str, text: impl Display) -> Field {
        Field {
            key: None,
            json: Value::Null,
            label: Some(label.to_string()),
            text: text.to_string(),
            layout: Layout::Inline,
        }
    }

    /// A text of its own lines, with no label, in the text form only (a headline).
    pub fn headline(text: impl Display) -> Field {
        Field {
            key: None,
            json: Value::Null,
            label: None,
            text: text.to_string(),
            layout: Layout::Bare,
        }
    }

    /// The same field laid out differently in text.
    pub fn laid_out(mut self, layout: Layout) -> Field {
        self.layout = layout;
        self
    }

    /// The JSON key, if the field has a JSON side.
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    /// The JSON value (null for a text-only field).
    pub fn value(&self) -> &Value {
        &self.json
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        match (&self.label, self.layout) {
            (None, _) if self.key.is_some() => Ok(()),
            (Some(label), Layout::Inline) => writeln!(out, "{label}: {}", self.text),
            (Some(label), Layout::Block) => writeln!(out, "{label}:\n{}", self.text),
            // A bare field with nothing to say (an empty batch) prints no line at all.
            _ if self.text.is_empty() => Ok(()),
            _ => writeln!(out, "{}", self.text),
        }
    }
}

/// A column of a [`Listing`]: its JSON key and text header, and how text aligns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// The key of this column in each row's JSON object.
    pub key: &'static str,
    /// The header in text.
    pub header: &'static str,
    /// Whether text right-aligns the column (numbers).
    pub right: bool,
}

impl Column {
    /// A left-aligned column.
    pub const fn left(key: &'static str, header: &'static str) -> Column {
        Column {
            key,
            header,
            right: false,
        }
    }

    /// A right-aligned column.
    pub const fn right(key: &'static str, header: &'static str) -> Column {
        Column {
            key,
            header,
            right: true,
        }
    }
}

/// A cell of a listing: its text (`-` when missing) and JSON value (null when missing).
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// A whole number.
    Number(u64),
    /// A word or name.
    Text(String),
    /// A value whose text and JSON differ (a move: `b` and `{"to": "b"}`).
    Both(String, Value),
    /// Nothing (`-`, null).
    Missing,
}

impl Cell {
    fn text(&self) -> String {
        match self {
            Cell::Number(n) => n.to_string(),
            Cell::Text(t) | Cell::Both(t, _) => t.clone(),
            Cell::Missing => "-".to_string(),
        }
    }

    fn json(&self) -> Value {
        match self {
            Cell::Number(n) => Value::from(*n),
            Cell::Text(t) => Value::from(t.as_str()),
            Cell::Both(_, v) => v.clone(),
            Cell::Missing => Value::Null,
        }
    }
}

/// The rows of a listing, made on demand, so that a listing of millions of rows costs
/// nothing until it is written.
type RowMaker = Box<dyn Fn(usize) -> Vec<Cell> + Send + Sync>;

/// How a listing's text is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListingStyle {
    /// A header line, columns padded to their widths, two spaces apart.
    Aligned,
    /// No header, cells separated by tabs (for long machine-read listings).
    Tabbed,
}

/// Rows of cells under named columns: every start of a graph, every heap of a table.
pub struct Listing {
    key: &'static str,
    columns: Vec<Column>,
    len: usize,
    row: RowMaker,
    style: ListingStyle,
    json: JsonShape,
}

/// How a listing appears in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum JsonShape {
    /// An array of row objects keyed by the columns.
    Rows,
    /// An array of one column's values (a sequence indexed by the row).
    Column(usize),
}

impl std::fmt::Debug for Listing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Listing")
            .field("key", &self.key)
            .field("columns", &self.columns)
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

impl Listing {
    /// A listing of `len` rows under `key` in JSON, row `i` made by `row(i)` with one cell a
    /// column.
    pub fn new(
        key: &'static str,
        columns: Vec<Column>,
        len: usize,
        row: impl Fn(usize) -> Vec<Cell> + Send + Sync + 'static,
    ) -> Listing {
        Listing {
            key,
            columns,
            len,
            row: Box::new(row),
            style: ListingStyle::Aligned,
            json: JsonShape::Rows,
        }
    }

    /// The same listing as a plain array of column `column`'s values in JSON (the other
    /// columns are the index).
    pub fn json_column(mut self, column: usize) -> Listing {
        self.json = JsonShape::Column(column);
        self
    }

    /// The same listing in another text style.
    pub fn styled(mut self, style: ListingStyle) -> Listing {
        self.style = style;
        self
    }

    /// The columns.
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Row `i`'s cells as text (`-` for missing cells).
    pub fn row_text(&self, i: usize) -> Vec<String> {
        (self.row)(i).iter().map(Cell::text).collect()
    }

    /// Row `i` as a JSON object keyed by the columns.
    pub fn row_json(&self, i: usize) -> Value {
        let cells = (self.row)(i);
        Value::Object(
            self.columns
                .iter()
                .zip(&cells)
                .map(|(c, cell)| (c.key.to_string(), cell.json()))
                .collect(),
        )
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.style == ListingStyle::Tabbed {
            for i in 0..self.len {
                writeln!(out, "{}", self.row_text(i).join("\t"))?;
            }
            return Ok(());
        }
        // Two passes over the rows: widths first, so nothing is stored.
        let mut widths: Vec<usize> = self
            .columns
            .iter()
            .map(|c| c.header.chars().count())
            .collect();
        for i in 0..self.len {
            for (w, cell) in widths.iter_mut().zip(self.row_text(i)) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let headers: Vec<String> = self.columns.iter().map(|c| c.header.to_string()).collect();
        self.write_aligned(out, &headers, &widths)?;
        for i in 0..self.len {
            self.write_aligned(out, &self.row_text(i), &widths)?;
        }
        Ok(())
    }

    /// One line of cells padded to `widths`, two spaces apart; the last cell is not padded
    /// unless right-aligned.
    fn write_aligned(
        &self,
        out: &mut dyn Write,
        cells: &[String],
        widths: &[usize],
    ) -> io::Result<()> {
        let last = cells.len().saturating_sub(1);
        let mut line = String::new();
        for (i, ((cell, &width), column)) in cells.iter().zip(widths).zip(&self.columns).enumerate()
        {
            if i > 0 {
                line.push_str("  ");
            }
            let pad = width.saturating_sub(cell.chars().count());
            if column.right {
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                if i < last {
                    line.extend(std::iter::repeat_n(' ', pad));
                }
            }
        }
        writeln!(out, "{line}")
    }
}

/// One part of a report.
#[derive(Debug)]
pub enum Part {
    /// The common answer: its keys at the top level of the JSON object.
    Answer(RenderedAnswer),
    /// The answer of one player moving first (partizan games): `headline: outcome` and the
    /// moves in text, a nested answer object under `key` in JSON.
    SideAnswer {
        /// The JSON key of the nested answer.
        key: String,
        /// The text before the outcome: `Left (takes 2) moving first`.
        headline: String,
        /// The answer.
        answer: RenderedAnswer,
    },
    /// A named value.
    Field(Field),
    /// Rows under columns.
    Listing(Listing),
}

/// A catalogue command's answer, as an ordered list of parts. See the module.
///
/// A report may be partial: what was finished before a budget ran out, with the budget that
/// did ([`Report::stopped_by`]); its parts say which properties were not computed, and a
/// front end shows them and then the budget's error.
#[derive(Debug, Default)]
pub struct Report {
    parts: Vec<Part>,
    stopped: Option<Exhausted>,
}

impl Report {
    /// An empty report.
    pub fn new() -> Report {
        Report::default()
    }

    /// A report that starts with the common answer.
    pub fn answer<M: Display + Serialize>(answer: &Answer<M>) -> Report {
        Report {
            parts: vec![Part::Answer(RenderedAnswer::new(answer))],
            stopped: None,
        }
    }

    /// Adds a part.
    pub fn with(mut self, part: Part) -> Report {
        self.parts.push(part);
        self
    }

    /// Adds a field.
    pub fn field(self, field: Field) -> Report {
        self.with(Part::Field(field))
    }

    /// Adds fields.
    pub fn fields(mut self, fields: impl IntoIterator<Item = Field>) -> Report {
        self.parts.extend(fields.into_iter().map(Part::Field));
        self
    }

    /// Adds a listing.
    pub fn listing(self, listing: Listing) -> Report {
        self.with(Part::Listing(listing))
    }

    /// The same report, marked as partial: `e` ran out before the rest was computed. Its
    /// JSON form gets `"stopped"` (the error's message). O(1).
    pub fn stopped_by(mut self, e: Exhausted) -> Report {
        self.stopped = Some(e);
        self
    }

    /// The budget that ran out before the report was complete, if one did. O(1).
    pub fn stopped(&self) -> Option<&Exhausted> {
        self.stopped.as_ref()
    }

    /// The parts, in order.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The common answer, if the report has one.
    pub fn main_answer(&self) -> Option<&RenderedAnswer> {
        self.parts.iter().find_map(|p| match p {
            Part::Answer(a) => Some(a),
            _ => None,
        })
    }

    /// The JSON form: one object with the answer's keys and one key a field, listing or
    /// player's answer. O(size of the report).
    pub fn to_json(&self) -> Value {
        let mut map = Map::new();
        for part in &self.parts {
            match part {
                Part::Answer(a) => a.add_json(&mut map),
                Part::SideAnswer { key, answer, .. } => {
                    let mut inner = Map::new();
                    answer.add_json(&mut inner);
                    map.insert(key.clone(), Value::Object(inner));
                }
                Part::Field(f) => {
                    if let Some(key) = &f.key {
                        map.insert(key.clone(), f.json.clone());
                    }
                }
                Part::Listing(l) => {
                    let rows = (0..l.len)
                        .map(|i| match l.json {
                            JsonShape::Rows => l.row_json(i),
                            JsonShape::Column(c) => {
                                (l.row)(i).get(c).map_or(Value::Null, Cell::json)
                            }
                        })
                        .collect();
                    map.insert(l.key.to_string(), Value::Array(rows));
                }
            }
        }
        if let Some(e) = &self.stopped {
            map.insert("stopped".into(), Value::String(e.to_string()));
        }
        Value::Object(map)
    }

    /// The text form: the answer's outcome line first, the fields, the winning moves after
    /// the fields, the listings last. O(size of the report).
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        for part in &self.parts {
            match part {
                Part::Answer(a) => match a.value {
                    Some(v) => writeln!(out, "{} (Sprague-Grundy value {v})", a.outcome)?,
                    None => writeln!(out, "{}", a.outcome)?,
                },
                Part::SideAnswer {
                    headline, answer, ..
                } => {
                    writeln!(out, "{headline}: {}", answer.outcome)?;
                    answer.write_moves(out)?;
                }
                Part::Field(f) => f.write_text(out)?,
                Part::Listing(_) => {}
            }
        }
        if let Some(a) = self.main_answer() {
            a.write_moves(out)?;
        }
        for part in &self.parts {
            if let Part::Listing(l) = part {
                l.write_text(out)?;
            }
        }
        Ok(())
    }

    /// The rows of the machine-readable table forms (TSV, CSV): a report's listing as its
    /// rows under a header of column keys; otherwise one row `key, value` a field (strings
    /// bare, other values as compact JSON), the answer as `outcome`, `value` and one
    /// `winning_move` row a listed move (its text).
    pub fn table_rows(&self) -> (Vec<String>, Box<dyn Iterator<Item = Vec<String>> + '_>) {
        if let Some(listing) = self.parts.iter().find_map(|p| match p {
            Part::Listing(l) => Some(l),
            _ => None,
        }) {
            let header = listing.columns.iter().map(|c| c.key.to_string()).collect();
            return (
                header,
                Box::new((0..listing.len).map(|i| listing.row_text(i))),
            );
        }
        let mut rows = Vec::new();
        let scalar = |v: &Value| match v {
            Value::String(s) => s.clone(),
            Value::Null => "-".to_string(),
            other => other.to_string(),
        };
        for part in &self.parts {
            match part {
                Part::Answer(a) => {
                    rows.push(vec!["outcome".into(), a.outcome.to_string()]);
                    rows.push(vec![
                        "value".into(),
                        a.value.map_or("-".into(), |v| v.to_string()),
                    ]);
                    for (text, _) in &a.winning_moves {
                        rows.push(vec!["winning_move".into(), text.clone()]);
                    }
                }
                Part::SideAnswer { key, answer, .. } => {
                    rows.push(vec![format!("{key}.outcome"), answer.outcome.to_string()]);
                    for (text, _) in &answer.winning_moves {
                        rows.push(vec![format!("{key}.winning_move"), text.clone()]);
                    }
                }
                Part::Field(f) => {
                    if let Some(key) = &f.key {
                        rows.push(vec![key.clone(), scalar(&f.json)]);
                    }
                }
                Part::Listing(_) => {}
            }
        }
        (
            vec!["key".to_string(), "value".to_string()],
            Box::new(rows.into_iter()),
        )
    }
}
