mod first_pass;
mod matrix;
mod profiles;
