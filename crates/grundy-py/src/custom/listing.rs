//! The listing of a game defined by Python functions: every atomic position below the one
//! asked about has its moves listed once ([`Shared::explore`], an explicit stack, no recursion
//! limit), its options split into atomic parts ([`Shared::flatten`]), a position leading back
//! to itself refused ([`Shared::cycle`]), and the longest game below each kept; the engine then
//! reads the options from [`super::search::Listing`].

use std::collections::HashSet;
use std::sync::PoisonError;

use grundy_core::kernel::cancel;
use pyo3::prelude::*;

use super::{repr, GrundyError, Kind, Shared, State, Stop, EMPTY, YIELD_EVERY};

/// An atomic position being listed (`Shared::explore`): its options, each as its atomic
/// parts, those parts once each, and the next part to look at.
struct Frame {
    id: u32,
    options: Vec<Vec<u32>>,
    parts: Vec<u32>,
    next: usize,
}

impl Frame {
    fn new(id: u32, options: Vec<Vec<u32>>) -> Self {
        let mut parts: Vec<u32> = options.iter().flatten().copied().collect();
        parts.sort_unstable();
        parts.dedup();
        Frame {
            id,
            options,
            parts,
            next: 0,
        }
    }
}

/// `a -> b -> c`, at most a dozen positions shown.
fn path_text(path: &[String]) -> String {
    if path.len() <= 12 {
        return path.join(" -> ");
    }
    let (head, tail) = (&path[..5], &path[path.len() - 5..]);
    format!(
        "{} -> ... ({} more) -> {}",
        head.join(" -> "),
        path.len() - 10,
        tail.join(" -> ")
    )
}

impl Shared {
    /// Lists the moves of every position reachable from the positions `ids` (`Shared::explore`):
    /// gives their atomic components and the longest game of the deepest, in moves.
    pub fn list_below(&self, ids: &[u32]) -> Result<(Vec<u32>, u32), Stop> {
        let mut st = self.lock()?;
        Python::attach(|py| {
            let mut atomic = Vec::new();
            for &id in ids.iter().filter(|&&id| id != EMPTY) {
                atomic.extend(self.explore(py, &mut st, id)?);
            }
            let deepest = atomic.iter().map(|&a| st.entries[a as usize].height).max();
            Ok((atomic, deepest.unwrap_or(0)))
        })
    }

    /// The options of the atomic position `obj` (entered in the table), each as the atomic
    /// parts it leaves, its moves listed if not yet; nothing below them is listed.
    pub fn atomic_options_of(&self, obj: &Bound<'_, PyAny>) -> Result<Vec<Vec<u32>>, Stop> {
        let ids = self.enter(obj)?;
        let [id] = ids[..] else {
            return Err(Stop::Python(GrundyError::new_err(format!(
                "position {} of game {:?} is not atomic: it splits into {} parts",
                repr(obj),
                self.name,
                ids.len()
            ))));
        };
        let mut st = self.lock()?;
        self.atomic_options(&mut st, id)
    }

    /// The refusal of a position that leads back to itself: `path` from it to itself.
    pub(super) fn cycle(&self, st: &State, path: &[u32]) -> Stop {
        let shown: Vec<String> = Python::attach(|py| {
            path.iter()
                .map(|&id| repr(st.objects[id as usize].bind(py)))
                .collect()
        });
        Stop::Python(GrundyError::new_err(format!(
            "position {} of game {:?} leads back to itself ({}): a game defined by moves must \
             end whatever the players do; with a cycle it is a loopy game, whose positions may \
             be draws and have no Grundy value (see grundy.Digraph)",
            shown[0],
            self.name,
            path_text(&shown)
        )))
    }

    /// Lists the moves of every atomic position reachable from `root` ([`search::Listing`]),
    /// depth first with an explicit stack, refusing a position that leads back to itself;
    /// gives the atomic components `root` stands for.
    ///
    /// It runs with the GIL held (`py`): each call of the functions would otherwise take it
    /// back, which costs more than most calls. Every [`YIELD_EVERY`] positions it lets other
    /// threads have the GIL (the calling thread looks for Ctrl-C with it).
    pub(super) fn explore(
        &self,
        py: Python<'_>,
        st: &mut State,
        root: u32,
    ) -> Result<Vec<u32>, Stop> {
        let roots = self.flatten(st, root)?;
        let mut steps = 0u32;
        let mut stack: Vec<Frame> = Vec::new();
        for &start in &roots {
            let listed = self.list_from(py, st, start, &mut stack, &mut steps);
            if listed.is_err() {
                // The path is left (stopped, or a cycle): a later question lists it again.
                for frame in stack.drain(..) {
                    st.entries[frame.id as usize].open = false;
                }
            }
            listed?;
        }
        Ok(roots)
    }

    /// Lists the atomic position `start` and every one below it ([`Shared::explore`]), on
    /// `stack`, whose positions are marked `open`.
    fn list_from(
        &self,
        py: Python<'_>,
        st: &mut State,
        start: u32,
        stack: &mut Vec<Frame>,
        steps: &mut u32,
    ) -> Result<(), Stop> {
        if st.entries[start as usize].listed {
            return Ok(());
        }
        stack.push(Frame::new(start, self.atomic_options(st, start)?));
        st.entries[start as usize].open = true;
        while let Some(top) = stack.last_mut() {
            cancel::check()?;
            *steps = steps.wrapping_add(1);
            if *steps % YIELD_EVERY == 0 {
                py.detach(|| ());
            }
            let unlisted = top.parts[top.next..]
                .iter()
                .position(|&c| !st.entries[c as usize].listed);
            if let Some(skipped) = unlisted {
                top.next += skipped + 1;
                let child = top.parts[top.next - 1];
                if st.entries[child as usize].open {
                    let from = stack.iter().position(|f| f.id == child).unwrap_or(0);
                    let mut path: Vec<u32> = stack[from..].iter().map(|f| f.id).collect();
                    path.push(child);
                    return Err(self.cycle(st, &path));
                }
                let options = self.atomic_options(st, child)?;
                stack.push(Frame::new(child, options));
                st.entries[child as usize].open = true;
                continue;
            }
            // Every part below is listed: so is this position.
            let frame = stack.pop().expect("not empty");
            let height = frame
                .parts
                .iter()
                .map(|&c| st.entries[c as usize].height + 1)
                .max()
                .unwrap_or(u32::from(!frame.options.is_empty()));
            self.listing
                .write()
                .unwrap_or_else(PoisonError::into_inner)
                .list(frame.id, &frame.options, height);
            let entry = &mut st.entries[frame.id as usize];
            entry.listed = true;
            entry.height = height;
            entry.open = false;
        }
        Ok(())
    }

    /// The options of the atomic position `id`, each as the atomic parts it leaves (none: a
    /// finished position), its moves listed by `moves` if not yet.
    pub(super) fn atomic_options(&self, st: &mut State, id: u32) -> Result<Vec<Vec<u32>>, Stop> {
        self.expand(st, id)?;
        let raw = Self::children(st, id).to_vec();
        raw.into_iter().map(|o| self.flatten(st, o)).collect()
    }

    /// The atomic parts of `id`, as far as `split` splits (empty for a finished position
    /// with no parts; `[id]` for an atomic position).
    pub(super) fn flatten(&self, st: &mut State, id: u32) -> Result<Vec<u32>, Stop> {
        if id == EMPTY {
            return Ok(Vec::new());
        }
        // The usual cases without the walk's stack and set: atomic, or parts that are.
        self.classify(st, id)?;
        if st.entries[id as usize].kind != Kind::Parts {
            return Ok(vec![id]);
        }
        let parts = Self::children(st, id).to_vec();
        let mut atomic = true;
        for &part in &parts {
            if part == id {
                atomic = false;
                break;
            }
            self.classify(st, part)?;
            atomic &= st.entries[part as usize].kind != Kind::Parts;
        }
        if atomic {
            return Ok(parts);
        }
        let mut out = Vec::new();
        let mut stack: Vec<(u32, u32)> = vec![(id, 0)];
        let mut open: HashSet<u32> = HashSet::from([id]);
        while let Some(&(top, next)) = stack.last() {
            self.classify(st, top)?;
            if st.entries[top as usize].kind != Kind::Parts {
                out.push(top);
                open.remove(&top);
                stack.pop();
                continue;
            }
            match Self::children(st, top).get(next as usize).copied() {
                Some(part) => {
                    stack.last_mut().expect("not empty").1 += 1;
                    if !open.insert(part) {
                        let from = stack.iter().position(|&(s, _)| s == part).unwrap_or(0);
                        let mut path: Vec<u32> = stack[from..].iter().map(|&(s, _)| s).collect();
                        path.push(part);
                        return Err(self.cycle(st, &path));
                    }
                    stack.push((part, 0));
                }
                None => {
                    open.remove(&top);
                    stack.pop();
                }
            }
        }
        Ok(out)
    }
}
