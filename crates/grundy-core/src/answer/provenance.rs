//! How an answer is known: the argument behind each component's value (normal play) or behind
//! the whole misère sum.

use crate::kernel::provenance::Provenance;

use crate::big_nim::BigComponent;
use crate::games::nim;
use crate::kernel::component::Component;
use crate::report::Piece;
use crate::strategy::Convention;
use crate::sum::Sum;

/// How the answer about `sum` under `convention` is known: one entry per component under
/// normal play, one for the whole sum under misère play.
pub fn provenance(sum: &Sum, convention: Convention) -> Vec<Provenance> {
    match convention {
        Convention::Normal => sum.components.iter().map(of_component).collect(),
        Convention::Misere if sum.nim_heaps().is_some() => vec![Provenance::ClosedForm],
        // The forms, the search's memo and the quotient's answers are kept for the process:
        // asking again costs a lookup.
        Convention::Misere
            if crate::misere::mixed::explain_by_forms(sum, || {
                crate::misere::sums::answer(sum).is_some()
            })
            .is_some() =>
        {
            vec![Provenance::SimplestForms]
        }
        Convention::Misere if crate::misere::sums::answer(sum).is_some() => {
            vec![Provenance::Quotient]
        }
        Convention::Misere => vec![Provenance::ExhaustiveSearch],
    }
}

/// How the answer about a position with heaps or Wythoff boards beyond `u64` (`pieces`) is
/// known: Nim heaps, Lasker's Nim heaps and boards by their closed forms (Bouton, Lasker's,
/// Beatty), heaps of the other rulesets beyond `u64` (subtraction, all-but, octal and
/// take-and-break games) through their proven periods, the other components as in
/// [`provenance`]; under misère play such a sum is misère Nim beside nothing else (a closed
/// form) or is answered by the sum's engines whole.
pub(super) fn of_pieces(pieces: &[Piece], convention: Convention) -> Vec<Provenance> {
    let of = |p: &Piece| match p {
        Piece::Component(BigComponent::Small(c)) => of_component(c),
        // A heap beyond `u64` is read through its family's proven period unless a theorem
        // gives its value (Lasker's Nim).
        Piece::Component(BigComponent::Heap(b))
            if of_component(&b.empty) != Provenance::ClosedForm =>
        {
            Provenance::ProvenPeriod
        }
        _ => Provenance::ClosedForm,
    };
    match convention {
        Convention::Normal => pieces.iter().map(of).collect(),
        Convention::Misere if pieces.iter().all(|p| p.ruleset_name() == nim::FAMILY.name) => {
            vec![Provenance::ClosedForm]
        }
        Convention::Misere => vec![Provenance::ExhaustiveSearch],
    }
}

/// How the value of the component `c` is known: as its family says ([`crate::games::family::Family::known_by`]).
pub(super) fn of_component(c: &Component) -> Provenance {
    crate::registry::family_of(c).map_or(Provenance::Table, |f| (f.known_by)(c))
}
