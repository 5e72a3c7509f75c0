//! Rows of lists in one allocation.

/// Rows of lists in one allocation (compressed sparse rows): row `i` is
/// `items[offsets[i]..offsets[i + 1]]`. For tables read on hot paths, such
/// as each variable's neighbours or watchers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rows<T> {
    offsets: Vec<u32>,
    items: Vec<T>,
}

impl<T> From<Vec<Vec<T>>> for Rows<T> {
    fn from(rows: Vec<Vec<T>>) -> Self {
        let mut offsets = Vec::with_capacity(rows.len() + 1);
        offsets.push(0);
        let mut items = Vec::new();
        for row in rows {
            items.extend(row);
            offsets.push(items.len() as u32);
        }
        Rows { offsets, items }
    }
}

impl<T> Rows<T> {
    /// Row `i`.
    #[inline]
    pub fn row(&self, i: usize) -> &[T] {
        &self.items[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// How many rows.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_keep_their_items_in_order() {
        let rows = Rows::from(vec![vec![1, 2], vec![], vec![3]]);
        assert_eq!(rows.len(), 3);
        assert_eq!(rows.row(0), &[1, 2]);
        assert!(rows.row(1).is_empty());
        assert_eq!(rows.row(2), &[3]);
        assert!(Rows::<u8>::default().is_empty());
    }
}
