//! Tasks that share a resource of limited capacity, over narrow and wide
//! start variables: overload checking and time-tabling.

use std::cell::RefCell;

use super::work_space::with_work_space;
use super::{Conflict, Entry, Events, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::VarId;

/// One task of a [`Cumulative`]: it starts at `offset + value of start`,
/// lasts `duration` and uses `height` of the resource while it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    /// The variable of its start (its value shifted by `offset`).
    pub start: VarId,
    /// What a start of value 0 stands for.
    pub offset: i64,
    /// How long it runs (at least 1).
    pub duration: i64,
    /// How much of the resource it uses (at least 1).
    pub height: i64,
}

/// A task of a [`Cumulative`] whose duration and height may be variables
/// ([`Entry`]: a variable's value, its offset plus its index, or a
/// constant); a negative one counts as 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariableTask {
    /// The variable of its start (its value shifted by `offset`).
    pub start: VarId,
    /// What a start of value 0 stands for.
    pub offset: i64,
    /// How long it runs.
    pub duration: Entry,
    /// How much of the resource it uses.
    pub height: Entry,
}

impl From<Task> for VariableTask {
    fn from(t: Task) -> VariableTask {
        VariableTask {
            start: t.start,
            offset: t.offset,
            duration: Entry::Const(t.duration),
            height: Entry::Const(t.height),
        }
    }
}

impl VariableTask {
    /// Its shortest duration and lowest height (at least 0; `None`: a
    /// variable has no value left).
    #[inline]
    fn least(&self, ctx: &PropagationContext<'_>) -> Option<(i64, i64)> {
        Some((
            self.duration.least(ctx)?.max(0),
            self.height.least(ctx)?.max(0),
        ))
    }
}

/// At every time the tasks that run use at most `capacity` of the
/// resource (XCSP3's and MiniZinc's `cumulative`), over start variables
/// of either kind ([`Propagator::takes_wide`]), durations and heights
/// constants or variables ([`Cumulative::with_variables`]).
///
/// Overload checking first: the tasks that must run within a window
/// need no more than the window holds (durations times heights against
/// `capacity` times its length). Then time-tabling: a task whose latest
/// start comes before its earliest end
/// surely runs in between (its *compulsory part*); the compulsory parts
/// make a profile of the resource's use; it fails when the profile
/// passes the capacity somewhere, and moves each task's earliest start
/// past every stretch of the profile where it would not fit (and its
/// latest start before one), to a fixpoint. A variable duration or
/// height counts at its smallest value; a variable height is lowered to
/// the room that the others leave over its compulsory part. Below
/// [`PropagationLevel::Singles`] it checks once every variable is
/// assigned. Tasks of no duration or no height (constants) are dropped
/// when it is made. Times are 64-bit, their sums saturating (at ±2^63 a
/// time stops moving).
#[derive(Clone, Debug)]
pub struct Cumulative {
    tasks: Vec<VariableTask>,
    scope: Vec<VarId>,
    capacity: i64,
}

/// The work space of a run: the profile's events, then its stretches.
#[derive(Default)]
struct Profile {
    /// Each task's shortest duration and lowest height in this pass.
    least: Vec<(i64, i64)>,
    /// (time, change of height).
    events: Vec<(i64, i64)>,
    /// (from, to, height) for each stretch of non-zero height, in order.
    stretches: Vec<(i64, i64, i64)>,
    /// (earliest start, latest completion, energy) of each task, and the
    /// tasks by earliest start, latest first (overload checking).
    windows: Vec<(i64, i64, i64)>,
    by_start: Vec<usize>,
}

thread_local! {
    static PROFILE: RefCell<Profile> = RefCell::new(Profile::default());
}

impl Cumulative {
    /// The tasks `tasks` (fixed durations and heights) on a resource of
    /// `capacity`.
    pub fn new(tasks: Vec<Task>, capacity: i64) -> Self {
        Cumulative::with_variables(
            tasks.into_iter().map(VariableTask::from).collect(),
            capacity,
        )
    }

    /// The tasks `tasks`, whose durations and heights may be variables,
    /// on a resource of `capacity`.
    pub fn with_variables(tasks: Vec<VariableTask>, capacity: i64) -> Self {
        let positive = |e: Entry| !matches!(e, Entry::Const(k) if k <= 0);
        let tasks: Vec<VariableTask> = (tasks.into_iter())
            .filter(|t| positive(t.duration) && positive(t.height))
            .collect();
        let mut scope: Vec<VarId> = Vec::new();
        for t in &tasks {
            scope.push(t.start);
            scope.extend(t.duration.var());
            scope.extend(t.height.var());
        }
        scope.sort_unstable();
        scope.dedup();
        Cumulative {
            tasks,
            scope,
            capacity,
        }
    }

    /// The earliest and latest start of `task` (`None`: no value left).
    fn window(task: &VariableTask, ctx: &PropagationContext<'_>) -> Option<(i64, i64)> {
        let lo = ctx.lower(task.start)?;
        let hi = ctx.upper(task.start)?;
        Some((
            task.offset.saturating_add(i64::from(lo)),
            task.offset.saturating_add(i64::from(hi)),
        ))
    }

    /// Builds the profile of the compulsory parts into `profile`; fails
    /// where it passes the capacity.
    fn build(&self, ctx: &PropagationContext<'_>, profile: &mut Profile) -> Result<(), Conflict> {
        profile.least.clear();
        for task in &self.tasks {
            profile.least.push(task.least(ctx).ok_or(Conflict)?);
        }
        profile.events.clear();
        profile.stretches.clear();
        for (task, &(duration, height)) in self.tasks.iter().zip(&profile.least) {
            let (lo, hi) = Cumulative::window(task, ctx).ok_or(Conflict)?;
            let end = lo.saturating_add(duration);
            if hi < end && height > 0 {
                profile.events.push((hi, height));
                profile.events.push((end, -height));
            }
        }
        profile.events.sort_unstable();
        self.check_energy(ctx, profile)?;
        let mut height = 0i64;
        let mut k = 0;
        while k < profile.events.len() {
            let time = profile.events[k].0;
            while k < profile.events.len() && profile.events[k].0 == time {
                height = height.saturating_add(profile.events[k].1);
                k += 1;
            }
            if height > self.capacity {
                return Err(Conflict);
            }
            if height > 0 {
                let to = profile.events.get(k).map_or(time, |e| e.0);
                profile.stretches.push((time, to, height));
            }
        }
        Ok(())
    }

    /// Overload checking: the tasks that must run inside a window `[a,
    /// b)` (from an earliest start to a latest completion of theirs) need
    /// at most `capacity × (b - a)` of the resource (their durations times
    /// their heights); fails otherwise. O(n²) over the windows that start
    /// at an earliest start and end at a latest completion.
    fn check_energy(
        &self,
        ctx: &PropagationContext<'_>,
        profile: &mut Profile,
    ) -> Result<(), Conflict> {
        let windows = &mut profile.windows;
        windows.clear();
        for (task, &(duration, height)) in self.tasks.iter().zip(&profile.least) {
            let (lo, hi) = Cumulative::window(task, ctx).ok_or(Conflict)?;
            windows.push((
                lo,
                hi.saturating_add(duration),
                duration.saturating_mul(height),
            ));
        }
        // By latest completion; for each, the tasks inside from the latest
        // earliest start down.
        windows.sort_unstable_by_key(|w| w.1);
        let order = &mut profile.by_start;
        order.clear();
        order.extend(0..windows.len());
        order.sort_unstable_by_key(|&k| std::cmp::Reverse(windows[k].0));
        for b in 0..windows.len() {
            if b + 1 < windows.len() && windows[b + 1].1 == windows[b].1 {
                continue;
            }
            let end = windows[b].1;
            let mut energy = 0i64;
            for &k in order.iter() {
                let (start, lct, e) = windows[k];
                if lct > end {
                    continue;
                }
                energy = energy.saturating_add(e);
                if energy > self.capacity.saturating_mul(end.saturating_sub(start)) {
                    return Err(Conflict);
                }
            }
        }
        Ok(())
    }

    /// The use of the resource between `from` and `to` that a task's own
    /// compulsory part (between its latest start and earliest end, for
    /// its shortest `duration` and at its lowest `height`) adds.
    fn own((duration, height): (i64, i64), (lo, hi): (i64, i64), (from, to): (i64, i64)) -> i64 {
        let (a, b) = (hi, lo.saturating_add(duration));
        if a < b && a < to && from < b {
            height
        } else {
            0
        }
    }

    /// One pass of filtering over the profile: moves the bounds of each
    /// task past the stretches it cannot overlap, and lowers a variable
    /// height to the room over its compulsory part; says whether one
    /// moved.
    fn filter(
        &self,
        ctx: &mut PropagationContext<'_>,
        profile: &Profile,
    ) -> Result<bool, Conflict> {
        let mut moved = false;
        for (task, &least) in self.tasks.iter().zip(&profile.least) {
            let (lo, hi) = Cumulative::window(task, ctx).ok_or(Conflict)?;
            let (duration, height) = least;
            if let Entry::Var { .. } = task.height
                && hi < lo.saturating_add(duration)
            {
                // It surely runs over [hi, lo + duration): at most the
                // room the others leave there.
                let mut room = self.capacity;
                for &s in &profile.stretches {
                    if s.0 >= lo.saturating_add(duration) {
                        break;
                    }
                    if s.1 > hi {
                        let others = s.2 - Cumulative::own(least, (lo, hi), (s.0, s.1));
                        room = room.min(self.capacity - others);
                    }
                }
                moved |= task.height.lower(ctx, room)?;
            }
            if lo == hi || duration == 0 || height == 0 {
                continue;
            }
            let fits = |(from, to, used): (i64, i64, i64)| {
                (used - Cumulative::own(least, (lo, hi), (from, to))).saturating_add(height)
                    <= self.capacity
            };
            // Earliest start: past each stretch that a run from it would
            // overlap and that has no room for it.
            let mut start = lo;
            for &s in &profile.stretches {
                if s.0 >= start.saturating_add(duration) {
                    break;
                }
                if s.1 > start && !fits(s) {
                    start = s.1;
                }
            }
            // Latest start: before each such stretch, from the right (the
            // stretches left of one that ends before the run do too).
            let mut latest = hi;
            for &s in profile.stretches.iter().rev() {
                if s.0 >= latest.saturating_add(duration) {
                    continue;
                }
                if s.1 <= latest {
                    break;
                }
                if !fits(s) {
                    latest = s.0.saturating_sub(duration);
                }
            }
            if start > hi || latest < lo || start > latest {
                return Err(Conflict);
            }
            let to_index =
                |t: i64| u32::try_from(t.saturating_sub(task.offset)).map_err(|_| Conflict);
            if start > lo {
                ctx.raise_lower(task.start, to_index(start)?)?;
                moved = true;
            }
            if latest < hi {
                ctx.lower_upper(task.start, to_index(latest)?)?;
                moved = true;
            }
        }
        Ok(moved)
    }
}

impl Propagator for Cumulative {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn name(&self) -> &'static str {
        "cumulative"
    }

    fn rule(&self) -> Rule {
        Rule::Other
    }

    fn takes_wide(&self) -> bool {
        true
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ASSIGNED | Events::BOUNDS)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if ctx.level() < PropagationLevel::Singles {
            return ctx.check_once_assigned(&self.scope, |value| self.check(value));
        }
        with_work_space(&PROFILE, |profile| {
            loop {
                self.build(ctx, profile)?;
                if !self.filter(ctx, profile)? {
                    return Ok(());
                }
            }
        })
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        // The use at each start is the most the resource carries.
        let duration = |t: &VariableTask| t.duration.read(value).max(0);
        let height = |t: &VariableTask| t.height.read(value).max(0);
        (self.tasks.iter()).all(|t| {
            let at = t.offset.saturating_add(i64::from(value(t.start)));
            let used: i64 = (self.tasks.iter())
                .filter(|u| {
                    let s = u.offset.saturating_add(i64::from(value(u.start)));
                    s <= at && at < s.saturating_add(duration(u))
                })
                .fold(0, |sum, u| sum.saturating_add(height(u)));
            used <= self.capacity
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ModelBuilder, Search, SearchConfig, WideChoice};

    fn singles() -> SearchConfig {
        SearchConfig {
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        }
    }

    /// Three tasks (durations 2, 3, 2; heights 2, 1, 2) on a resource of
    /// 3, starts over `0..count`.
    fn three(count: u64) -> (crate::Model, Vec<VarId>) {
        let mut b = ModelBuilder::new();
        let s: Vec<VarId> = (0..3).map(|_| b.new_wide_var(count).unwrap()).collect();
        let task = |k: usize, duration, height| Task {
            start: s[k],
            offset: 0,
            duration,
            height,
        };
        let tasks = vec![task(0, 2, 2), task(1, 3, 1), task(2, 2, 2)];
        b.add_propagator(Cumulative::new(tasks, 3)).unwrap();
        (b.build(), s)
    }

    #[test]
    fn it_counts_what_enumeration_counts() {
        let (model, _) = three(6);
        let run = |a: i64, d: i64, t: i64| a <= t && t < a + d;
        let mut expected = 0;
        for a in 0..6 {
            for b in 0..6 {
                for c in 0..6 {
                    let fits = (0..12).all(|t| {
                        let used = 2 * i64::from(run(a, 2, t))
                            + i64::from(run(b, 3, t))
                            + 2 * i64::from(run(c, 2, t));
                        used <= 3
                    });
                    expected += u64::from(fits);
                }
            }
        }
        assert_eq!(expected, 120);
        for level in [PropagationLevel::ForwardChecking, PropagationLevel::Singles] {
            for choice in [WideChoice::Min, WideChoice::Max, WideChoice::Split] {
                let config = SearchConfig {
                    level,
                    ..SearchConfig::default()
                };
                let search = Search::new(&model, &config)
                    .unwrap()
                    .with_wide_choice(choice);
                assert_eq!(
                    search.run(None).stats.solutions,
                    expected,
                    "{level:?} {choice:?}"
                );
            }
        }
    }

    #[test]
    fn a_compulsory_part_pushes_the_others_away() {
        // Task 0 at 4 (runs 4..6, height 2) and task 1 at 0 (0..3, height
        // 1): task 2 (height 2) fits beside task 1 (1 + 2 = 3) but not
        // beside task 0; its starts 3, 4, 5 are inside its bounds 0..=9,
        // which time-tabling leaves as they are.
        let (model, s) = three(10);
        let mut search = Search::new(&model, &singles()).unwrap();
        search.fix(s[0], 4).unwrap();
        search.fix(s[1], 0).unwrap();
        search.propagate_root().unwrap();
        let st = search.store();
        assert_eq!((st.lower(s[2]), st.upper(s[2])), (Some(0), Some(9)));
        // Two tasks that cannot overlap (2 + 2 > 3), starting at 100 + x:
        // the second moves past the first, or before it.
        let mut b = ModelBuilder::new();
        let x: Vec<VarId> = (0..2).map(|_| b.new_wide_var(10).unwrap()).collect();
        let task = |k: usize| Task {
            start: x[k],
            offset: 100,
            duration: 2,
            height: 2,
        };
        b.add_propagator(Cumulative::new(vec![task(0), task(1)], 3))
            .unwrap();
        let model = b.build();
        let bounds_of_second = |first: u32| {
            let mut search = Search::new(&model, &singles()).unwrap();
            search.fix(x[0], first).unwrap();
            search.propagate_root().unwrap();
            let st = search.store();
            (st.lower(x[1]).unwrap(), st.upper(x[1]).unwrap())
        };
        assert_eq!(bounds_of_second(0), (2, 9));
        assert_eq!(bounds_of_second(8), (0, 6));
        assert_eq!(bounds_of_second(4), (0, 9));
        // Both fixed into one another: no room.
        let mut search = Search::new(&model, &singles()).unwrap();
        search.fix(x[0], 3).unwrap();
        search.fix(x[1], 4).unwrap();
        assert!(search.propagate_root().is_err());
    }

    #[test]
    fn tasks_that_need_more_than_their_window_holds_fail() {
        // Three tasks of 2 by 2 starting in 0..count on a resource of 2.
        let squares = |count: u64| {
            let mut b = ModelBuilder::new();
            let s: Vec<VarId> = (0..3).map(|_| b.new_wide_var(count).unwrap()).collect();
            let tasks = (s.iter())
                .map(|&start| Task {
                    start,
                    offset: 0,
                    duration: 2,
                    height: 2,
                })
                .collect();
            b.add_propagator(Cumulative::new(tasks, 2)).unwrap();
            b.build()
        };
        // Starts in 0..=3 (ending by 5): no compulsory part, but 12 of
        // energy in 2 × 5.
        let model = squares(4);
        let mut search = Search::new(&model, &singles()).unwrap();
        assert!(search.propagate_root().is_err());
        // Starts in 0..=4 (ending by 6): 12 in 2 × 6 fits, and the search
        // finds the 3! orders of 0, 2, 4.
        let model = squares(5);
        let mut search = Search::new(&model, &singles()).unwrap();
        assert!(search.propagate_root().is_ok());
        let search = Search::new(&model, &singles()).unwrap();
        assert_eq!(search.run(None).stats.solutions, 6);
    }
}
