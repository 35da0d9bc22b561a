//! Exact solvers: whole-game tables computed by retrograde analysis.

pub mod dimensiones_table;
pub mod imago;
pub mod jarmo;
pub mod linja;
pub mod linja_table;
