//! Piranhas 2019 and 2026 for Python: positions as plain ints (bitboards, bit `10 * x + y`),
//! moves as ints (`square * 8 + direction`), and a searcher. `botarena.native.piranhas`
//! converts botarena's states and Move values.

use std::time::{Duration, Instant};

use botarena_engine::piranhas::eval::{self, Weights2019, Weights2026};
use botarena_engine::piranhas::search::{self, Limits, Searcher, DEFAULT_TT_BITS};
use botarena_engine::piranhas::state2019::State2019;
use botarena_engine::piranhas::state2026::{self, State2026};
use botarena_engine::piranhas::{board, Move};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// `(winner seat or None, reason code)` of a finished game.
type EndTuple = (Option<u8>, u8);

fn check_move(moves: &[Move], m: Move) -> PyResult<()> {
    if moves.contains(&m) {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "move {m} is not legal in this position"
        )))
    }
}

fn check_seat(seat: usize) -> PyResult<usize> {
    if seat < 2 {
        Ok(seat)
    } else {
        Err(PyValueError::new_err(format!(
            "seat must be 0 or 1, got {seat}"
        )))
    }
}

/// A Piranhas 2019 position (red, blue, obstacles as bitboards; turn).
#[pyclass(module = "botarena._native", name = "Piranhas2019")]
#[derive(Clone)]
pub struct PyPiranhas2019 {
    pub state: State2019,
}

#[pymethods]
impl PyPiranhas2019 {
    #[new]
    fn new(red: u128, blue: u128, obstacles: u128, turn: u32) -> PyResult<Self> {
        State2019::new(red, blue, obstacles, turn)
            .map(|state| Self { state })
            .map_err(PyValueError::new_err)
    }

    #[getter]
    fn red(&self) -> u128 {
        self.state.red
    }
    #[getter]
    fn blue(&self) -> u128 {
        self.state.blue
    }
    #[getter]
    fn obstacles(&self) -> u128 {
        self.state.obstacles
    }
    #[getter]
    fn turn(&self) -> u32 {
        self.state.turn
    }
    /// The Zobrist key of the position.
    #[getter]
    fn hash(&self) -> u64 {
        self.state.hash
    }

    /// The legal moves of the side to move (game end ignored), in the Python engine's order.
    fn moves(&self) -> Vec<Move> {
        self.state.moves()
    }

    /// Perform a legal move; `ValueError` for an illegal one (the state stays unchanged).
    fn apply(&mut self, m: Move) -> PyResult<()> {
        check_move(&self.state.moves(), m)?;
        self.state.apply(m);
        Ok(())
    }

    /// botarena's end check: `None` or `(winner, reason)` with reason 0 swarm connected,
    /// 1 round limit, 2 equal swarms, 3 blocked.
    fn end(&self) -> Option<EndTuple> {
        self.state.end().map(|e| (e.winner, e.reason as u8))
    }

    /// The exact 19.2.1 end check, same encoding as `end`.
    fn official_end(&self) -> Option<EndTuple> {
        self.state
            .official_end()
            .map(|e| (e.winner, e.reason as u8))
    }

    fn fish(&self, seat: usize) -> PyResult<u32> {
        Ok(self.state.fish_of(check_seat(seat)?).count_ones())
    }

    fn swarm(&self, seat: usize) -> PyResult<u32> {
        Ok(self.state.score(check_seat(seat)?))
    }

    fn connected(&self, seat: usize) -> PyResult<bool> {
        Ok(board::is_connected(self.state.fish_of(check_seat(seat)?)))
    }

    /// Leaf count of all move sequences of `depth` plies (game ends ignored).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let state = self.state;
        py.allow_threads(|| search::perft(&state, depth))
    }

    fn copy(&self) -> Self {
        self.clone()
    }
}

/// A Piranhas 2026 position (fish of ONE and TWO, squids, weight planes; turn, firstUnion).
#[pyclass(module = "botarena._native", name = "Piranhas2026")]
#[derive(Clone)]
pub struct PyPiranhas2026 {
    pub state: State2026,
}

#[pymethods]
impl PyPiranhas2026 {
    #[new]
    #[pyo3(signature = (one, two, squids, w1, w2, turn, first_union=None))]
    fn new(
        one: u128,
        two: u128,
        squids: u128,
        w1: u128,
        w2: u128,
        turn: u32,
        first_union: Option<u8>,
    ) -> PyResult<Self> {
        State2026::new(one, two, squids, w1, w2, turn, first_union)
            .map(|state| Self { state })
            .map_err(PyValueError::new_err)
    }

    #[getter]
    fn one(&self) -> u128 {
        self.state.one
    }
    #[getter]
    fn two(&self) -> u128 {
        self.state.two
    }
    #[getter]
    fn squids(&self) -> u128 {
        self.state.squids
    }
    #[getter]
    fn w1(&self) -> u128 {
        self.state.w1
    }
    #[getter]
    fn w2(&self) -> u128 {
        self.state.w2
    }
    #[getter]
    fn turn(&self) -> u32 {
        self.state.turn
    }
    #[getter]
    fn first_union(&self) -> Option<u8> {
        self.state.first_union
    }
    #[getter]
    fn hash(&self) -> u64 {
        self.state.hash
    }

    fn moves(&self) -> Vec<Move> {
        self.state.moves()
    }

    fn apply(&mut self, m: Move) -> PyResult<()> {
        check_move(&self.state.moves(), m)?;
        self.state.apply(m);
        Ok(())
    }

    /// The official end: `None` or `(winner, reason)` with reason 0 bigger swarm,
    /// 1 first union, 2 blocked, 3 tie.
    fn end(&self) -> Option<EndTuple> {
        self.state.end().map(|e| (e.winner, e.reason as u8))
    }

    fn fish(&self, seat: usize) -> PyResult<u32> {
        Ok(self.state.fish_of(check_seat(seat)?).count_ones())
    }

    fn swarm(&self, seat: usize) -> PyResult<i32> {
        Ok(self.state.score(check_seat(seat)?))
    }

    fn connected(&self, seat: usize) -> PyResult<bool> {
        Ok(state2026::connected(self.state.fish_of(check_seat(seat)?)))
    }

    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let state = self.state;
        py.allow_threads(|| search::perft(&state, depth))
    }

    fn copy(&self) -> Self {
        self.clone()
    }
}

/// `(move, score, depth, nodes)` of a search.
type SearchTuple = (Move, i32, u32, u64);

/// A principal-variation searcher; keeps its transposition table between calls.
#[pyclass(module = "botarena._native", name = "PiranhasSearcher")]
pub struct PySearcher {
    inner: Searcher,
}

/// Three evaluation weights.
type Triple = (i64, i64, i64);

/// `weights` if each is in `0..=MAX_WEIGHT`, else a `ValueError`.
fn checked_weights(weights: Triple) -> PyResult<Triple> {
    let (a, b, c) = weights;
    if [a, b, c].iter().all(|w| (0..=eval::MAX_WEIGHT).contains(w)) {
        Ok(weights)
    } else {
        Err(PyValueError::new_err(format!(
            "weights must be in 0..={}, got {weights:?}",
            eval::MAX_WEIGHT
        )))
    }
}

fn limits(time_ms: Option<f64>, max_depth: u32, max_nodes: Option<u64>) -> PyResult<Limits> {
    let deadline = match time_ms {
        Some(ms) if !(ms.is_finite() && ms >= 0.0) => {
            return Err(PyValueError::new_err(format!(
                "time_ms must be a non-negative number, got {ms}"
            )))
        }
        Some(ms) => Some(Instant::now() + Duration::from_secs_f64(ms / 1000.0)),
        None => None,
    };
    Ok(Limits {
        deadline,
        max_depth: max_depth.clamp(1, search::MAX_DEPTH),
        max_nodes: max_nodes.unwrap_or(u64::MAX),
    })
}

#[pymethods]
impl PySearcher {
    /// `weights`: the 2019 evaluation's `(swarm, spread, fish)` weights, `weights_2026`
    /// the 2026 one's `(swarm, material, spread)`, each in `0..=MAX_WEIGHT` (default: the
    /// built-in ones); for tuning.
    #[new]
    #[pyo3(signature = (tt_bits=DEFAULT_TT_BITS, weights=None, weights_2026=None))]
    fn new(tt_bits: u32, weights: Option<Triple>, weights_2026: Option<Triple>) -> PyResult<Self> {
        let mut inner = Searcher::new(tt_bits);
        if let Some((swarm, spread, fish)) = weights.map(checked_weights).transpose()? {
            inner.weights.y2019 = Weights2019 {
                swarm,
                spread,
                fish,
            };
        }
        if let Some((swarm, material, spread)) = weights_2026.map(checked_weights).transpose()? {
            inner.weights.y2026 = Weights2026 {
                swarm,
                material,
                spread,
            };
        }
        Ok(Self { inner })
    }

    /// The 2019 evaluation's `(swarm, spread, fish)` weights.
    #[getter]
    fn weights(&self) -> Triple {
        let w = self.inner.weights.y2019;
        (w.swarm, w.spread, w.fish)
    }

    /// The 2026 evaluation's `(swarm, material, spread)` weights.
    #[getter]
    fn weights_2026(&self) -> Triple {
        let w = self.inner.weights.y2026;
        (w.swarm, w.material, w.spread)
    }

    /// Forget the transposition table and history (a new game).
    fn clear(&mut self) {
        self.inner.clear();
    }

    /// Search a 2019 position for at most `time_ms` milliseconds (from now) and
    /// `max_depth` plies; `None` when the side to move has no legal move.
    #[pyo3(signature = (position, time_ms=None, max_depth=search::MAX_DEPTH, max_nodes=None))]
    fn search_2019(
        &mut self,
        py: Python<'_>,
        position: &PyPiranhas2019,
        time_ms: Option<f64>,
        max_depth: u32,
        max_nodes: Option<u64>,
    ) -> PyResult<Option<SearchTuple>> {
        let limits = limits(time_ms, max_depth, max_nodes)?;
        let state = position.state;
        let inner = &mut self.inner;
        let result = py.allow_threads(|| inner.search(&state, limits));
        Ok(result.map(|r| (r.best, r.score, r.depth, r.nodes)))
    }

    /// Search a 2026 position, as `search_2019`.
    #[pyo3(signature = (position, time_ms=None, max_depth=search::MAX_DEPTH, max_nodes=None))]
    fn search_2026(
        &mut self,
        py: Python<'_>,
        position: &PyPiranhas2026,
        time_ms: Option<f64>,
        max_depth: u32,
        max_nodes: Option<u64>,
    ) -> PyResult<Option<SearchTuple>> {
        let limits = limits(time_ms, max_depth, max_nodes)?;
        let state = position.state;
        let inner = &mut self.inner;
        let result = py.allow_threads(|| inner.search(&state, limits));
        Ok(result.map(|r| (r.best, r.score, r.depth, r.nodes)))
    }
}

/// The positions of a movegen benchmark: all of one season.
#[derive(FromPyObject)]
enum Positions<'py> {
    Y2019(Vec<PyRef<'py, PyPiranhas2019>>),
    Y2026(Vec<PyRef<'py, PyPiranhas2026>>),
}

/// Benchmark: the complete legal-move list of every position (all 2019 or all 2026),
/// `repeats` times (cycled), inside the core; returns the number of moves generated.
#[pyfunction]
fn piranhas_movegen_count(py: Python<'_>, positions: Positions<'_>, repeats: u32) -> u64 {
    match positions {
        Positions::Y2019(list) => {
            let states: Vec<State2019> = list.iter().map(|p| p.state).collect();
            py.allow_threads(move || search::movegen_count(&states, repeats))
        }
        Positions::Y2026(list) => {
            let states: Vec<State2026> = list.iter().map(|p| p.state).collect();
            py.allow_threads(move || search::movegen_count(&states, repeats))
        }
    }
}

/// Register the Piranhas classes in `botarena._native`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPiranhas2019>()?;
    m.add_class::<PyPiranhas2026>()?;
    m.add_class::<PySearcher>()?;
    m.add_function(wrap_pyfunction!(piranhas_movegen_count, m)?)?;
    m.add("PIRANHAS_WIN", search::WIN)?;
    Ok(())
}
