//! Connect Four numbered for the tiered solver: a combinatorial ranking by stones on the board.
//!
//! Tier k holds the boards of k stones. A board is its *shape* (the height of each column)
//! and its *colouring* (which of the k stones are `x`'s, read column by column from the
//! bottom: a string of k bits with ⌈k/2⌉ ones). The rank is the shape's offset within the tier
//! (shapes in order of their code Σ height_c·(h+1)^c) plus the colouring's rank among the
//! strings of k bits with that many ones (the colex order: Σ C(j_i, i) over the i-th one at
//! bit j_i). Every board with gravity and the right counts has a rank, including boards no
//! game reaches (fours for both sides, play after a four): they are solved by the rules too.
//!
//! A move adds a stone: it goes from tier k to k + 1 and changes one column's height, so the
//! options of a tier's shapes fall in a few neighbouring blocks of the next tier, which keeps
//! the solver's look-ups near each other.

use super::{Connect4, Connect4Position};
use grundy::outcome::Outcome;
use grundy::rules::tiered::TierRanking;
use grundy::rules::Game;

/// Most shape codes the ranking keeps an offset for ((h+1)^w, 8 bytes each): 7 × 6 has
/// 823,543; 8 × 7 (16.7 million) is refused.
const MOST_SHAPES: u64 = 1 << 22;
/// Most columns: (h + 1)·w ≤ 64 with h ≥ 1.
const MOST_COLUMNS: usize = 32;

/// Connect Four on a board with its ranking by tiers (see the module).
#[derive(Debug, Clone)]
pub struct Connect4Tiers {
    game: Connect4,
    /// `binomial[n · stride + k]` = C(n, k), for n, k up to the number of cells.
    binomial: Vec<u64>,
    stride: usize,
    /// The offset of each shape within its tier, by shape code.
    offset: Vec<u64>,
    /// (h + 1)^c: a stone in column c adds it to the shape code.
    place: Vec<u32>,
    /// Each tier's shapes as (offset, code), in order.
    shapes: Vec<Vec<(u64, u32)>>,
    /// Each tier's size.
    sizes: Vec<u64>,
}

/// Where a shape's stones are: the mask of its cells, and each column's height and the
/// number of stones in the columns before it (where the column's bits start in a colouring).
#[derive(Debug, Clone, Copy)]
struct Layout {
    code: u32,
    mask: u64,
    heights: [u32; MOST_COLUMNS],
    before: [u32; MOST_COLUMNS],
}

/// The `n` low bits.
#[inline]
fn low(n: u32) -> u64 {
    (1u64 << n) - 1
}

impl Connect4Tiers {
    /// The ranking of `game`'s boards, or why it is too large to make: (h+1)^w shape codes
    /// at most 2^22. O((h+1)^w · w) time and 8 bytes a shape code.
    pub fn new(game: Connect4) -> Result<Connect4Tiers, String> {
        let (w, h) = (game.width(), game.height());
        let codes = u64::from(h + 1).checked_pow(w).unwrap_or(u64::MAX);
        if codes > MOST_SHAPES {
            return Err(format!(
                "a {w} × {h} board has {codes} column shapes, more than the {MOST_SHAPES} the \
                 ranking by tiers holds (7 × 6 has 823,543)"
            ));
        }
        let cells = (w * h) as usize;
        let stride = cells + 1;
        let mut binomial = vec![0u64; stride * stride];
        for n in 0..=cells {
            binomial[n * stride] = 1;
            for k in 1..=n {
                binomial[n * stride + k] = binomial[(n - 1) * stride + k - 1]
                    .saturating_add(binomial[(n - 1) * stride + k]);
            }
        }
        let place: Vec<u32> = (0..w).map(|c| (h + 1).pow(c)).collect();
        let mut ranking = Connect4Tiers {
            game,
            binomial,
            stride,
            offset: vec![0u64; codes as usize],
            place,
            shapes: vec![Vec::new(); cells + 1],
            sizes: vec![0u64; cells + 1],
        };
        for code in 0..codes as u32 {
            let stones = ranking.layout_of_code(code).before[w as usize - 1]
                + (code / ranking.place[w as usize - 1]);
            let stones = stones as usize;
            let size = ranking.sizes[stones];
            ranking.offset[code as usize] = size;
            ranking.shapes[stones].push((size, code));
            ranking.sizes[stones] = size + ranking.choose(stones as u32, stones.div_ceil(2) as u32);
        }
        Ok(ranking)
    }

    /// The ranking of the game a solution names (`connect4 7x4`, as
    /// [`TierRanking::name`] writes it), if it is Connect Four of a size that ranks.
    ///
    /// ```
    /// use grundy_catalogue::games::connect4::Connect4Tiers;
    /// use grundy::rules::tiered::TierRanking;
    /// let tiers = Connect4Tiers::from_name("connect4 5x4").unwrap();
    /// assert_eq!(tiers.name(), "connect4 5x4");
    /// assert!(Connect4Tiers::from_name("connect4 5 by 4").is_none());
    /// ```
    pub fn from_name(name: &str) -> Option<Connect4Tiers> {
        let (w, h) = name.strip_prefix("connect4 ")?.split_once('x')?;
        let game = Connect4::new(w.parse().ok()?, h.parse().ok()?)?;
        Connect4Tiers::new(game).ok()
    }

    /// The rules.
    pub fn game(&self) -> &Connect4 {
        &self.game
    }

    /// C(n, k).
    #[inline]
    fn choose(&self, n: u32, k: u32) -> u64 {
        self.binomial[n as usize * self.stride + k as usize]
    }

    /// The layout of a shape code.
    fn layout_of_code(&self, code: u32) -> Layout {
        let h = self.game.height();
        let mut layout = Layout {
            code,
            mask: 0,
            heights: [0; MOST_COLUMNS],
            before: [0; MOST_COLUMNS],
        };
        let (mut rest, mut at) = (code, 0);
        for c in 0..self.game.width() as usize {
            let height = rest % (h + 1);
            rest /= h + 1;
            layout.heights[c] = height;
            layout.before[c] = at;
            layout.mask |= low(height) << (c as u32 * (h + 1));
            at += height;
        }
        layout
    }

    /// The layout of the stones of `mask`.
    #[inline]
    fn layout_of_mask(&self, mask: u64) -> Layout {
        let h = self.game.height();
        let mut layout = Layout {
            code: 0,
            mask,
            heights: [0; MOST_COLUMNS],
            before: [0; MOST_COLUMNS],
        };
        let mut at = 0;
        for c in 0..self.game.width() as usize {
            let height = ((mask >> (c as u32 * (h + 1))) & low(h)).count_ones();
            layout.heights[c] = height;
            layout.before[c] = at;
            layout.code += height * self.place[c];
            at += height;
        }
        layout
    }

    /// The colouring of `crosses` (x's stones) on a layout: its stones' bits, column by
    /// column from the bottom.
    #[inline]
    fn colouring(&self, layout: &Layout, crosses: u64) -> u64 {
        let h = self.game.height();
        (0..self.game.width() as usize).fold(0, |col, c| {
            col | ((crosses >> (c as u32 * (h + 1))) & low(layout.heights[c])) << layout.before[c]
        })
    }

    /// The position of a layout and a colouring with `stones` stones.
    #[inline]
    fn position(&self, layout: &Layout, colouring: u64, stones: u32) -> Connect4Position {
        let h = self.game.height();
        let crosses = (0..self.game.width() as usize).fold(0, |x, c| {
            x | ((colouring >> layout.before[c]) & low(layout.heights[c])) << (c as u32 * (h + 1))
        });
        let mine = if stones % 2 == 0 {
            crosses
        } else {
            crosses ^ layout.mask
        };
        Connect4Position {
            mine,
            mask: layout.mask,
        }
    }

    /// The colex rank of a colouring among the strings of its length with as many ones.
    #[inline]
    fn colex(&self, colouring: u64) -> u64 {
        let (mut rank, mut ones, mut i) = (0, colouring, 1);
        while ones != 0 {
            rank += self.choose(ones.trailing_zeros(), i);
            ones &= ones - 1;
            i += 1;
        }
        rank
    }

    /// The colouring of `stones` bits with ⌈stones/2⌉ ones of colex rank `rank`.
    fn colex_unrank(&self, mut rank: u64, stones: u32) -> u64 {
        let mut colouring = 0u64;
        let mut j = stones;
        for i in (1..=stones.div_ceil(2)).rev() {
            j -= 1;
            while self.choose(j, i) > rank {
                j -= 1;
            }
            colouring |= 1 << j;
            rank -= self.choose(j, i);
        }
        colouring
    }

    /// The first player's stones at `p`.
    fn crosses(p: &Connect4Position) -> u64 {
        if p.mask.count_ones() % 2 == 0 {
            p.mine
        } else {
            p.mine ^ p.mask
        }
    }

    /// The shape of `tier` holding `rank`: its index among the tier's shapes.
    fn shape_index(&self, tier: u32, rank: u64) -> usize {
        self.shapes[tier as usize].partition_point(|&(o, _)| o <= rank) - 1
    }
}

impl Game for Connect4Tiers {
    type Position = Connect4Position;

    fn moves(&self, p: &Connect4Position, out: &mut grundy::rules::Moves<Connect4Position>) {
        self.game.moves(p, out);
    }

    fn result(&self, p: &Connect4Position) -> Option<Outcome> {
        self.game.result(p)
    }
}

impl TierRanking for Connect4Tiers {
    fn name(&self) -> String {
        format!("connect4 {}x{}", self.game.width(), self.game.height())
    }

    fn tier_count(&self) -> u32 {
        self.sizes.len() as u32
    }

    fn tier(&self, p: &Connect4Position) -> u32 {
        p.mask.count_ones()
    }

    fn tier_size(&self, tier: u32) -> u64 {
        self.sizes[tier as usize]
    }

    fn rank(&self, p: &Connect4Position) -> u64 {
        let layout = self.layout_of_mask(p.mask);
        self.offset[layout.code as usize] + self.colex(self.colouring(&layout, Self::crosses(p)))
    }

    fn unrank(&self, tier: u32, rank: u64) -> Connect4Position {
        let (start, code) = self.shapes[tier as usize][self.shape_index(tier, rank)];
        let colouring = self.colex_unrank(rank - start, tier);
        self.position(&self.layout_of_code(code), colouring, tier)
    }

    /// Steps through the colourings of a shape in colex order, which is the order of their
    /// values: the next is the next larger number with as many ones (Gosper's step).
    fn unrank_range(
        &self,
        tier: u32,
        ranks: std::ops::Range<u64>,
        out: &mut Vec<Connect4Position>,
    ) {
        if ranks.is_empty() {
            return;
        }
        let shapes = &self.shapes[tier as usize];
        let per_shape = self.choose(tier, tier.div_ceil(2));
        let mut index = self.shape_index(tier, ranks.start);
        let mut layout = self.layout_of_code(shapes[index].1);
        let mut colouring = self.colex_unrank(ranks.start - shapes[index].0, tier);
        for rank in ranks.clone() {
            if rank != ranks.start {
                if rank - shapes[index].0 == per_shape {
                    index += 1;
                    layout = self.layout_of_code(shapes[index].1);
                    colouring = low(tier.div_ceil(2));
                } else {
                    let lowest = colouring & colouring.wrapping_neg();
                    let ripple = colouring + lowest;
                    colouring = (((ripple ^ colouring) >> 2) >> lowest.trailing_zeros()) | ripple;
                }
            }
            out.push(self.position(&layout, colouring, tier));
        }
    }

    /// An option adds a stone on top of a column: its shape code grows by that column's
    /// place, and its colouring gets a bit inserted where the column's stones end.
    fn ranked_moves(&self, p: &Connect4Position, out: &mut Vec<(u32, u64)>) {
        let h = self.game.height();
        let layout = self.layout_of_mask(p.mask);
        let stones = p.mask.count_ones();
        let colouring = self.colouring(&layout, Self::crosses(p));
        let bit = u64::from(stones % 2 == 0);
        for c in 0..self.game.width() as usize {
            if layout.heights[c] == h {
                continue;
            }
            let at = layout.before[c] + layout.heights[c];
            let child = (colouring & low(at)) | (bit << at) | ((colouring >> at) << (at + 1));
            let code = layout.code + self.place[c];
            out.push((stones + 1, self.offset[code as usize] + self.colex(child)));
        }
    }

    fn later_tiers(&self, tier: u32) -> std::ops::Range<u32> {
        tier + 1..tier + 2
    }
}
