//! What users call the positions: integer ids or names.

use std::fmt;

/// The labels of a graph's positions, kept apart from the moves so that solvers never touch them.
/// Two empty label sets are equal whatever their kind.
///
/// ```
/// use grundy::graph::Labels;
///
/// let ids = Labels::Integers(vec![3, 7, 10]);
/// assert_eq!(ids.index_of("7"), Some(1));
/// assert_eq!(ids.get(2).to_string(), "10");
///
/// let names = Labels::Names(vec!["start".into(), "end".into()]);
/// assert_eq!(names.index_of("end"), Some(1));
/// assert_eq!(names.len(), 2);
/// assert_eq!(Labels::Names(vec![]), Labels::Integers(vec![]));
/// ```
#[derive(Debug, Clone, Eq)]
pub enum Labels {
    /// Integer ids, strictly increasing with the position index (4 bytes per position).
    Integers(Vec<u32>),
    /// Names, in the order the positions were first mentioned.
    Names(Vec<Box<str>>),
}

/// One label, borrowed; displays as the user wrote it (integers in decimal).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label<'a> {
    /// An integer id.
    Integer(u32),
    /// A name.
    Name(&'a str),
}

impl fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Integer(v) => write!(f, "{v}"),
            Label::Name(s) => f.write_str(s),
        }
    }
}

impl PartialEq for Labels {
    fn eq(&self, other: &Labels) -> bool {
        match (self, other) {
            (Labels::Integers(a), Labels::Integers(b)) => a == b,
            (Labels::Names(a), Labels::Names(b)) => a == b,
            _ => self.is_empty() && other.is_empty(),
        }
    }
}

impl Labels {
    /// Number of labels. O(1).
    pub fn len(&self) -> usize {
        match self {
            Labels::Integers(v) => v.len(),
            Labels::Names(v) => v.len(),
        }
    }

    /// Whether there are no labels. O(1).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The label of position `p`. O(1).
    ///
    /// # Panics
    /// If `p` is not below [`Labels::len`].
    #[inline]
    pub fn get(&self, p: u32) -> Label<'_> {
        match self {
            Labels::Integers(v) => Label::Integer(v[p as usize]),
            Labels::Names(v) => Label::Name(&v[p as usize]),
        }
    }

    /// The position labelled `label`: binary search for integer ids (which are sorted), a scan
    /// for names: O(log n) or O(n). An all-digit label also matches the integer it spells in a
    /// named graph.
    ///
    /// ```
    /// use grundy::graph::Labels;
    ///
    /// let names = Labels::Names(vec!["a".into(), "7".into()]);
    /// assert_eq!(names.index_of("007"), Some(1));
    /// assert_eq!(Labels::Integers(vec![7]).index_of("007"), Some(0));
    /// assert_eq!(Labels::Integers(vec![7]).index_of("x"), None);
    /// ```
    pub fn index_of(&self, label: &str) -> Option<u32> {
        match self {
            Labels::Integers(v) => {
                let id: u32 = parse_integer_label(label)?;
                v.binary_search(&id).ok().map(|i| i as u32)
            }
            Labels::Names(v) => {
                let canonical = parse_integer_label(label).map(|i| i.to_string());
                let wanted = canonical.as_deref().unwrap_or(label);
                v.iter().position(|n| &**n == wanted).map(|i| i as u32)
            }
        }
    }
}

/// An all-digit label as an integer (`None` if it is not all digits or does not fit in `u32`).
fn parse_integer_label(label: &str) -> Option<u32> {
    if label.is_empty() || !label.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    label.parse().ok()
}
