//! The maximum-weight independent set of the product of three graphs, through Sprague–Grundy
//! values (notes 000, section 4 杂题, the first problem: "给定三张 n 个点的图 G_1, G_2, G_3……求该图
//! 最大权独立集点权和,模 998244353"; the contest problem is AtCoder AGC043 C, Giant Graph).
//!
//! Three simple undirected graphs `G1, G2, G3` share the vertex numbers `1..=n`. The big graph
//! has the `n³` triples `(u1, u2, u3)` as vertices, the triple of weight `(10^18)^(u1+u2+u3)`;
//! two triples are adjacent when they differ in one coordinate `i` only, and there by an edge
//! of `G_i`. The answer is the largest total weight of an independent set, modulo 998244353.
//!
//! Method (the notes' argument). A weight is larger than all the weights of smaller index sum
//! together (`10^18 > n³`), so the best set takes as many triples of the largest sum as it can,
//! then of the next sum, and so on; triples of one sum are never adjacent, so the greedy that
//! takes the triples by decreasing sum, each when no neighbour is taken, is optimal (and the
//! optimum is unique). That greedy is retrograde analysis: call a triple taken iff none of its
//! neighbours of larger sum is taken, which is "a loss iff no option is a loss" in the game
//! where a move takes one coordinate along an edge of its graph to a larger vertex number. The
//! three coordinates are independent games, so a triple is taken iff
//! `SG1(u1) xor SG2(u2) xor SG3(u3) = 0`, each `SG_i` being the values of `G_i` oriented
//! towards larger numbers ([`grundy_values`] on a [`GameGraph`]). With
//! `A_i[v] = Σ_{u: SG_i(u) = v} W^u` (`W = 10^18 mod p`), the answer is
//! `Σ_{a, b} A1[a] · A2[b] · A3[a xor b]`.
//!
//! Complexity: O(n + m) for the values (`m` the edges of the three graphs), and O(K²) for the
//! sum, `K` the power of two above the largest value; a value `g` needs `g(g+1)/2` edges, so
//! `K² = O(m)` and the whole is O(n + m).
//!
//! Input, as in the contest: `n`, then for each graph its edge count and its edges `a b`
//! (1-based); `n ≤ 10^5` as in the contest, at most 10^6 edges per graph; a repeated edge
//! changes nothing and is accepted, a loop is refused. Run it with a file, `-` for standard
//! input, or nothing for the contest's first sample (46494701):
//!
//! ```sh
//! cargo run --release -p grundy --example giant_graph
//! cargo run --release -p grundy --example giant_graph -- graphs.txt
//! ```

use std::process::ExitCode;

use grundy::solve::grundy_values;
use grundy::GameGraph;

use common::read_input;

mod common;

/// The contest's modulus.
const MODULUS: u64 = 998_244_353;

/// The most vertices accepted (the contest's bound; the method needs `10^18 > n³`).
const MAX_N: u64 = 100_000;

/// The most edges per graph accepted.
const MAX_EDGES: u64 = 1_000_000;

/// The contest's first sample: each graph is one edge on two vertices; the answer is 46494701.
const SAMPLE: &str = "2\n1\n1 2\n1\n1 2\n1\n1 2\n";

/// The three graphs: `n` and each graph's edges, 0-based, oriented towards the larger number.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Graphs {
    n: u32,
    edges: [Vec<(u32, u32)>; 3],
}

impl Graphs {
    /// Reads `n`, then three times an edge count and its edges `a b` (1-based).
    fn parse(text: &str) -> Result<Graphs, String> {
        let mut numbers = text.split_whitespace().map(|w| {
            w.parse::<u64>()
                .map_err(|_| format!("'{w}' is not a non-negative integer"))
        });
        let mut next = |what: &str| {
            numbers
                .next()
                .unwrap_or_else(|| Err(format!("the input ends before {what}")))
        };
        let n = next("n")?;
        if !(1..=MAX_N).contains(&n) {
            return Err(format!("n = {n}: it must be from 1 to {MAX_N}"));
        }
        let mut edges: [Vec<(u32, u32)>; 3] = Default::default();
        for (g, list) in edges.iter_mut().enumerate() {
            let name = format!("graph {}", g + 1);
            let m = next(&format!("the edge count of {name}"))?;
            if m > MAX_EDGES {
                return Err(format!(
                    "{name}: {m} edges, at most {MAX_EDGES} are accepted"
                ));
            }
            for i in 1..=m {
                let what = format!("edge {i} of {name}");
                let a = next(&what)?;
                let b = next(&what)?;
                for v in [a, b] {
                    if !(1..=n).contains(&v) {
                        return Err(format!("{what}: vertex {v} is not in 1..={n}"));
                    }
                }
                if a == b {
                    return Err(format!(
                        "{what}: {a} {b} is a loop, and the graphs are simple"
                    ));
                }
                list.push((a.min(b) as u32 - 1, a.max(b) as u32 - 1));
            }
        }
        if let Some(extra) = numbers.next() {
            let extra = extra.map_or_else(|e| e, |v| v.to_string());
            return Err(format!("unexpected '{extra}' after the third graph"));
        }
        Ok(Graphs { n: n as u32, edges })
    }
}

/// The Sprague–Grundy value of each vertex of a graph, a move going along an edge to a larger
/// vertex number.
fn values(n: u32, edges: &[(u32, u32)]) -> Vec<u32> {
    let graph = GameGraph::from_moves(n, edges);
    let values = grundy_values(&graph).expect("moves go to larger numbers: no cycle");
    (0..n)
        .map(|v| values.finite(v).expect("acyclic values are finite"))
        .collect()
}

/// The answer, with the number of triples in the best independent set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Answer {
    /// The largest weight, modulo [`MODULUS`].
    weight: u64,
    /// How many triples the best set takes (at most n³ ≤ 10^15).
    triples: u64,
}

/// The best independent set's weight and size, through the graphs' values.
fn solve(graphs: &Graphs) -> Answer {
    let sg: Vec<Vec<u32>> = graphs
        .edges
        .iter()
        .map(|edges| values(graphs.n, edges))
        .collect();
    let largest = sg.iter().flatten().copied().max().unwrap_or(0);
    let k = (largest as usize + 1).next_power_of_two();
    let base = 1_000_000_000_000_000_000 % MODULUS;
    // weight[v] and count[v] per graph: the sum of W^u and the number of vertices u of value v.
    let mut weight = vec![vec![0u64; k]; 3];
    let mut count = vec![vec![0u64; k]; 3];
    for (g, values) in sg.iter().enumerate() {
        let mut power = 1u64;
        for &v in values {
            power = power * base % MODULUS; // W^u for the 1-based number u
            weight[g][v as usize] = (weight[g][v as usize] + power) % MODULUS;
            count[g][v as usize] += 1;
        }
    }
    let mut answer = Answer {
        weight: 0,
        triples: 0,
    };
    for a in 0..k {
        for b in 0..k {
            let w = weight[0][a] * weight[1][b] % MODULUS * weight[2][a ^ b] % MODULUS;
            answer.weight = (answer.weight + w) % MODULUS;
            answer.triples += count[0][a] * count[1][b] * count[2][a ^ b];
        }
    }
    answer
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let graphs = match read_input(&args, SAMPLE).and_then(|text| Graphs::parse(&text)) {
        Ok(g) => g,
        Err(message) => {
            eprintln!("giant_graph: error: {message}");
            eprintln!(
                "usage: giant_graph [FILE|-]   (input: n, then for each of 3 graphs: m and m \
                 edges a b)"
            );
            return ExitCode::from(2);
        }
    };
    let answer = solve(&graphs);
    let n = u64::from(graphs.n);
    println!(
        "3 graphs on {n} vertices ({}, {}, {} edges); the product has {} vertices",
        graphs.edges[0].len(),
        graphs.edges[1].len(),
        graphs.edges[2].len(),
        u128::from(n).pow(3)
    );
    println!(
        "the best independent set takes the {} triples whose values XOR to 0",
        answer.triples
    );
    println!("its weight modulo {MODULUS}: {}", answer.weight);
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::cmp::Ordering;

    /// Random simple graphs on `n` vertices.
    fn random_graphs(rng: &mut StdRng, n: u32, density: f64) -> Graphs {
        let edges = std::array::from_fn(|_| {
            let mut list = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if rng.random_bool(density) {
                        list.push((a, b));
                    }
                }
            }
            list
        });
        Graphs { n, edges }
    }

    /// The product graph, explicitly: triple `(u1, u2, u3)` is `(u1 * n + u2) * n + u3`.
    struct Product {
        n: u32,
        neighbours: Vec<Vec<usize>>,
    }

    impl Product {
        fn new(graphs: &Graphs) -> Product {
            let n = graphs.n;
            let size = (n * n * n) as usize;
            let mut neighbours = vec![Vec::new(); size];
            for (t, list) in neighbours.iter_mut().enumerate() {
                let u = Product::coordinates(n, t);
                for (i, edges) in graphs.edges.iter().enumerate() {
                    for &(a, b) in edges {
                        for (x, y) in [(a, b), (b, a)] {
                            if u[i] == x {
                                let mut v = u;
                                v[i] = y;
                                list.push(Product::index(n, v));
                            }
                        }
                    }
                }
            }
            Product { n, neighbours }
        }

        fn coordinates(n: u32, t: usize) -> [u32; 3] {
            let t = t as u32;
            [t / (n * n), t / n % n, t % n]
        }

        fn index(n: u32, u: [u32; 3]) -> usize {
            ((u[0] * n + u[1]) * n + u[2]) as usize
        }

        /// The index sum of a triple, 1-based coordinates: its weight is W^level.
        fn level(&self, t: usize) -> usize {
            Product::coordinates(self.n, t)
                .iter()
                .map(|&c| c as usize + 1)
                .sum()
        }

        /// A set's weight as counts per level; since 10^18 exceeds the number of triples,
        /// weights compare as these counts do, from the highest level down.
        fn counts(&self, set: &[bool]) -> Vec<u64> {
            let mut c = vec![0u64; 3 * self.n as usize + 1];
            for t in (0..set.len()).filter(|&t| set[t]) {
                c[self.level(t)] += 1;
            }
            c.reverse();
            c
        }

        /// The weight of a set modulo the contest's modulus.
        fn weight(&self, set: &[bool]) -> u64 {
            let base = 1_000_000_000_000_000_000 % MODULUS;
            (0..set.len())
                .filter(|&t| set[t])
                .map(|t| (0..self.level(t)).fold(1, |w, _| w * base % MODULUS))
                .fold(0, |s, w| (s + w) % MODULUS)
        }

        /// The triples the formula takes.
        fn by_values(&self, graphs: &Graphs) -> Vec<bool> {
            let sg: Vec<Vec<u32>> = graphs
                .edges
                .iter()
                .map(|edges| values(graphs.n, edges))
                .collect();
            (0..self.neighbours.len())
                .map(|t| {
                    let u = Product::coordinates(self.n, t);
                    sg[0][u[0] as usize] ^ sg[1][u[1] as usize] ^ sg[2][u[2] as usize] == 0
                })
                .collect()
        }

        /// The notes' greedy on the explicit product: by decreasing index sum, take a triple
        /// when no neighbour is taken.
        fn greedy(&self) -> Vec<bool> {
            let mut order: Vec<usize> = (0..self.neighbours.len()).collect();
            order.sort_by_key(|&t| std::cmp::Reverse(self.level(t)));
            let mut taken = vec![false; order.len()];
            for t in order {
                taken[t] = self.neighbours[t].iter().all(|&u| !taken[u]);
            }
            taken
        }

        /// The maximum-weight independent set by branch and bound over all independent sets
        /// (no use of the greedy argument): triples in decreasing level order, each taken or
        /// not; a branch is cut when even taking every undecided triple without a taken
        /// neighbour could not beat the best set found.
        fn exhaustive(&self) -> Vec<bool> {
            let mut order: Vec<usize> = (0..self.neighbours.len()).collect();
            order.sort_by_key(|&t| std::cmp::Reverse(self.level(t)));
            let mut best: Option<(Vec<u64>, Vec<bool>)> = None;
            let mut taken = vec![false; order.len()];
            self.branch(&order, 0, &mut taken, &mut best);
            best.unwrap().1
        }

        fn branch(
            &self,
            order: &[usize],
            at: usize,
            taken: &mut Vec<bool>,
            best: &mut Option<(Vec<u64>, Vec<bool>)>,
        ) {
            let free = |t: usize, taken: &[bool]| self.neighbours[t].iter().all(|&u| !taken[u]);
            let mut bound = taken.clone();
            for &t in &order[at..] {
                bound[t] = free(t, taken);
            }
            if let Some((best_counts, _)) = best {
                if self.counts(&bound).cmp(best_counts) != Ordering::Greater {
                    return;
                }
            }
            let Some(&t) = order.get(at) else {
                *best = Some((self.counts(taken), taken.clone()));
                return;
            };
            if free(t, taken) {
                taken[t] = true;
                self.branch(order, at + 1, taken, best);
                taken[t] = false;
            }
            self.branch(order, at + 1, taken, best);
        }
    }

    #[test]
    fn the_contest_samples() {
        let answer = solve(&Graphs::parse(SAMPLE).unwrap());
        assert_eq!(answer.weight, 46_494_701);
        // Vertex 2 has value 0 and vertex 1 value 1 in each graph: the set is (2,2,2) and the
        // three triples with two coordinates 1.
        assert_eq!(answer.triples, 4);
        let answer = |text: &str| solve(&Graphs::parse(text).unwrap()).weight;
        assert_eq!(
            answer("3\n3\n1 3\n1 2\n3 2\n2\n2 1\n2 3\n1\n2 1\n"),
            883_188_316
        );
        assert_eq!(
            answer("100000\n1\n1 2\n1\n99999 100000\n1\n1 100000\n"),
            318_525_248
        );
    }

    /// Every triple of graphs on 1 to 3 vertices (8 graphs on 3 vertices, so 512 triples),
    /// and random ones on 4 vertices: the formula's set is the maximum-weight independent set
    /// found by exhaustive search, and the answer's weight and size are that set's.
    #[test]
    fn small_products_against_exhaustive_search() {
        let mut cases = Vec::new();
        for n in 1..=3u32 {
            let pairs: Vec<(u32, u32)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            let graph = |mask: u32| -> Vec<(u32, u32)> {
                (0..pairs.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| pairs[i])
                    .collect()
            };
            let count = 1u32 << pairs.len();
            for code in 0..count.pow(3) {
                let edges = [
                    graph(code % count),
                    graph(code / count % count),
                    graph(code / count / count),
                ];
                cases.push(Graphs { n, edges });
            }
        }
        let mut rng = StdRng::seed_from_u64(0x6a_0043);
        for _ in 0..20 {
            cases.push(random_graphs(&mut rng, 4, 0.5));
        }
        for graphs in &cases {
            let product = Product::new(graphs);
            let best = product.exhaustive();
            assert_eq!(product.by_values(graphs), best, "{graphs:?}");
            let answer = solve(graphs);
            assert_eq!(answer.weight, product.weight(&best), "{graphs:?}");
            let size = best.iter().filter(|&&b| b).count() as u64;
            assert_eq!(answer.triples, size, "{graphs:?}");
        }
    }

    /// Random graphs on up to 7 vertices: the notes' greedy on the explicit product takes
    /// exactly the triples of XOR 0, and the weights agree.
    #[test]
    fn greedy_on_the_product_takes_the_triples_of_xor_zero() {
        let mut rng = StdRng::seed_from_u64(0x6a_0044);
        for _ in 0..80 {
            let n = rng.random_range(1..=7u32);
            let density = rng.random_range(0.1..0.9);
            let graphs = random_graphs(&mut rng, n, density);
            let product = Product::new(&graphs);
            let greedy = product.greedy();
            assert_eq!(product.by_values(&graphs), greedy, "{graphs:?}");
            assert_eq!(solve(&graphs).weight, product.weight(&greedy), "{graphs:?}");
        }
    }

    /// Large graphs, beyond the explicit product: the answer does not depend on the order of
    /// the graphs (the XOR condition is symmetric), and a graph without edges (all values 0)
    /// makes the set the pairs of the other two with equal values.
    #[test]
    fn large_graphs_are_consistent() {
        let mut rng = StdRng::seed_from_u64(0x6a_0045);
        let n = 20_000u32;
        let edges: [Vec<(u32, u32)>; 3] = std::array::from_fn(|_| {
            (0..60_000)
                .map(|_| {
                    let a = rng.random_range(0..n - 1);
                    let b = rng.random_range(a + 1..(a + 50).min(n));
                    (a, b)
                })
                .collect()
        });
        let graphs = Graphs { n, edges };
        let answer = solve(&graphs);
        let [a, b, c] = graphs.edges.clone();
        for order in [
            [b.clone(), a.clone(), c.clone()],
            [c.clone(), b.clone(), a.clone()],
        ] {
            assert_eq!(solve(&Graphs { n, edges: order }), answer);
        }
        let with_empty = solve(&Graphs {
            n,
            edges: [a.clone(), b.clone(), Vec::new()],
        });
        let (sa, sb) = (values(n, &a), values(n, &b));
        let mut by_value = std::collections::HashMap::<u32, u64>::new();
        for &v in &sb {
            *by_value.entry(v).or_default() += 1;
        }
        let pairs: u64 = sa
            .iter()
            .map(|v| by_value.get(v).copied().unwrap_or(0))
            .sum();
        assert_eq!(with_empty.triples, pairs * u64::from(n));
    }

    #[test]
    fn bad_input_is_refused() {
        let err = |text: &str| Graphs::parse(text).unwrap_err();
        assert!(err("").contains("ends before n"));
        assert!(err("0").contains("n = 0"));
        assert!(err("2\n1\n1 3\n").contains("vertex 3 is not in 1..=2"));
        assert!(err("2\n1\n2 2\n").contains("loop"));
        assert!(err("2\n1\n1 2\n0\n").contains("edge count of graph 3"));
        assert!(err("2\n0\n0\n0\n5").contains("unexpected '5'"));
        assert!(err("2\n0\n-1").contains("'-1'"));
        assert_eq!(Graphs::parse("2\n0\n0\n0\n").unwrap().n, 2);
    }
}
