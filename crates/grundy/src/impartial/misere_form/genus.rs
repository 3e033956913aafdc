//! Genus symbols `g^γ0γ1γ2…` (Grundy and Smith; Conway, *On Numbers and Games*, ch. 12;
//! *Winning Ways*, ch. 13), tame games, and the misère outcome of a sum of tame games by the
//! genus rule.
//!
//! **Definition.** The genus of `G` is `g^γ0γ1γ2…` where `g = G⁺(G)` is the normal-play Grundy
//! value and `γn = G⁻(G + *2 + … + *2)`, the misère Grundy value of `G` plus `n` heaps of size
//! two. The sequence of γ's alternates from some point on, and is written up to where it
//! starts to: 0 has genus `0^120` (1, 2, 0, 2, 0, …), `*` has `1^031`, `*2` has `2^20`.
//!
//! **Computation.** From the options' genera, never forming a sum: `γ0 = G⁻(G)`, and for
//! n ≥ 1, `γn = mex({γn(G')} ∪ {γ(n-1), γ(n-1) ⊕ 1})`, because the options of `G + n·*2` are
//! the `G' + n·*2`, `G + (n-1)·*2` and `G + (n-1)·*2 + *`, and `G⁻(K + *) = G⁻(K) ⊕ 1` for
//! every `K` (by induction on `K`). Once every option's sequence alternates (from index `k`),
//! each term after `k` depends only on the one before and the parity of its index, so the
//! first `m ≥ k` with `γ(m+2) = γm` makes the rest alternate: a few terms past the options'.
//!
//! **Tame.** The tame genera are those of misère Nim positions: `0^120` and `1^031` (the
//! *fickle* ones, a sum of heaps of size one), and `g^g(g⊕2)` for every g (the *firm* ones,
//! `0^02`, `1^13`, `2^20`, `3^31`, …). A game is tame when every follower of its canonical form
//! (itself included) has a tame genus; then, in a sum of tame games, genera add like misère
//! Nim positions: `g` is the XOR of the components', the sum is fickle exactly when every
//! component is, and the sum is a misère P-position exactly when its `γ0` is 0
//! ([`tame_outcome`]).
//!
//! **Kinds of genus.** Besides tame, a genus is *restive* when `g ∈ {0, 1}` and `γ0 ≥ 2`,
//! *restless* when `g ≥ 2`, `γ0 ∈ {0, 1}`, and *wild* otherwise (the classification of the
//! genus by `g` and `γ0` that CGSuite uses; [`GenusKind`]).
//!
//! **Phyla of games.** A game that is not tame but whose options all are is *restive* when
//! its `g` is 0 or 1, *restless* when its `γ0` is 0 or 1 (Conway's "ambivalent nim heaps",
//! *On Numbers and Games*, ch. 12; CGSuite's hereditarily restive and restless phyla); any
//! other game is *wild* ([`Phylum`], [`GenusTable::phylum`]). CGSuite also calls tame (or
//! restive) some games that become so once options reversible among tame games are set
//! aside; this module keeps to the hereditary definitions.

use std::fmt;

use super::store::{FormId, MisereStore};
use crate::budget::Exhausted;
use crate::math::mex::Mex;
use crate::outcome::OutcomeClass;

/// The genus of a game: its normal-play Grundy value and its sequence of misère Grundy values
/// with heaps of size two added, up to where the sequence alternates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// `g`, the normal-play Grundy value.
    pub base: u32,
    /// `γ0 … γ(k+1)`: from `γk` on, the sequence alternates between its last two terms
    /// (always at least two terms).
    gammas: Vec<u32>,
}

/// How a genus is classified (see the [module documentation](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenusKind {
    /// A genus of misère Nim: `0^120`, `1^031`, or `g^g(g⊕2)`.
    Tame,
    /// `g ∈ {0, 1}` and `γ0 ≥ 2`.
    Restive,
    /// `g ≥ 2` and `γ0 ∈ {0, 1}`.
    Restless,
    /// Any other genus.
    Wild,
}

/// How tame a game is (see the [module documentation](self)): its phylum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phylum {
    /// Every follower of the canonical form has a tame genus.
    Tame,
    /// Not tame, every option tame, and `g` is 0 or 1.
    Restive,
    /// Not tame, every option tame, and `γ0` is 0 or 1.
    Restless,
    /// Any other game.
    Wild,
}

impl fmt::Display for Phylum {
    /// The phylum's name in lower case, as the literature writes it: `tame`, `restive`,
    /// `restless`, `wild`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phylum::Tame => "tame",
            Phylum::Restive => "restive",
            Phylum::Restless => "restless",
            Phylum::Wild => "wild",
        })
    }
}

impl Genus {
    /// `γn`, for any n (the sequence continues alternating past what is stored). O(1).
    pub fn gamma(&self, n: usize) -> u32 {
        let len = self.gammas.len();
        if n < len {
            self.gammas[n]
        } else {
            self.gammas[len - 2 + (n - len) % 2]
        }
    }

    /// The written terms `γ0 … γ(k+1)`, where `γk` is the first term from which the
    /// sequence alternates (so at least two terms). O(1).
    pub fn gammas(&self) -> &[u32] {
        &self.gammas
    }

    /// Whether the genus is fickle, `γ0 ≠ g` (like a sum of heaps of size one), rather than
    /// firm. O(1).
    pub fn is_fickle(&self) -> bool {
        self.gammas[0] != self.base
    }

    /// The kind of this genus. O(k) for k written terms.
    pub fn kind(&self) -> GenusKind {
        let (g, g0) = (self.base, self.gammas[0]);
        if self.is_tame() {
            GenusKind::Tame
        } else if g < 2 && g0 >= 2 {
            GenusKind::Restive
        } else if g >= 2 && g0 < 2 {
            GenusKind::Restless
        } else {
            GenusKind::Wild
        }
    }

    /// Whether this is a tame genus: `0^120`, `1^031` or `g^g(g⊕2)`. O(k) for k written terms.
    pub fn is_tame(&self) -> bool {
        let g = self.base;
        let first = self.gammas[0] == g || (g < 2 && self.gammas[0] == g ^ 1);
        first
            && (1..self.gammas.len()).all(|n| self.gammas[n] == if n % 2 == 1 { g ^ 2 } else { g })
    }

    /// The genus from `base` and the terms `γ0, γ1, …` of a sequence that alternates from
    /// some term on (the caller's guarantee), written up to where it starts to. O(k).
    fn written(base: u32, mut gammas: Vec<u32>) -> Genus {
        let mut k = gammas.len().saturating_sub(2);
        while k > 0 && gammas[k - 1] == gammas[k + 1] {
            k -= 1;
        }
        gammas.truncate(k + 2);
        Genus { base, gammas }
    }
}

impl fmt::Display for Genus {
    /// `g^γ0γ1…` with one digit a term (`0^120`), or, when a value has more than one digit,
    /// the terms between parentheses and separated by commas (`12^(12,14)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.base)?;
        if self.gammas.iter().all(|&v| v < 10) {
            self.gammas.iter().try_for_each(|v| write!(f, "{v}"))
        } else {
            let terms: Vec<String> = self.gammas.iter().map(u32::to_string).collect();
            write!(f, "({})", terms.join(","))
        }
    }
}

/// The genera of a store's forms, computed once each. Kept beside the store (the store
/// names none of the analyses built on it); ids of one store only.
#[derive(Default)]
pub struct GenusTable {
    genera: Vec<Option<Genus>>,
}

impl GenusTable {
    /// An empty table. O(1).
    pub fn new() -> GenusTable {
        GenusTable::default()
    }

    /// The genus of `g` (a copy: a few words). Computes the genera of `g`'s followers not yet
    /// known, in the order of their ids (options before the games they are options of), each
    /// from its options' in O(options × terms): no recursion, so deep games are safe. The
    /// table's memory (a slot per id up to `g`'s, a few dozen bytes each) is checked against
    /// the store's budget before it grows.
    ///
    /// ```
    /// use grundy::impartial::misere_form::{FormId, GenusTable, MisereStore};
    ///
    /// let mut store = MisereStore::new();
    /// let mut genera = GenusTable::new();
    /// let star2 = store.nimber(2).unwrap();
    /// let two_twos = store.sum(star2, star2).unwrap();
    /// let shown = |g, genera: &mut GenusTable, store: &MisereStore| {
    ///     genera.genus(store, g).unwrap().to_string()
    /// };
    /// assert_eq!(shown(FormId::ZERO, &mut genera, &store), "0^120");
    /// assert_eq!(shown(FormId::STAR, &mut genera, &store), "1^031");
    /// assert_eq!(shown(star2, &mut genera, &store), "2^20");
    /// assert_eq!(shown(two_twos, &mut genera, &store), "0^02");
    /// ```
    pub fn genus(&mut self, store: &MisereStore, g: FormId) -> Result<Genus, Exhausted> {
        let index = g.index() as usize;
        if self.genera.len() <= index {
            // A slot, and the few terms a genus holds on the heap.
            let slot = std::mem::size_of::<Option<Genus>>() as u64 + 32;
            let bytes = (index as u64 + 1).saturating_mul(slot);
            store
                .budget()
                .check_memory(store.bytes().saturating_add(bytes), WORK, index as u64)?;
            self.genera.resize(index + 1, None);
        }
        if self.genera[index].is_none() {
            let genera = &self.genera;
            let missing = store.followers_where(g, |o| genera[o.index() as usize].is_none());
            for id in missing {
                let genus = self.compute(store, id);
                self.genera[id.index() as usize] = Some(genus);
            }
        }
        Ok(self.genera[index].clone().expect("computed above"))
    }

    /// Whether `g` is tame: every follower of its canonical form, `g` included, has a tame
    /// genus. O(f) genera for f followers.
    pub fn is_tame(&mut self, store: &MisereStore, g: FormId) -> Result<bool, Exhausted> {
        for id in store.followers_where(g, |_| true) {
            if !self.genus(store, id)?.is_tame() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The phylum of `g`: tame, restive, restless or wild. O(f) genera for f followers.
    ///
    /// ```
    /// use grundy::impartial::misere_form::{GenusTable, MisereStore, Phylum};
    ///
    /// let mut store = MisereStore::new();
    /// let mut genera = GenusTable::new();
    /// let phylum = |word, store: &mut MisereStore, genera: &mut GenusTable| {
    ///     let g = store.parse(word).unwrap();
    ///     genera.phylum(store, g).unwrap()
    /// };
    /// assert_eq!(phylum("2#", &mut store, &mut genera), Phylum::Tame); // genus 0^02
    /// assert_eq!(phylum("2#1", &mut store, &mut genera), Phylum::Restless); // 2^1420
    /// assert_eq!(phylum("2#0", &mut store, &mut genera), Phylum::Restive); // 1^20
    /// ```
    pub fn phylum(&mut self, store: &MisereStore, g: FormId) -> Result<Phylum, Exhausted> {
        if self.is_tame(store, g)? {
            return Ok(Phylum::Tame);
        }
        for &o in store.options(g) {
            if !self.is_tame(store, o)? {
                return Ok(Phylum::Wild);
            }
        }
        let genus = self.genus(store, g)?;
        Ok(if genus.base < 2 {
            Phylum::Restive
        } else if genus.gammas[0] < 2 {
            Phylum::Restless
        } else {
            Phylum::Wild
        })
    }

    /// The genus of `g` from its options' genera, all known.
    fn compute(&self, store: &MisereStore, g: FormId) -> Genus {
        let options: Vec<&Genus> = store
            .options(g)
            .iter()
            .map(|o| {
                self.genera[o.index() as usize]
                    .as_ref()
                    .expect("options first")
            })
            .collect();
        // From this index on every option's sequence alternates.
        let settled = options
            .iter()
            .map(|o| o.gammas.len() - 2)
            .max()
            .unwrap_or(0);
        let mut gammas = vec![store.misere_value(g)];
        let mut n = 1;
        loop {
            let before = gammas[n - 1];
            let next = Mex::new().of(options
                .iter()
                .map(|o| o.gamma(n))
                .chain([before, before ^ 1]));
            gammas.push(next);
            // Alternation from m = n - 2 ≥ settled is alternation for ever.
            if n >= settled + 2 && gammas[n] == gammas[n - 2] {
                break;
            }
            n += 1;
        }
        Genus::written(store.normal_value(g), gammas)
    }
}

/// What the table's budget errors say it was doing.
const WORK: &str = "computing genera";

/// The misère outcome of the sum of `games` by the genus rule, if every one is tame (else
/// `None`): the sum's `g` is the XOR of theirs, it is fickle when all of them are, and it is a
/// misère P-position when its `γ0` — `g ⊕ 1` if fickle, else `g` — is 0. O(f) genera for f
/// followers, then O(k); no sum is formed.
///
/// ```
/// use grundy::impartial::misere_form::{tame_outcome, FormId, GenusTable, MisereStore};
/// use grundy::outcome::OutcomeClass;
///
/// let mut store = MisereStore::new();
/// let mut genera = GenusTable::new();
/// let heaps = [store.nimber(3).unwrap(), store.nimber(2).unwrap(), FormId::STAR];
/// // Misère Nim 3, 2, 1: XOR 0 with a heap above 1, a loss for the player to move.
/// let outcome = tame_outcome(&store, &mut genera, &heaps).unwrap();
/// assert_eq!(outcome, Some(OutcomeClass::Second));
/// ```
pub fn tame_outcome(
    store: &MisereStore,
    genera: &mut GenusTable,
    games: &[FormId],
) -> Result<Option<OutcomeClass>, Exhausted> {
    let mut base = 0;
    let mut fickle = true;
    for &g in games {
        if !genera.is_tame(store, g)? {
            return Ok(None);
        }
        let genus = genera.genus(store, g)?;
        base ^= genus.base;
        fickle &= genus.is_fickle();
    }
    let gamma0 = if fickle { base ^ 1 } else { base };
    Ok(Some(if gamma0 == 0 {
        OutcomeClass::Second
    } else {
        OutcomeClass::First
    }))
}
