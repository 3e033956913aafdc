//! Take-and-break games (octal codes and Grundy's game) as a family of the catalogue: their
//! values heap by heap, rare values and period ([`grundy::impartial::octal`] computes), and
//! their tables.

mod worksheet;

use super::cgsuite::CgsuiteClass;
use super::{Example, Family, Group, Inputs, Param, RunError};
use crate::play::piles::heap_values_why;
use crate::play::playable::game_error;
use crate::play::take_break::Heaps;
use crate::play::{piles, Match, PlayError, PlayTable, Playable, WhyLine, HEAPS};
use grundy::budget::{Budget, Exhausted};
use grundy::impartial::octal::{values_plain, values_sparse, Rule};
use grundy::input::InputError;
use grundy::pattern::period;
use grundy::pattern::table::{
    check_limit, of_kind, Kind, Span, Table, TableError, TableGame, TableSource, Tabulate,
};
use grundy::progress::{NoProgress, Progress};
use grundy::report::{Cell, Column, Field, Layout, Listing, ListingStyle, Report};
use worksheet::HeapClasses;

/// The largest heap of a take-and-break table (values are computed from heap 0 up; 2 bytes
/// per heap while computing).
pub const MAX_HEAP: u64 = 1 << 26;

/// The largest heap of a table whose code splits a heap in three (hexadecimal digits 8-f):
/// values then take O(n^3) time.
pub const MAX_HEAP_THREE_WAY: u64 = 1500;

/// Largest heap of `grundy octal`: heaps are numbered in 32 bits (2 bytes each, so 8 GiB of
/// values).
pub const MAX_UPTO: u64 = u32::MAX as u64 - 1;

/// The rare-value mask and the rare heaps of the sparse-space method.
type Rare = (u16, Vec<u32>);

/// The values of heaps 0 to n, by the sparse-space method where the code allows it, and the
/// rare-value mask and heaps it used, within `budget`.
fn values(
    rule: &Rule,
    n: usize,
    mask: Option<u16>,
    plain: bool,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<(Vec<u16>, Option<Rare>), RunError> {
    // The sparse-space method knows octal and hexadecimal codes and Grundy's game only.
    if plain || rule.splits_in_three() || matches!(rule, Rule::General(_)) {
        progress.phase(&format!("computing {} heaps", n as u64 + 1), None);
        return Ok((values_plain(rule, n, budget)?, None));
    }
    let s = values_sparse(rule, n, mask, budget, progress)?;
    Ok((s.values, Some((s.mask, s.rare_heaps))))
}

/// The values of heaps 0 to n, as the take-and-break values of one heap are computed
/// anywhere: the sparse-space method where the code allows it, within `budget`.
pub(crate) fn heap_values(rule: &Rule, n: usize, budget: &Budget) -> Result<Vec<u16>, RunError> {
    Ok(values(rule, n, None, false, budget, &NoProgress)?.0)
}

/// The name of a code as tables print it: `0.77 (Kayles)`, the code alone when it has no
/// name in the literature ([`Rule::known_name`]), `Grundy's game`.
pub(crate) fn table_name(rule: &Rule) -> String {
    let code = rule.to_string();
    match rule.known_name() {
        Some(name) if *rule != Rule::Grundy => format!("{code} ({name})"),
        _ => code,
    }
}

/// The game of a table of take-and-break values: a code (the engine's [`Rule`], which
/// knows no tables).
#[derive(Debug)]
struct CodeTable(Rule);

impl Tabulate for CodeTable {
    fn name(&self) -> String {
        table_name(&self.0)
    }

    fn parameters(&self) -> usize {
        1
    }

    /// Values from heap 0 to `n.last` (by the sparse-space method where the code allows it).
    fn line(
        &self,
        n: Span,
        kind: Kind,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Table, TableError> {
        let (limit, reason) = if self.0.splits_in_three() {
            (
                MAX_HEAP_THREE_WAY,
                "values of three-way splits take O(n^3) time",
            )
        } else {
            (
                MAX_HEAP,
                "values are computed from heap 0 up, 2 bytes per heap",
            )
        };
        check_limit(&self.name(), "heap", n.last, limit, reason)?;
        let (values, _) =
            values(&self.0, n.last as usize, None, false, budget, progress).map_err(|e| {
                let (game, message) = (self.name(), e.to_string());
                match e.downcast_ref::<Exhausted>() {
                    Some(_) => TableError::Budget { game, message },
                    None => TableError::Game { game, message },
                }
            })?;
        let table = Table::line(self.name(), n, |i| u64::from(values[i as usize]))?;
        Ok(of_kind(table, kind))
    }
}

/// Reads a table's name: a code (starting with a digit or a point), a name of the literature
/// (`kayles`, `grundy`: [`Rule::named`]) or `splittles:S`, each also after the family's
/// names (`octal:0.77`, `take-and-break:kayles`).
fn parse_table(spec: &str) -> Option<TableGame> {
    let (word, rest) = spec.split_once(':').unwrap_or((spec, ""));
    let code = if OctalFamily.answers_to(word) && !rest.is_empty() {
        rest
    } else {
        spec
    };
    let (word, _) = code.split_once(':').unwrap_or((code, ""));
    let ours = code.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        || Rule::named(code).is_some()
        || word.eq_ignore_ascii_case("splittles")
        || code != spec;
    ours.then(|| {
        Rule::parse(code)
            .map(|rule| Box::new(CodeTable(rule)) as Box<dyn Tabulate>)
            .map_err(|e| TableError::Malformed(e.to_string()))
    })
}

/// `grundy octal CODE --upto N`: values of a take-and-break game, its rare values and period.
///
/// Text: the game and the heaps, the largest value, the rare values (sparse-space method),
/// and the periodicity: proven by the periodicity theorem for octal games, or observed; with
/// `--values` every value, one `heap<TAB>value` line a heap. JSON: `{"game", "upto",
/// "largest", "largest_at", "mask", "rare_heaps", "last_rare", "periodicity"}` and `"values"`
/// (an array) with `--values`. Tables: a code or `grundy`, by heap.
pub struct OctalFamily;

impl Family for OctalFamily {
    fn name(&self) -> &'static str {
        "octal"
    }

    fn group(&self) -> Group {
        Group::TakeAndBreak
    }

    fn about(&self) -> &'static str {
        "Take-and-break games (octal codes like 0.77, Grundy's game): values, rare values, \
         period"
    }

    fn example(&self) -> Example {
        &[("code", "0.77"), ("upto", "200")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "code",
                "CODE",
                "The game: an octal or hexadecimal code (0.77, 0.07, 0.137, 4.07, ...), or a name: \
                 kayles (0.77), dawsons-kayles (0.07), dawsons-chess (0.137), grundy (Grundy's \
                 game), splittles:S (remove a number of S, leave no heap, one or two: \
                 splittles:1,3 is 0.707; splittles:1,3/allbut any number but 1 and 3)",
            ),
            Param::option("upto", "N", "Compute the values of heaps 0 to N")
                .default("1000")
                .whole("a heap", 0)
                .at_most(MAX_UPTO),
            Param::option(
                "mask",
                "HEX",
                "The mask that splits values into rare and common (hexadecimal, e.g. fe); chosen \
                 automatically if not given",
            ),
            Param::flag(
                "plain",
                "Use the plain O(n^2) computation instead of the sparse-space method",
            ),
            Param::flag(
                "values",
                "Print every value, one heap per line (`heap<TAB>value`), after the summary",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["take-and-break"]
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "a take-and-break code (0.77, .07, 4.07, 0.137, ...) or name (kayles, \
                     dawsons-kayles, dawsons-chess, grundy, splittles:1,3)",
            about: "n: the heap (0.77 is Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's Chess; \
                    grundy is Grundy's game; splittles:S removes a number of S and leaves no \
                    heap, one or two)",
            parse: parse_table,
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&TakeAndBreakPlay]
    }

    fn cgsuite(&self) -> Option<&dyn CgsuiteClass> {
        Some(&HeapClasses)
    }
}

/// The game `take-and-break:CODE` of `grundy play` and the web page.
struct TakeAndBreakPlay;

impl Playable for TakeAndBreakPlay {
    fn syntax(&self) -> &'static str {
        "take-and-break:CODE (0.77, 0.07, 4.07, kayles, grundy, splittles:1,3...)"
    }

    fn example(&self) -> &'static str {
        "take-and-break:0.77"
    }

    fn about(&self) -> &'static str {
        "Take-and-break heaps by an octal code or a name (0.77 is kayles, 0.07 dawsons-kayles)"
    }

    fn position(&self) -> &'static str {
        "the heaps: 7 4"
    }

    fn start(&self) -> &'static str {
        "7 4"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["octal"]
    }

    fn build(&self, argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        let rule = Rule::parse(argument).map_err(game_error)?;
        let mut heaps = piles::read_within(start, "heap", budget)?;
        heaps.retain(|&n| n > 0);
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        let title = format!("take-and-break {rule}");
        Match::from_rules(
            title,
            &Heaps(rule),
            heaps,
            false,
            budget,
            piles::named("heap"),
        )
        .map(|game| game.read_as(HEAPS))
    }

    fn table(&self, argument: &str) -> Option<PlayTable> {
        PlayTable::of_piles(argument, 1)
    }

    fn why(&self, argument: &str) -> Option<WhyLine> {
        why(argument)
    }
}

/// Why a position of the take-and-break game (its code the argument) is won or lost: each
/// heap's value, computed from heap 0 up as `grundy octal` does, and their nim-sum.
fn why(argument: &str) -> Option<WhyLine> {
    let rule = Rule::parse(argument).ok()?;
    let values = format!("the heaps' values under {}", table_name(&rule));
    Some(heap_values_why("heap", values, move |largest, budget| {
        let values = values_plain(&rule, usize::try_from(largest).ok()?, budget).ok()?;
        Some(values.into_iter().map(u64::from).collect())
    }))
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let rule = Rule::parse(inputs.value("code").unwrap_or_default())?;
    let upto = inputs.whole("upto")? as usize;
    let mask = inputs
        .value("mask")
        .map(|m| {
            u16::from_str_radix(m.trim().trim_start_matches("0x"), 16).map_err(|_| {
                InputError::Malformed {
                    place: inputs.shown("mask"),
                    text: m.to_string(),
                    noun: "a mask".to_string(),
                    expected: "a hexadecimal number from 0 to ffff, like fe".to_string(),
                }
            })
        })
        .transpose()?;
    let (values, sparse) = values(
        &rule,
        upto,
        mask,
        inputs.given("plain"),
        inputs.budget(),
        inputs.progress(),
    )?;
    let largest = values.iter().copied().max().unwrap_or(0);
    let largest_at = values.iter().position(|&v| v == largest).unwrap_or(0);
    // Grundy's game and the general codes (conditions on the heaps left, digits repeating
    // forever) are not octal games: the periodicity theorem does not apply.
    let removal = matches!(rule, Rule::Code { .. }).then(|| rule.max_removal());
    let periodicity = period::octal(&values, removal);
    let (game, named) = (rule.to_string(), table_name(&rule));
    let mut report = Report::new().fields([
        Field::shown("game", &game, "", format!("{named}: heaps 0 to {upto}"))
            .laid_out(Layout::Bare),
        Field::json_only("upto", upto),
        Field::shown(
            "largest",
            largest,
            "",
            format!("largest value {largest}, first at heap {largest_at}"),
        )
        .laid_out(Layout::Bare),
        Field::json_only("largest_at", largest_at),
        Field::json_only("mask", sparse.as_ref().map(|(m, _)| format!("{m:x}"))),
        Field::json_only("rare_heaps", sparse.as_ref().map(|(_, r)| r.len())),
        Field::json_only(
            "last_rare",
            sparse.as_ref().and_then(|(_, r)| r.last().copied()),
        ),
    ]);
    if let Some((m, rare)) = &sparse {
        report = report.field(Field::headline(format!(
            "rare values (mask {m:x}): {} heaps, the last at {}",
            rare.len(),
            rare.last().copied().unwrap_or(0)
        )));
    }
    report = report.field(
        Field::shown(
            "periodicity",
            periodicity,
            "",
            periodicity.describe("", "values"),
        )
        .laid_out(Layout::Bare),
    );
    if inputs.given("values") {
        report = report.listing(
            Listing::new(
                "values",
                vec![
                    Column::right("heap", "heap"),
                    Column::right("value", "value"),
                ],
                values.len(),
                move |i| vec![Cell::Number(i as u64), Cell::Number(u64::from(values[i]))],
            )
            .styled(ListingStyle::Tabbed)
            .json_column(1),
        );
    }
    Ok(report)
}
