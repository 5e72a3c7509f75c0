//! The trace of an XCSP3 instance's search (`csp solve --trace`): the
//! events of [`TraceFile`] with the instance's variable names (`var`)
//! and values (`value`, `values`), between an `instance` line and an
//! `end` line. Optimizing, every search of the series is traced in
//! turn, each from its `root`.

use csp_core::{SearchConfig, Termination, VarId};
use serde_json::{Value, json};

use super::{Keys, Naming, TraceFile};
use crate::instances::{ReadInstance, Searched, search_instance};
use crate::records::{StatsRecord, stop_words};

/// An instance's variables by name, values as the instance writes them.
struct InstanceNaming<'a> {
    read: &'a ReadInstance,
}

impl Naming for InstanceNaming<'_> {
    fn keys(&self) -> Keys {
        Keys {
            var: "var",
            value: "value",
            values: "values",
        }
    }

    fn var(&self, var: VarId) -> String {
        self.read.compiled.name(var.index())
    }

    fn value(&self, var: VarId, value: u32) -> Value {
        json!(self.read.compiled.value(var.index(), value))
    }
}

impl TraceFile {
    /// Searches the instance `read` (from `file`) as [`search_instance`]
    /// does, every event traced.
    pub fn run_instance(
        &self,
        file: &str,
        read: &ReadInstance,
        config: &SearchConfig,
        max_solutions: Option<u64>,
    ) -> Result<Searched, String> {
        self.keep(self.line("instance", json!({"file": file}), 0));
        let mut tracer = self.tracer(Box::new(InstanceNaming { read }), config);
        let searched = search_instance(
            read,
            config,
            max_solutions,
            Some(&mut tracer),
            self.interrupt.as_ref(),
        );
        if let Some(e) = tracer.error.take() {
            self.keep(Err(e));
        }
        if let Ok(s) = &searched {
            let termination = match s.result.termination {
                Termination::Exhausted => "exhausted",
                Termination::SolutionLimit => "solution limit",
                Termination::Stopped(reason) => stop_words(reason),
            };
            let mut end = json!({
                "termination": termination,
                "events": tracer.events,
                "stats": StatsRecord::from(&s.result.stats),
            });
            if let Some(o) = &s.optimized {
                end["best"] = json!(o.best);
                end["optimal"] = json!(o.optimal);
            }
            self.keep(self.line("end", end, 0));
        }
        searched
    }
}
