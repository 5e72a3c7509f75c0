//! The one shuffle every random draw of the crate makes (digit orders of
//! the solvers' random grids, the generator's digging order and cages).

/// Shuffles `items` (Fisher-Yates, from the last item down), each draw a
/// `next_u64` of `rng`: the same generator state gives the same order on
/// every platform.
pub(crate) fn shuffle<T>(items: &mut [T], rng: &mut rand_chacha::ChaCha8Rng) {
    use rand_chacha::rand_core::RngCore;
    for i in (1..items.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}
