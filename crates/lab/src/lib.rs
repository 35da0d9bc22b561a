//! The designer's lab: is a variant balanced, decisive, deep?
//!
//! [`runner::run_survey`] plays self-play games per variant in
//! colour-swapped pairs from seeded random openings on every core, stores
//! each game's figures and record in a [`store::Store`] (resuming where a
//! survey stopped), and [`report`] sums them up per variant with 95 %
//! intervals, as JSON and as an HTML page with SVG plots. [`imago`] answers
//! Imago's questions exactly from the solver and searches wall layouts;
//! [`linja`] studies a Linja endgame table, [`dimensiones`] how decisive
//! the endgames of each Super Dimensiones card set are.
//! docs/lab.md explains every figure.

#![deny(missing_docs)]

pub mod dimensiones;
mod fail;
pub mod games;
pub mod imago;
pub mod linja;
pub mod plot;
pub mod queue;
pub mod report;
pub mod runner;
pub mod stats;
pub mod store;
pub mod survey;

pub use games::LabGame;
pub use report::{summarize, write_report, write_report_in, Report};
pub use runner::run_survey;
pub use store::Store;
pub use survey::{GameRow, Matchup, SurveyConfig, UnitKey};
