//! What jurybox writes into a package besides test data: a test case's own
//! configuration file (`NAME.yaml`, 2025-09 "Test case configuration"), whose
//! `description` says what a found test is for, serialized by the YAML library so
//! any text is quoted correctly.

/// The `NAME.yaml` text of a test case described by `description`.
pub fn test_yaml(description: &str) -> String {
    let mut map = yaml_serde::Mapping::new();
    map.insert("description".into(), description.into());
    yaml_serde::to_string(&map).unwrap_or_else(|_| String::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_round_trips_whatever_it_holds() {
        for text in [
            "plain",
            "has: a colon",
            "quotes ' and \" and\nnewline",
            "- dash",
            "",
        ] {
            let yaml = test_yaml(text);
            let back: yaml_serde::Value = yaml_serde::from_str(&yaml).unwrap();
            assert_eq!(back["description"].as_str(), Some(text), "{yaml}");
        }
    }
}
