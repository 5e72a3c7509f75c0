//! `--trace-format text`: the search as an indented tree of decisions, for
//! people. Each placement indents what follows it; a backtrack returns to
//! the level of the placement it undoes. The givens and the first solution
//! are drawn as boards.

use serde_json::Value;

use super::TraceFormat;

/// An indented tree, for people.
pub struct Text;

/// `[1,2]` as `1 2`.
fn digits(v: &Value) -> String {
    let items: Vec<String> = (v.as_array().into_iter().flatten())
        .map(|d| d.to_string())
        .collect();
    items.join(" ")
}

fn cause(fields: &Value) -> String {
    let s = |k: &str| fields[k].as_str().unwrap_or("").to_string();
    // The element whose propagator failed or removed the last candidate.
    let by = match fields["element"].as_str() {
        Some(e) => format!("{e}, "),
        None => String::new(),
    };
    match fields["cause"].as_str() {
        Some("wipeout") => format!("{} has no candidate left ({by}{})", s("cell"), s("rule")),
        Some("propagator") if fields["house"].is_string() => format!(
            "{} {} {} ({by}{}, {})",
            fields["digit"],
            match fields["twice"].as_bool() {
                Some(true) => "is placed twice in",
                _ => "has no place left in",
            },
            s("house"),
            s("propagator"),
            s("rule")
        ),
        Some("propagator") if fields["element"].is_string() => format!(
            "{} cannot be kept ({}, {})",
            s("element"),
            s("propagator"),
            s("rule")
        ),
        Some("propagator") => format!("{} finds no support ({})", s("propagator"), s("rule")),
        Some("no values") => format!("{} has no value to try", s("cell")),
        Some("check") => "the complete grid breaks a rule".into(),
        _ => "contradiction".into(),
    }
}

impl TraceFormat for Text {
    fn render(&self, event: &str, f: &Value, depth: usize) -> String {
        let pad = "  ".repeat(depth);
        let s = |k: &str| f[k].as_str().unwrap_or("").to_string();
        let line = match event {
            "puzzle" => format!("puzzle {}:{} {}", s("file"), f["line"], s("puzzle")),
            "root" => match f["contradiction"].is_null() {
                true => {
                    let open = f["candidates"].as_object().map_or(0, |o| o.len());
                    format!("root: {open} open cells")
                }
                false => format!(
                    "root: the givens contradict: {}",
                    cause(&f["contradiction"])
                ),
            },
            "choose" => {
                let links: Vec<String> = (f["scores"].as_array().into_iter().flatten())
                    .map(|l| match &l["runner_up"] {
                        Value::Null => format!("{} {}", s_of(&l["heuristic"]), l["winner"]),
                        r => format!("{} {} vs {}", s_of(&l["heuristic"]), l["winner"], r),
                    })
                    .collect();
                let over = match f["runner_up"].as_str() {
                    Some(r) => format!(" over {r}"),
                    None => String::new(),
                };
                let scores = match links.is_empty() {
                    true => String::new(),
                    false => format!(": {}", links.join(", ")),
                };
                format!(
                    "{pad}choose {} ({}){over}, decided by {}{scores}",
                    s("cell"),
                    digits(&f["candidates"]),
                    s("decided_by"),
                )
            }
            "order" => {
                let values: Vec<String> = (f["values"].as_array().into_iter().flatten())
                    .map(|v| format!("{} [{}]", v["digit"], digits(&v["scores"])))
                    .collect();
                format!(
                    "{pad}  order by {}: {}",
                    digits(&f["heuristics"]).replace('"', ""),
                    values.join(", ")
                )
            }
            "place" => {
                let guess = if f["guess"] == true { "  (guess)" } else { "" };
                format!("{pad}{} = {}{guess}", s("cell"), f["digit"])
            }
            "deduce" => {
                let filled: Vec<String> = (f["filled"].as_array().into_iter().flatten())
                    .map(|c| format!("{} = {}", s_of(&c["cell"]), c["digit"]))
                    .collect();
                let removed: usize = (f["removed"].as_array().into_iter().flatten())
                    .map(|r| r["digits"].as_array().map_or(0, Vec::len))
                    .sum();
                let mut parts = Vec::new();
                if !filled.is_empty() {
                    parts.push(filled.join(", "));
                }
                match removed {
                    0 => {}
                    1 => parts.push("1 candidate removed".into()),
                    n => parts.push(format!("{n} candidates removed")),
                }
                let whose = match (f["house"].as_str(), f["element"].as_str()) {
                    (Some(house), _) => format!(" in {house}"),
                    (None, Some(element)) => format!(" ({element})"),
                    (None, None) => match f["houses"].as_array().map(Vec::as_slice) {
                        Some([a, b]) => format!(" in {} and {}", s_of(a), s_of(b)),
                        _ => String::new(),
                    },
                };
                // A human step says its technique: `human (X-Wing): ...`.
                let by = match f["technique"].as_str() {
                    Some(technique) => format!(" ({technique})"),
                    None => String::new(),
                };
                format!("{pad}  {}{by}{whose}: {}", s("rule"), parts.join("; "))
            }
            "fixpoint" => return String::new(),
            "fail" => format!("{pad}  fail: {}", cause(f)),
            "backtrack" => format!("{pad}undo {} = {}", s("cell"), f["digit"]),
            "solution" => format!("{pad}solution {}", f["number"]),
            "learn" => {
                let clause: Vec<&str> = (f["clause"].as_array().into_iter().flatten())
                    .filter_map(Value::as_str)
                    .collect();
                format!(
                    "{pad}  learnt: {} (LBD {}); back to depth {}",
                    clause.join(" or "),
                    f["lbd"],
                    f["depth"]
                )
            }
            "restart" => format!(
                "restart {} after {} failures: {} nogoods recorded, back to the root",
                f["number"], f["failures"], f["nogoods"]
            ),
            "stop" => format!("{pad}stopped: {}", s("reason")),
            "cut" => format!("... the trace stops here: {} events recorded", f["after"]),
            "end" => {
                let st = &f["stats"];
                format!(
                    "end: {}, {} placements, {} backtracks, {} failures, {} solutions",
                    s("termination"),
                    st["placements"],
                    st["backtracks"],
                    st["failures"],
                    st["solutions"]
                )
            }
            other => format!("{pad}{other}"),
        };
        line + "\n"
    }

    fn board(&self, board: &dyn std::fmt::Display) -> Option<String> {
        let mut text = board.to_string();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        Some(text)
    }
}

/// A JSON string's text (without quotes).
fn s_of(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_string)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn decisions_indent_by_depth() {
        let choose = json!({
            "cell": "r1c4", "candidates": [3, 4], "depth": 1, "runner_up": "r2c1",
            "decided_by": "A",
            "scores": [
                {"heuristic": "E", "winner": 2, "runner_up": 2},
                {"heuristic": "A", "winner": 3, "runner_up": 4}
            ]
        });
        assert_eq!(
            Text.render("choose", &choose, 1),
            "  choose r1c4 (3 4) over r2c1, decided by A: E 2 vs 2, A 3 vs 4\n"
        );
        let place = json!({"cell": "r1c4", "digit": 3, "depth": 2, "guess": true});
        assert_eq!(Text.render("place", &place, 1), "  r1c4 = 3  (guess)\n");
        let fail = json!({"cause": "wipeout", "cell": "r3c3", "rule": "fc"});
        assert_eq!(
            Text.render("fail", &fail, 2),
            "      fail: r3c3 has no candidate left (fc)\n"
        );
        assert_eq!(Text.render("fixpoint", &json!({"runs": 3}), 2), "");
    }
}
