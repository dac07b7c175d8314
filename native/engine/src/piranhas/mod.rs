//! Piranhas 2019 (`swc_2019_piranhas`) and 2026 (`swc_2026_piranhas`) on `u128` bitboards.
//!
//! Square `(x, y)` is bit `10 * x + y`, as in botarena's Python engine, so positions cross
//! the Python boundary as plain integers. A move is `square * 8 + direction` (official
//! direction order UP, UP_RIGHT, …, UP_LEFT); generating moves in ascending code order gives
//! the Python engine's order (square x then y, per square the official direction order).

pub mod board;
pub mod eval;
pub mod lines;
pub mod search;
pub mod state2019;
pub mod state2026;
pub mod zobrist;

/// A move: `square * 8 + direction`.
pub type Move = u16;

/// The square a move starts from.
pub fn move_square(m: Move) -> usize {
    usize::from(m >> 3)
}

/// The direction index of a move (0 = UP … 7 = UP_LEFT).
pub fn move_direction(m: Move) -> usize {
    usize::from(m & 7)
}
