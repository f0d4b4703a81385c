//! Valuing a component with more options than the candidate sets hold, round by round: is
//! some option worth 0? 1? ... (see the engine's module documentation, "Many options").

use super::*;

impl<G: SplitGame> Engine<G> {
    /// The value of a component with too many options for the candidate sets if it lies in
    /// `wanted`, else `None`: the least value no option is worth, found value by value ("is
    /// some option worth 0? 1? ..."), each round a narrow question that stops at the first
    /// option worth it, and no round past the largest value wanted. Each value in
    /// `ruled_out` (known not to be the component's) needs no round: reached, it is below the
    /// value, so some option is worth it.
    pub(super) fn value_by_rounds(
        &mut self,
        key: &G::Key,
        wanted: Set,
        ruled_out: Set,
    ) -> Result<Option<Nimber>> {
        if wanted == 0 {
            return Ok(None);
        }
        let before = self.expanded;
        let (base_keys, base_opts, base_known) =
            (self.keys.len(), self.opts.len(), self.known.len());
        self.expand(key, usize::MAX, 0, true)?;
        let mut present = ruled_out;
        for v in self.known.drain(base_known..) {
            if contains(ALL, v) {
                present |= 1 << v;
            }
        }
        // Options before `settled` are worth a value already met: they answer no later round.
        let (mut settled, end) = (base_opts, self.opts.len());
        let limit = largest(wanted);
        let mut found = None;
        for k in 0..=limit {
            if present >> k & 1 == 1 {
                continue;
            }
            let mut worth_k = None;
            for i in settled..end {
                if self.option_value_in(i, 1 << k)?.is_some() {
                    worth_k = Some(i);
                    break;
                }
            }
            let Some(i) = worth_k else {
                found = Some(Nimber::from(k));
                break;
            };
            self.opts.swap(i, settled);
            settled += 1;
            present |= 1 << k;
        }
        self.keys.truncate(base_keys);
        self.opts.truncate(base_opts);
        match found {
            Some(v) => {
                let spent = work(self.expanded - before);
                self.table.store(key, Knowledge::Exact(v), spent);
                Ok(contains(wanted, v).then_some(v))
            }
            None if limit == SET_BITS - 1 => {
                // Worth more than the sets hold: every option valued.
                let v = self.value_by_mex(key)?;
                Ok(contains(wanted, v).then_some(v))
            }
            None => {
                self.exclude(key, low(limit + 1) | ruled_out, before);
                Ok(None)
            }
        }
    }
}
