//! The audit crate's integration tests, one binary (see the workspace's note
//! on link time).
mod keep;
mod statement;
