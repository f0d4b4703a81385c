//! The mirror strategy on graphs (the Tweedledum and Tweedledee argument of [Winning Ways
//! 1982], ch. 2, as Cram uses it on boxes).
//!
//! Let `σ` be an automorphism of a graph that is an involution (`σσ = 1`), moves every vertex
//! and maps no vertex to a neighbour. In Node-Kayles a move at `v` takes `v` and its
//! neighbours; in Arc-Kayles a move on the edge `{a, b}` takes `a` and `b`. Either way the
//! answer at the image (`σv`, or the edge `{σa, σb}`) is still there after the move (it is
//! neither a taken vertex nor a neighbour of one: `σv` is no neighbour of `v`, and `σa = b`
//! would make `{a, σa}` an edge), and after it the position is again symmetric under `σ`. So
//! the second player always has a move: the graph is a P-position, of value 0, and needs no
//! search.

use super::canon::equitable_colours;

/// Choices tried in the search for an involution before it gives up: a few milliseconds at
/// most, against a search of the graph's positions (Node-Kayles on the 8 × 8 grid: 70 s).
pub const MIRROR_STEPS: usize = 100_000;

const UNSET: usize = usize::MAX;

/// An involution of the vertices of the graph with adjacency rows `adj` that is an
/// automorphism, moves every vertex and maps no vertex to a neighbour (`σ[v]` is the image
/// of `v`), if the search finds one within [`MIRROR_STEPS`] choices; `None` otherwise (no such
/// involution, or none found in time: the graph is then searched as any other).
pub fn mirror_involution(adj: &[u64]) -> Option<Vec<usize>> {
    let n = adj.len();
    if n == 0 || n % 2 == 1 {
        return None;
    }
    // An automorphism keeps the colours of the equitable partition, and an involution that
    // moves every vertex pairs the vertices of each colour: every colour must be even.
    let colours = equitable_colours(adj);
    let mut count = vec![0usize; n];
    for &c in &colours {
        count[c as usize] += 1;
    }
    if count.iter().any(|c| c % 2 == 1) {
        return None;
    }
    let mut sigma = vec![UNSET; n];
    let mut steps = 0;
    pair_from(adj, &colours, &mut sigma, &mut steps).then_some(sigma)
}

/// Pairs the first vertex not yet paired with each candidate in turn and goes on; true when
/// every vertex is paired.
fn pair_from(adj: &[u64], colours: &[u32], sigma: &mut [usize], steps: &mut usize) -> bool {
    let Some(v) = sigma.iter().position(|&s| s == UNSET) else {
        return true;
    };
    for u in v + 1..adj.len() {
        if sigma[u] != UNSET || colours[u] != colours[v] || adj[v] >> u & 1 == 1 {
            continue;
        }
        *steps += 1;
        if *steps > MIRROR_STEPS {
            return false;
        }
        if !keeps_edges(adj, sigma, v, u) {
            continue;
        }
        sigma[v] = u;
        sigma[u] = v;
        if pair_from(adj, colours, sigma, steps) {
            return true;
        }
        sigma[v] = UNSET;
        sigma[u] = UNSET;
    }
    false
}

/// Whether pairing `v` with `u` keeps every adjacency with the vertices paired so far:
/// `v ~ w` exactly when `u ~ σw`, and `u ~ w` exactly when `v ~ σw`.
fn keeps_edges(adj: &[u64], sigma: &[usize], v: usize, u: usize) -> bool {
    sigma.iter().enumerate().all(|(w, &s)| {
        s == UNSET || (adj[v] >> w & 1 == adj[u] >> s & 1 && adj[u] >> w & 1 == adj[v] >> s & 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<u64> {
        let mut adj = vec![0u64; n];
        for &(a, b) in edges {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        adj
    }

    fn grid(rows: usize, cols: usize) -> Vec<u64> {
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let v = r * cols + c;
                if c + 1 < cols {
                    edges.push((v, v + 1));
                }
                if r + 1 < rows {
                    edges.push((v, v + cols));
                }
            }
        }
        graph(rows * cols, &edges)
    }

    fn cycle(n: usize) -> Vec<u64> {
        graph(n, &(0..n).map(|i| (i, (i + 1) % n)).collect::<Vec<_>>())
    }

    /// What the search returns is such an involution.
    fn check(adj: &[u64], sigma: &[usize]) {
        for v in 0..adj.len() {
            assert_ne!(sigma[v], v);
            assert_eq!(sigma[sigma[v]], v);
            assert_eq!(adj[v] >> sigma[v] & 1, 0, "{v} is mapped to a neighbour");
            for w in 0..adj.len() {
                assert_eq!(adj[v] >> w & 1, adj[sigma[v]] >> sigma[w] & 1);
            }
        }
    }

    #[test]
    fn even_grids_and_even_cycles_have_a_mirror_and_others_not() {
        for (rows, cols) in [(2, 2), (2, 4), (4, 4), (4, 6), (6, 6), (8, 8)] {
            let adj = grid(rows, cols);
            let sigma = mirror_involution(&adj).unwrap_or_else(|| panic!("grid {rows}x{cols}"));
            check(&adj, &sigma);
        }
        // A grid with an odd side maps the middle line onto itself, next to its image.
        for (rows, cols) in [(1, 2), (2, 3), (3, 3), (3, 4), (5, 6), (7, 8)] {
            assert_eq!(
                mirror_involution(&grid(rows, cols)),
                None,
                "grid {rows}x{cols}"
            );
        }
        for n in (4..=64).step_by(2) {
            check(
                &cycle(n),
                &mirror_involution(&cycle(n)).expect("even cycle"),
            );
        }
        for n in [3, 5, 63] {
            assert_eq!(mirror_involution(&cycle(n)), None);
        }
        // Paths: the middle pair is adjacent (even) or the middle vertex fixed (odd).
        for n in 1..=12 {
            let path = graph(n, &(1..n).map(|i| (i - 1, i)).collect::<Vec<_>>());
            assert_eq!(mirror_involution(&path), None, "path {n}");
        }
        // Complete graphs: every other vertex is a neighbour.
        let pairs: Vec<(usize, usize)> = (0..6)
            .flat_map(|a| (a + 1..6).map(move |b| (a, b)))
            .collect();
        assert_eq!(mirror_involution(&graph(6, &pairs)), None);
        // Two copies of any graph, the copies swapped.
        let two = graph(6, &[(0, 1), (1, 2), (3, 4), (4, 5)]);
        check(&two, &mirror_involution(&two).expect("two paths of 3"));
    }
}
