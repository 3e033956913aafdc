//! Misère quotients of take-and-break games as a family of the catalogue
//! ([`crate::impartial::quotient`] computes): the quotient of a code's heaps, and the misère
//! outcome and winning moves of a sum of heaps from it.

use super::{Family, Group, Inputs, Param, RunError};
use crate::impartial::octal::Rule;
use crate::impartial::quotient::Quotient;
use crate::report::{Cell, Column, Field, Layout, Listing, ListingStyle, Report};

/// The largest heap a quotient is computed to: a heap's options are listed and valued
/// (O(n) of them for a code that splits heaps in two, O(n²) in all), and learning a heap
/// searches sums that hold it.
pub const MAX_UPTO: u64 = 2_000;

/// The library's [`crate::impartial::quotient::DEFAULT_SUMS`], as the parameter's default.
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
pub static FAMILY: Family = Family {
    name: "misere-quotient",
    group: Group::TakeAndBreak,
    about: "The misère quotient of a take-and-break game (Plambeck-Siegel): order, P-portion, \
            presentation; sums of heaps in misère play",
    example: &[("code", "0.75"), ("upto", "30"), ("sum", "3,5,7,9")],
    params: &[
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
    ],
    run,
    table: None,
    plays: &[],
    strong: None,
};

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
    #[test]
    fn the_default_sums_are_the_library_s() {
        let library = crate::impartial::quotient::DEFAULT_SUMS;
        assert_eq!(super::DEFAULT_SUMS, library.to_string());
    }
}
