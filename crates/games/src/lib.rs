pub use search_core;
