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
/// strictly beyond it) and how many steps fit on the board in each direction. (The move
/// generator reads the lines as words of [`super::lines::Lines`].)
pub struct Tables {
    pub lines: [[Bits; 4]; SQUARES],
    pub rays: [[Bits; 8]; SQUARES],
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
