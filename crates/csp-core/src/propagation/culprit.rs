//! Which propagator failed: what learning heuristics are told.

/// The propagator (and work item) whose run failed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Culprit {
    /// Its index in [`Model::propagators`](crate::Model::propagators).
    pub propagator: u32,
    /// The work item it was running, for a composite propagator that said.
    pub item: Option<u32>,
}
