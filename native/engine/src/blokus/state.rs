//! A Blokus position on row bitboards: 20 rows of 20 bits per colour. Rules as the Python
//! engine (`botarena.games.blokus.state_base`): the first piece of a colour is the start
//! piece and covers a field of the season's first-move mask; later pieces touch their own
//! colour only at corners; after every move the colours that cannot place are dropped.

use super::shapes::{
    shape_size, tables, Orientation, ALL_SHAPES, FIRST_STACK, MONO, NO_ROWS, ORIENTATION_COUNT,
    TABLE_COUNT, TOTAL_SQUARES,
};
use crate::rng::SplitMix64;
use std::cell::RefCell;

/// Board side.
pub const SIZE: usize = 20;
/// The 20 bits of one row.
pub const FULL: u32 = (1 << SIZE) - 1;
/// Extra points for a colour that placed all 21 shapes.
pub const ALL_PLACED_BONUS: u32 = 15;
/// Further points when the last placed shape was MONO.
pub const MONO_LAST_BONUS: u32 = 5;

/// Rows of a board-sized set of fields (bit x of row y is field (x, y)).
pub type Rows = [u32; SIZE];

/// A move: a placement id (`orientation * 400 + y * 20 + x`) or [`SKIP`].
pub type Move = u16;
/// The SkipMove of the colour to move.
pub const SKIP: Move = u16::MAX;

/// The placement id of an orientation at (x, y).
pub fn placement(orientation: usize, x: usize, y: usize) -> Move {
    (orientation * SIZE * SIZE + y * SIZE + x) as Move
}

/// (orientation, x, y) of a placement id.
pub fn split(mv: Move) -> (usize, usize, usize) {
    let m = mv as usize;
    (m / 400, m % SIZE, (m % 400) / SIZE)
}

/// The season's rules where they differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Season {
    /// Blokus 2021: first pieces on a corner, the game ends at turn 100.
    Y2021,
    /// Blokus 2027: first pieces on the border, the game ends at turn 96.
    Y2027,
}

impl Season {
    pub fn turn_limit(self) -> u32 {
        match self {
            Season::Y2021 => 100,
            Season::Y2027 => 96,
        }
    }

    /// Fields one of which a colour's first piece must cover.
    pub fn first_move_rows(self) -> Rows {
        let mut rows = [0; SIZE];
        match self {
            Season::Y2021 => {
                rows[0] = 1 | 1 << (SIZE - 1);
                rows[SIZE - 1] = rows[0];
            }
            Season::Y2027 => {
                for (y, row) in rows.iter_mut().enumerate() {
                    *row = if y == 0 || y == SIZE - 1 {
                        FULL
                    } else {
                        1 | 1 << (SIZE - 1)
                    };
                }
            }
        }
        rows
    }
}

struct Zobrist {
    cells: Vec<u64>,
    turn: [u64; 128],
    valid: [u64; 16],
    mono: [u64; 16],
    shapes: [[u64; 21]; 4],
}

fn zobrist() -> &'static Zobrist {
    static Z: std::sync::OnceLock<Zobrist> = std::sync::OnceLock::new();
    Z.get_or_init(|| {
        let mut rng = SplitMix64::new(0xB10C_0005);
        let mut z = Zobrist {
            cells: (0..4 * SIZE * SIZE).map(|_| rng.next_u64()).collect(),
            turn: [0; 128],
            valid: [0; 16],
            mono: [0; 16],
            shapes: [[0; 21]; 4],
        };
        z.turn.iter_mut().for_each(|v| *v = rng.next_u64());
        z.valid.iter_mut().for_each(|v| *v = rng.next_u64());
        z.mono.iter_mut().for_each(|v| *v = rng.next_u64());
        for colour in z.shapes.iter_mut() {
            colour.iter_mut().for_each(|v| *v = rng.next_u64());
        }
        z
    })
}

/// `rows` with an empty row above and below, so that a row's neighbours above and below are
/// read without a test at the board's edges.
#[inline(always)]
fn padded(rows: &Rows) -> [u32; SIZE + 2] {
    let mut out = [0; SIZE + 2];
    out[1..=SIZE].copy_from_slice(rows);
    out
}

/// Fields sharing an edge with `own`, masked to the board.
#[inline]
pub fn edge_neighbours(own: &Rows) -> Rows {
    let p = padded(own);
    std::array::from_fn(|y| (own[y] << 1 | own[y] >> 1 | p[y] | p[y + 2]) & FULL)
}

/// Fields sharing a corner with `own`, masked to the board.
#[inline]
pub fn diagonal_neighbours(own: &Rows) -> Rows {
    let p = padded(own);
    std::array::from_fn(|y| {
        let vertical = p[y] | p[y + 2];
        (vertical << 1 | vertical >> 1) & FULL
    })
}

/// Bit mask of the x positions where `o` fits with its top row at `y` and touches a target.
#[inline]
fn fits_at(o: &Orientation, y: usize, free: &Rows, targets: &Rows) -> u32 {
    let mut fit = FULL;
    let mut touch = 0;
    for &(dx, dy) in &o.cells[..o.len as usize] {
        let row = y + dy as usize;
        fit &= free[row] >> dx;
        touch |= targets[row] >> dx;
    }
    fit & touch
}

/// Top rows evaluated at once: lane y holds the x where an orientation fits with its top row
/// at y. The board's rows, a multiple of 4 (the u32 lanes of an SSE vector; the compiler
/// vectorises the loops over four of them).
const LANES: usize = SIZE;
/// Rows of a [`RowFits`] table: one per top row and the empty row below the board, read for
/// the rows below a top row 19.
const TABLE_ROWS: usize = LANES + 1;
const _: () = assert!(LANES.is_multiple_of(4));

/// Per table id (a row mask, no rows or a stack of rows: [`Tables::stacks`]) and top row y:
/// the x where those rows fit (`fit`: all their cells free) and where they touch a target
/// (`touch`). Rows past the board stay empty (nothing fits there).
struct RowFits {
    fit: [[u32; TABLE_ROWS]; TABLE_COUNT],
    touch: [[u32; TABLE_ROWS]; TABLE_COUNT],
}

impl RowFits {
    fn new() -> Self {
        let mut out = RowFits {
            fit: [[0; TABLE_ROWS]; TABLE_COUNT],
            touch: [[0; TABLE_ROWS]; TABLE_COUNT],
        };
        out.fit[usize::from(NO_ROWS)] = [FULL; TABLE_ROWS];
        out
    }

    /// Fill the tables of the row masks and of the stacks that `shapes` stand on (the others
    /// keep what they held: nothing reads them).
    #[inline(always)]
    fn fill(&mut self, free: &Rows, targets: &Rows, shapes: u32) {
        let t = tables();
        // a mask from the mask without its highest cell (listed before it): one shift per mask;
        // a single cell from the no-rows table (everything fits, nothing touched)
        for (id, &(parent, dx)) in t.row_mask_parents.iter().enumerate() {
            let parent = usize::from(parent.unwrap_or(NO_ROWS));
            let (fit, touch) = (self.fit[parent], self.touch[parent]);
            for y in 0..LANES {
                self.fit[id][y] = fit[y] & free[y] >> dx;
                self.touch[id][y] = touch[y] | targets[y] >> dx;
            }
        }
        // a stack from its head and the rows below (listed before it)
        for (i, stack) in t.stacks.iter().enumerate() {
            if stack.shapes & shapes != 0 {
                let (fit, touch) = self.over(stack.head, stack.tail);
                let id = FIRST_STACK + i;
                self.fit[id][..LANES].copy_from_slice(&fit);
                self.touch[id][..LANES].copy_from_slice(&touch);
            }
        }
    }

    /// Fit and touch lanes of the row mask `head` over the rows of table `tail`: one `and`
    /// and one `or` per lane, read one row down in `tail`.
    #[inline(always)]
    fn over(&self, head: u8, tail: u8) -> ([u32; LANES], [u32; LANES]) {
        let (head, tail) = (usize::from(head), usize::from(tail));
        let (mut fit, mut touch) = ([0; LANES], [0; LANES]);
        for y in 0..LANES {
            fit[y] = self.fit[head][y] & self.fit[tail][y + 1];
            touch[y] = self.touch[head][y] | self.touch[tail][y + 1];
        }
        (fit, touch)
    }

    /// [`fits_at`] of the orientation with `link` ([`Tables::links`]) for the `V` vectors of
    /// top rows from `start`, written to those lanes of `out`; returns the rows with
    /// placements (bit y). `V` is a constant so that the loop over the vectors has no exit to
    /// predict (one copy of the generator per window height, chosen once per list).
    #[inline(always)]
    fn rows_of<const V: usize>(&self, link: (u8, u8), start: usize, out: &mut [u32]) -> u32 {
        let (head, tail) = (usize::from(link.0), usize::from(link.1));
        let end = start + 4 * V;
        let below = start + 1..end + 1;
        let (head_fit, tail_fit) = (&self.fit[head][start..end], &self.fit[tail][below.clone()]);
        let (head_touch, tail_touch) = (&self.touch[head][start..end], &self.touch[tail][below]);
        let out = &mut out[start..end];
        let mut rows = 0;
        for block in 0..V {
            let mut lanes = [0; 4];
            for (k, lane) in lanes.iter_mut().enumerate() {
                let i = 4 * block + k;
                *lane = head_fit[i] & tail_fit[i] & (head_touch[i] | tail_touch[i]);
            }
            out[4 * block..4 * block + 4].copy_from_slice(&lanes);
            rows |= nonzero_lanes(&lanes) << (4 * block);
        }
        rows << start
    }
}

/// Bit k set where lane k of `lanes` is not empty.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn nonzero_lanes(lanes: &[u32; 4]) -> u32 {
    // SAFETY: nonzero_lanes_sse2 needs SSE2, which is part of x86-64 itself: every CPU this
    // cfg branch is compiled for has it (the function reads only its argument)
    unsafe { nonzero_lanes_sse2(lanes) }
}

/// [`nonzero_lanes`] in one vector: a compare with zero and a mask.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn nonzero_lanes_sse2(lanes: &[u32; 4]) -> u32 {
    use std::arch::x86_64::{
        _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_movemask_ps, _mm_set_epi32, _mm_setzero_si128,
    };
    let l = lanes.map(|bits| bits as i32);
    let empty = _mm_cmpeq_epi32(_mm_set_epi32(l[3], l[2], l[1], l[0]), _mm_setzero_si128());
    !(_mm_movemask_ps(_mm_castsi128_ps(empty)) as u32) & 0b1111
}

/// [`nonzero_lanes`] one lane at a time (without SSE2; on x86-64 a test compares the two).
#[cfg(any(not(target_arch = "x86_64"), test))]
fn nonzero_lanes_portable(lanes: &[u32; 4]) -> u32 {
    (0..4).fold(0, |rows, k| rows | u32::from(lanes[k] != 0) << k)
}

#[cfg(not(target_arch = "x86_64"))]
use nonzero_lanes_portable as nonzero_lanes;

/// Orientations whose rows with placements share one word of [`Scratch::rows`] (3 x 20 bits).
const PER_WORD: usize = 3;
const WORDS: usize = ORIENTATION_COUNT.div_ceil(PER_WORD);
/// Per orientation o: its word of [`Scratch::rows`] and the shift of its bits there.
const ROW_WORD: [(u8, u8); ORIENTATION_COUNT] = {
    let mut out = [(0, 0); ORIENTATION_COUNT];
    let mut o = 0;
    while o < ORIENTATION_COUNT {
        out[o] = ((o / PER_WORD) as u8, (LANES * (o % PER_WORD)) as u8);
        o += 1;
    }
    out
};
/// Placements a list can hold at most: every orientation at every field.
const MAX_PLACEMENTS: usize = ORIENTATION_COUNT * SIZE * SIZE;

/// The generator's working memory, one per thread: built once, since clearing it for every
/// list cost about as much as generating the list.
struct Scratch {
    tables: RowFits,
    /// Lane `o * LANES + y`: the x where orientation o fits with its top row at y (only the
    /// lanes marked in `rows` are from this list).
    lanes: [u32; ORIENTATION_COUNT * LANES],
    /// Bit `LANES * (o % PER_WORD) + y` of word `o / PER_WORD`: lane `o * LANES + y` holds
    /// placements. One loop over a word's bits replaces a loop per orientation, whose ends
    /// the processor cannot predict.
    rows: [u64; WORDS],
    /// The list being written: room for every placement and a spare slot.
    moves: Box<[Move]>,
}

impl Scratch {
    fn new() -> Box<Self> {
        Box::new(Scratch {
            tables: RowFits::new(),
            lanes: [0; ORIENTATION_COUNT * LANES],
            rows: [0; WORDS],
            moves: vec![0; MAX_PLACEMENTS + 1].into_boxed_slice(),
        })
    }

    /// Run `f` on this thread's scratch.
    fn with<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
        thread_local! {
            static SCRATCH: RefCell<Box<Scratch>> = RefCell::new(Scratch::new());
        }
        SCRATCH.with(|scratch| f(&mut scratch.borrow_mut()))
    }

    /// Mark the lanes with placements of every orientation of `shapes` in `rows` (lanes of
    /// the `V` vectors of top rows from `start`; [`Scratch::tables`] filled for this list).
    #[inline(always)]
    fn mark<const V: usize>(&mut self, start: usize, shapes: u32) {
        let t = tables();
        // the orientations of `shapes` in order: eight bytes copied per shape, the count of
        // its orientations added for a shape of the set (no loop per shape to leave)
        let mut list = [0u8; ORIENTATION_COUNT + 8];
        let mut count = 0;
        for (shape, (&bytes, &(first, end))) in
            t.shape_orientations.iter().zip(&t.shape_range).enumerate()
        {
            list[count..count + 8].copy_from_slice(&bytes.to_le_bytes());
            count += usize::from(end - first) * (shapes >> shape & 1) as usize;
        }
        self.rows = [0; WORDS];
        for &index in &list[..count] {
            let index = usize::from(index);
            let lanes = &mut self.lanes[index * LANES..(index + 1) * LANES];
            let found = self.tables.rows_of::<V>(t.links[index], start, lanes);
            let (word, shift) = ROW_WORD[index];
            self.rows[usize::from(word)] |= u64::from(found) << shift;
        }
    }

    /// Write the placement ids of the marked lanes to `moves` (lane o * 20 + y holds the x of
    /// placement ids (o * 20 + y) * 20 + x); returns how many.
    #[inline(always)]
    fn write(&mut self) -> usize {
        // local slices: their pointers stay in registers (a store through the box could
        // otherwise change them, as far as the compiler knows)
        let (lanes, rows, moves) = (&self.lanes[..], &self.rows, &mut self.moves[..]);
        let mut n = 0;
        for (word_index, &word) in rows.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let lane = word_index * PER_WORD * LANES + word.trailing_zeros() as usize;
                word &= word - 1;
                debug_assert!(lane < lanes.len() && n + 1 < moves.len());
                // SAFETY (the three unchecked accesses): `mark` sets a word's bits only at
                // LANES * (o % PER_WORD) + y for an orientation o < ORIENTATION_COUNT and a
                // row y < LANES, so lane = o * LANES + y < lanes.len(). A marked lane is not
                // empty, and every id counted in n is a distinct placement (orientation, y,
                // x), so n + the lane's placements <= MAX_PLACEMENTS: every index written
                // below, n + 1 included, is below moves.len() = MAX_PLACEMENTS + 1.
                let bits = unsafe { *lanes.get_unchecked(lane) };
                let base = (lane * SIZE) as Move;
                // the first two unconditionally: most rows hold one placement, few more
                // than two (a second slot written for nothing is overwritten or unused)
                let second = bits & (bits - 1);
                unsafe {
                    *moves.get_unchecked_mut(n) = base + bits.trailing_zeros() as Move;
                    *moves.get_unchecked_mut(n + 1) = base + second.trailing_zeros() as Move;
                }
                n += 1 + usize::from(second != 0);
                let mut rest = second & second.wrapping_sub(1);
                while rest != 0 {
                    debug_assert!(n < moves.len());
                    // SAFETY: as above, n counts distinct placements including this one
                    unsafe { *moves.get_unchecked_mut(n) = base + rest.trailing_zeros() as Move };
                    n += 1;
                    rest &= rest - 1;
                }
            }
        }
        n
    }
}

/// Whether this CPU has what [`Generation::placements_avx2`] is compiled for (std caches the
/// answer).
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
}

/// What the generator needs for one colour.
pub struct Generation {
    pub free: Rows,
    pub targets: Rows,
    pub shapes: u32,
    /// First and last row holding a target (empty when `lo > hi`).
    pub lo: usize,
    pub hi: usize,
}

impl Generation {
    fn row_range(&self, o: &Orientation) -> std::ops::RangeInclusive<usize> {
        let h = o.height as usize;
        let first = (self.lo + 1).saturating_sub(h);
        let last = self.hi.min(SIZE - h);
        first..=last
    }

    /// Append every placement to `out`, ordered by orientation (so by shape), row and x.
    /// Compiled twice: for the x86-64-v2 baseline of the build, and with AVX2 and BMI for the
    /// CPUs that have them (the same code, chosen at run time; 2-4 % more lists per second on
    /// this machine's AMD EPYC, measured in one process against the baseline build).
    fn placements(&self, out: &mut Vec<Move>) {
        if self.lo > self.hi {
            return;
        }
        Scratch::with(|scratch| {
            #[cfg(target_arch = "x86_64")]
            if has_avx2() {
                // SAFETY: placements_avx2 needs only the CPU features it is compiled with,
                // and has_avx2 has just found them on this CPU
                unsafe { self.placements_avx2(scratch, out) };
                return;
            }
            self.placements_with(scratch, out);
        });
    }

    /// [`Generation::placements_with`] compiled for AVX2 and BMI.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt")]
    fn placements_avx2(&self, scratch: &mut Scratch, out: &mut Vec<Move>) {
        self.placements_with(scratch, out);
    }

    /// [`Generation::placements`] with `scratch`: the tables of this list, then the lanes of
    /// every orientation, then the moves of the lanes with placements.
    #[inline(always)]
    fn placements_with(&self, scratch: &mut Scratch, out: &mut Vec<Move>) {
        scratch.tables.fill(&self.free, &self.targets, self.shapes);
        // top rows with a target at most 4 rows below (no taller orientation), whole vectors
        let start = self.lo.saturating_sub(4) / 4 * 4;
        match (self.hi / 4 * 4 + 4 - start) / 4 {
            1 => scratch.mark::<1>(start, self.shapes),
            2 => scratch.mark::<2>(start, self.shapes),
            3 => scratch.mark::<3>(start, self.shapes),
            4 => scratch.mark::<4>(start, self.shapes),
            _ => scratch.mark::<5>(start, self.shapes),
        }
        let n = scratch.write();
        out.extend_from_slice(&scratch.moves[..n]);
    }

    /// Whether any placement exists: one row at a time (no [`RowFits`] to build first), since
    /// the first fit usually comes early (the elimination test after every move).
    fn any(&self) -> bool {
        if self.lo > self.hi {
            return false;
        }
        let t = tables();
        let mut shapes = self.shapes;
        while shapes != 0 {
            let shape = shapes.trailing_zeros() as usize;
            shapes &= shapes - 1;
            let (start, end) = t.shape_range[shape];
            for o in &t.orientations[start as usize..end as usize] {
                if self
                    .row_range(o)
                    .any(|y| fits_at(o, y, &self.free, &self.targets) != 0)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Placements of one orientation (x bits per row), for the playouts.
    pub fn orientation_fits(&self, index: usize, out: &mut Vec<(u32, u8)>) {
        out.clear();
        if self.lo > self.hi {
            return;
        }
        let o = &tables().orientations[index];
        for y in self.row_range(o) {
            let bits = fits_at(o, y, &self.free, &self.targets);
            if bits != 0 {
                out.push((bits, y as u8));
            }
        }
    }
}

/// A Blokus position (see the module text). Colours: 0 BLUE, 1 YELLOW, 2 RED, 3 GREEN;
/// team ONE = BLUE and RED.
#[derive(Clone, Debug)]
pub struct State {
    pub season: Season,
    pub own: [Rows; 4],
    pub occupied: Rows,
    /// Shapes not yet placed, per colour (bit = shape ordinal).
    pub undeployed: [u32; 4],
    pub turn: u32,
    /// Colours still in the game (bit = colour).
    pub valid: u8,
    /// Per colour: its last placed shape was MONO (meaningful once all are placed).
    pub mono: u8,
    pub start_piece: u8,
    board_hash: u64,
}

impl State {
    /// The empty board of `season` with `start_piece`.
    pub fn new(season: Season, start_piece: u8) -> Self {
        Self::from_parts(
            season,
            start_piece,
            [[0; SIZE]; 4],
            [ALL_SHAPES; 4],
            0,
            0b1111,
            0,
        )
    }

    /// A position from its parts (as the Python state holds them).
    pub fn from_parts(
        season: Season,
        start_piece: u8,
        own: [Rows; 4],
        undeployed: [u32; 4],
        turn: u32,
        valid: u8,
        mono: u8,
    ) -> Self {
        let z = zobrist();
        let mut occupied = [0; SIZE];
        let mut board_hash = 0;
        for (colour, rows) in own.iter().enumerate() {
            for y in 0..SIZE {
                occupied[y] |= rows[y];
                let mut bits = rows[y];
                while bits != 0 {
                    let x = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    board_hash ^= z.cells[colour * 400 + y * SIZE + x];
                }
            }
            for shape in 0..21 {
                if undeployed[colour] >> shape & 1 == 0 {
                    board_hash ^= z.shapes[colour][shape];
                }
            }
        }
        State {
            season,
            own,
            occupied,
            undeployed,
            turn,
            valid: valid & 0b1111,
            mono: mono & 0b1111,
            start_piece,
            board_hash,
        }
    }

    pub fn current_colour(&self) -> usize {
        (self.turn % 4) as usize
    }

    /// The team (0 = ONE, 1 = TWO) of a colour.
    pub fn team_of(colour: usize) -> usize {
        colour % 2
    }

    pub fn is_first_move(&self, colour: usize) -> bool {
        self.undeployed[colour] == ALL_SHAPES
    }

    pub fn is_terminal(&self) -> bool {
        self.valid == 0 || self.turn >= self.season.turn_limit()
    }

    /// Zobrist key of the whole position (fields, placed shapes, turn, colours, MONO bits).
    pub fn hash(&self) -> u64 {
        let z = zobrist();
        self.board_hash
            ^ z.turn[(self.turn & 127) as usize]
            ^ z.valid[self.valid as usize]
            ^ z.mono[self.mono as usize]
    }

    /// The generator's input for `colour` (as if it were to move).
    pub fn generation(&self, colour: usize) -> Generation {
        let own = &self.own[colour];
        let edge = edge_neighbours(own);
        let mut free = [0; SIZE];
        for y in 0..SIZE {
            free[y] = FULL & !(self.occupied[y] | edge[y]);
        }
        let (candidates, shapes) = if self.is_first_move(colour) {
            (self.season.first_move_rows(), 1u32 << self.start_piece)
        } else {
            (diagonal_neighbours(own), self.undeployed[colour])
        };
        let targets: Rows = std::array::from_fn(|y| candidates[y] & free[y]);
        // bit y: row y holds a target
        let marked = targets
            .iter()
            .enumerate()
            .fold(0u32, |marked, (y, &row)| marked | u32::from(row != 0) << y);
        let (lo, hi) = if marked == 0 {
            (SIZE, 0)
        } else {
            let lo = marked.trailing_zeros() as usize;
            (lo, 31 - marked.leading_zeros() as usize)
        };
        Generation {
            free,
            targets,
            shapes,
            lo,
            hi,
        }
    }

    /// Every legal placement of `colour` (one per distinct cell set), by shape, orientation,
    /// then position (row-major).
    pub fn placements(&self, colour: usize, out: &mut Vec<Move>) {
        out.clear();
        self.generation(colour).placements(out);
    }

    /// Whether `colour` could place any piece (the elimination test).
    pub fn has_placement(&self, colour: usize) -> bool {
        self.generation(colour).any()
    }

    /// The legal moves of the colour to move: its placements, then SKIP unless it is the
    /// colour's first move; nothing once the game is over.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.is_terminal() {
            return;
        }
        let colour = self.current_colour();
        self.placements(colour, out);
        if !self.is_first_move(colour) {
            out.push(SKIP);
        }
    }

    /// Whether `mv` is legal now (a placement of the right shape, or an allowed skip).
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.is_terminal() {
            return false;
        }
        let colour = self.current_colour();
        if mv == SKIP {
            return !self.is_first_move(colour);
        }
        let (index, x, y) = split(mv);
        let Some(o) = tables().orientations.get(index) else {
            return false;
        };
        let g = self.generation(colour);
        if g.shapes >> o.shape & 1 == 0 || y + o.height as usize > SIZE {
            return false;
        }
        fits_at(o, y, &g.free, &g.targets) >> x & 1 == 1
    }

    /// Play `mv` (legal: the caller checked) and drop the colours that cannot move.
    pub fn apply(&mut self, mv: Move) {
        if mv != SKIP {
            let colour = self.current_colour();
            let (index, x, y) = split(mv);
            let o = tables().orientations[index];
            let z = zobrist();
            for &(dx, dy) in &o.cells[..o.len as usize] {
                let (cx, cy) = (x + dx as usize, y + dy as usize);
                self.own[colour][cy] |= 1 << cx;
                self.occupied[cy] |= 1 << cx;
                self.board_hash ^= z.cells[colour * 400 + cy * SIZE + cx];
            }
            self.board_hash ^= z.shapes[colour][o.shape as usize];
            self.undeployed[colour] &= !(1 << o.shape);
            if self.undeployed[colour] == 0 {
                if o.shape == MONO {
                    self.mono |= 1 << colour;
                } else {
                    self.mono &= !(1 << colour);
                }
            }
        }
        self.advance();
        self.eliminate();
    }

    fn advance(&mut self) {
        if self.valid == 0 {
            return;
        }
        self.turn += 1;
        while self.valid >> (self.turn % 4) & 1 == 0 {
            self.turn += 1;
        }
    }

    fn eliminate(&mut self) {
        while self.valid != 0 && !self.has_placement(self.current_colour()) {
            self.valid &= !(1 << self.current_colour());
            self.advance();
        }
    }

    /// A colour's points: placed squares, 104 with all placed, 109 when MONO was last.
    pub fn points(&self, colour: usize) -> u32 {
        let bits = self.undeployed[colour];
        if bits == 0 {
            let bonus = if self.mono >> colour & 1 == 1 {
                MONO_LAST_BONUS
            } else {
                0
            };
            return TOTAL_SQUARES + ALL_PLACED_BONUS + bonus;
        }
        let unplaced: u32 = (0..21).filter(|s| bits >> s & 1 == 1).map(shape_size).sum();
        TOTAL_SQUARES - unplaced
    }

    /// Points of team ONE and team TWO.
    pub fn team_points(&self) -> [u32; 2] {
        [
            self.points(0) + self.points(2),
            self.points(1) + self.points(3),
        ]
    }

    /// The winning team once the game is over (`Some(None)` for a draw).
    pub fn winner(&self) -> Option<Option<usize>> {
        if !self.is_terminal() {
            return None;
        }
        let [one, two] = self.team_points();
        Some(match one.cmp(&two) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PENTO_L: u8 = 9;

    #[test]
    fn first_moves_cover_a_corner_in_2021_and_the_border_in_2027() {
        let mut moves = Vec::new();
        State::new(Season::Y2021, PENTO_L).legal_moves(&mut moves);
        // PENTO_L has 8 orientations; each has exactly 2 placements per corner it can
        // fill with a cell... count is what the Python engine reports for the empty board.
        assert!(!moves.is_empty());
        assert!(!moves.contains(&SKIP));
        let corners = moves.len();
        State::new(Season::Y2027, PENTO_L).legal_moves(&mut moves);
        assert!(moves.len() > corners);
    }

    #[test]
    fn apply_moves_on_and_eliminates_nobody_at_the_start() {
        let mut state = State::new(Season::Y2021, PENTO_L);
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let before = state.hash();
        state.apply(moves[0]);
        assert_eq!(state.turn, 1);
        assert_eq!(state.valid, 0b1111);
        assert_ne!(state.hash(), before);
        assert_eq!(state.points(0), 5);
        assert!(
            !state.is_legal(SKIP),
            "YELLOW's first move cannot be a skip"
        );
    }

    #[test]
    fn every_generated_move_is_legal_and_a_random_game_ends() {
        let mut rng = SplitMix64::new(3);
        let mut state = State::new(Season::Y2027, 19);
        let mut moves = Vec::new();
        let mut plies = 0;
        while !state.is_terminal() {
            state.legal_moves(&mut moves);
            assert!(moves.iter().all(|&m| state.is_legal(m)));
            let mv = moves[rng.below(moves.len())];
            state.apply(mv);
            plies += 1;
            assert!(plies < 500);
        }
        assert!(state.winner().is_some());
    }

    /// `g`'s placements one orientation and one row at a time, in the generator's order.
    fn one_row_at_a_time(g: &Generation) -> Vec<Move> {
        let mut moves = Vec::new();
        for (index, o) in tables().orientations.iter().enumerate() {
            if g.shapes >> o.shape & 1 == 1 {
                for y in 0..=SIZE - usize::from(o.height) {
                    let mut bits = fits_at(o, y, &g.free, &g.targets);
                    while bits != 0 {
                        moves.push(placement(index, bits.trailing_zeros() as usize, y));
                        bits &= bits - 1;
                    }
                }
            }
        }
        moves
    }

    #[test]
    fn the_generator_agrees_with_one_row_at_a_time_and_any_with_it() {
        // random games of both seasons, every colour: the thread's scratch tables are reused
        // from list to list, with stacks left from other sets of shapes
        for (seed, season) in [(5, Season::Y2021), (6, Season::Y2027)] {
            let mut rng = SplitMix64::new(seed);
            let mut state = State::new(season, 12);
            let mut moves = Vec::new();
            while !state.is_terminal() {
                for colour in 0..4 {
                    let g = state.generation(colour);
                    let mut found = Vec::new();
                    g.placements(&mut found);
                    assert_eq!(found, one_row_at_a_time(&g), "colour {colour}");
                    // the baseline build of the generator, whichever the CPU runs above
                    let mut baseline = Vec::new();
                    g.placements_with(&mut Scratch::new(), &mut baseline);
                    assert_eq!(baseline, found, "colour {colour}: baseline build");
                    assert_eq!(g.any(), !found.is_empty(), "colour {colour}");
                    // every lane of every orientation, not only those of the window
                    let mut fits = RowFits::new();
                    fits.fill(&g.free, &g.targets, g.shapes);
                    let t = tables();
                    for (o, &link) in t.orientations.iter().zip(&t.links) {
                        if g.shapes >> o.shape & 1 == 0 {
                            continue;
                        }
                        let mut lanes = [0; LANES];
                        let rows = fits.rows_of::<{ LANES / 4 }>(link, 0, &mut lanes);
                        for (y, &lane) in lanes.iter().enumerate() {
                            let expected = if y + usize::from(o.height) <= SIZE {
                                fits_at(o, y, &g.free, &g.targets)
                            } else {
                                0
                            };
                            assert_eq!(lane, expected, "row {y} of {o:?}");
                            assert_eq!(rows >> y & 1, u32::from(expected != 0));
                        }
                    }
                }
                state.legal_moves(&mut moves);
                state.apply(moves[rng.below(moves.len())]);
            }
        }
    }

    #[test]
    fn nonzero_lanes_agrees_with_one_lane_at_a_time() {
        let mut rng = SplitMix64::new(9);
        for pattern in 0..16u32 {
            let lanes: [u32; 4] = std::array::from_fn(|k| {
                let bits = rng.next_u64() as u32 | 1 << 31;
                if pattern >> k & 1 == 1 {
                    bits
                } else {
                    0
                }
            });
            assert_eq!(nonzero_lanes(&lanes), pattern);
            assert_eq!(nonzero_lanes_portable(&lanes), pattern);
        }
    }

    #[test]
    fn the_hash_follows_the_position_not_the_path() {
        let mut state = State::new(Season::Y2021, PENTO_L);
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        state.apply(moves[0]);
        let rebuilt = State::from_parts(
            Season::Y2021,
            PENTO_L,
            state.own,
            state.undeployed,
            state.turn,
            state.valid,
            state.mono,
        );
        assert_eq!(rebuilt.hash(), state.hash());
    }
}
