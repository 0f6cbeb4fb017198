//! The files a command writes (books, pictures, tree exports): claimed before the work
//! starts, so that a path that cannot be written fails at once and not after minutes of
//! searching, and written whole at the end through a temporary file beside them that is then
//! renamed into place. A command that fails leaves no partial file, and a file that was
//! there stays whole until the new one is complete.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::Failure;

/// A file claimed for writing: its temporary file exists and is open; [`write`] puts the
/// contents in place; dropping it unwritten removes the temporary file and leaves the
/// path as it was.
///
/// [`write`]: OutputFile::write
pub struct OutputFile {
    path: PathBuf,
    temp: PathBuf,
    file: Option<File>,
}

impl OutputFile {
    /// Claims `path`: refuses a directory, and creates the temporary file beside it (which
    /// checks that the folder exists and can be written).
    pub fn claim(path: &Path) -> Result<Self, Failure> {
        let cannot =
            |why: String| Failure::input(format!("cannot write {}: {why}", path.display()));
        if path.is_dir() {
            return Err(cannot("it is a directory".to_string()));
        }
        let Some(name) = path.file_name() else {
            return Err(cannot("it names no file".to_string()));
        };
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let temp = dir.join(format!(
            ".{}.{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| cannot(e.to_string()))?;
        Ok(OutputFile {
            path: path.to_path_buf(),
            temp,
            file: Some(file),
        })
    }

    /// The path the contents go to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` to the temporary file and renames it to the claimed path.
    pub fn write(mut self, bytes: &[u8]) -> Result<(), Failure> {
        let failed =
            |e: std::io::Error| Failure::run(format!("cannot write {}: {e}", self.path.display()));
        let mut file = self
            .file
            .take()
            .ok_or_else(|| Failure::run(format!("{} was already written", self.path.display())))?;
        file.write_all(bytes).map_err(failed)?;
        file.flush().map_err(failed)?;
        drop(file);
        fs::rename(&self.temp, &self.path).map_err(failed)
    }
}

impl Drop for OutputFile {
    /// Removes the temporary file of a claim that was never written.
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ply-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_written_claim_replaces_the_file_whole() {
        let dir = scratch("write");
        let path = dir.join("out.txt");
        fs::write(&path, "old").unwrap();
        let claim = OutputFile::claim(&path).unwrap();
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "old",
            "untouched until written"
        );
        claim.write(b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(entries(&dir), ["out.txt"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_abandoned_claim_leaves_nothing_behind() {
        let dir = scratch("abandon");
        let path = dir.join("out.svg");
        drop(OutputFile::claim(&path).unwrap());
        assert!(entries(&dir).is_empty());
        fs::write(&path, "kept").unwrap();
        drop(OutputFile::claim(&path).unwrap());
        assert_eq!(fs::read_to_string(&path).unwrap(), "kept");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn paths_that_cannot_be_written_are_refused_at_once() {
        let dir = scratch("refuse");
        let missing = dir.join("no/such/folder/out.svg");
        let e = OutputFile::claim(&missing).err().unwrap();
        assert!(e.to_string().starts_with("cannot write"), "{e}");
        let e = OutputFile::claim(&dir).err().unwrap();
        assert!(e.to_string().contains("directory"), "{e}");
        let _ = fs::remove_dir_all(&dir);
    }
}
