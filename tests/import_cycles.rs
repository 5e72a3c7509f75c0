//! No import circle between the files of a crate: every crate of the
//! workspace is parsed (`syn`), each path a file names (`use` trees and
//! paths in code, tests left out) is resolved to the file of the deepest
//! module it names, and the graph of those arrows must have no cycle. A
//! module's face counts as the module: `crate::propagation::Rule` is an
//! arrow to `propagation.rs`, whichever child file defines `Rule`.
//!
//! A file naming one of its own ancestors (`use super::Element` in a rule,
//! `crate::rules::RulesError` below `rules/`) is a module using the face
//! its parent gives it (docs and re-exports) and is not an arrow; a parent
//! naming its child (`mod x; pub use x::Y;`) is one. So
//! `fpuzzles.rs -> sudokupad.rs -> sudokupad/payload.rs -> fpuzzles.rs`
//! is a circle, `rules.rs <-> rules/kropki.rs` is not.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// A module: its path from the crate root (`["rules", "sudokupad"]`).
type ModPath = Vec<String>;

/// The module tree of one crate root: each module's file and children.
#[derive(Default)]
struct Tree {
    files: BTreeMap<ModPath, PathBuf>,
    children: BTreeMap<ModPath, BTreeSet<String>>,
}

fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>()
                .is_ok_and(|m| m.path().is_ident("test"))
    })
}

/// Reads `file` as module `module`, then its child files.
fn load(tree: &mut Tree, module: ModPath, file: &Path, asts: &mut Vec<(ModPath, syn::File)>) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    tree.files.insert(module.clone(), file.to_path_buf());
    let stem = file.file_stem().unwrap().to_str().unwrap();
    let dir = if ["lib", "main", "mod"].contains(&stem) {
        file.parent().unwrap().to_path_buf()
    } else {
        file.with_extension("")
    };
    let mut inline = Vec::new();
    collect_mods(&ast.items, &module, &mut inline, tree);
    for (child, is_file) in inline {
        if is_file {
            let name = child.last().unwrap();
            let flat = dir.join(format!("{name}.rs"));
            let nested = dir.join(name).join("mod.rs");
            let path = if flat.exists() { flat } else { nested };
            load(tree, child, &path, asts);
        }
    }
    asts.push((module, ast));
}

/// Records the modules declared in `items` (inline ones too, except
/// `#[cfg(test)]`), saying which live in files of their own.
fn collect_mods(
    items: &[syn::Item],
    module: &ModPath,
    out: &mut Vec<(ModPath, bool)>,
    tree: &mut Tree,
) {
    for item in items {
        if let syn::Item::Mod(m) = item {
            if is_cfg_test(&m.attrs) {
                continue;
            }
            let mut child = module.clone();
            child.push(m.ident.to_string());
            tree.children
                .entry(module.clone())
                .or_default()
                .insert(m.ident.to_string());
            match &m.content {
                None => out.push((child, true)),
                Some((_, inner)) => collect_mods(inner, &child, out, tree),
            }
        }
    }
}

/// Walks one file, resolving the paths it names.
struct Walker<'a> {
    tree: &'a Tree,
    file: PathBuf,
    module: ModPath,
    found: Vec<ModPath>,
}

impl Walker<'_> {
    /// The deepest module of the crate that `segments` (as written in
    /// `self.module`) reaches, if it starts inside the crate.
    fn resolve(&self, segments: &[String]) -> Option<ModPath> {
        let (first, rest) = segments.split_first()?;
        let mut at = match first.as_str() {
            "crate" => Vec::new(),
            "self" => self.module.clone(),
            "super" => {
                let mut m = self.module.clone();
                m.pop();
                m
            }
            name => {
                let known = self.tree.children.get(&self.module);
                if !known.is_some_and(|k| k.contains(name)) {
                    return None;
                }
                let mut m = self.module.clone();
                m.push(name.to_string());
                m
            }
        };
        for segment in rest {
            if segment == "super" {
                at.pop();
                continue;
            }
            let known = self.tree.children.get(&at);
            if !known.is_some_and(|k| k.contains(segment)) {
                break;
            }
            at.push(segment.clone());
        }
        Some(at)
    }

    fn name(&mut self, segments: &[String]) {
        if let Some(m) = self.resolve(segments) {
            self.found.push(m);
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                self.name(prefix);
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                self.name(prefix);
                prefix.pop();
            }
            syn::UseTree::Glob(_) => self.name(prefix),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(prefix, t);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Walker<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.name(&segments);
        syn::visit::visit_path(self, path);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if is_cfg_test(&m.attrs) {
            return;
        }
        self.module.push(m.ident.to_string());
        syn::visit::visit_item_mod(self, m);
        self.module.pop();
    }
}

/// The arrows between the files of the crate rooted at `root`.
fn arrows(root: &Path) -> BTreeSet<(PathBuf, PathBuf)> {
    let mut tree = Tree::default();
    let mut asts = Vec::new();
    load(&mut tree, Vec::new(), root, &mut asts);
    let mut arrows = BTreeSet::new();
    for (module, ast) in &asts {
        let file = tree.files[module].clone();
        let mut walker = Walker {
            tree: &tree,
            file,
            module: module.clone(),
            found: Vec::new(),
        };
        walker.visit_file(ast);
        for target in walker.found {
            // The deepest module with a file of its own.
            let mut t = target.clone();
            while !tree.files.contains_key(&t) {
                t.pop();
            }
            let is_ancestor = t.len() <= module.len() && module[..t.len()] == t[..];
            let to = &tree.files[&t];
            if !is_ancestor && *to != walker.file {
                arrows.insert((walker.file.clone(), to.clone()));
            }
        }
    }
    arrows
}

/// The cycles among `arrows`: strongly connected sets of two or more files.
fn cycles(arrows: &BTreeSet<(PathBuf, PathBuf)>) -> Vec<Vec<PathBuf>> {
    let nodes: BTreeSet<&PathBuf> = arrows.iter().flat_map(|(a, b)| [a, b]).collect();
    let reach = |from: &PathBuf| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for (a, b) in arrows {
                if *a == n && seen.insert(b.clone()) {
                    stack.push(b.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&PathBuf, BTreeSet<PathBuf>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in &nodes {
        if done.contains(*n) || !reaches[n].contains(*n) {
            continue;
        }
        let set: Vec<PathBuf> = (reaches[n].iter())
            .filter(|m| reaches[m].contains(*n))
            .cloned()
            .collect();
        done.extend(set.iter().cloned());
        out.push(set);
    }
    out
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn no_file_imports_itself_through_others() {
    let mut report = Vec::new();
    for krate in ["csp-core", "sudoku", "cli", "python"] {
        for root in ["lib.rs", "main.rs"] {
            let root = workspace()
                .join("crates")
                .join(krate)
                .join("src")
                .join(root);
            if !root.exists() {
                continue;
            }
            let arrows = arrows(&root);
            for cycle in cycles(&arrows) {
                let base = workspace().join("crates");
                let names: Vec<String> = (cycle.iter())
                    .map(|p| p.strip_prefix(&base).unwrap_or(p).display().to_string())
                    .collect();
                let inside: Vec<String> = (arrows.iter())
                    .filter(|(a, b)| cycle.contains(a) && cycle.contains(b))
                    .map(|(a, b)| {
                        let short =
                            |p: &PathBuf| p.strip_prefix(&base).unwrap_or(p).display().to_string();
                        format!("  {} -> {}", short(a), short(b))
                    })
                    .collect();
                report.push(format!("{}\n{}", names.join(", "), inside.join("\n")));
            }
        }
    }
    assert!(
        report.is_empty(),
        "import circles:\n{}",
        report.join("\n\n")
    );
}

#[test]
fn a_circle_is_seen() {
    let arrows: BTreeSet<(PathBuf, PathBuf)> = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]
        .iter()
        .map(|(a, b)| (PathBuf::from(a), PathBuf::from(b)))
        .collect();
    let found = cycles(&arrows);
    assert_eq!(
        found,
        vec![vec![
            PathBuf::from("a"),
            PathBuf::from("b"),
            PathBuf::from("c")
        ]]
    );
}
