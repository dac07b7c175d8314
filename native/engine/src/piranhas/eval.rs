//! Static evaluations for the search, in hundredths of the Python players' units.
//!
//! 2019: the terms of `botarena.games.piranhas.players.evaluate` with self-play tuned
//! weights ([`WEIGHTS_2019`]): per colour, 16.78 × the share of its fish in its largest swarm,
//! minus 6.25 × the variance of its fish's coordinates (x and y summed), plus 3.81 per fish;
//! own value minus the opponent's (the Python players weigh them 100, 4 and 1).
//! 2026: the terms of `botarena.games.piranhas_2026.players.evaluate` with self-play tuned
//! weights ([`WEIGHTS_2026`]): per team, 2.02 × the weight of its heaviest swarm, plus 10.34 ×
//! its total weight, minus 4.31 × the coordinate variance (the Python players: 10, 3, 2).

use super::board::{self, Bits};
use super::state2019::State2019;
use super::state2026::State2026;

/// What a side without fish is worth (the Python players' `-WIN_SCORE / 2`, scaled down to
/// stay below real wins).
pub const NO_FISH: i32 = -500_000;

/// Coordinate variance (x plus y) of `fish` times `scale`, in integers.
#[inline]
fn scaled_variance(fish: Bits, scale: i64) -> i64 {
    let (n, sx, sy, r2) = board::coordinate_sums(fish);
    scale * (n * r2 - sx * sx - sy * sy) / (n * n)
}

/// Weights of the 2019 evaluation (hundredths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights2019 {
    pub swarm: i64,
    pub spread: i64,
    pub fish: i64,
}

/// The largest weight a tuner may set (keeps every evaluation far inside `i32`).
pub const MAX_WEIGHT: i64 = 100_000;

/// The 2019 weights: `benchmarks/tune_piranhas.py --iterations 200 --nodes 3000
/// --match-pairs 200 --seed 1` (SPSA from the Python players' 10000, 400, 100); adopted
/// after the tuned weights beat those by +453 Elo [+396, +532] at 3,000 nodes per move
/// (371-3-26 in 400 games) and by +636 [+512, +1927] at 30,000 (96-3-1 in 100 games).
pub const WEIGHTS_2019: Weights2019 = Weights2019 {
    swarm: 1_678,
    spread: 625,
    fish: 381,
};

#[inline]
fn swarm_value(fish: Bits, w: &Weights2019) -> i32 {
    let n = i64::from(fish.count_ones());
    if n == 0 {
        return NO_FISH;
    }
    let share = w.swarm * i64::from(board::largest_swarm(fish)) / n;
    (share - scaled_variance(fish, w.spread) + w.fish * n) as i32
}

/// The 2019 value of a running game for the side to move, with the default weights.
#[inline]
pub fn evaluate2019(state: &State2019) -> i32 {
    evaluate2019_with(state, &WEIGHTS_2019)
}

/// The 2019 value of a running game for the side to move, with weights `w` (tuning).
#[inline]
pub fn evaluate2019_with(state: &State2019, w: &Weights2019) -> i32 {
    let (own, opp) = state.own_opp();
    swarm_value(own, w) - swarm_value(opp, w)
}

/// Weights of the 2026 evaluation (hundredths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights2026 {
    pub swarm: i64,
    pub material: i64,
    pub spread: i64,
}

/// The 2026 weights: `benchmarks/tune_piranhas.py --season 2026 --iterations 200 --nodes
/// 3000 --match-pairs 200 --seed 1` (SPSA from the Python players' 1000, 300, 200); adopted
/// after the tuned weights beat those by +597 Elo [+520, +731] at 3,000 nodes per move
/// (387-1-12 in 400 games) and won all 100 games at 30,000.
pub const WEIGHTS_2026: Weights2026 = Weights2026 {
    swarm: 202,
    material: 1_034,
    spread: 431,
};

/// Both seasons' weights, as a searcher holds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub y2019: Weights2019,
    pub y2026: Weights2026,
}

pub const WEIGHTS: Weights = Weights {
    y2019: WEIGHTS_2019,
    y2026: WEIGHTS_2026,
};

#[inline]
fn team_value(fish: Bits, w1: Bits, w2: Bits, w: &Weights2026) -> i32 {
    if fish == 0 {
        return NO_FISH;
    }
    let swarm = i64::from(board::largest_swarm_weight(fish, w1, w2));
    let material = i64::from(board::weight(fish, w1, w2));
    (w.swarm * swarm + w.material * material - scaled_variance(fish, w.spread)) as i32
}

/// The 2026 value of a running game for the team to move, with the default weights.
#[inline]
pub fn evaluate2026(state: &State2026) -> i32 {
    evaluate2026_with(state, &WEIGHTS_2026)
}

/// The 2026 value of a running game for the team to move, with weights `w` (tuning).
#[inline]
pub fn evaluate2026_with(state: &State2026, w: &Weights2026) -> i32 {
    let (own, opp) = state.own_opp();
    team_value(own, state.w1, state.w2, w) - team_value(opp, state.w1, state.w2, w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_balanced() {
        assert_eq!(evaluate2019(&State2019::start(0)), 0);
    }

    #[test]
    fn one_united_swarm_is_better_than_a_spread_one() {
        let sq = board::square;
        let united = 1u128 << sq(4, 4) | 1u128 << sq(4, 5) | 1u128 << sq(5, 5);
        let spread = 1u128 << sq(0, 0) | 1u128 << sq(9, 9) | 1u128 << sq(0, 9);
        let w = &WEIGHTS_2019;
        assert!(swarm_value(united, w) > swarm_value(spread, w));
    }
}
