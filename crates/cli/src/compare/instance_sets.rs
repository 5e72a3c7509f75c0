//! XCSP3 instance sets, what `sudoku csp compare` compares on: an
//! instance file, or a folder of them (`.xml`, recursively, in name
//! order). Each instance is read and compiled once; every strategy
//! searches the same model.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result, bail};

use super::sets::{InstanceLine, Members, PuzzleSet, fnv1a64};
use crate::instances::read_instance;

/// The ending of XCSP3 instance files.
pub const INSTANCE_ENDING: &str = "xml";

/// Whether `path` names an instance file (by its ending).
pub fn is_instance_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(INSTANCE_ENDING))
}

/// The set of the instance file `path`, or of the instance files in the
/// folder `path` (recursively, sorted by path; other files are left out).
/// The hash covers every file's name and content. Instances that cannot
/// be read are members all the same: the comparison reports them and
/// leaves them out of its runs.
pub fn from_path(path: &Path) -> Result<PuzzleSet> {
    let files = if path.is_dir() {
        let mut files = Vec::new();
        collect(path, &mut files)
            .with_context(|| format!("cannot read the folder {}", path.display()))?;
        files.sort();
        if files.is_empty() {
            bail!(
                "{} holds no XCSP3 instance (files ending in .{INSTANCE_ENDING})",
                path.display()
            );
        }
        files
    } else {
        if !path.exists() {
            bail!(
                "cannot read instance set {}: no such file or folder",
                path.display()
            );
        }
        vec![path.to_path_buf()]
    };
    let mut all = Vec::new();
    for file in &files {
        all.extend(file.display().to_string().into_bytes());
        all.extend(
            std::fs::read(file)
                .with_context(|| format!("cannot read instance {}", file.display()))?,
        );
    }
    // In order, on this thread: a process forked by a Python executor
    // cannot use rayon's global pool again.
    let list: Vec<InstanceLine> = (files.into_iter().enumerate())
        .map(|(i, file)| InstanceLine {
            line: i as u64 + 1,
            read: read_instance(&file).map(Arc::new),
            file,
        })
        .collect();
    Ok(PuzzleSet {
        name: path.display().to_string(),
        hash: fnv1a64(&all),
        members: Members::Instances(list),
    })
}

/// Every instance file under `folder`.
fn collect(folder: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(folder)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, files)?;
        } else if is_instance_file(&path) {
            files.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../instances/xcsp3/AllInterval")
    }

    #[test]
    fn a_folder_is_its_instances_in_name_order() {
        let set = from_path(&corpus()).unwrap();
        let Members::Instances(list) = &set.members else {
            panic!("an instance set");
        };
        assert_eq!(list.len(), 7);
        assert!(list.iter().all(|l| l.read.is_ok()));
        assert!(list.windows(2).all(|w| w[0].file < w[1].file));
        assert_eq!(
            list.iter().map(|l| l.line).collect::<Vec<_>>(),
            (1..=list.len() as u64).collect::<Vec<_>>()
        );
        assert_eq!(set.hash, from_path(&corpus()).unwrap().hash);
    }

    #[test]
    fn a_folder_without_instances_is_an_error() {
        let empty = std::env::temp_dir().join(format!("no-instances-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        let error = from_path(&empty).err().unwrap().to_string();
        assert!(
            error.ends_with("holds no XCSP3 instance (files ending in .xml)"),
            "{error}"
        );
        std::fs::remove_dir(&empty).unwrap();
        assert!(from_path(&empty.join("none.xml")).is_err());
    }
}
