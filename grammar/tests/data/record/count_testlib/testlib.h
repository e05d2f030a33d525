#error "the package's own testlib.h must not be used when recording"
