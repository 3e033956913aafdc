//! A numbering of a game's positions that depends on the game alone, not on how it was
//! built: equal canonical stoppers (whose graphs are isomorphic) come out identical, and
//! print the same.

use super::graph::LoopyGame;
use super::short::short_forms;
use crate::partizan::{GameId, GameStore, Side, ValueError};

/// `game` renumbered: the start first, then the loopfree positions in the store's display
/// order of their canonical forms, then the others in the order of the colours of a partition
/// refinement (each position coloured by its colour and the sorted colours of its Left and
/// Right options, until no class splits). Positions the refinement cannot tell apart keep
/// their relative order; in a fused graph (no two positions equal) there are none. O(n (n + m)
/// log m) at most, besides sorting the short forms. Returns the renumbered game and the
/// canonical form of each of its loopfree positions (`None` for the others), built in
/// `store`.
pub(crate) fn canonical(
    game: &LoopyGame,
    store: &mut GameStore,
) -> Result<(LoopyGame, Vec<Option<GameId>>), ValueError> {
    let n = game.len();
    let forms = short_forms(game, store)?;
    let mut distinct: Vec<GameId> = forms.iter().flatten().copied().collect();
    distinct.sort_unstable();
    distinct.dedup();
    store.sort_for_display(&mut distinct)?;
    let rank = |g: GameId| distinct.iter().position(|&d| d == g).expect("listed") as u32;
    let mut colour: Vec<u32> = forms
        .iter()
        .map(|f| f.map_or(distinct.len() as u32, rank))
        .collect();
    let mut classes = count_classes(&colour);
    loop {
        let signature = |v: u32| {
            let mut sides = [Side::Left, Side::Right].map(|side| {
                let mut c: Vec<u32> = game
                    .options(v, side)
                    .iter()
                    .map(|&w| colour[w as usize])
                    .collect();
                c.sort_unstable();
                c
            });
            let [l, r] = std::mem::take(&mut sides);
            (colour[v as usize], l, r)
        };
        let signatures: Vec<_> = (0..n as u32).map(signature).collect();
        let mut sorted: Vec<&_> = signatures.iter().collect();
        sorted.sort_unstable();
        sorted.dedup();
        colour = signatures
            .iter()
            .map(|s| sorted.binary_search(&s).expect("listed") as u32)
            .collect();
        let now = count_classes(&colour);
        if now == classes {
            break;
        }
        classes = now;
    }
    let mut order: Vec<u32> = (1..n as u32).collect();
    order.sort_by_key(|&v| colour[v as usize]);
    order.insert(0, 0);
    let mut id = vec![0u32; n];
    for (i, &v) in order.iter().enumerate() {
        id[v as usize] = i as u32;
    }
    let lists = |side| -> Vec<Vec<u32>> {
        order
            .iter()
            .map(|&v| {
                let mut list: Vec<u32> = game
                    .options(v, side)
                    .iter()
                    .map(|&w| id[w as usize])
                    .collect();
                list.sort_unstable();
                list
            })
            .collect()
    };
    let renumbered = LoopyGame::from_parts(lists(Side::Left), lists(Side::Right));
    Ok((
        renumbered,
        order.iter().map(|&v| forms[v as usize]).collect(),
    ))
}

fn count_classes(colour: &[u32]) -> usize {
    let mut c = colour.to_vec();
    c.sort_unstable();
    c.dedup();
    c.len()
}
