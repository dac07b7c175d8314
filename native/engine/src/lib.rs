//! botarena's native engine core: bitboard rules and search for the players.
//!
//! The Python rules (`botarena.games.*`) stay the authority for the server; this crate is for
//! speed, and it is tested against the same official fixtures and against the Python engine.

pub mod blokus;
pub mod piranhas;
pub mod rng;
