mod harden;
mod matrix;
mod write;
