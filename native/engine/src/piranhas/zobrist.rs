//! Zobrist keys of the Piranhas positions (both seasons), drawn once from a fixed seed.

use std::sync::OnceLock;

use super::board::SQUARES;
use crate::rng::SplitMix64;

/// Piece kinds: 2019 uses 0 (red) and 1 (blue); 2026 uses `team * 3 + weight - 1` (0..6);
/// [`BLOCKED`] is an obstacle or squid.
pub const KINDS: usize = 7;
pub const BLOCKED: usize = 6;
/// Turns are hashed modulo this (games end at turn 60).
pub const TURNS: usize = 64;

pub struct Keys {
    pub piece: [[u64; SQUARES]; KINDS],
    pub turn: [u64; TURNS],
    /// 2026 `firstUnion`: none, ONE, TWO.
    pub union: [u64; 3],
}

pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = SplitMix64::new(0x5049_5241_4e48_4153); // "PIRANHAS"
        let mut keys = Keys {
            piece: [[0; SQUARES]; KINDS],
            turn: [0; TURNS],
            union: [0; 3],
        };
        for kind in keys.piece.iter_mut() {
            for key in kind.iter_mut() {
                *key = rng.next_u64();
            }
        }
        for key in keys.turn.iter_mut().chain(keys.union.iter_mut()) {
            *key = rng.next_u64();
        }
        keys
    })
}

/// The key of `kind` on every square of `bits`.
pub fn of_bits(kind: usize, mut bits: u128) -> u64 {
    let k = keys();
    let mut h = 0;
    while bits != 0 {
        h ^= k.piece[kind][bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    h
}

/// The key of a turn number.
pub fn of_turn(turn: u32) -> u64 {
    keys().turn[turn as usize % TURNS]
}
