//! `grundy serve`: one web page to play the engine's games, and the small JSON API it uses.
//!
//! The page (HTML, CSS and JavaScript embedded in the binary, no external asset) lets a
//! player choose a game and a position, or paste a position graph, then play by clicking
//! moves, with hints and a heatmap of the game's values. The API is stateless: every request
//! names the game and its start position (or carries the graph), and the position played; the
//! server keeps the few games solved last, so that a game is solved once, not at each move.
//!
//! - `GET /api/games`: the games and how their positions are written.
//! - `POST /api/position`: a position with its moves, each with its outcome for its player;
//!   for a partizan ruleset (Domineering, Clobber, Hackenbush...) also the position's `form`
//!   (canonical form, outcome class, temperature), each move's `form` (the canonical form it
//!   leads to) and the position's `thermograph` (SVG).
//! - `POST /api/move`: a move typed or clicked, with its verdict and the position after it.
//! - `POST /api/engine`: the engine's move, and the position after it.
//! - `GET /api/table?game=nim&size=20`: the heatmap of the game's values, as SVG in JSON.
//!
//! Limits: request bodies up to [`Limits::body_bytes`], graphs up to
//! [`Limits::graph_positions`], games solved within [`Limits::solve_positions`]; every error is
//! a 4xx answer `{"error": "..."}`, and a panic in a handler becomes a 500 answer of the same
//! form without stopping the server.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use grundy::budget::Budget;
use grundy::graph::text::parse_str;
use grundy::pattern::picture::{Heatmap, PictureOptions};
use grundy::pattern::table::{Kind, Span};
use grundy::play::{games, Analysis, Choice, Match, PlayError};
use grundy::progress::NoProgress;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tower_http::catch_panic::CatchPanicLayer;

/// The page, its style and its script: one file each, embedded.
const PAGE: &str = include_str!("page/index.html");

/// What the server accepts: sizes beyond these are refused with a 4xx answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body, in bytes (a pasted graph is the largest request).
    pub body_bytes: usize,
    /// The most positions a pasted graph may have.
    pub graph_positions: usize,
    /// The most positions solved to play a catalogue game from its start.
    pub solve_positions: usize,
    /// The largest table side: n up to this (one parameter), a and b up to it (two).
    pub table_size: u64,
    /// How many solved games the server keeps.
    pub cached_games: usize,
}

impl Default for Limits {
    /// 1 MiB bodies, graphs of 100,000 positions, games of 200,000 positions, tables of
    /// side 400, 64 games kept.
    fn default() -> Limits {
        Limits {
            body_bytes: 1 << 20,
            graph_positions: 100_000,
            solve_positions: 200_000,
            table_size: 400,
            cached_games: 64,
        }
    }
}

/// The server's state: its limits and the games solved last, by what names them.
struct Shared {
    limits: Limits,
    solved: Mutex<HashMap<String, Arc<Match>>>,
}

/// The application: the page and the API, with the limits given. Used by [`serve`] and, in
/// tests, called in-process.
pub fn app(limits: Limits) -> Router {
    guarded(routes(), limits)
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
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page or API endpoint") })
}

/// `routes` with the body limit, the panic guard and a fresh state.
fn guarded(routes: Router<Arc<Shared>>, limits: Limits) -> Router {
    let shared = Arc::new(Shared {
        limits,
        solved: Mutex::new(HashMap::new()),
    });
    routes
        .layer(DefaultBodyLimit::max(limits.body_bytes))
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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        axum::serve(listener, app(limits)).await
    })
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

/// A play error as an answer: 422 for a game too large to solve, 400 otherwise.
fn play_error(e: PlayError) -> ApiError {
    let status = match e {
        PlayError::TooLarge { .. } => StatusCode::UNPROCESSABLE_ENTITY,
        _ => StatusCode::BAD_REQUEST,
    };
    error(status, e.to_string())
}

/// A body that is not the JSON expected (or too large) as an answer.
fn json_error(e: JsonRejection) -> ApiError {
    error(e.status(), e.body_text())
}

/// `GET /api/games`.
async fn list_games() -> Json<&'static [games::Playable]> {
    Json(games::GAMES)
}

/// What names a game in a request: a catalogue game and its start, or a graph.
#[derive(Debug, Deserialize)]
struct GameRequest {
    /// A catalogue game's name (`nim`, `subtraction:1,3,4`).
    #[serde(default)]
    game: Option<String>,
    /// The start position: the catalogue game's, or the graph's position name.
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

/// An answer about a position: the game, and the position analysed; for a ruleset, its
/// thermograph.
#[derive(Debug, Serialize)]
struct PositionAnswer {
    title: String,
    start: String,
    #[serde(flatten)]
    analysis: Analysis,
    #[serde(skip_serializing_if = "Option::is_none")]
    thermograph: Option<String>,
}

/// An answer to a move: the move with its verdict, and the position after it.
#[derive(Debug, Serialize)]
struct MoveAnswer {
    #[serde(rename = "move")]
    played: Choice,
    after: PositionAnswer,
}

impl Shared {
    /// The game a request names, solved (or taken from those solved last), and the position
    /// it plays. Solving runs on a blocking thread.
    async fn game(self: &Arc<Self>, request: &GameRequest) -> Result<(Arc<Match>, u32), ApiError> {
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
        let cached = self
            .solved
            .lock()
            .map_err(|_| poisoned())?
            .get(&key)
            .cloned();
        let game = match cached {
            Some(game) => game,
            None => {
                let shared = Arc::clone(self);
                let (game, graph, start) = (
                    request.game.clone(),
                    request.graph.clone(),
                    request.start.clone(),
                );
                let solved = tokio::task::spawn_blocking(move || {
                    shared.solve(game.as_deref(), graph.as_deref(), start.as_deref())
                })
                .await
                .map_err(|_| poisoned())??;
                let game = Arc::new(solved);
                let mut cache = self.solved.lock().map_err(|_| poisoned())?;
                if cache.len() >= self.limits.cached_games {
                    cache.clear();
                }
                cache.insert(key, Arc::clone(&game));
                game
            }
        };
        let p = match &request.position {
            None => game.start(),
            Some(name) => game.find(name).ok_or_else(|| {
                error(
                    StatusCode::BAD_REQUEST,
                    format!("'{name}' is not a position of this game reached from its start"),
                )
            })?,
        };
        Ok((game, p))
    }

    /// Solves a catalogue game from its start, or a graph, within the limits.
    fn solve(
        &self,
        game: Option<&str>,
        graph: Option<&str>,
        start: Option<&str>,
    ) -> Result<Match, ApiError> {
        match (game, graph) {
            (Some(game), _) => {
                let start = start.ok_or_else(|| {
                    error(
                        StatusCode::BAD_REQUEST,
                        "give the start position (\"start\")",
                    )
                })?;
                games::build(game, start, self.limits.solve_positions).map_err(play_error)
            }
            (None, Some(text)) => {
                let graph =
                    parse_str(text).map_err(|e| error(StatusCode::BAD_REQUEST, e.to_string()))?;
                if graph.position_count() > self.limits.graph_positions {
                    return Err(error(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        format!(
                            "the graph has {} positions, more than the {} this server plays",
                            graph.position_count(),
                            self.limits.graph_positions
                        ),
                    ));
                }
                Match::from_graph("position graph", graph, start).map_err(play_error)
            }
            (None, None) => Err(error(
                StatusCode::BAD_REQUEST,
                "name a game or give a graph",
            )),
        }
    }
}

/// The answer for a poisoned lock or a failed thread: only after a panic, which the panic
/// layer reports too.
fn poisoned() -> ApiError {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the server failed on an earlier request",
    )
}

/// The position `p` of `game`, analysed, as an answer.
fn answer_at(game: &Match, p: u32) -> PositionAnswer {
    PositionAnswer {
        title: game.title().to_string(),
        start: game.name(game.start()).to_string(),
        analysis: game.analyse(p),
        thermograph: game.thermograph_svg(p),
    }
}

/// The move to `to` from `p`, with its verdict, and the position after it.
fn move_answer(game: &Match, p: u32, to: u32) -> MoveAnswer {
    let before = game.analyse(p);
    let played = before
        .moves
        .into_iter()
        .find(|c| c.to == game.name(to))
        .expect("a legal move is among the position's moves");
    MoveAnswer {
        played,
        after: answer_at(game, to),
    }
}

/// `POST /api/position`.
async fn position(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Json<PositionAnswer>, ApiError> {
    let Json(request) = body.map_err(json_error)?;
    let (game, p) = shared.game(&request).await?;
    Ok(Json(answer_at(&game, p)))
}

/// `POST /api/move`.
async fn play_move(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Json<MoveAnswer>, ApiError> {
    let Json(request) = body.map_err(json_error)?;
    let (game, p) = shared.game(&request).await?;
    let text = (request.played.as_deref())
        .ok_or_else(|| error(StatusCode::BAD_REQUEST, "give the move (\"move\")"))?;
    let to = game.read_move(p, text).map_err(play_error)?;
    Ok(Json(move_answer(&game, p, to)))
}

/// `POST /api/engine`.
async fn engine_move(
    State(shared): State<Arc<Shared>>,
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Json<MoveAnswer>, ApiError> {
    let Json(request) = body.map_err(json_error)?;
    let (game, p) = shared.game(&request).await?;
    let analysis = game.analyse(p);
    let best = analysis
        .best
        .ok_or_else(|| error(StatusCode::CONFLICT, "the game is over: no move is left"))?;
    let to = game
        .read_move(p, &analysis.moves[best].key)
        .map_err(play_error)?;
    Ok(Json(move_answer(&game, p, to)))
}

/// The query of `GET /api/table`.
#[derive(Debug, Deserialize)]
struct TableQuery {
    /// The game, as `/api/position` names it.
    game: String,
    /// The largest parameter drawn (n, or a and b).
    size: u64,
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
}

/// `GET /api/table`.
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
    let (spec, parameters) = games::table_of(&query.game).ok_or_else(|| {
        error(
            StatusCode::NOT_FOUND,
            format!("no table of values for '{}'", query.game),
        )
    })?;
    let drawn = tokio::task::spawn_blocking(move || -> Result<TableAnswer, String> {
        let tabulated = grundy::games::registry::table_game(&spec).map_err(|e| e.to_string())?;
        let span = Span::new(0, query.size).ok_or("empty span")?;
        // One parameter: rows of 20 cells, so that n is 20 × row + column.
        let wrap = if parameters == 1 { 20 } else { 0 };
        let table = if parameters == 1 {
            tabulated.line(span, Kind::Values, &Budget::default(), &NoProgress)
        } else {
            tabulated.grid(span, span, Kind::Values, &Budget::default())
        }
        .map_err(|e| e.to_string())?;
        let options = PictureOptions { wrap, scale: None };
        let map = Heatmap::new(&table, &options).map_err(|e| e.to_string())?;
        Ok(TableAnswer {
            svg: map.svg(),
            parameters,
            wrap,
            origin: map.cell_origin(0, 0),
            scale: map.scale(),
            cells: map.cells(),
        })
    })
    .await
    .map_err(|_| poisoned())?
    .map_err(|message| error(StatusCode::BAD_REQUEST, message))?;
    Ok(([(header::CACHE_CONTROL, "max-age=3600")], Json(drawn)).into_response())
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
        let app = guarded(panicking, Limits::default());
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
}
