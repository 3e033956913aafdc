//! The rule ARCHITECTURE.md states for the modules of the engine and of the catalogue: no
//! cycles. At every level of the module tree (the crate's rooms, the modules of a room, ...),
//! the modules that use one another through `crate::`, `super::` or `self::` paths form no
//! cycle; a module may use its parent and its children (Rust's nesting), not a sibling that
//! uses it back. Doc comments and test modules do not count.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module's path below the crate: `["games", "connect4", "tiers"]`.
type ModPath = Vec<String>;

/// Every module of `src` with its code: comment lines and `#[cfg(test)]` modules left out.
fn modules(src: &Path) -> BTreeMap<ModPath, String> {
    let mut found = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("the source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).unwrap().with_extension("");
            let mut name: ModPath = (relative.iter())
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if matches!(name.last().map(String::as_str), Some("mod" | "lib")) {
                name.pop();
            }
            let text = fs::read_to_string(&path).expect("a source file");
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            let code: Vec<&str> = (code.lines())
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect();
            found.insert(name, code.join("\n"));
        }
    }
    found
}

/// The modules `module`'s code names, each cut to the longest prefix that is a module.
fn uses(module: &ModPath, code: &str, all: &BTreeMap<ModPath, String>) -> BTreeSet<ModPath> {
    let mut used = BTreeSet::new();
    let bytes = code.as_bytes();
    for head in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(head) {
            let before = at.checked_sub(1).map(|i| bytes[i]);
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_') {
                continue;
            }
            let rest = &code[at + head.len()..];
            let segments: Vec<&str> = rest
                .split("::")
                .map_while(|s| {
                    let word: String = s
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                        .collect();
                    (!word.is_empty() && word.len() == s.len()).then_some(s)
                })
                .collect();
            // The last segment may end in an item or a `{`: take its leading word too.
            let last = rest.split("::").nth(segments.len()).map(|s| {
                s.chars()
                    .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                    .collect::<String>()
            });
            let mut target: ModPath = match head {
                "crate::" => Vec::new(),
                "self::" => module.clone(),
                _ => module[..module.len().saturating_sub(1)].to_vec(),
            };
            let mut words: Vec<String> = segments.iter().map(|s| s.to_string()).collect();
            words.extend(last.filter(|w| !w.is_empty()));
            for word in words {
                if word == "super" {
                    target.pop();
                } else {
                    target.push(word);
                }
            }
            while !target.is_empty() && !all.contains_key(&target) {
                target.pop();
            }
            if !target.is_empty() {
                used.insert(target);
            }
        }
    }
    used
}

/// The cycles (strongly connected components of two or more) of a graph. O(V + E).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Kosaraju: finish order on the graph, then components on its reverse.
    fn visit<'a>(
        v: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        seen: &mut BTreeSet<&'a str>,
        out: &mut Vec<&'a str>,
    ) {
        if !seen.insert(v) {
            return;
        }
        for w in graph.get(v).into_iter().flatten() {
            visit(w, graph, seen, out);
        }
        out.push(v);
    }
    let mut reverse: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (v, ws) in graph {
        for w in ws {
            reverse.entry(w.clone()).or_default().insert(v.clone());
        }
    }
    let (mut seen, mut order) = (BTreeSet::new(), Vec::new());
    for v in graph.keys() {
        visit(v, graph, &mut seen, &mut order);
    }
    let mut assigned = BTreeSet::new();
    let mut found = Vec::new();
    for v in order.into_iter().rev() {
        let mut component = Vec::new();
        visit(v, &reverse, &mut assigned, &mut component);
        if component.len() > 1 {
            found.push(component.into_iter().map(str::to_string).collect());
        }
    }
    found
}

/// The module cycles of the crate whose sources are `src`, one line each (none when the rule
/// holds); `at_least` modules are expected, so that a moved folder is not passed unread.
fn module_cycles(src: &Path, at_least: usize) -> Vec<String> {
    let all = modules(src);
    assert!(
        all.len() >= at_least,
        "{}: {} modules",
        src.display(),
        all.len()
    );
    let edges: Vec<(ModPath, ModPath)> = all
        .iter()
        .flat_map(|(m, code)| uses(m, code, &all).into_iter().map(|t| (m.clone(), t)))
        .collect();
    // Every level of the tree: the children of each module, linked by their descendants' uses.
    let parents: BTreeSet<ModPath> = all
        .keys()
        .map(|m| m[..m.len().saturating_sub(1)].to_vec())
        .collect();
    let mut found = Vec::new();
    for parent in parents {
        let n = parent.len();
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in &edges {
            let inside = |m: &ModPath| m.len() > n && m[..n] == parent[..];
            if inside(from) && inside(to) && from[n] != to[n] {
                graph
                    .entry(from[n].clone())
                    .or_default()
                    .insert(to[n].clone());
            }
        }
        for cycle in cycles(&graph) {
            found.push(format!("in {}: {}", parent.join("/"), cycle.join(" ↔ ")));
        }
    }
    found
}

#[test]
fn the_engines_modules_use_one_another_without_cycles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = module_cycles(&src, 100);
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

#[test]
fn the_catalogues_modules_use_one_another_without_cycles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy-catalogue/src");
    let found = module_cycles(&src, 40);
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

#[test]
fn a_cycle_is_found_where_there_is_one() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(v, ws)| (v.to_string(), ws.into_iter().map(str::to_string).collect()))
    .collect();
    let found = cycles(&graph);
    assert_eq!(found.len(), 1);
    let mut cycle = found[0].clone();
    cycle.sort();
    assert_eq!(cycle, ["a", "b", "c"]);
    let module: ModPath = vec!["games".into(), "nim".into()];
    let all: BTreeMap<ModPath, String> = [
        (module.clone(), String::new()),
        (vec!["games".into()], String::new()),
        (vec!["report".into()], String::new()),
    ]
    .into_iter()
    .collect();
    let used = uses(
        &module,
        "use crate::report::Report;\nuse super::Family;",
        &all,
    );
    assert_eq!(
        used,
        BTreeSet::from([vec!["report".to_string()], vec!["games".to_string()]])
    );
}
