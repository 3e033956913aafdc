//! Mex Mat (ARC107 E): the diagonal shortcut against the matrix filled cell by cell, on every
//! first row and column with n ≤ 6 (every cell and the counts) and on random ones up to
//! n = 300; the diagonal identity itself on every matrix with n ≤ 7; the token game's
//! Sprague–Grundy values (explore + `grundy_values`) against the matrix; and counts that add
//! up to n² for n = 5·10^5.

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::solve::grundy_values;
use grundy_catalogue::games::mex_mat::{
    mex2, MexCounts, MexMat, MexMatError, MexMatGame, MexMatPosition,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The whole matrix, cell by cell.
fn fill(row: &[u8], column: &[u8]) -> Vec<Vec<u8>> {
    let n = row.len();
    let mut a = vec![vec![0u8; n]; n];
    a[0].copy_from_slice(row);
    for i in 1..n {
        a[i][0] = column[i];
        for j in 1..n {
            a[i][j] = mex2(a[i - 1][j], a[i][j - 1]);
        }
    }
    a
}

fn count(a: &[Vec<u8>]) -> MexCounts {
    let mut c = MexCounts::default();
    for &v in a.iter().flatten() {
        match v {
            0 => c.zeros += 1,
            1 => c.ones += 1,
            _ => c.twos += 1,
        }
    }
    c
}

#[track_caller]
fn assert_matches_fill(row: &[u8], column: &[u8]) {
    let a = fill(row, column);
    let m = MexMat::new(row, column).unwrap();
    let n = row.len();
    assert_eq!(m.n(), n);
    for (i, cells) in a.iter().enumerate() {
        for (j, &v) in cells.iter().enumerate() {
            assert_eq!(m.get(i, j), Some(v), "{row:?} {column:?} ({i}, {j})");
        }
    }
    assert_eq!(m.get(n, 0), None);
    assert_eq!(m.get(0, n), None);
    assert_eq!(m.counts(), count(&a), "{row:?} {column:?}");
}

/// Every first row and column of size n (the column shares the row's first cell), as
/// base-3 digits of a counter.
fn every_border(n: usize) -> impl Iterator<Item = (Vec<u8>, Vec<u8>)> {
    let total = 3u64.pow(2 * n as u32 - 1);
    (0..total).map(move |mut code| {
        let mut digits = Vec::with_capacity(2 * n - 1);
        for _ in 0..2 * n - 1 {
            digits.push((code % 3) as u8);
            code /= 3;
        }
        let row = digits[..n].to_vec();
        let mut column = vec![row[0]];
        column.extend_from_slice(&digits[n..]);
        (row, column)
    })
}

#[test]
fn every_matrix_up_to_6() {
    for n in 1..=6 {
        for (row, column) in every_border(n) {
            assert_matches_fill(&row, &column);
        }
    }
}

#[test]
fn diagonals_repeat_from_the_fifth_row_and_column_and_not_before() {
    // a(i, j) = a(i - 1, j - 1) for i, j ≥ 4 on every matrix up to 7x7...
    let mut deepest = 0;
    for n in 2..=7 {
        for (row, column) in every_border(n) {
            let a = fill(&row, &column);
            for i in 1..n {
                for j in 1..n {
                    if a[i][j] != a[i - 1][j - 1] {
                        deepest = deepest.max(i.min(j));
                    }
                }
            }
        }
    }
    // ... and some matrix has a(3, 3) ≠ a(2, 2): four rows and columns are needed.
    assert_eq!(deepest, 3);
}

#[test]
fn random_matrices_up_to_300() {
    let mut rng = StdRng::seed_from_u64(0x3e3a_0001);
    for _ in 0..300 {
        let n = rng.random_range(1..=300);
        let row: Vec<u8> = (0..n).map(|_| rng.random_range(0..3)).collect();
        let mut column: Vec<u8> = (0..n).map(|_| rng.random_range(0..3)).collect();
        column[0] = row[0];
        assert_matches_fill(&row, &column);
    }
}

#[test]
fn the_token_game_has_the_matrix_as_its_values() {
    let mut rng = StdRng::seed_from_u64(0x3e3a_0002);
    for _ in 0..200 {
        let n = rng.random_range(1..=12);
        let row: Vec<u8> = (0..n).map(|_| rng.random_range(0..3)).collect();
        let mut column: Vec<u8> = (0..n).map(|_| rng.random_range(0..3)).collect();
        column[0] = row[0];
        let game = MexMatGame::new(&row, &column).unwrap();
        let explored = explore(
            &game,
            [MexMatPosition::Cell(n - 1, n - 1)],
            &Budget::default(),
            &NoProgress,
        )
        .unwrap();
        let values = grundy_values(&explored.graph).unwrap();
        let m = MexMat::new(&row, &column).unwrap();
        for i in 0..n {
            for j in 0..n {
                // Cells of the first row or column below the corner's reach are not explored.
                if let Some(id) = explored.id(&MexMatPosition::Cell(i, j)) {
                    assert_eq!(values.finite(id), m.get(i, j).map(u32::from), "({i}, {j})");
                } else {
                    assert!(i == 0 || j == 0);
                }
            }
        }
    }
}

#[test]
fn the_samples_of_arc107_e() {
    // Sample 1: N = 4, first row 1 2 0 2, then a(2..4, 1) = 0 0 0.
    let m = MexMat::new(&[1, 2, 0, 2], &[1, 0, 0, 0]).unwrap();
    assert_eq!(
        m.counts(),
        MexCounts {
            zeros: 7,
            ones: 4,
            twos: 5
        }
    );
    assert_matches_fill(&[1, 2, 0, 2], &[1, 0, 0, 0]);
}

#[test]
fn large_matrices_add_up() {
    let mut rng = StdRng::seed_from_u64(0x3e3a_0003);
    let n = 500_000;
    let row: Vec<u8> = (0..n).map(|_| rng.random_range(0..3)).collect();
    let mut column: Vec<u8> = (0..n).map(|_| rng.random_range(0..3)).collect();
    column[0] = row[0];
    let m = MexMat::new(&row, &column).unwrap();
    let c = m.counts();
    assert_eq!(c.zeros + c.ones + c.twos, (n * n) as u64);
    // Spot checks far inside, through the diagonals, against a band filled further out.
    let band = 40;
    let mut a = vec![vec![0u8; n]; band];
    a[0].copy_from_slice(&row);
    for i in 1..band {
        a[i][0] = column[i];
        for j in 1..n {
            a[i][j] = mex2(a[i - 1][j], a[i][j - 1]);
        }
    }
    for (i, cells) in a.iter().enumerate() {
        for _ in 0..1000 {
            let j = rng.random_range(0..n);
            assert_eq!(m.get(i, j), Some(cells[j]));
        }
    }
    // All-zero borders: the far corner is on the diagonal of a(7, 7) of an 8x8 matrix.
    let zeros = MexMat::new(&vec![0; n], &vec![0; n]).unwrap();
    assert_eq!(zeros.get(n - 1, n - 1), Some(fill(&[0; 8], &[0; 8])[7][7]));
}

#[test]
fn bad_borders() {
    assert_eq!(MexMat::new(&[], &[]), Err(MexMatError::Empty));
    assert_eq!(
        MexMat::new(&[0, 1], &[0]),
        Err(MexMatError::Lengths { row: 2, column: 1 })
    );
    assert_eq!(
        MexMat::new(&[0, 1], &[1, 1]),
        Err(MexMatError::Corner { row: 0, column: 1 })
    );
    assert_eq!(
        MexMat::new(&[0, 3], &[0, 1]),
        Err(MexMatError::Value {
            i: 0,
            j: 1,
            value: 3
        })
    );
    assert_eq!(
        MexMat::new(&[0, 1], &[0, 7]),
        Err(MexMatError::Value {
            i: 1,
            j: 0,
            value: 7
        })
    );
    assert!(MexMatGame::new(&[0, 1], &[1, 0]).is_err());
}
