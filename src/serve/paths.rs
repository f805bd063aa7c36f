//! Request paths: from what a browser sent to the key of a file in the built site.
//!
//! Owns the refusal of paths that would leave the site: `..` and `.` segments, percent-
//! encoded separators (`%2f`, `%5c`), backslashes and NUL, before or after decoding. It
//! does not look anything up: the server only ever reads the in-memory site with the key
//! this returns, never the disk.

use percent_encoding::percent_decode_str;

/// Why a path was refused (answered with 400).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refused(pub &'static str);

/// The decoded path of a request (`/ja/method/`), or why it is refused.
///
/// Decodes once: `%252e%252e` becomes the literal name `%2e%2e`, which no file has.
pub(crate) fn clean(raw: &str) -> Result<String, Refused> {
    if !raw.starts_with('/') {
        return Err(Refused("the path must start with /"));
    }
    let lower = raw.to_ascii_lowercase();
    if lower.contains("%2f") || lower.contains("%5c") {
        return Err(Refused("an encoded / or \\ in a path"));
    }
    let bytes: Vec<u8> = percent_decode_str(raw).collect();
    if bytes.contains(&0) {
        return Err(Refused("NUL in a path"));
    }
    if bytes.contains(&b'\\') {
        return Err(Refused("a backslash in a path"));
    }
    let path = String::from_utf8(bytes).map_err(|_| Refused("a path that is not UTF-8"))?;
    if path.split('/').any(|segment| segment == ".." || segment == ".") {
        return Err(Refused("a path that leaves its folder"));
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_encoded_paths_decode_to_the_site_key() {
        assert_eq!(clean("/ja/method/"), Ok("/ja/method/".to_string()));
        assert_eq!(clean("/a%20b.txt"), Ok("/a b.txt".to_string()));
        assert_eq!(clean("/%E6%B8%AC/"), Ok("/測/".to_string()));
    }

    #[test]
    fn every_way_of_leaving_the_site_is_refused() {
        for raw in [
            "/../etc/passwd",
            "/a/../../etc/passwd",
            "/..",
            "/./index.html",
            "/%2e%2e/etc/passwd",
            "/%2E%2E/etc/passwd",
            "/.%2e/etc/passwd",
            "/a%2f..%2f..%2fetc/passwd",
            "/a%2F..",
            "/..%5c..%5cetc",
            "/a\\..\\etc",
            "/index.html%00.css",
            "/%ff%fe",
            "etc/passwd",
        ] {
            assert!(clean(raw).is_err(), "{raw} was not refused");
        }
    }

    #[test]
    fn a_doubly_encoded_dot_is_only_decoded_once() {
        assert_eq!(clean("/%252e%252e/x"), Ok("/%2e%2e/x".to_string()));
    }
}
