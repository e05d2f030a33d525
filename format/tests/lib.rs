mod contest_read;
mod generators_read;
mod generators_write;
mod p2d;
mod polygon_convert;
mod polygon_read;
mod polygon_write;
mod read;
mod scoring;
mod scoring_convert;
mod sinol_limits;

// The missing-tool rule every crate's tests share.
#[path = "../../tests/shared/tools.rs"]
mod tools;
