//! Period certificates: which theorem proves a computation's period, the range of values it
//! compared, and the proof in sentences, for every [`PeriodRule`].

use super::{Certificate, Compared, Computation, PeriodRule, PeriodStatus, Theorem};
use crate::games::take_break::period::{search, Proof, Search};
use crate::games::take_break::TakeBreakCode;
use crate::sequence::Period;

/// The period status of `computation` under `rule`, with the proof in sentences.
pub fn period_status(rule: &PeriodRule, computation: &dyn Computation) -> PeriodStatus {
    let checked = computation.computed();
    match (rule, computation.proven()) {
        (PeriodRule::NotClaimed { reason }, _) => PeriodStatus::NotClaimed {
            text: format!("No period is claimed: {reason}; {checked} values computed."),
        },
        (PeriodRule::Window { window }, Some(p)) => {
            PeriodStatus::Proven(window_certificate(p, *window))
        }
        (PeriodRule::GuySmith { max_removed }, Some(p)) => {
            PeriodStatus::Proven(guy_smith_certificate(p, *max_removed))
        }
        (PeriodRule::TakeBreak { code }, Some(p)) => match take_break_proof(code, computation, p) {
            Some(proof) => PeriodStatus::Proven(take_break_certificate(p, proof)),
            None => PeriodStatus::NotProven {
                checked,
                text: format!("No period proven within the {checked} values computed."),
            },
        },
        (_, None) => PeriodStatus::NotProven {
            checked,
            text: format!("No period proven within the {checked} values computed."),
        },
    }
}

fn heading(p: Period) -> String {
    if p.saltus > 0 {
        return format!(
            "Arithmetic period {} with saltus {} from n = {}: G(n + {}) = G(n) + {} for every n >= {} \
             (the least period, and the least preperiod for it).",
            p.period, p.saltus, p.preperiod, p.period, p.saltus, p.preperiod
        );
    }
    format!(
        "Period {} from n = {} (the least period, and the least preperiod for it).",
        p.period, p.preperiod
    )
}

/// The proof of a take-and-break code's period, found again from the computed values.
fn take_break_proof(
    code: &TakeBreakCode,
    computation: &dyn Computation,
    p: Period,
) -> Option<Proof> {
    let mut values = vec![0; p.checked.min(computation.computed()) as usize];
    if !computation.values_into(0, &mut values) {
        return None;
    }
    let values: Vec<u32> = values.into_iter().map(|v| v as u32).collect();
    match search(code, &values) {
        Search::Proven(found, proof) if found.period == p.period && found.saltus == p.saltus => {
            Some(proof)
        }
        _ => None,
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

fn window_certificate(p: Period, window: u64) -> Certificate {
    let last = p.checked - 1;
    let from = p.checked - window - p.period;
    let mut text = format!(
        "{}\nProof: G(n + {}) = G(n) for the {window} consecutive n = {from}..{} (as many as the \
         largest move), so it holds for every n >= {from} (each value depends only on the \
         {window} below it).",
        heading(p),
        p.period,
        from + window - 1,
    );
    if p.preperiod < from {
        let not_before = match p.preperiod {
            0 => String::new(),
            n => format!(", and not at n = {}", n - 1),
        };
        text.push_str(&format!(
            "\nBelow n = {from}, the computed values G(0..{last}) show G(n + {}) = G(n) from n = {}{not_before}.",
            p.period, p.preperiod
        ));
    }
    Certificate {
        period: p.period,
        preperiod: p.preperiod,
        saltus: 0,
        theorem: Theorem::Window { window },
        checked: p.checked,
        compared: Compared {
            from,
            to: from + window,
        },
        text,
    }
}

fn guy_smith_certificate(p: Period, t: u64) -> Certificate {
    let n0 = p.preperiod.max(1);
    let text = format!(
        "{}\nProof (Guy-Smith, moves remove at most {t} tokens): G(n + {period}) = G(n) was checked \
         for n0 <= n < 2*n0 + {period} + {t} with n0 = {n0}, using G(0..{last}).",
        heading(p),
        period = p.period,
        last = p.checked - 1,
    );
    Certificate {
        period: p.period,
        preperiod: p.preperiod,
        saltus: 0,
        theorem: Theorem::GuySmith { max_removed: t },
        checked: p.checked,
        compared: Compared {
            from: n0,
            to: 2 * n0 + p.period + t,
        },
        text,
    }
}
