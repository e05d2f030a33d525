mod first_pass;
mod matrix;
mod profiles;
mod shown;

// The missing-tool rule every crate's tests share.
#[path = "../../tests/shared/tools.rs"]
mod tools;
