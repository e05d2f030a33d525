mod first_pass;
mod harden;
mod matrix;
mod write;
