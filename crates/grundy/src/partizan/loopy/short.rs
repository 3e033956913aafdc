//! The loopfree part of a loopy game: the positions from which no cycle can be reached,
//! each a short game, valued by the store of canonical forms.

use super::graph::LoopyGame;
use crate::partizan::{GameId, GameStore, Side, ValueError};

/// The positions of `game` from which no cycle can be reached, options before the positions
/// that have them (each position is taken once all its options are). Kahn's peeling on the
/// reversed graph, O(n + m).
pub(crate) fn loopfree_order(game: &LoopyGame) -> Vec<u32> {
    let n = game.len();
    let mut waiting = vec![0u32; n];
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for v in 0..n as u32 {
        let mut targets: Vec<u32> = game
            .options(v, Side::Left)
            .iter()
            .chain(game.options(v, Side::Right))
            .copied()
            .collect();
        targets.sort_unstable();
        targets.dedup();
        waiting[v as usize] = targets.len() as u32;
        for w in targets {
            preds[w as usize].push(v);
        }
    }
    let mut order: Vec<u32> = (0..n as u32)
        .filter(|&v| waiting[v as usize] == 0)
        .collect();
    let mut next = 0;
    while next < order.len() {
        let w = order[next];
        for &v in &preds[w as usize] {
            waiting[v as usize] -= 1;
            if waiting[v as usize] == 0 {
                order.push(v);
            }
        }
        next += 1;
    }
    order
}

/// The canonical form of every loopfree position of `game` (`None` for the others), built
/// in `store`. O(n + m) besides the store's canonicalisation.
pub(crate) fn short_forms(
    game: &LoopyGame,
    store: &mut GameStore,
) -> Result<Vec<Option<GameId>>, ValueError> {
    let mut forms: Vec<Option<GameId>> = vec![None; game.len()];
    for v in loopfree_order(game) {
        let ids = |side| -> Vec<GameId> {
            game.options(v, side)
                .iter()
                .map(|&w| forms[w as usize].expect("options come first"))
                .collect()
        };
        let (left, right) = (ids(Side::Left), ids(Side::Right));
        forms[v as usize] = Some(store.game(&left, &right)?);
    }
    Ok(forms)
}

/// The short game `g` of `store` as a loopy game: its canonical form's positions, each once.
/// O(positions of the form) besides the store's option lists.
pub(crate) fn short_game(store: &mut GameStore, g: GameId) -> Result<LoopyGame, ValueError> {
    let mut at: rustc_hash::FxHashMap<GameId, u32> = rustc_hash::FxHashMap::default();
    let (mut left, mut right): (Vec<Vec<u32>>, Vec<Vec<u32>>) = (Vec::new(), Vec::new());
    let mut order = vec![g];
    at.insert(g, 0);
    left.push(Vec::new());
    right.push(Vec::new());
    let mut next = 0;
    while next < order.len() {
        let x = order[next];
        for side in [Side::Left, Side::Right] {
            let mut list = Vec::new();
            for o in store.options(x, side)? {
                let id = *at.entry(o).or_insert_with(|| {
                    order.push(o);
                    left.push(Vec::new());
                    right.push(Vec::new());
                    (order.len() - 1) as u32
                });
                list.push(id);
            }
            match side {
                Side::Left => left[next] = list,
                Side::Right => right[next] = list,
            }
        }
        next += 1;
    }
    Ok(LoopyGame::from_parts(left, right))
}
