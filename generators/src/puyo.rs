//! Puyo families (being built: see issue 3).
