//! The repository's `data/` and `docs/`, which a published package does not ship.

use std::path::{Path, PathBuf};

/// `path` (such as `data/connect4/Test_L3_R1`) under the repository's root, or `None` when
/// these tests run from a published package, outside the repository: the test then skips,
/// and says so on standard error. Inside the repository a missing file fails the test.
pub fn file(path: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    if !(root.join("Cargo.toml").is_file() && root.join("crates").is_dir()) {
        eprintln!(
            "skipped: this test needs the repository's {path}, which the package does not ship"
        );
        return None;
    }
    let found = root.join(path);
    assert!(
        found.exists(),
        "{} is missing from the repository",
        found.display()
    );
    Some(found)
}
