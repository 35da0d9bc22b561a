//! Exact solvers: whole-game tables computed by retrograde analysis.

pub mod imago;
pub mod linja;
