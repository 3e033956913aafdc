//! Dōbutsu Shōgi ("Let's Catch the Lion!"): a 3 × 4 board; each player a lion (one step any
//! way), a giraffe (one step orthogonally), an elephant (one step diagonally) and a chick (one
//! step forward), the chick promoted to a hen on reaching the far row (a hen steps like a gold
//! general: orthogonally, or diagonally forward). A piece captured goes to the captor's hand
//! (a hen as a chick) and may be dropped on any empty cell instead of a move; a chick dropped on
//! the far row stays a chick (and cannot move), as GamesmanOne's dshogi has it. Capturing the
//! lion wins; so does a lion that reaches the far row and is not captured at once (the try).
//!
//! Positions are seen from the player to move, as in Tanaka's analysis (2009): the mover's
//! pieces are at the bottom and move up, and every move turns the board round. The rules
//! end a position where the mover can capture the other lion (a win: the capture is the
//! winning move), where the other lion stands on the mover's home row out of reach (a loss: a
//! try completed), and where the mover's own lion stands on the far row (a win; no play
//! reaches it, since the try ended the game a move before). So both lions are always on the
//! board, and the game is one tier: pieces only move between board and hands, no quantity
//! falls with every move, and the tier's cycles are solved by retrograde over un-moves
//! (3 bytes a position).
//!
//! A position's rank: the two lions' cells (12 · 11), then the other pieces: which of them are
//! on the board and whose (a chick promoted or not), how many of the rest the mover holds, and
//! their arrangement on the 10 cells left ([`super::arrange`]). That numbers 1,567,925,964
//! positions, Tanaka's count of all positions; 246,803,167 are reachable from the start
//! (Tanaka), a loss for the player to move (the second player wins).
//!
//! The option `animals` keeps only some pairs of the giraffes (g), elephants (e) and chicks (c)
//! besides the lions: smaller games, each exact, that test the rules against brute force.

use std::marker::PhantomData;

use super::arrange::Arrangements;
use super::{max_positions, BoardGame, BoardRules, SOLVED};
use crate::games::{Inputs, Param, RunError};
use grundy::outcome::Outcome;
use grundy::rules::tiered::TierRanking;
use grundy::rules::{Game, Moves};

/// Cells, row by row from the top (the far row of the player to move).
const CELLS: usize = 12;

/// Kinds of piece on the board; the other player's have [`THEIRS`] added.
const LION: u8 = 1;
const GIRAFFE: u8 = 2;
const ELEPHANT: u8 = 3;
const CHICK: u8 = 4;
const HEN: u8 = 5;
/// Added to a kind for the other player's piece.
const THEIRS: u8 = 8;

/// The letters of the kinds, indexed by kind (the mover's upper case, the other's lower).
const LETTERS: [char; 6] = ['.', 'L', 'G', 'E', 'C', 'H'];

/// The kinds that go to hand, in hand order: giraffe, elephant, chick.
const HAND_KINDS: [u8; 3] = [GIRAFFE, ELEPHANT, CHICK];

/// The steps of each kind for the mover (rows up are negative), indexed by kind.
const STEPS: [&[(i8, i8)]; 6] = [
    &[],
    &[
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ],
    &[(-1, 0), (0, -1), (0, 1), (1, 0)],
    &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
    &[(-1, 0)],
    &[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)],
];

/// The cell one step `(dr, dc)` from `cell`, if on the board.
fn step(cell: usize, (dr, dc): (i8, i8)) -> Option<usize> {
    let (r, c) = ((cell / 3) as i8 + dr, (cell % 3) as i8 + dc);
    ((0..4).contains(&r) && (0..3).contains(&c)).then(|| (3 * r + c) as usize)
}

/// A position, seen from the player to move (at the bottom, moving up): each cell 0 (empty),
/// a kind (the mover's) or a kind + 8 (the other's); and the pieces in each hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DobutsuPosition {
    /// Cells row by row from the top.
    pub board: [u8; CELLS],
    /// `hands[0]`: the mover's giraffes, elephants and chicks in hand; `hands[1]`: the
    /// other's.
    pub hands: [[u8; 3]; 2],
}

impl DobutsuPosition {
    /// The same position seen from the other player: the board turned round, the owners and
    /// the hands swapped.
    fn turned(&self) -> DobutsuPosition {
        let mut board = [0; CELLS];
        for (cell, &piece) in self.board.iter().enumerate() {
            board[CELLS - 1 - cell] = if piece == 0 { 0 } else { piece ^ THEIRS };
        }
        DobutsuPosition {
            board,
            hands: [self.hands[1], self.hands[0]],
        }
    }

    /// The cell of the lion `LION` (the mover's) or `LION + THEIRS`.
    fn lion(&self, lion: u8) -> Option<usize> {
        self.board.iter().position(|&c| c == lion)
    }

    /// Whether a piece of the mover can step onto `target`.
    fn attacks(&self, target: usize) -> bool {
        (0..CELLS).any(|cell| {
            let piece = self.board[cell];
            (1..THEIRS).contains(&piece)
                && STEPS[piece as usize]
                    .iter()
                    .any(|&d| step(cell, d) == Some(target))
        })
    }
}

/// One arrangement class of the pieces other than lions: how many of each of the eight
/// board kinds (the mover's giraffes, elephants, chicks, hens, then the other's) and of each
/// hand kind the mover holds.
#[derive(Debug, Clone)]
struct Class {
    arrangement: Arrangements,
    /// The class's first number among all classes' arrangements.
    offset: u64,
    board: [u32; 8],
    hand: [u8; 3],
}

/// The board kinds of [`Class::board`], in order.
const BOARD_KINDS: [u8; 8] = [
    GIRAFFE,
    ELEPHANT,
    CHICK,
    HEN,
    GIRAFFE + THEIRS,
    ELEPHANT + THEIRS,
    CHICK + THEIRS,
    HEN + THEIRS,
];

/// The hand kind (0 giraffe, 1 elephant, 2 chick) of a board kind.
fn hand_kind(piece: u8) -> usize {
    match piece & !THEIRS {
        GIRAFFE => 0,
        ELEPHANT => 1,
        _ => 2,
    }
}

/// Dōbutsu Shōgi's rules, with the pairs of animals in play besides the lions.
#[derive(Debug, Clone)]
pub struct Dobutsu {
    /// Pieces of each hand kind in play: 2 or 0.
    totals: [u8; 3],
    classes: Vec<Class>,
    /// The class of each count vector, by its code (eight digits of board counts, three of
    /// hand counts, base 3), `u32::MAX` for none.
    class_of: Vec<u32>,
    /// Positions of the non-lion pieces, all classes.
    configurations: u64,
}

/// The code of a count vector.
fn class_code(board: &[u32; 8], hand: &[u8; 3]) -> u32 {
    (board.iter().copied())
        .chain(hand.iter().map(|&h| u32::from(h)))
        .fold(0, |code, d| code * 3 + d)
}

impl Dobutsu {
    /// The rules with the pairs `animals` names (letters g, e, c: giraffes, elephants,
    /// chicks; `gec` for the game), or what is wrong with the name. O(classes).
    pub fn new(animals: &str) -> Result<Dobutsu, String> {
        let mut totals = [0u8; 3];
        for ch in animals.chars() {
            let i = match ch {
                'g' => 0,
                'e' => 1,
                'c' => 2,
                other => {
                    return Err(format!(
                        "'{other}' is no animal: expected letters of g (giraffes), e \
                         (elephants) and c (chicks), like gec"
                    ))
                }
            };
            if totals[i] != 0 {
                return Err(format!("'{ch}' is named twice in {animals}"));
            }
            totals[i] = 2;
        }
        let mut classes = Vec::new();
        let mut class_of = vec![u32::MAX; 3usize.pow(11)];
        let mut offset = 0;
        for code in 0..3u32.pow(8) {
            let board: [u32; 8] = std::array::from_fn(|i| code / 3u32.pow(7 - i as u32) % 3);
            let on = |k: usize| -> u32 {
                (0..8)
                    .filter(|&i| hand_kind(BOARD_KINDS[i]) == k)
                    .map(|i| board[i])
                    .sum()
            };
            if (0..3).any(|k| on(k) > u32::from(totals[k])) {
                continue;
            }
            let free: [u8; 3] = std::array::from_fn(|k| totals[k] - on(k) as u8);
            for hand_code in 0..27u32 {
                let hand: [u8; 3] =
                    std::array::from_fn(|k| (hand_code / 3u32.pow(2 - k as u32) % 3) as u8);
                if (0..3).any(|k| hand[k] > free[k]) {
                    continue;
                }
                let arrangement = Arrangements::new(CELLS - 2, &board).expect("6 pieces fit");
                class_of[class_code(&board, &hand) as usize] = classes.len() as u32;
                let count = arrangement.count();
                classes.push(Class {
                    arrangement,
                    offset,
                    board,
                    hand,
                });
                offset += count;
            }
        }
        Ok(Dobutsu {
            totals,
            classes,
            class_of,
            configurations: offset,
        })
    }

    /// The animals' letters: `gec` for the game.
    fn animals(&self) -> String {
        (0..3)
            .filter(|&k| self.totals[k] != 0)
            .map(|k| ['g', 'e', 'c'][k])
            .collect()
    }

    /// Every move of `p` (not over), named (`b1-b2`, `b3-b4+` promoting, `C*a2` a drop; cells
    /// from the mover's side: columns a to c from the left, rows 1 to 4 from the bottom), with
    /// the position it leads to (seen from the other player): moves by cell from and to, then
    /// drops by kind and cell. Each name is written only when asked for (a solve asks none).
    fn labelled_moves(
        &self,
        p: &DobutsuPosition,
        mut visit: impl FnMut(&dyn Fn() -> String, DobutsuPosition),
    ) {
        for from in 0..CELLS {
            let piece = p.board[from];
            if !(1..THEIRS).contains(&piece) {
                continue;
            }
            for &d in STEPS[piece as usize] {
                let Some(to) = step(from, d) else { continue };
                let target = p.board[to];
                if (1..THEIRS).contains(&target) || target == LION + THEIRS {
                    continue;
                }
                let mut q = *p;
                if target != 0 {
                    q.hands[0][hand_kind(target)] += 1;
                }
                let promotes = piece == CHICK && to < 3;
                q.board[to] = if promotes { HEN } else { piece };
                q.board[from] = 0;
                let name = || {
                    format!(
                        "{}-{}{}",
                        cell_name(from),
                        cell_name(to),
                        if promotes { "+" } else { "" }
                    )
                };
                visit(&name, q.turned());
            }
        }
        for (k, &kind) in HAND_KINDS.iter().enumerate() {
            if p.hands[0][k] == 0 {
                continue;
            }
            for to in (0..CELLS).filter(|&c| p.board[c] == 0) {
                let mut q = *p;
                q.hands[0][k] -= 1;
                q.board[to] = kind;
                visit(
                    &|| format!("{}*{}", LETTERS[kind as usize], cell_name(to)),
                    q.turned(),
                );
            }
        }
    }

    /// The positions seen from the mover `a` of `r` (the player who just moved, as `r` shows
    /// the position after their move from their side) with a move to `r`, once per move,
    /// whether or not the game was over there.
    fn unmoves(&self, r: &DobutsuPosition, mut visit: impl FnMut(DobutsuPosition)) {
        for to in 0..CELLS {
            let piece = r.board[to];
            if !(1..THEIRS).contains(&piece) {
                continue;
            }
            // A drop: a giraffe, an elephant or an unpromoted chick of the mover's.
            if piece != LION && piece != HEN {
                let mut q = *r;
                q.board[to] = 0;
                q.hands[0][hand_kind(piece)] += 1;
                visit(q);
            }
            // A step from an empty cell: by the piece's own steps, or a chick's promoting one.
            let mut froms: Vec<(usize, u8)> = Vec::new();
            if piece == CHICK {
                if to >= 3 {
                    froms.extend(step(to, (1, 0)).map(|f| (f, CHICK)));
                }
            } else {
                for &(dr, dc) in STEPS[piece as usize] {
                    froms.extend(step(to, (-dr, -dc)).map(|f| (f, piece)));
                }
                if piece == HEN && to < 3 {
                    froms.push((to + 3, CHICK));
                }
            }
            for (from, before) in froms {
                if r.board[from] != 0 {
                    continue;
                }
                let mut q = *r;
                q.board[from] = before;
                q.board[to] = 0;
                visit(q);
                // Or a capture of a piece now in the mover's hand (a chick taken may have been
                // a hen).
                for (k, &kind) in HAND_KINDS.iter().enumerate() {
                    if r.hands[0][k] == 0 {
                        continue;
                    }
                    let mut taken = q;
                    taken.hands[0][k] -= 1;
                    taken.board[to] = kind + THEIRS;
                    visit(taken);
                    if kind == CHICK {
                        taken.board[to] = HEN + THEIRS;
                        visit(taken);
                    }
                }
            }
        }
    }
}

impl Game for Dobutsu {
    type Position = DobutsuPosition;

    fn moves(&self, p: &DobutsuPosition, out: &mut Moves<DobutsuPosition>) {
        self.labelled_moves(p, |_, q| out.push(q));
    }

    /// Over where the mover can capture the other lion (a win), where the other lion stands
    /// on the mover's home row out of reach (a try: a loss), or where the mover's lion stands
    /// on the far row (a try completed: a win).
    fn result(&self, p: &DobutsuPosition) -> Option<Outcome> {
        let theirs = p.lion(LION + THEIRS)?;
        if p.attacks(theirs) {
            Some(Outcome::Win)
        } else if theirs >= 9 {
            Some(Outcome::Loss)
        } else if p.lion(LION).is_some_and(|c| c < 3) {
            Some(Outcome::Win)
        } else {
            None
        }
    }
}

impl TierRanking for Dobutsu {
    const UNMOVES: bool = true;

    fn name(&self) -> String {
        if self.totals == [2; 3] {
            "dobutsu".to_string()
        } else {
            format!("dobutsu animals {}", self.animals())
        }
    }

    fn tier_count(&self) -> u32 {
        1
    }

    fn tier(&self, _p: &DobutsuPosition) -> u32 {
        0
    }

    fn tier_size(&self, _tier: u32) -> u64 {
        132 * self.configurations
    }

    fn rank(&self, p: &DobutsuPosition) -> u64 {
        // `read` accepts only positions with both lions and the animals' counts, which rank.
        let (Some(mine), Some(theirs)) = (p.lion(LION), p.lion(LION + THEIRS)) else {
            return u64::MAX;
        };
        let lions = mine * 11 + theirs - usize::from(theirs > mine);
        let mut rest = [0u8; CELLS - 2];
        let mut board = [0u32; 8];
        let mut i = 0;
        for &piece in &p.board {
            if piece == LION || piece == LION + THEIRS {
                continue;
            }
            if piece != 0 {
                let kind = BOARD_KINDS.iter().position(|&k| k == piece).unwrap_or(0);
                board[kind] += 1;
                rest[i] = kind as u8 + 1;
            }
            i += 1;
        }
        let class = self.class_of[class_code(&board, &p.hands[0]) as usize];
        if class == u32::MAX {
            return u64::MAX;
        }
        let class = &self.classes[class as usize];
        let within = class.arrangement.rank(&rest).unwrap_or(u64::MAX);
        lions as u64 * self.configurations + class.offset + within
    }

    fn unrank(&self, _tier: u32, rank: u64) -> DobutsuPosition {
        let (lions, config) = (rank / self.configurations, rank % self.configurations);
        let mine = (lions / 11) as usize;
        let mut theirs = (lions % 11) as usize;
        if theirs >= mine {
            theirs += 1;
        }
        let c = self.classes.partition_point(|c| c.offset <= config) - 1;
        let class = &self.classes[c];
        let mut rest = [0u8; CELLS - 2];
        class.arrangement.unrank(config - class.offset, &mut rest);
        let mut board = [0u8; CELLS];
        board[mine] = LION;
        board[theirs] = LION + THEIRS;
        let mut pieces = rest.iter();
        for cell in board.iter_mut().filter(|c| **c == 0) {
            let kind = *pieces.next().expect("10 cells left");
            *cell = if kind == 0 {
                0
            } else {
                BOARD_KINDS[kind as usize - 1]
            };
        }
        let hand = class.hand;
        let other: [u8; 3] = std::array::from_fn(|k| {
            let on: u32 = (0..8)
                .filter(|&i| hand_kind(BOARD_KINDS[i]) == k)
                .map(|i| class.board[i])
                .sum();
            self.totals[k] - on as u8 - hand[k]
        });
        DobutsuPosition {
            board,
            hands: [hand, other],
        }
    }

    /// The positions with a move to `p`: un-moves of the player who just moved, seen from
    /// their side (a drop taken back, a step taken back, with or without a piece captured
    /// put back), each turned to be seen from them as the mover, where the game was not over.
    fn predecessors(&self, p: &DobutsuPosition, out: &mut Vec<DobutsuPosition>) {
        self.unmoves(&p.turned(), |q| {
            if self.result(&q).is_none() {
                out.push(q);
            }
        });
    }
}

/// A cell's name from the mover's side: its column `a` to `c` from the left, its row `1` to
/// `4` from the bottom.
fn cell_name(cell: usize) -> String {
    let (row, column) = (cell / 3, cell % 3);
    format!("{}{}", (b'a' + column as u8) as char, 4 - row)
}

impl BoardRules for Dobutsu {
    fn from_inputs(inputs: &Inputs) -> Result<Self, RunError> {
        Ok(Dobutsu::new(inputs.value("animals").unwrap_or("gec"))?)
    }

    fn from_argument(argument: &str) -> Result<Self, String> {
        match argument.trim() {
            "" => Dobutsu::new("gec"),
            other => {
                Dobutsu::new(other).map_err(|e| format!("dobutsu:{other}: {e} (dobutsu:ANIMALS)"))
            }
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        match name.strip_prefix("dobutsu") {
            Some("") => Dobutsu::new("gec").ok(),
            Some(rest) => {
                let rules = Dobutsu::new(rest.strip_prefix(" animals ")?).ok()?;
                (rules.name() == name).then_some(rules)
            }
            None => None,
        }
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        vec![("animals", self.animals())]
    }

    fn start(&self) -> DobutsuPosition {
        let mut board = [
            GIRAFFE + THEIRS,
            LION + THEIRS,
            ELEPHANT + THEIRS,
            0,
            CHICK + THEIRS,
            0,
            0,
            CHICK,
            0,
            ELEPHANT,
            LION,
            GIRAFFE,
        ];
        for cell in &mut board {
            if *cell != 0 && *cell & !THEIRS != LION && self.totals[hand_kind(*cell)] == 0 {
                *cell = 0;
            }
        }
        DobutsuPosition {
            board,
            hands: [[0; 3]; 2],
        }
    }

    fn read(&self, text: &str) -> Result<DobutsuPosition, String> {
        let text = text.trim();
        let (board, hands) = text.split_once(' ').unwrap_or((text, ""));
        let rows: Vec<&str> = board.split('|').collect();
        if rows.len() != 4 {
            return Err(format!(
                "expected 4 rows separated by |, the mover's side at the bottom, like \
                 gle|.c.|.C.|ELG; found {}",
                rows.len()
            ));
        }
        let mut p = DobutsuPosition {
            board: [0; CELLS],
            hands: [[0; 3]; 2],
        };
        let letter = |ch: char| {
            let kind = LETTERS.iter().position(|&l| l == ch.to_ascii_uppercase())?;
            (kind > 0).then_some(kind as u8 + if ch.is_lowercase() { THEIRS } else { 0 })
        };
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.trim().chars().collect();
            if cells.len() != 3 {
                return Err(format!(
                    "row {} has {} cells: expected 3 of L G E C H (the mover's), l g e c h \
                     (the other's) and .",
                    r + 1,
                    cells.len()
                ));
            }
            for (c, &ch) in cells.iter().enumerate() {
                if ch == '.' {
                    continue;
                }
                p.board[3 * r + c] = letter(ch).ok_or_else(|| {
                    format!(
                        "row {}, column {}: '{ch}' is not a piece: expected L G E C H, l g e c \
                         h or .",
                        r + 1,
                        c + 1
                    )
                })?;
            }
        }
        for (i, ch) in hands.trim().chars().enumerate() {
            let piece = letter(ch).filter(|&k| HAND_KINDS.contains(&(k & !THEIRS)));
            let Some(piece) = piece else {
                return Err(format!(
                    "hand, letter {}: '{ch}' cannot be in hand: expected G E C (the mover's) or \
                     g e c (the other's)",
                    i + 1
                ));
            };
            p.hands[usize::from(piece >= THEIRS)][hand_kind(piece)] += 1;
        }
        for (lion, whose) in [(LION, "the mover"), (LION + THEIRS, "the other player")] {
            let count = p.board.iter().filter(|&&c| c == lion).count();
            if count != 1 {
                return Err(format!(
                    "{whose} has {count} lions on the board: expected one each (L and l)"
                ));
            }
        }
        for (k, name) in ["giraffes", "elephants", "chicks (hens included)"]
            .iter()
            .enumerate()
        {
            let on = p
                .board
                .iter()
                .filter(|&&c| c != 0 && c & !THEIRS != LION && hand_kind(c) == k)
                .count();
            let all = on + usize::from(p.hands[0][k]) + usize::from(p.hands[1][k]);
            if all != usize::from(self.totals[k]) {
                return Err(format!(
                    "{all} {name} on the board and in hand: these rules (animals {}) have {}",
                    self.animals(),
                    self.totals[k]
                ));
            }
        }
        Ok(p)
    }

    fn write(&self, p: &DobutsuPosition) -> String {
        let mut text = self.rows(p).join("|");
        let hand: String = (0..2)
            .flat_map(|who| {
                (0..3).flat_map(move |k| {
                    let ch = LETTERS[HAND_KINDS[k] as usize];
                    let ch = if who == 0 {
                        ch
                    } else {
                        ch.to_ascii_lowercase()
                    };
                    std::iter::repeat_n(ch, usize::from(p.hands[who][k]))
                })
            })
            .collect();
        if !hand.is_empty() {
            text.push(' ');
            text.push_str(&hand);
        }
        text
    }

    fn rows(&self, p: &DobutsuPosition) -> Vec<String> {
        p.board
            .chunks(3)
            .map(|row| {
                row.iter()
                    .map(|&c| {
                        let ch = LETTERS[usize::from(c & !THEIRS)];
                        if c >= THEIRS {
                            ch.to_ascii_lowercase()
                        } else {
                            ch
                        }
                    })
                    .collect()
            })
            .collect()
    }

    fn to_move(&self, _p: &DobutsuPosition) -> String {
        "upper case (bottom) to move; the board turns after every move".to_string()
    }

    fn named_moves(&self, p: &DobutsuPosition) -> Vec<(String, DobutsuPosition)> {
        let mut named = Vec::new();
        if self.result(p).is_none() {
            self.labelled_moves(p, |name, q| named.push((name(), q)));
        }
        named
    }
}

/// The variant parameters.
const VARIANTS: [Param; 1] = [Param::option(
    "animals",
    "LETTERS",
    "The pairs of animals in play besides the lions: g (giraffes), e (elephants), c (chicks); \
     gec is the game, fewer are smaller games",
)
.default("gec")];

/// `grundy dobutsu [POSITION]`: a position's value, best moves by name (`b2-b3`, `C*a2`).
pub static DOBUTSU: BoardGame<Dobutsu> = BoardGame {
    name: "dobutsu",
    title: "Dōbutsu Shōgi",
    about: "Dōbutsu Shōgi (Let's Catch the Lion!; the mover's pieces at the bottom): outcome, \
            remoteness and best moves; solved strongly in one tier by un-moves",
    notation: "rows top to bottom separated by |, the mover's pieces L G E C H at the bottom, \
               the other's l g e c h, . empty; then the hands (upper case the mover's): \
               gle|.c.|.C.|ELG, or g.e|.l.|.C.|ELG Cc",
    params: &[
        Param::arg(
            "position",
            "POSITION",
            "The board from the mover's side: rows top to bottom separated by |, of L G E C H \
             (the mover's), l g e c h (the other's) and ., then a space and the hands (default: \
             the start)",
        )
        .optional(),
        VARIANTS[0].excludes(&["solved"]),
        SOLVED,
        max_positions("1000000"),
    ],
    variants: &VARIANTS,
    example: &[("position", "l..|...|...|.LC C"), ("animals", "c")],
    play_syntax: "dobutsu:ANIMALS",
    play_example: "dobutsu:c",
    example_folder: "dobutsu",
    plays: &[&DOBUTSU],
    rules: PhantomData,
};
