//! The positions of Connect Four after each number of plies, from the rules alone, against
//! OEIS A212693 (7 × 6).
//!
//! ```text
//! cargo run --release -p grundy-catalogue --example connect4_plies            # plies 0 to 12
//! cargo run --release -p grundy-catalogue --example connect4_plies -- 14      # 75 million at ply 14
//! ```

use std::time::Instant;

use grundy_catalogue::games::connect4::{positions_by_ply, Connect4};

/// OEIS A212693: legal 7 × 6 positions after n plies.
const A212693: [u64; 15] = [
    1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186, 1662623, 4568683, 12236101, 30929111,
    75437595,
];

fn main() {
    let plies: u32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 12,
        Some(Ok(n)) if n < A212693.len() as u32 => n,
        Some(_) => {
            eprintln!("usage: connect4_plies [PLIES], PLIES from 0 to 14");
            std::process::exit(2);
        }
    };
    let clock = Instant::now();
    let counts = positions_by_ply(&Connect4::new(7, 6).expect("7 × 6 fits"), plies);
    let seconds = clock.elapsed().as_secs_f64();
    println!("ply  positions  A212693");
    for (ply, (&count, &known)) in counts.iter().zip(&A212693).enumerate() {
        let mark = if count == known { "" } else { "  DIFFERENT" };
        println!("{ply:>3}  {count:>9}  {known:>9}{mark}");
    }
    assert_eq!(
        counts,
        A212693[..counts.len()],
        "a count differs from A212693"
    );
    println!("all {} equal A212693 ({seconds:.1} s)", counts.len());
}
