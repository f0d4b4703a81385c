//! What a notebook shows for positions and sequences (`_repr_html_`): the same reports as the
//! command line's text, laid out as tables, with the sequence's chart inline.

use std::fmt::{Display, Write as _};

use grundy_core::explain::NimExplanation;
use grundy_core::report::{convention_text, Explanation, Report};
use grundy_core::sequence::report::Report as SequenceReport;
use grundy_core::strategy::Convention;
use num_bigint::BigUint;

/// How many winning moves the table lists (the text says how many there are in all).
const SHOWN_MOVES: usize = 10;
/// How many values of a sequence are written out above its chart.
const SHOWN_VALUES: u64 = 100;
/// The shade of the deciding column (the chart's period shade).
const SHADE: &str = "#dde8ff";

/// Text made safe inside HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A position's analysis: Bouton's table of binary columns for Nim, a table of components
/// and values for other sums, then who wins, the winning moves and the reasoning in words.
pub fn position(report: &Report) -> String {
    let mut out = String::from("<div class=\"grundy-position\">");
    let _ = write!(
        out,
        "<p><b>{}</b> ({})</p>",
        escape(&report.game),
        escape(convention_text(report.convention))
    );
    match &report.explanation {
        Some(Explanation::Nim(e)) => out.push_str(&nim_table(&e.detail, report.convention)),
        Some(Explanation::BigNim(e)) => out.push_str(&nim_table(&e.detail, report.convention)),
        _ => out.push_str(&component_table(report)),
    }
    let _ = write!(out, "<p><b>{}.</b></p>", escape(report.outcome.describe()));
    out.push_str(&winning_moves(report));
    if let Some(e) = &report.explanation {
        let _ = write!(
            out,
            "<details><summary>Why</summary><pre>{}</pre></details>",
            escape(e.text())
        );
    }
    out.push_str("</div>");
    out
}

/// Bouton's table: each heap in binary, one column per bit, the nim-sum below; the column of
/// the nim-sum's highest set bit shaded, the heaps that have that bit in bold.
/// The rule under the table is the convention's: under misère play Bouton's move is right only
/// until it would leave heaps of at most one token (Nim(1, 1, 3): 3 -> 1 wins, 3 -> 0 loses).
fn nim_table<H: Display>(e: &NimExplanation<H>, convention: Convention) -> String {
    let bits: Vec<u64> = match e.columns {
        Some(w) => (w.low..=w.high).rev().collect(),
        None => (0..e.bits).rev().collect(),
    };
    let cell = |bit: u64, digit: char| {
        let shade = if Some(bit) == e.highest_bit {
            format!(" style=\"background:{SHADE}\"")
        } else {
            String::new()
        };
        format!("<td{shade} style=\"text-align:center\">{digit}</td>")
    };
    let mut out =
        String::from("<table><thead><tr><th></th><th style=\"text-align:right\">tokens</th>");
    for &bit in &bits {
        let _ = write!(
            out,
            "<th style=\"text-align:center\">2<sup>{bit}</sup></th>"
        );
    }
    out.push_str("</tr></thead><tbody>");
    for (i, (heap, binary)) in e.heaps.iter().zip(&e.binary).enumerate() {
        let label = if e.heaps_with_bit.contains(&i) {
            format!("<b>heap {}</b>", i + 1)
        } else {
            format!("heap {}", i + 1)
        };
        let _ = write!(
            out,
            "<tr><td>{label}</td><td style=\"text-align:right\">{}</td>",
            escape(&heap.to_string())
        );
        for (&bit, digit) in bits.iter().zip(binary.chars()) {
            out.push_str(&cell(bit, digit));
        }
        out.push_str("</tr>");
    }
    let _ = write!(
        out,
        "<tr style=\"border-top:2px solid\"><td>nim-sum</td><td style=\"text-align:right\">{}</td>",
        escape(&e.nim_sum.to_string())
    );
    for (&bit, digit) in bits.iter().zip(e.nim_sum_binary.chars()) {
        out.push_str(&cell(bit, digit));
    }
    out.push_str("</tr></tbody></table>");
    if let Some(k) = e.highest_bit {
        let _ = write!(
            out,
            "<p>The highest set bit of the nim-sum is bit {k}: in normal play a winning move \
             cuts a heap that has it (in bold) to <i>heap</i> XOR <i>nim-sum</i>.</p>"
        );
    }
    if convention == Convention::Misere {
        out.push_str(
            "<p>Misère play: move as in normal Nim, unless that would leave only heaps of \
             0 or 1 tokens; then leave an odd number of 1-heaps, so that the opponent takes \
             the last token.</p>",
        );
    }
    out
}

/// One row per component: its ruleset, its position and its value, then the nim-sum.
fn component_table(report: &Report) -> String {
    let mut out = String::from(
        "<table><thead><tr><th>#</th><th>ruleset</th><th>position</th>\
         <th style=\"text-align:right\">Grundy value</th></tr></thead><tbody>",
    );
    for (i, c) in report.components.iter().enumerate() {
        let value = match &report.values {
            Some(values) => values[i].to_string(),
            None => "not needed to play".into(),
        };
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td style=\"text-align:right\">{}</td></tr>",
            i + 1,
            escape(&c.ruleset_name()),
            escape(&c.to_string()),
            escape(&value)
        );
    }
    if let Some(total) = &report.nim_sum {
        let _ = write!(
            out,
            "<tr style=\"border-top:2px solid\"><td></td><td colspan=\"2\">nim-sum of the values</td>\
             <td style=\"text-align:right\">{}</td></tr>",
            escape(&total.to_string())
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// The winning moves: the first [`SHOWN_MOVES`], and how many there are in all.
fn winning_moves(report: &Report) -> String {
    let total = &report.winning_move_count;
    if *total == BigUint::from(0u8) {
        return String::new();
    }
    let plural = if *total == BigUint::from(1u8) {
        ""
    } else {
        "s"
    };
    let mut out = format!("<p>{total} winning move{plural}:</p><ul>");
    for m in report.winning_moves.iter().take(SHOWN_MOVES) {
        let _ = write!(out, "<li><code>{}</code></li>", escape(&m.to_string()));
    }
    let shown = BigUint::from(report.winning_moves.len().min(SHOWN_MOVES));
    if *total > shown {
        let _ = write!(out, "<li>… and {} more</li>", total - shown);
    }
    out.push_str("</ul>");
    out
}

/// A sequence: its title, its first values, the period with its proof, and the chart.
pub fn sequence(report: &SequenceReport<'_>, svg: &str) -> String {
    let mut out = String::from("<div class=\"grundy-sequence\">");
    let stopped = if report.complete {
        ""
    } else {
        " (interrupted: the values computed so far)"
    };
    if report.count > 0 {
        let _ = write!(
            out,
            "<p><b>{}</b>, G(0..{}){stopped}</p>",
            escape(&report.game.title),
            report.count - 1
        );
        let shown: Vec<String> = report
            .values()
            .take(SHOWN_VALUES as usize)
            .map(|v| v.to_string())
            .collect();
        let more = if report.count > SHOWN_VALUES {
            " …"
        } else {
            ""
        };
        let _ = write!(
            out,
            "<p style=\"font-family:monospace\">{}{more}</p>",
            shown.join(" ")
        );
    } else {
        let _ = write!(out, "<p><b>{}</b>{stopped}</p>", escape(&report.game.title));
    }
    let _ = write!(
        out,
        "<p>{}</p>",
        escape(report.period.text()).replace('\n', "<br>")
    );
    out.push_str(svg);
    out.push_str("</div>");
    out
}
