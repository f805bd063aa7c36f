//! Typed YAML (site.yaml, front matter) read with serde-saphyr, each error turned into a
//! diagnostic at the author's line and column in the whole file.

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::diagnostics::Diagnostic;

/// Parses `yaml`, which starts at 1-based line `first_line` of the file `path` whose whole
/// text is `file_text` (front matter starts on line 2, a runs.yaml on line 1).
pub(crate) fn deserialize<T: DeserializeOwned>(
    path: &Path,
    file_text: &str,
    yaml: &str,
    first_line: usize,
) -> Result<T, Diagnostic> {
    serde_saphyr::from_str(yaml).map_err(|error| {
        let message = strip_location(&error.to_string());
        match error.location() {
            Some(location) => {
                let line = location.line() as usize + first_line - 1;
                match unknown_word_at(file_text, line, &message) {
                    Some(word) => Diagnostic::at("bad-yaml", path, file_text, word, message),
                    None => Diagnostic::at_line_col(
                        "bad-yaml",
                        path,
                        file_text,
                        line,
                        location.column() as usize,
                        message,
                    ),
                }
            }
            None => Diagnostic::file("bad-yaml", path, message),
        }
    })
}

/// The bytes of the word an "unknown variant `WORD`" error is about, as a value after a
/// `:` on 1-based line `line` of `file_text` or a line below it: serde-saphyr places an
/// error a visitor raises about a value (`spread: rnage`) at the start of its key's line.
fn unknown_word_at(file_text: &str, line: usize, message: &str) -> Option<std::ops::Range<usize>> {
    let word = message.split_once("unknown variant `")?.1.split_once('`')?.0;
    if word.is_empty() {
        return None;
    }
    let mut offset = 0;
    for (number, text) in file_text.split_inclusive('\n').enumerate() {
        if number + 1 >= line
            && let Some(colon) = text.find(':')
        {
            let after = &text[colon + 1..];
            let found = after.match_indices(word).find(|(at, _)| {
                let before = after[..*at].chars().next_back();
                let next = after[at + word.len()..].chars().next();
                let apart = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                apart(before) && apart(next)
            });
            if let Some((at, _)) = found {
                let start = offset + colon + 1 + at;
                return Some(start..start + word.len());
            }
        }
        offset += text.len();
    }
    None
}

/// serde-saphyr appends its own position to messages; ours is in the diagnostic's place,
/// counted from the start of the file rather than of the YAML block.
fn strip_location(message: &str) -> String {
    let first_line = message.lines().next().unwrap_or(message);
    let without_prefix = first_line.strip_prefix("error: ").unwrap_or(first_line);
    // serde-saphyr writes "line N column M: what"; the place is ours to give.
    let without_place = match without_prefix.strip_prefix("line ") {
        Some(rest) => rest.split_once(": ").map_or(without_prefix, |(_, what)| what),
        None => without_prefix,
    };
    match without_place.rfind(" at line ") {
        Some(i) => without_place[..i].to_string(),
        None => without_place.to_string(),
    }
}

/// Where the value of a top-level `key:` starts in YAML `text` (a front matter's or a
/// settings file's), so that an error about the value points at it, not at the first place
/// the same text appears.
pub(crate) fn key_value_offset(text: &str, key: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix(key).and_then(|r| r.strip_prefix(':')) {
            let value_start = line.len() - rest.len() + (rest.len() - rest.trim_start().len());
            return Some(offset + value_start);
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code, reason = "read only by the deserializer in these tests")]
    struct Front {
        title: String,
    }

    #[test]
    fn an_unknown_key_is_placed_on_its_line_in_the_file() {
        let file = "---\ntitle: a\ntitel: b\n---\n";
        let yaml = "title: a\ntitel: b\n";
        let error = deserialize::<Front>(Path::new("a.md"), file, yaml, 2).unwrap_err();
        assert_eq!(error.line, 3, "{error:?}");
        assert!(error.message.contains("titel"), "{}", error.message);
        assert!(!error.message.contains("line 2"), "{}", error.message);
    }

    /// `spread: rnage` was reported at column 1 of its line: the word is the place.
    #[test]
    fn an_unknown_word_is_placed_at_the_value_not_the_key() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code, reason = "read only by the deserializer in these tests")]
        struct Front {
            title: String,
            spread: Option<crate::content::SpreadSetting>,
        }
        let file = "---\ntitle: a\nspread:   rnage\n---\n";
        let error =
            deserialize::<Front>(Path::new("a.md"), file, "title: a\nspread:   rnage\n", 2).unwrap_err();
        assert_eq!((error.line, error.col), (3, 11), "{error:?}");
        assert!(error.message.contains("rnage"), "{}", error.message);
        // One form for a figure: the word on its own line.
        let file = "---\ntitle: a\nspread:\n  rnage: range\n  median: rnage\n---\n";
        let yaml = "title: a\nspread:\n  rnage: range\n  median: rnage\n";
        let error = deserialize::<Front>(Path::new("a.md"), file, yaml, 2).unwrap_err();
        assert_eq!((error.line, error.col), (5, 11), "{error:?}");
    }

    #[test]
    fn the_parsers_own_place_is_taken_out_of_the_message() {
        assert_eq!(strip_location("error: line 3 column 11: invalid type: map"), "invalid type: map");
        assert_eq!(strip_location("unknown field `x` at line 2 column 1"), "unknown field `x`");
    }
}
