//! Blokus 2021 and 2027 (`swc_2021_blokus`, `swc_2027_blokus`): rules on row bitboards and
//! the Monte Carlo tree search of the `strong` players.

pub mod mcts;
pub mod shapes;
pub mod state;
