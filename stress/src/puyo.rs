//! Puyo shrinking (being built: see issue 3).
