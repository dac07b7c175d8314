//! Python face of the Blokus core (`botarena._native.BlokusState`, `BlokusSearcher` and the
//! benchmark helpers). Positions come in as the Python engine holds them (one bitboard int
//! per colour with row stride 21, sent as 56 little-endian bytes); moves go out as the Python
//! engine's placement keys (`orientation * 420 + y * 21 + x`, see
//! `botarena.games.blokus.movegen`), -1 for a skip.

use std::time::{Duration, Instant};

use botarena_engine::blokus::mcts::{Config, Searcher};
use botarena_engine::blokus::state::{placement, split, Move, Rows, Season, State, SIZE, SKIP};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

const PY_STRIDE: usize = SIZE + 1;
const PY_SLOTS: usize = SIZE * PY_STRIDE;
const BOARD_BYTES: usize = 56;

fn season_of(year: u32) -> PyResult<Season> {
    match year {
        2021 => Ok(Season::Y2021),
        2027 => Ok(Season::Y2027),
        _ => Err(PyValueError::new_err(format!(
            "no Blokus season {year} (2021 or 2027)"
        ))),
    }
}

fn rows_of(bytes: &[u8]) -> PyResult<Rows> {
    if bytes.len() != BOARD_BYTES {
        return Err(PyValueError::new_err(format!(
            "a board is {BOARD_BYTES} bytes, got {}",
            bytes.len()
        )));
    }
    let mut rows = [0; SIZE];
    for (y, row) in rows.iter_mut().enumerate() {
        for x in 0..SIZE {
            let bit = y * PY_STRIDE + x;
            if bytes[bit / 8] >> (bit % 8) & 1 == 1 {
                *row |= 1 << x;
            }
        }
    }
    Ok(rows)
}

fn key_of(mv: Move) -> i64 {
    if mv == SKIP {
        return -1;
    }
    let (index, x, y) = split(mv);
    (index * PY_SLOTS + y * PY_STRIDE + x) as i64
}

fn move_of(key: i64) -> Option<Move> {
    if key == -1 {
        return Some(SKIP);
    }
    let key = usize::try_from(key).ok()?;
    let (index, rest) = (key / PY_SLOTS, key % PY_SLOTS);
    let (y, x) = (rest / PY_STRIDE, rest % PY_STRIDE);
    (index < 91 && x < SIZE).then(|| placement(index, x, y))
}

/// A Blokus position in the core.
#[pyclass(name = "BlokusState", module = "botarena._native")]
#[derive(Clone)]
pub struct PyBlokusState {
    inner: State,
}

#[pymethods]
impl PyBlokusState {
    /// `season` 2021 or 2027; `own`: four 56-byte boards; `undeployed`: four 21-bit sets;
    /// `valid` and `mono`: colour bit sets.
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        season: u32,
        start_piece: u8,
        own: [Vec<u8>; 4],
        undeployed: [u32; 4],
        turn: u32,
        valid: u8,
        mono: u8,
    ) -> PyResult<Self> {
        if start_piece >= 21 {
            return Err(PyValueError::new_err(
                "start_piece is a shape ordinal (0..21)",
            ));
        }
        let mut boards = [[0; SIZE]; 4];
        for (board, bytes) in boards.iter_mut().zip(own.iter()) {
            *board = rows_of(bytes)?;
        }
        Ok(PyBlokusState {
            inner: State::from_parts(
                season_of(season)?,
                start_piece,
                boards,
                undeployed.map(|bits| bits & ((1 << 21) - 1)),
                turn,
                valid,
                mono,
            ),
        })
    }

    /// The legal moves as placement keys (-1 = skip), in the Python engine's order.
    fn legal_keys(&self) -> Vec<i64> {
        let mut moves = Vec::new();
        self.inner.legal_moves(&mut moves);
        moves.into_iter().map(key_of).collect()
    }

    /// The placements of the colour to move as keys, also once the game is over (what the
    /// official `getPossibleMoves` lists for a final position).
    fn placement_keys(&self) -> Vec<i64> {
        let mut moves = Vec::new();
        self.inner
            .placements(self.inner.current_colour(), &mut moves);
        moves.into_iter().map(key_of).collect()
    }

    /// Apply a legal move given by its key; ValueError for an illegal one.
    fn apply_key(&mut self, key: i64) -> PyResult<()> {
        match move_of(key) {
            Some(mv) if self.inner.is_legal(mv) => {
                self.inner.apply(mv);
                Ok(())
            }
            _ => Err(PyValueError::new_err(format!(
                "move key {key} is not legal here"
            ))),
        }
    }

    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    #[getter]
    fn turn(&self) -> u32 {
        self.inner.turn
    }

    #[getter]
    fn current_colour(&self) -> usize {
        self.inner.current_colour()
    }

    /// Colours still in the game, as a bit set.
    #[getter]
    fn valid(&self) -> u8 {
        self.inner.valid
    }

    #[getter]
    fn mono(&self) -> u8 {
        self.inner.mono
    }

    fn points(&self, colour: usize) -> PyResult<u32> {
        if colour >= 4 {
            return Err(PyValueError::new_err("colour is 0..4"));
        }
        Ok(self.inner.points(colour))
    }

    /// The fields of `colour`: one 20-bit mask per row (bit x = field (x, y)).
    fn rows(&self, colour: usize) -> PyResult<Vec<u32>> {
        if colour >= 4 {
            return Err(PyValueError::new_err("colour is 0..4"));
        }
        Ok(self.inner.own[colour].to_vec())
    }

    /// The shapes `colour` has not placed (bit = shape ordinal).
    fn undeployed(&self, colour: usize) -> PyResult<u32> {
        if colour >= 4 {
            return Err(PyValueError::new_err("colour is 0..4"));
        }
        Ok(self.inner.undeployed[colour])
    }

    fn team_points(&self) -> (u32, u32) {
        let [one, two] = self.inner.team_points();
        (one, two)
    }

    fn zobrist(&self) -> u64 {
        self.inner.hash()
    }

    fn clone(&self) -> Self {
        Clone::clone(self)
    }
}

/// An MCTS that keeps its tree between moves (one per player).
#[pyclass(name = "BlokusSearcher", module = "botarena._native")]
pub struct PyBlokusSearcher {
    inner: Searcher,
}

#[pymethods]
impl PyBlokusSearcher {
    #[new]
    #[pyo3(signature = (seed, exploration=None, rave_equivalence=None, prior_weight=None))]
    fn new(
        seed: u64,
        exploration: Option<f32>,
        rave_equivalence: Option<f32>,
        prior_weight: Option<f32>,
    ) -> Self {
        let mut config = Config::default();
        config.exploration = exploration.unwrap_or(config.exploration);
        config.rave_equivalence = rave_equivalence.unwrap_or(config.rave_equivalence);
        config.prior_weight = prior_weight.unwrap_or(config.prior_weight);
        PyBlokusSearcher {
            inner: Searcher::new(config, seed),
        }
    }

    /// Search for at most `seconds` (and at most `max_iterations` simulations; at least
    /// one); returns (move key, simulations, reused root visits, tree nodes). Releases the
    /// GIL while searching.
    #[pyo3(signature = (state, seconds, max_iterations=u64::MAX))]
    fn search(
        &mut self,
        py: Python<'_>,
        state: &PyBlokusState,
        seconds: f64,
        max_iterations: u64,
    ) -> PyResult<(i64, u64, u32, usize)> {
        if state.inner.is_terminal() {
            return Err(PyValueError::new_err("the game is over: no move to search"));
        }
        let budget = Duration::from_secs_f64(seconds.max(0.0));
        let position = state.inner.clone();
        let searcher = &mut self.inner;
        let report = py.allow_threads(move || {
            let deadline = Instant::now() + budget;
            searcher.search(&position, Some(deadline), max_iterations)
        });
        Ok((
            key_of(report.best),
            report.iterations,
            report.reused_visits,
            report.nodes,
        ))
    }
}

/// Benchmark: generate the legal moves of every state `repeats` times inside the core;
/// returns the number of moves generated.
#[pyfunction]
fn blokus_movegen_count(py: Python<'_>, states: Vec<PyBlokusState>, repeats: u32) -> u64 {
    py.allow_threads(move || {
        let mut moves = Vec::new();
        let mut total = 0u64;
        for _ in 0..repeats {
            for state in &states {
                state.inner.legal_moves(&mut moves);
                total += moves.len() as u64;
            }
        }
        total
    })
}

/// Benchmark: `simulations` MCTS simulations (fresh tree) on each state, one thread.
#[pyfunction]
fn blokus_search_count(py: Python<'_>, states: Vec<PyBlokusState>, simulations: u64) -> u64 {
    py.allow_threads(move || {
        let mut total = 0;
        for state in &states {
            if state.inner.is_terminal() {
                continue;
            }
            let mut searcher = Searcher::new(Config::default(), 1);
            total += searcher.search(&state.inner, None, simulations).iterations;
        }
        total
    })
}

/// Register the Blokus classes and functions in `_native`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBlokusState>()?;
    m.add_class::<PyBlokusSearcher>()?;
    m.add_function(wrap_pyfunction!(blokus_movegen_count, m)?)?;
    m.add_function(wrap_pyfunction!(blokus_search_count, m)?)?;
    Ok(())
}
