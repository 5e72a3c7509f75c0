//! Strong links of one digit joined into a chain by weak ones (Sudoku
//! Explainer's "strong links", an X-chain of N links): in each house of
//! the chain the digit is in one of two places (a *strong link*), and the
//! end of one link shares a house with the start of the next (a *weak
//! link*: they cannot both hold it). So the chain's first start or last
//! end holds the digit, and it leaves every cell that sees both.
//!
//! A place may be a group: the cells of a line in one box, or in a box
//! the cells of one row or column (what people call an empty rectangle).
//! Named as Sudoku Explainer names them: with two links a **Skyscraper**
//! (two rows or two columns, 4.0), a **2-String Kite** (a row and a
//! column, 4.1) or a **Turbot Fish** (a box among them, 4.1); 4.3 when
//! grouped. With three links 5.4 and four 5.8, plus 0.1 for a box or
//! both rows and columns, 0.2 for both, 0.3 when grouped.

use super::state::bit;
use super::{Pattern, State, Step, Technique, cells_text};
use crate::HouseKind;

/// A chain of strong links: how many, and of which houses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StrongLinks {
    /// How many strong links (2 to 4).
    pub links: u8,
    /// One of them is in a box (or region).
    pub block: bool,
    /// Some are in rows and some in columns.
    pub rows_and_columns: bool,
    /// One of them has a group of cells at an end, or is in another kind
    /// of house (a diagonal, a window...).
    pub grouped: bool,
}

impl StrongLinks {
    /// Sudoku Explainer's difficulty, in tenths.
    pub(super) fn tenths(self) -> Option<u16> {
        let base = match self.links {
            2 => 40,
            3 => 54,
            4 => 58,
            5 => 62,
            6 => 66,
            _ => return None,
        };
        let extra = match (self.grouped, self.block, self.rows_and_columns) {
            (true, _, _) => 3,
            (false, true, true) => 2,
            (false, false, false) => 0,
            _ => 1,
        };
        Some(base + extra)
    }

    /// `Skyscraper`, `grouped 2-String Kite`, `3 Strong Links`...
    pub(super) fn name(self) -> String {
        let shape = match (self.links, self.block, self.rows_and_columns) {
            (2, false, false) => "Skyscraper".to_string(),
            (2, false, true) => "2-String Kite".to_string(),
            (2, true, _) => "Turbot Fish".to_string(),
            (n, false, false) => format!("{n} Skyscrapers"),
            (3, false, true) => "3-String Kite".to_string(),
            (n, _, _) => format!("{n} Strong Links"),
        };
        if self.grouped {
            format!("grouped {shape}")
        } else {
            shape
        }
    }
}

/// One strong link: the house, and its two ends (cells, in order).
#[derive(Clone, Copy, Debug)]
struct Link {
    house: usize,
    ends: [End; 2],
}

/// The most cells an end holds: a line's or a box's places are split into
/// two ends only where there are six or fewer.
const END_CELLS: usize = 6;

/// One end of a strong link: a cell, or a group of up to [`END_CELLS`]
/// cells, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct End {
    cells: [usize; END_CELLS],
    len: u8,
}

impl End {
    /// The end of `cells`, if there are some and not too many.
    fn of(cells: impl IntoIterator<Item = usize>) -> Option<End> {
        let mut end = End {
            cells: [0; END_CELLS],
            len: 0,
        };
        for c in cells {
            *end.cells.get_mut(usize::from(end.len))? = c;
            end.len += 1;
        }
        (end.len > 0).then_some(end)
    }
}

impl std::ops::Deref for End {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.cells[..usize::from(self.len)]
    }
}

/// The chain of `links` strong links that Sudoku Explainer would take:
/// the easiest, then the one removing the most.
pub(super) fn find(state: &State, links: usize) -> Option<Step> {
    LINKS.with_borrow_mut(|kept| {
        let kept = kept.get_or_insert_with(|| DigitsLinks {
            state: state.clone(),
            digits: Vec::new(),
            places: Vec::new(),
        });
        if kept.digits.is_empty() || !kept.state.same_candidates(state) {
            kept.fill(state);
        }
        let digits = &kept.digits;
        let mut best: Option<(u16, usize, Step)> = None;
        let mut chain: Vec<(usize, usize)> = Vec::with_capacity(links);
        let mut gone = vec![0u64; state.cell_words()];
        for (d, of) in (1..=state.side() as u8).zip(digits) {
            for &start in &of.oriented {
                chain.push(start);
                extend(
                    state,
                    d,
                    &of.all,
                    &of.oriented,
                    &of.tables,
                    links,
                    &mut chain,
                    &mut gone,
                    &mut best,
                );
                chain.pop();
            }
        }
        best.map(|(_, _, step)| step)
    })
}

/// The strong links of one digit, both ways round, and their tables.
#[derive(Default)]
struct DigitLinks {
    all: Vec<Link>,
    /// Every link both ways round: (link, start end), the one of index
    /// `2 * link + start`.
    oriented: Vec<(usize, usize)>,
    tables: Tables,
}

/// The strong links of every digit of a grid: the same for the searches
/// of two, three and four links, which look at one grid in turn.
struct DigitsLinks {
    /// The grid they are of.
    state: State,
    digits: Vec<DigitLinks>,
    /// Room for a house's places of a digit.
    places: Vec<usize>,
}

impl DigitsLinks {
    /// Fills them for the grid of `state`, keeping the room they had.
    fn fill(&mut self, state: &State) {
        if self.state.same_grid(state) {
            self.state.copy_grid_from(state);
        } else {
            self.state = state.clone();
        }
        let side = state.side();
        self.digits.resize_with(side, DigitLinks::default);
        for (d, of) in (1..=side as u8).zip(&mut self.digits) {
            strong_links_into(state, d, &mut self.places, &mut of.all);
            of.oriented.clear();
            of.oriented
                .extend((0..of.all.len()).flat_map(|i| [(i, 0), (i, 1)]));
            of.tables.fill(state, d, &of.all, &of.oriented);
        }
    }
}

thread_local! {
    /// The strong links of the grid this thread looked at last.
    static LINKS: std::cell::RefCell<Option<DigitsLinks>> = const { std::cell::RefCell::new(None) };
}

/// What the search asks of every two links, worked out once per digit.
#[derive(Default)]
struct Tables {
    /// Links `i` and `j` share a cell: `overlap[i * n + j]`.
    overlap: Vec<bool>,
    /// The end of oriented link `o` and the start of oriented link `p`
    /// lie in one house: `joins[o * 2n + p]`.
    joins: Vec<bool>,
    n: usize,
    /// Each link's cells, as a set of [`State::cell_words`] words.
    cells: Vec<u64>,
    /// Each link's house is a box or region; a row; a column; of
    /// another kind, or the link has a group at an end (grouped).
    flags: Vec<[bool; 4]>,
    /// The digit's places, as a set.
    places: Vec<u64>,
    words: usize,
    /// The houses holding every cell of each end, end by end (from
    /// `holding_starts` at its index to the next).
    holding: Vec<usize>,
    holding_starts: Vec<usize>,
}

impl Tables {
    /// Works them out for the links `all` of `d` (`oriented`: both ways
    /// round), keeping the room they had.
    fn fill(&mut self, state: &State, d: u8, all: &[Link], oriented: &[(usize, usize)]) {
        let n = all.len();
        let words = state.cell_words();
        (self.n, self.words) = (n, words);
        let sets = &mut self.cells;
        sets.clear();
        sets.resize(n * words, 0);
        for (i, link) in all.iter().enumerate() {
            for &c in link.ends.iter().flat_map(|e| e.iter()) {
                sets[i * words + c / 64] |= 1 << (c % 64);
            }
        }
        let houses = state.houses();
        self.flags.clear();
        self.flags.extend(all.iter().map(|link| {
            let house = &houses[link.house];
            let other = !matches!(
                house.kind,
                HouseKind::Row | HouseKind::Column | HouseKind::Box | HouseKind::Region
            );
            [
                house.is_block,
                house.kind == HouseKind::Row,
                house.kind == HouseKind::Column,
                other || link.ends.iter().any(|e| e.len() > 1),
            ]
        }));
        self.places.clear();
        self.places.resize(words, 0);
        for c in (0..state.cells()).filter(|&c| state.mask(c) & bit(d) != 0) {
            self.places[c / 64] |= 1 << (c % 64);
        }
        let sets = &self.cells;
        self.overlap.clear();
        self.overlap.resize(n * n, false);
        for i in 0..n {
            let a = &sets[i * words..(i + 1) * words];
            for j in 0..n {
                let b = &sets[j * words..(j + 1) * words];
                self.overlap[i * n + j] = a.iter().zip(b).any(|(x, y)| x & y != 0);
            }
        }
        // The houses holding every cell of each end (of link `i`, end
        // `k`: from `starts[2 * i + k]` to the next).
        let (holding, starts) = (&mut self.holding, &mut self.holding_starts);
        holding.clear();
        starts.clear();
        for end in all.iter().flat_map(|link| link.ends.iter()) {
            starts.push(holding.len());
            holding.extend(
                (state.houses_of(end[0]).iter().copied())
                    .filter(|&h| end[1..].iter().all(|&c| state.houses_of(c).contains(&h))),
            );
        }
        starts.push(holding.len());
        let held = |e: usize| &holding[starts[e]..starts[e + 1]];
        self.joins.clear();
        self.joins.resize(4 * n * n, false);
        for (o, &(i, from)) in oriented.iter().enumerate() {
            let end = held(2 * i + 1 - from);
            for (p, &(j, start)) in oriented.iter().enumerate() {
                self.joins[o * 2 * n + p] = held(2 * j + start).iter().any(|h| end.contains(h));
            }
        }
    }
}

/// Extends `chain` to `links` links, each finished chain a candidate for
/// `best`: the next link in a house of its own, sharing no cell with the
/// chain's links, its start in one house with the last link's end.
#[allow(clippy::too_many_arguments)]
fn extend(
    state: &State,
    d: u8,
    all: &[Link],
    oriented: &[(usize, usize)],
    tables: &Tables,
    links: usize,
    chain: &mut Vec<(usize, usize)>,
    gone: &mut [u64],
    best: &mut Option<(u16, usize, Step)>,
) {
    if chain.len() == links {
        consider(state, d, all, tables, chain, gone, best);
        return;
    }
    let n = tables.n;
    let &(last, from) = chain.last().expect("a chain starts with a link");
    let o = 2 * last + from;
    for (p, &(next, start)) in oriented.iter().enumerate() {
        let house = all[next].house;
        let clash =
            |&(l, _): &(usize, usize)| all[l].house == house || tables.overlap[l * n + next];
        if !tables.joins[o * 2 * n + p] || chain.iter().any(clash) {
            continue;
        }
        chain.push((next, start));
        extend(state, d, all, oriented, tables, links, chain, gone, best);
        chain.pop();
    }
}

/// The chain's step, kept in `best` if it is easier, or as easy and
/// removing more; `gone` is room for the cells it takes the digit from.
fn consider(
    state: &State,
    d: u8,
    all: &[Link],
    tables: &Tables,
    chain: &[(usize, usize)],
    gone: &mut [u64],
    best: &mut Option<(u16, usize, Step)>,
) {
    let flag = |k: usize| chain.iter().any(|&(l, _)| tables.flags[l][k]);
    let pattern = StrongLinks {
        links: chain.len() as u8,
        block: flag(0),
        rows_and_columns: flag(1) && flag(2),
        grouped: flag(3),
    };
    let tenths = pattern.tenths().unwrap_or(u16::MAX);
    if best.as_ref().is_some_and(|&(t, _, _)| t < tenths) {
        return;
    }
    let (first, from) = chain[0];
    let (last, to) = chain[chain.len() - 1];
    let start = &all[first].ends[from];
    let end = &all[last].ends[1 - to];
    // The digit's places that see both ends, in none of the chain's links.
    let words = tables.words;
    gone.copy_from_slice(&tables.places);
    for &c in start.iter().chain(end.iter()) {
        for (g, &p) in gone.iter_mut().zip(state.peer_set(c)) {
            *g &= p;
        }
    }
    for &(l, _) in chain {
        for (g, &c) in gone
            .iter_mut()
            .zip(&tables.cells[l * words..(l + 1) * words])
        {
            *g &= !c;
        }
    }
    let count = gone.iter().map(|w| w.count_ones() as usize).sum::<usize>();
    if count == 0
        || best.as_ref().is_some_and(|&(t, n, _)| {
            (t, std::cmp::Reverse(n)) <= (tenths, std::cmp::Reverse(count))
        })
    {
        return;
    }
    let gone: Vec<usize> = (gone.iter().enumerate())
        .flat_map(|(w, &word)| {
            (0..64)
                .filter(move |b| word >> b & 1 == 1)
                .map(move |b| 64 * w + b)
        })
        .collect();
    let technique = Technique::StrongLinks(pattern);
    let houses = state.houses();
    let side = state.side();
    let place = |cells: &[usize]| match cells {
        [one] => cells_text(&[*one], side),
        group => format!("({})", cells_text(group, side)),
    };
    let described: Vec<String> = (chain.iter())
        .map(|&(l, from)| {
            let link = &all[l];
            format!(
                "{} in {} or {}",
                houses[link.house].name,
                place(&link.ends[from]),
                place(&link.ends[1 - from])
            )
        })
        .collect();
    let why = format!(
        "{d} is, in {}; each link's second place shares a house with the next one's first, so they cannot both be {d}: {} or {} is {d}, and {d} leaves the cells that see both: {}",
        described.join(", then "),
        place(start),
        place(end),
        cells_text(&gone, side)
    );
    // A group's link is drawn from its first cell.
    let nodes: Vec<(usize, u8)> = (chain.iter())
        .flat_map(|&(l, from)| [all[l].ends[from][0], all[l].ends[1 - from][0]])
        .map(|c| (c, d))
        .collect();
    let cells: Vec<usize> = (chain.iter())
        .flat_map(|&(l, _)| all[l].ends.iter().flat_map(|e| e.iter().copied()))
        .collect();
    let pattern = Pattern::digit_in(d, &cells)
        .in_houses(
            chain.iter().map(|&(l, _)| all[l].house).collect(),
            Vec::new(),
        )
        .alternating(&nodes);
    let step = Step::removing(technique, d, &gone, why).on(pattern);
    *best = Some((tenths, gone.len(), step));
}

/// The strong links of `d`: houses needing it with two places (or two
/// groups of places) for it. A line's groups are its cells in two boxes;
/// a box's, the cells of one row and of one column (the cell where they
/// cross on either side). Two places of a box in one line are that line's
/// link.
#[cfg(test)]
fn strong_links(state: &State, d: u8) -> Vec<Link> {
    let mut links = Vec::new();
    strong_links_into(state, d, &mut Vec::new(), &mut links);
    links
}

/// [`strong_links`] into `links`, with `places` as room.
fn strong_links_into(state: &State, d: u8, places: &mut Vec<usize>, links: &mut Vec<Link>) {
    let side = state.side();
    links.clear();
    let mut add = |house: usize, a: Option<End>, b: Option<End>| {
        let (Some(a), Some(b)) = (a, b) else {
            return;
        };
        let same =
            |l: &Link| (l.ends[0] == a && l.ends[1] == b) || (l.ends[0] == b && l.ends[1] == a);
        if !links.iter().any(same) {
            links.push(Link {
                house,
                ends: [a, b],
            });
        }
    };
    let houses = state.houses();
    let box_of = |c: usize| {
        let i = state
            .houses_of(c)
            .iter()
            .copied()
            .find(|&h| houses[h].is_block);
        i.unwrap_or(usize::MAX)
    };
    for (h, house) in houses.iter().enumerate().filter(|(_, h)| h.full) {
        state.places_into(&house.cells, d, places);
        let places = &places[..];
        let line = matches!(house.kind, HouseKind::Row | HouseKind::Column);
        match places.len() {
            0 | 1 => {}
            2 => {
                let (a, b) = (places[0], places[1]);
                let one_line = a / side == b / side || a % side == b % side;
                if !(house.is_block && one_line) {
                    add(h, End::of([a]), End::of([b]));
                }
            }
            n if line && n <= END_CELLS => {
                // Two boxes' worth of places.
                if let Some((a, b)) = two_groups(places, box_of) {
                    add(h, Some(a), Some(b));
                }
            }
            n if house.is_block && house.kind == HouseKind::Box && n <= END_CELLS => {
                // A row and a column of the box holding every place.
                let mut crossed = false;
                for &heart in &house.cells {
                    let (row, column) = (heart / side, heart % side);
                    if !places.iter().all(|c| c / side == row || c % side == column) {
                        continue;
                    }
                    crossed = true;
                    let in_row = |with_heart: bool| {
                        End::of(
                            (places.iter().copied())
                                .filter(|&c| c / side == row && (c != heart || with_heart)),
                        )
                    };
                    let in_column = |with_heart: bool| {
                        End::of(
                            (places.iter().copied())
                                .filter(|&c| c % side == column && (c != heart || with_heart)),
                        )
                    };
                    if in_row(false).is_none() || in_column(false).is_none() {
                        continue;
                    }
                    if places.contains(&heart) {
                        add(h, in_row(true), in_column(false));
                        add(h, in_row(false), in_column(true));
                    } else {
                        add(h, in_row(false), in_column(false));
                    }
                }
                // Else, as Sudoku Explainer's six more box configurations
                // (four places or more, none in one row and one column):
                // every place in two rows of the box, the two rows' places
                // are the ends; failing that, two columns.
                if !crossed && n >= 4 {
                    let rows = two_groups(places, |c| c / side);
                    if let Some((a, b)) = rows.or_else(|| two_groups(places, |c| c % side)) {
                        add(h, Some(a), Some(b));
                    }
                }
            }
            _ => {}
        }
    }
}

/// `places` split by `key` (a cell's box, row or column) into the
/// places of the first one's and the rest, if the rest share one key
/// too: two groups in all.
fn two_groups(places: &[usize], key: impl Fn(usize) -> usize) -> Option<(End, End)> {
    let first = key(places[0]);
    let a = End::of(places.iter().copied().filter(|&c| key(c) == first))?;
    let b = End::of(places.iter().copied().filter(|&c| key(c) != first))?;
    (b.iter().all(|&c| key(c) == key(b[0]))).then_some((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_without as empty_without;

    /// Digit 1 kept only at `cells` of the houses given by `lines` (rows
    /// `r` as `(true, r)`, columns as `(false, c)`).
    fn only_at(lines: &[(bool, usize)], cells: &[usize]) -> State {
        let gone: Vec<(usize, u8)> = (lines.iter())
            .flat_map(|&(row, i)| (0..9).map(move |k| if row { 9 * i + k } else { 9 * k + i }))
            .filter(|c| !cells.contains(c))
            .map(|c| (c, 1))
            .collect();
        empty_without(gone)
    }

    #[test]
    fn a_skyscraper_stands_on_one_column() {
        // Rows 1 and 5: 1 at r1c1/r1c5 and r5c1/r5c6.
        let state = only_at(&[(true, 0), (true, 4)], &[0, 4, 36, 41]);
        let step = find(&state, 2).unwrap();
        assert_eq!(step.technique.name(), "Skyscraper");
        assert_eq!(step.technique.difficulty().unwrap().to_string(), "4.0");
        // Seeing r1c5 and r5c6: box 2 in column 6, column 5 in box 5.
        assert_eq!(step.removed, [(14, 1), (23, 1), (31, 1), (49, 1)]);
        assert_eq!(
            step.why,
            "1 is, in row 1 in r1c5 or r1c1, then row 5 in r5c1 or r5c6; each link's second place shares a house with the next one's first, so they cannot both be 1: r1c5 or r5c6 is 1, and 1 leaves the cells that see both: r2c6, r3c6, r4c5, r6c5"
        );
    }

    #[test]
    fn a_kite_joins_a_row_and_a_column() {
        // Row 1: r1c2/r1c7; column 1: r2c1/r8c1 (r1c2 and r2c1 in box 1).
        let state = only_at(&[(true, 0), (false, 0)], &[1, 6, 9, 63]);
        let step = find(&state, 2).unwrap();
        assert_eq!(step.technique.name(), "2-String Kite");
        assert_eq!(step.technique.difficulty().unwrap().to_string(), "4.1");
        // The cell that sees r1c7 and r8c1: r8c7.
        assert_eq!(step.removed, [(69, 1)]);
    }

    /// SukakuExplainer rates `000090000054060120030501090000307000306000804000010000760000042040602070009000300`
    /// 5.7 by this step: box 1 holds 8 in its rows 1 and 3 only, a strong
    /// link between the two rows' places (issue 83, item 5).
    #[test]
    fn a_box_with_its_places_in_two_rows_links_them() {
        let side = 9;
        let links = |places: &[usize]| {
            let mut state = empty_without(Vec::new());
            for c in 0..81 {
                let in_box_1 = c / side < 3 && c % side < 3;
                if in_box_1 && !places.contains(&c) {
                    state.remove(c, 8);
                }
            }
            let box_1 = (state.houses().iter())
                .position(|h| h.kind == HouseKind::Box && h.cells.contains(&0))
                .unwrap();
            strong_links(&state, 8)
                .into_iter()
                .filter(|l| l.house == box_1)
                .map(|l| l.ends.map(|e| e.to_vec()))
                .collect::<Vec<_>>()
        };
        // r1c1 r1c2 r1c3 and r3c1 r3c3: no row and column hold them all.
        assert_eq!(
            links(&[0, 1, 2, 18, 20]),
            vec![[vec![0, 1, 2], vec![18, 20]]]
        );
        // Two rows and two columns: the rows, as Sudoku Explainer takes
        // the first configuration that holds.
        assert_eq!(links(&[0, 2, 18, 20]), vec![[vec![0, 2], vec![18, 20]]]);
        // A row and a column (an empty rectangle): those links only.
        assert!(
            links(&[0, 1, 2, 9])
                .iter()
                .all(|[a, b]| a.len() + b.len() == 4)
        );
    }

    #[test]
    fn an_empty_rectangle_is_a_grouped_link() {
        // Box 5: 1 only in row 5 and column 5 (r4c5, r5c4, r5c6 after
        // r6c5 goes: r5c4/r5c6 one end, r4c5 the other); row 2: 1 at
        // r2c5 and r2c9. r2c9 or the box's row-5 group is 1: r5c9 loses it.
        let mut gone: Vec<(usize, u8)> = [30, 32, 40, 48, 50, 49].map(|c| (c, 1)).to_vec();
        gone.extend((0..9).filter(|&c| c != 4 && c != 8).map(|c| (9 + c, 1)));
        let state = empty_without(gone);
        let step = find(&state, 2).unwrap();
        assert!(
            step.technique.name().starts_with("grouped"),
            "{}",
            step.technique.name()
        );
        assert_eq!(step.technique.difficulty().unwrap().to_string(), "4.3");
        assert!(step.removed.contains(&(44, 1)), "{:?}", step.removed);
    }
}
