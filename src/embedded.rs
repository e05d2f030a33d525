//! The suite plans and the spec's samples, built into the binary by `build.rs`.

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
