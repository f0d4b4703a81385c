//! The period certificates of take-and-break codes: the code brings its own period test
//! ([`OwnPeriodTest`]) to the sequence engine, which knows nothing of take-and-break moves.

use super::code::TakeBreakCode;
use super::period::{search, Proof, Search};
use crate::kernel::heap_sequence::{
    period_heading as heading, Certificate, Compared, OwnPeriodSearch, OwnPeriodTest, Period,
    Theorem,
};

impl OwnPeriodTest for TakeBreakCode {
    fn search(&self, values: &[u32]) -> OwnPeriodSearch {
        match search(self, values) {
            Search::Proven(p, _) => OwnPeriodSearch::Proven(p),
            Search::Candidate { needed } => OwnPeriodSearch::Candidate { needed },
            Search::Nothing => OwnPeriodSearch::Nothing,
        }
    }

    fn certificate(&self, values: &[u32], p: Period) -> Option<Certificate> {
        match search(self, values) {
            Search::Proven(found, proof)
                if found.period == p.period && found.saltus == p.saltus =>
            {
                Some(take_break_certificate(p, proof))
            }
            _ => None,
        }
    }
}

fn take_break_certificate(p: Period, proof: Proof) -> Certificate {
    let last = p.checked - 1;
    let n0 = p.preperiod.max(1);
    match proof {
        Proof::GuySmith {
            max_removed: t,
            heaps,
        } => {
            let to = heaps * n0 + (heaps - 1) * p.period + t;
            let text = format!(
                "{}\nProof (Guy-Smith for moves leaving up to {heaps} heaps, moves remove at most {t} \
                 tokens; docs/theory.md): G(n + {period}) = G(n) was checked for n0 <= n < \
                 {heaps}*n0 + {}*{period} + {t} with n0 = {n0}, using G(0..{last}).",
                heading(p),
                heaps - 1,
                period = p.period,
            );
            Certificate {
                period: p.period,
                preperiod: p.preperiod,
                saltus: 0,
                theorem: Theorem::GuySmithHeaps {
                    max_removed: t,
                    heaps,
                },
                checked: p.checked,
                compared: Compared { from: n0, to },
                text,
            }
        }
        Proof::Classes(c) => {
            let to = c.window - c.block;
            let relation = if c.block_saltus == 0 {
                format!("G(n + {}) = G(n)", c.block)
            } else {
                format!("G(n + {}) = G(n) + {}", c.block, c.block_saltus)
            };
            let text = format!(
                "{}\nProof (the move-class test for take-and-break codes, docs/theory.md; arithmetic \
                 periodicity after Howse and Nowakowski 2004): the {} classes of moves from a heap of \
                 {n0} + R + {}*Q tokens decide its value for every Q >= {}, so {relation} for \
                 {n0} <= n < {to}, checked using G(0..{last}), holds for every n >= {n0}.",
                heading(p),
                c.classes,
                c.block,
                c.from_quotient,
            );
            Certificate {
                period: p.period,
                preperiod: p.preperiod,
                saltus: p.saltus,
                theorem: Theorem::MoveClasses {
                    block: c.block,
                    block_saltus: c.block_saltus,
                    classes: c.classes,
                    from_quotient: c.from_quotient,
                },
                checked: p.checked,
                compared: Compared { from: n0, to },
                text,
            }
        }
    }
}
