//! `grundy serve`: one web page to play the engine's games, and the small JSON API it uses.
//!
//! The page (HTML, CSS and JavaScript embedded in the binary, no external asset) lets a
//! player choose a game and a position, or paste a position graph, then play by clicking the
//! board (or a list of moves), with hints, a value history, a heatmap of the game's values and
//! a worksheet of partizan games. The API is stateless: every request
//! names the game and its start position (or carries the graph), and the position played; the
//! server keeps the few games solved last, so that a game is solved once, not at each move.
//!
//! - `GET /api/games`: the games and how their positions are written.
//! - `POST /api/position`: a position with its moves, each with its outcome for its player
//!   and what it changes on the position's drawing (`touches`: the parts clicked to make it,
//!   and every part it changes), and the player to move (`to_move`, 1 or 2) in a game whose
//!   players have different moves; for a catalogue game whose formula says why a position is
//!   won or lost, that line (`why`); for a partizan ruleset (Domineering, Clobber,
//!   Hackenbush...) also the position's `canonical_form`, `outcome_class` (`L`, `R`, `N` or
//!   `P`), `temperature` and `mean`, each move's `canonical_form` (that of the position it
//!   leads to) and the position's `thermograph` (SVG).
//! - `POST /api/move`: a move typed or clicked, with its verdict, the position's outcome before
//!   it (`before`: what a mistake threw away) and the position after it.
//! - `POST /api/engine`: the engine's move, and the position after it.
//! - `GET /api/table?game=nim&size=20`: the heatmap of the game's values (a partizan game's
//!   canonical forms), or with `outcomes=true` of its outcomes (P, N, L, R), as SVG in JSON,
//!   with each cell's position, for every game whose table `grundy table` draws.
//! - `POST /api/cgt`: a short partizan game in `grundy cgt`'s notation (`{1|*} + ^`), with
//!   every property `grundy cgt` gives and its thermograph (SVG); a loopy game in `grundy
//!   loopy`'s (`on + off`, `a{0|{0|a}}`), with every property `grundy loopy` gives and
//!   `"loopy": true`; or a comparison of two (`^ > 0`, `over > ^`), with the relation that
//!   holds and whether the one asked holds. At most [`CGT_CHARS`] characters, valued within
//!   the request's budget.
//!
//! Limits: every request is answered within a budget, so that no request, or flood of them,
//! can exhaust the machine or stop the server ([`Limits`], raised by `grundy serve`'s options):
//!
//! - at most [`Limits::requests`] requests are in the server at once, and at most
//!   [`Limits::workers`] of them worked on (on blocking threads, off the async ones); a request
//!   beyond is answered 503;
//! - each request's work has its own [`Budget`]: [`Limits::positions`] positions (a game
//!   explored from its start, a pasted graph), [`Limits::memory`] bytes, and
//!   [`Limits::timeout`]: when the time is up the request is answered 503 and its work is
//!   stopped through the budget's [`Cancel`] flag; a start too large for the budget (huge
//!   piles, many of them, a long board) is refused before anything is explored;
//! - request bodies up to [`Limits::body_bytes`], tables up to [`Limits::table_size`], and the
//!   games kept solved up to [`Limits::cached_games`] of them and [`Limits::cache_bytes`] in
//!   all (the least recently used go first).
//!
//! A board game too large to explore (Quixo 4 × 4, Five Men's Morris) is played from its
//! strong solution on disk where the server is given one ([`Solutions`], `grundy serve
//! --solved GAME=DIR`): each position read from the files when a request reaches it (a
//! damaged file answers 500 with its error, never a verdict).
//!
//! Every error is an answer `{"error": "..."}` (4xx, or 503 for the server's own limits of
//! time and load) that names the limit and the option that raises it; a panic answers 500 of
//! the same form for that request only, and the server goes on serving. So are the refusals
//! of the HTTP layer: a request line over [`REQUEST_LINE_BYTES`] (414), a head over
//! [`HEAD_BYTES`] or with more than [`HEADERS`] headers (431), a head that is not HTTP/1.1
//! (400); each head is read before hyper sees it (see `connection.rs`).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use grundy::budget::{self, Budget, Cancel, Raise, Resource};
use grundy::graph::text::parse_str;
use grundy::partizan::describe;
use grundy::partizan::error::ValueError;
use grundy::partizan::loopy::{compare, describe as loopy_describe, LoopyError, LoopyGame};
use grundy::partizan::{Comparison, GameId, GameStore};
use grundy::pattern::picture::{Heatmap, PictureOptions};
use grundy::pattern::table::{Kind, Span};
use grundy::progress::NoProgress;
use grundy::Outcome;
use grundy_catalogue::games::registry;
use grundy_catalogue::games::worksheet::Worksheet;
use grundy_catalogue::play::{Analysis, Choice, Match, PlayError, PlayTable, Playable};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

mod connection;

pub use connection::{HEADERS, HEAD_BYTES, REQUEST_LINE_BYTES};

/// The page, its style and its script: one file each, embedded.
const PAGE: &str = include_str!("page/index.html");

/// The longest expression `POST /api/cgt` reads, in characters.
pub const CGT_CHARS: usize = 2000;

/// How the server's operator raises each budget, in the errors that name it.
const RAISE: Raise = Raise {
    positions: "the server's operator raises this limit with grundy serve --max-positions N",
    memory: "the server's operator raises this limit with grundy serve --memory SIZE",
    time: "the server's operator raises this limit with grundy serve --timeout SECONDS",
};

/// What the server accepts: sizes beyond these are refused with a 4xx or 503 answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body, in bytes (a pasted graph is the largest request).
    pub body_bytes: usize,
    /// The most positions a request's game may have: explored from a catalogue game's start,
    /// or in a pasted graph (`--max-positions`).
    pub positions: usize,
    /// The most bytes a request's work may hold, by the engine's estimate (`--memory`).
    pub memory: u64,
    /// The most time a request may take, from its arrival to its answer (`--timeout`).
    pub timeout: Duration,
    /// How many requests are worked on at once (`--workers`); the others wait for one of
    /// them to finish, within their time.
    pub workers: usize,
    /// How many requests may be in the server at once, worked on or waiting
    /// (`--max-requests`); beyond, a request is answered 503 at once.
    pub requests: usize,
    /// The largest table side: n up to this (one parameter), a and b up to it (two).
    pub table_size: u64,
    /// How many solved games the server keeps.
    pub cached_games: usize,
    /// How many bytes the solved games kept may hold in all, by their estimate
    /// ([`Match::heap_bytes`]); a game larger than this is not kept.
    pub cache_bytes: u64,
}

impl Default for Limits {
    /// 1 MiB bodies, games of 200,000 positions, 10 s a request, two workers a core and 16
    /// requests a worker, tables of side 400, 64 games kept. Memory: each worker and the
    /// cache get a share of what the process can have ([`budget::default_memory`]), at
    /// most 512 MiB each, so that all of them at once stay within it.
    fn default() -> Limits {
        let workers = 2 * std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
        let share = (budget::default_memory() / (workers as u64 + 1)).min(512 << 20);
        Limits {
            body_bytes: 1 << 20,
            positions: 200_000,
            memory: share,
            timeout: Duration::from_secs(10),
            workers: 0,
            requests: 0,
            table_size: 400,
            cached_games: 64,
            cache_bytes: share,
        }
        .with_workers(workers)
    }
}

impl Limits {
    /// The same limits with `workers` workers, and 16 requests a worker let in the server.
    pub fn with_workers(self, workers: usize) -> Limits {
        Limits {
            workers,
            requests: 16 * workers,
            ..self
        }
    }
}

/// The strong solutions on disk the server plays board games from: each game's name as play
/// names it (`quixo:4`), with its folder.
#[derive(Debug, Clone, Default)]
pub struct Solutions {
    folders: Vec<(String, PathBuf)>,
}

impl Solutions {
    /// Adds the solution in `dir` for the game `game` (as play names it: `quixo:4`), after
    /// checking that the folder holds a solution of that game's rules that answers its
    /// start: the error otherwise. O(moves of the start) reads.
    pub fn add(&mut self, game: &str, dir: &Path) -> Result<(), PlayError> {
        registry::play_solved(game, "", dir, &Budget::default())?;
        self.folders.retain(|(g, _)| g != game);
        self.folders.push((game.to_string(), dir.to_path_buf()));
        Ok(())
    }

    /// The folder of the game named `game` exactly as it was added, if any.
    fn folder(&self, game: &str) -> Option<&Path> {
        (self.folders.iter())
            .find(|(g, _)| g == game)
            .map(|(_, dir)| dir.as_path())
    }
}

/// The server's state: its limits, the games solved last, the solutions on disk, and the
/// permits of the requests in the server and of those worked on.
struct Shared {
    limits: Limits,
    solutions: Solutions,
    solved: Mutex<Cache>,
    requests: Arc<Semaphore>,
    workers: Arc<Semaphore>,
}

/// The games solved last, by what names them, within a count and a size in bytes.
#[derive(Default)]
struct Cache {
    games: HashMap<String, Cached>,
    bytes: u64,
    clock: u64,
}

/// A game kept: its size (the game's and its key's), and when it was last used.
struct Cached {
    game: Arc<Match>,
    bytes: u64,
    used: u64,
}

impl Cache {
    /// The game kept under `key`, marked as used now.
    fn get(&mut self, key: &str) -> Option<Arc<Match>> {
        self.clock += 1;
        let cached = self.games.get_mut(key)?;
        cached.used = self.clock;
        Some(Arc::clone(&cached.game))
    }

    /// The bytes `game` kept under `key` holds, to be measured before the cache is locked.
    /// O(the game's positions).
    fn size(key: &str, game: &Match) -> u64 {
        (game.heap_bytes() + key.len()) as u64
    }

    /// Keeps `game` under `key`, of `bytes` ([`Cache::size`]), the least recently used games
    /// going first until it fits `limits`; a game larger than the whole cache is not kept.
    /// O(games kept) a game let go.
    fn insert(&mut self, key: String, game: Arc<Match>, bytes: u64, limits: &Limits) {
        if bytes > limits.cache_bytes || limits.cached_games == 0 {
            return;
        }
        if let Some(old) = self.games.remove(&key) {
            self.bytes -= old.bytes;
        }
        while self.games.len() >= limits.cached_games || self.bytes + bytes > limits.cache_bytes {
            let Some(oldest) = (self.games.iter())
                .min_by_key(|(_, c)| c.used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some(old) = self.games.remove(&oldest) {
                self.bytes -= old.bytes;
            }
        }
        self.clock += 1;
        self.bytes += bytes;
        let used = self.clock;
        self.games.insert(key, Cached { game, bytes, used });
    }
}

/// The application: the page and the API, with the limits given. Used by [`serve`] and, in
/// tests, called in-process.
pub fn app(limits: Limits) -> Router {
    app_with(limits, Solutions::default())
}

/// The application with board games played from the strong solutions given.
pub fn app_with(limits: Limits, solutions: Solutions) -> Router {
    guarded(routes(), limits, solutions)
}

/// The page and the API's routes.
fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route("/api/games", get(list_games))
        .route("/api/position", post(position))
        .route("/api/move", post(play_move))
        .route("/api/engine", post(engine_move))
        .route("/api/table", get(table))
        .route("/api/cgt", post(cgt))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page or API endpoint") })
        .method_not_allowed_fallback(method_not_allowed)
}

/// `routes` with the limits (bodies, requests in the server, time), every error as JSON, the
/// panic guard and a fresh state.
fn guarded(routes: Router<Arc<Shared>>, limits: Limits, solutions: Solutions) -> Router {
    let shared = Arc::new(Shared {
        limits,
        solutions,
        solved: Mutex::new(Cache::default()),
        requests: Arc::new(Semaphore::new(limits.requests)),
        workers: Arc::new(Semaphore::new(limits.workers)),
    });
    routes
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        .layer(middleware::from_fn_with_state(Arc::clone(&shared), admit))
        .layer(middleware::from_fn(json_errors))
        .layer(CatchPanicLayer::custom(|_| {
            error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the server failed on this request (a bug): it goes on serving",
            )
            .into_response()
        }))
        .with_state(shared)
}

/// Serves the application on `addr` until the process ends, on a runtime of its own (so
/// that a caller needs no async code); `ready` is told the address bound (port 0 picks one).
pub fn serve(
    addr: SocketAddr,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    serve_with(addr, limits, Solutions::default(), ready)
}

/// [`serve`], with board games played from `solutions`.
pub fn serve_with(
    addr: SocketAddr,
    limits: Limits,
    solutions: Solutions,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        serve_on_with(listener, limits, solutions).await
    })
}

/// Serves the application on `listener` until the process ends: each connection on a task
/// of its own, its requests by HTTP/1.1, each head read and checked before hyper reads it so
/// that a refusal of the HTTP layer is JSON too. A failed accept (too many open files) is
/// waited out, as `axum::serve` does.
pub async fn serve_on(listener: tokio::net::TcpListener, limits: Limits) -> ! {
    serve_on_with(listener, limits, Solutions::default()).await
}

/// [`serve_on`], with board games played from `solutions`.
pub async fn serve_on_with(
    mut listener: tokio::net::TcpListener,
    limits: Limits,
    solutions: Solutions,
) -> ! {
    let app = app_with(limits, solutions);
    loop {
        let (stream, _) = axum::serve::Listener::accept(&mut listener).await;
        tokio::spawn(connection::serve_connection(stream, app.clone()));
    }
}

/// Lets a request in if fewer than [`Limits::requests`] are in (503 otherwise), and answers
/// it within [`Limits::timeout`] (503 then: its work, if any, is stopped as the handler is
/// dropped, see [`Shared::work`]).
async fn admit(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let limits = &shared.limits;
    let Ok(_permit) = Arc::clone(&shared.requests).try_acquire_owned() else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy: {} requests are in already, try again shortly; the \
                 server's operator raises this limit with grundy serve --max-requests N",
                limits.requests
            ),
        )
        .into_response();
    };
    match tokio::time::timeout(limits.timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request was not answered within the time limit of {} s (the server \
                 stopped its work): {}",
                limits.timeout.as_secs_f64(),
                RAISE.time
            ),
        )
        .into_response(),
    }
}

/// Gives every error answer a JSON body `{"error": "..."}`: the answers whose bodies are text
/// or empty (an extractor's, the router's own) become JSON; JSON answers pass as they are.
async fn json_errors(request: Request, next: Next) -> Response {
    let answer = next.run(request).await;
    let status = answer.status();
    let json = HeaderValue::from_static("application/json");
    if !(status.is_client_error() || status.is_server_error())
        || answer.headers().get(header::CONTENT_TYPE) == Some(&json)
    {
        return answer;
    }
    let (parts, body) = answer.into_parts();
    let text = axum::body::to_bytes(body, 1 << 12)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_string();
    let message = match text.is_empty() {
        true => status.canonical_reason().unwrap_or("error").to_string(),
        false => text,
    };
    let mut answer = error(status, message).into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(value) = parts.headers.get(&name) {
            answer.headers_mut().insert(name, value.clone());
        }
    }
    answer
}

/// The answer to a method an endpoint does not answer (the router adds the `Allow` header).
async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    error(
        StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "{} does not answer {method}: the page is GET /, the API is GET /api/games, POST \
             /api/position, POST /api/move, POST /api/engine, GET /api/table and POST /api/cgt",
            uri.path()
        ),
    )
}

/// An error answer: `{"error": message}` with `status`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ApiError {
    status: StatusCode,
    message: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

/// The error answer `message` with `status`.
fn error(status: StatusCode, message: impl Into<String>) -> ApiError {
    ApiError {
        status,
        message: message.into(),
    }
}

/// A play error as an answer: 422 for a game too large for the budget of positions or
/// memory, 503 for time, 500 for a solution on disk that cannot be read, 400 otherwise; a
/// budget's error says how to raise it.
fn play_error(e: PlayError) -> ApiError {
    match &e {
        PlayError::Solution(_) => error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        PlayError::TooLarge { .. }
        | PlayError::StartTooLarge { .. }
        | PlayError::Reached { .. } => error(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("{e}; {}", RAISE.positions),
        ),
        PlayError::Budget(exhausted) => {
            let status = match exhausted.resource {
                Resource::Positions | Resource::Memory => StatusCode::UNPROCESSABLE_ENTITY,
                Resource::Time | Resource::Cancelled => StatusCode::SERVICE_UNAVAILABLE,
            };
            error(status, e.to_string())
        }
        _ => error(StatusCode::BAD_REQUEST, e.to_string()),
    }
}

/// A body that is not the JSON expected (or too large) as an answer.
fn json_error(e: JsonRejection) -> ApiError {
    error(e.status(), e.body_text())
}

/// The answer for work that panicked: this request failed, the server goes on.
fn failed() -> ApiError {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the server failed on this request (a bug): it goes on serving",
    )
}

/// Sets a request's cancel flag when dropped: when its answer is ready, or when the request
/// is given up (its time is up, or its client went away), so that its work stops.
struct StopOnDrop(Cancel);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// A game of `GET /api/games`: the playable game, and the size its table is drawn at first.
#[derive(Debug, Serialize)]
struct GameEntry {
    #[serde(flatten)]
    game: &'static dyn Playable,
    /// The largest parameter of the game's table when none is chosen: the command line's
    /// default, which keeps costly tables (the boards of a ruleset) within their limit;
    /// `null` for a game without a table.
    table_size: Option<u64>,
}

/// The answer of `GET /api/games`, made once: the registry does not change while serving.
static GAMES: LazyLock<Vec<GameEntry>> = LazyLock::new(|| {
    let entry = |game: &'static dyn Playable| GameEntry {
        game,
        table_size: registry::play_table(game.example())
            .and_then(|t| registry::table_game(&t.name).ok())
            .map(|t| t.default_span().last),
    };
    registry::playables().map(entry).collect()
});

/// `GET /api/games`.
async fn list_games() -> Json<&'static [GameEntry]> {
    Json(GAMES.as_slice())
}

/// What names a game in a request: a catalogue game and its start, or a graph.
#[derive(Debug, Deserialize)]
struct GameRequest {
    /// A catalogue game's name (`nim`, `subtraction:1,3,4`).
    #[serde(default)]
    game: Option<String>,
    /// The start position: the catalogue game's, or the graph's position name (the graph's
    /// first position when left out or empty).
    #[serde(default)]
    start: Option<String>,
    /// A position graph in the text format, instead of `game`.
    #[serde(default)]
    graph: Option<String>,
    /// The position played now (the start when left out).
    #[serde(default)]
    position: Option<String>,
    /// A move: its number or the position it leads to (`/api/move` only).
    #[serde(default, rename = "move")]
    played: Option<String>,
}

/// An answer about a position: the game, and the position analysed (each move with its
/// `touches`); for a ruleset, its thermograph; for a catalogue game whose formula says why
/// the position is won or lost, that line.
#[derive(Debug, Serialize)]
struct PositionAnswer {
    title: String,
    start: String,
    #[serde(flatten)]
    analysis: Analysis,
    #[serde(skip_serializing_if = "Option::is_none")]
    thermograph: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<String>,
}

/// An answer to a move: the move with its verdict, what the position offered its mover
/// before it (what a mistake threw away), and the position after it.
#[derive(Debug, Serialize)]
struct MoveAnswer {
    #[serde(rename = "move")]
    played: Choice,
    before: Outcome,
    after: PositionAnswer,
}

impl Shared {
    /// The kept games, whether or not a request panicked while holding them (the cache is
    /// consistent between its statements).
    fn cache(&self) -> MutexGuard<'_, Cache> {
        self.solved.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `job` on a blocking thread, once one of the [`Limits::workers`] is free, under a
    /// budget of its own: [`Limits::positions`], [`Limits::memory`], [`Limits::timeout`], and
    /// a cancel flag set when this future is dropped (the request's time is up, or its client
    /// went away), which stops the work at its next check. The worker stays taken until the
    /// thread ends, so that no more than [`Limits::workers`] threads work at once. A panic in
    /// `job` is this request's failure.
    async fn work<T: Send + 'static>(
        self: &Arc<Self>,
        job: impl FnOnce(&Shared, &Budget) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let worker = Arc::clone(&self.workers)
            .acquire_owned()
            .await
            .map_err(|_| failed())?;
        let cancel = Cancel::new();
        let _stop = StopOnDrop(cancel.clone());
        let limits = &self.limits;
        let budget = Budget::default()
            .with_positions(limits.positions as u64)
            .with_memory(limits.memory)
            .with_time(limits.timeout)
            .with_cancel(cancel)
            .named(RAISE);
        let shared = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let _worker = worker;
            job(&shared, &budget)
        })
        .await
        .map_err(|_| failed())?
    }

    /// The game a request names, solved within `budget` (or taken from those kept), and the
    /// position it plays.
    fn game(&self, request: &GameRequest, budget: &Budget) -> Result<(Arc<Match>, u32), ApiError> {
        let key = match (&request.game, &request.graph) {
            (Some(game), None) => {
                format!("game\n{game}\n{}", request.start.as_deref().unwrap_or(""))
            }
            (None, Some(graph)) => {
                format!("graph\n{}\n{graph}", request.start.as_deref().unwrap_or(""))
            }
            _ => {
                return Err(error(
                    StatusCode::BAD_REQUEST,
                    "name a game (\"game\" and \"start\") or give a position graph (\"graph\")",
                ))
            }
        };
        let cached = self.cache().get(&key);
        let game = match cached {
            Some(game) => game,
            None => {
                let start = request.start.as_deref();
                let game = Arc::new(self.solve(&request.game, &request.graph, start, budget)?);
                // A game played by its formula (or from a solution on disk) is set up in no
                // time, and numbers the positions each request names: kept, it would grow.
                if !game.is_by_formula() && !game.is_from_solution() {
                    // Measured before the lock: other requests look games up meanwhile.
                    let bytes = Cache::size(&key, &game);
                    self.cache()
                        .insert(key, Arc::clone(&game), bytes, &self.limits);
                }
                game
            }
        };
        let p = match &request.position {
            None => game.start(),
            Some(name) => game.try_find(name).map_err(play_error)?.ok_or_else(|| {
                error(
                    StatusCode::BAD_REQUEST,
                    format!("'{name}' is not a position of this game reached from its start"),
                )
            })?,
        };
        Ok((game, p))
    }

    /// Solves a catalogue game from its start, or a graph, within `budget`.
    fn solve(
        &self,
        game: &Option<String>,
        graph: &Option<String>,
        start: Option<&str>,
        budget: &Budget,
    ) -> Result<Match, ApiError> {
        match (game, graph) {
            (Some(game), _) => {
                let start = start.ok_or_else(|| {
                    error(
                        StatusCode::BAD_REQUEST,
                        "give the start position (\"start\")",
                    )
                })?;
                match self.solutions.folder(game) {
                    Some(dir) => registry::play_solved(game, start, dir, budget),
                    None => registry::play_within(game, start, budget),
                }
                .map_err(play_error)
            }
            (None, Some(text)) => {
                let graph =
                    parse_str(text).map_err(|e| error(StatusCode::BAD_REQUEST, e.to_string()))?;
                let (count, limit) = (graph.position_count(), self.limits.positions);
                if count > limit {
                    return Err(error(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        format!(
                            "the graph has {count} positions, more than the {limit} this server \
                             plays; {}",
                            RAISE.positions
                        ),
                    ));
                }
                let bytes = graph.heap_bytes() as u64;
                budget
                    .check_memory(bytes, "reading the graph", count as u64)
                    .map_err(|e| play_error(e.into()))?;
                // A start left empty is no start given (a form's empty field): the graph's
                // first position, as `grundy play --graph` plays it.
                let start = start.filter(|name| !name.trim().is_empty());
                Match::from_graph("position graph", graph, start).map_err(play_error)
            }
            (None, None) => Err(error(
                StatusCode::BAD_REQUEST,
                "name a game or give a graph",
            )),
        }
    }
}

/// The position `p` of `game`, analysed within `budget` (a ruleset's canonical forms and
/// thermograph are valued as they are asked for), as an answer.
fn answer_at(game: &Match, p: u32, budget: &Budget) -> Result<PositionAnswer, ApiError> {
    let exhausted = |e| play_error(PlayError::Budget(e));
    let analysis = game.analyse_within(p, true, budget).map_err(exhausted)?;
    Ok(PositionAnswer {
        title: game.title().to_string(),
        start: game.name(game.start()).to_string(),
        analysis,
        thermograph: game.thermograph_svg_within(p, budget).map_err(exhausted)?,
        why: game.why(p),
    })
}

/// The move `played` to `to`, with its verdict, from a position that offered its mover
/// `before`; and the position after it, analysed within `budget`.
fn move_answer(
    game: &Match,
    played: Choice,
    before: Outcome,
    to: u32,
    budget: &Budget,
) -> Result<MoveAnswer, ApiError> {
    Ok(MoveAnswer {
        played,
        before,
        after: answer_at(game, to, budget)?,
    })
}

/// Answers a request about a position: reads the body, sets up its game on a worker within
/// the server's budget, and gives `job` the game, the position and the budget its
/// analysis works within: the request's memory, time and cancel flag, but not its positions,
/// which bound the game explored rather than the canonical forms a ruleset's analysis
/// values.
async fn on_position<T: Send + 'static>(
    shared: Arc<Shared>,
    body: Result<Json<GameRequest>, JsonRejection>,
    job: impl FnOnce(&Match, u32, &GameRequest, &Budget) -> Result<T, ApiError> + Send + 'static,
) -> Result<Json<T>, ApiError> {
    let Json(request) = body.map_err(json_error)?;
    let answer = shared
        .work(move |shared, budget| {
            let (game, p) = shared.game(&request, budget)?;
            let valuing = budget.clone().with_positions(Budget::default().positions());
            job(&game, p, &request, &valuing)
        })
        .await?;
    Ok(Json(answer))
}

/// `POST /api/position`.
async fn position(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Json<PositionAnswer>, ApiError> {
    on_position(shared, body, |game, p, _, budget| {
        answer_at(game, p, budget)
    })
    .await
}

/// `POST /api/move`.
async fn play_move(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Json<MoveAnswer>, ApiError> {
    on_position(shared, body, |game, p, request, budget| {
        let text = (request.played.as_deref())
            .ok_or_else(|| error(StatusCode::BAD_REQUEST, "give the move (\"move\")"))?;
        let to = game.read_move(p, text).map_err(play_error)?;
        let played = (game.choice_within(p, to, budget))
            .map_err(|e| play_error(PlayError::Budget(e)))?
            .ok_or_else(failed)?;
        move_answer(game, played, game.outcome(p), to, budget)
    })
    .await
}

/// `POST /api/engine`.
async fn engine_move(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Json<MoveAnswer>, ApiError> {
    on_position(shared, body, |game, p, _, budget| {
        let mut analysis = (game.analyse_within(p, false, budget))
            .map_err(|e| play_error(PlayError::Budget(e)))?;
        let best = analysis
            .best
            .ok_or_else(|| error(StatusCode::CONFLICT, "the game is over: no move is left"))?;
        let played = analysis.moves.swap_remove(best);
        let to = game.read_move(p, &played.key).map_err(play_error)?;
        move_answer(game, played, analysis.outcome, to, budget)
    })
    .await
}

/// The query of `GET /api/table`.
#[derive(Debug, Deserialize)]
struct TableQuery {
    /// The game, as `/api/position` names it.
    game: String,
    /// The largest parameter drawn (n, or a and b).
    size: u64,
    /// Whether the cells are outcomes (P, N, and for partizan games L and R) rather than
    /// values (nim values, or a partizan game's canonical forms): `outcomes=true`.
    #[serde(default)]
    outcomes: bool,
}

/// The heatmap of a game's values, and how to find a cell's position in it.
#[derive(Debug, Serialize)]
struct TableAnswer {
    /// The picture.
    svg: String,
    /// 1 (cells are n, row by row, `wrap` a row) or 2 (cells are (a, b): row a, column b).
    parameters: usize,
    /// Cells a row, for one parameter.
    wrap: usize,
    /// The top left corner of the first cell, in the picture's pixels.
    origin: (u32, u32),
    /// Pixels a cell.
    scale: u32,
    /// Rows and columns of cells.
    cells: (usize, usize),
    /// Each cell's position, row by row (the cell at row r, column c is at r × columns + c),
    /// as the game writes its start; `null` for a cell that is no position.
    positions: Vec<Option<String>>,
}

/// `GET /api/table`: the size checked first, then the table drawn by a worker (its size
/// bounds the work; the time limit applies as to every request).
async fn table(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<TableQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| error(e.status(), e.body_text()))?;
    let largest = shared.limits.table_size;
    if query.size == 0 || query.size > largest {
        return Err(error(
            StatusCode::BAD_REQUEST,
            format!("the size is from 1 to {largest}"),
        ));
    }
    let played = registry::play_table(&query.game).ok_or_else(|| {
        error(
            StatusCode::NOT_FOUND,
            format!("no table of values for '{}'", query.game),
        )
    })?;
    let drawn = shared
        .work(move |_, budget| {
            let kind = match query.outcomes {
                true => Kind::Outcomes,
                false => Kind::Values,
            };
            draw_table(&played, query.size, kind, budget)
        })
        .await?;
    Ok(([(header::CACHE_CONTROL, "max-age=3600")], Json(drawn)).into_response())
}

/// The table `played` up to `size`, of `kind`, drawn, with its cells' positions.
fn draw_table(
    played: &PlayTable,
    size: u64,
    kind: Kind,
    budget: &Budget,
) -> Result<TableAnswer, ApiError> {
    let bad = |e: String| error(StatusCode::BAD_REQUEST, e);
    let parameters = played.parameters;
    let tabulated = registry::table_game(&played.name).map_err(|e| bad(e.to_string()))?;
    let span = Span::new(0, size).ok_or_else(|| bad("empty span".to_string()))?;
    // One parameter: rows of 20 cells, so that n is 20 × row + column.
    let wrap = if parameters == 1 { 20 } else { 0 };
    let table = if parameters == 1 {
        tabulated.line(span, kind, budget, &NoProgress)
    } else {
        tabulated.grid(span, span, kind, budget)
    }
    .map_err(|e| bad(e.to_string()))?;
    let options = PictureOptions { wrap, scale: None };
    let map = Heatmap::new(&table, &options).map_err(|e| bad(e.to_string()))?;
    let (rows, columns) = map.cells();
    let cell = |i: usize| match parameters {
        1 => vec![i as u64],
        _ => vec![(i / columns) as u64, (i % columns) as u64],
    };
    // One parameter: n is the cell's index, past the last n at the end of the last row.
    let count = if parameters == 1 {
        size as usize + 1
    } else {
        rows * columns
    };
    let positions = (0..count).map(|i| (played.position)(&cell(i))).collect();
    Ok(TableAnswer {
        svg: map.svg(),
        parameters,
        wrap,
        origin: map.cell_origin(0, 0),
        scale: map.scale(),
        cells: (rows, columns),
        positions,
    })
}

/// The body of `POST /api/cgt`.
#[derive(Debug, Deserialize)]
struct CgtRequest {
    /// A game (`{1|*} + ^`), or two compared (`^ > 0`, the relation between spaces: `<`,
    /// `<=`, `=`, `>=`, `>` or `<>` for confused).
    expression: String,
}

/// The relations a worksheet's comparison may ask, and the comparisons
/// ([`GameStore::compare`]) under which each holds.
const RELATIONS: [(&str, &[Comparison]); 7] = [
    ("<", &[Comparison::Less]),
    ("<=", &[Comparison::Less, Comparison::Equal]),
    ("=", &[Comparison::Equal]),
    ("==", &[Comparison::Equal]),
    (">=", &[Comparison::Greater, Comparison::Equal]),
    (">", &[Comparison::Greater]),
    ("<>", &[Comparison::Incomparable]),
];

/// `POST /api/cgt`: the expression's length checked first, then the game (or the two
/// compared) valued by a worker within the request's budget.
async fn cgt(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<CgtRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(request) = body.map_err(json_error)?;
    let text = request.expression.trim().to_string();
    let chars = text.chars().count();
    if chars > CGT_CHARS {
        return Err(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the expression has {chars} characters, more than the {CGT_CHARS} read"),
        ));
    }
    if text.is_empty() {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "write a game, like {1|*} + ^, or compare two, like ^ > 0",
        ));
    }
    let answer = shared
        .work(move |_, budget| worksheet(&text, budget))
        .await?;
    Ok(Json(answer))
}

/// The worksheet's answer to `text`: a comparison where a relation stands between spaces
/// outside braces and parentheses, else one game's properties and thermograph. A text that
/// is not a short game but reads as a loopy one (`pass`, `on`, `a{0|a}`) is answered as
/// `grundy loopy` answers it, with `"loopy": true`; a comparison where either side is loopy
/// compares the two as stoppers.
fn worksheet(text: &str, budget: &Budget) -> Result<Value, ApiError> {
    let mut store = GameStore::with_budget(budget.clone());
    let (report, extra) = match split_relation(text) {
        Some((a, (asked, under), b, at)) => {
            match (
                read(&mut store, a, 0, budget)?,
                read(&mut store, b, at, budget)?,
            ) {
                (Read::Short(ga), Read::Short(gb)) => {
                    let holds = under.contains(&store.compare(ga, gb).map_err(value_error)?);
                    // The store keeps the comparison: the report's is looked up.
                    let report = describe::comparison(&mut store, (a.trim(), ga), (b.trim(), gb))
                        .map_err(value_error)?;
                    (report, json!({ "asked": asked, "holds": holds }))
                }
                _ => {
                    // Both sides as loopy games: every short game is one.
                    let (la, lb) = (loopy_game(a, 0, budget)?, loopy_game(b, at, budget)?);
                    let holds = under.contains(&compare(&la, &lb, budget).map_err(loopy_error)?);
                    let report =
                        loopy_describe::comparison((a.trim(), &la), (b.trim(), &lb), budget)
                            .map_err(loopy_error)?;
                    (
                        report,
                        json!({ "asked": asked, "holds": holds, "loopy": true }),
                    )
                }
            }
        }
        None => match read(&mut store, text, 0, budget)? {
            Read::Short(g) => {
                let report = describe::properties(&mut store, text, g).map_err(value_error)?;
                // The thermograph's own budget errors fail the request; one too wide to draw
                // only leaves the picture out (the store remembers the thermograph for the
                // picture).
                store.thermograph(g).map_err(value_error)?;
                let svg = store.thermograph_svg(g).ok();
                (report, json!({ "thermograph_svg": svg }))
            }
            Read::Loopy(game) => {
                let report =
                    loopy_describe::properties(text, &game, None, budget).map_err(loopy_error)?;
                (report, json!({ "thermograph_svg": null, "loopy": true }))
            }
        },
    };
    let mut lines = Vec::new();
    report.write_text(&mut lines).map_err(|_| failed())?;
    let mut answer = report.to_json();
    if let (Value::Object(answer), Value::Object(extra)) = (&mut answer, extra) {
        answer.extend(extra);
        let lines = String::from_utf8_lossy(&lines);
        answer.insert(
            "lines".to_string(),
            json!(lines.lines().collect::<Vec<_>>()),
        );
    }
    Ok(answer)
}

/// A game of the worksheet: short, or loopy.
enum Read {
    Short(GameId),
    Loopy(LoopyGame),
}

/// `part` of the worksheet's text, which starts at column `at` (from 0): a short game in
/// `store` if it reads as one (a ruleset's position by its CGSuite name among it:
/// `Clobber("xox|ox.") + 1`), else a loopy game; when it reads as neither, the error of the
/// reader that got further, its column counted in the whole text.
fn read(store: &mut GameStore, part: &str, at: usize, budget: &Budget) -> Result<Read, ApiError> {
    let short = match store.parse_with(part, &mut Worksheet) {
        Ok(g) => return Ok(Read::Short(g)),
        Err(e) => e,
    };
    match LoopyGame::parse(part, budget) {
        Ok(game) => Ok(Read::Loopy(game)),
        Err(LoopyError::Parse(e)) if e.column > short.column => {
            Err(column_error(at + e.column, e.kind))
        }
        Err(LoopyError::Parse(_)) => Err(column_error(at + short.column, short.kind)),
        Err(e) => Err(loopy_error(e)),
    }
}

/// `part` of the worksheet's text, from column `at` (from 0), as a loopy game.
fn loopy_game(part: &str, at: usize, budget: &Budget) -> Result<LoopyGame, ApiError> {
    LoopyGame::parse(part, budget).map_err(|e| match e {
        LoopyError::Parse(e) => column_error(at + e.column, e.kind),
        e => loopy_error(e),
    })
}

/// A malformed expression as an answer: 400, naming the column in the whole text.
fn column_error(column: usize, problem: impl std::fmt::Display) -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        format!("column {column}: {problem}"),
    )
}

/// A loopy game's error as an answer: a budget's as [`play_error`] words it, a game that is
/// not a stopper where one is needed and the rest 422.
fn loopy_error(e: LoopyError) -> ApiError {
    match e {
        LoopyError::Budget(exhausted) => play_error(PlayError::Budget(exhausted)),
        other => error(StatusCode::UNPROCESSABLE_ENTITY, other.to_string()),
    }
}

/// A relation of [`RELATIONS`]: its symbol, and the comparisons under which it holds.
type Relation = (&'static str, &'static [Comparison]);

/// `a REL b` split at the first relation ([`RELATIONS`]) standing between spaces outside
/// braces and parentheses: `a`, the relation, `b`, and the column where `b` starts (from 0).
fn split_relation(text: &str) -> Option<(&str, Relation, &str, usize)> {
    let mut depth = 0i64;
    let bytes = text.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            b'{' | b'(' => depth += 1,
            b'}' | b')' => depth -= 1,
            b' ' if depth == 0 => {
                let rest = &text[i + 1..];
                for relation @ (symbol, _) in RELATIONS {
                    let after = i + 1 + symbol.len();
                    if rest.starts_with(symbol) && bytes.get(after) == Some(&b' ') {
                        return Some((&text[..i], relation, &text[after..], after));
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// A valuing error as an answer: a budget's as [`play_error`] words it, others 422.
fn value_error(e: ValueError) -> ApiError {
    match e {
        ValueError::Budget(exhausted) => play_error(PlayError::Budget(exhausted)),
        other => error(StatusCode::UNPROCESSABLE_ENTITY, other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    use super::*;

    #[tokio::test]
    async fn a_panic_is_a_json_500_and_the_server_goes_on() {
        let panicking = routes().route("/panic", get(|| async { panic!("a bug") as &'static str }));
        let app = guarded(panicking, Limits::default(), Solutions::default());
        let get = |uri: &str| Request::get(uri).body(Body::empty()).unwrap();
        let answer = app.clone().oneshot(get("/panic")).await.unwrap();
        assert_eq!(answer.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(answer.into_body(), 1 << 16)
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert!(body["error"].as_str().unwrap().contains("goes on serving"));
        let answer = app.oneshot(get("/api/games")).await.unwrap();
        assert_eq!(answer.status(), StatusCode::OK);
    }

    #[tokio::test]
    async fn a_panic_in_a_worker_holding_the_cache_fails_that_request_only() {
        let panicking = routes().route(
            "/panic",
            get(|State(shared): State<Arc<Shared>>| async move {
                shared
                    .work(|shared, _| -> Result<(), ApiError> {
                        let _cache = shared.cache();
                        panic!("a bug while the cache is held")
                    })
                    .await
            }),
        );
        let app = guarded(panicking, Limits::default(), Solutions::default());
        let answer = app
            .clone()
            .oneshot(Request::get("/panic").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::INTERNAL_SERVER_ERROR);
        // The cache's lock is poisoned, and the next requests are served all the same.
        for _ in 0..2 {
            let request = Request::post("/api/position")
                .header("content-type", "application/json")
                .body(Body::from(r#"{"game": "nim", "start": "1 2"}"#))
                .unwrap();
            let answer = app.clone().oneshot(request).await.unwrap();
            assert_eq!(answer.status(), StatusCode::OK);
        }
    }

    #[test]
    fn the_cache_keeps_the_games_used_last_within_its_count_and_bytes() {
        let game = |start: &str| Arc::new(registry::play("nim", start, 1000).unwrap());
        let keep = |cache: &mut Cache, start: &str, limits: &Limits| {
            let game = game(start);
            let bytes = Cache::size(start, &game);
            cache.insert(start.to_string(), game, bytes, limits);
            assert!(cache.games.len() <= limits.cached_games);
            assert!(cache.bytes <= limits.cache_bytes);
            assert_eq!(
                cache.bytes,
                cache.games.values().map(|c| c.bytes).sum::<u64>()
            );
        };
        let two = Limits {
            cached_games: 2,
            cache_bytes: 1 << 30,
            ..Limits::default()
        };
        let mut cache = Cache::default();
        keep(&mut cache, "3 3", &two);
        keep(&mut cache, "1 2", &two);
        assert!(cache.get("3 3").is_some());
        // "1 2" was used least recently: it goes to make room.
        keep(&mut cache, "3 4", &two);
        assert!(cache.get("1 2").is_none());
        assert!(cache.get("3 3").is_some() && cache.get("3 4").is_some());
        // Within the bytes of the two games kept: "3 3", used least recently, goes.
        let bytes = Limits {
            cache_bytes: cache.bytes,
            ..two
        };
        keep(&mut cache, "1 1", &bytes);
        assert!(cache.get("3 3").is_none() && cache.get("1 1").is_some());
        // A game larger than the whole cache is not kept, and takes nothing out.
        let kept = cache.games.len();
        keep(&mut cache, "9 9 9", &bytes);
        assert!(cache.get("9 9 9").is_none());
        assert_eq!(cache.games.len(), kept);
    }
}
