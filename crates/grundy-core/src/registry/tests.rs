use super::*;

/// Every family's example reads, and writes itself back: the registry is the format.
#[test]
fn every_example_round_trips() {
    for f in REGISTRY {
        let sum =
            crate::spec::parse_sum(f.example).unwrap_or_else(|e| panic!("{}: {e}", f.example));
        assert!(!sum.components.is_empty(), "{}", f.example);
        let again = crate::spec::parse_sum(&sum.to_terms()).unwrap();
        assert_eq!(again, sum, "{}", f.example);
        assert!(family(f.name).is_some_and(|g| std::ptr::eq(g, *f)));
        for alias in f.aliases {
            assert!(
                family(alias).is_some_and(|g| std::ptr::eq(g, *f)),
                "{alias}"
            );
        }
    }
}

/// No two families answer to the same name.
#[test]
fn names_are_unique() {
    let mut all: Vec<String> = REGISTRY
        .iter()
        .flat_map(|f| std::iter::once(f.name).chain(f.aliases.iter().copied()))
        .map(str::to_ascii_lowercase)
        .collect();
    let count = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), count);
}

#[test]
fn wrong_parameter_counts_are_errors() {
    let err = family("nim")
        .unwrap()
        .rules(&["3"])
        .unwrap_err()
        .to_string();
    assert!(err.contains("none: write nim:"), "{err}");
    let err = family("sub").unwrap().rules(&[]).unwrap_err().to_string();
    assert!(err.contains("1 (set)"), "{err}");
}
