//! Shared by the tests of this crate and, by path, of the server and the
//! command line.
pub mod table_scenarios;
