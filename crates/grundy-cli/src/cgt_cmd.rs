//! `grundy cgt EXPR...`: the values of short partizan games written in the reference tool's
//! notation (`{1|*}`, `{2||1|0}`, `3/4`, `^`, `+-1`, sums, negatives), one report each with
//! every property the library's `partizan::describe` gives; `--compare A B` for the relation
//! of two games; `--cool T`, `--heat T`, `--overheat S T` and `--norton U` for cooled,
//! heated, overheated forms and Norton products; `--svg` and `--png`
//! for the thermograph of one game. Expressions also come from a file or standard input, one
//! a line. A malformed expression is an error naming where it is: `expression '…': column C:
//! …` for an argument, `FILE:LINE:COLUMN: …` for a line.
//!
//! A line of a CGSuite worksheet reads as CGSuite reads it: a ruleset's position by its
//! CGSuite name (`game.grid.Clobber("xox|ox.")`, `Cutcake((8,3)) + 1`: the catalogue's
//! [`Worksheet`]), and a property ending the line (`.OutcomeClass`, `.Temperature`) prints
//! that property alone, as CGSuite prints it.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use grundy::input::without_bom;
use grundy::partizan::compound::{Compound, CompoundPlay, Count};
use grundy::partizan::notation::Reading;
use grundy::partizan::picture::ThermographPicture;
use grundy::partizan::store::PRINT_LIMIT;
use grundy::partizan::{describe, Dyadic, GameId, GameStore, ParseError, Side};
use grundy::report::{Field, Report};
use grundy_catalogue::games::worksheet::{FormsOnly, Worksheet};
use serde_json::json;

use crate::budget_cmd::BudgetArgs;
use crate::output::{emit_each, Format};
use crate::source::read_source;

/// Arguments of `grundy cgt`.
#[derive(Debug, Args)]
pub struct CgtArgs {
    /// Games in the reference tool's notation: numbers (3/4), nimbers (*3), ups (^, v*),
    /// options ({1|*}, {2||1|0}), switches (+-1), sums, differences and negatives, integer
    /// multiples (3*{1|0}), ordinal sums ({1|0}:1), with parentheses. `-` reads them from standard input, one a line. Games that start with
    /// `-` (other than plain numbers) follow `--`: `grundy cgt -- -{1|0}`.
    #[arg(value_name = "EXPR", allow_negative_numbers = true)]
    pub expressions: Vec<String>,
    /// Read games from FILE, one a line (`-` for standard input); blank lines and lines
    /// starting with `#` are skipped.
    #[arg(long, short = 'f', value_name = "FILE")]
    pub file: Option<String>,
    /// Compare two games A and B: the relation (<, =, >, or <> when confused) and the
    /// outcome class of A - B.
    #[arg(long, conflicts_with_all = ["cool", "heat", "overheat", "norton", "svg", "png"])]
    pub compare: bool,
    /// Play the games as one compound of KIND instead (Winning Ways, ch. 9): conjunctive
    /// (move in every component; CGSuite's ConjunctiveSum), selective (move in any non-empty
    /// set of them; SelectiveSum), continued-conjunctive (move in every component you can),
    /// diminished-disjunctive (move in one; over once any component has ended),
    /// shortened-selective (as selective; over once any component has ended) or sequential
    /// (the games in the order given, each until it has ended; not the ordinal sum G : H).
    /// Prints who wins with each player first, in how many moves (by suspense for
    /// continued-conjunctive, by remoteness for the others), and the outcome class: these
    /// compounds have no canonical form. Each game is played as its canonical form
    /// ({-1|1} as 0), so positions of rulesets (Kayles(5)) are refused here.
    #[arg(long, value_name = "KIND", value_parser = [
              "conjunctive", "selective", "continued-conjunctive", "diminished-disjunctive",
              "shortened-selective", "sequential"],
          conflicts_with_all = ["compare", "cool", "heat", "overheat", "norton", "svg", "png"])]
    pub compound: Option<String>,
    /// Also cool each game by T, a dyadic number greater than -1 (1/2, 3/4, 2).
    #[arg(long, value_name = "T", allow_hyphen_values = true)]
    pub cool: Option<String>,
    /// Also heat each game by T, a game in the same notation (a number, or any game).
    #[arg(long, value_name = "T", allow_hyphen_values = true)]
    pub heat: Option<String>,
    /// Also overheat each game from S to T (games in the same notation): integers n become
    /// n·S (Norton's product), other games {G^L + T | G^R - T} overheated.
    #[arg(long, num_args = 2, value_names = ["S", "T"], allow_hyphen_values = true)]
    pub overheat: Option<Vec<String>>,
    /// Also Norton-multiply each game by U, a positive game in the same notation (G.U: G
    /// copies of U for an integer G).
    #[arg(long, value_name = "U", allow_hyphen_values = true)]
    pub norton: Option<String>,
    /// Draw the thermograph of the game (one game only) as SVG into FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Draw the thermograph of the game (one game only) as PNG into FILE.
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write a canonical form only if its text has at most N characters (a form can be
    /// exponentially longer than the store's record of it); a longer one is noted as not
    /// written.
    #[arg(long, value_name = "N", default_value_t = PRINT_LIMIT)]
    pub max_length: usize,
    /// The budget of the computation.
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// An expression and where it was read, for messages.
struct Expression {
    text: String,
    /// `(origin, line)` for a line of a file or standard input; `None` for an argument.
    line: Option<(String, usize)>,
}

impl Expression {
    /// The place of a problem at `column` (1-based) of this expression, with the message:
    /// `FILE:LINE:COLUMN: message`, or `expression '…': column C: message`.
    fn at(&self, column: usize, message: impl std::fmt::Display) -> anyhow::Error {
        match &self.line {
            Some((origin, line)) => anyhow!("{origin}:{line}:{column}: {message}"),
            None => anyhow!("expression '{}': column {column}: {message}", self.text),
        }
    }

    /// A problem with the whole expression (arithmetic out of range, …).
    fn whole(&self, message: impl std::fmt::Display) -> anyhow::Error {
        match &self.line {
            Some((origin, line)) => anyhow!("{origin}:{line}: {message}"),
            None => anyhow!("expression '{}': {message}", self.text),
        }
    }

    /// Reads the game and the property that ends it, if any, or the error at its column;
    /// for a compound (`forms_only`), without positions of rulesets ([`FormsOnly`]).
    fn parse(&self, store: &mut GameStore, forms_only: bool) -> Result<Reading> {
        let read = match forms_only {
            true => store.read(&self.text, Some(&mut FormsOnly)),
            false => store.read(&self.text, Some(&mut Worksheet)),
        };
        read.map_err(|e: ParseError| self.at(e.column, e.kind))
    }

    /// The game read, with the property that ends it applied: a property that is no game
    /// (`.OutcomeClass`) is an error where a game is needed (`--compare`, `--svg`).
    fn game(&self, store: &mut GameStore, reading: Reading) -> Result<GameId> {
        let Some(property) = reading.property else {
            return Ok(reading.game);
        };
        match property.game(store, reading.game) {
            Some(g) => g.map_err(|e| self.whole(e)),
            None => Err(self.whole(format!(
                "{} is not a game: compare or draw the game without it",
                property.name()
            ))),
        }
    }
}

/// The lines of a file (or of standard input for `-`) that hold games; a leading byte-order
/// mark is dropped.
fn read_lines(path: &str) -> Result<Vec<Expression>> {
    let source = read_source(path)?;
    Ok(without_bom(&source.text)
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            let trimmed = line.trim();
            !trimmed.is_empty() && !trimmed.starts_with('#')
        })
        .map(|(i, line)| Expression {
            text: line.to_string(),
            line: Some((source.origin.clone(), i + 1)),
        })
        .collect())
}

/// The expressions the arguments name, in order: arguments, `-` standing for the lines of
/// standard input, then the lines of `--file`.
fn expressions(args: &CgtArgs) -> Result<Vec<Expression>> {
    let mut all = Vec::new();
    for text in &args.expressions {
        if text == "-" {
            all.extend(read_lines("-")?);
        } else {
            all.push(Expression {
                text: text.clone(),
                line: None,
            });
        }
    }
    if let Some(path) = &args.file {
        all.extend(read_lines(path)?);
    }
    if all.is_empty() {
        bail!("no game given: write one (grundy cgt '{{1|*}}') or read them with --file");
    }
    Ok(all)
}

/// The cooling temperature of `--cool`.
fn cooling(text: &str) -> Result<Dyadic> {
    text.trim()
        .parse()
        .map_err(|e| anyhow!("--cool '{text}': {e} (a number greater than -1)"))
}

/// Runs `grundy cgt`.
pub fn run(args: &CgtArgs, format: Format) -> Result<()> {
    let expressions = expressions(args)?;
    let mut store = GameStore::with_budget(args.budget.budget()?);
    store.set_print_limit(args.max_length);
    // Every game is read before anything is computed, so that a malformed line anywhere
    // prints nothing but its error.
    let readings = expressions
        .iter()
        .map(|e| e.parse(&mut store, args.compound.is_some()))
        .collect::<Result<Vec<Reading>>>()?;
    if args.compare {
        let [a, b] = &readings[..] else {
            bail!(
                "--compare takes two games, A and B; {} given",
                readings.len()
            );
        };
        let (a, b) = (
            expressions[0].game(&mut store, a.clone())?,
            expressions[1].game(&mut store, b.clone())?,
        );
        let report = describe::comparison(
            &mut store,
            (&expressions[0].text, a),
            (&expressions[1].text, b),
        )
        .map_err(|e| anyhow!("comparing the games: {e}"))?;
        return emit_each(&[report], format);
    }
    if let Some(kind) = &args.compound {
        let kind = Compound::from_name(kind).expect("clap checks the names");
        let games = expressions
            .iter()
            .zip(&readings)
            .map(|(e, r)| e.game(&mut store, r.clone()))
            .collect::<Result<Vec<GameId>>>()?;
        let outcome = store
            .compound_outcome(kind, &games)
            .map_err(|e| anyhow!("the {} compound: {e}", kind.name()))?;
        let texts: Vec<&str> = expressions.iter().map(|e| e.text.as_str()).collect();
        let play = |p: CompoundPlay| {
            let winner = match p.winner {
                Side::Left => "Left",
                Side::Right => "Right",
            };
            (
                serde_json::json!({"winner": winner.to_lowercase(), "moves": p.moves}),
                match p.moves {
                    0 => format!("{winner} wins: the other player cannot move"),
                    1 => format!("{winner} wins in 1 move"),
                    n => format!("{winner} wins in {n} moves"),
                },
            )
        };
        let (left_json, left_text) = play(outcome.left_first);
        let (right_json, right_text) = play(outcome.right_first);
        let report = Report::new().fields([
            Field::shown("compound", kind.name(), "compound", kind.name()),
            Field::shown("games", &texts, "games", texts.join(", ")),
            match kind.count() {
                Count::Remoteness => Field::shown(
                    "count",
                    "remoteness",
                    "moves counted by",
                    "remoteness (the winner ends it soonest, the loser puts it off)",
                ),
                Count::Suspense => Field::shown(
                    "count",
                    "suspense",
                    "moves counted by",
                    "suspense (the winner makes it last, the loser cuts it short)",
                ),
            },
            Field::shown("left_first", left_json, "Left moving first", left_text),
            Field::shown("right_first", right_json, "Right moving first", right_text),
            Field::shown(
                "outcome_class",
                outcome.class(),
                "outcome class",
                outcome.class(),
            ),
        ]);
        return emit_each(&[report], format);
    }
    let drawing = args.svg.is_some() || args.png.is_some();
    if drawing && readings.len() != 1 {
        bail!(
            "--svg and --png draw the thermograph of one game; {} given",
            readings.len()
        );
    }
    let transforms = transforms(args, &mut store)?;
    let mut reports = Vec::with_capacity(readings.len());
    for (expression, reading) in expressions.iter().zip(&readings) {
        reports.push(
            report(&mut store, expression, reading.clone(), &transforms)
                .map_err(|e| expression.whole(e))?,
        );
    }
    let mut written = Vec::new();
    if drawing {
        let g = expressions[0].game(&mut store, readings[0].clone())?;
        let thermograph = store.thermograph(g).map_err(|e| expressions[0].whole(e))?;
        let picture = ThermographPicture::new(&store.display(g), &thermograph)
            .map_err(|e| expressions[0].whole(e))?;
        for (path, svg) in [(&args.svg, true), (&args.png, false)] {
            if let Some(path) = path {
                written.push(draw(&picture, path, svg)?);
            }
        }
    }
    emit_each(&reports, format)?;
    if format == Format::Text && !written.is_empty() {
        let mut out = std::io::stdout().lock();
        for line in written {
            writeln!(out, "{line}")?;
        }
        out.flush()?;
    }
    Ok(())
}

/// A transformation of each game asked for on the command line, with its parameters.
#[derive(Debug, Clone, Copy)]
enum Transform {
    /// `--cool T`.
    Cool(Dyadic),
    /// `--heat T`.
    Heat(GameId),
    /// `--overheat S T`.
    Overheat(GameId, GameId),
    /// `--norton U`.
    Norton(GameId),
}

/// The transformations the arguments ask for, in the order of the report's fields.
fn transforms(args: &CgtArgs, store: &mut GameStore) -> Result<Vec<Transform>> {
    let mut game = |option: &str, text: &str| {
        store
            .parse_with(text, &mut Worksheet)
            .map_err(|e| anyhow!("--{option} '{text}': {e}"))
    };
    let mut all = Vec::new();
    if let Some(text) = &args.cool {
        all.push(Transform::Cool(cooling(text)?));
    }
    if let Some(text) = &args.heat {
        all.push(Transform::Heat(game("heat", text)?));
    }
    if let Some([s, t]) = args.overheat.as_deref() {
        all.push(Transform::Overheat(
            game("overheat", s)?,
            game("overheat", t)?,
        ));
    }
    if let Some(text) = &args.norton {
        all.push(Transform::Norton(game("norton", text)?));
    }
    Ok(all)
}

/// The report of one game, with its transformed forms when asked for: each a field
/// `{"by": ..., "result": ...}` in JSON (`cooled`, `heated`, `overheated`, `norton`); or,
/// for an expression that ends with a property (`.Temperature`), that property alone.
fn report(
    store: &mut GameStore,
    expression: &Expression,
    reading: Reading,
    transforms: &[Transform],
) -> Result<Report> {
    let g = reading.game;
    if let Some(property) = reading.property {
        if !transforms.is_empty() {
            bail!(
                "{} picks one property: cool, heat or multiply the game without it",
                property.name()
            );
        }
        if let Some(told) = reading.told {
            return Ok(describe::told(&expression.text, property, &told));
        }
        return Ok(describe::property(store, &expression.text, g, property)?);
    }
    let mut report = describe::properties(store, &expression.text, g)?;
    for &transform in transforms {
        let (key, verb, by, result) = match transform {
            Transform::Cool(t) => ("cooled", "cooled by", t.to_string(), store.cool(g, t)?),
            Transform::Heat(t) => ("heated", "heated by", store.display(t), store.heat(g, t)?),
            Transform::Overheat(s, t) => {
                let by = format!("{} to {}", store.display(s), store.display(t));
                (
                    "overheated",
                    "overheated from",
                    by,
                    store.overheat(g, s, t)?,
                )
            }
            Transform::Norton(u) => (
                "norton",
                "Norton product by",
                store.display(u),
                store.norton_multiply(g, u)?,
            ),
        };
        let result = store.display(result);
        report = report.field(Field::shown(
            key,
            json!({"by": &by, "result": &result}),
            &format!("{verb} {by}"),
            &result,
        ));
    }
    Ok(report)
}

/// Writes the picture into `path` as SVG or PNG; returns what was written, in words.
fn draw(picture: &ThermographPicture, path: &Path, svg: bool) -> Result<String> {
    let bytes = if svg {
        picture.svg().into_bytes()
    } else {
        picture.png()
    };
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    let (width, height) = picture.size();
    Ok(format!(
        "wrote {}: thermograph, {width} x {height} pixels",
        path.display()
    ))
}
