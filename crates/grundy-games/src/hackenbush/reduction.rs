//! The fusion and colon reduction of a picture in words, step by step, for a person: which
//! vertices are fused and what their edges are worth as loops, then, from the top down to the
//! ground, what each branch is worth and how the branches meeting at a vertex add up.
//!
//! The steps follow the fusion (the `fusion` module) exactly, so the value they end on is the value computed. Long
//! reductions name their first steps and say how many more there are.

use super::fusion::Fusion;
use super::graph::{Graph, Names};
use super::Picture;
use crate::nimber::Nimber;

/// The most fusion steps and the most colon steps named one by one.
pub const MAX_STEPS: usize = 12;
/// The most branches named at one vertex.
const MAX_BRANCHES: usize = 8;
/// The most edges named in one fusion step.
const MAX_NAMED_EDGES: usize = 8;

/// The reduction of `picture`, one sentence per step; the last gives the value.
pub fn reduction(picture: &Picture) -> Vec<String> {
    if picture.is_empty() {
        return vec!["No edges: nothing to cut, so the value is *0.".into()];
    }
    let names = Names::of(picture.edges());
    let graph = names.graph(picture.edges());
    let fusion = Fusion::of(&graph, None);
    let r = Reduction::new(&names, &graph, &fusion);
    let mut steps = Vec::new();
    r.fusion_steps(&mut steps);
    r.colon_steps(&mut steps);
    steps
}

struct Reduction<'a> {
    names: &'a Names,
    graph: &'a Graph,
    fusion: &'a Fusion,
    /// Each block's vertices (by number, ascending) and children.
    vertices: Vec<Vec<u32>>,
    children: Vec<Vec<u32>>,
}

/// `*v`.
fn star(v: Nimber) -> String {
    format!("*{v}")
}

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

impl<'a> Reduction<'a> {
    fn new(names: &'a Names, graph: &'a Graph, fusion: &'a Fusion) -> Self {
        let count = fusion.count();
        let mut vertices = vec![Vec::new(); count];
        for v in 0..graph.n as u32 {
            vertices[fusion.block[v as usize] as usize].push(v);
        }
        let mut children = vec![Vec::new(); count];
        for b in 1..count {
            children[fusion.parent[b] as usize].push(b as u32);
        }
        Reduction {
            names,
            graph,
            fusion,
            vertices,
            children,
        }
    }

    fn name(&self, v: u32) -> String {
        match self.names.names[v as usize] {
            0 => "the ground".into(),
            n => format!("vertex {n}"),
        }
    }

    fn edge(&self, e: usize) -> String {
        let (a, b) = self.graph.ends[e];
        format!(
            "{}-{}",
            self.names.names[a as usize], self.names.names[b as usize]
        )
    }

    /// Where block `b` stands, for people: "the ground", "vertex 3" or "vertex 3 (fused with 4
    /// and 5)".
    fn place(&self, b: usize) -> String {
        let foot = self.fusion.foot(self.graph, b);
        let others: Vec<String> = self.vertices[b]
            .iter()
            .filter(|&&v| v != foot)
            .take(MAX_BRANCHES)
            .map(|&v| self.names.names[v as usize].to_string())
            .collect();
        if others.is_empty() {
            return self.name(foot);
        }
        let more = self.vertices[b].len() - 1 - others.len();
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        format!(
            "{} (fused with {}{tail})",
            self.name(foot),
            others.join(", ")
        )
    }

    fn fusion_steps(&self, steps: &mut Vec<String>) {
        let fused: Vec<usize> = (0..self.fusion.count())
            .filter(|&b| self.fusion.loops[b] > 0)
            .collect();
        if fused.is_empty() {
            steps.push(
                "No cycles and no loops: the picture is a tree, reduced by the colon principle alone."
                    .into(),
            );
            return;
        }
        steps.push("Fusion principle (Winning Ways, ch. 7): the vertices on a cycle may be fused into one vertex without changing the value; the cycle's edges then become loops, and a loop is worth a single edge, so k loops are worth *1 when k is odd and *0 when k is even.".into());
        let mut inside: Vec<Vec<usize>> = vec![Vec::new(); self.fusion.count()];
        for (e, &(a, _)) in self.graph.ends.iter().enumerate() {
            if !self.fusion.bridge[e] {
                inside[self.fusion.block[a as usize] as usize].push(e);
            }
        }
        for &b in fused.iter().take(MAX_STEPS) {
            let k = self.fusion.loops[b];
            let named: Vec<String> = inside[b]
                .iter()
                .take(MAX_NAMED_EDGES)
                .map(|&e| self.edge(e))
                .collect();
            let more = if inside[b].len() > named.len() {
                format!(" and {} more", inside[b].len() - named.len())
            } else {
                String::new()
            };
            let worth = if k % 2 == 1 { "*1 (odd)" } else { "*0 (even)" };
            let what = if self.vertices[b].len() == 1 {
                format!(
                    "At {}, {} ({}{more})",
                    self.name(self.vertices[b][0]),
                    plural(k, "loop", "loops"),
                    named.join(", ")
                )
            } else {
                format!(
                    "Fuse {}: {} ({}{more}) become {}",
                    self.place(b),
                    plural(k, "edge", "edges"),
                    named.join(", "),
                    plural(k, "loop", "loops")
                )
            };
            steps.push(format!("{what}, worth {worth}."));
        }
        if fused.len() > MAX_STEPS {
            let rest: u64 = fused[MAX_STEPS..]
                .iter()
                .map(|&b| self.fusion.loops[b])
                .sum();
            steps.push(format!(
                "And {} more fused vertices, each the same way ({} in all).",
                fused.len() - MAX_STEPS,
                plural(rest, "edge", "edges")
            ));
        }
    }

    /// Whether block `b` is a junction: where the colon principle adds branches (the ground,
    /// a vertex where branches meet, or a fused vertex with something on it).
    fn junction(&self, b: usize) -> bool {
        b == 0
            || self.children[b].len() >= 2
            || (self.fusion.loops[b] > 0 && !self.children[b].is_empty())
    }

    /// The branch that starts with child block `c`: its first edge, how many edges lead up
    /// through vertices with nothing else on them, and the block it reaches.
    fn branch(&self, c: usize) -> (usize, u64, usize) {
        let first = self.fusion.stem[c] as usize;
        let mut k = 1;
        let mut top = c;
        while !self.junction(top) && self.fusion.loops[top] == 0 && self.children[top].len() == 1 {
            top = self.children[top][0] as usize;
            k += 1;
        }
        (first, k, top)
    }

    fn describe_branch(&self, c: usize) -> String {
        let (first, k, top) = self.branch(c);
        let value = self.fusion.value[c] + 1;
        let top_value = self.fusion.value[top];
        let bare = self.fusion.loops[top] == 0 && self.children[top].is_empty();
        let shape = if bare {
            format!("a stalk of {}", plural(k, "edge", "edges"))
        } else {
            format!(
                "{} up to {}, worth {}",
                plural(k, "edge", "edges"),
                self.place(top),
                star(top_value)
            )
        };
        format!("{} (up edge {}: {shape})", star(value), self.edge(first))
    }

    fn colon_steps(&self, steps: &mut Vec<String>) {
        steps.push("Colon principle: a stalk of n edges is worth *n; branches meeting at a vertex are worth the XOR of their values; an edge below a part worth *v makes a stalk worth *(v + 1).".into());
        // From the top down to the ground: children (higher numbers) first.
        let junctions: Vec<usize> = (0..self.fusion.count())
            .rev()
            .filter(|&b| self.junction(b))
            .collect();
        let skipped = junctions.len().saturating_sub(MAX_STEPS);
        if skipped > 0 {
            steps.push(format!(
                "{} higher up reduce the same way; the last {MAX_STEPS}, down to the ground:",
                plural(
                    skipped as u64,
                    "vertex where branches meet",
                    "vertices where branches meet"
                )
            ));
        }
        for &b in &junctions[skipped..] {
            steps.push(self.junction_step(b));
        }
    }

    fn junction_step(&self, b: usize) -> String {
        let kids = &self.children[b];
        let mut parts: Vec<String> = kids
            .iter()
            .take(MAX_BRANCHES)
            .map(|&c| self.describe_branch(c as usize))
            .collect();
        if kids.len() > MAX_BRANCHES {
            parts.push(format!("and {} more", kids.len() - MAX_BRANCHES));
        }
        let loops = self.fusion.loops[b];
        let xor = if kids.len() <= MAX_BRANCHES {
            let loop_term = (loops > 0).then(|| star(loops & 1));
            let branch_terms = kids
                .iter()
                .map(|&c| star(self.fusion.value[c as usize] + 1));
            loop_term
                .into_iter()
                .chain(branch_terms)
                .collect::<Vec<_>>()
                .join(" XOR ")
        } else {
            "the XOR of them all".into()
        };
        let value = self.fusion.value[b];
        let branches = plural(kids.len() as u64, "branch", "branches");
        let have = if loops > 0 {
            format!(
                "its {} ({}) and {branches}",
                plural(loops, "loop", "loops"),
                star(loops & 1)
            )
        } else {
            branches
        };
        let end = if b == 0 {
            format!("the picture is worth {}", star(value))
        } else {
            format!("what stands on {} is worth {}", self.place(b), star(value))
        };
        format!(
            "At {}, {have}: {}; {xor} = {}: {end}.",
            self.place(b),
            parts.join(", "),
            star(value)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(text: &str) -> Vec<String> {
        reduction(&text.parse().unwrap())
    }

    #[test]
    fn a_tree_is_reduced_by_the_colon_principle() {
        let s = steps("0-1,1-2,1-3,3-4");
        assert!(s[0].contains("tree"), "{s:?}");
        let last = s.last().unwrap();
        // At vertex 1: branches *1 (1-2) and *2 (1-3-4): 1 XOR 2 = 3; the ground: *4.
        assert!(
            s.iter()
                .any(|l| l.contains("At vertex 1") && l.contains("*1 XOR *2 = *3")),
            "{s:?}"
        );
        assert!(last.contains("the picture is worth *4"), "{s:?}");
    }

    #[test]
    fn cycles_are_fused_and_named() {
        let s = steps("0-1,1-2,2-3,3-1,1-4");
        assert!(
            s.iter()
                .any(|l| l.contains("Fuse vertex 1 (fused with 2, 3)")
                    && l.contains("3 edges (1-2, 2-3, 1-3) become 3 loops, worth *1 (odd)")),
            "{s:?}"
        );
        // The fused triangle (*1) and the twig 1-4 (*1) cancel; the stem makes *1.
        assert!(
            s.iter().any(|l| l
                .contains("*1 (up edge 0-1: 1 edge up to vertex 1 (fused with 2, 3), worth *0)")),
            "{s:?}"
        );
        assert!(
            s.last().unwrap().contains("the picture is worth *1"),
            "{s:?}"
        );
        let s = steps("0-0,0-0");
        assert!(
            s.iter()
                .any(|l| l.contains("At the ground, 2 loops (0-0, 0-0), worth *0 (even)")),
            "{s:?}"
        );
        assert!(s.last().unwrap().contains("worth *0"), "{s:?}");
    }

    #[test]
    fn long_reductions_say_what_they_leave_out() {
        let s = steps("tree:5x2");
        assert!(
            s.iter()
                .any(|l| l.contains("higher up reduce the same way")),
            "{s:?}"
        );
        assert!(s.len() < 2 * MAX_STEPS + 6, "{}", s.len());
        let many: Vec<String> = (1..=20).map(|i| format!("0-{i},{i}-{i}")).collect();
        let s = steps(&many.join(","));
        assert!(
            s.iter().any(
                |l| l.contains("And 8 more fused vertices, each the same way (8 edges in all)")
            ),
            "{s:?}"
        );
        assert!(
            s.iter()
                .any(|l| l.contains("and 12 more") && l.contains("the XOR of them all")),
            "{s:?}"
        );
    }
}
