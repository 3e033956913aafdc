//! The page in a real browser: headless Chromium driven through `chromedriver` (WebDriver)
//! plays whole games of Nim and Wythoff against the engine by clicking, and checks what the
//! page shows against the `grundy` library:
//!
//! - every time the engine is handed a winning position it moves to a losing one for the
//!   player, and wins the game;
//! - with hints on, each move's colour (green for a win, red for a loss, as the browser
//!   computes the style) and `data-outcome` agree with the library's winning moves, and the
//!   page lists every legal move;
//! - a short game of Domineering, clicked as Left's winning moves, shows the board as a grid,
//!   the canonical form and outcome class of each position as the library values them, its
//!   thermograph, and each move's outcome as the library's winning moves say;
//! - with hints off, the game's part of the page (text, titles, classes, data attributes)
//!   holds no outcome word, no star and no mistake, before and after a mistake is played;
//! - a new game that fails shows its error and leaves the game on the board playable;
//! - Domineering's table drawn and a cell clicked starts a game from that empty board, and the
//!   heatmap goes when another game is chosen;
//! - a screenshot of the page decodes as a PNG of a reasonable size that is not blank;
//! - a pasted position graph, after another game, starts at its first position with the Start
//!   box left empty, the menu says a graph is played, and a move is played by keyboard (Enter
//!   on the position it leads to, drawn); a stone of Nim is taken by keyboard too, and every
//!   part of the board has its aria-label; a graph of more moves than the drawing shows says
//!   so and lists them all;
//! - the loopy rulesets (Backsliding Toads and Frogs, Fox and Geese) are played by clicking;
//! - a game of each kind of board not played to its end above (coins, a graph's vertices, both
//!   loopy rulesets) is played to its end by clicking, the best move the hints show each time,
//!   and the end is said in the status a screen reader hears;
//! - a whole game of Nim is played by keyboard alone: Tab to a stone whose move wins, Enter or
//!   Space to take it, the focus back on the board after each reply, the end said;
//! - screenshots at 390 × 844 and 1280 × 900 (`target/tmp/page-*.png`), and at 1280 × 900 in
//!   the dark scheme, of the start page, Nim, Domineering with hints, its table, a pasted
//!   graph, a loopy game and the worksheet: the board the phone's width with the analysis
//!   below it, on the desktop at least 480 px with the analysis beside it, the charts' and
//!   thermographs' text at least 11 px, nothing scrolling sideways, the value history drawn
//!   again at its box's width when the window is resized;
//! - axe-core (`tests/vendor/axe.min.js`, injected by the test: the page never serves it) finds
//!   no accessibility violation in any of those views; a failure lists each violation, its
//!   impact and the elements at fault.
//!
//! The server runs in-process on 127.0.0.1 (a free port); `chromedriver` runs on another free
//! port, in a process group of its own that is killed when the test ends, panics included.
//! Every wait fails with a clear message after [`WAIT`] (the browser's start after [`LAUNCH`]).
//!
//! Without `chromedriver` on the `PATH` the test says why and passes, unless
//! `GRUNDY_REQUIRE_BROWSER` is set (CI sets it): then it fails. `GRUNDY_BROWSER_SEED` chooses
//! the seed of the random moves (printed).

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::future::Future;
use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use grundy_catalogue::games::{nim, wythoff};
use grundy_web::{serve_on, Limits};
use hyper_util::client::legacy::connect::HttpConnector;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Deserialize;
use serde_json::{json, Value};

/// How long any wait may last before the test fails.
const WAIT: Duration = Duration::from_secs(20);
/// How long the browser may take to start, on a loaded machine.
const LAUNCH: Duration = Duration::from_secs(60);
/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(40);
/// The hint colours of the page's style, as the browser computes them.
const GREEN: &str = "rgb(200, 240, 200)";
const RED: &str = "rgb(245, 198, 198)";

/// A program on the `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|file| file.is_file())
}

/// `chromedriver` running on a free port of 127.0.0.1, in its own process group (with the
/// browsers it starts); the group is killed on drop.
struct Driver {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl Driver {
    /// Starts `program` and waits until its port takes connections.
    fn start(program: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port on 127.0.0.1")
            .port();
        let log = Path::new(env!("CARGO_TARGET_TMPDIR")).join("chromedriver.log");
        let output = std::fs::File::create(&log).expect("the chromedriver log file");
        let child = Command::new(program)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(output.try_clone().expect("the log file, twice"))
            .stderr(output)
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let mut driver = Driver { child, port, log };
        let began = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = driver.child.try_wait() {
                panic!("chromedriver exited ({status}): {}", driver.log_text());
            }
            assert!(
                began.elapsed() < WAIT,
                "chromedriver did not listen on port {port} within {WAIT:?}: {}",
                driver.log_text()
            );
            std::thread::sleep(POLL);
        }
        driver
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The whole group: chromedriver and the browser processes it started.
        let group = -(self.child.id() as libc::pid_t);
        // SAFETY: kill(2) with a process group id that this test created; no memory is shared.
        unsafe {
            libc::kill(group, libc::SIGKILL);
        }
        let _ = self.child.wait();
    }
}

/// `future`, which must end within [`WAIT`] without error; `what` names it in the failure.
async fn within<T, E: Debug>(what: &str, future: impl Future<Output = Result<T, E>>) -> T {
    within_for(WAIT, what, future).await
}

/// `future`, which must end within `limit` without error.
async fn within_for<T, E: Debug>(
    limit: Duration,
    what: &str,
    future: impl Future<Output = Result<T, E>>,
) -> T {
    match tokio::time::timeout(limit, future).await {
        Ok(Ok(value)) => value,
        Ok(Err(e)) => panic!("{what}: {e:?}"),
        Err(_) => panic!("{what}: no answer within {limit:?}"),
    }
}

/// A move as the page shows it.
#[derive(Debug, Clone, Deserialize)]
struct Move {
    /// `data-move`: what clicking it sends.
    key: String,
    /// `data-to`: the position it leads to.
    to: String,
    /// `data-outcome`: its outcome for its player.
    outcome: String,
    /// The button's computed background colour.
    colour: String,
    /// `data-path`: the board's parts clicked to make it.
    path: Vec<String>,
    /// `data-changed`: every part of the board it changes.
    changed: Vec<String>,
    /// Its remoteness as the page's answer gives it (null for a draw, or hints aside).
    remoteness: Option<u64>,
}

/// What the page shows, read from its data attributes in one script call.
#[derive(Debug, Clone, Deserialize)]
struct View {
    busy: String,
    position: String,
    turn: String,
    winner: String,
    ply: Option<usize>,
    error: String,
    hints: bool,
    moves: Vec<Move>,
    /// The text and attribute values of the game's part of the page (its title, board,
    /// values, status, moves and history).
    shown: String,
    /// `#form[data-canonical-form]`, `#form[data-outcome-class]`: a ruleset position's
    /// canonical form and outcome class (its letter).
    canonical_form: String,
    outcome_class: String,
    /// Whether a thermograph is drawn beside the board.
    thermograph: bool,
    /// The board's cells, `data-piece` each, row by row.
    cells: Vec<String>,
    /// Whether the page says the position has more moves than those listed.
    more: bool,
    /// The points of the value history (one a move played, hints on).
    points: usize,
    /// The points of a ruleset's mean and temperature history (one a position from the
    /// start, hints on), and its temperature bars (one a position hotter than a number).
    means: usize,
    heats: usize,
    /// Whether the page scrolls sideways: its width more than the window's.
    scrolls: bool,
}

impl View {
    /// Nothing under way and a player to click (or the game over).
    fn idle(&self) -> bool {
        self.busy == "0" && self.ply.is_some() && self.turn != "engine" && !self.turn.is_empty()
    }
}

const READ: &str = r##"
const $ = id => document.getElementById(id), s = $("status").dataset;
return {
  busy: document.body.dataset.busy || "",
  position: $("position").dataset.position || "",
  turn: s.turn || "",
  winner: s.winner || "",
  ply: s.ply === undefined || s.ply === "" ? null : Number(s.ply),
  error: $("error").textContent,
  hints: $("hints").checked,
  moves: [...document.querySelectorAll("#moves button")].map(b => ({
    key: b.dataset.move || "", to: b.dataset.to || "", outcome: b.dataset.outcome || "",
    colour: getComputedStyle(b).backgroundColor, path: JSON.parse(b.dataset.path || "[]"),
    changed: JSON.parse(b.dataset.changed || "[]"),
    remoteness: (state.last.moves.find(m => m.key === b.dataset.move) || {}).remoteness ?? null,
  })),
  points: document.querySelectorAll("#chart circle.point").length,
  means: document.querySelectorAll("#chart circle.mean").length,
  heats: document.querySelectorAll("#chart rect.heat").length,
  scrolls: document.documentElement.scrollWidth > window.innerWidth,
  canonical_form: $("form").dataset.canonicalForm || "",
  outcome_class: $("form").dataset.outcomeClass || "",
  thermograph: !!document.querySelector("#form svg"),
  cells: [...document.querySelectorAll("#position .cell")].map(c => c.dataset.piece || ""),
  more: !$("more").hidden,
  shown: ["title", "position", "choose", "why", "form", "status", "moves", "history", "chart"].map(id =>
    [$(id), ...$(id).querySelectorAll("*")].map(e =>
      [...e.attributes].map(a => a.value).join(" ") + " " + (e.children.length ? "" : e.textContent)
    ).join(" ")).join(" "),
};
"##;

/// The browser on the page.
struct Page {
    client: Client,
}

impl Page {
    async fn view(&self) -> View {
        let value = within("reading the page", self.client.execute(READ, vec![])).await;
        serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{e}: {value}"))
    }

    /// Waits until `done` holds of the page; fails on an error shown by the page.
    async fn until(&self, what: &str, done: impl Fn(&View) -> bool) -> View {
        let began = Instant::now();
        loop {
            let view = self.view().await;
            assert!(
                view.error.is_empty(),
                "{what}: the page shows an error: {view:?}"
            );
            if done(&view) {
                return view;
            }
            assert!(
                began.elapsed() < WAIT,
                "{what}: not within {WAIT:?}; the page shows {view:?}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// Waits until the page rests after the player's first move and the engine's reply (two
    /// plies played); `what` names the wait in a failure.
    async fn replied(&self, what: &str) -> View {
        self.until(what, |v| v.idle() && v.ply == Some(2)).await
    }

    /// Clicks move `m` on the board and waits for the engine's reply ([`Page::replied`]).
    async fn play_and_reply(&self, m: &Move, what: &str) -> View {
        self.click_board(m).await;
        self.replied(what).await
    }

    /// Plays `m` by clicking its parts on the board; where a move shares its parts with
    /// others (a Wythoff move from one pile and the diagonal one, a domino toppled either
    /// way, one pin of Kayles or two), as the page asks: a part only it changes, else its
    /// last part again. SVG parts (edges, vertices) are clicked by their handlers.
    async fn click_board(&self, m: &Move) {
        assert!(
            !m.path.is_empty(),
            "a move that the board cannot show: {m:?}"
        );
        for part in &m.path {
            self.click_part(part).await;
        }
        if !self.has("#choose button").await {
            return;
        }
        let css = |part: &String| format!("#position [data-part='{part}'].target");
        for part in m.changed.iter().filter(|p| !m.path.contains(p)) {
            if self.has(&css(part)).await {
                // A part the others offered still share is clicked, and the page asks again.
                self.click_part(part).await;
                if !self.has("#choose button").await {
                    return;
                }
            }
        }
        self.click_part(m.path.last().expect("a part")).await;
    }

    /// Plays `chosen` by clicking the board at ply `ply` of `game`, waits for the page to
    /// rest after it, and checks that the move clicked, and no other, was played.
    async fn click_played(&self, game: &str, chosen: &Move, ply: usize) -> View {
        self.click_board(chosen).await;
        let view = self
            .until(&format!("{game}: the move to {}", chosen.to), |v| {
                v.idle() && v.ply.is_some_and(|p| p > ply)
            })
            .await;
        let played = "return state.history[arguments[0]].answer.move.to";
        let played = self.client.execute(played, vec![json!(ply)]);
        assert_eq!(
            within("the move played", played).await,
            json!(chosen.to),
            "{game}: {chosen:?}"
        );
        view
    }

    async fn click_part(&self, part: &str) {
        let css = format!("#position [data-part='{part}']");
        let svg = "return document.querySelector(arguments[0]) instanceof SVGElement";
        let is_svg = self.client.execute(svg, vec![json!(css)]);
        if within(&css, is_svg).await == json!(true) {
            let click = "document.querySelector(arguments[0]).dispatchEvent(new MouseEvent('click', {bubbles: true}))";
            within(&css, self.client.execute(click, vec![json!(css)])).await;
        } else {
            self.click(&css).await;
        }
    }

    async fn click(&self, css: &str) {
        let found = within(css, self.client.find(Locator::Css(css))).await;
        within(css, found.click()).await;
    }

    /// Whether an element matches `css`.
    async fn has(&self, css: &str) -> bool {
        let script = "return document.querySelector(arguments[0]) !== null";
        let found = self.client.execute(script, vec![json!(css)]);
        within(css, found).await == json!(true)
    }

    async fn choose(&self, css: &str, value: &str) {
        let found = within(css, self.client.find(Locator::Css(css))).await;
        within(css, found.select_by_value(value)).await;
    }

    /// Opens the bar's game menu, where the game, its start and the engine are chosen (it
    /// closes once a new game starts), by clicking it as a person does.
    async fn open_menu(&self) {
        if !self.has("#menu[open]").await {
            self.click("#menu > summary").await;
        }
    }

    /// The value of the form field `css`.
    async fn value(&self, css: &str) -> String {
        let script = "return document.querySelector(arguments[0]).value";
        let value = within(css, self.client.execute(script, vec![json!(css)])).await;
        value.as_str().unwrap_or_default().to_string()
    }

    /// Marks the status stale, so that a wait after it sees the next game's.
    async fn stale(&self) {
        let stale = "delete document.getElementById('status').dataset.ply";
        within("marking the status", self.client.execute(stale, vec![])).await;
    }

    /// A new game of `game` from `start`, the engine playing `engine` ("0" first, "1"
    /// second); returns the page once it waits for the player.
    async fn new_game(&self, game: &str, start: &str, engine: &str) -> View {
        self.open_menu().await;
        self.choose("#game", game).await;
        let field = within("#start", self.client.find(Locator::Css("#start"))).await;
        within("#start", field.clear()).await;
        within("#start", field.send_keys(start)).await;
        self.choose("#engine", engine).await;
        self.stale().await;
        self.click("#new").await;
        let view = self
            .until(&format!("a new game of {game} from {start}"), View::idle)
            .await;
        assert!(
            !self.has("#menu[open]").await,
            "the menu stays open over the new game"
        );
        view
    }
}

/// Nim from a pile of 10^18, played by the formula: the page says more moves exist than it
/// lists, a move typed as the position it leads to is played, and the engine replies.
async fn play_by_the_formula(page: &Page) {
    let start = page.new_game("nim", "1000000000000000000 7", "1").await;
    assert!(start.more, "{start:?}");
    assert!(!start.moves.iter().any(|m| m.to == "123 7"), "{start:?}");
    page.click("#movelist summary").await;
    let field = within("#typed-move", page.client.find(Locator::Css("#typed-move"))).await;
    within("#typed-move", field.send_keys("123 7")).await;
    page.click("#typed button").await;
    let after = page.replied("the typed move and the engine's reply").await;
    // The typed move threw the win away: the engine's reply is the winning move, to 7 7.
    assert_eq!(
        (after.position.as_str(), after.turn.as_str()),
        ("7 7", "you")
    );
    assert!(!after.more, "every move of 7 7 is listed");
}

/// Clicks a move, and while the engine's reply is pending toggles the hints off and on (all
/// in the page, within its 300 ms pause): the engine must still reply once, not twice.
async fn engine_replies_once(page: &Page, view: &View) {
    const CLICK_AND_TOGGLE: &str = r##"
const [key, done] = arguments, $ = id => document.getElementById(id), began = Date.now();
document.querySelector(`#moves button[data-move='${key}']`).click();
const poll = () => {
  if ($("status").dataset.turn === "engine") { $("hints").click(); $("hints").click(); done(true); }
  else if (Date.now() - began > 10000) done(false);
  else setTimeout(poll, 1);
};
poll();
"##;
    let ply = view.ply.expect("an idle page has a ply");
    let key = json!(view.moves[0].key);
    let toggled = within(
        "clicking a move and toggling the hints",
        page.client.execute_async(CLICK_AND_TOGGLE, vec![key]),
    )
    .await;
    assert_eq!(toggled, json!(true), "the engine's turn was never shown");
    page.until("the engine's reply", |v| {
        v.idle() && v.ply.is_some_and(|p| p >= ply + 2)
    })
    .await;
    // A second reply would come 300 ms after the toggle: give it time to show.
    tokio::time::sleep(Duration::from_millis(800)).await;
    let after = page.until("the page at rest", View::idle).await;
    assert_eq!(
        (after.ply, after.turn.as_str(), after.hints),
        (Some(ply + 2), "you", true),
        "the engine replied more than once: {after:?}"
    );
}

/// The library's view of a game: its positions as the page names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Game {
    Nim,
    Wythoff,
}

impl Game {
    fn name(self) -> &'static str {
        match self {
            Game::Nim => "nim",
            Game::Wythoff => "wythoff",
        }
    }

    fn piles(position: &str) -> Vec<u64> {
        position
            .split_whitespace()
            .map(|w| {
                w.parse()
                    .unwrap_or_else(|_| panic!("a position: {position:?}"))
            })
            .collect()
    }

    fn named(piles: &[u64]) -> String {
        piles
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The positions that the library's winning moves lead to, by name.
    fn winning(self, position: &str) -> BTreeSet<String> {
        let piles = Game::piles(position);
        match self {
            Game::Nim => nim::winning_moves(&piles)
                .into_iter()
                .map(|m| {
                    let mut after = piles.clone();
                    after[m.pile - 1] = m.to;
                    Game::named(&after)
                })
                .collect(),
            Game::Wythoff => wythoff::winning_moves(piles[0], piles[1])
                .into_iter()
                .map(|m| Game::named(&[m.to.0, m.to.1]))
                .collect(),
        }
    }

    /// Whether the player to move at `position` wins.
    fn wins(self, position: &str) -> bool {
        !self.winning(position).is_empty()
    }

    /// How many legal moves `position` has.
    fn move_count(self, position: &str) -> usize {
        let piles = Game::piles(position);
        let count = match self {
            Game::Nim => piles.iter().sum(),
            Game::Wythoff => piles[0] + piles[1] + piles[0].min(piles[1]),
        };
        count as usize
    }
}

/// The player's choice of move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Player {
    /// Any legal move, at random.
    Random,
    /// A winning move where there is one (the library's), else a random one.
    Perfect,
}

/// The moves shown at `view`, checked against the library: every legal move once, and with
/// hints on each one's colour and outcome as the library says.
fn check_moves(game: Game, view: &View) {
    if view.turn == "over" {
        assert!(view.moves.is_empty(), "moves after the end: {view:?}");
        return;
    }
    let targets: BTreeSet<&str> = view.moves.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(
        (view.moves.len(), targets.len()),
        (
            game.move_count(&view.position),
            game.move_count(&view.position)
        ),
        "the legal moves of {} {}: {view:?}",
        game.name(),
        view.position
    );
    let winning = game.winning(&view.position);
    for m in &view.moves {
        let wins = winning.contains(&m.to);
        let expected = if !view.hints {
            ""
        } else if wins {
            "win"
        } else {
            "loss"
        };
        assert_eq!(
            m.outcome,
            expected,
            "{} {} -> {}: data-outcome",
            game.name(),
            view.position,
            m.to
        );
        if view.hints {
            let colour = if wins { GREEN } else { RED };
            assert_eq!(
                m.colour,
                colour,
                "{} {} -> {}: the hint colour",
                game.name(),
                view.position,
                m.to
            );
        } else {
            assert!(
                m.colour != GREEN && m.colour != RED,
                "a hint without hints: {m:?}"
            );
        }
    }
}

/// With hints off, the game's part of the page holds no outcome: no outcome word, no star, no
/// best move marked.
fn reveals_nothing(view: &View) {
    assert!(!view.hints);
    let shown = view.shown.to_lowercase();
    for word in ["win", "loss", "draw", "best", "mistake", "★"] {
        assert!(!shown.contains(word), "'{word}' with hints off: {shown}");
    }
}

/// A new game that fails (a bad start) shows its error and leaves the game on the board
/// playable: a move clicked is played.
async fn a_failed_new_game_leaves_the_game_played(page: &Page, played: &View) {
    page.open_menu().await;
    let field = within("#start", page.client.find(Locator::Css("#start"))).await;
    within("#start", field.clear()).await;
    within("#start", field.send_keys("three")).await;
    page.click("#new").await;
    let began = Instant::now();
    let failed = loop {
        let view = page.view().await;
        if !view.error.is_empty() && view.idle() {
            break view;
        }
        assert!(began.elapsed() < WAIT, "no error shown: {view:?}");
        tokio::time::sleep(POLL).await;
    };
    assert_eq!(
        (&failed.position, failed.ply, failed.moves.len()),
        (&played.position, played.ply, played.moves.len()),
        "{failed:?}"
    );
    let ply = played.ply.expect("a ply");
    page.click_board(&failed.moves[0]).await;
    page.until("a move after the failed new game", |v| {
        v.idle() && v.ply.is_some_and(|p| p > ply)
    })
    .await;
}

/// Clicks the centre of the heatmap's cell titled `arguments[0]` (`a = 2, b = 3:` for row 2,
/// column 3), at the screen's coordinates a person's click gives; false when there is no such
/// cell.
const CLICK_CELL: &str = r##"
const svg = document.querySelector("#table svg");
const cell = svg && [...svg.querySelectorAll("rect")]
  .find(r => r.querySelector("title") && r.querySelector("title").textContent.startsWith(arguments[0]));
if (!cell) return false;
const box = cell.getBoundingClientRect();
svg.dispatchEvent(new MouseEvent("click", {bubbles: true,
  clientX: box.left + box.width / 2, clientY: box.top + box.height / 2}));
return true;
"##;

/// Draws Domineering's table of values up to `size` (the game chosen already) and waits
/// until it is on the page.
async fn draw_domineering_table(page: &Page, size: &str) {
    let field = within("#size", page.client.find(Locator::Css("#size"))).await;
    within("#size", field.clear()).await;
    within("#size", field.send_keys(size)).await;
    page.click("#draw").await;
    let began = Instant::now();
    while !page.has("#table svg").await {
        assert!(began.elapsed() < WAIT, "no Domineering table drawn");
        tokio::time::sleep(POLL).await;
    }
}

/// Domineering's table drawn and a cell clicked: the game starts from that cell's empty board;
/// choosing another game takes the heatmap away.
async fn domineering_table(page: &Page) {
    page.open_menu().await;
    page.choose("#game", "domineering").await;
    page.choose("#engine", "1").await;
    draw_domineering_table(page, "3").await;
    // Row 2, column 3: the empty 2 × 3 board.
    let clicked = page
        .client
        .execute(CLICK_CELL, vec![json!("a = 2, b = 3:")]);
    assert_eq!(within("clicking a cell", clicked).await, json!(true));
    page.until("the game of the cell clicked", |v| {
        v.idle() && v.position == "...|... left"
    })
    .await;
    assert!(
        page.has("#table svg").await,
        "the heatmap went with its own game"
    );
    page.open_menu().await;
    page.choose("#game", "nim").await;
    assert!(
        !page.has("#table svg").await,
        "the heatmap stayed under another game"
    );
}

/// What a game showed: who won, and whether the engine was ever handed a winning position.
#[derive(Debug)]
struct Played {
    winner: String,
    engine_had_a_win: bool,
    moves: usize,
}

/// Plays a whole game from `start` by clicking, the engine playing `engine` ("0" first, "1"
/// second), the player choosing as `player` says; checks every position shown and every
/// engine move.
async fn play(
    page: &Page,
    rng: &mut StdRng,
    game: Game,
    start: &str,
    engine: &str,
    player: Player,
) -> Played {
    let side = if engine == "0" { "first" } else { "second" };
    let what = format!("{} from {start}, engine {side}, {player:?}", game.name());
    let mut view = page.new_game(game.name(), start, engine).await;
    let mut engine_had_a_win = false;
    if engine == "0" {
        // The engine has moved first (or the game was over at once).
        engine_had_a_win = game.wins(start);
        if view.ply == Some(1) && engine_had_a_win {
            assert!(
                game.winning(start).contains(&view.position),
                "{what}: the engine moved from {start} to {}, not a winning move",
                view.position
            );
        }
    }
    loop {
        check_moves(game, &view);
        if view.hints {
            assert_eq!(
                Some(view.points),
                view.ply,
                "{what}: a point a move: {view:?}"
            );
        }
        if view.turn == "over" {
            break;
        }
        assert_eq!(view.turn, "you", "{what}: {view:?}");
        let winning = game.winning(&view.position);
        let choices: Vec<&Move> = match player {
            Player::Perfect if !winning.is_empty() => view
                .moves
                .iter()
                .filter(|m| winning.contains(&m.to))
                .collect(),
            _ => view.moves.iter().collect(),
        };
        let chosen = choices[rng.random_range(0..choices.len())].clone();
        let ply = view.ply.expect("an idle page has a ply");
        page.click_board(&chosen).await;
        view = page
            .until(&format!("{what}: the move to {}", chosen.to), |v| {
                v.idle() && v.ply.is_some_and(|p| p > ply)
            })
            .await;
        if view.ply == Some(ply + 1) {
            // The player's move ended the game: in normal play its mover wins.
            assert_eq!(
                (
                    view.position.as_str(),
                    view.turn.as_str(),
                    view.winner.as_str()
                ),
                (chosen.to.as_str(), "over", "you"),
                "{what}"
            );
        } else {
            assert_eq!(view.ply, Some(ply + 2), "{what}: {view:?}");
            if game.wins(&chosen.to) {
                engine_had_a_win = true;
                assert!(
                    game.winning(&chosen.to).contains(&view.position),
                    "{what}: handed {}, the engine moved to {}, not a winning move",
                    chosen.to,
                    view.position
                );
            }
        }
    }
    if engine_had_a_win {
        assert_eq!(view.winner, "engine", "{what}: the engine had a win");
    }
    Played {
        winner: view.winner,
        engine_had_a_win,
        moves: view.ply.unwrap_or(0),
    }
}

/// The screenshot: a PNG of a reasonable size, with many colours, no one of them nearly
/// everywhere, and the hints' green among them.
fn check_screenshot(png_bytes: &[u8]) {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-page.png");
    std::fs::write(&path, png_bytes).expect("the screenshot saved");
    let (width, height, green) = drawn(png_bytes, &path);
    assert!(
        width >= 600 && height >= 400,
        "the screenshot is {width}×{height}: {}",
        path.display()
    );
    assert!(green, "no hint green in the screenshot: {}", path.display());
}

/// The size of the screenshot `png_bytes` (saved at `path`), which must decode as a PNG that
/// is not blank (16 colours or more, none on 98% of the pixels), and whether it shows the
/// hint green.
fn drawn(png_bytes: &[u8], path: &Path) -> (u32, u32, bool) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("the screenshot is a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let info = reader
        .next_frame(&mut pixels)
        .expect("the screenshot decodes");
    pixels.truncate(info.buffer_size());
    let channels = info.color_type.samples();
    let (width, height) = (info.width, info.height);
    let mut counts = std::collections::HashMap::new();
    for pixel in pixels.chunks_exact(channels) {
        *counts.entry(&pixel[..channels.min(3)]).or_insert(0usize) += 1;
    }
    let most = counts.values().max().copied().unwrap_or(0);
    let total = (width * height) as usize;
    println!(
        "screenshot {width}×{height}, {} colours, the commonest on {:.1}% of the pixels: {}",
        counts.len(),
        100.0 * most as f64 / total as f64,
        path.display()
    );
    assert!(
        counts.len() >= 16 && most * 100 < total * 98,
        "the screenshot looks blank: {} colours, the commonest on {most} of {total} pixels: {}",
        counts.len(),
        path.display()
    );
    let green: &[u8] = &[200, 240, 200];
    (width, height, counts.keys().any(|&c| c == green))
}

/// A short game of Domineering from `...|...|..#`, the engine playing Right: the player
/// clicks one of Left's winning moves each time and wins; every position's grid, value,
/// class, thermograph and move outcomes are checked against the library.
async fn play_domineering(page: &Page) {
    use grundy::partizan::rulesets::domineering::Domineering;
    use grundy::partizan::rulesets::{analyse, Evaluator, Ruleset};
    use grundy::partizan::GameStore;

    let mut store = GameStore::new();
    let mut evaluator = Evaluator::new(Domineering);
    let mut view = page.new_game("domineering", "...|...|..#", "1").await;
    loop {
        let (board, side) = view.position.rsplit_once(' ').expect("a side to move");
        let parsed = Domineering.parse(board).expect("a board");
        let expected = analyse(&mut evaluator, &mut store, &parsed).unwrap();
        let pieces: String = board.chars().filter(|&c| c != '|').collect();
        assert_eq!(view.cells.concat(), pieces, "the grid of {board}");
        let value = store.display(expected.value);
        assert_eq!(
            (view.canonical_form.as_str(), view.outcome_class.as_str()),
            (value.as_str(), expected.class.letter().to_string().as_str()),
            "the value of {board}"
        );
        assert!(view.thermograph, "no thermograph beside {board}");
        // The mean and temperature history: a point a position, the start's first.
        let ply = view.ply.expect("an idle page has a ply");
        assert_eq!(view.means, if view.hints { ply + 1 } else { 0 }, "{view:?}");
        assert!(view.heats <= view.means, "{view:?}");
        if view.turn == "over" {
            break;
        }
        assert_eq!(side, "left", "the player is Left: {view:?}");
        let winning: BTreeSet<String> = expected
            .left_wins
            .iter()
            .map(|w| format!("{} right", w.position))
            .collect();
        for m in &view.moves {
            let outcome = if winning.contains(&m.to) {
                "win"
            } else {
                "loss"
            };
            assert_eq!(m.outcome, outcome, "{board} -> {}", m.to);
            if view.hints {
                assert_eq!(m.colour, if outcome == "win" { GREEN } else { RED });
            }
        }
        let chosen = view
            .moves
            .iter()
            .find(|m| m.outcome == "win")
            .unwrap_or_else(|| panic!("Left has a winning move at {board}"))
            .clone();
        let ply = view.ply.expect("an idle page has a ply");
        page.click_board(&chosen).await;
        view = page
            .until(&format!("domineering: the move to {}", chosen.to), |v| {
                v.idle() && v.ply.is_some_and(|p| p > ply)
            })
            .await;
    }
    assert_eq!(view.winner, "you", "{view:?}");
    let screenshot = within("the screenshot", page.client.screenshot()).await;
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-domineering.png");
    std::fs::write(&path, screenshot).expect("the screenshot saved");
    println!(
        "domineering won by Left in {:?} moves: {}",
        view.ply,
        path.display()
    );
}

/// A game of Hackenbush played by clicking edges, the player cutting a winning edge where
/// there is one: the engine answers, the value history has a point a move, and the game ends;
/// axe-core finds no violation in the drawing of edges.
async fn play_hackenbush(page: &Page) {
    let start = "0-1:b 1-2:r 2-3:b 0-4:r 4-5:g 4-6:b 0-7:g 7-8:r left";
    let mut view = page.new_game("hackenbush", start, "1").await;
    accessible(page, "hackenbush").await;
    while view.turn != "over" {
        assert_eq!(Some(view.points), view.ply, "{view:?}");
        let chosen = (view.moves.iter().find(|m| m.outcome == "win"))
            .unwrap_or(&view.moves[0])
            .clone();
        let ply = view.ply.expect("an idle page has a ply");
        page.click_board(&chosen).await;
        view = page
            .until(&format!("hackenbush: the cut to {}", chosen.to), |v| {
                v.idle() && v.ply.is_some_and(|p| p > ply)
            })
            .await;
    }
    assert_eq!(Some(view.points), view.ply, "{view:?}");
    assert_eq!(view.winner, "you", "Left wins 1/4v moving first: {view:?}");
}

/// Games whose moves the drawings alone cannot tell (Toppling Dominoes' fallen dominoes leave
/// the notation; Kayles' heaps split and are kept sorted), played to the end by clicking the
/// board, a winning move where there is one: every move can be clicked, the engine answers,
/// and the value history has a point a move (and Toppling Dominoes, a ruleset, its mean and
/// temperature from the start).
async fn play_games_the_game_reads(page: &Page) {
    for (game, start, ruleset) in [
        ("toppling-dominoes", "xxogo|oxgx left", true),
        ("take-and-break:0.77", "7 4", false),
    ] {
        let mut view = page.new_game(game, start, "1").await;
        while view.turn != "over" {
            let ply = view.ply.expect("an idle page has a ply");
            assert_eq!(view.points, ply, "{view:?}");
            assert_eq!(view.means, if ruleset { ply + 1 } else { 0 }, "{view:?}");
            let chosen = (view.moves.iter().find(|m| m.outcome == "win"))
                .unwrap_or(&view.moves[0])
                .clone();
            view = page.click_played(game, &chosen, ply).await;
        }
        assert_eq!(view.points, view.ply.unwrap_or(0), "{view:?}");
    }
}

/// The page's requests from now on: `fetch` wrapped to note each address asked.
const NOTE_REQUESTS: &str = r##"
window.asked = [];
if (!window.noting) {
  const fetched = window.fetch;
  window.fetch = (address, options) => { window.asked.push(String(address)); return fetched(address, options); };
  window.noting = true;
}
"##;

impl Page {
    /// Clicks Undo and waits until the page rests with `ply` moves played; returns the page
    /// and the API's endpoints it asked meanwhile (an engine's move taken back and played
    /// again shows as `/api/engine`).
    async fn undo(&self, ply: usize) -> (View, Vec<String>) {
        within(
            "noting requests",
            self.client.execute(NOTE_REQUESTS, vec![]),
        )
        .await;
        self.click("#undo").await;
        // An undo that asks nothing changes nothing: time for a request to begin, if any.
        tokio::time::sleep(Duration::from_millis(400)).await;
        let view = self
            .until(&format!("undone to {ply} moves"), |v| {
                v.idle() && v.ply == Some(ply)
            })
            .await;
        let asked = "return window.asked";
        let asked = within("the requests", self.client.execute(asked, vec![])).await;
        let asked = serde_json::from_value(asked).expect("addresses");
        (view, asked)
    }
}

/// Undo goes back to before the player's last move: with the engine's replies after it,
/// never the engine's opening move, and only the player's move where that move ended the game.
async fn undo(page: &Page) {
    // The engine second, from 1 1 1: three moves, the player's last one ending the game.
    let start = page.new_game("nim", "1 1 1", "1").await;
    page.click_board(&start.moves[0]).await;
    let replied = page.replied("the engine's reply").await;
    page.click_board(&replied.moves[0]).await;
    let over = page
        .until("the last move", |v| v.idle() && v.turn == "over")
        .await;
    assert_eq!(
        (over.ply, over.winner.as_str()),
        (Some(3), "you"),
        "{over:?}"
    );
    let (back, asked) = page.undo(2).await;
    assert_eq!(
        (back.position.as_str(), back.turn.as_str()),
        (replied.position.as_str(), "you"),
        "{back:?}"
    );
    assert_eq!(
        asked,
        ["/api/position"],
        "only the player's move that ended the game is taken back"
    );
    let (back, asked) = page.undo(0).await;
    assert_eq!(
        (back.position.as_str(), back.turn.as_str()),
        ("1 1 1", "you")
    );
    assert_eq!(asked, ["/api/position"]);
    // The engine first, from 1 2: its opening move stays; the player's move and the reply
    // that ended the game are taken back together.
    let opened = page.new_game("nim", "1 2", "0").await;
    assert_eq!(opened.ply, Some(1), "{opened:?}");
    let (kept, asked) = page.undo(1).await;
    assert_eq!(kept.position, opened.position, "{kept:?}");
    assert!(
        asked.is_empty(),
        "the engine's opening move was taken back: {asked:?}"
    );
    page.click_board(&opened.moves[0]).await;
    let over = page
        .until("the engine's last move", |v| v.idle() && v.turn == "over")
        .await;
    assert_eq!(
        (over.ply, over.winner.as_str()),
        (Some(3), "engine"),
        "{over:?}"
    );
    let (back, asked) = page.undo(1).await;
    assert_eq!(
        (back.position.as_str(), back.turn.as_str()),
        (opened.position.as_str(), "you")
    );
    assert_eq!(asked, ["/api/position"]);
}

/// The worksheet computes `{1|*} + ^` (the expression it opens with), and keeps it; then the
/// loopy game `on + off`.
async fn worksheet(page: &Page) {
    page.click("#sheet button").await;
    let first = sheet_answer(page, "{1|*} + ^", "= {1^|^*}").await;
    assert!(first.contains("outcome class L"), "{first}");
    assert!(first.contains("temperature 1/2"), "{first}");
    let field = within(
        "#sheet-input",
        page.client.find(Locator::Css("#sheet-input")),
    )
    .await;
    within("#sheet-input", field.clear()).await;
    within("#sheet-input", field.send_keys("on + off")).await;
    page.click("#sheet button").await;
    let first = sheet_answer(page, "on + off", "= dud (not a stopper)").await;
    assert!(first.contains("Left first: a draw"), "{first}");
}

/// The worksheet's newest entry once it is the answer to `expression` and holds `words`.
async fn sheet_answer(page: &Page, expression: &str, words: &str) -> String {
    let read = "return [...document.querySelectorAll('#sheet-list li')].map(li => li.textContent)";
    let began = Instant::now();
    loop {
        let entries = within("the worksheet", page.client.execute(read, vec![])).await;
        let first = entries[0].as_str().unwrap_or("").to_string();
        if first.contains(expression) && first.contains(words) {
            return first;
        }
        assert!(began.elapsed() < WAIT, "the worksheet's answer: {entries}");
        tokio::time::sleep(POLL).await;
    }
}

/// At `width` pixels (a phone's 390, a desktop's 1024), with a game played and its table
/// drawn, the page does not scroll sideways; its screenshot is saved.
async fn fits_the_width(page: &Page, width: u32) {
    within(
        "the window's size",
        page.client.set_window_size(width, 1000),
    )
    .await;
    let view = page.new_game("wythoff", "5 8", "1").await;
    page.play_and_reply(&view.moves[0], "a move and the reply")
        .await;
    page.click("#draw").await;
    let began = Instant::now();
    while !page.has("#table svg").await {
        assert!(began.elapsed() < WAIT, "no table drawn");
        tokio::time::sleep(POLL).await;
    }
    let view = page.until("the page at rest", View::idle).await;
    assert_eq!(view.points, 2, "{view:?}");
    let screenshot = within("the screenshot", page.client.screenshot()).await;
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("browser-{width}.png"));
    std::fs::write(&path, screenshot).expect("the screenshot saved");
    assert!(
        !view.scrolls,
        "the page scrolls sideways at {width} px: {}",
        path.display()
    );
    println!("the page at {width} px: {}", path.display());
}

/// The graph pasted: `a` and `b` move to each other for ever, `a` also to `c`, and `c` to
/// `d`, where the player to move loses.
const GRAPH: &str = "a b\nb a\na c\nc d";

/// Presses Enter on the element `css`, focused as by Tab.
async fn press_enter(page: &Page, css: &str) {
    let focus = "const e = document.querySelector(arguments[0]); if (e) e.focus(); return document.activeElement === e";
    let focused = within(css, page.client.execute(focus, vec![json!(css)])).await;
    assert_eq!(focused, json!(true), "{css} cannot take the focus");
    press(page, "\u{E007}").await;
}

/// A pasted position graph, after a game of Nim: the Start box keeps nothing of Nim's start,
/// the game starts at the graph's first position with its moves drawn and listed, the menu
/// says a pasted graph is played, and a move chosen by keyboard on the drawing (Enter on the
/// position it leads to) is played; the engine's reply ends the game.
async fn pasted_graph(page: &Page) {
    page.new_game("nim", "3 4 5", "1").await;
    page.open_menu().await;
    let shown = "return getComputedStyle(document.getElementById('graph-box')).display !== 'none'";
    let shown = || page.client.execute(shown, vec![]);
    assert_eq!(
        within("the graph's box", shown()).await,
        json!(false),
        "a graph box for Nim"
    );
    page.choose("#game", "(graph)").await;
    assert_eq!(within("the graph's box", shown()).await, json!(true));
    assert_eq!(
        page.value("#start").await,
        "",
        "Nim's start kept for a graph"
    );
    let field = within("#graph", page.client.find(Locator::Css("#graph"))).await;
    within("#graph", field.clear()).await;
    within("#graph", field.send_keys(GRAPH)).await;
    page.stale().await;
    page.click("#new").await;
    let view = page.until("the pasted graph", View::idle).await;
    let tos: BTreeSet<&str> = view.moves.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(
        (view.position.as_str(), view.turn.as_str(), tos),
        ("a", "you", BTreeSet::from(["b", "c"])),
        "{view:?}"
    );
    let menu = "return document.getElementById('menu-game').textContent";
    let menu = within("the menu's game", page.client.execute(menu, vec![])).await;
    assert!(
        menu.as_str().is_some_and(|m| m.contains("position graph")),
        "the menu says {menu}"
    );
    for to in ["b", "c"] {
        let css = format!("#position [role='button'][aria-label='move to {to}']");
        assert!(page.has(&css).await, "the drawing has no move to {to}");
    }
    press_enter(page, "#position [aria-label='move to c']").await;
    let over = page
        .until("the move to c and the reply", |v| {
            v.idle() && v.turn == "over"
        })
        .await;
    assert_eq!(
        (over.position.as_str(), over.ply, over.winner.as_str()),
        ("d", Some(2), "engine"),
        "{over:?}"
    );
}

/// A pasted graph whose start has 14 moves: the first 12 are drawn, the page says so, and the
/// list of every move opens, where a move not drawn is played (and ends the game).
async fn a_wide_graph(page: &Page) {
    let star: Vec<String> = (1..=14).map(|i| format!("s t{i}")).collect();
    page.open_menu().await;
    page.choose("#game", "(graph)").await;
    let field = within("#graph", page.client.find(Locator::Css("#graph"))).await;
    within("#graph", field.clear()).await;
    within("#graph", field.send_keys(&star.join("\n"))).await;
    page.stale().await;
    page.click("#new").await;
    let view = page.until("the wide graph", View::idle).await;
    assert_eq!(
        (view.position.as_str(), view.moves.len()),
        ("s", 14),
        "{view:?}"
    );
    let shown = "return [document.querySelectorAll('#position [role=button]').length, \
                 document.querySelector('#position .note').textContent, document.getElementById('movelist').open]";
    let shown = within("the wide graph", page.client.execute(shown, vec![])).await;
    assert_eq!(shown[0], json!(12), "{shown}");
    assert!(
        shown[1]
            .as_str()
            .is_some_and(|t| t.contains("12 of its 14 moves")),
        "{shown}"
    );
    assert_eq!(shown[2], json!(true), "the list of every move stays closed");
    let last = view
        .moves
        .iter()
        .find(|m| m.to == "t14")
        .expect("a move to t14");
    page.click(&format!("#moves button[data-move='{}']", last.key))
        .await;
    let over = page
        .until("the move to t14", |v| v.idle() && v.turn == "over")
        .await;
    assert_eq!(
        (over.position.as_str(), over.winner.as_str()),
        ("t14", "you")
    );
}

/// The loopy rulesets from their starts, the engine second: every move can be clicked on the
/// board, and a move clicked is played and answered (or ends the game).
async fn loopy_rulesets(page: &Page) {
    for (game, start) in [
        ("backsliding", "TT..FF left"),
        ("fox-and-geese", ".G.G|....|....|F... left"),
    ] {
        let view = page.new_game(game, start, "1").await;
        assert!(!view.moves.is_empty() && !view.cells.is_empty(), "{view:?}");
        assert!(
            view.moves.iter().all(|m| !m.path.is_empty()),
            "{game}: a move the board cannot make: {view:?}"
        );
        page.click_board(&view.moves[0]).await;
        let after = page
            .until(&format!("{game}: a move and the reply"), |v| {
                v.idle() && (v.ply == Some(2) || v.turn == "over")
            })
            .await;
        let played = "return state.history[0].answer.move.to";
        let played = within("the move played", page.client.execute(played, vec![])).await;
        assert_eq!(played, json!(view.moves[0].to), "{game}: {after:?}");
    }
}

/// The move a player who reads the hints plays: a win soonest, else a draw, else a loss
/// latest (so that a game between it and the engine ends, loopy or not).
fn best(moves: &[Move]) -> &Move {
    let rank = |m: &Move| match (m.outcome.as_str(), m.remoteness) {
        ("win", r) => (2, u64::MAX - r.unwrap_or(u64::MAX)),
        ("draw", _) => (1, 0),
        (_, r) => (0, r.unwrap_or(0)),
    };
    moves
        .iter()
        .max_by_key(|m| rank(m))
        .expect("a move to play")
}

/// Plays `game` from `start` to its end by clicking the board, hints on, the engine second:
/// each time the move [`best`] chooses, which is the one played; the game ends within
/// `plies` moves, and the page says so (`Game over.`, in the status a screen reader hears).
/// axe-core finds no violation at the start nor at the end.
async fn play_to_the_end(page: &Page, game: &str, start: &str, plies: usize) -> View {
    if !page.view().await.hints {
        page.click("#hints").await;
    }
    let mut view = page.new_game(game, start, "1").await;
    accessible(page, &format!("{game} from {start}")).await;
    while view.turn != "over" {
        let ply = view.ply.expect("an idle page has a ply");
        assert!(
            ply < plies,
            "{game} from {start}: no end in {plies} moves: {view:?}"
        );
        assert!(
            view.moves.iter().all(|m| !m.path.is_empty()),
            "{game}: a move the board cannot make: {view:?}"
        );
        let chosen = best(&view.moves).clone();
        view = page.click_played(game, &chosen, ply).await;
    }
    assert!(view.moves.is_empty() && !view.winner.is_empty(), "{view:?}");
    game_over_said(page, &view).await;
    accessible(page, &format!("{game} from {start}, over")).await;
    println!(
        "{game} from {start}: over after {:?} moves, won by {}",
        view.ply, view.winner
    );
    view
}

/// The status says the game is over, and who won, in the live region a screen reader reads.
async fn game_over_said(page: &Page, view: &View) {
    let said = "const s = document.getElementById('status'); return [s.textContent, s.getAttribute('aria-live') || ''];";
    let said = within("the status", page.client.execute(said, vec![])).await;
    let (text, live) = (
        said[0].as_str().unwrap_or(""),
        said[1].as_str().unwrap_or(""),
    );
    let winner = match view.winner.as_str() {
        "you" => "You win.",
        "engine" => "The engine wins.",
        "draw" => "A draw.",
        other => panic!("a winner the page does not name: {other}"),
    };
    assert_eq!(
        (text, live),
        (format!("Game over. {winner}").as_str(), "polite"),
        "{view:?}"
    );
}

/// A game of each kind of board that the games above do not play to their end, played to its
/// end by clicking: coins (Mock Turtles), a graph's vertices (Snort) and the loopy rulesets
/// (Backsliding Toads and Frogs, Fox and Geese).
async fn every_kind_to_the_end(page: &Page) {
    for (game, start, plies) in [
        ("coins:mock-turtles", "0110101", 20),
        ("snort", ".-.-.-.-.-. left", 20),
        ("backsliding", "T.TF.F left", 60),
        ("fox-and-geese", ".G.G|....|.F..|.... left", 60),
    ] {
        play_to_the_end(page, game, start, plies).await;
    }
}

/// Presses the WebDriver key `key` (`\u{E004}` Tab, `\u{E007}` Enter, or a space) on the
/// element that has the focus, as a person does.
async fn press(page: &Page, key: &str) {
    let active = within("the focused element", page.client.active_element()).await;
    within("a key", active.send_keys(key)).await;
}

/// Whether the focused element matches `css`.
async fn focused(page: &Page, css: &str) -> bool {
    let script =
        "return document.activeElement !== null && document.activeElement.matches(arguments[0])";
    within(css, page.client.execute(script, vec![json!(css)])).await == json!(true)
}

/// Presses Tab until the focus is on an element matching `css`; fails after `most` presses.
async fn tab_to(page: &Page, css: &str, most: usize) {
    for _ in 0..most {
        if focused(page, css).await {
            return;
        }
        press(page, "\u{E004}").await;
    }
    assert!(focused(page, css).await, "{most} Tabs never reached {css}");
}

/// A whole game of Nim played by keyboard alone, hints on: Tab moves along the board's
/// stones (from the top of the page to the first) until one whose move wins, and Enter or
/// Space (in turns) takes it; the engine replies and the focus comes back to the board. The
/// player wins, and the page says so.
async fn nim_to_the_end_by_keyboard(page: &Page) {
    if !page.view().await.hints {
        page.click("#hints").await;
    }
    let mut view = page.new_game("nim", "2 3 4", "1").await;
    // From the page's top: the first Tab reaches the bar, later ones the board.
    within(
        "the focus",
        page.client.execute(
            "document.activeElement.blur(); window.scrollTo(0, 0)",
            vec![],
        ),
    )
    .await;
    let keys = ["\u{E007}", " "];
    while view.turn != "over" {
        let ply = view.ply.expect("an idle page has a ply");
        tab_to(page, "#position [data-part][data-outcome='win']", 40).await;
        press(page, keys[ply / 2 % 2]).await;
        view = page
            .until("nim by keyboard: the move and the reply", |v| {
                v.idle() && v.ply.is_some_and(|p| p > ply)
            })
            .await;
        if view.turn != "over" {
            assert!(
                focused(page, "#position [data-part]").await,
                "the focus left the board: {view:?}"
            );
        }
    }
    assert_eq!(view.winner, "you", "winning moves win: {view:?}");
    game_over_said(page, &view).await;
}

/// Takes the top stone of Nim's first pile by keyboard: Tab reaches the board's parts, Enter
/// plays, the move is the one the stone's button in the list makes, and once the engine has
/// replied the focus is on the board again.
async fn nim_by_keyboard(page: &Page) {
    // The top stone of 3 4's first pile: the game goes on after the engine's reply.
    let view = page.new_game("nim", "3 4", "1").await;
    press_enter(page, "#position [data-part='0,2']").await;
    let after = page.replied("a stone taken by keyboard").await;
    let played = "return state.history[0].answer.move.to";
    let played = within("the move played", page.client.execute(played, vec![])).await;
    let expected = view
        .moves
        .iter()
        .find(|m| m.path == ["0,2"])
        .expect("a move of the stone 0,2");
    assert_eq!(played, json!(expected.to), "{after:?}");
    // The focus is back on the board once the engine has replied, for the next move.
    let focused = "return document.activeElement.closest('#position') !== null && document.activeElement.dataset.part !== undefined";
    let focused = within("the focus", page.client.execute(focused, vec![])).await;
    assert_eq!(focused, json!(true), "the focus left the board: {after:?}");
    let labelled = "return [...document.querySelectorAll('#position [data-part]')].every(e => e.getAttribute('aria-label'))";
    let labelled = within("the labels", page.client.execute(labelled, vec![])).await;
    assert_eq!(labelled, json!(true), "a stone without its aria-label");
}

/// axe-core's checker (`tests/vendor/README.md` says whence and which version): injected into
/// the page by the test alone, never served by it.
const AXE: &str = include_str!("vendor/axe.min.js");

/// Runs axe-core on the whole page (every rule but the experimental ones, as `axe.run` does by
/// default) and hands back its violations: each rule broken, its impact and the elements that
/// break it (their CSS selectors).
const RUN_AXE: &str = r##"
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then(
  r => done(r.violations.map(v => ({id: v.id, impact: v.impact || "", help: v.help,
    nodes: v.nodes.map(n => n.target.join(" ") + (n.failureSummary ? " (" + n.failureSummary.replace(/\s+/g, " ") + ")" : ""))}))),
  e => done([{id: "axe-core failed", impact: "", help: String(e), nodes: []}]));
"##;

/// axe-core finds no accessibility violation on the page as it is (`view` names it).
async fn accessible(page: &Page, view: &str) {
    let found = violations(page, view).await;
    assert!(
        found.is_empty(),
        "axe-core finds accessibility violations:\n{}",
        found.join("\n")
    );
}

/// A rule of axe-core that the page breaks.
#[derive(Debug, Deserialize)]
struct Violation {
    id: String,
    impact: String,
    help: String,
    nodes: Vec<String>,
}

/// The accessibility violations that axe-core finds on the page as it is, each written with
/// `view`, its rule, impact and the elements at fault.
async fn violations(page: &Page, view: &str) -> Vec<String> {
    let loaded = "return typeof window.axe === 'object'";
    if within("axe-core", page.client.execute(loaded, vec![])).await != json!(true) {
        let inject = format!("{AXE}\nreturn typeof window.axe;");
        let injected = within("injecting axe-core", page.client.execute(&inject, vec![])).await;
        assert_eq!(injected, json!("object"), "axe-core did not load");
    }
    let found = within(
        &format!("axe-core on {view}"),
        page.client.execute_async(RUN_AXE, vec![]),
    )
    .await;
    let violations: Vec<Violation> =
        serde_json::from_value(found.clone()).unwrap_or_else(|e| panic!("{e}: {found}"));
    violations
        .iter()
        .map(|v| {
            format!(
                "- {view}: {} ({}): {}\n    {}",
                v.id,
                v.impact,
                v.help,
                v.nodes.join("\n    ")
            )
        })
        .collect()
}

/// What a screenshot shows is measured too: the board panel's width and place, and the
/// smallest text drawn in the charts, thermographs and the table, in CSS pixels (an SVG's font size
/// times its scale on the screen).
const MEASURE: &str = r##"
const board = document.querySelector("[aria-label=Board]").getBoundingClientRect();
const analysis = document.querySelector("[aria-label=Analysis]").getBoundingClientRect();
let text = Infinity;
document.querySelectorAll("#chart svg text, #form svg text, .thermograph svg text, #table svg text").forEach(t => {
  const size = parseFloat(getComputedStyle(t).fontSize), ctm = t.getScreenCTM();
  if (ctm && t.getBoundingClientRect().width > 0) text = Math.min(text, size * Math.hypot(ctm.a, ctm.b));
});
return {board: board.width, beside: analysis.left >= board.right, below: analysis.top >= board.bottom,
        text: Number.isFinite(text) ? text : null, scrolls: document.documentElement.scrollWidth > window.innerWidth};
"##;

/// The layout measured at a screenshot.
#[derive(Debug, Deserialize)]
struct Layout {
    board: f64,
    beside: bool,
    below: bool,
    text: Option<f64>,
    scrolls: bool,
}

/// Chromium's own command (its DevTools protocol through chromedriver's `goog/cdp/execute`):
/// `cmd` with `params`, for what WebDriver cannot do, such as a colour scheme.
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({"cmd": self.cmd, "params": self.params});
        (axum::http::Method::POST, Some(body.to_string()))
    }
}

impl Page {
    /// Makes the page see the system's colour scheme as `scheme` ("light" or "dark"), as
    /// `prefers-color-scheme` does.
    async fn prefer_scheme(&self, scheme: &str) {
        let features = json!([{"name": "prefers-color-scheme", "value": scheme}]);
        let command = Cdp {
            cmd: "Emulation.setEmulatedMedia",
            params: json!({"features": features}),
        };
        within("the colour scheme", self.client.issue_cmd(command)).await;
        let seen = format!("return matchMedia('(prefers-color-scheme: {scheme})').matches");
        let seen = within("the colour scheme", self.client.execute(&seen, vec![])).await;
        assert_eq!(
            seen,
            json!(true),
            "the page does not see the {scheme} scheme"
        );
    }
}

/// Waits until the value history (which must be drawn) is laid out at its box's width, as the
/// page draws it after the window is resized to `width`.
async fn charts_follow_the_width(page: &Page, width: u32) {
    let sizes = "const box = document.getElementById('chart'), svg = box.querySelector('svg'); \
                 return svg ? [Number(svg.getAttribute('width')), Math.max(300, Math.floor(box.clientWidth))] : null";
    let began = Instant::now();
    loop {
        let drawn = within("the chart's width", page.client.execute(sizes, vec![])).await;
        assert!(drawn.is_array(), "no value history drawn at {width} px");
        if drawn[0] == drawn[1] {
            return;
        }
        assert!(
            began.elapsed() < WAIT,
            "the value history stays {} px wide in a box of {} px at {width} px",
            drawn[0],
            drawn[1]
        );
        tokio::time::sleep(POLL).await;
    }
}

/// Screenshots at a phone's 390 × 844 and a desktop's 1280 × 900 (and at 1280 × 900 in the
/// dark scheme, `page-1280x900-dark-*.png`) of the start page, Nim,
/// Domineering in the middle of a game with hints and its table of canonical forms, a pasted
/// graph, a loopy game (Backsliding Toads and Frogs) and the worksheet, saved
/// under the target directory; the board leads (the whole phone's width, at least 480 px on
/// the desktop, the analysis below it or beside it), the charts' text is at least 11 px, the
/// page never scrolls sideways, and axe-core finds no accessibility violation in any view (all
/// of them listed at once). Returns the files written.
async fn screenshots(page: &Page, address: SocketAddr) -> Vec<PathBuf> {
    let mut written = Vec::new();
    // Every view's accessibility violations, listed together once all are seen.
    let problems = RefCell::new(Vec::new());
    let problems = &problems;
    for (width, height, scheme) in [
        (390u32, 844u32, "light"),
        (1280, 900, "light"),
        (1280, 900, "dark"),
    ] {
        page.prefer_scheme(scheme).await;
        // The window sized so that the page's own part (the viewport) is width × height: set,
        // then grown by what its frame takes.
        within(
            "the window's size",
            page.client.set_window_size(width, height),
        )
        .await;
        let inner = "return [window.innerWidth, window.innerHeight]";
        let inner = within("the inner size", page.client.execute(inner, vec![])).await;
        let short =
            |i: usize, want: u32| want.saturating_sub(inner[i].as_u64().unwrap_or(0) as u32);
        within(
            "the window's size",
            page.client
                .set_window_size(width + short(0, width), height + short(1, height)),
        )
        .await;
        let inner_width = f64::from(width);
        // The game on the page from before (hints on) has its value history drawn at the old
        // width: it is drawn again at the new one.
        charts_follow_the_width(page, width).await;
        let shot = |name: &'static str| {
            let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(match scheme {
                "light" => format!("page-{width}x{height}-{name}.png"),
                _ => format!("page-{width}x{height}-{scheme}-{name}.png"),
            });
            async move {
                // A move's animation (0.35 s) over before the picture is taken.
                tokio::time::sleep(Duration::from_millis(500)).await;
                let layout = within("measuring", page.client.execute(MEASURE, vec![])).await;
                let layout: Layout = serde_json::from_value(layout).expect("a layout");
                let png = within("the screenshot", page.client.screenshot()).await;
                std::fs::write(&path, &png).expect("the screenshot saved");
                let (shot_width, shot_height, _) = drawn(&png, &path);
                assert_eq!(
                    (shot_width, shot_height),
                    (width, height),
                    "{}",
                    path.display()
                );
                println!(
                    "{name} at {width} × {height}: {} {layout:?}",
                    path.display()
                );
                let found = violations(page, &format!("{name} at {width} px, {scheme}")).await;
                problems.borrow_mut().extend(found);
                assert!(
                    !layout.scrolls,
                    "{name} scrolls sideways: {}",
                    path.display()
                );
                if width < 600 {
                    assert!(
                        layout.below && layout.board >= inner_width - 40.0,
                        "{name}: {layout:?}"
                    );
                } else {
                    assert!(layout.beside && layout.board >= 480.0, "{name}: {layout:?}");
                }
                if let Some(text) = layout.text {
                    assert!(
                        text >= 10.9,
                        "{name}: text of {text} px: {}",
                        path.display()
                    );
                }
                path
            }
        };
        within("the page", page.client.goto(&format!("http://{address}/"))).await;
        page.until("the start page", View::idle).await;
        written.push(shot("start").await);

        let view = page.new_game("nim", "3 4 5", "1").await;
        page.play_and_reply(&view.moves[0], "nim: a move and the reply")
            .await;
        written.push(shot("nim").await);

        if !page.view().await.hints {
            page.click("#hints").await;
        }
        let view = page.new_game("domineering", "....|....|...#", "1").await;
        let chosen = (view.moves.iter().find(|m| m.outcome == "win"))
            .unwrap_or(&view.moves[0])
            .clone();
        page.play_and_reply(&chosen, "domineering: a move and the reply")
            .await;
        written.push(shot("domineering").await);

        // Domineering's table of canonical forms, each written in its cell where it fits.
        draw_domineering_table(page, "4").await;
        let scroll = "document.getElementById('table').scrollIntoView({block: 'center'})";
        within("the table", page.client.execute(scroll, vec![])).await;
        written.push(shot("table").await);

        page.open_menu().await;
        page.choose("#game", "(graph)").await;
        let field = within("#graph", page.client.find(Locator::Css("#graph"))).await;
        within("#graph", field.clear()).await;
        within("#graph", field.send_keys(GRAPH)).await;
        page.stale().await;
        page.click("#new").await;
        page.until("the pasted graph", View::idle).await;
        written.push(shot("graph").await);

        let view = page.new_game("backsliding", "TT..FF left", "1").await;
        page.play_and_reply(&view.moves[0], "backsliding: a move and the reply")
            .await;
        written.push(shot("loopy").await);

        let scroll = "document.getElementById('sheet').scrollIntoView({block: 'center'})";
        within("the worksheet", page.client.execute(scroll, vec![])).await;
        page.click("#sheet button").await;
        sheet_answer(page, "{1|*} + ^", "= {1^|^*}").await;
        let open = "document.querySelector('#sheet-list details').open = true; document.getElementById('sheet').scrollIntoView()";
        within("the worksheet", page.client.execute(open, vec![])).await;
        written.push(shot("worksheet").await);
    }
    let problems = problems.take();
    assert!(
        problems.is_empty(),
        "axe-core finds {} accessibility violations:\n{}",
        problems.len(),
        problems.join("\n")
    );
    written
}

/// Whether the environment asks for the browser test never to be skipped.
fn browser_required() -> bool {
    std::env::var("GRUNDY_REQUIRE_BROWSER").is_ok_and(|v| !v.is_empty() && v != "0")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_plays_nim_and_wythoff_in_a_browser() {
    let Some(chromedriver) = on_path("chromedriver") else {
        assert!(
            !browser_required(),
            "GRUNDY_REQUIRE_BROWSER is set but chromedriver is not on the PATH \
             (Debian: apt-get install chromium chromium-driver)"
        );
        // Straight to stderr, past the test harness's capture: a skip is always said.
        let _ = writeln!(
            std::io::stderr(),
            "browser test skipped: chromedriver is not on the PATH (Debian: apt-get install \
             chromium chromium-driver; GRUNDY_REQUIRE_BROWSER=1 makes this a failure)"
        );
        return;
    };
    let began = Instant::now();
    let seed = std::env::var("GRUNDY_BROWSER_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(14);
    println!("random moves with GRUNDY_BROWSER_SEED={seed}");
    let mut rng = StdRng::seed_from_u64(seed);

    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
        .await
        .expect("a port for the server");
    let address = listener.local_addr().unwrap();
    tokio::spawn(serve_on(listener, Limits::default()));

    let driver = Driver::start(&chromedriver);
    let mut options = json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1024,1400", "--force-device-scale-factor=1"],
    });
    if let Some(chromium) = on_path("chromium") {
        options["binary"] = json!(chromium);
    }
    let capabilities = json!({ "goog:chromeOptions": options });
    let Value::Object(capabilities) = capabilities else {
        unreachable!()
    };
    let client = within_for(
        LAUNCH,
        "a browser session (headless Chromium started by chromedriver)",
        ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{}", driver.port)),
    )
    .await;
    let page = Page { client };
    within("the page", page.client.goto(&format!("http://{address}/"))).await;
    // The page opens on its first game, Nim from 3 4 5, the engine second, hints off.
    let first = page.until("the page's first game", View::idle).await;
    assert_eq!(
        (first.position.as_str(), first.turn.as_str()),
        ("3 4 5", "you")
    );
    assert!(!first.hints);
    check_moves(Game::Nim, &first);
    reveals_nothing(&first);
    // A mistake (3 4 5 is a win, and 1 4 5 is not) and the engine's reply, hints off.
    page.click_part("0,1").await;
    let replied = page.replied("the engine's reply").await;
    reveals_nothing(&replied);
    a_failed_new_game_leaves_the_game_played(&page, &replied).await;
    page.new_game("nim", "3 4 5", "1").await;
    page.click("#hints").await;
    let hinted = page
        .until("the hints", |v| {
            v.idle() && v.hints && v.moves.iter().any(|m| m.colour == GREEN)
        })
        .await;
    check_moves(Game::Nim, &hinted);
    engine_replies_once(&page, &hinted).await;

    let mut games = Vec::new();
    for (game, start, engine, player) in [
        // The player to move loses: whatever is clicked, the engine must win.
        (Game::Nim, "1 2 3", "1", Player::Random),
        (Game::Wythoff, "4 7", "1", Player::Random),
        // The engine moves first from a winning position.
        (Game::Nim, "3 4 5", "0", Player::Random),
        (Game::Wythoff, "5 8", "0", Player::Random),
        // Random moves from a winning position: the engine wins once given a win.
        (Game::Nim, "3 4 5", "1", Player::Random),
        (Game::Wythoff, "6 9", "1", Player::Random),
        // Perfect play from a winning position beats the engine.
        (Game::Nim, "3 4 5", "1", Player::Perfect),
        (Game::Wythoff, "5 8", "1", Player::Perfect),
    ] {
        let played = play(&page, &mut rng, game, start, engine, player).await;
        println!(
            "{} from {start}, engine {}, {player:?}: {played:?}",
            game.name(),
            if engine == "0" { "first" } else { "second" }
        );
        let must_win = !game.wins(start) || engine == "0";
        assert!(!must_win || played.engine_had_a_win, "{played:?}");
        if player == Player::Perfect {
            assert_eq!(
                (played.winner.as_str(), played.engine_had_a_win),
                ("you", false)
            );
        }
        games.push(played);
    }

    play_domineering(&page).await;
    play_hackenbush(&page).await;
    play_games_the_game_reads(&page).await;
    domineering_table(&page).await;
    play_by_the_formula(&page).await;
    worksheet(&page).await;
    undo(&page).await;
    pasted_graph(&page).await;
    a_wide_graph(&page).await;
    loopy_rulesets(&page).await;
    every_kind_to_the_end(&page).await;
    nim_by_keyboard(&page).await;
    nim_to_the_end_by_keyboard(&page).await;

    // A screenshot in the middle of a game, hints shown.
    page.new_game("wythoff", "5 8", "1").await;
    let screenshot = within("the screenshot", page.client.screenshot()).await;
    check_screenshot(&screenshot);
    fits_the_width(&page, 390).await;
    fits_the_width(&page, 1024).await;
    let shots = screenshots(&page, address).await;
    println!("{} screenshots of the page", shots.len());

    within("closing the browser", page.client.close()).await;
    drop(driver);
    println!(
        "{} games, {} moves clicked or answered, in {:.1} s",
        games.len(),
        games.iter().map(|g| g.moves).sum::<usize>(),
        began.elapsed().as_secs_f64()
    );
}
