//! The web server's API, called in-process on its router: every endpoint,
//! its errors, its limits, and its answers against the command's JSON for
//! the same input.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sudoku_cli::serve::{ServerLimits, router};
use tower::ServiceExt;

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The command's JSON records for `args` with `input` on stdin.
fn command(args: &[&str], input: &str) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8(out.stdout).unwrap().lines())
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The status, content type and body of one request to a server with
/// `limits`.
async fn call_with(
    limits: ServerLimits,
    method: &str,
    path: &str,
    body: &str,
) -> (StatusCode, String, String) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    respond(router(limits), request).await
}

/// The status, content type and body `app` answers `request` with.
async fn respond(app: axum::Router, request: Request<Body>) -> (StatusCode, String, String) {
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let kind = (response.headers().get("content-type"))
        .map_or(String::new(), |v| v.to_str().unwrap().to_string());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn call(method: &str, path: &str, body: Value) -> (StatusCode, Value) {
    let (status, _, text) =
        call_with(ServerLimits::default(), method, path, &body.to_string()).await;
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
    (status, value)
}

/// `record` without what differs between two runs: the time taken.
fn untimed(mut record: Value) -> Value {
    if let Some(stats) = record.get_mut("stats").and_then(Value::as_object_mut) {
        stats.remove("elapsed_us");
    }
    for key in ["time_s", "puzzles_per_s"] {
        record.as_object_mut().map(|o| o.remove(key));
    }
    record
}

/// The server's limits, as the command is given them.
const LIMITS: [&str; 4] = ["--timeout", "5000", "--max-placements", "10000000"];

#[tokio::test]
async fn solve_equals_the_commands_record() {
    let (status, got) = call(
        "POST",
        "/api/solve",
        json!({"puzzle": INKALA, "cells": "EA", "values": "0", "propagation": "fc", "unique": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let args = [
        &[
            "solve", "--format", "json", "--cells", "EA", "--values", "0",
        ][..],
        &["--propagation", "fc", "--unique"],
        &LIMITS,
    ]
    .concat();
    let want = command(&args, &format!("{INKALA}\n")).remove(0);
    assert_eq!(untimed(got.clone()), untimed(want));
    assert_eq!(got["stats"]["placements"], 10_101);
    // The same key order as the command's line: a contract.
    let (_, _, text) = call_with(
        ServerLimits::default(),
        "POST",
        "/api/solve",
        &json!({"puzzle": INKALA}).to_string(),
    )
    .await;
    assert!(
        text.starts_with(r#"{"line":1,"puzzle":"8.........."#),
        "{text}"
    );
}

#[tokio::test]
async fn solve_with_a_trace_adds_the_commands_trace_events() {
    let (status, got) = call(
        "POST",
        "/api/solve",
        json!({"puzzle": INKALA, "config": "naive", "trace": true, "trace_limit": 50}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let trace = got["trace"].as_array().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("trace.jsonl");
    let args = [
        &[
            "solve",
            "--format",
            "json",
            "--config",
            "naive",
            "--trace-limit",
            "50",
            "--trace",
        ][..],
        &[file.to_str().unwrap()],
        &LIMITS,
    ]
    .concat();
    command(&args, &format!("{INKALA}\n"));
    let want: Vec<Value> = (std::fs::read_to_string(&file).unwrap().lines())
        .map(|l| untimed(serde_json::from_str(l).unwrap()))
        .collect();
    let got: Vec<Value> = trace.iter().cloned().map(untimed).collect();
    // The `end` line's stats carry the time; the rest is equal.
    assert_eq!(got.len(), want.len());
    assert_eq!(got[..got.len() - 1], want[..want.len() - 1]);
    assert_eq!(got[0]["event"], "puzzle");
    assert_eq!(got[51]["event"], "cut");
}

#[tokio::test]
async fn learning_is_a_strategy_key_as_the_flag() {
    // `learning: true` on a chain, as `--learning`; `false` turns the
    // `lcg` preset's off, as `--learning=false`.
    let (status, got) = call(
        "POST",
        "/api/solve",
        json!({"puzzle": INKALA, "cells": "WE", "values": "0", "propagation": "gac", "learning": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let args = [
        &[
            "solve", "--format", "json", "--cells", "WE", "--values", "0",
        ][..],
        &["--propagation", "gac", "--learning"],
        &LIMITS,
    ]
    .concat();
    let want = command(&args, &format!("{INKALA}\n")).remove(0);
    assert_eq!(untimed(got.clone()), untimed(want));
    assert_eq!(got["strategy"]["learning"], true);
    let (_, got) = call(
        "POST",
        "/api/count",
        json!({"puzzle": INKALA, "config": "lcg", "learning": false}),
    )
    .await;
    let args = [
        &[
            "count",
            "--format",
            "json",
            "--config",
            "lcg",
            "--learning=false",
        ][..],
        &LIMITS,
    ]
    .concat();
    let want = command(&args, &format!("{INKALA}\n")).remove(0);
    assert_eq!(untimed(got.clone()), untimed(want));
    assert_eq!(got["strategy"].get("learning"), None);
    assert_eq!(got["stats"]["nogoods"], 0);
}

#[tokio::test]
async fn count_candidates_explain_equal_the_commands() {
    let several = "1.......2.....3.";
    let (_, got) = call(
        "POST",
        "/api/count",
        json!({"puzzle": several, "limit": 10}),
    )
    .await;
    let args = [&["count", "--format", "json", "--limit", "10"][..], &LIMITS].concat();
    let want = command(&args, &format!("{several}\n")).remove(0);
    // Both answer with the portfolio, as nothing else is named.
    assert_eq!(got["strategy"]["portfolio"], "portfolio");
    assert_eq!(untimed(got), untimed(want));

    let (_, got) = call(
        "POST",
        "/api/candidates",
        json!({"puzzle": INKALA, "propagation": "singles"}),
    )
    .await;
    let want = command(
        &["candidates", "--format", "json", "--propagation", "singles"],
        &format!("{INKALA}\n"),
    );
    assert_eq!(got, want[0]);

    let (_, got) = call(
        "POST",
        "/api/candidates",
        json!({"puzzle": several, "true": true, "limit": 2}),
    )
    .await;
    let want = command(
        &["candidates", "--true", "--limit", "2", "--format", "json"],
        &format!("{several}\n"),
    );
    assert_eq!(got, want[0]);
    assert_eq!(got["counts"][1], json!([1, 2]));

    let (_, got) = call("POST", "/api/explain", json!({"puzzle": INKALA})).await;
    let want = command(&["explain", "--format", "json"], &format!("{INKALA}\n"));
    assert_eq!(got, want[0]);
}

#[tokio::test]
async fn render_is_the_commands_svg() {
    let (status, kind, svg) = call_with(
        ServerLimits::default(),
        "POST",
        "/api/render",
        &json!({"puzzle": INKALA, "solution": true}).to_string(),
    )
    .await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "image/svg+xml"));
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["render", "--solution", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(INKALA.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(svg, String::from_utf8(out.stdout).unwrap());
}

#[tokio::test]
async fn compare_equals_the_commands_rows() {
    let (status, got) = call(
        "POST",
        "/api/compare",
        json!({"set": "hardest11", "strategies": [{"config": "default"}, {"cells": "A", "values": "0", "propagation": "fc"}]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let args = [
        &[
            "compare",
            "--set",
            "hardest11",
            "--config",
            "default",
            "--cells",
            "A",
        ][..],
        &["--values", "0", "--propagation", "fc", "--format", "json"],
        &LIMITS,
    ]
    .concat();
    let want: Vec<Value> = command(&args, "").into_iter().map(untimed).collect();
    let got: Vec<Value> = got
        .as_array()
        .unwrap()
        .iter()
        .cloned()
        .map(untimed)
        .collect();
    assert_eq!(got, want);
    assert_eq!(got[0]["strategy"], "default (EH/5/singles)");

    // Puzzles sent, with one that is invalid: a 400 naming its line.
    let (status, got) = call(
        "POST",
        "/api/compare",
        json!({"puzzles": [INKALA, "12"], "strategies": [{"config": "naive"}]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        got["error"].as_str().unwrap().starts_with("puzzles:2: "),
        "{got}"
    );
}

#[tokio::test]
async fn registries_list_presets_heuristics_and_sets() {
    let (status, configs) = call("GET", "/api/configs", Value::Null).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = (configs.as_array().unwrap().iter())
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    let presets = sudoku_cli::strategy::built_in().unwrap();
    assert_eq!(
        names,
        presets.iter().map(|p| p.name.as_str()).collect::<Vec<_>>()
    );
    let portfolio = (configs.as_array().unwrap().iter())
        .find(|c| c["name"] == "portfolio")
        .unwrap();
    assert_eq!(
        portfolio["portfolio"],
        json!(["adaptive", "wdeg-gac", "wdeg"])
    );
    assert_eq!(configs[0]["portfolio"], Value::Null);
    let (_, heuristics) = call("GET", "/api/heuristics", Value::Null).await;
    let cells: String = (heuristics["cells"].as_array().unwrap().iter())
        .map(|h| h["symbol"].as_str().unwrap())
        .collect();
    assert_eq!(cells, "ABCDEFGHIJKLPQSVWXZ");
    assert_eq!(heuristics["cells"][4]["name"], "fewest-candidates");
    assert_eq!(
        heuristics["propagation"],
        json!(["none", "fc", "singles", "locked", "gac", "probing"])
    );
    // The human levels the page offers, from the one list.
    let human: Vec<&str> = (heuristics["human"].as_array().unwrap().iter())
        .map(|h| h["name"].as_str().unwrap())
        .collect();
    let listed: Vec<&str> = sudoku::HUMAN_LEVELS.iter().map(|(name, _)| *name).collect();
    assert_eq!(human, listed);
    assert_eq!(heuristics["human"][1]["knows"], "X-Wings");
    let (_, sets) = call("GET", "/api/sets", Value::Null).await;
    let names: Vec<&str> = (sets.as_array().unwrap().iter())
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        sudoku_cli::compare::sets::names().collect::<Vec<_>>()
    );
    assert_eq!(sets[0]["puzzles"], 95);
}

#[tokio::test]
async fn bad_input_is_a_400_with_the_commands_message() {
    let cases = [
        (
            "/api/solve",
            json!({"puzzle": "4.....8.5.3.."}),
            "-:1: 13 cells is not a grid size",
        ),
        (
            "/api/solve",
            json!({"puzzle": INKALA, "cells": "E!"}),
            // The request's field, as the request names it.
            "invalid \"cells\": unknown cell heuristic `!`",
        ),
        (
            "/api/solve",
            json!({"puzzle": INKALA, "config": "/etc/passwd"}),
            "unknown preset `/etc/passwd`: choose one of default, naive",
        ),
        (
            "/api/solve",
            json!({"puzzle": INKALA, "cellz": "E"}),
            "the request is not the JSON expected: unknown field `cellz`",
        ),
        (
            "/api/solve",
            json!({"puzzle": "11..............", "propagation": "fc"}),
            "-:1: ",
        ),
        (
            "/api/solve",
            json!({"puzzle": format!("{INKALA}\n{INKALA}")}),
            "the text holds 2 puzzles, not one",
        ),
        ("/api/solve", json!({"puzzle": ""}), "no puzzle in the text"),
        (
            "/api/solve",
            json!({"puzzle": INKALA, "config": "portfolio", "trace": true}),
            "a portfolio's turns are several searches: trace one of its members (adaptive, wdeg-gac, wdeg, wdeg-gac-links)",
        ),
        (
            "/api/compare",
            json!({"set": "top95", "strategies": [{"config": "portfolio"}]}),
            "strategy 1: compare runs one search, and the portfolio `portfolio` runs several",
        ),
        (
            "/api/count",
            json!({"puzzle": INKALA, "limit": 0}),
            "limit must be at least 1",
        ),
        (
            "/api/count",
            json!({"puzzle": "................", "engine": "bitboard", "limit": 1000000}),
            "the bitboard solver has no time limit",
        ),
        (
            "/api/candidates",
            json!({"puzzle": INKALA, "propagation": "fast"}),
            "invalid propagation: ",
        ),
        (
            "/api/candidates",
            json!({"puzzle": INKALA, "true": true, "propagation": "fc"}),
            "true candidates are found by search",
        ),
        (
            "/api/render",
            json!({"puzzle": "123............4", "solution": true}),
            "-:1: no solution to draw: the puzzle has none",
        ),
        (
            "/api/compare",
            json!({"set": "top96", "strategies": [{"config": "default"}]}),
            "unknown puzzle set `top96` (built in: top95, ",
        ),
        (
            "/api/compare",
            json!({"set": "top95", "strategies": []}),
            "no strategies to compare",
        ),
        (
            "/api/compare",
            json!({"set": "top1465", "strategies": [{"config": "default"}, {"config": "naive"}, {"config": "mrv"}, {"config": "norvig"}, {"config": "adaptive"}, {"config": "fewest-guesses"}, {"config": "default"}, {"config": "default"}, {"config": "default"}, {"config": "default"}, {"config": "default"}, {"config": "default"}, {"config": "default"}, {"config": "default"}]}),
            "20510 runs (14 strategies times 1465 puzzles): the server makes at most 20000",
        ),
    ];
    for (path, body, start) in cases {
        let (status, got) = call("POST", path, body.clone()).await;
        let message = got["error"].as_str().unwrap_or_default();
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {got}");
        assert!(
            message.contains(start),
            "{path} {body}: {message:?} lacks {start:?}"
        );
    }
    // Not JSON at all, and no such page.
    let (status, _, text) =
        call_with(ServerLimits::default(), "POST", "/api/solve", "puzzle=1").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("not the JSON expected"), "{text}");
    let (status, got) = call("GET", "/api/nothing", Value::Null).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(got["error"].as_str().unwrap().contains("/api/nothing"));
}

#[tokio::test]
async fn limits_hold() {
    // A body over the limit.
    let small = ServerLimits {
        body_bytes: 100,
        ..ServerLimits::default()
    };
    let big = json!({"puzzle": INKALA, "cells": "E".repeat(200)}).to_string();
    let (status, _, text) = call_with(small, "POST", "/api/solve", &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(text.contains("too large"), "{text}");
    // A request's placement limit is lowered to the server's.
    let capped = ServerLimits {
        max_placements: 100,
        ..ServerLimits::default()
    };
    let body = json!({"puzzle": INKALA, "config": "naive", "max_placements": 1_000_000});
    let (_, _, text) = call_with(capped, "POST", "/api/solve", &body.to_string()).await;
    let got: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(got["status"], "stopped");
    assert_eq!(got["strategy"]["max_placements"], 100);
    assert_eq!(got["stats"]["placements"], 100);
    // A trace is cut at the server's limit.
    let few = ServerLimits {
        trace_limit: 10,
        ..ServerLimits::default()
    };
    let body = json!({"puzzle": INKALA, "trace": true, "trace_limit": 1000});
    let (_, _, text) = call_with(few, "POST", "/api/solve", &body.to_string()).await;
    let got: Value = serde_json::from_str(&text).unwrap();
    let trace = got["trace"].as_array().unwrap();
    assert_eq!(trace[11]["event"], "cut");
    assert_eq!(trace[11]["after"], 10);
}

#[tokio::test]
async fn more_searches_than_slots_get_429_and_a_dropped_request_stops_its_search() {
    let one = ServerLimits {
        searches: 1,
        timeout_ms: 60_000,
        max_placements: u64::MAX,
        ..ServerLimits::default()
    };
    let app = router(one);
    // Every solution of an empty 9x9 grid: a search that runs until
    // stopped.
    let endless =
        json!({"puzzle": ".".repeat(81), "limit": 1_000_000_000_000u64, "config": "naive"});
    let request = |body: &Value| {
        Request::builder()
            .method("POST")
            .uri("/api/count")
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .unwrap()
    };
    let first = tokio::spawn(app.clone().oneshot(request(&endless)));
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let busy = app.clone().oneshot(request(&endless)).await.unwrap();
    assert_eq!(busy.status(), StatusCode::TOO_MANY_REQUESTS);
    let bytes = busy.into_body().collect().await.unwrap().to_bytes();
    let got: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(
        got["error"]
            .as_str()
            .unwrap()
            .contains("1 searches at once")
    );
    // The page goes away: its request is dropped, and its search stops
    // at its next choice, freeing the slot within 100 ms.
    first.abort();
    let _ = first.await;
    let started = std::time::Instant::now();
    let small = json!({"puzzle": INKALA});
    loop {
        let r = app.clone().oneshot(request(&small)).await.unwrap();
        if r.status() == StatusCode::OK {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_millis(100),
            "the slot is still busy after {:?}",
            started.elapsed()
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    for (path, kind, inside) in [
        (
            "/",
            "text/html; charset=utf-8",
            "data-testid=\"puzzle-input\"",
        ),
        ("/app.js", "text/javascript; charset=utf-8", "/api/solve"),
        ("/style.css", "text/css; charset=utf-8", ".board"),
    ] {
        let (status, got_kind, text) = call_with(ServerLimits::default(), "GET", path, "").await;
        assert_eq!((status, got_kind.as_str()), (StatusCode::OK, kind));
        assert!(text.contains(inside), "{path}");
    }
}

/// `sudoku serve ARGS` started, with its standard error piped, and the
/// first line it prints (where it listens).
fn serving(args: &[&str]) -> (std::process::Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut line).unwrap();
    (child, line)
}

#[test]
fn the_server_binds_the_loopback_by_default_and_warns_otherwise() {
    let help = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains("[default: 127.0.0.1]"), "{help}");
    assert!(help.contains("[default: 8000]"), "{help}");
    // Another address: a warning on stderr once it listens.
    let (mut child, line) = serving(&["--bind", "0.0.0.0", "--port", "0"]);
    child.kill().unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        line.starts_with("sudoku: the workbench is at http://0.0.0.0:"),
        "{line}"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(
            "warning: listening on 0.0.0.0: anyone who can reach this address can run searches"
        ),
        "{stderr}"
    );
}

/// The status and `error` of a POST to `/api/solve` with extra headers,
/// to a server behind `doors`.
async fn solve_with_headers(
    doors: sudoku_cli::serve::Doors,
    headers: &[(&str, &str)],
) -> (StatusCode, String) {
    let mut request = Request::builder().method("POST").uri("/api/solve");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let body = json!({ "puzzle": INKALA }).to_string();
    let app = sudoku_cli::serve::router_with_doors(ServerLimits::default(), doors);
    let (status, _, text) = respond(app, request.body(Body::from(body)).unwrap()).await;
    let value: Value = serde_json::from_str(&text).unwrap();
    let error = value["error"].as_str().unwrap_or("").to_string();
    (status, error)
}

/// What a cross-site form sends (text/plain, no preflight) is refused,
/// and so is any request from a foreign page.
#[tokio::test]
async fn only_json_from_the_servers_own_page_is_answered() {
    let doors = sudoku_cli::serve::Doors::default;
    let json = ("content-type", "application/json");
    let host = ("host", "127.0.0.1:8000");
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let (status, error) = solve_with_headers(doors(), &[("content-type", kind), host]).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{kind}");
        assert_eq!(
            error,
            format!(
                "send the request body as JSON, with Content-Type: application/json (got {kind})"
            )
        );
    }
    let (status, _) = solve_with_headers(doors(), &[host]).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (status, _) = solve_with_headers(
        doors(),
        &[("content-type", "application/json; charset=utf-8"), host],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // A foreign page, even with a JSON body (after a preflight it would
    // not get): 403.
    for origin in ["https://evil.example.com", "http://127.0.0.1:9999", "null"] {
        let (status, error) = solve_with_headers(doors(), &[json, host, ("origin", origin)]).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}");
        assert_eq!(
            error,
            format!("a page from `{origin}` may not use this server: only the page it serves does")
        );
    }
    // The server's own page.
    let (status, _) =
        solve_with_headers(doors(), &[json, host, ("origin", "http://127.0.0.1:8000")]).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = solve_with_headers(
        doors(),
        &[
            json,
            ("host", "localhost:8000"),
            ("origin", "http://localhost:8000"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
}

/// DNS rebinding: a name that resolves to this machine but is not one of
/// its names is refused; `--allow-host` lets a name in.
#[tokio::test]
async fn only_the_machines_own_names_are_served() {
    use sudoku_cli::serve::Doors;
    let json = ("content-type", "application/json");
    let (status, error) =
        solve_with_headers(Doors::default(), &[json, ("host", "evil.example.com")]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        error,
        "the host `evil.example.com` is not served: the server answers to localhost and its own addresses (sudoku serve --allow-host NAME allows a name)"
    );
    for host in ["localhost:8000", "127.0.0.1:8000", "[::1]:8000"] {
        let (status, _) = solve_with_headers(Doors::default(), &[json, ("host", host)]).await;
        assert_eq!(status, StatusCode::OK, "{host}");
    }
    let lan = Doors::new("192.168.1.5".parse().unwrap(), &["box.lan".into()]);
    for (host, expected) in [
        ("box.lan:8000", StatusCode::OK),
        ("192.168.1.5:8000", StatusCode::OK),
        ("evil.example.com:8000", StatusCode::FORBIDDEN),
    ] {
        let (status, _) = solve_with_headers(lan.clone(), &[json, ("host", host)]).await;
        assert_eq!(status, expected, "{host}");
    }
    // The page itself is refused too, not only the API.
    let request = Request::builder()
        .uri("/")
        .header("host", "evil.example.com")
        .body(Body::empty())
        .unwrap();
    let response = router(ServerLimits::default())
        .oneshot(request)
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

/// `--allow-host` reaches the running server: a real socket, a rebound
/// name refused and an allowed one served.
#[test]
fn the_served_hosts_are_the_flags() {
    use std::io::{Read, Write};
    let (mut child, line) = serving(&["--port", "0", "--allow-host", "Box.Lan"]);
    let addr = (line
        .trim()
        .strip_prefix("sudoku: the workbench is at http://"))
    .and_then(|rest| rest.split(' ').next())
    .map(|a| a.trim_end_matches('/').to_string())
    .unwrap_or_else(|| panic!("{line}"));
    let status = |host: &str| {
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        write!(
            stream,
            "GET /api/sets HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer.lines().next().unwrap_or("").to_string()
    };
    let refused = status("evil.example.com");
    let allowed = status("box.lan:8000");
    let own = status(&addr);
    child.kill().unwrap();
    let _ = child.wait();
    assert_eq!(refused, "HTTP/1.1 403 Forbidden");
    assert_eq!(allowed, "HTTP/1.1 200 OK");
    assert_eq!(own, "HTTP/1.1 200 OK");
}
