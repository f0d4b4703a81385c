//! Period certificates: which theorem proves a computation's period, the range of values it
//! compared, and the proof in sentences, for every [`PeriodRule`].

use super::PeriodStatus;
use crate::kernel::heap_sequence::{
    period_heading as heading, Certificate, Compared, Computation, OwnPeriodTest, Period,
    PeriodRule, Theorem,
};

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
        (PeriodRule::TakeBreak { code }, Some(p)) => {
            match own_certificate(code.as_ref(), computation, p) {
                Some(certificate) => PeriodStatus::Proven(certificate),
                None => PeriodStatus::NotProven {
                    checked,
                    text: format!("No period proven within the {checked} values computed."),
                },
            }
        }
        (_, None) => PeriodStatus::NotProven {
            checked,
            text: format!("No period proven within the {checked} values computed."),
        },
    }
}

/// The certificate of a period the ruleset proves itself, found again from the computed values.
fn own_certificate(
    test: &dyn OwnPeriodTest,
    computation: &dyn Computation,
    p: Period,
) -> Option<Certificate> {
    let mut values = vec![0; p.checked.min(computation.computed()) as usize];
    if !computation.values_into(0, &mut values) {
        return None;
    }
    let values: Vec<u32> = values.into_iter().map(|v| v as u32).collect();
    test.certificate(&values, p)
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
