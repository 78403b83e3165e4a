//! m4-like macro expansion of GIB rule databases, with source maps.
