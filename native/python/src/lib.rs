//! `botarena._native`: the Python face of botarena-engine. Each season registers its own
//! submodule-level functions and classes here.

use pyo3::prelude::*;

mod blokus;
mod piranhas;

/// The engine core's version, so `botarena doctor` can say which build is active.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    piranhas::register(m)?;
    blokus::register(m)?;
    Ok(())
}
