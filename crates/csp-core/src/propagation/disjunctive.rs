//! Tasks on a machine that runs one at a time (a unary resource), over
//! narrow and wide start variables: overload checking, detectable
//! precedences, not-first / not-last and edge finding.

use std::cell::RefCell;

use super::work_space::with_work_space;
use super::{Conflict, Events, PropagationContext, PropagationLevel, Propagator, Rule, Task};
use crate::VarId;

/// No two of the tasks run at the same time (XCSP3's one-dimensional
/// `noOverlap`, MiniZinc's `disjunctive` with fixed durations), over
/// start variables of either kind ([`Propagator::takes_wide`]). Heights
/// are not read: the machine holds one task at a time; tasks of no
/// duration are dropped when it is made.
///
/// On the time window of each task (earliest start `est`, latest
/// completion `lct`, duration `p`), the rules of Vilím's thesis
/// ("Global Constraints in Scheduling", 2007), each in O(n²) and run in
/// both directions of time (the latest completions by the same rules on
/// the mirrored windows), to a fixpoint:
/// - *overload checking*: the tasks of every window `[est, lct]` of the
///   set together fit in it, or it fails;
/// - *detectable precedences*: a task `i` whose earliest end passes the
///   latest start of tasks `j` comes after all of them (after their
///   earliest joint end);
/// - *not-first*: a task that cannot run before every task that could
///   end after its earliest start starts no earlier than their earliest
///   end;
/// - *edge finding*: a task that cannot end within the latest completion
///   of a set together with it comes after the whole set.
///
/// Below [`PropagationLevel::Singles`] it checks once every start is
/// assigned. Times are 64-bit, their sums saturating.
#[derive(Clone, Debug)]
pub struct Disjunctive {
    tasks: Vec<Task>,
    scope: Vec<VarId>,
}

/// A task's window in one direction of time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Window {
    est: i64,
    lct: i64,
    p: i64,
}

impl Window {
    fn ect(self) -> i64 {
        self.est.saturating_add(self.p)
    }

    fn lst(self) -> i64 {
        self.lct.saturating_sub(self.p)
    }

    /// The window with time run backwards.
    fn mirrored(self) -> Window {
        Window {
            est: self.lct.saturating_neg(),
            lct: self.est.saturating_neg(),
            p: self.p,
        }
    }
}

/// The work space of a run.
#[derive(Default)]
struct Windows {
    windows: Vec<Window>,
    /// The earliest start each rule allows, per task.
    est: Vec<i64>,
    /// Task indices by earliest start, then by latest completion.
    by_est: Vec<usize>,
    by_lct: Vec<usize>,
    /// Membership of Θ and Λ in edge finding, and of the sets of the
    /// other rules.
    theta: Vec<bool>,
    lambda: Vec<bool>,
}

thread_local! {
    static WINDOWS: RefCell<Windows> = RefCell::new(Windows::default());
}

/// The earliest time by which every task of the set (`member`) can have
/// run, taken in order of earliest start (`by_est`): the largest
/// `est(Ω) + p(Ω)` over its subsets Ω; `i64::MIN` for none.
fn earliest_end(windows: &[Window], by_est: &[usize], member: impl Fn(usize) -> bool) -> i64 {
    let mut end = i64::MIN;
    for &j in by_est {
        if member(j) {
            end = end.max(windows[j].est).saturating_add(windows[j].p);
        }
    }
    end
}

impl Windows {
    /// Sorts the task orders for the current windows.
    fn sort(&mut self) {
        let w = &self.windows;
        self.by_est.clear();
        self.by_est.extend(0..w.len());
        self.by_est.sort_unstable_by_key(|&i| (w[i].est, i));
        self.by_lct.clear();
        self.by_lct.extend(0..w.len());
        self.by_lct.sort_unstable_by_key(|&i| (w[i].lct, i));
    }

    /// Detectable precedences: `j` precedes `i` when `ect(i) > lst(j)`.
    fn detectable_precedences(&mut self) {
        let w = &self.windows;
        for i in 0..w.len() {
            let ect = w[i].ect();
            let end = earliest_end(w, &self.by_est, |j| j != i && ect > w[j].lst());
            self.est[i] = self.est[i].max(end);
        }
    }

    /// Not-first: with Θ the other tasks that can end after `est(i)`, if
    /// `i` run first leaves Θ no room (`ect(i) > lst(Θ)`), some task of Θ
    /// precedes it.
    fn not_first(&mut self) {
        let w = &self.windows;
        for i in 0..w.len() {
            let est = w[i].est;
            let member = |j: usize| j != i && w[j].ect() > est;
            // The latest time Θ can start, in order of latest completion.
            let mut latest = i64::MAX;
            let mut first_end = i64::MAX;
            for &j in self.by_lct.iter().rev() {
                if member(j) {
                    latest = latest.min(w[j].lct).saturating_sub(w[j].p);
                    first_end = first_end.min(w[j].ect());
                }
            }
            if first_end != i64::MAX && w[i].ect() > latest {
                self.est[i] = self.est[i].max(first_end);
            }
        }
    }

    /// Overload checking and edge finding (Vilím's Θ-Λ sweep by latest
    /// completion, its trees replaced by linear scans).
    fn edge_finding(&mut self) -> Result<(), Conflict> {
        let n = self.windows.len();
        self.theta.clear();
        self.theta.resize(n, true);
        self.lambda.clear();
        self.lambda.resize(n, false);
        let w = &self.windows;
        for k in (0..n).rev() {
            let j = self.by_lct[k];
            let theta = &self.theta;
            if earliest_end(w, &self.by_est, |t| theta[t]) > w[j].lct {
                return Err(Conflict);
            }
            self.theta[j] = false;
            self.lambda[j] = true;
            if k == 0 {
                break;
            }
            let lct = w[self.by_lct[k - 1]].lct;
            loop {
                // The largest ect(Θ ∪ {i}) over i in Λ, and its i.
                let (mut plain, mut with_one) = (i64::MIN, i64::MIN);
                let mut responsible = None;
                for &t in &self.by_est {
                    if self.theta[t] {
                        plain = plain.max(w[t].est).saturating_add(w[t].p);
                        if responsible.is_some() {
                            with_one = with_one.max(w[t].est).saturating_add(w[t].p);
                        }
                    } else if self.lambda[t] {
                        let end = plain.max(w[t].est).saturating_add(w[t].p);
                        if responsible.is_none() || end > with_one {
                            with_one = end;
                            responsible = Some(t);
                        }
                    }
                }
                match responsible {
                    Some(i) if with_one > lct => {
                        self.est[i] = self.est[i].max(plain);
                        self.lambda[i] = false;
                    }
                    _ => break,
                }
            }
        }
        Ok(())
    }

    /// Every rule on the current windows: the earliest starts they allow
    /// in `est`.
    fn run(&mut self) -> Result<(), Conflict> {
        self.est.clear();
        self.est.extend(self.windows.iter().map(|w| w.est));
        self.sort();
        self.edge_finding()?;
        self.detectable_precedences();
        self.not_first();
        Ok(())
    }
}

impl Disjunctive {
    /// The tasks `tasks` on a machine of one at a time (heights not read).
    pub fn new(tasks: Vec<Task>) -> Self {
        let tasks: Vec<Task> = tasks.into_iter().filter(|t| t.duration > 0).collect();
        let mut scope: Vec<VarId> = tasks.iter().map(|t| t.start).collect();
        scope.sort_unstable();
        scope.dedup();
        Disjunctive { tasks, scope }
    }

    /// Reads the tasks' windows into `space` (mirrored: time backwards).
    fn read(
        &self,
        ctx: &PropagationContext<'_>,
        space: &mut Windows,
        mirrored: bool,
    ) -> Result<(), Conflict> {
        space.windows.clear();
        for task in &self.tasks {
            let lo = ctx.lower(task.start).ok_or(Conflict)?;
            let hi = ctx.upper(task.start).ok_or(Conflict)?;
            let est = task.offset.saturating_add(i64::from(lo));
            let lst = task.offset.saturating_add(i64::from(hi));
            let window = Window {
                est,
                lct: lst.saturating_add(task.duration),
                p: task.duration,
            };
            space
                .windows
                .push(if mirrored { window.mirrored() } else { window });
        }
        Ok(())
    }

    /// One pass of the rules in one direction of time; says whether a
    /// bound moved.
    fn pass(
        &self,
        ctx: &mut PropagationContext<'_>,
        space: &mut Windows,
        mirrored: bool,
    ) -> Result<bool, Conflict> {
        self.read(ctx, space, mirrored)?;
        space.run()?;
        let mut moved = false;
        for (k, task) in self.tasks.iter().enumerate() {
            if space.est[k] <= space.windows[k].est {
                continue;
            }
            moved = true;
            if mirrored {
                // A latest completion lowered to -est: its start's upper bound.
                let start = (space.est[k].saturating_neg())
                    .saturating_sub(task.duration)
                    .saturating_sub(task.offset);
                let start = u32::try_from(start).map_err(|_| Conflict)?;
                ctx.lower_upper(task.start, start)?;
            } else {
                let start = space.est[k].saturating_sub(task.offset);
                // Past every value a variable holds: no start is left.
                let start = u32::try_from(start).map_err(|_| Conflict)?;
                ctx.raise_lower(task.start, start)?;
            }
        }
        Ok(moved)
    }
}

impl Propagator for Disjunctive {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn name(&self) -> &'static str {
        "disjunctive"
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
        with_work_space(&WINDOWS, |space| {
            loop {
                let forward = self.pass(ctx, space, false)?;
                let backward = self.pass(ctx, space, true)?;
                if !forward && !backward {
                    return Ok(());
                }
            }
        })
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let span = |t: &Task| {
            let s = t.offset.saturating_add(i64::from(value(t.start)));
            (s, s.saturating_add(t.duration))
        };
        (self.tasks.iter().enumerate()).all(|(k, a)| {
            let (a0, a1) = span(a);
            (self.tasks[k + 1..].iter()).all(|b| {
                let (b0, b1) = span(b);
                a1 <= b0 || b1 <= a0
            })
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

    fn window(est: i64, lct: i64, p: i64) -> Window {
        Window { est, lct, p }
    }

    /// The earliest starts that `rule` alone (or, with `None`, every
    /// rule) allows on `windows`.
    fn earliest_starts(
        windows: &[Window],
        rule: Option<fn(&mut Windows)>,
    ) -> Result<Vec<i64>, Conflict> {
        let mut space = Windows {
            windows: windows.to_vec(),
            ..Windows::default()
        };
        match rule {
            None => space.run()?,
            Some(rule) => {
                space.est = windows.iter().map(|w| w.est).collect();
                space.sort();
                rule(&mut space);
            }
        }
        Ok(space.est)
    }

    fn edge_finding(space: &mut Windows) {
        space.edge_finding().unwrap();
    }

    #[test]
    fn edge_finding_puts_a_task_after_a_set() {
        // Two tasks of 4 in [1, 10] and a task of 3 in [0, 20]: the three
        // cannot end by 10 (1 + 4 + 4 after 0 + 3: 11), so the task of 3
        // follows the pair, from their earliest joint end 1 + 8 = 9.
        let w = [window(1, 10, 4), window(1, 10, 4), window(0, 20, 3)];
        assert_eq!(
            earliest_starts(&w, Some(edge_finding)).unwrap(),
            vec![1, 1, 9]
        );
        // Detectable precedences do not see it (the task of 3 ends by 3,
        // before either latest start 6); not-first sees less: run first
        // it ends at 3, past 10 - 8 = 2 by which the pair must start, so
        // one of the pair precedes it (from 1 + 4 = 5).
        assert_eq!(
            earliest_starts(&w, Some(Windows::detectable_precedences)).unwrap(),
            vec![1, 1, 0]
        );
        assert_eq!(
            earliest_starts(&w, Some(Windows::not_first)).unwrap(),
            vec![1, 1, 5]
        );
        assert_eq!(earliest_starts(&w, None).unwrap(), vec![1, 1, 9]);
    }

    #[test]
    fn detectable_precedences_put_a_task_after_others() {
        // A task of 6 from 0 ends at 6, past the latest start 3 of a task
        // of 2 in [0, 5]: that one comes first, the task of 6 from 2.
        let w = [window(0, 20, 6), window(0, 5, 2)];
        assert_eq!(
            earliest_starts(&w, Some(Windows::detectable_precedences)).unwrap(),
            vec![2, 0]
        );
        // Two such tasks before it: after both (from 0, 2 + 2).
        let w = [window(0, 20, 6), window(0, 5, 2), window(0, 5, 2)];
        assert_eq!(
            earliest_starts(&w, Some(Windows::detectable_precedences)).unwrap(),
            vec![4, 0, 0]
        );
    }

    #[test]
    fn not_first_puts_a_task_after_one_of_others() {
        // A task of 4 from 1, beside two tasks of 3 in [0, 10]: run first
        // it ends at 5, past 10 - 6 = 4 by which the pair must start, so
        // one of them precedes it: it starts at 3 at the earliest. Neither
        // task alone starts by 5 at the latest, and 1 + 4 + 6 fits by 10:
        // the other rules leave it.
        let w = [window(1, 30, 4), window(0, 10, 3), window(0, 10, 3)];
        assert_eq!(
            earliest_starts(&w, Some(Windows::not_first)).unwrap(),
            vec![3, 0, 0]
        );
        assert_eq!(
            earliest_starts(&w, Some(edge_finding)).unwrap(),
            vec![1, 0, 0]
        );
        assert_eq!(
            earliest_starts(&w, Some(Windows::detectable_precedences)).unwrap(),
            vec![1, 0, 0]
        );
    }

    #[test]
    fn overload_fails() {
        // 6 of work in [0, 5].
        let w = [window(0, 5, 3), window(1, 5, 3)];
        assert_eq!(earliest_starts(&w, None), Err(Conflict));
        // 6 in [0, 6], either order: nothing moves.
        let w = [window(0, 6, 3), window(0, 6, 3)];
        assert_eq!(earliest_starts(&w, None).unwrap(), vec![0, 0]);
        // 6 in [0, 6] with the second from 1: the first goes first, the
        // second from 3.
        let w = [window(0, 6, 3), window(1, 6, 3)];
        assert_eq!(earliest_starts(&w, None).unwrap(), vec![0, 3]);
    }

    /// Three tasks of durations 2, 3, 2 over starts `0..count`.
    fn three(count: u64) -> (crate::Model, Vec<VarId>) {
        let mut b = ModelBuilder::new();
        let s: Vec<VarId> = (0..3).map(|_| b.new_wide_var(count).unwrap()).collect();
        let task = |k: usize, duration| Task {
            start: s[k],
            offset: 0,
            duration,
            height: 1,
        };
        let tasks = vec![task(0, 2), task(1, 3), task(2, 2)];
        b.add_propagator(Disjunctive::new(tasks)).unwrap();
        (b.build(), s)
    }

    #[test]
    fn it_counts_what_enumeration_counts() {
        let (model, _) = three(8);
        let apart = |a: i64, p: i64, b: i64, q: i64| a + p <= b || b + q <= a;
        let mut expected = 0;
        for a in 0..8 {
            for b in 0..8 {
                for c in 0..8 {
                    expected +=
                        u64::from(apart(a, 2, b, 3) && apart(a, 2, c, 2) && apart(b, 3, c, 2));
                }
            }
        }
        assert_eq!(expected, 80);
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
    fn both_directions_move_in_a_search() {
        // Starts 0..=6; the task of 3 fixed at 2 (2..5) leaves each task
        // of 2 at 0 or from 5: their bounds stay. Fixing one at 0 puts
        // the other after both (5..=6); fixing it at 6 instead (6..8)
        // puts the other before the task of 3 (0) by the mirrored rules.
        let (model, s) = three(7);
        let bounds_of_last = |fixes: &[(usize, u32)]| {
            let mut search = Search::new(&model, &singles()).unwrap();
            for &(k, value) in fixes {
                search.fix(s[k], value).unwrap();
            }
            search.propagate_root().unwrap();
            let st = search.store();
            (st.lower(s[2]).unwrap(), st.upper(s[2]).unwrap())
        };
        assert_eq!(bounds_of_last(&[(1, 2)]), (0, 6));
        assert_eq!(bounds_of_last(&[(1, 2), (0, 0)]), (5, 6));
        assert_eq!(bounds_of_last(&[(1, 2), (0, 6)]), (0, 0));
        // Starts 0..=2: 7 of work by 2 + 3 = 5 at the latest.
        let (model, _) = three(3);
        let mut search = Search::new(&model, &singles()).unwrap();
        assert!(search.propagate_root().is_err());
    }
}
