//! What forms for a family's games need beyond its declaration: the named values of its
//! parameters and its typed moves.

use super::{Family, Param};
use crate::games::octal;

/// Named values of a parameter, `(name, value, description)`, for a form's list of choices:
/// the octal games known by name ([`octal::PRESETS`]) for the octal code; none elsewhere.
pub fn presets(
    family: &Family,
    param: &Param,
) -> &'static [(&'static str, &'static str, &'static str)] {
    if std::ptr::eq(family, &octal::FAMILY) && param.name == "code" {
        octal::PRESETS
    } else {
        &[]
    }
}

/// The typed move forms of the family's games, as `grundy play` and the API's typed moves read
/// them (see [`crate::games::Ruleset::move_examples`]), from its example term; empty if the
/// example does not parse (it always does: the registry's tests read every example).
pub fn move_forms(family: &Family) -> String {
    crate::spec::parse_sum(family.example)
        .ok()
        .and_then(|sum| sum.components.first().map(|c| c.move_examples(true)))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::REGISTRY;

    #[test]
    fn every_family_has_move_forms_and_only_octal_codes_have_presets() {
        for family in REGISTRY {
            assert!(!move_forms(family).is_empty(), "{}", family.name);
            for param in family.params {
                let named = presets(family, param);
                assert_eq!(!named.is_empty(), family.name == "octal", "{}", family.name);
                for (name, _, _) in named {
                    assert!(family.rules(&[name]).is_ok(), "{name}");
                }
            }
        }
    }
}
