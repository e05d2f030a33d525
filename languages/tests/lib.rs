//! The languages crate's one integration-test binary.
mod builds;
mod judges;

// The missing-tool rule every crate's tests share.
#[path = "../../tests/shared/tools.rs"]
mod tools;
