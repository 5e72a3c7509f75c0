//! What can happen to a variable's domain, and what a propagator does about it.

use std::fmt;
use std::ops::{BitAnd, BitOr};

use super::PropagationLevel;

/// A set of domain events: what happened to a variable, or what a
/// propagator wants to hear about ([`Propagator::events`](super::Propagator::events)).
///
/// An assignment is every event at once ([`Events::ANY`]): the variable
/// lost its other values and, with them, its bounds moved. A removal that
/// takes the smallest or largest value is [`Events::BOUNDS`] as well as
/// [`Events::REMOVED`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Events(u8);

impl Events {
    /// Nothing.
    pub const NONE: Events = Events(0);
    /// The variable was assigned (filled).
    pub const ASSIGNED: Events = Events(1);
    /// The smallest or the largest value of the domain went.
    pub const BOUNDS: Events = Events(2);
    /// Some value went.
    pub const REMOVED: Events = Events(4);
    /// Every event.
    pub const ANY: Events = Events(7);

    /// What a propagator that forward checks below
    /// [`Singles`](PropagationLevel::Singles) listens to at `level`: below
    /// it, forward checking reads the assigned variables only
    /// ([`Events::ASSIGNED`]); from it up, `full`, what its full-strength
    /// propagation reads.
    #[inline]
    pub fn forward_checking_then(level: PropagationLevel, full: Events) -> Events {
        if level >= PropagationLevel::Singles {
            full
        } else {
            Events::ASSIGNED
        }
    }

    /// Whether the two sets share an event.
    #[inline]
    pub fn intersects(self, other: Events) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether `other` is a subset of `self`.
    #[inline]
    pub fn contains(self, other: Events) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl BitOr for Events {
    type Output = Events;
    #[inline]
    fn bitor(self, rhs: Events) -> Events {
        Events(self.0 | rhs.0)
    }
}

impl BitAnd for Events {
    type Output = Events;
    #[inline]
    fn bitand(self, rhs: Events) -> Events {
        Events(self.0 & rhs.0)
    }
}

impl fmt::Debug for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (Events::ASSIGNED, "ASSIGNED"),
            (Events::BOUNDS, "BOUNDS"),
            (Events::REMOVED, "REMOVED"),
        ];
        let mut list = f.debug_set();
        for (e, name) in names {
            if self.contains(e) {
                list.entry(&format_args!("{name}"));
            }
        }
        list.finish()
    }
}

/// What a propagator answers when told of an event
/// ([`Propagator::notify`](super::Propagator::notify)).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Wake {
    /// Queue the propagator to run.
    Run,
    /// Nothing for it to do (it may have updated its state).
    Skip,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_combine_and_intersect() {
        let e = Events::BOUNDS | Events::REMOVED;
        assert!(e.intersects(Events::BOUNDS));
        assert!(!e.intersects(Events::ASSIGNED));
        assert!(Events::ANY.contains(e));
        assert!(!e.contains(Events::ANY));
        assert!((e & Events::ASSIGNED).is_empty());
        assert_eq!(format!("{e:?}"), "{BOUNDS, REMOVED}");
    }
}
