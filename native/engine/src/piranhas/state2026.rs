//! Piranhas 2026: teams ONE (seat 0, even turns) and TWO with fish of weight 1..3, two
//! squids, swarms measured by weight, `firstUnion`, 30 rounds.
//!
//! The rules of `botarena.games.piranhas_2026.rules` (official backend 26.1.0).

use super::board::{self, Bits, FULL, MAX_MOVES};
use super::lines::Lines;
use super::zobrist::{self, BLOCKED};
use super::{move_direction, move_square, Move};

/// `isOver` once `turn >= 60` (after TWO's 30th move).
pub const ROUND_LIMIT_TURNS: u32 = 60;

/// The official `WinReason` of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    BiggerSwarm = 0,
    FirstUnion = 1,
    Blocked = 2,
    Tie = 3,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    pub winner: Option<u8>,
    pub reason: Reason,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State2026 {
    pub one: Bits,
    pub two: Bits,
    pub squids: Bits,
    /// Weight planes of all fish: weight = `w1` bit + 2 × `w2` bit.
    pub w1: Bits,
    pub w2: Bits,
    pub turn: u32,
    /// The first team whose fish were all connected after a move (never cleared).
    pub first_union: Option<u8>,
    pub hash: u64,
    /// The fish and squids by line, for the move generator (kept up to date by `apply`).
    pub lines: Lines,
}

fn kind(team: usize, w1: Bits, w2: Bits, square: usize) -> usize {
    let w = (w1 >> square & 1) + 2 * (w2 >> square & 1);
    team * 3 + w as usize - 1
}

impl State2026 {
    pub fn new(
        one: Bits,
        two: Bits,
        squids: Bits,
        w1: Bits,
        w2: Bits,
        turn: u32,
        first_union: Option<u8>,
    ) -> Result<Self, String> {
        if one & two != 0 || (one | two) & squids != 0 {
            return Err("a square holds more than one of: fish of ONE, fish of TWO, squid".into());
        }
        if one.count_ones() as usize > board::MAX_FISH
            || two.count_ones() as usize > board::MAX_FISH
        {
            return Err(format!("a side has at most {} fish", board::MAX_FISH));
        }
        if (one | two | squids) & !FULL != 0 {
            return Err("bitboards must be within the 10x10 board".into());
        }
        if w1 | w2 != one | two {
            return Err("every fish needs a weight 1..3 and only fish have weights".into());
        }
        if first_union.is_some_and(|team| team > 1) {
            return Err("first_union must be 0 (ONE), 1 (TWO) or none".into());
        }
        let mut state = Self {
            one,
            two,
            squids,
            w1,
            w2,
            turn,
            first_union,
            hash: 0,
            lines: Lines::new(one, two, squids),
        };
        state.hash = state.compute_hash();
        Ok(state)
    }

    fn compute_hash(&self) -> u64 {
        let keys = zobrist::keys();
        let mut h = zobrist::of_bits(BLOCKED, self.squids) ^ zobrist::of_turn(self.turn);
        for (team, fish) in [(0, self.one), (1, self.two)] {
            let mut rest = fish;
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                h ^= keys.piece[kind(team, self.w1, self.w2, s)][s];
            }
        }
        h ^ keys.union[self.first_union.map_or(0, |t| usize::from(t) + 1)]
    }

    #[inline]
    pub fn side(&self) -> usize {
        (self.turn & 1) as usize
    }

    #[inline]
    pub fn own_opp(&self) -> (Bits, Bits) {
        if self.turn & 1 == 1 {
            (self.two, self.one)
        } else {
            (self.one, self.two)
        }
    }

    pub fn fish_of(&self, seat: usize) -> Bits {
        if seat == 0 {
            self.one
        } else {
            self.two
        }
    }

    #[inline]
    pub fn moves_into(&self, out: &mut [Move; MAX_MOVES]) -> usize {
        let (own, _) = self.own_opp();
        self.lines.moves_into(self.side(), own, out)
    }

    pub fn moves(&self) -> Vec<Move> {
        let mut buf = [0; MAX_MOVES];
        let n = self.moves_into(&mut buf);
        buf[..n].to_vec()
    }

    pub fn has_move(&self) -> bool {
        let (own, _) = self.own_opp();
        self.lines.has_move(self.side(), own)
    }

    /// The weight of the opponent fish the legal move `m` captures (0: no capture).
    #[inline]
    pub fn captured_weight(&self, m: Move) -> u32 {
        let (_, opp) = self.own_opp();
        let to = board::target_of(move_square(m), move_direction(m), self.one | self.two);
        if opp >> to & 1 == 0 {
            return 0;
        }
        board::weight(1u128 << to, self.w1, self.w2)
    }

    /// Perform the legal move `m` (no validation), updating `firstUnion` like the server.
    #[inline]
    pub fn apply(&mut self, m: Move) {
        let from = move_square(m);
        let to = board::target_of(from, move_direction(m), self.one | self.two);
        let keys = zobrist::keys();
        let team = self.side();
        let to_bit = 1u128 << to;
        let from_bit = 1u128 << from;
        let opp = if team == 1 { self.one } else { self.two };
        let captures = opp & to_bit != 0;
        if captures {
            self.hash ^= keys.piece[kind(1 - team, self.w1, self.w2, to)][to];
        }
        self.lines.jump(team, from, to, captures);
        let moving = kind(team, self.w1, self.w2, from);
        self.hash ^= keys.piece[moving][from] ^ keys.piece[moving][to];
        let step = from_bit | to_bit;
        if team == 1 {
            self.two ^= step;
            self.one &= !to_bit;
        } else {
            self.one ^= step;
            self.two &= !to_bit;
        }
        let (w1, w2) = (self.w1, self.w2);
        self.w1 = (w1 & !step) | if w1 & from_bit != 0 { to_bit } else { 0 };
        self.w2 = (w2 & !step) | if w2 & from_bit != 0 { to_bit } else { 0 };
        self.hash ^= zobrist::of_turn(self.turn) ^ zobrist::of_turn(self.turn + 1);
        self.turn += 1;
        if self.first_union.is_none() {
            let union = if connected(self.one) {
                Some(0)
            } else if connected(self.two) {
                Some(1)
            } else {
                None
            };
            if let Some(team) = union {
                self.first_union = Some(team);
                self.hash ^= keys.union[0] ^ keys.union[usize::from(team) + 1];
            }
        }
    }

    /// The official end (`isOver`, then `winCondition`, then the score fallback).
    pub fn end(&self) -> Option<End> {
        let any_connected = connected(self.one) || connected(self.two);
        let can_move = self.has_move();
        if !((any_connected && self.turn & 1 == 0) || self.turn >= ROUND_LIMIT_TURNS || !can_move) {
            return None;
        }
        let one = board::largest_swarm_weight(self.one, self.w1, self.w2);
        let two = board::largest_swarm_weight(self.two, self.w1, self.w2);
        let bigger = |reason| End {
            winner: Some(if one > two { 0 } else { 1 }),
            reason,
        };
        let tie = End {
            winner: None,
            reason: Reason::Tie,
        };
        if any_connected {
            if one != two {
                return Some(bigger(Reason::BiggerSwarm));
            }
            return Some(match self.first_union {
                Some(team) => End {
                    winner: Some(team),
                    reason: Reason::FirstUnion,
                },
                None => tie,
            });
        }
        if !can_move {
            return Some(End {
                winner: Some(1 - (self.turn & 1) as u8),
                reason: Reason::Blocked,
            });
        }
        Some(if one != two {
            bigger(Reason::BiggerSwarm)
        } else {
            tie
        })
    }

    /// The score of `seat` after match points: the weight of its heaviest swarm (-1
    /// without fish).
    pub fn score(&self, seat: usize) -> i32 {
        board::largest_swarm_weight(self.fish_of(seat), self.w1, self.w2)
    }
}

/// Official `isSwarmConnected`: a team without fish is not connected.
#[inline]
pub fn connected(fish: Bits) -> bool {
    fish != 0 && board::is_connected(fish)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> State2026 {
        let (mut one, mut two, mut w1) = (0u128, 0u128, 0u128);
        for i in 1..9 {
            one |= 1u128 << board::square(0, i) | 1u128 << board::square(9, i);
            two |= 1u128 << board::square(i, 0) | 1u128 << board::square(i, 9);
        }
        w1 |= one | two;
        let squids = 1u128 << board::square(3, 4) | 1u128 << board::square(6, 2);
        State2026::new(one, two, squids, w1, 0, 0, None).unwrap()
    }

    #[test]
    fn weights_move_with_the_fish_and_the_hash_follows() {
        let state = start();
        for &m in &state.moves() {
            let mut next = state;
            next.apply(m);
            assert_eq!(next.w1 | next.w2, next.one | next.two);
            let fresh = State2026::new(
                next.one,
                next.two,
                next.squids,
                next.w1,
                next.w2,
                next.turn,
                next.first_union,
            )
            .unwrap();
            assert_eq!(fresh.hash, next.hash);
        }
    }

    #[test]
    fn a_team_without_fish_is_not_connected() {
        assert!(!connected(0));
        assert!(connected(1));
    }

    #[test]
    fn weights_must_cover_exactly_the_fish() {
        assert!(State2026::new(1, 2, 0, 1, 0, 0, None).is_err());
        assert!(State2026::new(1, 2, 0, 3, 0, 0, Some(2)).is_err());
    }
}
