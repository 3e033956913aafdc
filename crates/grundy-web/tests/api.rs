//! Every endpoint of the API and every error, in-process; after each error the same server
//! still answers a good request. Then, over sockets to a server of its own: the refusals of
//! the HTTP layer, and work stopped when its request is given up.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use grundy_web::{app, Limits, HEADERS, HEAD_BYTES, REQUEST_LINE_BYTES};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tower::ServiceExt;

/// A server with small limits, so that the errors are cheap to reach.
fn server() -> Router {
    app(Limits {
        body_bytes: 4096,
        positions: 5000,
        table_size: 100,
        cached_games: 4,
        ..Limits::default()
    })
}

/// Sends a request; the answer's status and body (JSON, or the text as a JSON string).
async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let answer = app.clone().oneshot(request).await.unwrap();
    let status = answer.status();
    let bytes = axum::body::to_bytes(answer.into_body(), 1 << 24)
        .await
        .unwrap();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    send(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

async fn post(app: &Router, uri: &str, body: &Value) -> (StatusCode, Value) {
    let request = Request::post(uri)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, request).await
}

/// An error answer: the status, and an `error` message containing `words`.
async fn refused(app: &Router, answer: (StatusCode, Value), status: StatusCode, words: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    let message = answer.1["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{}", answer.1));
    assert!(message.contains(words), "{message}");
    // The server goes on serving.
    let (status, games) = get(app, "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    assert!(games.as_array().is_some_and(|g| !g.is_empty()));
}

#[tokio::test]
async fn the_page_is_one_self_contained_file() {
    let app = server();
    let (status, page) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    let page = page.as_str().unwrap();
    assert!(page.contains("<script>") && page.contains("name=\"viewport\""));
    assert!(
        !page.contains("src=\"http") && !page.contains("href=\"http"),
        "no external asset"
    );
}

#[tokio::test]
async fn games_are_listed_with_their_positions() {
    let (status, games) = get(&server(), "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games = games.as_array().unwrap();
    assert_eq!(
        games.len(),
        grundy_catalogue::games::registry::playables().count()
    );
    assert!(games
        .iter()
        .any(|g| g["example"] == "subtraction:1,3,4" && g["start"] == "10 7"));
    // The loopy rulesets, which are no family of the catalogue, are listed too.
    for (name, start) in [
        ("backsliding", "TT..FF left"),
        ("fox-and-geese", ".G.G|....|....|F... left"),
    ] {
        assert!(
            games
                .iter()
                .any(|g| g["example"] == name && g["start"] == start),
            "{name}"
        );
    }
}

#[tokio::test]
async fn a_loopy_ruleset_is_played_on_its_board_with_its_draws() {
    let app = server();
    let start = json!({"game": "backsliding", "start": "F.F.TT left"});
    let (status, a) = post(&app, "/api/position", &start).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(
        (
            a["title"].as_str(),
            a["outcome"].as_str(),
            a["to_move"].as_u64()
        ),
        (Some("Backsliding Toads and Frogs"), Some("draw"), Some(1))
    );
    assert_eq!(
        a["drawing"],
        json!({"kind": "board", "rows": ["F.F.TT"], "note": "Left to move"})
    );
    let best = &a["moves"][a["best"].as_u64().unwrap() as usize];
    assert_eq!(
        (best["text"].as_str(), best["result"].as_str()),
        (Some("T 5->4"), Some("draw"))
    );
    assert_eq!(best["touches"]["path"], json!([[0, 4], [0, 3]]));
    let start = json!({"game": "fox-and-geese", "start": ".G.G|....|....|F... left"});
    let (status, f) = post(&app, "/api/position", &start).await;
    assert_eq!(status, StatusCode::OK, "{f}");
    assert_eq!(
        f["drawing"]["rows"],
        json!([".G.G", "....", "....", "F..."])
    );
    assert_eq!(f["outcome"], "win");
}

#[tokio::test]
async fn a_position_comes_with_its_moves_and_their_outcomes() {
    let app = server();
    let (status, a) = post(
        &app,
        "/api/position",
        &json!({"game": "nim", "start": "1 2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(
        (a["title"].as_str(), a["outcome"].as_str()),
        (Some("Nim"), Some("win"))
    );
    assert_eq!(
        a["drawing"],
        json!({"kind": "piles", "piles": [1, 2], "noun": "pile"})
    );
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    let best = &moves[a["best"].as_u64().unwrap() as usize];
    assert_eq!(
        (best["to"].as_str(), best["mistake"].as_bool()),
        (Some("1 1"), Some(false))
    );
    // A later position of the same game, and a graph with a draw.
    let (_, later) = post(
        &app,
        "/api/position",
        &json!({"game": "nim", "start": "1 2", "position": "1 1"}),
    )
    .await;
    assert_eq!(later["outcome"], "loss");
    let graph = json!({"graph": "a b\nb a\na c\nc d\n", "start": "a"});
    let (status, g) = post(&app, "/api/position", &graph).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(
        (g["outcome"].as_str(), g["drawing"]["kind"].as_str()),
        (Some("draw"), Some("graph"))
    );
    // The player at a has the losing move to c, but cannot make his opponent face one: b's
    // only move is back to a. A pure draw for him; the drawn move says so too.
    assert_eq!(g["draw_level"], "pure");
    let to_b = &g["moves"].as_array().unwrap()[0];
    assert_eq!(
        (&to_b["draw_level"], &to_b["losing_offered"]),
        (&json!("pure"), &json!(0))
    );
    assert!(g["moves"][1].get("draw_level").is_none(), "{g}");
    // Without a start, or with an empty one (a form's field left empty), a graph is played
    // from its first position, as `grundy play --graph` plays it.
    for body in [
        json!({"graph": "a b\nb a\na c\nc d\n"}),
        json!({"graph": "a b\nb a\na c\nc d\n", "start": ""}),
        json!({"graph": "a b\nb a\na c\nc d\n", "start": " "}),
    ] {
        let (status, first) = post(&app, "/api/position", &body).await;
        assert_eq!(status, StatusCode::OK, "{body}: {first}");
        assert_eq!(
            (&first["position"], &first["start"], &first["moves"]),
            (&g["position"], &g["start"], &g["moves"]),
            "{body}"
        );
    }
}

#[tokio::test]
async fn in_a_draw_the_engine_sets_a_trap() {
    // Tic-tac-toe's 5,478 positions: more than the small server's limit.
    let app = grundy_web::app(Limits::default());
    let (status, e) = post(
        &app,
        "/api/engine",
        &json!({"game": "tic-tac-toe", "start": ""}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{e}");
    // A corner: only the centre saves the second player.
    assert_eq!(
        (
            e["move"]["text"].as_str(),
            e["move"]["draw_level"].as_u64(),
            e["move"]["losing_offered"].as_u64()
        ),
        (Some("a3"), Some(1), Some(7))
    );
    assert_eq!(e["after"]["draw_level"], 3);
}

#[tokio::test]
async fn moves_and_the_engine_answer_with_the_position_after() {
    let app = server();
    let game = json!({"game": "subtraction:1,3,4", "start": "6", "move": "6 -> 5"});
    let (status, _) = post(&app, "/api/move", &game).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let game = json!({"game": "subtraction:1,3,4", "start": "6", "move": "5"});
    let (status, m) = post(&app, "/api/move", &game).await;
    assert_eq!(status, StatusCode::OK, "{m}");
    // 6 -> 5 hands the opponent a win (5 has value 3): a mistake, which threw a win away.
    assert_eq!(
        (
            m["move"]["mistake"].as_bool(),
            m["before"].as_str(),
            m["after"]["position"].as_str()
        ),
        (Some(true), Some("win"), Some("5"))
    );
    // From a, b keeps the draw of the cycle a-b, and c hands the opponent a win: a mistake
    // that threw a draw away.
    let graph = json!({"graph": "a b\nb a\na c\nc d", "start": "a", "move": "c"});
    let (status, m) = post(&app, "/api/move", &graph).await;
    assert_eq!(status, StatusCode::OK, "{m}");
    assert_eq!(
        (m["move"]["mistake"].as_bool(), m["before"].as_str()),
        (Some(true), Some("draw"))
    );
    let (status, e) = post(
        &app,
        "/api/engine",
        &json!({"game": "subtraction:1,3,4", "start": "6", "position": "5"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{e}");
    assert_eq!(
        (e["move"]["result"].as_str(), e["after"]["outcome"].as_str()),
        (Some("win"), Some("loss"))
    );
}

#[tokio::test]
async fn the_table_is_a_heatmap_with_its_cell_layout() {
    let (status, t) = get(&server(), "/api/table?game=wythoff&size=10").await;
    assert_eq!(status, StatusCode::OK, "{t}");
    assert!(t["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(
        (t["parameters"].as_u64(), t["cells"].clone()),
        (Some(2), json!([11, 11]))
    );
    let (_, t) = get(&server(), "/api/table?game=subtraction:1,3,4&size=39").await;
    assert_eq!(
        (t["parameters"].as_u64(), t["wrap"].as_u64()),
        (Some(1), Some(20))
    );
    // Outcomes rather than values: Domineering's P, N, L and R, Wythoff's P and N.
    let (status, t) = get(
        &server(),
        "/api/table?game=domineering&size=3&outcomes=true",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{t}");
    let svg = t["svg"].as_str().unwrap();
    for class in ["P", "N", "L", "R"] {
        assert!(svg.contains(&format!(">{class}<")), "{class}: {svg}");
    }
    let (_, values) = get(&server(), "/api/table?game=domineering&size=3").await;
    assert_ne!(values["svg"], t["svg"]);
    assert_eq!(values["positions"], t["positions"]);
}

/// Every game whose table `grundy table` draws answers its table request, and each drawn cell
/// with a position is a start the game plays from.
#[tokio::test]
async fn every_game_with_a_table_draws_it_and_plays_from_its_cells() {
    let app = server();
    let mut drawn = Vec::new();
    for game in grundy_catalogue::games::registry::playables() {
        let Some(table) = grundy_catalogue::games::registry::play_table(game.example()) else {
            continue;
        };
        let uri = format!("/api/table?game={}&size=3", game.example());
        let (status, t) = get(&app, &uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}: {t}");
        assert_eq!(t["parameters"].as_u64(), Some(table.parameters as u64));
        let positions = t["positions"].as_array().unwrap();
        let (rows, columns) = (t["cells"][0].as_u64(), t["cells"][1].as_u64());
        let cells = (rows.unwrap() * columns.unwrap()) as usize;
        assert!(
            !positions.is_empty() && positions.len() <= cells,
            "{uri}: {t}"
        );
        for start in positions.iter().filter_map(Value::as_str) {
            let request = json!({"game": game.example(), "start": start});
            let (status, p) = post(&app, "/api/position", &request).await;
            assert_eq!(
                status,
                StatusCode::OK,
                "{} from {start}: {p}",
                game.example()
            );
        }
        drawn.push(game.example());
    }
    for game in [
        "nim",
        "wythoff",
        "domineering",
        "cram",
        "toads-and-frogs",
        "fibonacci",
    ] {
        assert!(drawn.contains(&game), "{game}: {drawn:?}");
    }
    assert!(drawn.iter().any(|g| g.starts_with("coins:")), "{drawn:?}");
}

#[tokio::test]
async fn every_table_draws_at_the_size_the_games_list_gives() {
    // The page draws a game's table first at its `table_size`: it must be drawable by a
    // server of the default limits (`grundy serve` without options).
    let app = app(Limits::default());
    let (status, games) = get(&app, "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let mut sized = 0;
    for game in games.as_array().unwrap() {
        let example = game["example"].as_str().unwrap();
        let has_table = grundy_catalogue::games::registry::play_table(example).is_some();
        assert_eq!(game["table_size"].is_u64(), has_table, "{game}");
        let Some(size) = game["table_size"].as_u64() else {
            continue;
        };
        let uri = format!("/api/table?game={example}&size={size}");
        let (status, t) = get(&app, &uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}: {t}");
        sized += 1;
    }
    assert!(sized >= 6, "{sized} games with a table");
}

#[tokio::test]
async fn every_error_is_a_json_4xx_and_the_server_goes_on() {
    let app = server();
    let bad = StatusCode::BAD_REQUEST;
    let cases = [
        (json!({}), bad, "name a game"),
        (json!({"game": "nim"}), bad, "start position"),
        (
            json!({"game": "chess", "start": "1"}),
            bad,
            "unknown game 'chess'",
        ),
        (json!({"game": "nim", "start": "x"}), bad, "'x'"),
        (
            json!({"game": "squares", "start": "9 9 9 9"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "more than 5000 positions",
        ),
        (
            json!({"game": "nim", "start": "1 2", "position": "7"}),
            bad,
            "not a position of this game",
        ),
        (json!({"graph": "a b\n", "game": "nim"}), bad, "name a game"),
        (json!({"graph": "a b c d\n"}), bad, ""),
        (
            json!({"graph": "a b\n", "start": "zz"}),
            bad,
            "no position 'zz'",
        ),
        (
            json!({"game": 3}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid type",
        ),
    ];
    for (body, status, words) in cases {
        let answer = post(&app, "/api/position", &body).await;
        refused(&app, answer, status, words).await;
    }
    // A graph of more positions than the budget.
    let small = grundy_web::app(Limits {
        positions: 50,
        ..Limits::default()
    });
    let chain = json!({"graph": (0..60).map(|i| format!("p{i} p{}\n", i + 1)).collect::<String>()});
    refused(
        &small,
        post(&small, "/api/position", &chain).await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "more than the 50 this server plays; the server's operator raises this limit with \
         grundy serve --max-positions N",
    )
    .await;
    let big = json!({"graph": "a b\n".repeat(2000)});
    refused(
        &app,
        post(&app, "/api/position", &big).await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "length limit",
    )
    .await;
    let not_json = Request::post("/api/position")
        .header("content-type", "application/json")
        .body(Body::from("{"))
        .unwrap();
    refused(&app, send(&app, not_json).await, bad, "").await;
    let no_type = Request::post("/api/engine").body(Body::from("{}")).unwrap();
    refused(
        &app,
        send(&app, no_type).await,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Content-Type",
    )
    .await;
    let game = |extra: Value| {
        let mut body = json!({"game": "nim", "start": "1 2"});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        body
    };
    refused(
        &app,
        post(&app, "/api/move", &game(json!({}))).await,
        bad,
        "give the move",
    )
    .await;
    refused(
        &app,
        post(&app, "/api/move", &game(json!({"move": "9"}))).await,
        bad,
        "not a move here",
    )
    .await;
    refused(
        &app,
        post(
            &app,
            "/api/move",
            &game(json!({"move": "1", "position": "0 0"})),
        )
        .await,
        bad,
        "game is over",
    )
    .await;
    refused(
        &app,
        post(&app, "/api/engine", &game(json!({"position": "0 0"}))).await,
        StatusCode::CONFLICT,
        "game is over",
    )
    .await;
    refused(
        &app,
        post(
            &app,
            "/api/engine",
            &json!({"game": "nim", "start": "1 2", "position": "5 5"}),
        )
        .await,
        bad,
        "not a position",
    )
    .await;
    refused(
        &app,
        get(&app, "/api/table?game=nim&size=0").await,
        bad,
        "size is from 1 to 100",
    )
    .await;
    refused(
        &app,
        get(&app, "/api/table?game=nim&size=101").await,
        bad,
        "size is from 1 to 100",
    )
    .await;
    refused(
        &app,
        get(&app, "/api/table?game=staircase&size=5").await,
        StatusCode::NOT_FOUND,
        "no table",
    )
    .await;
    refused(&app, get(&app, "/api/table?game=nim").await, bad, "size").await;
    refused(
        &app,
        get(&app, "/api/nothing").await,
        StatusCode::NOT_FOUND,
        "no such page",
    )
    .await;
}

#[tokio::test]
async fn a_domineering_game_comes_with_its_grid_values_and_thermographs() {
    let app = server();
    let start = "...|...|..#";
    let (status, a) = post(
        &app,
        "/api/position",
        &json!({"game": "domineering", "start": start}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(
        (
            a["title"].as_str(),
            a["position"].as_str(),
            a["to_move"].as_u64()
        ),
        (Some("Domineering"), Some("...|...|..# left"), Some(1))
    );
    assert_eq!(
        a["drawing"],
        json!({"kind": "board", "rows": ["...", "...", "..#"], "note": "Left to move"})
    );
    assert_eq!(
        (&a["canonical_form"], &a["outcome_class"], &a["temperature"]),
        (&json!("+-3/2"), &json!("N"), &json!("3/2"))
    );
    assert!(a["thermograph"].as_str().unwrap().starts_with("<svg"));
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5);
    let best = &moves[a["best"].as_u64().unwrap() as usize];
    assert_eq!(
        (
            best["text"].as_str(),
            best["result"].as_str(),
            best["canonical_form"].as_str()
        ),
        (Some("(1,2)-(2,2)"), Some("win"), Some("3/2"))
    );
    // A move typed as the ruleset names it, then the engine's reply as Right.
    let game = json!({"game": "domineering", "start": start, "move": "(1,2)-(2,2)"});
    let (status, m) = post(&app, "/api/move", &game).await;
    assert_eq!(status, StatusCode::OK, "{m}");
    assert_eq!(m["move"]["mistake"], false);
    assert_eq!(m["after"]["position"], ".#.|.#.|..# right");
    assert_eq!(m["after"]["canonical_form"], "3/2");
    let (status, e) = post(
        &app,
        "/api/engine",
        &json!({"game": "domineering", "start": start, "position": ".#.|.#.|..# right"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{e}");
    assert_eq!(
        (e["move"]["text"].as_str(), e["after"]["position"].as_str()),
        (Some("(3,1)-(3,2)"), Some(".#.|.#.|### left"))
    );
    assert_eq!(
        (
            e["after"]["outcome"].as_str(),
            e["after"]["outcome_class"].as_str()
        ),
        (Some("win"), Some("L"))
    );
    // Left's last move leaves Right none: the engine has nothing to play.
    let game = json!({"game": "domineering", "start": start,
        "position": ".#.|.#.|### left", "move": "(1,1)-(2,1)"});
    let (_, m) = post(&app, "/api/move", &game).await;
    assert_eq!(m["after"]["moves"], json!([]));
    let over = json!({"game": "domineering", "start": start, "position": "##.|##.|### right"});
    let answer = post(&app, "/api/engine", &over).await;
    refused(&app, answer, StatusCode::CONFLICT, "the game is over").await;
    // Errors: an illegal move, a bad board, a board too large.
    let game = json!({"game": "domineering", "start": start, "move": "(1,1)-(1,2)"});
    let answer = post(&app, "/api/move", &game).await;
    refused(&app, answer, StatusCode::BAD_REQUEST, "not a move here").await;
    let game = json!({"game": "domineering", "start": "..|.x"});
    let answer = post(&app, "/api/position", &game).await;
    refused(&app, answer, StatusCode::BAD_REQUEST, "Domineering: 2:2").await;
    let game = json!({"game": "domineering", "start": "......|......|......|......|......"});
    let answer = post(&app, "/api/position", &game).await;
    refused(
        &app,
        answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a smaller board",
    )
    .await;
}

/// The requests that once grew the server without bound (huge piles, many piles, a huge
/// board, on every endpoint): the families with a formula play them by it, at once and rightly;
/// the others are refused at once, with a JSON error naming the budget and the option that
/// raises it; the server answers on.
#[tokio::test]
async fn huge_starts_are_played_by_the_formula_or_refused_before_anything_is_explored() {
    let app = grundy_web::app(Limits::default());
    let huge = "100000000";
    let many = vec!["1"; 100_000].join(" ");
    let board = vec![".".repeat(300); 300].join("|");
    let game = |game: &str, start: &str| json!({"game": game, "start": start});
    let quick = |started: Instant, what: &Value| {
        let took = started.elapsed();
        let start = what["start"].as_str().unwrap_or_default();
        let start = &start[..start.len().min(40)];
        assert!(
            took < Duration::from_secs(2),
            "{} {start}: {took:?}",
            what["game"]
        );
    };
    // Played by the formula: the outcome the family's formula gives.
    let played = [
        ("/api/position", game("nim", huge), "win"),
        ("/api/position", game("nim", "1000000000000000000"), "win"),
        (
            "/api/position",
            game("nim", "1000000000000000000 1000000000000000000"),
            "loss",
        ),
        ("/api/position", game("misere-nim", huge), "win"),
        (
            "/api/position",
            game("staircase", &format!("{huge} 5")),
            "win",
        ),
        ("/api/position", game("subtraction:1,3,4", huge), "loss"),
        (
            "/api/position",
            game("wythoff", &format!("{huge} {huge}")),
            "win",
        ),
        ("/api/position", game("fibonacci", "102334155"), "loss"),
        ("/api/position", game("fibonacci", huge), "win"),
        ("/api/position", game("nim", &many), "loss"),
    ];
    for (uri, body, outcome) in played {
        let started = Instant::now();
        let (status, answer) = post(&app, uri, &body).await;
        quick(started, &body);
        assert_eq!(status, StatusCode::OK, "{body}: {answer}");
        assert_eq!(answer["outcome"], outcome, "{body}");
        assert!(
            answer.get("remoteness").is_none_or(Value::is_null),
            "{answer}"
        );
    }
    // The engine's move and a typed move, far from the listed ones.
    let (status, answer) = post(&app, "/api/engine", &game("nim", "1000000000000000000 7")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["after"]["position"], "7 7");
    let mut body = game("nim", "1000000000000000000 7");
    body["move"] = json!("123456789 7");
    let (status, answer) = post(&app, "/api/move", &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        (&answer["move"]["text"], &answer["move"]["mistake"]),
        (
            &json!("pile 1: 1000000000000000000 -> 123456789 (take 999999999876543211)"),
            &json!(true)
        )
    );
    body["move"] = json!("123456789 8");
    let (status, answer) = post(&app, "/api/move", &body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let refused_at_once = [
        ("/api/position", game("squares", huge)),
        ("/api/position", game("take-and-break:0.77", huge)),
        ("/api/position", game("partizan:1,2", huge)),
        ("/api/position", game("take-and-break:0.77", &many)),
        ("/api/position", game("domineering", &board)),
    ];
    for (uri, body) in refused_at_once {
        let started = Instant::now();
        let answer = post(&app, uri, &body).await;
        quick(started, &body);
        let words = "raises this limit with grundy serve --max-positions N";
        refused(&app, answer, StatusCode::UNPROCESSABLE_ENTITY, words).await;
    }
}

/// A request over its time is answered 503 naming the time limit, and its work stops: the
/// only worker is soon free again for the next request.
#[tokio::test]
async fn a_request_over_its_time_is_answered_and_its_work_stopped() {
    let app = grundy_web::app(
        Limits {
            positions: 100_000_000,
            memory: 8 << 30,
            timeout: Duration::from_millis(500),
            ..Limits::default()
        }
        .with_workers(1),
    );
    let slow = json!({"game": "squares", "start": "20 20 20 20 20 20 20 20 20"});
    let started = Instant::now();
    let answer = post(&app, "/api/position", &slow).await;
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    let words = "time limit of 0.5 s (the server stopped its work): the server's operator raises \
                 this limit with grundy serve --timeout SECONDS";
    refused(&app, answer, StatusCode::SERVICE_UNAVAILABLE, words).await;
    // The one worker is soon free again: uncancelled, the work would go on for minutes.
    let stopped = Instant::now();
    loop {
        let small = json!({"game": "nim", "start": "1 2"});
        let (status, a) = post(&app, "/api/position", &small).await;
        if status == StatusCode::OK {
            assert_eq!(a["outcome"], "win");
            break;
        }
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{a}");
        assert!(
            stopped.elapsed() < Duration::from_secs(3),
            "the work goes on"
        );
    }
}

/// Beyond the requests let in at once, a request is answered 503 at once, and the server
/// answers again when they are done.
#[tokio::test]
async fn requests_beyond_the_limit_are_answered_busy() {
    let app = grundy_web::app(Limits {
        positions: 100_000_000,
        memory: 4 << 30,
        timeout: Duration::from_millis(500),
        requests: 1,
        workers: 1,
        ..Limits::default()
    });
    let slow = json!({"game": "squares", "start": "20 20 20 20 20 20 20 20 20"});
    let first = tokio::spawn({
        let app = app.clone();
        async move { post(&app, "/api/position", &slow).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, busy) = get(&app, "/api/games").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{busy}");
    let message = busy["error"].as_str().unwrap();
    assert!(
        message.contains("1 requests are in already") && message.contains("--max-requests N"),
        "{message}"
    );
    let (status, _) = first.await.unwrap();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let (status, _) = get(&app, "/api/games").await;
    assert_eq!(status, StatusCode::OK);
}

/// The answers of the router and of the extractors are JSON too: a method an endpoint does
/// not answer, a query that is not understood.
#[tokio::test]
async fn every_error_of_the_router_is_json() {
    let app = server();
    let answer = get(&app, "/api/position").await;
    let words = "/api/position does not answer GET: the page is GET /";
    refused(&app, answer, StatusCode::METHOD_NOT_ALLOWED, words).await;
    let delete = Request::delete("/api/games").body(Body::empty()).unwrap();
    let answer = app.clone().oneshot(delete).await.unwrap();
    assert_eq!(answer.headers()["allow"], "GET,HEAD");
    let answer = post(&app, "/", &json!({})).await;
    refused(
        &app,
        answer,
        StatusCode::METHOD_NOT_ALLOWED,
        "/ does not answer POST",
    )
    .await;
    let answer = get(&app, "/api/table?game=nim&size=-1").await;
    refused(&app, answer, StatusCode::BAD_REQUEST, "size").await;
}

#[tokio::test]
async fn each_move_says_what_it_touches_on_the_drawing() {
    let app = server();
    // Nim: a move takes the counters of one pile from the one clicked up.
    let (status, nim) = post(
        &app,
        "/api/position",
        &json!({"game": "nim", "start": "3 4 5"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{nim}");
    let take = nim["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "1 4 5")
        .unwrap();
    assert_eq!(
        take["touches"],
        json!({"path": [[0, 1]], "changed": [[0, 1]]})
    );
    // Wythoff's diagonal move: the lowest counter taken from each pile, in order.
    let (_, wythoff) = post(
        &app,
        "/api/position",
        &json!({"game": "wythoff", "start": "5 8"}),
    )
    .await;
    let diagonal = wythoff["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "4 7")
        .unwrap();
    assert_eq!(diagonal["touches"]["path"], json!([[0, 4], [1, 7]]));
    // Domineering: Left's domino is placed by its top cell and covers two.
    let board = json!({"game": "domineering", "start": "..|.. left"});
    let (_, domineering) = post(&app, "/api/position", &board).await;
    assert_eq!(
        domineering["moves"][0]["touches"],
        json!({"path": [[0, 0]], "changed": [[0, 0], [1, 0]]})
    );
    assert_eq!(domineering["mean"], "0");
    // Clobber: the stone's cell, then the cell it lands on.
    let board = json!({"game": "clobber", "start": "xo left"});
    let (_, clobber) = post(&app, "/api/position", &board).await;
    assert_eq!(
        clobber["moves"][0]["touches"]["path"],
        json!([[0, 0], [0, 1]])
    );
    // Hackenbush: the edge cut, and every edge that falls with it.
    let edges = json!({"game": "hackenbush", "start": "0-1:b 1-2:r 2-3:b left"});
    let (_, hackenbush) = post(&app, "/api/position", &edges).await;
    let cut = &hackenbush["moves"][0]["touches"];
    assert_eq!(cut, &json!({"path": [[0]], "changed": [[0], [1], [2]]}));
    // Snort: the graph's vertices and edges, and the vertex each move colours.
    let graph = json!({"game": "snort", "start": "L-.-R left"});
    let (_, snort) = post(&app, "/api/position", &graph).await;
    assert_eq!(
        snort["drawing"]["vertices"],
        json!([[0, "L"], [1, "."], [2, "R"]])
    );
    assert_eq!(snort["drawing"]["links"], json!([[0, 1], [1, 2]]));
    for m in snort["moves"].as_array().unwrap() {
        let vertex: u64 = m["text"].as_str().unwrap()["vertex ".len()..]
            .parse()
            .unwrap();
        assert_eq!(m["touches"]["path"], json!([[vertex]]), "{m}");
    }
}

/// The moves of Toppling Dominoes (whose fallen dominoes leave the notation), Snort (whose
/// vertex coloured the tints left behind do not always tell), AntiClobber (whose cell left
/// holds a stone too) and of a take-and-break game (whose heaps split and are kept sorted) say
/// what they touch as the game reports it: every move can be clicked, no two alike, and each
/// is what it says.
#[tokio::test]
async fn moves_the_drawings_cannot_compare_say_what_they_touch() {
    let app = server();
    let moves = |answer: &Value| answer["moves"].as_array().unwrap().clone();
    let touched = |m: &Value| {
        (
            m["touches"]["path"].clone(),
            m["touches"]["changed"].clone(),
        )
    };
    let start = json!({"game": "toppling-dominoes", "start": "xxogo|oxgx left"});
    let (status, dominoes) = post(&app, "/api/position", &start).await;
    assert_eq!(status, StatusCode::OK, "{dominoes}");
    let dominoes = moves(&dominoes);
    for m in &dominoes {
        assert!(m.get("touches").is_some(), "{m}");
    }
    let unique: std::collections::BTreeSet<String> = dominoes
        .iter()
        .map(|m| format!("{:?}", touched(m)))
        .collect();
    assert_eq!(unique.len(), dominoes.len(), "{dominoes:?}");
    // The fourth domino of the first row toppled to the right: it falls with the one after it.
    let right = dominoes
        .iter()
        .find(|m| m["text"] == "(1,4) right")
        .unwrap();
    assert_eq!(touched(right), (json!([[0, 3]]), json!([[0, 3], [0, 4]])));
    let left = dominoes.iter().find(|m| m["text"] == "(2,3) left").unwrap();
    assert_eq!(
        touched(left),
        (json!([[1, 2]]), json!([[1, 0], [1, 1], [1, 2]]))
    );
    // Snort: Right colours vertex 2, and vertex 1 (tinted Left's) goes with it, next to both
    // colours; the tints left behind (none) do not tell which was coloured.
    let start = json!({"game": "snort", "start": "1:L 1-2 right"});
    let (status, snort) = post(&app, "/api/position", &start).await;
    assert_eq!(status, StatusCode::OK, "{snort}");
    let snort = moves(&snort);
    assert_eq!(snort.len(), 1, "{snort:?}");
    assert_eq!(snort[0]["text"], "vertex 2");
    assert_eq!(touched(&snort[0]), (json!([[2]]), json!([[1], [2]])));
    // AntiClobber: the stone's cell, then the cell it moves to, though both hold a stone after
    // the move (the one left the opponent's).
    let start = json!({"game": "anticlobber", "start": "x...|..o.|.x.o left"});
    let (status, anti) = post(&app, "/api/position", &start).await;
    assert_eq!(status, StatusCode::OK, "{anti}");
    let up = moves(&anti)
        .into_iter()
        .find(|m| m["text"] == "(3,2)->(2,2)")
        .unwrap();
    assert_eq!(
        touched(&up),
        (json!([[2, 1], [1, 1]]), json!([[2, 1], [1, 1]]))
    );
    // Kayles from heaps 7 and 4: two pins knocked down from the 7 between 3 and 2 left.
    let start = json!({"game": "take-and-break:0.77", "start": "7 4"});
    let (status, kayles) = post(&app, "/api/position", &start).await;
    assert_eq!(status, StatusCode::OK, "{kayles}");
    let kayles = moves(&kayles);
    let unique: std::collections::BTreeSet<String> =
        kayles.iter().map(|m| format!("{:?}", touched(m))).collect();
    assert_eq!(unique.len(), kayles.len(), "{kayles:?}");
    let split = kayles.iter().find(|m| m["to"] == "4 3 2").unwrap();
    assert_eq!(split["text"], "heap 1: 7 -> 3 + 2");
    assert_eq!(touched(split), (json!([[0, 3]]), json!([[0, 3], [0, 4]])));
    // Taken from the top, the heap keeps its place: the 4 goes to 2.
    let top = kayles.iter().find(|m| m["to"] == "7 2").unwrap();
    assert_eq!(top["text"], "heap 2: 4 -> 2");
    assert_eq!(touched(top), (json!([[1, 2]]), json!([[1, 2], [1, 3]])));
    // A move that leaves a smaller heap before the other one is still read as one heap's.
    let start = json!({"game": "take-and-break:0.77", "start": "5 4"});
    let (_, sorted) = post(&app, "/api/position", &start).await;
    let down = moves(&sorted)
        .into_iter()
        .find(|m| m["to"] == "4 3")
        .unwrap();
    assert_eq!(down["text"], "heap 1: 5 -> 3");
    assert_eq!(touched(&down), (json!([[0, 3]]), json!([[0, 3], [0, 4]])));
}

#[tokio::test]
async fn a_catalogue_position_says_why() {
    let app = server();
    for (game, start, words) in [
        ("nim", "3 4 5", "3 ⊕ 4 ⊕ 5 = 2, not 0"),
        ("nim", "1 2 3", "1 ⊕ 2 ⊕ 3 = 0: every move makes it nonzero"),
        ("misere-nim", "3 4 5", "3 ⊕ 4 ⊕ 5 = 2"),
        ("misere-nim", "1 1 1 0", "3 piles of 1, an odd number"),
        ("wythoff", "3 5", "the piles are a P-position"),
        ("fibonacci", "20", "20 = 13 + 5 + 2"),
        ("subtraction:1,3,4", "10 7", "period 7"),
        (
            "subtraction:1,3,4",
            "10 7",
            "pile 10 → 1, pile 7 → 0; their nim-sum 1 ⊕ 0 = 1",
        ),
        (
            "staircase",
            "3 0 4 2",
            "step 1: 3, step 3: 4; their nim-sum 3 ⊕ 4 = 7",
        ),
        (
            "squares",
            "20 2",
            "pile 20 → 0, pile 2 → 0; their nim-sum 0 ⊕ 0 = 0",
        ),
        (
            "take-and-break:0.77",
            "7 4",
            "0.77 (Kayles): heap 7 → 2, heap 4 → 1",
        ),
        (
            "coins:mock-turtles",
            "0110101",
            "coin 2 → 2, coin 3 → 4, coin 5 → 8, coin 7 → 13",
        ),
        ("coins:ruler", "0001", "coin 4 → 4, not 0"),
        ("partizan:1,2", "3 4 5 left", "3 → 0, 4 → 1, 5 → {1|0}"),
        (
            "partizan:1,2",
            "3 4 5 left",
            "outcome class L (Left wins), so Left, to move, wins",
        ),
    ] {
        let (status, answer) = post(
            &app,
            "/api/position",
            &json!({"game": game, "start": start}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let why = answer["why"].as_str().unwrap_or_else(|| panic!("{answer}"));
        assert!(why.contains(words), "{game} {start}: {why}");
    }
    // Every game the registry plays whose family has a formula says why, from its start (on
    // a server of the default limits); only the rulesets, whose canonical form says it, and
    // the loopy rulesets and the board games, which have neither a formula nor a canonical
    // form, do not.
    let default = grundy_web::app(Limits::default());
    let loopy = grundy_catalogue::games::loopy_rulesets::LOOPY_PLAYS;
    let boards: Vec<&str> = (grundy_catalogue::games::registry::FAMILIES.iter())
        .filter(|f| f.group() == grundy_catalogue::games::Group::Boards)
        .flat_map(|f| f.plays().iter().map(|g| g.syntax()))
        .collect();
    for game in grundy_catalogue::games::registry::playables() {
        if loopy.iter().any(|g| g.syntax() == game.syntax()) || boards.contains(&game.syntax()) {
            continue;
        }
        let request = json!({"game": game.example(), "start": game.start()});
        let (status, answer) = post(&default, "/api/position", &request).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(
            answer.get("why").is_some(),
            answer.get("canonical_form").is_none(),
            "{}: {answer}",
            game.example()
        );
    }
    // A game whose formula says nothing more has no why.
    let (_, cram) = post(
        &app,
        "/api/position",
        &json!({"game": "cram", "start": ".. left"}),
    )
    .await;
    assert!(cram.get("why").is_none(), "{cram}");
}

#[tokio::test]
async fn the_worksheet_values_games_and_compares_them() {
    let app = server();
    let sheet = |expression: &str| json!({ "expression": expression });
    let (status, sum) = post(&app, "/api/cgt", &sheet("{1|*} + ^")).await;
    assert_eq!(status, StatusCode::OK, "{sum}");
    assert_eq!(
        (
            &sum["canonical_form"],
            &sum["outcome_class"],
            &sum["temperature"]
        ),
        (&json!("{1^|^*}"), &json!("L"), &json!("1/2"))
    );
    assert!(sum["thermograph_svg"].as_str().unwrap().starts_with("<svg"));
    assert!(sum["lines"].as_array().unwrap().len() > 3);
    for (expression, holds) in [
        ("^ > 0", true),
        ("^ < 0", false),
        ("^ <> *", true),
        ("^<2> >= 0", true),
        ("{1|-1} = +-1", true),
        ("* <= 0", false),
    ] {
        let (status, answer) = post(&app, "/api/cgt", &sheet(expression)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["holds"], holds, "{expression}: {answer}");
    }
}

#[tokio::test]
async fn the_worksheet_refuses_malformed_and_huge_input() {
    let app = server();
    let sheet = |expression: String| json!({ "expression": expression });
    let answer = post(&app, "/api/cgt", &sheet("{1|".into())).await;
    refused(&app, answer, StatusCode::BAD_REQUEST, "column 4").await;
    let answer = post(&app, "/api/cgt", &sheet("1 > {1|".into())).await;
    refused(&app, answer, StatusCode::BAD_REQUEST, "column 8").await;
    let answer = post(&app, "/api/cgt", &sheet("   ".into())).await;
    refused(&app, answer, StatusCode::BAD_REQUEST, "write a game").await;
    let answer = post(&app, "/api/cgt", &sheet("{".repeat(3000))).await;
    refused(&app, answer, StatusCode::PAYLOAD_TOO_LARGE, "2000").await;
    let answer = post(&app, "/api/cgt", &json!({"expression": 3})).await;
    refused(&app, answer, StatusCode::UNPROCESSABLE_ENTITY, "expression").await;
    let answer = post(&app, "/api/cgt", &json!({})).await;
    refused(&app, answer, StatusCode::UNPROCESSABLE_ENTITY, "expression").await;
    // Within the length, deep or wide input is answered (or refused) quickly, never a 5xx
    // but the time limit's.
    for expression in [
        format!("{}0{}", "{".repeat(900), "|}".repeat(900)),
        format!("{}|{}", "{".repeat(999), "}".repeat(999)),
        vec!["{9|-9}"; 280].join(" + "),
        "^<99999999999>".to_string(),
    ] {
        let began = Instant::now();
        let (status, answer) = post(&app, "/api/cgt", &sheet(expression.clone())).await;
        assert!(
            status.is_success()
                || status.is_client_error()
                || status == StatusCode::SERVICE_UNAVAILABLE,
            "{status}: {answer}"
        );
        assert!(
            began.elapsed() < Duration::from_secs(30),
            "{expression:.40}"
        );
        let (status, _) = get(&app, "/api/games").await;
        assert_eq!(status, StatusCode::OK);
    }
}

#[tokio::test]
async fn the_worksheet_reads_loopy_games_too() {
    let app = server();
    let sheet = |expression: &str| json!({ "expression": expression });
    let (status, over) = post(&app, "/api/cgt", &sheet("a{0|{0|a}}")).await;
    assert_eq!(status, StatusCode::OK, "{over}");
    assert_eq!(
        (&over["loopy"], &over["stopper"], &over["canonical_form"]),
        (&json!(true), &json!(true), &json!("over"))
    );
    assert_eq!(over["right_first"]["winner"], "left");
    assert!(over["lines"]
        .as_array()
        .unwrap()
        .contains(&json!("degree: over")));
    let (status, draw) = post(&app, "/api/cgt", &sheet("on + off")).await;
    assert_eq!(status, StatusCode::OK, "{draw}");
    assert_eq!(
        (&draw["value"], &draw["onside"]),
        (&json!("dud"), &json!("on"))
    );
    assert_eq!(draw["left_first"]["winner"], "draw");
    // A short game is answered as before, without "loopy".
    let (_, short) = post(&app, "/api/cgt", &sheet("{1|*}")).await;
    assert!(short.get("loopy").is_none(), "{short}");
    for (expression, holds) in [
        ("over > ^", true),
        ("{pass|3/2} = 3/2 + under", true),
        ("on <= 0", false),
    ] {
        let (status, answer) = post(&app, "/api/cgt", &sheet(expression)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["holds"], holds, "{expression}: {answer}");
        assert_eq!(answer["loopy"], true, "{expression}: {answer}");
    }
    // Errors: the reader that got further names the column; a game that is not a stopper
    // cannot be compared; a loopy game too large for the budget is refused.
    let answer = post(&app, "/api/cgt", &sheet("{0|b}")).await;
    refused(&app, answer, StatusCode::BAD_REQUEST, "column 4").await;
    let answer = post(&app, "/api/cgt", &sheet("1 > {0|pass + 1}")).await;
    refused(
        &app,
        answer,
        StatusCode::BAD_REQUEST,
        "column 13: 'pass' refers",
    )
    .await;
    let answer = post(&app, "/api/cgt", &sheet("dud >= 0")).await;
    refused(
        &app,
        answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not a stopper",
    )
    .await;
    let big = ["upon"; 12].join(" + ");
    let answer = post(&app, "/api/cgt", &sheet(&big)).await;
    refused(
        &app,
        answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "max-positions",
    )
    .await;
}

/// A server on a free port of loopback with `limits`, on a thread and a runtime of its own,
/// as `grundy serve` runs it: never joined, so that work it fails to stop fails the test
/// rather than hanging it.
fn listening(limits: Limits) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let any = SocketAddr::from(([127, 0, 0, 1], 0));
        grundy_web::serve(any, limits, |addr| tx.send(addr).unwrap())
    });
    rx.recv().expect("the server's address")
}

/// Sends `bytes` on a new connection to `addr` and reads `count` answers (fewer if the
/// server closes the connection first): each one's status and JSON body, in order.
async fn exchange(addr: SocketAddr, bytes: &[u8], count: usize) -> Vec<(u16, Value)> {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(bytes).await.unwrap();
    let mut read = Vec::new();
    let mut answers = Vec::new();
    while answers.len() < count {
        let mut buf = [0; 1 << 16];
        let n = stream.read(&mut buf).await.unwrap();
        if n == 0 {
            break;
        }
        read.extend_from_slice(&buf[..n]);
        // Every whole answer read so far.
        while let Some(end) = read.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8(read[..end].to_vec())
                .unwrap()
                .to_lowercase();
            let length: usize = (head.lines())
                .find_map(|l| l.strip_prefix("content-length: "))
                .and_then(|l| l.trim().parse().ok())
                .unwrap_or_else(|| panic!("an answer without its length: {head}"));
            if read.len() < end + 4 + length {
                break;
            }
            let status = head.split(' ').nth(1).unwrap().parse().unwrap();
            let body = serde_json::from_slice(&read[end + 4..end + 4 + length])
                .unwrap_or_else(|e| panic!("{head}: not JSON ({e})"));
            answers.push((status, body));
            read.drain(..end + 4 + length);
        }
    }
    answers
}

/// A request of `method` to `path` with a JSON `body` (none for GET), as sent on a socket.
fn request(method: &str, path: &str, body: Option<&Value>, close: bool) -> Vec<u8> {
    let connection = if close { "Connection: close\r\n" } else { "" };
    let body = body.map(Value::to_string).unwrap_or_default();
    format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\n{connection}Content-Type: \
         application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The refusals of the HTTP layer, which hyper would answer with a bare status, are JSON
/// like every other error, each naming what was wrong; the server goes on serving.
#[tokio::test]
async fn the_http_layer_refuses_in_json_too() {
    let addr = listening(Limits::default());
    let long_line = format!("GET /{} HTTP/1.1\r\nHost: a\r\n\r\n", "a".repeat(100 << 10));
    let long_header = format!(
        "GET /api/games HTTP/1.1\r\nHost: a\r\nCookie: {}\r\n\r\n",
        "a".repeat(HEAD_BYTES)
    );
    let many = format!(
        "GET /api/games HTTP/1.1\r\n{}\r\n",
        "X-A: b\r\n".repeat(HEADERS + 1)
    );
    let cases = [
        (
            long_line,
            414,
            format!("longer than the {REQUEST_LINE_BYTES} bytes"),
        ),
        (
            long_header,
            431,
            format!("longer than the {HEAD_BYTES} bytes"),
        ),
        (many, 431, format!("more than the {HEADERS} headers")),
        ("HELLO\r\n\r\n".to_string(), 400, "not HTTP/1.1".to_string()),
        (
            "POST /api/position HTTP/1.1\r\nContent-Length: 2x\r\n\r\n".to_string(),
            400,
            "Content-Length '2x' is not a length".to_string(),
        ),
    ];
    for (sent, status, words) in cases {
        let answers = exchange(addr, sent.as_bytes(), 1).await;
        assert_eq!(answers.len(), 1, "{words}");
        let (got, body) = &answers[0];
        assert_eq!(*got, status, "{body}");
        let message = body["error"].as_str().unwrap_or_else(|| panic!("{body}"));
        assert!(message.contains(&words), "{message}");
        let games = request("GET", "/api/games", None, true);
        assert_eq!(exchange(addr, &games, 1).await[0].0, 200);
    }
}

/// Requests sent together on one connection (a body by its length, one in chunks, one
/// without) are answered in order, and a head refused after them is answered after theirs.
#[tokio::test]
async fn pipelined_requests_are_answered_in_order_and_then_the_refusal() {
    let addr = listening(Limits::default());
    let nim = json!({"game": "nim", "start": "3 4 5"});
    let text = nim.to_string();
    let chunked = format!(
        "POST /api/position HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\n\r\n{:x}\r\n{}\r\n{:x}\r\n{}\r\n0\r\n\r\n",
        5,
        &text[..5],
        text.len() - 5,
        &text[5..]
    );
    let sent = [
        request("POST", "/api/position", Some(&nim), false),
        chunked.into_bytes(),
        request("GET", "/api/games", None, false),
        b"GET /api/games HTTP/9.9\r\n\r\n".to_vec(),
    ]
    .concat();
    let answers = exchange(addr, &sent, 4).await;
    let statuses: Vec<u16> = answers.iter().map(|(s, _)| *s).collect();
    assert_eq!(statuses, [200, 200, 200, 400], "{answers:?}");
    assert_eq!(answers[0].1["moves"].as_array().map(Vec::len), Some(12));
    assert_eq!(answers[1].1, answers[0].1);
    assert!(answers[3].1["error"]
        .as_str()
        .unwrap()
        .contains("not HTTP/1.1"));
}

/// A client that goes away stops its request's work: the only worker is soon free for the
/// next request, long before the request's time is up.
#[tokio::test]
async fn a_client_that_goes_away_stops_its_work() {
    let addr = listening(
        Limits {
            positions: 100_000_000,
            memory: 1 << 30,
            timeout: Duration::from_secs(60),
            ..Limits::default()
        }
        .with_workers(1),
    );
    let slow = json!({"game": "squares", "start": "20 20 20 20 20 20 20 20 20"});
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let sent = request("POST", "/api/position", Some(&slow), false);
    stream.write_all(&sent).await.unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop(stream);
    let light = json!({"game": "nim", "start": "3 4 5"});
    let started = Instant::now();
    let answers = exchange(
        addr,
        &request("POST", "/api/position", Some(&light), true),
        1,
    )
    .await;
    assert_eq!(answers[0].0, 200, "{:?}", answers[0].1);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "the light request waited {:?} for the worker",
        started.elapsed()
    );
}

/// Heavy requests of four engines: Hackenbush (canonical forms and their printing), a loopy
/// game (simplifying a stopper), a Clobber strip (exploring a ruleset) and squares
/// (exploring an impartial game), each too heavy for a second.
fn heavy() -> [(&'static str, Value); 4] {
    let strip = format!("{} left", "xo".repeat(15));
    [
        (
            "/api/position",
            json!({"game": "hackenbush", "start": "re(l)gbllr(l)e()begebeg(;l)(gr)(gererb)glbr left"}),
        ),
        (
            "/api/cgt",
            json!({"expression": (["d{0,d,*|{*,d,0|0,d}}"; 4].join(" + "))}),
        ),
        ("/api/position", json!({"game": "clobber", "start": strip})),
        (
            "/api/position",
            json!({"game": "squares", "start": "20 20 20 20 20 20 20 20 20"}),
        ),
    ]
}

/// The limits of the servers of the heavy requests: a second a request, room for them.
fn one_second(workers: usize) -> Limits {
    Limits {
        positions: 100_000_000,
        memory: 256 << 20,
        timeout: Duration::from_secs(1),
        ..Limits::default()
    }
    .with_workers(workers)
}

/// How soon a request is answered after its time is up, or a worker is free after its work
/// was stopped: a loaded machine's margin (the work stopped frees its worker in a fraction
/// of a second, most of it giving back the memory it held).
const PROMPTLY: Duration = Duration::from_secs(3);

/// A heavy request is answered within its time: in full, with what was finished and the
/// budget that stopped the rest (`stopped`), or refused for its time (503) or its memory
/// (422); a budget is named with how to raise it.
fn answered_in_time(path: &str, (status, body): &(u16, Value)) {
    let message = match status {
        200 => &body["stopped"],
        _ => &body["error"],
    };
    assert!(
        match (status, message.as_str()) {
            (200, None) => true,
            (200 | 503 | 422, Some(message)) => message.contains("grundy serve --"),
            _ => false,
        },
        "{path}: {status} {body}"
    );
}

/// The light request, answered 200 within [`PROMPTLY`] of `since` (sent again while it is
/// answered 503 for waiting its time for a worker).
async fn light_is_answered(addr: SocketAddr, since: Instant, after: &str) {
    let light = json!({"game": "nim", "start": "3 4 5"});
    let sent = request("POST", "/api/position", Some(&light), true);
    loop {
        let (status, body) = exchange(addr, &sent, 1).await.remove(0);
        let waited = since.elapsed();
        if status == 200 && waited < PROMPTLY {
            return;
        }
        assert!(
            status == 503 && waited < PROMPTLY,
            "after {after}: the light request waited {waited:?} for a worker: {status} {body}"
        );
    }
}

/// Each engine's work stops when its request is given up: with one worker, the light
/// request after each heavy one finds it free.
#[tokio::test]
async fn each_engine_frees_the_worker_when_its_request_is_given_up() {
    let addr = listening(one_second(1));
    for (path, body) in heavy() {
        let sent = request("POST", path, Some(&body), true);
        let started = Instant::now();
        let answers = exchange(addr, &sent, 1).await;
        answered_in_time(path, &answers[0]);
        assert!(
            started.elapsed() < Duration::from_secs(1) + PROMPTLY,
            "{path}"
        );
        light_is_answered(addr, Instant::now(), &format!("{path} {body}")).await;
    }
}

/// The four heavy requests at once, as many as the workers, then a light one: the heavy
/// ones are answered within their time, a request waiting for a worker meanwhile within its
/// own, and the light one promptly.
#[tokio::test]
async fn four_heavy_requests_then_a_light_one_answered_promptly() {
    let addr = listening(one_second(4));
    let sent = heavy().map(|(path, body)| {
        let sent = request("POST", path, Some(&body), true);
        tokio::spawn(async move { (path, exchange(addr, &sent, 1).await) })
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Every worker is taken: this one waits, and is answered within its own time.
    let waiting = Instant::now();
    let light = json!({"game": "nim", "start": "1 2"});
    let sent_light = request("POST", "/api/position", Some(&light), true);
    let answers = exchange(addr, &sent_light, 1).await;
    assert!(matches!(answers[0].0, 200 | 503), "{:?}", answers[0]);
    let waited = waiting.elapsed();
    assert!(waited < Duration::from_secs(1) + PROMPTLY, "{waited:?}");
    for heavy in sent {
        let (path, answers) = heavy.await.unwrap();
        answered_in_time(path, &answers[0]);
    }
    light_is_answered(addr, Instant::now(), "the four heavy requests").await;
}

#[tokio::test]
async fn a_board_game_is_played_from_its_solution_on_disk_as_explored() {
    use grundy::progress::NoProgress;
    use grundy::rules::tiered::{file, solve_tiered, TierOptions, TierRanking};
    use grundy_catalogue::games::boards::{quixo::Quixo, BoardRules};
    use grundy_web::{app_with, Solutions};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-quixo-3");
    let _ = std::fs::remove_dir_all(&dir);
    let rules = Quixo::new(3).unwrap();
    solve_tiered(&rules, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let mut solutions = Solutions::default();
    solutions.add("quixo:3", &dir).unwrap();
    let (read, explored) = (
        app_with(Limits::default(), solutions),
        app(Limits::default()),
    );
    // The engine's move and mark aside: among equally good moves it picks the first the
    // records list, the explored game's solver the first its search met.
    fn unmarked(mut v: Value) -> Value {
        if let Some(object) = v.as_object_mut() {
            object.remove("best");
            object.values_mut().for_each(|w| *w = unmarked(w.take()));
        }
        v
    }
    let game = |more: Value| {
        let mut body = json!({ "game": "quixo:3", "start": "" });
        body.as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        body
    };
    for (uri, body) in [
        ("/api/position", game(json!({}))),
        ("/api/move", game(json!({ "move": "b3-b1" }))),
        (
            "/api/move",
            game(json!({ "position": "...|...|.x. o", "move": "2" })),
        ),
    ] {
        let (a, b) = (
            post(&read, uri, &body).await,
            post(&explored, uri, &body).await,
        );
        assert_eq!(a.0, StatusCode::OK, "{uri}: {}", a.1);
        assert_eq!(unmarked(a.1), unmarked(b.1), "{uri} {body}");
    }
    // The engine's move: as good as the explored game's.
    let body = game(json!({ "position": "...|...|.x. o" }));
    let (a, b) = (
        post(&read, "/api/engine", &body).await,
        post(&explored, "/api/engine", &body).await,
    );
    assert_eq!(a.0, StatusCode::OK, "{}", a.1);
    for key in ["result", "remoteness", "mistake"] {
        assert_eq!(a.1["move"][key], b.1["move"][key], "{key}");
    }
    // A folder of other rules is refused when added.
    let e = Solutions::default().add("quixo:4", &dir).unwrap_err();
    assert!(e.to_string().contains("not of quixo 4"), "{e}");
    // Damaged tiers (all but those of the start and its moves): a position reached that
    // needs them is a 500 naming the damage, never a verdict; the server goes on.
    let start = rules.start();
    let mut kept: Vec<u32> = (rules.named_moves(&start).iter())
        .map(|(_, q)| rules.tier(q))
        .collect();
    kept.push(rules.tier(&start));
    for tier in (0..rules.tier_count()).filter(|t| !kept.contains(t)) {
        let path = file::tier_path(&dir, tier);
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&path, bytes).unwrap();
    }
    let (status, _) = post(&read, "/api/position", &game(json!({}))).await;
    assert_eq!(status, StatusCode::OK);
    let answer = post(&read, "/api/move", &game(json!({ "move": "b3-b1" }))).await;
    refused(
        &read,
        answer,
        StatusCode::INTERNAL_SERVER_ERROR,
        "the file is damaged",
    )
    .await;
    let body = game(json!({ "position": "...|...|.x. o" }));
    let answer = post(&read, "/api/position", &body).await;
    refused(
        &read,
        answer,
        StatusCode::INTERNAL_SERVER_ERROR,
        "the file is damaged",
    )
    .await;
    std::fs::remove_dir_all(&dir).unwrap();
}
