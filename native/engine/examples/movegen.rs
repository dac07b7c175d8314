//! Move generation speed inside the core, without Python: complete legal-move lists of the
//! positions of seeded random games, per second of wall clock (on a shared machine read
//! `perf stat`'s cycles and instructions over the lists printed), and a small binary for
//! `perf record`:
//!
//! `cargo run --release --example movegen -- piranhas|blokus2021|blokus2027 [seconds]`
//! `perf stat -e instructions,cycles target/release/examples/movegen piranhas`

use botarena_engine::blokus::state::{Season, State};
use botarena_engine::piranhas::board::MAX_MOVES;
use botarena_engine::piranhas::search::movegen_count;
use botarena_engine::piranhas::state2019::State2019;
use botarena_engine::rng::SplitMix64;
use std::hint::black_box;
use std::time::Instant;

/// Random games whose positions are measured.
const GAMES: u64 = 20;

fn piranhas_positions() -> Vec<State2019> {
    let mut positions = Vec::new();
    for seed in 0..GAMES {
        let mut rng = SplitMix64::new(seed);
        let obstacles = 1u128 << (33 + seed % 4) | 1u128 << (62 + seed % 5);
        let mut state = State2019::start(obstacles);
        let mut moves = [0; MAX_MOVES];
        while state.end().is_none() {
            positions.push(state);
            let count = state.moves_into(&mut moves);
            if count == 0 {
                break;
            }
            state.apply(moves[rng.below(count)]);
        }
    }
    positions
}

fn blokus_positions(season: Season) -> Vec<State> {
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for seed in 0..GAMES {
        let mut rng = SplitMix64::new(seed);
        let mut state = State::new(season, 12 + (seed % 8) as u8);
        while !state.is_terminal() {
            positions.push(state.clone());
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            state.apply(moves[rng.below(moves.len())]);
        }
    }
    positions
}

/// `(lists, lists/s, moves/s)` over `seconds`, calling `round` (one pass over the positions,
/// returns the moves generated) repeatedly.
fn rate(positions: usize, seconds: f64, mut round: impl FnMut() -> u64) -> (u64, f64, f64) {
    let start = Instant::now();
    let (mut done, mut moves) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds {
        moves += round();
        done += positions as u64;
    }
    let elapsed = start.elapsed().as_secs_f64();
    (done, done as f64 / elapsed, moves as f64 / elapsed)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "piranhas".into());
    let seconds: f64 = args.next().map_or(3.0, |s| s.parse().expect("seconds"));
    let (count, (done, lists, moves)) = match game.as_str() {
        "piranhas" => {
            let positions = piranhas_positions();
            (
                positions.len(),
                rate(positions.len(), seconds, || movegen_count(&positions, 1)),
            )
        }
        "blokus2021" | "blokus2027" => {
            let season = if game == "blokus2021" {
                Season::Y2021
            } else {
                Season::Y2027
            };
            let positions = blokus_positions(season);
            let mut moves = Vec::new();
            (
                positions.len(),
                rate(positions.len(), seconds, || {
                    let mut total = 0;
                    for state in &positions {
                        black_box(state).legal_moves(&mut moves);
                        total += black_box(moves.len()) as u64;
                    }
                    total
                }),
            )
        }
        other => panic!("unknown game {other}: piranhas, blokus2021 or blokus2027"),
    };
    println!(
        "{game}: {count} positions, {done} lists, {lists:.0} lists/s, {moves:.0} moves/s (wall clock)"
    );
}
