//! Board geometry: line, ray and step tables, swarms (8-connected groups) by dilation.

use std::sync::OnceLock;

/// A set of squares: bit `10 * x + y`.
pub type Bits = u128;

pub const SIZE: usize = 10;
pub const SQUARES: usize = SIZE * SIZE;
pub const FULL: Bits = (1u128 << SQUARES) - 1;
/// The most fish a side can have (16 at the start, never more).
pub const MAX_FISH: usize = 16;
/// Upper bound of the legal moves of one side (8 directions per fish); a power of two.
pub const MAX_MOVES: usize = MAX_FISH * 8;
const _: () = assert!(MAX_MOVES.is_power_of_two());

/// `(dx, dy)` per direction in the official order; up is increasing `y`.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A target of [`Tables::targets`] off the board.
pub const OFF_BOARD: u8 = 127;

/// Precomputed per square: the four lines through it, the eight rays from it (squares
/// strictly beyond it) and how many steps fit on the board in each direction.
pub struct Tables {
    pub lines: [[Bits; 4]; SQUARES],
    pub rays: [[Bits; 8]; SQUARES],
    /// Per square (and [`OFF_BOARD`]: all squares) and direction: the square and its ray.
    pub from: [[Bits; 8]; OFF_BOARD as usize + 1],
    pub max_steps: [[u8; 8]; SQUARES],
    /// The target square of a jump of `n` steps (index `n`, 0..=10) in direction `d` from
    /// each square, [`OFF_BOARD`] when it leaves the board.
    pub targets: [[[u8; 11]; 8]; SQUARES],
    /// Square delta of one step per direction (`10 * dx + dy`).
    pub step: [i32; 8],
    /// Per-square coordinate planes for sums by popcount: `x_planes[k]` holds squares whose
    /// x has bit k set (same for y, and for `x² + y²`).
    pub x_planes: [Bits; 4],
    pub y_planes: [Bits; 4],
    pub r2_planes: [Bits; 8],
}

pub fn square(x: usize, y: usize) -> usize {
    SIZE * x + y
}

fn on_board(x: i32, y: i32) -> bool {
    (0..SIZE as i32).contains(&x) && (0..SIZE as i32).contains(&y)
}

fn build() -> Tables {
    let mut t = Tables {
        lines: [[0; 4]; SQUARES],
        rays: [[0; 8]; SQUARES],
        from: [[FULL; 8]; OFF_BOARD as usize + 1],
        max_steps: [[0; 8]; SQUARES],
        targets: [[[OFF_BOARD; 11]; 8]; SQUARES],
        step: [0; 8],
        x_planes: [0; 4],
        y_planes: [0; 4],
        r2_planes: [0; 8],
    };
    for (d, (dx, dy)) in DIRECTIONS.iter().enumerate() {
        t.step[d] = 10 * dx + dy;
    }
    for s in 0..SQUARES {
        let (x, y) = ((s / SIZE) as i32, (s % SIZE) as i32);
        for (d, (dx, dy)) in DIRECTIONS.iter().enumerate() {
            let (mut cx, mut cy, mut n) = (x + dx, y + dy, 0u8);
            while on_board(cx, cy) {
                t.rays[s][d] |= 1u128 << square(cx as usize, cy as usize);
                cx += dx;
                cy += dy;
                n += 1;
            }
            t.max_steps[s][d] = n;
            for steps in 1..=usize::from(n) {
                let target = s as i32 + steps as i32 * (10 * dx + dy);
                t.targets[s][d][steps] = target as u8;
            }
        }
        for d in 0..8 {
            t.from[s][d] = t.rays[s][d] | 1u128 << s;
        }
        for axis in 0..4 {
            t.lines[s][axis] = t.rays[s][axis] | t.rays[s][axis + 4] | (1u128 << s);
        }
        let r2 = x * x + y * y;
        for k in 0..4 {
            if x >> k & 1 == 1 {
                t.x_planes[k] |= 1u128 << s;
            }
            if y >> k & 1 == 1 {
                t.y_planes[k] |= 1u128 << s;
            }
        }
        for k in 0..8 {
            if r2 >> k & 1 == 1 {
                t.r2_planes[k] |= 1u128 << s;
            }
        }
    }
    t
}

/// The tables, built once.
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

const NOT_Y0: Bits = {
    let mut m = 0u128;
    let mut s = 0;
    while s < SQUARES {
        if s % SIZE != 0 {
            m |= 1u128 << s;
        }
        s += 1;
    }
    m
};
const NOT_Y9: Bits = {
    let mut m = 0u128;
    let mut s = 0;
    while s < SQUARES {
        if s % SIZE != SIZE - 1 {
            m |= 1u128 << s;
        }
        s += 1;
    }
    m
};

/// `mask` plus its 8-neighbourhood, clipped to the board.
#[inline]
pub fn dilate(mask: Bits) -> Bits {
    let vertical = mask | ((mask & NOT_Y9) << 1) | ((mask & NOT_Y0) >> 1);
    (vertical | (vertical << SIZE) | (vertical >> SIZE)) & FULL
}

/// The 8-connected group of `fish` containing the bits of `seed`.
#[inline]
pub fn component(fish: Bits, seed: Bits) -> Bits {
    let mut grown = seed;
    loop {
        let next = dilate(grown) & fish;
        if next == grown {
            return grown;
        }
        grown = next;
    }
}

/// Whether all `fish` form one group (no fish and one fish count as connected).
#[inline]
pub fn is_connected(fish: Bits) -> bool {
    fish == 0 || component(fish, fish & fish.wrapping_neg()) == fish
}

/// Size of the largest group of `fish` (0 without fish).
pub fn largest_swarm(fish: Bits) -> u32 {
    let mut best = 0;
    let mut remaining = fish;
    let mut total = fish.count_ones();
    while remaining != 0 && total > best {
        let group = component(remaining, remaining & remaining.wrapping_neg());
        let size = group.count_ones();
        best = best.max(size);
        remaining ^= group;
        total -= size;
    }
    best
}

/// Total weight of `fish` with weight planes `w1` (weight bit 1) and `w2` (weight bit 2).
#[inline]
pub fn weight(fish: Bits, w1: Bits, w2: Bits) -> u32 {
    (fish & w1).count_ones() + 2 * (fish & w2).count_ones()
}

/// Weight of the heaviest group of `fish`; -1 without fish (official `greatestSwarmSize`).
pub fn largest_swarm_weight(fish: Bits, w1: Bits, w2: Bits) -> i32 {
    if fish == 0 {
        return -1;
    }
    let mut best = 0;
    let mut remaining = fish;
    let mut total = weight(fish, w1, w2);
    while total > best {
        let group = component(remaining, remaining & remaining.wrapping_neg());
        let w = weight(group, w1, w2);
        best = best.max(w);
        remaining ^= group;
        total -= w;
    }
    best as i32
}

/// `bits` as its low and high 64-bit words (a bit test on a word is cheaper than on a `u128`).
#[inline(always)]
fn split(bits: Bits) -> [u64; 2] {
    [bits as u64, (bits >> 64) as u64]
}

/// Whether the fish on `s` may move `n` steps in direction `d` (0..4: towards higher
/// squares, `d + 4`: lower ones): the target is on the board (off-board targets are square
/// [`OFF_BOARD`], which `no_landing` always holds), holds neither an own fish nor a blocked
/// square, and no opponent fish stands strictly between (the ray's opponent fish minus
/// [`Tables::from`] the target; an off-board target's `from` is the whole board).
/// Branch-free: a hot path.
#[inline(always)]
fn legal_pair(
    t: &Tables,
    s: usize,
    axis: usize,
    n: u32,
    opp: Bits,
    no_landing: [u64; 2],
) -> [bool; 2] {
    // `n` is at most a line's length (10): `min` only lets the compiler drop a bounds check
    let n = (n as usize).min(SIZE);
    let up = t.targets[s][axis][n];
    let down = t.targets[s][axis + 4][n];
    let up_opp = t.rays[s][axis] & opp;
    let down_opp = t.rays[s][axis + 4] & opp;
    // opponent fish strictly between: the ray's opponents without those from the target on
    let up_clear = up_opp & !t.from[usize::from(up)][axis] == 0;
    let down_clear = down_opp & !t.from[usize::from(down)][axis + 4] == 0;
    // `&`, not `&&`: both sides are cheap, and a short-circuit branch here is taken about
    // half the time at random (a misprediction per direction cost 3x the generator's time)
    let free = |square: u8| (no_landing[usize::from(square >> 6) & 1] >> (square & 63)) & 1 == 0;
    [free(up) & up_clear, free(down) & down_clear]
}

/// The legal moves of the side with fish `own` against `opp`, with `blocked` squares
/// (obstacles, squids) that may be jumped but not landed on; appended in the Python
/// engine's order. Returns how many were written to `out`.
#[inline]
pub fn moves_into(own: Bits, opp: Bits, blocked: Bits, out: &mut [u16; MAX_MOVES]) -> usize {
    let t = tables();
    let fish = own | opp;
    let no_landing = split(own | blocked | 1u128 << OFF_BOARD);
    let mut count = 0;
    let mut rest = own;
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let lines = &t.lines[s];
        // bit d: the move in direction d is legal (kept in a register, not an array)
        let mut legal = 0usize;
        for (axis, line) in lines.iter().enumerate() {
            let n = (line & fish).count_ones();
            let [up, down] = legal_pair(t, s, axis, n, opp, no_landing);
            legal |= usize::from(up) << axis | usize::from(down) << (axis + 4);
        }
        let base = (s * 8) as u16;
        for d in 0..8 {
            // written always, counted only when legal (no unpredictable branch); `count` is
            // below MAX_MOVES at every write (at most MAX_MOVES moves), so the mask (one `and`,
            // cheaper than `min`) never changes it and only spares the bounds check
            out[count & (MAX_MOVES - 1)] = base + d as u16;
            count += legal >> d & 1;
        }
    }
    count
}

/// Whether the side with fish `own` has any legal move.
pub fn has_move(own: Bits, opp: Bits, blocked: Bits) -> bool {
    let t = tables();
    let fish = own | opp;
    let no_landing = split(own | blocked | 1u128 << OFF_BOARD);
    let mut rest = own;
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for axis in 0..4 {
            let n = (t.lines[s][axis] & fish).count_ones();
            if legal_pair(t, s, axis, n, opp, no_landing) != [false, false] {
                return true;
            }
        }
    }
    false
}

/// Where the fish on `s` lands moving in direction `d` with `fish` (both sides) on the
/// board; the move must be legal.
#[inline]
pub fn target_of(s: usize, d: usize, fish: Bits) -> usize {
    let t = tables();
    let n = (t.lines[s][d & 3] & fish).count_ones();
    usize::from(t.targets[s][d][n as usize])
}

/// `(count, sum of x, sum of y, sum of x² + y²)` of the squares of `fish`, by popcounts.
#[inline]
pub fn coordinate_sums(fish: Bits) -> (i64, i64, i64, i64) {
    let t = tables();
    let mut sx = 0i64;
    let mut sy = 0i64;
    for k in 0..4 {
        sx += i64::from((fish & t.x_planes[k]).count_ones()) << k;
        sy += i64::from((fish & t.y_planes[k]).count_ones()) << k;
    }
    let mut r2 = 0i64;
    for k in 0..8 {
        r2 += i64::from((fish & t.r2_planes[k]).count_ones()) << k;
    }
    (i64::from(fish.count_ones()), sx, sy, r2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(squares: &[(usize, usize)]) -> Bits {
        squares
            .iter()
            .fold(0, |m, &(x, y)| m | 1u128 << square(x, y))
    }

    #[test]
    fn lines_have_the_right_lengths() {
        let t = tables();
        assert_eq!(t.lines[square(0, 0)][0].count_ones(), 10);
        assert_eq!(t.lines[square(0, 0)][1].count_ones(), 10);
        assert_eq!(t.lines[square(0, 0)][3].count_ones(), 1);
        assert_eq!(t.lines[square(4, 5)][2].count_ones(), 10);
    }

    #[test]
    fn swarms_connect_diagonally_but_not_across_the_column_edge() {
        assert!(is_connected(bits(&[(0, 0), (1, 1), (2, 2)])));
        // (0, 9) and (1, 0) are bits 9 and 10: adjacent bits, not neighbours
        assert!(!is_connected(bits(&[(0, 9), (1, 0)])));
        assert_eq!(largest_swarm(bits(&[(0, 0), (0, 1), (5, 5)])), 2);
        assert_eq!(largest_swarm(0), 0);
    }

    #[test]
    fn weights_count_both_planes() {
        let fish = bits(&[(0, 0), (1, 1), (5, 5)]);
        let w1 = bits(&[(0, 0), (5, 5)]);
        let w2 = bits(&[(1, 1), (5, 5)]);
        assert_eq!(weight(fish, w1, w2), 1 + 2 + 3);
        assert_eq!(largest_swarm_weight(fish, w1, w2), 3);
        assert_eq!(largest_swarm_weight(0, w1, w2), -1);
    }

    #[test]
    fn coordinate_sums_match_a_loop() {
        let fish = bits(&[(0, 0), (9, 9), (3, 7)]);
        assert_eq!(coordinate_sums(fish), (3, 12, 16, 81 + 81 + 9 + 49));
    }
}
