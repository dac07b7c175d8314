//! The 21 Blokus shapes and their 91 distinct orientations, built exactly as the Python table
//! (`botarena.games.blokus.shapes`): same base cells, same (rotation, flipped) order, same
//! normalisation, so an orientation's index here is its index there.

/// Number of shapes (the official `PieceShape` enum).
pub const SHAPE_COUNT: usize = 21;
/// Number of distinct orientations over all shapes.
pub const ORIENTATION_COUNT: usize = 91;
/// The set of all shapes as a bit set (bit = shape ordinal).
pub const ALL_SHAPES: u32 = (1 << SHAPE_COUNT) - 1;
/// Number of distinct row masks over all orientations ([`Tables::row_masks`]).
pub const ROW_MASK_COUNT: usize = 12;
/// Squares of all 21 shapes together.
pub const TOTAL_SQUARES: u32 = 89;
/// `MONO`'s ordinal (the bonus shape).
pub const MONO: u8 = 0;

const BASE_CELLS: [&[(i8, i8)]; SHAPE_COUNT] = [
    &[(0, 0)],
    &[(0, 0), (1, 0)],
    &[(0, 0), (0, 1), (1, 1)],
    &[(0, 0), (0, 1), (0, 2)],
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (2, 0), (1, 1)],
    &[(0, 0), (0, 1), (0, 2), (0, 3)],
    &[(0, 0), (0, 1), (0, 2), (1, 2)],
    &[(0, 0), (1, 0), (1, 1), (2, 1)],
    &[(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)],
    &[(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)],
    &[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    &[(1, 0), (2, 0), (3, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)],
    &[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)],
    &[(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    &[(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)],
    &[(0, 1), (1, 1), (1, 2), (2, 1), (2, 0)],
    &[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    &[(0, 1), (1, 0), (1, 1), (1, 2), (1, 3)],
];

/// Squares of each shape (also its points).
pub fn shape_size(shape: usize) -> u32 {
    BASE_CELLS[shape].len() as u32
}

/// One distinct normalised orientation: cells relative to the bounding box's upper-left.
#[derive(Clone, Copy, Debug)]
pub struct Orientation {
    pub shape: u8,
    /// Official `Rotation` ordinal of the canonical pair (NONE, RIGHT, MIRROR, LEFT).
    pub rotation: u8,
    pub flipped: bool,
    pub len: u8,
    /// (dx, dy) in row-major order; only the first `len` are used.
    pub cells: [(u8, u8); 5],
    pub width: u8,
    pub height: u8,
    /// Per row of the bounding box: the cells as a bit mask (bit dx).
    pub rows: [u32; 5],
}

fn rotate(rotation: u8, (x, y): (i8, i8)) -> (i8, i8) {
    match rotation {
        0 => (x, y),
        1 => (-y, x),
        2 => (-x, -y),
        _ => (y, -x),
    }
}

fn normalise(cells: &mut [(i8, i8)]) {
    let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for cell in cells.iter_mut() {
        *cell = (cell.0 - min_x, cell.1 - min_y);
    }
    cells.sort_by_key(|&(x, y)| (y, x));
}

fn transform(shape: usize, rotation: u8, flipped: bool) -> Vec<(i8, i8)> {
    let mut cells: Vec<(i8, i8)> = BASE_CELLS[shape]
        .iter()
        .map(|&c| rotate(rotation, c))
        .collect();
    if flipped {
        normalise(&mut cells);
        for cell in cells.iter_mut() {
            cell.0 = -cell.0;
        }
    }
    normalise(&mut cells);
    cells
}

/// All orientations in the Python table's order, and per shape the range of its indices.
pub struct Tables {
    pub orientations: Vec<Orientation>,
    pub shape_range: [(u8, u8); SHAPE_COUNT],
    /// The distinct row masks of all orientations ([`Orientation::rows`]), ascending.
    pub row_masks: Vec<u32>,
    /// Per row mask: the index of the mask without its highest cell (`None` for a single
    /// cell; always an earlier mask) and that cell's x.
    pub row_mask_parents: Vec<(Option<u8>, u32)>,
    /// Per orientation and row of its bounding box: the index of the row's mask in
    /// [`Tables::row_masks`] (rows below the box: 0, unused).
    pub row_ids: Vec<[u8; 5]>,
    /// The stacks of rows that the orientations share below their top row (see [`Stack`]),
    /// each listed after the stack it stands on.
    pub stacks: Vec<Stack>,
    /// Per orientation: its top row's mask id and the [table id](NO_ROWS) of the rows below
    /// it, so that every orientation is one row over a table.
    pub links: Vec<(u8, u8)>,
    /// Per shape: its orientation indices, one per byte from the lowest (at most 8; the bytes
    /// above them zero), so that the orientations of a set of shapes are listed by copying
    /// eight bytes per shape instead of a loop per shape.
    pub shape_orientations: [u64; SHAPE_COUNT],
}

/// Table ids name a stack of rows: 0..ROW_MASK_COUNT a single row mask, `NO_ROWS` no rows
/// (below a one-row orientation), then [`Tables::stacks`] in order.
pub const NO_ROWS: u8 = ROW_MASK_COUNT as u8;
/// The table id of the first of [`Tables::stacks`].
pub const FIRST_STACK: usize = ROW_MASK_COUNT + 1;
/// Number of [`Tables::stacks`]: 30 shared stacks where the orientations below their top rows
/// hold 155 rows (91 orientations over these take 121 row steps instead of 246).
pub const STACK_COUNT: usize = 30;
/// Number of table ids: row masks, [`NO_ROWS`] and stacks.
pub const TABLE_COUNT: usize = FIRST_STACK + STACK_COUNT;

/// Two rows or more of an orientation below its top row: the row mask `head` over the rows of
/// table `tail`. `shapes` (bit = shape) are those whose orientations stand on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stack {
    pub head: u8,
    pub tail: u8,
    pub shapes: u32,
}

/// The table id of the rows `ids` (top first) of an orientation of `shape`, adding to `stacks`
/// what is not there yet (the rows below first).
fn table_of(ids: &[u8], shape: u8, stacks: &mut Vec<Stack>) -> u8 {
    match ids {
        [] => NO_ROWS,
        [id] => *id,
        [head, rest @ ..] => {
            let tail = table_of(rest, shape, stacks);
            let known = stacks
                .iter()
                .position(|s| (s.head, s.tail) == (*head, tail));
            let position = known.unwrap_or_else(|| {
                stacks.push(Stack {
                    head: *head,
                    tail,
                    shapes: 0,
                });
                stacks.len() - 1
            });
            stacks[position].shapes |= 1 << shape;
            (FIRST_STACK + position) as u8
        }
    }
}

fn build() -> Tables {
    let mut orientations = Vec::with_capacity(ORIENTATION_COUNT);
    let mut shape_range = [(0u8, 0u8); SHAPE_COUNT];
    for (shape, range) in shape_range.iter_mut().enumerate() {
        let start = orientations.len();
        let mut seen: Vec<Vec<(i8, i8)>> = Vec::new();
        for rotation in 0..4u8 {
            for flipped in [false, true] {
                let cells = transform(shape, rotation, flipped);
                if seen.contains(&cells) {
                    continue;
                }
                let mut o = Orientation {
                    shape: shape as u8,
                    rotation,
                    flipped,
                    len: cells.len() as u8,
                    cells: [(0, 0); 5],
                    width: 0,
                    height: 0,
                    rows: [0; 5],
                };
                for (slot, &(x, y)) in cells.iter().enumerate() {
                    o.cells[slot] = (x as u8, y as u8);
                    o.width = o.width.max(x as u8 + 1);
                    o.height = o.height.max(y as u8 + 1);
                    o.rows[y as usize] |= 1 << x;
                }
                orientations.push(o);
                seen.push(cells);
            }
        }
        *range = (start as u8, orientations.len() as u8);
    }
    let mut row_masks: Vec<u32> = orientations
        .iter()
        .flat_map(|o| o.rows[..usize::from(o.height)].iter().copied())
        .collect();
    row_masks.sort_unstable();
    row_masks.dedup();
    let id_of = |mask: u32| row_masks.iter().position(|&m| m == mask).map(|i| i as u8);
    let row_mask_parents = row_masks
        .iter()
        .map(|&mask| {
            let high = 31 - mask.leading_zeros();
            let parent = mask & !(1 << high);
            let parent_id = id_of(parent);
            assert!(
                parent == 0 || parent_id.is_some(),
                "row mask {mask:b} without parent"
            );
            (parent_id, high)
        })
        .collect();
    let row_ids = orientations
        .iter()
        .map(|o| {
            let mut ids = [0u8; 5];
            for (id, &mask) in ids.iter_mut().zip(&o.rows[..usize::from(o.height)]) {
                *id = id_of(mask).expect("every row mask is listed");
            }
            ids
        })
        .collect::<Vec<[u8; 5]>>();
    let mut stacks = Vec::new();
    let links = orientations
        .iter()
        .zip(&row_ids)
        .map(|(o, ids)| {
            let rows = &ids[..usize::from(o.height)];
            (rows[0], table_of(&rows[1..], o.shape, &mut stacks))
        })
        .collect();
    assert_eq!(stacks.len(), STACK_COUNT);
    let shape_orientations = shape_range.map(|(start, end)| {
        assert!(end - start <= 8, "a shape has at most 8 orientations");
        (start..end)
            .enumerate()
            .fold(0, |bytes, (k, index)| bytes | u64::from(index) << (8 * k))
    });
    Tables {
        shape_orientations,
        stacks,
        links,
        orientations,
        shape_range,
        row_masks,
        row_mask_parents,
        row_ids,
    }
}

/// The tables, built once.
pub fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ninety_one_orientations_and_89_squares() {
        let t = tables();
        assert_eq!(t.orientations.len(), ORIENTATION_COUNT);
        assert_eq!((0..SHAPE_COUNT).map(shape_size).sum::<u32>(), TOTAL_SQUARES);
        // MONO 1, DOMINO 2, PENTO_X 1, PENTO_F-like R has 8.
        let count = |s: usize| t.shape_range[s].1 - t.shape_range[s].0;
        assert_eq!(count(0), 1);
        assert_eq!(count(1), 2);
        assert_eq!(count(19), 1);
        assert_eq!(count(18), 8);
        assert_eq!(t.row_masks.len(), ROW_MASK_COUNT);
        for (id, (&mask, &(parent, x))) in t.row_masks.iter().zip(&t.row_mask_parents).enumerate() {
            let rest = parent.map_or(0, |p| t.row_masks[usize::from(p)]);
            assert_eq!(rest | 1 << x, mask);
            assert!(rest < 1 << x && parent.is_none_or(|p| usize::from(p) < id));
        }
        for (o, ids) in t.orientations.iter().zip(&t.row_ids) {
            for (&id, &mask) in ids.iter().zip(&o.rows[..usize::from(o.height)]) {
                assert_eq!(t.row_masks[usize::from(id)], mask);
            }
        }
    }

    /// The row masks of table `id`, top first.
    fn rows_of(t: &Tables, id: u8) -> Vec<u32> {
        match usize::from(id) {
            i if i < ROW_MASK_COUNT => vec![t.row_masks[i]],
            i if id == NO_ROWS => {
                assert_eq!(i, ROW_MASK_COUNT);
                vec![]
            }
            i => {
                let stack = t.stacks[i - FIRST_STACK];
                let mut rows = vec![t.row_masks[usize::from(stack.head)]];
                rows.extend(rows_of(t, stack.tail));
                rows
            }
        }
    }

    #[test]
    fn every_orientation_is_its_top_row_over_a_table_of_its_lower_rows() {
        let t = tables();
        assert_eq!(t.stacks.len(), STACK_COUNT);
        for (index, (o, &(head, tail))) in t.orientations.iter().zip(&t.links).enumerate() {
            let mut rows = vec![t.row_masks[usize::from(head)]];
            rows.extend(rows_of(t, tail));
            assert_eq!(rows, o.rows[..usize::from(o.height)], "orientation {index}");
            // every stack below it lists its shape
            let mut id = usize::from(tail);
            while id > usize::from(NO_ROWS) {
                let stack = t.stacks[id - FIRST_STACK];
                assert_eq!(
                    stack.shapes >> o.shape & 1,
                    1,
                    "stack {id} of orientation {index}"
                );
                id = usize::from(stack.tail);
            }
        }
        for (i, stack) in t.stacks.iter().enumerate() {
            let id = FIRST_STACK + i;
            assert!(
                usize::from(stack.tail) < id,
                "stack {id} stands on a later one"
            );
            assert!(rows_of(t, id as u8).len() >= 2);
        }
    }

    #[test]
    fn a_shapes_orientation_bytes_are_its_index_range() {
        let t = tables();
        for (shape, (&bytes, &(start, end))) in
            t.shape_orientations.iter().zip(&t.shape_range).enumerate()
        {
            let count = end - start;
            let listed = bytes.to_le_bytes()[..usize::from(count)].to_vec();
            assert_eq!(listed, (start..end).collect::<Vec<u8>>(), "shape {shape}");
            let above = bytes.checked_shr(8 * u32::from(count)).unwrap_or(0);
            assert_eq!(above, 0, "shape {shape}: bytes above its orientations");
        }
    }

    #[test]
    fn the_canonical_pair_of_the_first_domino_is_unrotated() {
        let o = tables().orientations[1];
        assert_eq!((o.shape, o.rotation, o.flipped), (1, 0, false));
        assert_eq!((o.width, o.height), (2, 1));
    }
}
