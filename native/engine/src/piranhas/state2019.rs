//! Piranhas 2019: red (seat 0, even turns) and blue fish, two obstacles, 30 rounds.
//!
//! The rules of `botarena.games.piranhas.rules`: [`State2019::end`] is botarena's end check
//! (19.2.1 plus the two decided deviations: equal connected swarms draw, a blocked side
//! loses), [`State2019::official_end`] the exact 19.2.1 one.

use super::board::{self, Bits, FULL, MAX_MOVES};
use super::lines::Lines;
use super::zobrist::{self, BLOCKED};
use super::{move_direction, move_square, Move};

/// The game ends at the latest when `turn` reaches this (after blue's 30th move).
pub const ROUND_LIMIT_TURNS: u32 = 60;

/// Why a game ended (botarena's reason texts, in `botarena.games.piranhas.rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    SwarmConnected = 0,
    RoundLimit = 1,
    EqualSwarms = 2,
    Blocked = 3,
}

/// A finished game: the winning seat (`None`: draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    pub winner: Option<u8>,
    pub reason: Reason,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State2019 {
    pub red: Bits,
    pub blue: Bits,
    pub obstacles: Bits,
    pub turn: u32,
    /// Zobrist key of fish, obstacles and turn (kept up to date by [`State2019::apply`]).
    pub hash: u64,
    /// The fish and obstacles by line, for the move generator (kept up to date too).
    pub lines: Lines,
}

impl State2019 {
    /// A position; `Err` with the reason when the bitboards overlap or leave the board.
    pub fn new(red: Bits, blue: Bits, obstacles: Bits, turn: u32) -> Result<Self, String> {
        if red & blue != 0 || (red | blue) & obstacles != 0 {
            return Err("a square holds more than one of red fish, blue fish, obstacle".into());
        }
        if red.count_ones() as usize > board::MAX_FISH
            || blue.count_ones() as usize > board::MAX_FISH
        {
            return Err(format!("a side has at most {} fish", board::MAX_FISH));
        }
        if (red | blue | obstacles) & !FULL != 0 {
            return Err("bitboards must only use bits 0..99".into());
        }
        if turn > ROUND_LIMIT_TURNS {
            return Err(format!(
                "turn must be in 0..{ROUND_LIMIT_TURNS}, got {turn}"
            ));
        }
        let hash = zobrist::of_bits(0, red)
            ^ zobrist::of_bits(1, blue)
            ^ zobrist::of_bits(BLOCKED, obstacles)
            ^ zobrist::of_turn(turn);
        Ok(Self {
            red,
            blue,
            obstacles,
            turn,
            hash,
            lines: Lines::new(red, blue, obstacles),
        })
    }

    /// The standard start position with the given obstacles.
    pub fn start(obstacles: Bits) -> Self {
        let (mut red, mut blue) = (0u128, 0u128);
        for i in 1..9 {
            red |= 1u128 << board::square(0, i) | 1u128 << board::square(9, i);
            blue |= 1u128 << board::square(i, 0) | 1u128 << board::square(i, 9);
        }
        Self::new(red, blue, obstacles, 0).expect("the start position is valid")
    }

    /// The seat to move by parity (0 red, 1 blue).
    #[inline]
    pub fn side(&self) -> usize {
        (self.turn & 1) as usize
    }

    /// `(own, opponent)` fish of the side to move.
    #[inline]
    pub fn own_opp(&self) -> (Bits, Bits) {
        if self.turn & 1 == 1 {
            (self.blue, self.red)
        } else {
            (self.red, self.blue)
        }
    }

    pub fn fish_of(&self, seat: usize) -> Bits {
        if seat == 0 {
            self.red
        } else {
            self.blue
        }
    }

    /// The legal moves of the side to move (ignoring whether the game is over), in the
    /// Python engine's order; returns the count written to `out`.
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

    /// Whether the legal move `m` lands on an opponent fish.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        let (_, opp) = self.own_opp();
        let to = board::target_of(move_square(m), move_direction(m), self.red | self.blue);
        opp >> to & 1 == 1
    }

    /// Perform the legal move `m` (no validation: the Python rules validate).
    #[inline]
    pub fn apply(&mut self, m: Move) {
        let from = move_square(m);
        let to = board::target_of(from, move_direction(m), self.red | self.blue);
        let keys = zobrist::keys();
        let (own_kind, opp_kind) = (self.side(), 1 - self.side());
        let to_bit = 1u128 << to;
        let step = 1u128 << from | to_bit;
        let (own, opp) = if own_kind == 1 {
            (&mut self.blue, &mut self.red)
        } else {
            (&mut self.red, &mut self.blue)
        };
        let captures = *opp & to_bit != 0;
        if captures {
            *opp &= !to_bit;
            self.hash ^= keys.piece[opp_kind][to];
        }
        *own ^= step;
        self.lines.jump(own_kind, from, to, captures);
        self.hash ^= keys.piece[own_kind][from] ^ keys.piece[own_kind][to];
        self.hash ^= zobrist::of_turn(self.turn) ^ zobrist::of_turn(self.turn + 1);
        self.turn += 1;
    }

    /// The 19.2.1 swarm check at the end of a round (even turn), shared by both end checks:
    /// `Some` when a side is connected; `equal_draws` picks botarena's rule for equal
    /// connected swarms (a draw) over 19.2.1's (the game goes on).
    fn swarm_end(&self, equal_draws: bool) -> Option<Option<End>> {
        let red_connected = board::is_connected(self.red);
        let blue_connected = board::is_connected(self.blue);
        let connected = |winner| {
            Some(Some(End {
                winner: Some(winner),
                reason: Reason::SwarmConnected,
            }))
        };
        match (red_connected, blue_connected) {
            (true, true) => {
                let (r, b) = (self.red.count_ones(), self.blue.count_ones());
                if r != b {
                    connected(if r > b { 0 } else { 1 })
                } else if equal_draws {
                    Some(Some(End {
                        winner: None,
                        reason: Reason::EqualSwarms,
                    }))
                } else {
                    None
                }
            }
            (true, false) => connected(0),
            (false, true) => connected(1),
            (false, false) => None,
        }
    }

    fn round_limit_end(&self) -> End {
        let (r, b) = (
            board::largest_swarm(self.red),
            board::largest_swarm(self.blue),
        );
        End {
            winner: if r == b {
                None
            } else {
                Some(if r > b { 0 } else { 1 })
            },
            reason: Reason::RoundLimit,
        }
    }

    /// The exact 19.2.1 end check (no blocked-player rule, equal connected swarms go on).
    pub fn official_end(&self) -> Option<End> {
        if self.turn & 1 == 1 {
            return None;
        }
        if let Some(end) = self.swarm_end(false) {
            return end;
        }
        (self.turn >= ROUND_LIMIT_TURNS).then(|| self.round_limit_end())
    }

    /// botarena's end check (`PiranhasState.outcome`).
    pub fn end(&self) -> Option<End> {
        if self.turn & 1 == 0 {
            if let Some(end) = self.swarm_end(true) {
                return end;
            }
            if self.turn >= ROUND_LIMIT_TURNS {
                return Some(self.round_limit_end());
            }
        }
        if !self.has_move() {
            return Some(End {
                winner: Some(1 - (self.turn & 1) as u8),
                reason: Reason::Blocked,
            });
        }
        None
    }

    /// The score of `seat` after match points: its largest swarm.
    pub fn score(&self, seat: usize) -> u32 {
        board::largest_swarm(self.fish_of(seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_the_official_move_count() {
        // 16 red fish: each border fish has 3 directions that stay on the board … the
        // Python engine gives 40 for the obstacle-free start (checked by the differential
        // test); here: moves exist, are in ascending code order, and each applies.
        let state = State2019::start(0);
        let moves = state.moves();
        assert!(!moves.is_empty());
        assert!(moves.windows(2).all(|w| w[0] < w[1]));
        for &m in &moves {
            let mut next = state;
            next.apply(m);
            assert_eq!(next.turn, 1);
            assert_eq!(next.red.count_ones(), 16);
            let fresh = State2019::new(next.red, next.blue, next.obstacles, 1).unwrap();
            assert_eq!(fresh.hash, next.hash, "incremental hash drifts");
        }
    }

    #[test]
    fn a_connected_swarm_ends_the_game_at_the_end_of_a_round() {
        let red = 1u128 << board::square(0, 0) | 1u128 << board::square(1, 1);
        let blue = 1u128 << board::square(5, 5) | 1u128 << board::square(9, 9);
        let state = State2019::new(red, blue, 0, 2).unwrap();
        let end = state.end().unwrap();
        assert_eq!(end.winner, Some(0));
        assert_eq!(end.reason, Reason::SwarmConnected);
        let odd = State2019::new(red, blue, 0, 3).unwrap();
        assert_eq!(odd.official_end(), None);
    }

    #[test]
    fn bad_bitboards_are_refused() {
        assert!(State2019::new(1, 1, 0, 0).is_err());
        assert!(State2019::new(1u128 << 100, 0, 0, 0).is_err());
        assert!(State2019::new(1, 2, 0, 61).is_err());
    }
}
