//! Principal-variation search for both Piranhas seasons: iterative deepening, a Zobrist
//! transposition table, move ordering (TT move, captures, two killers per ply, history) and
//! null-move pruning where it is sound enough (not near the round limit, enough fish).

use std::time::Instant;

use super::board::MAX_MOVES;
use super::eval::{self, Weights};
use super::state2019::State2019;
use super::state2026::State2026;
use super::zobrist;
use super::Move;

/// Score of a won game; a win `n` plies away is worth `WIN - n`.
pub const WIN: i32 = 1_000_000_000;
/// Scores beyond this are wins or losses at a known distance.
pub const WIN_THRESHOLD: i32 = WIN - 1_000;
pub const MAX_PLY: usize = 128;
/// Deepest iteration of iterative deepening.
pub const MAX_DEPTH: u32 = 64;
/// Nodes between two clock reads.
const CLOCK_INTERVAL: u64 = 1024;
/// Null-move depth reduction.
const NULL_REDUCTION: i32 = 2;
/// Fewer own fish than this: no null move (zugzwang-like endings, blocked sides).
const NULL_MIN_FISH: u32 = 5;
/// Default transposition-table size: 2^20 entries of 16 bytes (16 MiB).
pub const DEFAULT_TT_BITS: u32 = 20;

/// What the search needs of a season's position (copied per node: a few words).
pub trait Position: Copy {
    fn moves_into(&self, out: &mut [Move; MAX_MOVES]) -> usize;
    fn apply(&mut self, m: Move);
    fn key(&self) -> u64;
    fn turn(&self) -> u32;
    /// `Some(winner seat or None for a draw)` once the game is over.
    fn result(&self) -> Option<Option<u8>>;
    /// Static value for the side to move with the evaluation weights `w`.
    fn evaluate(&self, w: &Weights) -> i32;
    /// How much the legal move `m` captures (0: not a capture).
    fn capture_value(&self, m: Move) -> i32;
    /// Fish of the side to move.
    fn own_fish(&self) -> u32;
    /// The same position with the other side to move (the null move).
    fn pass(&mut self);
}

impl Position for State2019 {
    fn moves_into(&self, out: &mut [Move; MAX_MOVES]) -> usize {
        State2019::moves_into(self, out)
    }
    fn apply(&mut self, m: Move) {
        State2019::apply(self, m);
    }
    fn key(&self) -> u64 {
        self.hash
    }
    fn turn(&self) -> u32 {
        self.turn
    }
    fn result(&self) -> Option<Option<u8>> {
        self.end().map(|end| end.winner)
    }
    fn evaluate(&self, w: &Weights) -> i32 {
        eval::evaluate2019_with(self, &w.y2019)
    }
    fn capture_value(&self, m: Move) -> i32 {
        i32::from(self.is_capture(m))
    }
    fn own_fish(&self) -> u32 {
        self.own_opp().0.count_ones()
    }
    fn pass(&mut self) {
        self.hash ^= zobrist::of_turn(self.turn) ^ zobrist::of_turn(self.turn + 1);
        self.turn += 1;
    }
}

impl Position for State2026 {
    fn moves_into(&self, out: &mut [Move; MAX_MOVES]) -> usize {
        State2026::moves_into(self, out)
    }
    fn apply(&mut self, m: Move) {
        State2026::apply(self, m);
    }
    fn key(&self) -> u64 {
        self.hash
    }
    fn turn(&self) -> u32 {
        self.turn
    }
    fn result(&self) -> Option<Option<u8>> {
        self.end().map(|end| end.winner)
    }
    fn evaluate(&self, w: &Weights) -> i32 {
        eval::evaluate2026_with(self, &w.y2026)
    }
    fn capture_value(&self, m: Move) -> i32 {
        self.captured_weight(m) as i32
    }
    fn own_fish(&self) -> u32 {
        self.own_opp().0.count_ones()
    }
    fn pass(&mut self) {
        self.hash ^= zobrist::of_turn(self.turn) ^ zobrist::of_turn(self.turn + 1);
        self.turn += 1;
    }
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: u16,
    depth: i8,
    flag: u8,
}

/// Limits of one search: a deadline and/or a depth (and a node cap for tests/benchmarks).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub deadline: Option<Instant>,
    pub max_depth: u32,
    pub max_nodes: u64,
}

impl Limits {
    pub fn depth(max_depth: u32) -> Self {
        Self {
            deadline: None,
            max_depth,
            max_nodes: u64::MAX,
        }
    }
}

/// What one search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub best: Move,
    /// Value of `best` for the side to move.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    pub nodes: u64,
}

/// A searcher keeps its transposition table between moves of a game.
pub struct Searcher {
    table: Vec<Entry>,
    mask: usize,
    killers: [[Move; 2]; MAX_PLY],
    history: [[i32; 800]; 2],
    nodes: u64,
    limits: Limits,
    stopped: bool,
    /// The evaluation's weights (default [`eval::WEIGHTS`]; set by the tuner).
    pub weights: Weights,
}

fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply as i32
    } else if score <= -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply as i32
    } else if score <= -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

impl Searcher {
    /// A searcher with a table of `2^tt_bits` entries (16 bytes each).
    pub fn new(tt_bits: u32) -> Self {
        let size = 1usize << tt_bits.clamp(10, 28);
        Self {
            table: vec![Entry::default(); size],
            mask: size - 1,
            killers: [[u16::MAX; 2]; MAX_PLY],
            history: [[0; 800]; 2],
            nodes: 0,
            limits: Limits::depth(1),
            stopped: false,
            weights: eval::WEIGHTS,
        }
    }

    /// Forget everything learnt (a new game).
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
        self.history = [[0; 800]; 2];
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes >= self.limits.max_nodes {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            if let Some(deadline) = self.limits.deadline {
                if Instant::now() >= deadline {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// The best move of `root` within `limits`; `None` when it has no legal move.
    pub fn search<P: Position>(&mut self, root: &P, limits: Limits) -> Option<SearchResult> {
        let mut moves = [0u16; MAX_MOVES];
        let count = root.moves_into(&mut moves);
        if count == 0 {
            return None;
        }
        self.limits = limits;
        self.nodes = 0;
        self.stopped = false;
        self.killers = [[u16::MAX; 2]; MAX_PLY];
        for side in self.history.iter_mut() {
            for h in side.iter_mut() {
                *h /= 8;
            }
        }
        let mut order: Vec<(Move, i32)> = moves[..count].iter().map(|&m| (m, 0)).collect();
        let mut best = SearchResult {
            best: order[0].0,
            score: -WIN,
            depth: 0,
            nodes: 0,
        };
        for depth in 1..=limits.max_depth.clamp(1, MAX_DEPTH) {
            let mut alpha = -WIN - 1;
            let beta = WIN + 1;
            // The first move is the previous best: once it is done, a better move found in
            // an unfinished iteration is a real improvement.
            let mut iteration_best: Option<(Move, i32)> = None;
            for (index, entry) in order.iter_mut().enumerate() {
                let m = entry.0;
                let mut child = *root;
                child.apply(m);
                let score = if index == 0 {
                    -self.negamax(&child, depth as i32 - 1, -beta, -alpha, 1, true)
                } else {
                    let probe =
                        -self.negamax(&child, depth as i32 - 1, -alpha - 1, -alpha, 1, true);
                    if probe > alpha && !self.stopped {
                        -self.negamax(&child, depth as i32 - 1, -beta, -alpha, 1, true)
                    } else {
                        probe
                    }
                };
                if self.stopped {
                    break;
                }
                entry.1 = score;
                if score > alpha {
                    alpha = score;
                    iteration_best = Some((m, score));
                }
            }
            if let Some((m, score)) = iteration_best {
                best.best = m;
                best.score = score;
            }
            if self.stopped {
                break;
            }
            best.depth = depth;
            // Best first, then by this iteration's scores (moves after a cutoff keep theirs).
            order.sort_by_key(|&(m, score)| (m != best.best, -score));
            if best.score.abs() >= WIN_THRESHOLD || order.len() == 1 {
                break;
            }
        }
        best.nodes = self.nodes;
        Some(best)
    }

    fn negamax<P: Position>(
        &mut self,
        pos: &P,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if let Some(winner) = pos.result() {
            let side = (pos.turn() & 1) as u8;
            return match winner {
                None => 0,
                Some(w) if w == side => WIN - ply as i32,
                Some(_) => -(WIN - ply as i32),
            };
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return pos.evaluate(&self.weights);
        }
        let pv = beta - alpha > 1;
        let key = pos.key();
        let slot = key as usize & self.mask;
        let entry = self.table[slot];
        let mut tt_move = u16::MAX;
        if entry.key == key {
            tt_move = entry.mv;
            if i32::from(entry.depth) >= depth && !pv {
                let score = from_table(entry.score, ply);
                match entry.flag {
                    EXACT => return score,
                    LOWER if score >= beta => return score,
                    UPPER if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        if allow_null
            && !pv
            && depth >= 3
            && beta.abs() < WIN_THRESHOLD
            && pos.turn() + (depth as u32) < 56
            && pos.own_fish() >= NULL_MIN_FISH
            && pos.evaluate(&self.weights) >= beta
        {
            let mut passed = *pos;
            passed.pass();
            let score = -self.negamax(
                &passed,
                depth - 1 - NULL_REDUCTION,
                -beta,
                -beta + 1,
                ply + 1,
                false,
            );
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return beta;
            }
        }

        let mut moves = [0u16; MAX_MOVES];
        let count = pos.moves_into(&mut moves);
        let mut keys = [0i32; MAX_MOVES];
        let side = (pos.turn() & 1) as usize;
        let [k0, k1] = self.killers[ply];
        for i in 0..count {
            let m = moves[i];
            keys[i] = if m == tt_move {
                i32::MAX
            } else {
                let capture = pos.capture_value(m);
                if capture > 0 {
                    1 << 29 | capture
                } else if m == k0 {
                    1 << 28
                } else if m == k1 {
                    (1 << 28) - 1
                } else {
                    self.history[side][usize::from(m)].min((1 << 27) - 1)
                }
            };
        }

        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = moves[0];
        for i in 0..count {
            // selection sort: the best remaining move first
            let mut top = i;
            for j in i + 1..count {
                if keys[j] > keys[top] {
                    top = j;
                }
            }
            moves.swap(i, top);
            keys.swap(i, top);
            let m = moves[i];
            let mut child = *pos;
            child.apply(m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let probe = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true)
                } else {
                    probe
                }
            };
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if pos.capture_value(m) == 0 {
                            let killers = &mut self.killers[ply];
                            if killers[0] != m {
                                killers[1] = killers[0];
                                killers[0] = m;
                            }
                            self.history[side][usize::from(m)] += depth * depth;
                        }
                        break;
                    }
                }
            }
        }
        let flag = if best_score <= original_alpha {
            UPPER
        } else if best_score >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table[slot] = Entry {
            key,
            score: to_table(best_score, ply),
            mv: best_move,
            depth: depth.min(127) as i8,
            flag,
        };
        best_score
    }
}

/// Leaf positions reached by all move sequences of `depth` plies (game ends ignored):
/// perft, the move generator's benchmark and cross-check.
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    let mut moves = [0u16; MAX_MOVES];
    let count = pos.moves_into(&mut moves);
    if depth <= 1 {
        return if depth == 0 { 1 } else { count as u64 };
    }
    moves[..count]
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.apply(m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// The move generator's benchmark, like for like with the Python engine's `movegen_per_s`:
/// the complete legal-move list of each position, `repeats` times over `positions` (cycled),
/// into one reused buffer. Returns the number of moves generated (so the work cannot be
/// optimised away); the generations are `positions.len() * repeats`.
pub fn movegen_count<P: Position>(positions: &[P], repeats: u32) -> u64 {
    let mut moves = [0u16; MAX_MOVES];
    let mut total = 0u64;
    for _ in 0..repeats {
        for pos in positions {
            let count = std::hint::black_box(pos).moves_into(&mut moves);
            total += std::hint::black_box(count) as u64;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::super::board::square;
    use super::*;

    #[test]
    fn finds_a_win_in_one() {
        // Red (0,0), (0,1), (2,2): the fish on (2,2), alone on its row, moves LEFT to (1,2)
        // and unites all three at the end of the round.
        let red = 1u128 << square(0, 0) | 1u128 << square(0, 1) | 1u128 << square(2, 2);
        let blue = 1u128 << square(9, 9) | 1u128 << square(5, 0);
        let state = State2019::new(red, blue, 0, 0).unwrap();
        let mut searcher = Searcher::new(12);
        let result = searcher.search(&state, Limits::depth(4)).unwrap();
        assert_eq!(result.score, WIN - 2, "{result:?}");
        assert_eq!(result.best, (square(2, 2) * 8 + 6) as Move);
    }

    #[test]
    fn movegen_count_counts_every_move_of_every_repeat() {
        let state = State2019::start(0);
        let positions = [state, state];
        assert_eq!(movegen_count(&positions, 3), 6 * state.moves().len() as u64);
        assert_eq!(movegen_count(&positions, 0), 0);
    }

    #[test]
    fn perft_of_one_ply_is_the_move_count() {
        let state = State2019::start(0);
        assert_eq!(perft(&state, 1), state.moves().len() as u64);
        assert!(perft(&state, 2) > perft(&state, 1));
    }

    #[test]
    fn a_node_cap_stops_the_search_with_a_legal_move() {
        let state = State2019::start(0);
        let mut searcher = Searcher::new(12);
        let limits = Limits {
            deadline: None,
            max_depth: 30,
            max_nodes: 5_000,
        };
        let result = searcher.search(&state, limits).unwrap();
        assert!(state.moves().contains(&result.best));
        assert!(result.nodes <= 5_000);
    }
}
