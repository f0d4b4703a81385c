//! Green Hackenbush (Winning Ways, ch. 7; Ferguson, *Game Theory*, Part I, §6; see
//! `docs/bibliography.md`): a picture of edges standing on the ground. A move cuts one edge;
//! every edge no longer connected to the ground falls with it. Whoever cannot move loses.
//!
//! A position is one [`Picture`]: a rooted multigraph, loops and parallel edges allowed, written
//! `hackenbush:0-1,1-2,1-3,3-3` or with named shapes (`stalk:5`, `cycle:3`, ...; see
//! [`picture`]). Its value comes from the **fusion principle** (the vertices of every cycle
//! fused, its edges become loops, worth one edge each) and the **colon principle** (branches at
//! a vertex add by XOR, an edge below a part worth `*v` makes `*(v + 1)`), in time linear in the
//! number of edges (the `fusion` module). Every winning cut is found by carrying the value each part must
//! take up the tree of blocks ([`cuts`]); the reduction is told step by step ([`reduction`]);
//! [`layout`] places the picture for drawing. Both principles are checked against exhaustive
//! search ([`naive`]) on every rooted multigraph of up to 6 edges and on random pictures.
//!
//! ```
//! use grundy_games::hackenbush::{Hackenbush, Picture};
//! use grundy_kernel::Ruleset;
//!
//! // A stalk of 3 beside a triangle standing on one edge: *3 XOR (1 + 1) = *1.
//! let picture: Picture = "stalk:3,cycle:3".parse().unwrap();
//! assert_eq!(picture.to_string(), "0-1,1-2,2-3,0-4,4-5,5-6,4-6");
//! assert_eq!(Hackenbush.grundy(&picture).unwrap(), 1);
//! // The winning cuts leave *0: edge 3 (the stalk becomes *2, like the triangle on its stem),
//! // or edge 5 or 7 (the triangle becomes a stalk of 2 on the stem, *3 like the stalk).
//! let wins = Hackenbush.moves_to_value(&picture, 0, 10).unwrap();
//! assert_eq!(wins.total(), 3);
//! ```

pub mod cuts;
mod form;
mod fusion;
mod graph;
pub mod layout;
pub mod naive;
pub mod picture;
pub mod reduction;

use std::sync::Arc;

pub use picture::{Picture, MAX_EDGES};

use crate::family::{known, Drawing, Family, Positions};
use crate::kernel::error::{GameError, Result};
use crate::kernel::move_forms as forms;
use crate::kernel::moves::MoveList;
use crate::kernel::MoveError;
use crate::kernel::{derive_from, Derivation, OptionValue, MAX_DERIVED_OPTIONS};
use crate::kernel::{uniform_below, MoveContext, Ruleset};
use crate::nimber::Nimber;

use fusion::Fusion;
use graph::Names;

/// The most edges whose cuts an explanation values one by one (each costs a fusion of the
/// picture); larger pictures are explained by the reduction alone.
pub const MAX_EXPLAINED_CUTS: usize = 4096;

/// Green Hackenbush in the registry.
pub static FAMILY: Family = Family {
    name: "hackenbush",
    aliases: &["green-hackenbush"],
    title: "Green Hackenbush",
    rules: "A picture of edges standing on the ground: a move cuts one edge, and every edge no longer connected to the ground falls with it.",
    params: &[],
    positions: Positions {
        label: "Picture",
        help: "edges joined by commas, 0-1,1-2,2-2 (vertex 0 or g is the ground; loops and repeated edges allowed), or shapes: stalk:N, star:N, path:N, cycle:N, tree:DxB; at most 1000000 edges",
        example: "0-1,1-2,1-3,3-3,0-4,4-5,5-6,4-6",
        drawing: Drawing("hackenbush"),
    },
    example: "hackenbush:0-1,1-2,1-3,3-3,0-4,4-5,5-6,4-6",
    sequence: false,
    known_by: known::closed_form,
    heap_game: false,
    search: None,
    at_once: None,
    reasoning: None,
    build: |_| Ok(Arc::new(Hackenbush)),
};

/// The rules of Green Hackenbush (they have no parameters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Hackenbush;

/// The value of `picture` by the fusion and colon principles.
pub fn value(picture: &Picture) -> Nimber {
    let names = Names::of(picture.edges());
    Fusion::of(&names.graph(picture.edges()), None).total()
}

/// For each edge, whether cutting it drops nothing else: an edge on a cycle, or a bridge with
/// nothing above it.
pub fn drops_nothing(picture: &Picture) -> Vec<bool> {
    let names = Names::of(picture.edges());
    let graph = names.graph(picture.edges());
    let fusion = Fusion::of(&graph, None);
    let mut bare = vec![true; fusion.count()];
    for b in 1..fusion.count() {
        bare[fusion.parent[b] as usize] = false;
        if fusion.loops[b] > 0 {
            bare[b] = false;
        }
    }
    let mut out = vec![true; picture.len()];
    for b in 1..fusion.count() {
        out[fusion.stem[b] as usize] = bare[b];
    }
    out
}

/// The edge of `from` (from 0) whose cut leaves exactly `to`, the first one in order when
/// several do (parallel edges); `None` when no cut does.
pub fn cut_to(from: &Picture, to: &Picture) -> Option<usize> {
    if to.len() >= from.len() {
        return None;
    }
    // What disappeared, matching `to` in order; the cut edge is one of those, and it touches
    // something still standing (a fallen edge has both ends fallen).
    let mut removed = Vec::with_capacity(from.len() - to.len());
    let mut j = 0;
    for &edge in from.edges() {
        if j < to.len() && to.edges()[j] == edge {
            j += 1;
        } else {
            removed.push(edge);
        }
    }
    if j < to.len() {
        return None;
    }
    removed.sort_unstable();
    let standing = to.vertices();
    let stands = |v: u32| standing.binary_search(&v).is_ok();
    (0..from.len())
        .filter(|&i| {
            let (a, b) = from.edges()[i];
            removed.binary_search(&(a, b)).is_ok() && (stands(a) || stands(b))
        })
        .find(|&i| from.cut(i).0 == *to)
}

/// The most fallen edges a move's description names.
const MAX_NAMED_FALLEN: usize = 8;
/// The largest picture a move's description writes out before and after.
const MAX_WRITTEN: usize = 60;

fn edge_text(picture: &Picture, i: usize) -> String {
    let (a, b) = picture.edges()[i];
    format!("edge {} ({a}-{b})", i + 1)
}

/// The edge typed after `cut`: its number (from 1) or its ends (`2-5`, `g-1`).
fn typed_edge(from: &Picture, word: &str) -> std::result::Result<usize, MoveError> {
    let count = from.len();
    if let Some(n) = forms::number(word) {
        return usize::try_from(n)
            .ok()
            .filter(|&n| n >= 1 && n <= count)
            .map(|n| n - 1)
            .ok_or_else(|| {
                MoveError::Illegal(format!(
                    "there is no edge {n}: the picture has {count} edge{}, numbered from 1 in the order written",
                    if count == 1 { "" } else { "s" }
                ))
            });
    }
    let ends = word.split_once('-').and_then(|(a, b)| {
        let v = |t: &str| {
            if t.eq_ignore_ascii_case("g") {
                Some(0)
            } else {
                crate::kernel::list::parse_whole::<u32>(t).ok()
            }
        };
        Some((v(a)?, v(b)?))
    });
    let Some((a, b)) = ends else {
        return Err(MoveError::Illegal(format!(
            "cannot read {word:?} as an edge: give its number (cut 3) or its two ends (cut 2-5; g is the ground)"
        )));
    };
    let wanted = (a.min(b), a.max(b));
    from.edges()
        .iter()
        .position(|&e| e == wanted)
        .ok_or_else(|| {
            MoveError::Illegal(format!(
                "no edge joins {a} and {b} in the picture {}",
                shown(from)
            ))
        })
}

/// A picture in a message: written out when short, counted otherwise.
fn shown(p: &Picture) -> String {
    if p.len() <= MAX_WRITTEN {
        p.to_string()
    } else {
        format!("of {} edges", p.len())
    }
}

impl Ruleset for Hackenbush {
    type Position = Picture;

    fn term(&self) -> String {
        "hackenbush".into()
    }

    fn name(&self) -> String {
        "hackenbush".into()
    }

    fn title(&self) -> String {
        "Green Hackenbush".into()
    }

    /// The whole text is one picture (its edges are separated by commas).
    fn parse_positions(&self, text: &str) -> Result<Vec<Picture>> {
        Ok(vec![text.parse()?])
    }

    fn positions_from(&self, numbers: Vec<u64>) -> Result<Vec<Picture>> {
        let text: Vec<String> = numbers.iter().map(u64::to_string).collect();
        Err(GameError::invalid(
            "hackenbush position",
            text.join(","),
            "a picture written as text (\"position\": \"0-1,1-2\"), not a list of heaps",
        ))
    }

    /// One option per edge, in the order written: the picture after cutting it.
    fn options(&self, picture: &Picture) -> Vec<Vec<Picture>> {
        (0..picture.len())
            .map(|i| vec![picture.after_cut(i)])
            .collect()
    }

    fn grundy(&self, picture: &Picture) -> Result<Nimber> {
        Ok(value(picture))
    }

    /// The cuts found by [`cuts::cuts_to_value`], in the order of the edges, all counted.
    fn moves_to_value(
        &self,
        picture: &Picture,
        target: Nimber,
        limit: usize,
    ) -> Result<MoveList<Vec<Picture>>> {
        let found = cuts::cuts_to_value(picture, target)?;
        let mut list = MoveList::with_limit(limit);
        for (n, &i) in found.iter().enumerate() {
            if n < limit {
                list.push(vec![picture.after_cut(i)]);
            } else {
                list.count_unlisted((found.len() - n) as u128);
                break;
            }
        }
        Ok(list)
    }

    fn option_to(&self, picture: &Picture, parts: &[Picture]) -> Option<Vec<Picture>> {
        let to = match parts {
            [] => Picture::ground(),
            [one] => one.clone(),
            _ => return None,
        };
        cut_to(picture, &to).map(|_| vec![to])
    }

    /// The first edge whose cut drops nothing else.
    fn gentlest_option(&self, picture: &Picture) -> Option<Vec<Picture>> {
        let i = drops_nothing(picture).iter().position(|&d| d)?;
        Some(vec![picture.after_cut(i)])
    }

    fn random_option(
        &self,
        picture: &Picture,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<Vec<Picture>> {
        if picture.is_empty() {
            return None;
        }
        let i = uniform_below(rng, picture.len() as u64) as usize;
        Some(vec![picture.after_cut(i)])
    }

    /// The mex over the cuts (named when there are few, their values when there are up to
    /// [`MAX_EXPLAINED_CUTS`]), and the fusion and colon reduction step by step.
    fn explain_value(&self, picture: &Picture) -> Result<Derivation> {
        let mut d = if picture.len() <= MAX_DERIVED_OPTIONS {
            derive_from(self, picture, self.options(picture))?
        } else if picture.len() <= MAX_EXPLAINED_CUTS {
            // Too many to name: only their values are kept.
            let options = (0..picture.len())
                .map(|i| OptionValue {
                    option: String::new(),
                    value: value(&picture.after_cut(i)),
                })
                .collect();
            Derivation::from_options(picture.to_string(), options)
        } else {
            Derivation::closed_form(
                picture.to_string(),
                value(picture),
                self.value_source(picture),
            )
        };
        d.steps = reduction::reduction(picture);
        Ok(d)
    }

    fn value_source(&self, _picture: &Picture) -> String {
        "the fusion principle (the vertices of each cycle fused into one, its edges become loops, k loops worth *(k mod 2)) and the colon principle (branches at a vertex add by XOR, an edge below a part worth *v makes *(v + 1)); Winning Ways, ch. 7".into()
    }

    /// `cut 3` (edge 3, from 1 in the order written), `cut 2-5` (the edge joining 2 and 5),
    /// `cut edge 3`, `edge 3`.
    fn parse_move(
        &self,
        from: &Picture,
        words: &[&str],
        context: MoveContext,
    ) -> Option<std::result::Result<Vec<Picture>, MoveError>> {
        let rest = match words {
            ["cut", "edge", rest @ ..] | ["cut", rest @ ..] | ["edge", rest @ ..] => rest,
            _ => return None,
        };
        let [word] = rest else { return None };
        if from.is_empty() {
            return Some(Err(MoveError::EmptyHeap {
                heap: context.index + 1,
                noun: self.presentation().noun,
            }));
        }
        Some(typed_edge(from, word).map(|i| vec![from.after_cut(i)]))
    }

    fn move_examples(&self, numbered: bool) -> String {
        if numbered {
            "\"1 cut 3\" (in picture 1, cut edge 3; edges are numbered from 1 in the order written) or \"1 cut 2-5\" (the edge joining vertices 2 and 5)".into()
        } else {
            "\"cut 3\" (cut edge 3; edges are numbered from 1 in the order written) or \"cut 2-5\" (the edge joining vertices 2 and 5; g is the ground)".into()
        }
    }

    /// `cut edge 2 (1-2), edge 3 (2-3) falls: 0-1,1-2,2-3 -> 0-1`.
    fn describe_move(&self, from: &Picture, to: &[Picture]) -> String {
        let after = to.first().cloned().unwrap_or_default();
        let Some(i) = cut_to(from, &after) else {
            return format!("{} -> {}", shown(from), shown(&after));
        };
        let (_, fell) = from.cut(i);
        let mut text = format!("cut {}", edge_text(from, i));
        if !fell.is_empty() {
            let named: Vec<String> = fell
                .iter()
                .take(MAX_NAMED_FALLEN)
                .map(|&j| edge_text(from, j))
                .collect();
            let more = fell.len() - named.len();
            let tail = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            let verb = if fell.len() == 1 { "falls" } else { "fall" };
            text.push_str(&format!(", {}{tail} {verb}", named.join(", ")));
        }
        if from.len() <= MAX_WRITTEN {
            format!("{text}: {from} -> {after}")
        } else {
            format!("{text}: {} edges -> {} edges", from.len(), after.len())
        }
    }
}

#[cfg(test)]
mod tests;
