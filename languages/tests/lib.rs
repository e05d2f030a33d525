//! The languages crate's one integration-test binary.
mod builds;
mod judges;
