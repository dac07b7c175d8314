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
        .collect();
    Tables {
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

    #[test]
    fn the_canonical_pair_of_the_first_domino_is_unrotated() {
        let o = tables().orientations[1];
        assert_eq!((o.shape, o.rotation, o.flipped), (1, 0, false));
        assert_eq!((o.width, o.height), (2, 1));
    }
}
