//! What made each change on the trail, and at which decision level.

use crate::explanation::Literal;
use crate::propagation::Segment;

/// The cause marked on the trail's segments for a search decision.
pub(crate) const DECISION: u32 = u32::MAX - 1;
/// The bit marked on the trail's segments, with the clause's index, for a
/// change a learnt (or blocking) clause made.
pub(crate) const CLAUSE: u32 = 1 << 31;

/// What made a change on the trail.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cause {
    /// The search's decision of its level.
    Decision,
    /// A propagator's run (its index in the model).
    Propagator(usize),
    /// A clause of the database (its index).
    Clause(u32),
    /// Nothing that explains itself (probing, a naked single's
    /// assignment, which removes nothing): the decisions up to its level
    /// explain it.
    Unknown,
}

/// The cause of the change at trail position `k`, read off the segments
/// (the last one that starts at or before `k`).
pub(crate) fn cause_at(segments: &[Segment], k: usize, propagators: usize) -> Cause {
    let i = segments.partition_point(|s| s.trail_at <= k);
    let Some(s) = i.checked_sub(1).map(|i| segments[i]) else {
        return Cause::Unknown;
    };
    match s.propagator {
        u32::MAX => Cause::Unknown,
        DECISION => Cause::Decision,
        p if p & CLAUSE != 0 => Cause::Clause(p & !CLAUSE),
        p if (p as usize) < propagators => Cause::Propagator(p as usize),
        _ => Cause::Unknown,
    }
}

/// The decisions in force: where each level starts on the trail and what
/// was decided there (`x = v`, or on a wide variable `x <= v` when it is
/// split). Level 0 is the root; level `l >= 1` starts with its decision's
/// change at `start(l)`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Levels {
    starts: Vec<usize>,
    decisions: Vec<Literal>,
}

impl Levels {
    /// The current decision level (0 at the root).
    #[inline]
    pub(crate) fn current(&self) -> usize {
        self.decisions.len()
    }

    /// Opens level `current() + 1`, whose decision is the trail's next
    /// change, at position `trail_at`.
    pub(crate) fn push(&mut self, trail_at: usize, decision: Literal) {
        self.starts.push(trail_at);
        self.decisions.push(decision);
    }

    /// Closes every level above `level`.
    pub(crate) fn truncate(&mut self, level: usize) {
        self.starts.truncate(level);
        self.decisions.truncate(level);
    }

    /// Where level `l >= 1` starts on the trail.
    #[inline]
    pub(crate) fn start(&self, l: usize) -> usize {
        self.starts[l - 1]
    }

    /// The decision of level `l >= 1`.
    #[inline]
    pub(crate) fn decision(&self, l: usize) -> Literal {
        self.decisions[l - 1]
    }

    /// The decisions of levels 1 to `l`.
    pub(crate) fn decisions_to(&self, l: usize) -> &[Literal] {
        &self.decisions[..l]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::VarId;
    use crate::propagation::Rule;

    fn segment(trail_at: usize, propagator: u32) -> Segment {
        Segment {
            trail_at,
            rule: Rule::Other,
            propagator,
            item: u32::MAX,
            note: u32::MAX,
        }
    }

    #[test]
    fn the_last_segment_at_or_before_a_change_is_its_cause() {
        let segments = [
            segment(0, 3),
            segment(2, DECISION),
            segment(3, 0),
            segment(3, CLAUSE | 7),
            segment(5, u32::MAX),
            segment(6, 9),
        ];
        let causes: Vec<Cause> = (0..7).map(|k| cause_at(&segments, k, 4)).collect();
        assert_eq!(
            causes,
            [
                Cause::Propagator(3),
                Cause::Propagator(3),
                Cause::Decision,
                Cause::Clause(7),
                Cause::Clause(7),
                Cause::Unknown,
                // Not a propagator of a model of 4.
                Cause::Unknown,
            ]
        );
        assert_eq!(cause_at(&[], 0, 4), Cause::Unknown);
    }

    #[test]
    fn levels_start_at_their_decisions() {
        let mut levels = Levels::default();
        levels.push(4, Literal::Is(VarId(1), 2));
        levels.push(9, Literal::AtMost(VarId(0), 5));
        assert_eq!((levels.current(), levels.start(2)), (2, 9));
        assert_eq!(levels.decision(2), Literal::AtMost(VarId(0), 5));
        levels.truncate(1);
        assert_eq!(
            (levels.current(), levels.decisions_to(1)),
            (1, &[Literal::Is(VarId(1), 2)][..])
        );
    }
}
