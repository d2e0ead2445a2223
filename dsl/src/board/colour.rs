//! Which colour texts a board file may give for drawings.
//!
//! Drawings write colours into SVG files, so only the forms SVG needs are accepted:
//! `#rgb`, `#rrggbb` and CSS colour keywords (letters only). Anything else could inject
//! text into the file, and board files may be hostile.

/// True for `#rgb`, `#rrggbb` and keywords of 3 to 20 ASCII letters.
pub fn well_formed(text: &str) -> bool {
    match text.strip_prefix('#') {
        Some(hex) => matches!(hex.len(), 3 | 6) && hex.chars().all(|c| c.is_ascii_hexdigit()),
        None => (3..=20).contains(&text.len()) && text.chars().all(|c| c.is_ascii_alphabetic()),
    }
}

#[cfg(test)]
mod tests {
    use super::well_formed;

    #[test]
    fn hex_and_keywords_only() {
        for ok in ["#abc", "#A0b1C2", "red", "darkseagreen"] {
            assert!(well_formed(ok), "{ok}");
        }
        for bad in [
            "",
            "#ab",
            "#abcd",
            "#ggg",
            "re",
            "red\"/><x",
            "rgb(1,2,3)",
            "a b c",
        ] {
            assert!(!well_formed(bad), "{bad}");
        }
    }
}
