mod read;
