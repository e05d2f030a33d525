mod generators_read;
mod generators_write;
mod read;
