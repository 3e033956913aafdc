//! Misère quotients of take-and-break games as a family of the catalogue
//! ([`grundy::impartial::quotient`] computes): the quotient of a code's heaps, the misère
//! outcome and winning moves of a sum of heaps from it, and tables of the heaps' elements
//! (`grundy table misere:CODE`), drawn by the pictures as every table is.

use super::{Example, Family, Group, Inputs, Param, RunError};
use grundy::budget::Budget;
use grundy::impartial::octal::Rule;
use grundy::impartial::quotient::{Quotient, QuotientError, DEFAULT_SUMS as LIBRARY_SUMS};
use grundy::partizan::OutcomeClass;
use grundy::pattern::table::{
    check_limit, Form, Kind, NeedsMore, Span, Table, TableError, TableGame, TableSource, Tabulate,
};
use grundy::progress::Progress;
use grundy::report::{Cell, Column, Field, Layout, Listing, ListingStyle, Report};

/// The largest heap a quotient is computed to: a heap's options are listed and valued
/// (O(n) of them for a code that splits heaps in two, O(n²) in all), and learning a heap
/// searches sums that hold it.
pub const MAX_UPTO: u64 = 2_000;

/// The library's [`grundy::impartial::quotient::DEFAULT_SUMS`], as the parameter's default.
const DEFAULT_SUMS: &str = "300000";

/// `grundy misere-quotient CODE --upto N [--sum H,H,...]`: the misère quotient of a
/// take-and-break code.
///
/// Text: the order and P-portion, the presentation and its generators' heaps, where the
/// quotient grew, the periodicity of the heaps' elements; with `--sum`, the sum's element,
/// who wins and the winning moves; with `--elements`, one `heap<TAB>element` line a heap.
/// JSON: `{"game", "upto", "order", "p_portion", "presentation", "generators", "growth",
/// "periodicity"}`, with `"sum"` (`{"heaps", "element", "outcome", "winning_moves"}`) and
/// `"elements"`.
pub struct MisereQuotientFamily;

impl Family for MisereQuotientFamily {
    fn name(&self) -> &'static str {
        "misere-quotient"
    }

    fn group(&self) -> Group {
        Group::TakeAndBreak
    }

    fn about(&self) -> &'static str {
        "The misère quotient of a take-and-break game (Plambeck-Siegel): order, P-portion, \
         presentation; sums of heaps in misère play"
    }

    fn example(&self) -> Example {
        &[("code", "0.75"), ("upto", "30"), ("sum", "3,5,7,9")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "code",
                "CODE",
                "The game: an octal or hexadecimal code (0.75, 0.77 Kayles, 0.07 Dawson's Kayles, \
                 4.07, ...) or `grundy` for Grundy's game",
            ),
            Param::option(
                "upto",
                "N",
                "Compute the quotient of the sums of heaps 0 to N",
            )
            .default("30")
            .whole("a heap", 0)
            .at_most(MAX_UPTO),
            Param::option(
                "sum",
                "HEAPS",
                "A sum of heaps to answer in misère play, comma-separated (each at most {upto})",
            )
            .list("a heap", 0),
            Param::option(
                "sums",
                "N",
                "The most sums of heaps the computation searches for their outcome or checks (each \
                 kept); a quotient that grows at large heaps needs more",
            )
            .default(DEFAULT_SUMS)
            .whole("a count", 1)
            .at_most(u32::MAX as u64 - 1),
            Param::flag(
                "elements",
                "Print the element of every heap, one heap per line (`heap<TAB>element`)",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "misere:CODE (misere:0.77, misere:kayles, ...; or misere-quotient:CODE)",
            about: "n: the heap, its element of the code's misère quotient (outcomes only: its \
                    misère outcome)",
            parse: parse_table,
        })
    }
}

/// The game of a table of misère quotient elements: a take-and-break code.
#[derive(Debug)]
struct MisereTable(Rule);

impl Tabulate for MisereTable {
    /// `misère 0.77 (Kayles)`.
    fn name(&self) -> String {
        format!("misère {}", super::take_and_break::table_name(&self.0))
    }

    fn parameters(&self) -> usize {
        1
    }

    /// The element of each heap of `n` in the quotient of heaps 0 to `n.last` (or its misère
    /// outcome, P when the element is in the P-portion), within `budget` and at most the
    /// library's default sums: a quotient that needs more is refused, naming the family that
    /// computes it with more and its parameters ([`TableError::NeedsMore`], which each front
    /// end writes as its own run of the family).
    fn line(
        &self,
        n: Span,
        kind: Kind,
        budget: &Budget,
        _progress: &dyn Progress,
    ) -> Result<Table, TableError> {
        let name = self.name();
        check_limit(
            &name,
            "heap",
            n.last,
            MAX_UPTO,
            "a quotient's heaps are listed with their options and checked in sums",
        )?;
        let sums = budget
            .clone()
            .with_positions(budget.positions().min(LIBRARY_SUMS));
        let q = Quotient::of_code(&self.0, n.last as u32, &sums).map_err(|e| {
            let game = name.clone();
            match (e.sums_needed(), e) {
                (Some(needed), _) => TableError::NeedsMore(Box::new(NeedsMore {
                    game,
                    needed,
                    family: MisereQuotientFamily.name().to_string(),
                    parameters: vec![
                        ("code".to_string(), self.0.to_string()),
                        ("upto".to_string(), n.last.to_string()),
                    ],
                    raise: "sums".to_string(),
                })),
                (None, e @ QuotientError::Budget(_)) => TableError::Budget {
                    game,
                    message: e.to_string(),
                },
                (None, e) => TableError::Game {
                    game,
                    message: e.to_string(),
                },
            }
        })?;
        let p = q.presentation();
        let elements = (0..q.order())
            .map(|x| Form {
                text: p.name(x),
                class: if q.is_p(x) {
                    OutcomeClass::Second
                } else {
                    OutcomeClass::First
                },
            })
            .collect();
        let table =
            Table::element_line(name, n, elements, |heap| u64::from(q.element(heap as u32)))?;
        Ok(match kind {
            Kind::Outcomes => table.outcomes(),
            _ => table,
        })
    }
}

/// Reads a table's name: `misere:CODE` (or `misère:CODE`, or the family's name
/// `misere-quotient:CODE`, in any case).
fn parse_table(spec: &str) -> Option<TableGame> {
    let (word, code) = spec.split_once(':')?;
    let word = word.to_lowercase();
    let ours =
        matches!(word.as_str(), "misere" | "misère") || MisereQuotientFamily.answers_to(&word);
    ours.then(|| {
        Rule::parse(code)
            .map(|rule| Box::new(MisereTable(rule)) as Box<dyn Tabulate>)
            .map_err(|e| TableError::Malformed(e.to_string()))
    })
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let rule = Rule::parse(inputs.value("code").unwrap_or_default())?;
    let upto = inputs.whole("upto")? as u32;
    let sum = if inputs.given("sum") {
        Some(inputs.list("sum")?)
    } else {
        None
    };
    let sums = inputs.whole("sums")?;
    let budget = inputs.budget().clone();
    let budget = budget.clone().with_positions(budget.positions().min(sums));
    let q = Quotient::of_code(&rule, upto, &budget)
        .map_err(|e| e.in_sums(&format!("raise {}", inputs.shown("sums"))))?;
    let p = q.presentation();
    let game = rule.to_string();
    let p_names: Vec<String> = q.p_portion().iter().map(|&x| p.name(x)).collect();
    let generators: Vec<serde_json::Value> = p
        .generators
        .iter()
        .map(|g| serde_json::json!({"name": g.name, "heap": g.heap}))
        .collect();
    let generator_text: Vec<String> = p
        .generators
        .iter()
        .map(|g| format!("{} (heap {})", g.name, g.heap))
        .collect();
    let growth: Vec<serde_json::Value> = q
        .growth()
        .iter()
        .map(|&(heap, order)| serde_json::json!({"heap": heap, "order": order}))
        .collect();
    let grew = match q.growth().last() {
        None => "the quotient is trivial: no heap has a move".to_string(),
        Some(&(last, _)) => format!(
            "grew at heaps {}; unchanged from heap {} to {upto}",
            q.growth()
                .iter()
                .map(|(h, o)| format!("{h} (order {o})"))
                .collect::<Vec<_>>()
                .join(", "),
            last + 1
        ),
    };
    let periodicity = q.periodicity();
    let mut report = Report::new().fields([
        Field::shown(
            "game",
            &game,
            "",
            format!("{game}: misère quotient of the sums of heaps 0 to {upto}"),
        )
        .laid_out(Layout::Bare),
        Field::json_only("upto", upto),
        Field::shown(
            "order",
            q.order(),
            "",
            format!(
                "order {}, P-portion of {}: {}",
                q.order(),
                p_names.len(),
                p_names.join(", ")
            ),
        )
        .laid_out(Layout::Bare),
        Field::json_only("p_portion", &p_names),
        Field::shown("presentation", p.to_string(), "presentation", p.to_string()),
        Field::shown(
            "generators",
            &generators,
            "generators",
            generator_text.join(", "),
        ),
        Field::shown("growth", &growth, "", grew).laid_out(Layout::Bare),
        Field::shown(
            "periodicity",
            periodicity,
            "",
            periodicity.describe("elements ", "elements"),
        )
        .laid_out(Layout::Bare),
    ]);
    if let Some(heaps) = sum {
        let element = q.element_of_sum(&heaps)?;
        let outcome = q.outcome(&heaps)?;
        let moves = q.winning_moves(&heaps)?;
        let shown_moves: Vec<String> = moves
            .iter()
            .map(|m| {
                let leaves: Vec<String> = m.leaves.iter().map(u32::to_string).collect();
                if leaves.is_empty() {
                    format!("{} -> nothing", m.heap)
                } else {
                    format!("{} -> {}", m.heap, leaves.join("+"))
                }
            })
            .collect();
        let who = if q.is_p(element) {
            "the player to move loses (a P-position)".to_string()
        } else if moves.is_empty() {
            "the player to move wins: no move is left".to_string()
        } else {
            format!("the player to move wins by {}", shown_moves.join(", "))
        };
        let json = serde_json::json!({
            "heaps": heaps,
            "element": p.name(element),
            "outcome": outcome,
            "winning_moves": moves
                .iter()
                .map(|m| serde_json::json!({"heap": m.heap, "leaves": m.leaves}))
                .collect::<Vec<_>>(),
        });
        let text = format!(
            "sum {}: element {}; {who}",
            heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join("+"),
            p.name(element)
        );
        report = report.field(Field::shown("sum", json, "", text).laid_out(Layout::Bare));
    }
    if inputs.given("elements") {
        let names: Vec<String> = q.elements().iter().map(|&x| p.name(x)).collect();
        report = report.listing(
            Listing::new(
                "elements",
                vec![
                    Column::right("heap", "heap"),
                    Column::left("element", "element"),
                ],
                names.len(),
                move |i| vec![Cell::Number(i as u64), Cell::Text(names[i].clone())],
            )
            .styled(ListingStyle::Tabbed)
            .json_column(1),
        );
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::progress::NoProgress;

    fn table(spec: &str, last: u64, kind: Kind) -> Result<Table, TableError> {
        let span = Span::new(0, last).unwrap();
        parse_table(spec).expect("a misère table's name")?.line(
            span,
            kind,
            &Budget::default(),
            &NoProgress,
        )
    }

    #[test]
    fn tables_hold_the_quotient_s_elements_and_outcomes() {
        let q = Quotient::of_code(&Rule::parse("0.77").unwrap(), 80, &Budget::default()).unwrap();
        let p = q.presentation();
        let elements = table("misere:0.77", 80, Kind::Values).unwrap();
        let outcomes = table("MISÈRE:0.77", 80, Kind::Outcomes).unwrap();
        assert_eq!(elements.game(), "misère 0.77 (Kayles)");
        assert_eq!(elements.kind(), Kind::Elements);
        assert_eq!(outcomes.kind(), Kind::Outcomes);
        for heap in 0..=80u32 {
            let e = q.element(heap);
            let cell = elements.value(heap.into()).unwrap();
            assert_eq!(elements.cell_text(cell), p.name(e), "heap {heap}");
            let letter = if q.is_p(e) { "P" } else { "N" };
            assert_eq!(
                outcomes.cell_text(outcomes.value(heap.into()).unwrap()),
                letter
            );
        }
        // Misère play: the empty heap wins for the player to move, heap 1 loses.
        assert_eq!(outcomes.values()[..2], [1, 0]);
    }

    #[test]
    fn table_names_and_refusals() {
        assert!(parse_table("0.77").is_none());
        assert!(parse_table("subtraction:1,2").is_none());
        let bad = table("misere:0.7$", 5, Kind::Values).unwrap_err();
        assert!(bad.to_string().contains("'$'"), "{bad}");
        let far = table("misere:0.77", MAX_UPTO + 1, Kind::Values).unwrap_err();
        assert!(matches!(far, TableError::ParameterTooLarge { .. }), "{far}");
        // A quotient that needs more sums names the family's run that computes it, for each
        // front end to write in its own words.
        let costly = table("misere:0.35", 20, Kind::Values).unwrap_err();
        let text = costly.to_string();
        assert!(
            text.contains("more than 300000 sums")
                && text.contains(
                    "the family misere-quotient computes it with more sums (code 0.35, upto 20)"
                ),
            "{text}"
        );
        let TableError::NeedsMore(more) = costly else {
            panic!("{text}")
        };
        let NeedsMore {
            family,
            parameters,
            raise,
            ..
        } = *more;
        let params = MisereQuotientFamily.params();
        assert_eq!(family, MisereQuotientFamily.name());
        for (name, _) in &parameters {
            assert!(params.iter().any(|p| p.name == name), "{name}");
        }
        assert!(params.iter().any(|p| p.name == raise), "{raise}");
    }

    #[test]
    fn the_default_sums_are_the_library_s() {
        let library = grundy::impartial::quotient::DEFAULT_SUMS;
        assert_eq!(super::DEFAULT_SUMS, library.to_string());
    }
}
