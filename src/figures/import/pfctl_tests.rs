use proptest::prelude::*;

use super::*;

// Reconstructions, not recordings: what FreeBSD 13/14's pfctl (so OPNsense's) prints for
// `pfctl -si` and, with `set loginterface em0`, `pfctl -vsi`, written out with its own
// printf formats from `print_status` in sbin/pfctl/pfctl_parser.c (`%-44s%15s` for the
// status line, `  %-25s %14ju %14.1f/s` for a counter, the current entries' rate column
// blank, so those lines end in spaces). The numbers are made up; each rate is its total
// over the status line's time.
const SI: &str = r#"Status: Enabled for 1 days 01:23:45           Debug: Urgent

State Table                          Total             Rate
  current entries                       38               
  searches                         5120731           56.0/s
  inserts                            41502            0.5/s
  removals                           41464            0.5/s
Counters
  match                             123306            1.3/s
  bad-offset                             0            0.0/s
  fragment                               0            0.0/s
  short                                  0            0.0/s
  normalize                              0            0.0/s
  memory                                 0            0.0/s
  bad-timestamp                          0            0.0/s
  congestion                             0            0.0/s
  ip-option                              0            0.0/s
  proto-cksum                            0            0.0/s
  state-mismatch                        17            0.0/s
  state-insert                           0            0.0/s
  state-limit                            0            0.0/s
  src-limit                              0            0.0/s
  synproxy                               0            0.0/s
  map-failed                             0            0.0/s
"#;
const VSI: &str = r#"Status: Enabled for 1 days 01:23:45           Debug: Urgent

Hostid:   0x2a1d9f0e
Checksum: 0x6c1a28a4b2c4a8e1fcb8d0c8e6e7f3a1

Interface Stats for em0               IPv4             IPv6
  Bytes In                      4012345678             1024
  Bytes Out                     3987654321             2048
  Packets In
    Passed                         2741236               12
    Blocked                             14                0
  Packets Out
    Passed                         2740011               10
    Blocked                              0                0

State Table                          Total             Rate
  current entries                       38               
  searches                         5120731           56.0/s
  inserts                            41502            0.5/s
  removals                           41464            0.5/s
Source Tracking Table
  current entries                        0               
  searches                               0            0.0/s
  inserts                                0            0.0/s
  removals                               0            0.0/s
Counters
  match                             123306            1.3/s
  bad-offset                             0            0.0/s
  fragment                               0            0.0/s
  short                                  0            0.0/s
  normalize                              0            0.0/s
  memory                                 0            0.0/s
  bad-timestamp                          0            0.0/s
  congestion                             0            0.0/s
  ip-option                              0            0.0/s
  proto-cksum                            0            0.0/s
  state-mismatch                        17            0.0/s
  state-insert                           0            0.0/s
  state-limit                            0            0.0/s
  src-limit                              0            0.0/s
  synproxy                               0            0.0/s
  map-failed                             0            0.0/s
Limit Counters
  max states per rule                    0            0.0/s
  max-src-states                         0            0.0/s
  max-src-nodes                          0            0.0/s
  max-src-conn                           0            0.0/s
  max-src-conn-rate                      0            0.0/s
  overload table insertion               0            0.0/s
  overload flush states                  0            0.0/s
  synfloods detected                     0            0.0/s
  syncookies sent                        0            0.0/s
  syncookies validated                   0            0.0/s
Syncookies
  mode                      never
"#;

fn error(text: &str) -> ImportError {
    import_pfctl(text).unwrap_err()
}

fn at<'a>(text: &'a str, error: &ImportError) -> &'a str {
    &text[error.at.clone().unwrap_or_else(|| panic!("no place: {error}"))]
}

#[test]
fn pfctl_si_gives_status_states_and_counters() {
    let imported = import_pfctl(SI).unwrap();
    let f = &imported.fields;
    assert_eq!(f.get("status"), Some(&Tree::Text("Enabled".to_string())));
    assert_eq!(f.get("debug"), Some(&Tree::Text("Urgent".to_string())));
    let enabled = f.value("enabled_seconds").unwrap();
    assert_eq!((enabled.value, enabled.unit), (86_400.0 + 5025.0, Unit::Second));
    assert_eq!(&SI[enabled.at.clone()], "1 days 01:23:45");
    assert_eq!(f.number("states.current"), Some(38.0));
    assert_eq!(f.number("states.searches"), Some(5120731.0));
    assert_eq!(f.number("states.removals"), Some(41464.0));
    let searches = f.value("states.searches").unwrap();
    assert_eq!(&SI[searches.at.clone()], "5120731");
    assert!(searches.printed.is_none());
    assert_eq!(f.number("counters.match"), Some(123306.0));
    assert_eq!(f.number("counters.bad_offset"), Some(0.0));
    assert_eq!(f.number("counters.state_mismatch"), Some(17.0));
    assert_eq!(f.number("counters.map_failed"), Some(0.0));
    let Some(Tree::Map(counters)) = f.get("counters") else { panic!() };
    assert_eq!(counters.len(), 16);
    // The rate column is read, never given: it is over pf's uptime, not a run's.
    assert!(f.get("states_rate").is_none() && f.get("states.searches_rate").is_none());
}

#[test]
fn pfctl_vsi_adds_its_sections_and_the_loginterface() {
    let f = import_pfctl(VSI).unwrap().fields;
    assert_eq!(f.get("hostid"), Some(&Tree::Text("0x2a1d9f0e".to_string())));
    assert_eq!(f.get("interface.name"), Some(&Tree::Text("em0".to_string())));
    let bytes_in = f.value("interface.bytes_in.ipv4").unwrap();
    assert_eq!((bytes_in.value, bytes_in.unit), (4012345678.0, Unit::Byte));
    assert_eq!(f.number("interface.bytes_out.ipv6"), Some(2048.0));
    assert_eq!(f.number("interface.packets_in.passed.ipv4"), Some(2741236.0));
    assert_eq!(f.number("interface.packets_in.blocked.ipv4"), Some(14.0));
    assert_eq!(f.number("interface.packets_out.passed.ipv6"), Some(10.0));
    assert_eq!(f.value("interface.packets_out.blocked.ipv4").unwrap().unit, Unit::Count);
    assert_eq!(f.number("source_tracking.current"), Some(0.0));
    assert_eq!(f.number("source_tracking.inserts"), Some(0.0));
    assert_eq!(f.number("limit_counters.max_states_per_rule"), Some(0.0));
    assert_eq!(f.number("limit_counters.overload_table_insertion"), Some(0.0));
    assert_eq!(f.number("limit_counters.syncookies_validated"), Some(0.0));
    assert_eq!(f.get("syncookies.mode"), Some(&Tree::Text("never".to_string())));
}

#[test]
fn a_status_without_uptime_and_other_syncookie_lines_are_read() {
    let text = "Status: Disabled                              Debug: None\n\nState Table                          Total             Rate\n  current entries                        0               \n  searches                               0               \nCounters\n  match                                  0               \nSyncookies\n  mode                      adaptive\n  active                    inactive\n  highwater                 25 %\n  halfopen states           3\nReassemble                  yes no-df\n";
    let f = import_pfctl(text).unwrap().fields;
    assert_eq!(f.get("status"), Some(&Tree::Text("Disabled".to_string())));
    assert!(f.get("enabled_seconds").is_none());
    assert_eq!(f.value("syncookies.highwater").map(|v| (v.value, v.unit)), Some((25.0, Unit::Percent)));
    assert_eq!(f.number("syncookies.halfopen_states"), Some(3.0));
    assert_eq!(f.get("reassemble"), Some(&Tree::Text("yes no-df".to_string())));
    let disabled = SI.replace("Enabled", "Disabled");
    let f = import_pfctl(&disabled).unwrap().fields;
    assert!(f.get("enabled_seconds").is_none());
    assert_eq!(f.number("disabled_seconds"), Some(91_425.0));
}

#[test]
fn pfctls_altq_notices_are_known_and_skipped() {
    let text = format!("No ALTQ support in kernel\nALTQ related functions disabled\n{SI}");
    assert_eq!(import_pfctl(&text).unwrap().fields.number("counters.match"), Some(123306.0));
}

#[test]
fn an_unknown_section_or_unreadable_line_is_an_error_at_its_line() {
    for (insert_after, line, says) in [
        ("Counters\n", "Queue Stats\n", "no section"),
        ("Counters\n", "  match   12   1.3/s   extra\n", "not `label  TOTAL  RATE/s`"),
        ("Counters\n", "  Match                 12            1.3/s\n", "not `label"),
        ("Counters\n", "  match                 12            1.3 /s\n", "not a rate"),
        ("Counters\n", "  short                 1.5           1.3/s\n", "not `label"),
        ("Counters\n", "  short                 12            1,3/s\n", "not a rate"),
        ("Counters\n", "  short                 12            1.25/s\n", "not a rate"),
        (
            "  map-failed                             0            0.0/s\n",
            "  match                 12            1.3/s\n",
            "written twice",
        ),
        ("Counters\n", "  searches              12            1.3/s\n", "prints no `searches`"),
        ("Counters\n", "State Table                          Total             Rate\n", "written twice"),
        ("Debug: Urgent\n", "Status: Enabled for 1 days 01:23:45\n", "written twice"),
    ] {
        let place = SI.find(insert_after).unwrap() + insert_after.len();
        let text = format!("{}{line}{}", &SI[..place], &SI[place..]);
        let e = error(&text);
        let inserted = place..place + line.len() - 1;
        let found = e.at.clone().unwrap();
        assert!(found.start >= inserted.start && found.end <= inserted.end, "{e}: at {:?}", at(&text, &e));
        assert!(e.message.contains(says), "{line}: {e}");
    }
    let e = error("  match   12   1.3/s\n");
    assert!(e.message.contains("before any section"), "{e}");
    for status in [
        "Status: Running",
        "Status: Enabled for 1 days 01:23:75",
        "Status: Enabled for x days 01:23:45",
        "Status: Enabled Debug: Urgent extra",
    ] {
        let text = SI.replacen("Status: Enabled for 1 days 01:23:45           Debug: Urgent", status, 1);
        assert!(error(&text).message.contains("status line"), "{status}");
    }
    assert!(error("").message.contains("not `pfctl -si` output"));
    // Counter lines without their heading fall under the state table, which has none of them.
    assert!(error(&SI.replace("Counters\n", "")).message.contains("prints no `match`"));
}

#[test]
fn a_total_past_2_pow_53_is_absent_not_rounded() {
    let text = SI.replace("123306", "18446744073709551615");
    let f = import_pfctl(&text).unwrap().fields;
    assert!(matches!(f.get("counters.match"), Some(Tree::Absent(why)) if why.contains("2^53")));
}

/// A line pfctl -si does not print: a counter line bent out of shape, an unknown heading,
/// or a section again.
fn damaged_line() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Z][a-z]{2,10}( [A-Z][a-z]{2,8})?".prop_filter("a heading pfctl prints", |h| {
            !["Counters", "Syncookies", "Limit Counters"].contains(&h.as_str())
                && !h.starts_with("Reassemble")
        }),
        // Not a `Syncookies` label, whose values are words.
        "  [a-z-]{1,12} {1,10}[0-9]{0,5}[a-z%,]{1,3}[0-9]{0,3}"
            .prop_filter("a syncookie line", |l| !["mode", "active"]
                .contains(&l.split_whitespace().next().unwrap_or(""))),
        "  [a-z]{1,12} {1,10}[0-9]{1,5} {1,10}[0-9]{1,3}\\.[0-9]{2,3}/s",
        Just("  match                 12            1.3/s".to_string()),
        Just("Counters".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn never_panics_on_any_text(text in "\\PC{0,200}", pfish in "[A-Za-z0-9 :./%\n-]{0,300}") {
        let _ = import_pfctl(&text);
        let _ = import_pfctl(&pfish);
        let _ = import_pfctl(&format!("{SI}{pfish}"));
    }

    #[test]
    fn never_accepts_a_reading_with_a_damaged_line(verbose in any::<bool>(), line in damaged_line(), place in 0usize..60) {
        let real = if verbose { VSI } else { SI };
        let mut lines: Vec<&str> = real.lines().collect();
        // After the Counters heading, so that a counter line lands in a counter section.
        let counters = lines.iter().position(|l| *l == "Counters").unwrap_or(0) + 1;
        let place = counters + place % (lines.len() - counters);
        lines.insert(place, &line);
        let text = lines.join("\n");
        prop_assert!(import_pfctl(&text).is_err(), "accepted {text:?}");
    }
}

/// Found by the proptest: any well-shaped label was taken, so a `match` line in `Limit
/// Counters` became a counter pfctl never printed there.
#[test]
fn a_label_another_section_prints_is_refused() {
    let place = VSI.find("Limit Counters\n").unwrap() + "Limit Counters\n".len();
    let text = format!("{}  match                 12            1.3/s\n{}", &VSI[..place], &VSI[place..]);
    let e = error(&text);
    assert!(e.message.contains("prints no `match`") && e.message.contains("`max-src-states`"), "{e}");
}
