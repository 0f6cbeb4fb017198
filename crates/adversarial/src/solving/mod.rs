//! Exact solving and opening books.
pub(crate) mod analysis;
pub(crate) mod book;
pub(crate) mod book_builder;
pub(crate) mod null_window;
pub(crate) mod pool;
pub(crate) mod race;
pub(crate) mod solution;
pub(crate) mod solver;
