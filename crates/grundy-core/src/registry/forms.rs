//! What forms for a family's games need beyond its declaration: the named values of its
//! parameters and its typed moves.

use crate::games::family::{Family, Param};
use crate::games::octal;
use crate::kernel::numbering::Numbering;

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
/// them (see [`crate::kernel::Ruleset::move_examples`]), from its example term: numbered by
/// component when the example holds several (heaps), as for a lone component otherwise (a
/// board, a graph, a row); empty if the example does not parse (it always does: the
/// registry's tests read every example).
pub fn move_forms(family: &Family) -> String {
    crate::spec::parse_sum(family.example)
        .ok()
        .and_then(|sum| {
            let numbered = sum.components.len() > 1;
            sum.components.first().map(|c| c.move_examples(numbered))
        })
        .unwrap_or_default()
}

/// What one of the family's components is called in moves and analyses (`heap`, `board`,
/// `graph`, `row of coins`: [`crate::kernel::Presentation::noun`]), from its example term.
pub fn noun(family: &Family) -> &'static str {
    crate::spec::parse_sum(family.example)
        .ok()
        .and_then(|sum| sum.components.first().map(|c| c.noun()))
        .unwrap_or("heap")
}

/// The number of the leftmost coin of a row, for the coin-turning families (1, or 0 where the
/// published values number the coins from 0: [`crate::kernel::Presentation::first_coin`]); `None`
/// for the others.
pub fn first_coin(family: &Family) -> Option<u64> {
    family.rules(&[]).ok()?.presentation().first_coin
}

/// How the grids of a two-dimensional coin game or a Cram board are numbered (rows and columns
/// from 0 or 1, as its one-dimensional games number their coins), for the families whose rules
/// have no parameters (Turning Corners, Rugs, Acrostic Twins, Cram); `None` for the others: the
/// numbering of `tartan{G;H}` and `acrostic{G;H}` is that of `G` and `H` ([`first_coin`]).
pub fn grid_numbering(family: &Family) -> Option<Numbering> {
    family.rules(&[]).ok()?.presentation().grid
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::REGISTRY;

    #[test]
    fn nouns_and_coin_numbers() {
        let nouns: Vec<(&str, &str)> = REGISTRY.iter().map(|f| (f.name, noun(f))).collect();
        for (name, want) in [
            ("nim", "heap"),
            ("wythoff", "heap"),
            ("moore", "row"),
            ("cram", "board"),
            ("chomp", "bar"),
            ("node-kayles", "graph"),
            ("turtles", "row of coins"),
            ("hackenbush", "picture"),
            ("rugs", "grid of coins"),
            ("tartan", "grid of coins"),
            ("acrostic-twins", "grid of coins"),
        ] {
            assert!(nouns.contains(&(name, want)), "{name}: {nouns:?}");
        }
        let firsts: Vec<Option<u64>> =
            ["turtles", "twins", "mock-turtles", "ruler", "nim", "moore"]
                .iter()
                .map(|n| first_coin(crate::registry::family(n).unwrap()))
                .collect();
        assert_eq!(firsts, [Some(1), Some(0), Some(0), Some(1), None, None]);
        let grids: Vec<Option<(u64, u64)>> = [
            "turning-corners",
            "rugs",
            "acrostic-twins",
            "tartan",
            "turtles",
        ]
        .iter()
        .map(|n| {
            grid_numbering(crate::registry::family(n).unwrap()).map(|g| (g.first_row, g.first_col))
        })
        .collect();
        assert_eq!(
            grids,
            [Some((0, 0)), Some((1, 1)), Some((0, 0)), None, None]
        );
        // A lone board's typed moves are not numbered; heaps' are.
        let cram = move_forms(crate::registry::family("cram").unwrap());
        assert!(!cram.contains("component's number"), "{cram}");
        let nim = move_forms(crate::registry::family("nim").unwrap());
        assert!(nim.contains("heap 3"), "{nim}");
    }

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
