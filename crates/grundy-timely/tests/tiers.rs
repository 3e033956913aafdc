//! The tiers solved on timely dataflow equal the single-machine solver's: every position's
//! outcome and remoteness and every tier's counts, for games with tiers without cycles
//! (tic-tac-toe, Connect Four) and with them (the card game, Three Men's Morris), from 1, 2
//! and 4 workers in 1 and 2 processes; a stopped run resumes; a solution in parts answers
//! queries as a whole one does.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::tiered::{solve_tiered, Solved, TierOptions, TierRanking};
use grundy_catalogue::games::boards::morris::{Morris, Size};
use grundy_catalogue::games::boards::tic_tac_toe::TicTacToe;
use grundy_catalogue::games::cards::Cards;
use grundy_catalogue::games::connect4::{Connect4, Connect4Position, Connect4Tiers};
use grundy_timely::{Cluster, Network, TimelyTiers};

/// An empty scratch folder named for the test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("grundy-timely-tiers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Free ports on the loopback, one a process.
fn free_ports(count: usize) -> Vec<u16> {
    let listeners: Vec<TcpListener> = (0..count)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("a free port"))
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// The options of a solve on `workers` threads in each of `processes` processes (threads of
/// this test, over the loopback), process `process` of them.
fn on_timely(workers: usize, ports: &[u16], process: usize, remoteness: bool) -> TierOptions {
    let network = (ports.len() > 1).then(|| Network {
        process,
        hosts: ports.iter().map(|p| format!("127.0.0.1:{p}")).collect(),
        connect_timeout: Duration::from_secs(30),
    });
    TierOptions {
        remoteness,
        engine: Some(Arc::new(TimelyTiers {
            cluster: Cluster { workers, network },
        })),
        ..TierOptions::default()
    }
}

/// Solves `game` on the processes of `ports` (each a thread here) into `dir`.
fn solve_on<G>(game: &G, dir: &Path, workers: usize, processes: usize, remoteness: bool)
where
    G: TierRanking + Clone + Send + Sync + 'static,
{
    let ports = free_ports(processes);
    let runs: Vec<_> = (0..processes)
        .map(|process| {
            let (game, dir, ports) = (game.clone(), dir.to_path_buf(), ports.clone());
            thread::spawn(move || {
                let options = on_timely(workers, &ports, process, remoteness);
                solve_tiered(&game, &dir, &options, &NoProgress)
            })
        })
        .collect();
    for run in runs {
        run.join().unwrap().unwrap();
    }
}

/// Every position of every tier has the same outcome and remoteness in both solutions, and
/// every tier the same counts.
fn assert_same<G: TierRanking + Clone>(game: &G, whole: &Path, parts: &Path, what: &str) {
    let a = Solved::open(game.clone(), whole).unwrap();
    let b = Solved::open(game.clone(), parts).unwrap();
    for tier in 0..game.tier_count() {
        let (x, y) = (a.tier(tier).unwrap(), b.tier(tier).unwrap());
        assert_eq!(x.counts(), y.counts(), "{what}: tier {tier}");
        for i in 0..x.len() {
            let (u, v) = (x.get(i), y.get(i));
            assert_eq!(
                (u.outcome, u.remoteness),
                (v.outcome, v.remoteness),
                "{what}: tier {tier}, position {i}"
            );
        }
    }
    let counts = |s: &Solved<G>| {
        s.check(&NoProgress)
            .unwrap()
            .into_iter()
            .map(|t| t.counts)
            .collect::<Vec<_>>()
    };
    assert_eq!(counts(&a), counts(&b), "{what}");
}

/// Solves `game` alone and on every shape of run, and compares.
fn check_every_shape<G>(game: G, name: &str, remoteness: bool)
where
    G: TierRanking + Clone + Send + Sync + 'static,
{
    let whole = scratch(&format!("{name}-whole"));
    let options = TierOptions {
        remoteness,
        ..TierOptions::default()
    };
    solve_tiered(&game, &whole, &options, &NoProgress).unwrap();
    for (workers, processes) in [(1, 1), (2, 1), (4, 1), (1, 2), (2, 2), (4, 2)] {
        let what = format!("{name}, {workers} workers in {processes} processes");
        let dir = scratch(&format!("{name}-{workers}-{processes}"));
        solve_on(&game, &dir, workers, processes, remoteness);
        assert_same(&game, &whole, &dir, &what);
        std::fs::remove_dir_all(&dir).unwrap();
    }
    std::fs::remove_dir_all(&whole).unwrap();
}

#[test]
fn tic_tac_toe_on_every_shape() {
    check_every_shape(TicTacToe::new(false), "ttt", true);
    check_every_shape(TicTacToe::new(true), "ttt-misere", false);
}

#[test]
fn connect_four_on_every_shape() {
    let game = Connect4Tiers::new(Connect4::new(4, 4).unwrap()).unwrap();
    check_every_shape(game, "c4-4x4", true);
}

#[test]
fn loopy_tiers_on_every_shape() {
    check_every_shape(Cards::new(3, 3).unwrap(), "cards", true);
    check_every_shape(Morris::standard(Size::Three), "3mm", true);
}

/// A run whose processes finished different tiers (one stopped earlier than the other)
/// resumes from the last tier both finished, and answers as a run from scratch.
#[test]
fn a_run_resumes_from_the_tiers_every_process_finished() {
    let game = Connect4Tiers::new(Connect4::new(4, 4).unwrap()).unwrap();
    let whole = scratch("resume-whole");
    solve_tiered(&game, &whole, &TierOptions::default(), &NoProgress).unwrap();
    let dir = scratch("resume");
    solve_on(&game, &dir, 2, 2, true);
    // Process 0 lost its parts of tiers 0 to 9, process 1 of tiers 0 to 4.
    for tier in 0..10 {
        std::fs::remove_file(grundy::rules::tiered::file::part_path(&dir, tier, 0, 2)).unwrap();
        if tier < 5 {
            std::fs::remove_file(grundy::rules::tiered::file::part_path(&dir, tier, 1, 2)).unwrap();
        }
    }
    let ports = free_ports(2);
    let runs: Vec<_> = (0..2)
        .map(|process| {
            let (game, dir, ports) = (game.clone(), dir.clone(), ports.clone());
            thread::spawn(move || {
                let options = on_timely(2, &ports, process, true);
                solve_tiered(&game, &dir, &options, &NoProgress).unwrap()
            })
        })
        .collect();
    for run in runs {
        let summary = run.join().unwrap();
        let resumed: Vec<u32> = summary
            .tiers
            .iter()
            .filter(|t| t.resumed)
            .map(|t| t.tier)
            .collect();
        assert_eq!(resumed, (10..game.tier_count()).collect::<Vec<_>>());
    }
    assert_same(&game, &whole, &dir, "resumed");
}

/// A process whose budget runs out (here, cancelled before it starts) stops every process:
/// its own error is the budget's, the other's names it; the folder then resumes.
#[test]
fn a_stopped_process_stops_every_process() {
    let game = TicTacToe::new(false);
    let dir = scratch("stopped");
    let ports = free_ports(2);
    let runs: Vec<_> = (0..2)
        .map(|process| {
            let (game, dir, ports) = (game.clone(), dir.clone(), ports.clone());
            thread::spawn(move || {
                let mut options = on_timely(1, &ports, process, true);
                if process == 0 {
                    let cancel = grundy::budget::Cancel::new();
                    cancel.cancel();
                    options.budget = options.budget.with_cancel(cancel);
                }
                solve_tiered(&game, &dir, &options, &NoProgress)
            })
        })
        .collect();
    let errors: Vec<String> = runs
        .into_iter()
        .map(|run| run.join().unwrap().unwrap_err().to_string())
        .collect();
    assert!(
        errors[0].starts_with("stopped while solving tiers"),
        "{}",
        errors[0]
    );
    assert!(
        errors[1].contains("(process 0) stopped: stopped while solving tiers"),
        "{}",
        errors[1]
    );
    solve_on(&game, &dir, 1, 2, true);
    let whole = scratch("stopped-whole");
    solve_tiered(&game, &whole, &TierOptions::default(), &NoProgress).unwrap();
    assert_same(&game, &whole, &dir, "after a stop");
}

/// Connect Four 5 × 5 strongly solved by two processes of one worker: for every ply, the
/// positions reachable from the empty board that are won, drawn and lost for the player to
/// move equal the published strong solution's (Böck's, by binary decision diagrams; see
/// testdata/README.md). Minutes in release:
/// `cargo test --release -p grundy-timely --test tiers -- --ignored`.
#[test]
#[ignore]
fn connect_four_5x5_counts_equal_the_published_solution() {
    let game = Connect4Tiers::new(Connect4::new(5, 5).unwrap()).unwrap();
    let dir = scratch("c4-5x5");
    solve_on(&game, &dir, 1, 2, false);
    let solved = Solved::open(game.clone(), &dir).unwrap();
    let start = [Connect4Position::default()];
    let reach = solved
        .reachable(&start, &Budget::default(), &NoProgress)
        .unwrap();
    let published = include_str!("../../../testdata/connect4/c4_5x5_wdl_per_ply.tsv");
    let mut plies = 0;
    for line in published.lines().filter(|l| !l.starts_with(['#', 'p'])) {
        let row: Vec<u64> = line.split('\t').map(|x| x.parse().unwrap()).collect();
        let tier = &reach[row[0] as usize];
        let [wins, losses, draws] = tier.counts;
        assert_eq!(
            [wins, draws, losses, tier.reachable],
            [row[1], row[2], row[3], row[4]],
            "ply {}: won, drawn, lost, in all",
            row[0]
        );
        plies += 1;
    }
    assert_eq!(plies, 26);
    std::fs::remove_dir_all(&dir).unwrap();
}
