//! The rules ARCHITECTURE.md states for the modules of the engine and of the catalogue, read
//! from the sources of both crates:
//!
//! - the layers: a crate's rooms (its top-level modules) and the rooms each uses are the table
//!   `| room | what it holds | uses |` of ARCHITECTURE.md, read from the page itself so that
//!   the page and the check cannot drift; a `crate::`, `super::` or `self::` path from a room
//!   to a room its row does not name (up a layer, or sideways) fails, naming the rooms, the
//!   file, the line and the use, and so does a room a row names but does not use;
//! - no cycles: at every level of the module tree (the crate's rooms, the modules of a room,
//!   ...), the modules that use one another through those paths form no cycle; a module may
//!   use its parent and its children (Rust's nesting), not a sibling that uses it back;
//! - no front end's words: no string literal names a command-line option (`--sums`) or a
//!   command (`grundy strong`), since the front ends render a parameter's name.
//!
//! Comments, doc comments and `#[cfg(test)]` items do not count.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module's path below the crate: `["games", "connect4", "tiers"]`.
type ModPath = Vec<String>;

/// A string literal of the code: where it starts in the blanked code, the line it starts on
/// and its text as written between its quotes (escapes as they are).
#[derive(Debug)]
struct Literal {
    at: usize,
    line: usize,
    text: String,
}

/// A source file read: its code with comments, string and character literals and
/// `#[cfg(test)]` items blanked (newlines kept, so that a line keeps its number, and nothing
/// in a string or a comment is taken for a path or a brace), and the string literals outside
/// those items.
#[derive(Debug)]
struct Lexed {
    code: String,
    literals: Vec<Literal>,
}

/// A module of a crate: the file it is written in (from the workspace's root) and the file
/// read.
#[derive(Debug)]
struct Module {
    file: String,
    lexed: Lexed,
}

/// Whether `c` may be part of an identifier.
fn ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `text` read as Rust: comments, literals and test items found and blanked. A character
/// literal is told from a lifetime by its closing quote. O(text).
fn lex(text: &str) -> Lexed {
    let s: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut literals = Vec::new();
    // Blanks `s[from..to]` into `code`, keeping newlines.
    let blank = |code: &mut String, from: usize, to: usize| {
        for &c in &s[from..to.min(s.len())] {
            code.push(if c == '\n' { '\n' } else { ' ' });
        }
    };
    let mut line = 1;
    let mut i = 0;
    while i < s.len() {
        let (c, next) = (s[i], s.get(i + 1).copied());
        let end = if c == '/' && next == Some('/') {
            (i..s.len()).find(|&j| s[j] == '\n').unwrap_or(s.len())
        } else if c == '/' && next == Some('*') {
            // Block comments nest.
            let (mut depth, mut j) = (0usize, i);
            while j < s.len() {
                if s[j] == '/' && s.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 2;
                } else if s[j] == '*' && s.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            j
        } else if let Some((open, close, end)) = string_at(&s, i) {
            literals.push(Literal {
                at: code.len(),
                line,
                text: s[open..close].iter().collect(),
            });
            end
        } else if c == '\'' && next == Some('\\') {
            (i + 3..s.len())
                .find(|&j| s[j] == '\'')
                .map_or(s.len(), |j| j + 1)
        } else if c == '\'' && s.get(i + 2) == Some(&'\'') {
            i + 3
        } else {
            code.push(c);
            line += usize::from(c == '\n');
            i += 1;
            continue;
        };
        line += s[i..end].iter().filter(|&&c| c == '\n').count();
        blank(&mut code, i, end);
        i = end;
    }
    let mut lexed = Lexed { code, literals };
    without_tests(&mut lexed);
    lexed
}

/// The string literal that starts at `s[i]` (`"`, `r"`, `r#"`, `b"`, `br#"`...), as the
/// index of its first character, of its closing quote and of what follows it; `None` when
/// none starts there.
fn string_at(s: &[char], i: usize) -> Option<(usize, usize, usize)> {
    let prefixed = s[i] == 'b' || s[i] == 'r';
    if prefixed && i > 0 && ident(s[i - 1]) {
        return None;
    }
    let mut j = i + usize::from(s[i] == 'b');
    if s.get(j) == Some(&'r') {
        let hashes = s[j + 1..].iter().take_while(|&&c| c == '#').count();
        j += 1 + hashes;
        if s.get(j) != Some(&'"') {
            return None;
        }
        let closing: Vec<char> = std::iter::once('"')
            .chain(std::iter::repeat_n('#', hashes))
            .collect();
        let close = (j + 1..s.len())
            .find(|&k| s[k..].starts_with(&closing))
            .unwrap_or(s.len());
        return Some((j + 1, close, (close + 1 + hashes).min(s.len())));
    }
    if s.get(j) != Some(&'"') {
        return None;
    }
    let mut k = j + 1;
    while k < s.len() && s[k] != '"' {
        k += if s[k] == '\\' { 2 } else { 1 };
    }
    let close = k.min(s.len());
    Some((j + 1, close, (close + 1).min(s.len())))
}

/// `lexed` with each item after a `#[cfg(test)]` (to its `;` or its closing brace) blanked
/// and its literals dropped: a test may name what the code may not.
fn without_tests(lexed: &mut Lexed) {
    const TEST: &str = "#[cfg(test)]";
    let code = &lexed.code;
    let mut items = Vec::new();
    for (at, _) in code.match_indices(TEST) {
        let mut depth = 0usize;
        let mut end = code.len();
        for (k, c) in code[at + TEST.len()..].char_indices() {
            let k = at + TEST.len() + k;
            match c {
                '{' => depth += 1,
                '}' if depth == 1 => {
                    end = k + 1;
                    break;
                }
                '}' => depth = depth.saturating_sub(1),
                ';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        items.push((at, end));
    }
    if items.is_empty() {
        return;
    }
    let inside = |k: usize| items.iter().any(|&(from, to)| (from..to).contains(&k));
    lexed.code = (code.char_indices())
        .map(|(k, c)| if inside(k) && c != '\n' { ' ' } else { c })
        .collect();
    lexed.literals.retain(|l| !inside(l.at));
}

/// Every module of the crate whose sources are `src`, each file named from `shown` (its path
/// from the workspace's root). A file is a module: neither crate writes a module inline but
/// its tests.
fn modules(src: &Path, shown: &str) -> BTreeMap<ModPath, Module> {
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
            let relative = path.strip_prefix(src).unwrap();
            let mut name: ModPath = (relative.with_extension("").iter())
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if matches!(name.last().map(String::as_str), Some("mod" | "lib")) {
                name.pop();
            }
            let text = fs::read_to_string(&path).expect("a source file");
            let file = format!("{shown}/{}", relative.display());
            let lexed = lex(&text);
            found.insert(name, Module { file, lexed });
        }
    }
    found
}

/// The paths a use tree names, each as its segments: `a::{b, c::{D, e as f}}` is `a::b`,
/// `a::c::D` and `a::c::e`; the path of an expression (`math::gcd(...)`) ends where it does.
fn use_paths(rest: &str) -> Vec<Vec<String>> {
    fn tree(s: &[char], i: &mut usize, mut path: Vec<String>, out: &mut Vec<Vec<String>>) {
        let skip = |i: &mut usize| {
            while s.get(*i).is_some_and(|c| c.is_whitespace()) {
                *i += 1;
            }
        };
        loop {
            skip(i);
            if s.get(*i) == Some(&'{') {
                *i += 1;
                loop {
                    skip(i);
                    if s.get(*i).is_none_or(|&c| c == '}') {
                        *i += 1;
                        return;
                    }
                    tree(s, i, path.clone(), out);
                    // Past an `as` or a glob, to the next item.
                    while s.get(*i).is_some_and(|&c| c != ',' && c != '}') {
                        *i += 1;
                    }
                    if s.get(*i) == Some(&',') {
                        *i += 1;
                    }
                }
            }
            let start = *i;
            while s.get(*i).is_some_and(|&c| ident(c)) {
                *i += 1;
            }
            if *i == start {
                break;
            }
            path.push(s[start..*i].iter().collect());
            let after = *i;
            skip(i);
            if s.get(*i) == Some(&':') && s.get(*i + 1) == Some(&':') {
                *i += 2;
            } else {
                *i = after;
                break;
            }
        }
        out.push(path);
    }
    let s: Vec<char> = rest.chars().collect();
    let mut out = Vec::new();
    tree(&s, &mut 0, Vec::new(), &mut out);
    out
}

/// A use of a module by another: the module used, and where (the line and its code).
#[derive(Debug)]
struct Use {
    target: ModPath,
    line: usize,
    text: String,
}

/// The modules `module`'s code uses through `crate::`, `super::` and `self::` paths, each path
/// cut to its longest prefix that is a module (`crate::Nimber`, re-exported by the crate's
/// root, is a use of the module `exports` gives it).
fn uses(
    module: &ModPath,
    code: &str,
    all: &BTreeMap<ModPath, Module>,
    exports: &BTreeMap<String, ModPath>,
) -> Vec<Use> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    for head in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(head) {
            let before = at.checked_sub(1).map(|i| bytes[i]);
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
                continue;
            }
            let line = 1 + code[..at].matches('\n').count();
            let text = code[..at]
                .rsplit('\n')
                .next()
                .unwrap_or_default()
                .to_string()
                + code[at..].split('\n').next().unwrap_or_default();
            for path in use_paths(&code[at + head.len()..]) {
                let mut target: ModPath = match head {
                    "crate::" => Vec::new(),
                    "self::" => module.clone(),
                    _ => module[..module.len().saturating_sub(1)].to_vec(),
                };
                for word in &path {
                    match word.as_str() {
                        "super" => drop(target.pop()),
                        "self" => {}
                        _ => target.push(word.clone()),
                    }
                }
                while !target.is_empty() && !all.contains_key(&target) {
                    target.pop();
                }
                if target.is_empty() && head == "crate::" {
                    target =
                        (path.first().and_then(|w| exports.get(w)).cloned()).unwrap_or_default();
                }
                if !target.is_empty() {
                    let text = text.trim().to_string();
                    found.push(Use { target, line, text });
                }
            }
        }
    }
    found
}

/// What the crate's root re-exports (`pub use graph::GameGraph;`): each name with the module
/// it comes from.
fn exports(all: &BTreeMap<ModPath, Module>) -> BTreeMap<String, ModPath> {
    let root = &all[&Vec::new()].lexed.code;
    let mut found = BTreeMap::new();
    for (at, _) in root.match_indices("pub use ") {
        for path in use_paths(&root[at + "pub use ".len()..]) {
            let (Some(name), mut module) = (path.last().cloned(), path) else {
                continue;
            };
            while !module.is_empty() && !all.contains_key(&module) {
                module.pop();
            }
            if !module.is_empty() {
                found.insert(name, module);
            }
        }
    }
    found
}

/// The uses of every module of `all`, by module.
fn all_uses(all: &BTreeMap<ModPath, Module>) -> BTreeMap<ModPath, Vec<Use>> {
    let exports = exports(all);
    (all.iter())
        .map(|(m, module)| (m.clone(), uses(m, &module.lexed.code, all, &exports)))
        .collect()
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

/// The module cycles of the crate whose modules are `all`, one line each (none when the rule
/// holds).
fn module_cycles(all: &BTreeMap<ModPath, Module>) -> Vec<String> {
    let edges: Vec<(ModPath, ModPath)> = all_uses(all)
        .into_iter()
        .flat_map(|(m, uses)| uses.into_iter().map(move |u| (m.clone(), u.target)))
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

/// A row of a table of rooms: its rooms and the rooms they use.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Row {
    rooms: Vec<String>,
    uses: Vec<String>,
}

/// The table of rooms under `heading` in `doc` (ARCHITECTURE.md), rows from the bottom up:
/// the names in backquotes of its first cell are the row's rooms, those of its third the
/// rooms they use (`all of the above`: every room of the rows above; other words, as `the
/// engine` or `the first row`, name no room of the crate).
fn rooms_table(doc: &str, heading: &str) -> Vec<Row> {
    let quoted = |cell: &str| -> Vec<String> {
        (cell.split('`').skip(1).step_by(2))
            .map(str::to_string)
            .collect()
    };
    let (_, section) = doc
        .split_once(heading)
        .expect("the heading of the table of rooms");
    let mut rows: Vec<Row> = Vec::new();
    for line in (section.lines())
        .skip_while(|l| l.trim() != "| room | what it holds | uses |")
        .skip(2)
        .take_while(|l| l.starts_with('|'))
    {
        let cells: Vec<&str> = line.split('|').collect();
        assert_eq!(cells.len(), 5, "{heading}: a row of three cells: {line}");
        let uses = if cells[3].trim() == "all of the above" {
            rows.iter().flat_map(|r| r.rooms.clone()).collect()
        } else {
            quoted(cells[3])
        };
        rows.push(Row {
            rooms: quoted(cells[1]),
            uses,
        });
    }
    assert!(rows.len() > 1, "{heading}: no table of rooms");
    rows
}

/// What breaks the layers of the table `rows` in the crate whose modules are `all`, one line
/// each (none when the rules hold). The table itself must hold: its rooms are the crate's
/// top-level modules, each in one row, and a row names only rooms of the rows above it. Then
/// the rooms a row's modules use besides their own are exactly those the row names, and with
/// `words_row` those of the first row (the words every room speaks, which no row names).
fn layer_breaks(rows: &[Row], all: &BTreeMap<ModPath, Module>, words_row: bool) -> Vec<String> {
    let mut found = Vec::new();
    let row_of: BTreeMap<&str, usize> = (rows.iter().enumerate())
        .flat_map(|(k, r)| r.rooms.iter().map(move |room| (room.as_str(), k)))
        .collect();
    let rooms: BTreeSet<&str> = all
        .keys()
        .filter_map(|m| m.first())
        .map(String::as_str)
        .collect();
    let listed: usize = rows.iter().map(|r| r.rooms.len()).sum();
    if listed != row_of.len() {
        found.push("a room is in two rows of the table".to_string());
    }
    for room in &rooms {
        if !row_of.contains_key(room) {
            found.push(format!("the module `{room}` is in no row of the table"));
        }
    }
    for (k, row) in rows.iter().enumerate() {
        for room in &row.rooms {
            if !rooms.contains(room.as_str()) {
                found.push(format!(
                    "the table's room `{room}` is no module of the crate"
                ));
            }
        }
        for used in &row.uses {
            match row_of.get(used.as_str()) {
                None => found.push(format!(
                    "the table's row of {:?} names `{used}`, which is no room",
                    row.rooms
                )),
                Some(&j) if j >= k => found.push(format!(
                    "the table's row of {:?} names `{used}`, a room of a row not above it",
                    row.rooms
                )),
                Some(_) => {}
            }
        }
    }
    // The rooms each row's modules use, besides their own.
    let mut made: Vec<BTreeSet<String>> = vec![BTreeSet::new(); rows.len()];
    for (module, uses) in all_uses(all) {
        let Some(room) = module.first() else {
            continue;
        };
        let Some(&k) = row_of.get(room.as_str()) else {
            continue;
        };
        for u in uses {
            let target = &u.target[0];
            if target == room {
                continue;
            }
            made[k].insert(target.clone());
            let allowed = rows[k].uses.contains(target)
                || (words_row && k > 0 && rows[0].rooms.contains(target));
            if !allowed {
                found.push(format!(
                    "`{room}` uses `{target}`, which its row of the table does not name: {}:{} ({}): {}",
                    all[&module].file,
                    u.line,
                    module.join("::"),
                    u.text
                ));
            }
        }
    }
    for (row, made) in rows.iter().zip(&made) {
        for used in row.uses.iter().filter(|u| !made.contains(*u)) {
            found.push(format!(
                "the table's row of {:?} names `{used}`, which none of its modules uses",
                row.rooms
            ));
        }
    }
    found.sort();
    found.dedup();
    found
}

/// Phrases of a front end that are not: the take-and-break code `grundy` (Grundy's game), a
/// file's magic.
const NOT_COMMANDS: &[&str] = &["grundy is Grundy's game", "grundy regions"];

/// A front end's words in the string literals of `module`: a command-line option (`--sums`)
/// or a command (`grundy strong`), each as `file:line: words`.
fn front_end_words(module: &Module) -> Vec<String> {
    let mut found = Vec::new();
    for literal in &module.lexed.literals {
        // The literal's characters with their lines, a `\` at a line's end and the next
        // line's indentation left out, as Rust reads them.
        let raw: Vec<char> = literal.text.chars().collect();
        let mut s: Vec<(char, usize)> = Vec::new();
        let (mut line, mut i) = (literal.line, 0);
        while i < raw.len() {
            if raw[i] == '\\' && raw.get(i + 1) == Some(&'\n') {
                i += 1;
                while raw.get(i).is_some_and(|c| c.is_whitespace()) {
                    line += usize::from(raw[i] == '\n');
                    i += 1;
                }
                continue;
            }
            s.push((raw[i], line));
            line += usize::from(raw[i] == '\n');
            i += 1;
        }
        let chars: Vec<char> = s.iter().map(|&(c, _)| c).collect();
        for k in 0..chars.len() {
            let starts = |word: &str| {
                chars[k..]
                    .iter()
                    .copied()
                    .take(word.chars().count())
                    .eq(word.chars())
            };
            let free = k == 0 || !(ident(chars[k - 1]) || chars[k - 1] == '-');
            let then_word = |at: usize| chars.get(at).is_some_and(|c| c.is_ascii_lowercase());
            let words = |at: usize| -> String {
                chars[at..]
                    .iter()
                    .take_while(|&&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    .collect()
            };
            let phrase = if free && starts("--") && then_word(k + 2) {
                format!("--{}", words(k + 2))
            } else if free
                && starts("grundy ")
                && then_word(k + 7)
                && !NOT_COMMANDS.iter().any(|p| starts(p))
            {
                format!("grundy {}", words(k + 7))
            } else {
                continue;
            };
            found.push(format!("{}:{}: {phrase}", module.file, s[k].1));
        }
    }
    found
}

/// A crate ARCHITECTURE.md lays out.
struct Layout {
    /// The heading of its table of rooms.
    heading: &'static str,
    /// Its sources, from this crate's folder.
    src: &'static str,
    /// Its sources from the workspace's root, as messages name them.
    shown: &'static str,
    /// How many modules it has at least, so that a moved folder is not passed unread.
    at_least: usize,
    /// Whether every room may use the first row's rooms without naming them (the engine's
    /// words: outcomes, progress, arithmetic, budgets).
    words_row: bool,
}

/// The engine and the catalogue.
const CRATES: [Layout; 2] = [
    Layout {
        heading: "## The rooms of the engine",
        src: "src",
        shown: "crates/grundy/src",
        at_least: 100,
        words_row: true,
    },
    Layout {
        heading: "## The rooms of the catalogue",
        src: "../grundy-catalogue/src",
        shown: "crates/grundy-catalogue/src",
        at_least: 40,
        words_row: false,
    },
];

/// The modules of a crate.
fn crate_modules(layout: &Layout) -> BTreeMap<ModPath, Module> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(layout.src);
    let all = modules(&src, layout.shown);
    assert!(
        all.len() >= layout.at_least,
        "{}: {} modules",
        layout.shown,
        all.len()
    );
    all
}

/// What breaks the layers ARCHITECTURE.md gives a crate.
fn crate_layer_breaks(layout: &Layout) -> Vec<String> {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ARCHITECTURE.md");
    let doc = fs::read_to_string(doc).expect("ARCHITECTURE.md");
    let rows = rooms_table(&doc, layout.heading);
    layer_breaks(&rows, &crate_modules(layout), layout.words_row)
}

#[test]
fn the_engines_rooms_use_exactly_the_rooms_its_table_names() {
    let found = crate_layer_breaks(&CRATES[0]);
    assert!(
        found.is_empty(),
        "the layers of the engine:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_catalogues_rooms_use_exactly_the_rooms_its_table_names() {
    let found = crate_layer_breaks(&CRATES[1]);
    assert!(
        found.is_empty(),
        "the layers of the catalogue:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_engines_modules_use_one_another_without_cycles() {
    let found = module_cycles(&crate_modules(&CRATES[0]));
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

#[test]
fn the_catalogues_modules_use_one_another_without_cycles() {
    let found = module_cycles(&crate_modules(&CRATES[1]));
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

#[test]
fn no_string_of_the_engine_or_the_catalogue_speaks_a_front_ends_words() {
    let found: Vec<String> = (CRATES.iter())
        .flat_map(|layout| {
            crate_modules(layout)
                .into_values()
                .flat_map(|m| front_end_words(&m))
        })
        .collect();
    assert!(
        found.is_empty(),
        "a front end's words in a string (a message names a parameter through \
         `Inputs::shown` or a `{{param}}` placeholder, a budget through `Raise`, anything else \
         in words):\n{}",
        found.join("\n")
    );
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
}

/// A crate of `files` (each a module's path and its code).
fn made_up(files: &[(&[&str], &str)]) -> BTreeMap<ModPath, Module> {
    (files.iter())
        .map(|(m, code)| {
            let module = Module {
                file: format!("src/{}.rs", m.join("/")),
                lexed: lex(code),
            };
            (m.iter().map(|s| s.to_string()).collect(), module)
        })
        .collect()
}

#[test]
fn a_use_up_a_layer_is_found_and_named() {
    let doc = "## Rooms\n\n| room | what it holds | uses |\n|---|---|---|\n\
               | `words` | words | nothing |\n\
               | `low` | the bottom | `words` |\n\
               | `high` | the top | all of the above |\n\n## After\n";
    let rows = rooms_table(doc, "## Rooms");
    assert_eq!(rows[2].uses, ["words", "low"]);
    let all = made_up(&[
        (&[], "pub mod words; pub mod low; pub mod high;\npub use low::Low;"),
        (&["words"], ""),
        (&["low"], "// crate::high::X in a comment\nuse crate::words::W;\nuse super::{high::{H, G}, words};"),
        (&["low", "inner"], "fn f() { let s = \"crate::high\"; crate::Low::new() }"),
        (&["high"], "use crate::{low::Low, words::W};\nfn g() -> crate::Low { todo!() }"),
    ]);
    let found = layer_breaks(&rows, &all, true);
    assert_eq!(
        found,
        ["`low` uses `high`, which its row of the table does not name: src/low.rs:3 (low): use super::{high::{H, G}, words};"]
    );
    assert_eq!(module_cycles(&all), ["in : low ↔ high"]);
}

#[test]
fn strings_are_read_as_rust_reads_them() {
    let code = "fn f<'a>(x: &'a str) -> char {\n\
                \x20   let _ = r#\"say \"--not\" here\"#; // \"--comment\"\n\
                \x20   let _ = \"an escaped \\\" quote, then grundy \\\n\
                \x20         strong cards\";\n\
                \x20   /* a /* nested */ \"--comment\" */ '\"'\n\
                }\n\
                #[cfg(test)]\n\
                mod tests {\n    const S: &str = \"--test\";\n}\n\
                const T: &str = \"grundy is Grundy's game, --upto N\";\n";
    let module = Module {
        file: "f.rs".to_string(),
        lexed: lex(code),
    };
    let texts: Vec<&str> = module
        .lexed
        .literals
        .iter()
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(texts.len(), 3, "{texts:?}");
    assert_eq!(
        front_end_words(&module),
        ["f.rs:2: --not", "f.rs:3: grundy strong", "f.rs:11: --upto"]
    );
    assert!(!module.lexed.code.contains("--") && !module.lexed.code.contains("tests"));
}
