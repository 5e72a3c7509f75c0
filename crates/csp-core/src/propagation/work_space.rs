//! Work space that propagators reuse from run to run, one per thread, so
//! that propagation allocates nothing once the space has grown to the
//! largest constraint (the regular and table constraints use it).

use std::cell::RefCell;
use std::thread::LocalKey;

/// Runs `work` with the work space `key` holds for this thread (a fresh one
/// if it is in use already, which propagation never does: a run does not
/// start another).
pub(crate) fn with_work_space<T: Default + 'static, R>(
    key: &'static LocalKey<RefCell<T>>,
    work: impl FnOnce(&mut T) -> R,
) -> R {
    key.with(|cell| match cell.try_borrow_mut() {
        Ok(mut space) => work(&mut space),
        Err(_) => work(&mut T::default()),
    })
}
