mod coverage;
mod equivalent;
mod first_pass;
mod harden;
mod matrix;
mod profiles;
mod write;
