//! Misère canonical forms of impartial games as families of the catalogue
//! ([`grundy::impartial::misere_form`] computes): `misere-form`, the canonical form, misère
//! outcome, genus and phylum of a sum of games written in CGSuite's notation, and
//! `misere-census`, the games born by a day.

use serde_json::{json, Value};

use super::{Example, Family, Group, Inputs, Param, RunError};
use grundy::budget::Exhausted;
use grundy::impartial::misere_form::{FormId, GenusTable, MisereStore, NotationError, Phylum};
use grundy::outcome::OutcomeClass;
use grundy::report::{Cell, Column, Field, Layout, Listing, Report};

/// `grundy misere-form EXPR`: the misère canonical form of a sum of impartial games.
///
/// Text: the expression, the canonical form of the sum (its word in CGSuite's notation, or
/// its length when longer than `max-length`), its misère outcome, normal-play value,
/// birthday, genus and phylum; for a sum of several games, a line a part with the same. JSON:
/// `{"expression", "canonical_form", "canonical_form_length", "outcome", "normal_value",
/// "birthday", "genus", "phylum", "parts"}` (the form `null` when not written), each part an
/// object with the keys of the form (`"parts"` holds the one game of an expression without
/// `+`).
///
/// The work is the sum of the parts' forms, O(f1 · f2 · …) canonical forms for parts of f1,
/// f2, … followers at worst (sums of followers are remembered), within the budget.
pub struct MisereFormFamily;

impl Family for MisereFormFamily {
    fn name(&self) -> &'static str {
        "misere-form"
    }

    fn group(&self) -> Group {
        Group::Misere
    }

    fn about(&self) -> &'static str {
        "The misère canonical form of a sum of impartial games in CGSuite's notation: \
         outcome, normal-play value, birthday, genus, tame/restive/restless"
    }

    fn example(&self) -> Example {
        &[("expr", "2#1 + 1")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[Param::args(
            "expr",
            "EXPR",
            "The games in CGSuite's misère notation, joined by `+` (`2#1 + 3`, `*[(2#1)21]`): a \
             digit, `*n` or `&n;` is a nim heap, `X#` the game whose one option is X, games \
             written one after the other the game with those options (between parentheses when it \
             is an option). Several EXPR are added: `2 2` is `2 + 2`",
        ),
        Param::option(
            "max-length",
            "N",
            "Write a canonical form only if its word has at most N characters (a sum's form can be \
             exponentially long); a longer one is given by its length",
        )
        .default(DEFAULT_MAX_LENGTH)
        .whole("a length", 0)];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run_form(inputs)
    }
}

/// The longest word `misere-form` writes by default (its `max-length` parameter).
const DEFAULT_MAX_LENGTH: &str = "100000";

/// The last day whose games `misere-census` lists one by one (day 4: 22 games; day 5 has
/// 4,171,780).
pub const MAX_LISTED_DAY: u64 = 4;

/// The last day whose games can be enumerated: day 6's are the forms of the 2^4171780 sets of
/// day 5's games.
pub const MAX_CENSUS_DAY: u64 = 5;

/// `grundy misere-census DAY [--list]`: the census of misère impartial games born by a day.
///
/// Text: the number of games born by day DAY and by each day before it; with `--list`, how
/// many are tame, restive, restless and wild, and one line a game (its word, outcome,
/// normal-play value, birthday, genus and phylum). JSON: `{"day", "count", "born_by"}`, with
/// `"phyla"` and `"games"` (objects keyed as `misere-form`'s parts) when listed.
///
/// Day n + 1 canonicalises the 2^k sets of the k games of day n: instant to day 4, about 5 s
/// and 370 MB for day 5 (2^22 sets), counted against the budget; day 6 and later are refused
/// at once.
pub struct MisereCensusFamily;

impl Family for MisereCensusFamily {
    fn name(&self) -> &'static str {
        "misere-census"
    }

    fn group(&self) -> Group {
        Group::Misere
    }

    fn about(&self) -> &'static str {
        "The census of misère impartial games: how many distinct games are born by each \
         day (1, 2, 3, 5, 22, 4171780), and each game of a day with its genus and phylum"
    }

    fn example(&self) -> Example {
        &[("day", "3"), ("list", "")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "day",
                "DAY",
                "Count the games born by days 0 to DAY (day 5, 4171780 games, takes seconds and \
                 about 370 MB; day 6 is beyond enumeration)",
            )
            .whole("a day", 0),
            Param::flag(
                "list",
                "List every game born by day {day} with its outcome, normal-play value, birthday, \
                 genus and phylum (days up to 4)",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run_census(inputs)
    }
}

/// What is shown of one form.
struct Described {
    /// The word in CGSuite's notation, if it is at most the longest written.
    word: Option<String>,
    /// The word's length in bytes.
    length: u64,
    outcome: OutcomeClass,
    normal: u32,
    birthday: u32,
    genus: String,
    phylum: Phylum,
}

impl Described {
    /// The form `g` of `store` described, its genus and phylum from `genera`, its word written
    /// if it has at most `longest` characters. O(f) genera for f followers, and the word's
    /// length.
    fn of(
        store: &MisereStore,
        genera: &mut GenusTable,
        g: FormId,
        longest: u64,
    ) -> Result<Described, Exhausted> {
        let length = store.notation_len(g);
        let word = match length <= longest {
            true => Some(store.notation(g)?),
            false => None,
        };
        Ok(Described {
            word,
            length,
            outcome: store.outcome(g),
            normal: store.normal_value(g),
            birthday: store.birthday(g),
            genus: genera.genus(store, g)?.to_string(),
            phylum: genera.phylum(store, g)?,
        })
    }

    /// The JSON object: `{"canonical_form", "outcome", "normal_value", "birthday", "genus",
    /// "phylum"}`.
    fn json(&self) -> Value {
        json!({
            "canonical_form": self.word,
            "outcome": self.outcome,
            "normal_value": self.normal,
            "birthday": self.birthday,
            "genus": self.genus,
            "phylum": self.phylum.to_string(),
        })
    }

    /// The word, or what it is when it is not written: `a word of 123456 characters`.
    fn word_text(&self) -> String {
        match &self.word {
            Some(word) => word.clone(),
            None => format!("a word of {} characters", self.length),
        }
    }

    /// One line of text: `2#1: N, normal-play value *2, birthday 3, genus 2^1420, restless`.
    fn line(&self) -> String {
        format!(
            "{}: {}, normal-play value {}, birthday {}, genus {}, {}",
            self.word_text(),
            self.outcome.letter(),
            nimber(self.normal),
            self.birthday,
            self.genus,
            self.phylum
        )
    }
}

/// A normal-play value as a nimber: `0`, `*`, `*2`.
fn nimber(n: u32) -> String {
    match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}

/// The expression the words given make: each word a game or a sum, the words added (`2`, `2`
/// is `2 + 2`); a word that starts or ends with `+`, or a lone `+`, is joined with a space
/// (`2#1`, `+`, `3` is `2#1 + 3`, as a shell splits it). O(length).
fn expression(words: &[String]) -> String {
    let mut text = String::new();
    for word in words.iter().map(|w| w.trim()) {
        if !text.is_empty() {
            let joined = text.ends_with('+') || word.starts_with('+');
            text.push_str(if joined { " " } else { " + " });
        }
        text.push_str(word);
    }
    text
}

fn run_form(inputs: &Inputs) -> Result<Report, RunError> {
    let text = expression(inputs.values("expr"));
    let mut store = MisereStore::with_budget(inputs.budget().clone());
    let parts = store.parse_sum(&text).map_err(|e| match e {
        NotationError::Input(e) => {
            RunError::from(e.within(&format!("{} '{text}'", inputs.shown("expr"))))
        }
        NotationError::Budget(e) => RunError::from(e),
    })?;
    let longest = inputs.whole("max-length")?;
    let total = store.sum_all(&parts)?;
    let mut genera = GenusTable::new();
    let sum = Described::of(&store, &mut genera, total, longest)?;
    let described = parts
        .iter()
        .map(|&g| Described::of(&store, &mut genera, g, longest))
        .collect::<Result<Vec<_>, _>>()?;
    let form_text = match &sum.word {
        Some(word) => word.clone(),
        None => format!(
            "not written: {} characters, more than {} {longest}",
            sum.length,
            inputs.shown("max-length")
        ),
    };
    let mut report = Report::new().fields([
        Field::new("expression", &text),
        Field::shown("canonical_form", &sum.word, "canonical form", form_text),
        Field::json_only("canonical_form_length", sum.length),
        Field::shown("outcome", sum.outcome, "misère outcome", sum.outcome),
        Field::shown(
            "normal_value",
            sum.normal,
            "normal-play value",
            nimber(sum.normal),
        ),
        Field::new("birthday", sum.birthday),
        Field::new("genus", &sum.genus),
        Field::new("phylum", sum.phylum.to_string()),
        Field::json_only(
            "parts",
            described.iter().map(Described::json).collect::<Vec<_>>(),
        ),
    ]);
    if described.len() > 1 {
        let lines: Vec<String> = described
            .iter()
            .map(|d| format!("  {}", d.line()))
            .collect();
        report = report.field(
            Field::text_only(&format!("parts ({})", described.len()), lines.join("\n"))
                .laid_out(Layout::Block),
        );
    }
    Ok(report)
}

fn run_census(inputs: &Inputs) -> Result<Report, RunError> {
    let day = inputs.whole("day")?;
    if day > MAX_CENSUS_DAY {
        return Err(format!(
            "{}: the games born by day {} cannot be enumerated: day 6's alone are the forms of \
             the 2^4171780 sets of the 4171780 games born by day 5 (the census goes to day \
             {MAX_CENSUS_DAY})",
            inputs.shown("day"),
            day
        )
        .into());
    }
    let list = inputs.given("list");
    if list && day > MAX_LISTED_DAY {
        return Err(format!(
            "{} lists the games of days up to {MAX_LISTED_DAY}: day {day} has 4171780; leave \
             it out to count them",
            inputs.shown("list")
        )
        .into());
    }
    let mut store = MisereStore::with_budget(inputs.budget().clone());
    let games = store.born_by(day as u32)?;
    let born_by: Vec<usize> = (0..=day as u32)
        .map(|d| games.iter().filter(|&&g| store.birthday(g) <= d).count())
        .collect();
    let counts: Vec<String> = born_by.iter().map(usize::to_string).collect();
    let mut report = Report::new().fields([
        Field::json_only("day", day),
        Field::shown(
            "count",
            games.len(),
            "",
            format!("games born by day {day}: {}", games.len()),
        )
        .laid_out(Layout::Bare),
        Field::shown(
            "born_by",
            &born_by,
            &format!("by day 0 to {day}"),
            counts.join(", "),
        ),
    ]);
    if list {
        let mut genera = GenusTable::new();
        let described = games
            .iter()
            .map(|&g| Described::of(&store, &mut genera, g, u64::MAX))
            .collect::<Result<Vec<_>, _>>()?;
        let phyla = [
            Phylum::Tame,
            Phylum::Restive,
            Phylum::Restless,
            Phylum::Wild,
        ]
        .map(|p| (p, described.iter().filter(|d| d.phylum == p).count()));
        let phyla_text: Vec<String> = phyla.iter().map(|(p, n)| format!("{n} {p}")).collect();
        let phyla_json: serde_json::Map<String, Value> = phyla
            .iter()
            .map(|(p, n)| (p.to_string(), Value::from(*n)))
            .collect();
        report = report.field(Field::shown(
            "phyla",
            phyla_json,
            "phyla",
            phyla_text.join(", "),
        ));
        report = report.listing(Listing::new(
            "games",
            vec![
                Column::left("canonical_form", "form"),
                Column::left("outcome", "outcome"),
                Column::right("normal_value", "normal"),
                Column::right("birthday", "birthday"),
                Column::left("genus", "genus"),
                Column::left("phylum", "phylum"),
            ],
            described.len(),
            move |i| {
                let d = &described[i];
                vec![
                    Cell::Text(d.word_text()),
                    Cell::Text(d.outcome.letter().to_string()),
                    Cell::Both(nimber(d.normal), Value::from(d.normal)),
                    Cell::Number(u64::from(d.birthday)),
                    Cell::Text(d.genus.clone()),
                    Cell::Text(d.phylum.to_string()),
                ]
            },
        ));
    }
    Ok(report)
}
