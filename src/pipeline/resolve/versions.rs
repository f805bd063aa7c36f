//! Versions are not figures: "iperf3 3.12", "curl 8.21", "OPNsense 24.7", "FreeBSD 14.1"
//! name a release of a tool or a system, not a measured result (issue 44). A bare number
//! right after such a name is passed over wherever figure-like numbers are counted or
//! refused (coverage, a title or summary, a heading, text outside a page body).
//!
//! Owns the built-in list of names and the test of a number's place. The names a site
//! declares (runs.yaml's `tools:` and `build:`, site.yaml's `text_numbers:`) are gathered
//! by `check::outside::version_names`.

use crate::number::{FigureValue, UnitKind};

/// The importers' tools and the systems a bench runs, whose versions a page names.
pub(crate) const BUILT_IN: &[&str] = &[
    "iperf3",
    "iperf",
    "curl",
    "ping",
    "lighttpd",
    "nginx",
    "Apache",
    "HAProxy",
    "OPNsense",
    "pfSense",
    "FreeBSD",
    "OpenBSD",
    "NetBSD",
    "Linux",
    "Debian",
    "Ubuntu",
    "Fedora",
    "RHEL",
    "Alpine",
    "Windows",
    "Windows Server",
    "macOS",
    "PowerShell",
    "bash",
    "netmap",
    "pkt-gen",
    "Flent",
    "netperf",
    "ethtool",
    "Suricata",
    "Snort",
    "Zeek",
    "OpenSSL",
    "OpenSSH",
    "WireGuard",
    "OpenVPN",
    "strongSwan",
    "Chromium",
    "Chrome",
    "Firefox",
    "Python",
    "Rust",
    "tally",
];

/// Whether a bare number (no unit) whose text is preceded by `before` is a version: right
/// after a built-in name or one of `declared`, compared without regard to case, the word
/// "version" (or "release") allowed between. A number with a unit is a figure whatever
/// stands before it, and so is a whole number of 100 and more that is no year.
pub(crate) fn is_version(before: &str, value: &FigureValue, declared: &[String]) -> bool {
    let FigureValue::Number { kind: UnitKind::Count, base } = value else {
        return false;
    };
    // A whole number of 100 and more is a count ("ping 1000 times"), but for a year's
    // release ("Windows Server 2022").
    if base.fract() == 0.0 && *base >= 100.0 && !(1990.0..2100.0).contains(base) {
        return false;
    }
    let mut rest = before.trim_end();
    for word in ["version", "release", "v"] {
        if let Some(cut) = strip_suffix_ignoring_case(rest, word)
            && (cut.is_empty() || cut.ends_with(char::is_whitespace))
        {
            rest = cut.trim_end();
            break;
        }
    }
    let named = |name: &str| {
        strip_suffix_ignoring_case(rest, name).is_some_and(|cut| {
            !name.is_empty() && !cut.ends_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_')
        })
    };
    BUILT_IN.iter().any(|name| named(name)) || declared.iter().any(|name| named(name))
}

fn strip_suffix_ignoring_case<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = text.len().checked_sub(suffix.len())?;
    let tail = text.get(cut..)?;
    tail.eq_ignore_ascii_case(suffix).then(|| &text[..cut])
}

/// The names in a declared text ("OPNsense 24.7", "8.21 for Windows"): each proper name
/// (a word with a capital or a digit) that a version (digits and dots, no comma) follows.
/// "build 4,512" declares nothing: a count after a common word stays a figure.
pub(crate) fn names_in(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let words: Vec<&str> = text.split_whitespace().collect();
    for pair in words.windows(2) {
        let (word, next) = (pair[0], pair[1]);
        let next = next.trim_end_matches([',', ';', ':', ')', '.']);
        let version_shaped = next.starts_with(|c: char| c.is_ascii_digit())
            && next.chars().all(|c| c.is_ascii_digit() || c == '.');
        let proper = word.chars().any(|c| c.is_uppercase() || c.is_ascii_digit());
        if version_shaped
            && proper
            && word.chars().any(char::is_alphabetic)
            && !word.ends_with([',', ';', ':', '(', ')'])
        {
            names.push(word.trim_start_matches(['"', '\'', '(']).to_string());
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(base: f64) -> FigureValue {
        FigureValue::Number { base, kind: UnitKind::Count }
    }

    #[test]
    fn a_number_after_a_tool_or_system_name_is_a_version() {
        for before in ["with iperf3 ", "curl ", "on OPNsense ", "FreeBSD ", "windows ", "curl version "] {
            assert!(is_version(before, &count(3.12), &[]), "{before}");
        }
        assert!(is_version("the Acme ", &count(3.12), &["Acme".to_string()]));
    }

    #[test]
    fn a_number_after_other_words_or_with_a_unit_is_not_a_version() {
        assert!(!is_version("received ", &count(3.12), &[]));
        assert!(!is_version("ran ping ", &count(1000.0), &[]), "a count after a tool's name");
        assert!(is_version("Windows Server ", &count(2022.0), &[]));
        assert!(!is_version("uncurl ", &count(3.12), &[]));
        assert!(!is_version("the Acme ", &count(3.12), &[]));
        let rate = FigureValue::Number { base: 3.12e9, kind: UnitKind::BitRate };
        assert!(!is_version("curl ", &rate, &[]));
    }

    #[test]
    fn names_are_read_from_declared_texts() {
        assert_eq!(names_in("OPNsense 24.7"), ["OPNsense"]);
        assert_eq!(names_in("8.21 for Windows"), Vec::<String>::new());
        assert_eq!(names_in("the Acme 3.1 build"), ["Acme"]);
        assert_eq!(names_in("build 4,512"), Vec::<String>::new());
        assert_eq!(names_in("build 4512"), Vec::<String>::new());
    }
}
