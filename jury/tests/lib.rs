mod matrix;
mod write;
