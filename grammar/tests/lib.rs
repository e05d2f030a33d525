//! The grammar crate's integration tests, one binary (see the workspace's note
//! on link time).
mod ctd;
mod layout;
mod properties;
mod read;
mod record;
mod support;

// The missing-tool rule every crate's tests share.
#[path = "../../tests/shared/tools.rs"]
mod tools;
