//! What jurybox writes into a package besides test data: a test case's own
//! configuration file (`NAME.yaml`, 2025-09 "Test case configuration"), whose
//! `description` says what a found test is for, serialized by the YAML library so
//! any text is quoted correctly; and the one rule for a written problem's
//! `uuid` ([`stable_uuid`]).

/// The `uuid` of a problem jurybox writes (a package made, a Polygon or
/// sinol-make package converted), from where it comes (`package/puyo`,
/// `polygon/SHORT_NAME`): version 5, the SHA-1 of `jurybox:ORIGIN` in the
/// URL namespace (RFC 4122), so that writing it twice gives the same bytes.
pub fn stable_uuid(origin: &str) -> String {
    let name = format!("jurybox:{origin}");
    uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, name.as_bytes()).to_string()
}

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

    #[test]
    fn a_uuid_is_version_5_and_a_pure_function_of_its_origin() {
        let a = stable_uuid("package/tetris3d");
        assert_eq!(a, stable_uuid("package/tetris3d"));
        assert_ne!(a, stable_uuid("package/puyo"));
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "5");
        assert!(matches!(&a[19..20], "8" | "9" | "a" | "b"), "{a}");
        // Python's uuid.uuid5(uuid.NAMESPACE_URL, "jurybox:package/puyo").
        assert_eq!(
            stable_uuid("package/puyo"),
            "7a9dbc78-f733-5a31-bc6b-c5eecab0d59f"
        );
    }
}
