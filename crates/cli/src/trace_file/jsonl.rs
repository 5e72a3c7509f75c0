//! `--trace-format jsonl`: one JSON object per event, `event` first, then
//! the fields in name order.

use serde::Serialize;
use serde_json::Value;

use super::TraceFormat;

/// JSON Lines, for tools.
pub struct Jsonl;

impl TraceFormat for Jsonl {
    fn render(&self, event: &str, fields: &Value, _depth: usize) -> String {
        #[derive(Serialize)]
        struct Line<'a> {
            event: &'a str,
            #[serde(flatten)]
            fields: &'a Value,
        }
        let mut text =
            serde_json::to_string(&Line { event, fields }).expect("a JSON value serializes");
        text.push('\n');
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_event_comes_first() {
        let fields = serde_json::json!({"digit": 3, "cell": "r1c4"});
        assert_eq!(
            Jsonl.render("place", &fields, 0),
            "{\"event\":\"place\",\"cell\":\"r1c4\",\"digit\":3}\n"
        );
    }
}
