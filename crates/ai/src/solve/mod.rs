//! Exact solvers: whole-game tables computed by retrograde analysis.

pub mod dimensiones_start;
pub mod dimensiones_table;
pub mod imago;
pub mod jarmo;
pub mod linja;
pub mod linja_table;

/// What a table's `verify` found (Linja's table, Super Dimensiones'
/// endgame tables).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VerifyReport {
    /// Whether the entries' checksum equals the header's.
    pub checksum_ok: bool,
    /// Valid positions checked.
    pub positions: u64,
    /// Positions whose value is not the best over its moves.
    pub mismatches: u64,
}
