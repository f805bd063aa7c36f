//! Units: what each measures ([`UnitKind`]), its factor to the base unit, its symbol, and
//! every accepted spelling ([`parse_unit`]).
//!
//! Owns [`Unit`], [`UnitKind`] and the spelling table the lexer matches against. It does
//! not find units in running text (`lex` does, with the rule that letters stand apart from
//! the number) nor compare values (`check`).

use super::Exact;

/// What a unit measures; values of one kind convert into each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum UnitKind {
    Count,
    Percent,
    BitRate,
    PacketRate,
    Bytes,
    Seconds,
    /// Connections opened a second (`unit: connections/s`).
    ConnectionRate,
    /// Requests answered a second (`unit: req/s`).
    RequestRate,
}

impl UnitKind {
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Count => "a count",
            UnitKind::Percent => "a percentage",
            UnitKind::BitRate => "a bit rate",
            UnitKind::PacketRate => "a packet rate",
            UnitKind::Bytes => "an amount of bytes",
            UnitKind::Seconds => "a time",
            UnitKind::ConnectionRate => "a connection rate",
            UnitKind::RequestRate => "a request rate",
        }
    }
}

/// A unit a figure may be stated in. Values are kept in the base unit of the kind
/// (count, %, bit/s, pps, B, s) and converted with [`Unit::factor`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Unit {
    Count,
    Percent,
    BitPerSecond,
    KilobitPerSecond,
    MegabitPerSecond,
    GigabitPerSecond,
    TerabitPerSecond,
    PacketPerSecond,
    KilopacketPerSecond,
    MegapacketPerSecond,
    Byte,
    Kilobyte,
    Megabyte,
    Gigabyte,
    Terabyte,
    Kibibyte,
    Mebibyte,
    Gibibyte,
    Tebibyte,
    Second,
    Millisecond,
    Microsecond,
    Nanosecond,
    /// Bytes a second: a bit rate (a byte is 8 bits), stated as B/s … GB/s, KiB/s ….
    BytePerSecond,
    KilobytePerSecond,
    MegabytePerSecond,
    GigabytePerSecond,
    KibibytePerSecond,
    MebibytePerSecond,
    GibibytePerSecond,
    /// A ratio written with `×` or `倍`: a count.
    Times,
    ConnectionPerSecond,
    RequestPerSecond,
}

impl Unit {
    pub fn kind(self) -> UnitKind {
        use Unit::*;
        match self {
            Count | Times => UnitKind::Count,
            Percent => UnitKind::Percent,
            BitPerSecond | KilobitPerSecond | MegabitPerSecond | GigabitPerSecond | TerabitPerSecond
            | BytePerSecond | KilobytePerSecond | MegabytePerSecond | GigabytePerSecond
            | KibibytePerSecond | MebibytePerSecond | GibibytePerSecond => UnitKind::BitRate,
            PacketPerSecond | KilopacketPerSecond | MegapacketPerSecond => UnitKind::PacketRate,
            Byte | Kilobyte | Megabyte | Gigabyte | Terabyte | Kibibyte | Mebibyte | Gibibyte | Tebibyte => {
                UnitKind::Bytes
            }
            Second | Millisecond | Microsecond | Nanosecond => UnitKind::Seconds,
            ConnectionPerSecond => UnitKind::ConnectionRate,
            RequestPerSecond => UnitKind::RequestRate,
        }
    }

    /// How many base units one of this unit is.
    pub fn factor(self) -> f64 {
        let (numer, denom) = self.factor_ratio();
        // Both are exact in an f64 and the division is correctly rounded: 1/1000 is the
        // f64 nearest a millisecond, as `1e-3` is.
        numer as f64 / denom as f64
    }

    /// [`Unit::factor`] exactly, as a fraction: what an exact value is converted with.
    pub(crate) fn exact_factor(self) -> Exact {
        let (numer, denom) = self.factor_ratio();
        // A denominator of zero is not in the table below.
        Exact::ratio(numer, denom).unwrap_or_else(|| Exact::from_integer(1))
    }

    /// [`Unit::factor`] as numerator and denominator.
    fn factor_ratio(self) -> (u64, u64) {
        use Unit::*;
        const KIBI: u64 = 1024;
        const MEBI: u64 = 1024 * 1024;
        const GIBI: u64 = 1024 * 1024 * 1024;
        match self {
            Count | Times | Percent | BitPerSecond | PacketPerSecond | Byte | Second
            | ConnectionPerSecond | RequestPerSecond => (1, 1),
            BytePerSecond => (8, 1),
            KilobytePerSecond => (8_000, 1),
            MegabytePerSecond => (8_000_000, 1),
            GigabytePerSecond => (8_000_000_000, 1),
            KibibytePerSecond => (8 * KIBI, 1),
            MebibytePerSecond => (8 * MEBI, 1),
            GibibytePerSecond => (8 * GIBI, 1),
            KilobitPerSecond | KilopacketPerSecond | Kilobyte => (1_000, 1),
            MegabitPerSecond | MegapacketPerSecond | Megabyte => (1_000_000, 1),
            GigabitPerSecond | Gigabyte => (1_000_000_000, 1),
            TerabitPerSecond | Terabyte => (1_000_000_000_000, 1),
            Kibibyte => (KIBI, 1),
            Mebibyte => (MEBI, 1),
            Gibibyte => (GIBI, 1),
            Tebibyte => (1024 * GIBI, 1),
            Millisecond => (1, 1_000),
            Microsecond => (1, 1_000_000),
            Nanosecond => (1, 1_000_000_000),
        }
    }

    /// The symbol tally writes for this unit ("" for a count).
    pub fn symbol(self) -> &'static str {
        use Unit::*;
        match self {
            Count => "",
            Percent => "%",
            BitPerSecond => "bit/s",
            KilobitPerSecond => "kbit/s",
            MegabitPerSecond => "Mbit/s",
            GigabitPerSecond => "Gbit/s",
            TerabitPerSecond => "Tbit/s",
            PacketPerSecond => "pps",
            KilopacketPerSecond => "kpps",
            MegapacketPerSecond => "Mpps",
            Byte => "B",
            Kilobyte => "kB",
            Megabyte => "MB",
            Gigabyte => "GB",
            Terabyte => "TB",
            Kibibyte => "KiB",
            Mebibyte => "MiB",
            Gibibyte => "GiB",
            Tebibyte => "TiB",
            Second => "s",
            Millisecond => "ms",
            Microsecond => "µs",
            Nanosecond => "ns",
            BytePerSecond => "B/s",
            KilobytePerSecond => "kB/s",
            MegabytePerSecond => "MB/s",
            GigabytePerSecond => "GB/s",
            KibibytePerSecond => "KiB/s",
            MebibytePerSecond => "MiB/s",
            GibibytePerSecond => "GiB/s",
            Times => "×",
            ConnectionPerSecond => "connections/s",
            RequestPerSecond => "req/s",
        }
    }
}

/// Every accepted spelling of a unit. Matching is case-sensitive because `Mb` and `MB`
/// differ by a factor of eight; the longest spelling that fits wins.
pub(super) const UNIT_SPELLINGS: &[(&str, Unit)] = &[
    ("%", Unit::Percent),
    ("％", Unit::Percent),
    ("bit/s", Unit::BitPerSecond),
    ("bits/s", Unit::BitPerSecond),
    ("bits/sec", Unit::BitPerSecond),
    ("bit/sec", Unit::BitPerSecond),
    ("b/s", Unit::BitPerSecond),
    ("bps", Unit::BitPerSecond),
    ("kbit/s", Unit::KilobitPerSecond),
    ("Kbit/s", Unit::KilobitPerSecond),
    ("kbits/s", Unit::KilobitPerSecond),
    ("Kbits/s", Unit::KilobitPerSecond),
    ("kbits/sec", Unit::KilobitPerSecond),
    ("Kbits/sec", Unit::KilobitPerSecond),
    ("kb/s", Unit::KilobitPerSecond),
    ("kb/sec", Unit::KilobitPerSecond),
    ("kbps", Unit::KilobitPerSecond),
    ("Kbps", Unit::KilobitPerSecond),
    ("Mbit/s", Unit::MegabitPerSecond),
    ("Mbits/s", Unit::MegabitPerSecond),
    ("Mbits/sec", Unit::MegabitPerSecond),
    ("Mbit/sec", Unit::MegabitPerSecond),
    ("Mb/s", Unit::MegabitPerSecond),
    ("Mb/sec", Unit::MegabitPerSecond),
    ("Mbps", Unit::MegabitPerSecond),
    ("Gbit/s", Unit::GigabitPerSecond),
    ("Gbits/s", Unit::GigabitPerSecond),
    ("Gbits/sec", Unit::GigabitPerSecond),
    ("Gbit/sec", Unit::GigabitPerSecond),
    ("Gb/s", Unit::GigabitPerSecond),
    ("Gb/sec", Unit::GigabitPerSecond),
    ("Gbps", Unit::GigabitPerSecond),
    ("Tbit/s", Unit::TerabitPerSecond),
    ("Tbps", Unit::TerabitPerSecond),
    ("pps", Unit::PacketPerSecond),
    ("kpps", Unit::KilopacketPerSecond),
    ("Kpps", Unit::KilopacketPerSecond),
    ("Mpps", Unit::MegapacketPerSecond),
    ("B", Unit::Byte),
    ("Bytes", Unit::Byte),
    ("kB", Unit::Kilobyte),
    ("KB", Unit::Kilobyte),
    ("MB", Unit::Megabyte),
    ("GB", Unit::Gigabyte),
    ("TB", Unit::Terabyte),
    ("KiB", Unit::Kibibyte),
    ("MiB", Unit::Mebibyte),
    ("GiB", Unit::Gibibyte),
    ("TiB", Unit::Tebibyte),
    ("KByte", Unit::Kibibyte),
    ("KBytes", Unit::Kibibyte),
    ("MByte", Unit::Mebibyte),
    ("MBytes", Unit::Mebibyte),
    ("GByte", Unit::Gibibyte),
    ("GBytes", Unit::Gibibyte),
    ("s", Unit::Second),
    ("sec", Unit::Second),
    ("秒", Unit::Second),
    ("秒間", Unit::Second),
    ("ms", Unit::Millisecond),
    ("ミリ秒", Unit::Millisecond),
    ("µs", Unit::Microsecond),
    ("μs", Unit::Microsecond),
    ("us", Unit::Microsecond),
    ("マイクロ秒", Unit::Microsecond),
    ("ns", Unit::Nanosecond),
    // Time units spelled out, as prose writes them ("30 seconds", 「30 秒間」).
    ("second", Unit::Second),
    ("seconds", Unit::Second),
    ("millisecond", Unit::Millisecond),
    ("milliseconds", Unit::Millisecond),
    ("microsecond", Unit::Microsecond),
    ("microseconds", Unit::Microsecond),
    ("nanosecond", Unit::Nanosecond),
    ("nanoseconds", Unit::Nanosecond),
    // Bytes a second: a bit rate at 8 bits a byte.
    ("B/s", Unit::BytePerSecond),
    ("Bytes/s", Unit::BytePerSecond),
    ("bytes/s", Unit::BytePerSecond),
    ("kB/s", Unit::KilobytePerSecond),
    ("KB/s", Unit::KilobytePerSecond),
    ("MB/s", Unit::MegabytePerSecond),
    ("GB/s", Unit::GigabytePerSecond),
    ("KiB/s", Unit::KibibytePerSecond),
    ("MiB/s", Unit::MebibytePerSecond),
    ("GiB/s", Unit::GibibytePerSecond),
    ("KBytes/sec", Unit::KibibytePerSecond),
    ("MBytes/sec", Unit::MebibytePerSecond),
    ("GBytes/sec", Unit::GibibytePerSecond),
    // Frames or packets a second: a packet rate.
    ("frames/s", Unit::PacketPerSecond),
    ("packets/s", Unit::PacketPerSecond),
    ("frames a second", Unit::PacketPerSecond),
    ("packets a second", Unit::PacketPerSecond),
    ("frames per second", Unit::PacketPerSecond),
    ("packets per second", Unit::PacketPerSecond),
    ("fps", Unit::PacketPerSecond),
    ("フレーム/秒", Unit::PacketPerSecond),
    ("パケット/秒", Unit::PacketPerSecond),
    // Japanese has no short bit rate but the SI one; written out, with 毎秒 before the
    // number (「毎秒 814 メガビット」, a README-only trial) or after the noun.
    ("ビット/秒", Unit::BitPerSecond),
    ("キロビット/秒", Unit::KilobitPerSecond),
    ("メガビット/秒", Unit::MegabitPerSecond),
    ("ギガビット/秒", Unit::GigabitPerSecond),
    ("ビット毎秒", Unit::BitPerSecond),
    ("キロビット毎秒", Unit::KilobitPerSecond),
    ("メガビット毎秒", Unit::MegabitPerSecond),
    ("ギガビット毎秒", Unit::GigabitPerSecond),
    // Amounts and rates spelled out, as prose writes them ("524,288 bytes", "2.84
    // gigabytes", "1 gigabit per second"); `byte` and `bytes` beside a count tag stay nouns
    // (`markdown::around`), as `frames` does.
    ("byte", Unit::Byte),
    ("bytes", Unit::Byte),
    ("kilobyte", Unit::Kilobyte),
    ("kilobytes", Unit::Kilobyte),
    ("megabyte", Unit::Megabyte),
    ("megabytes", Unit::Megabyte),
    ("gigabyte", Unit::Gigabyte),
    ("gigabytes", Unit::Gigabyte),
    ("terabyte", Unit::Terabyte),
    ("terabytes", Unit::Terabyte),
    ("kibibyte", Unit::Kibibyte),
    ("kibibytes", Unit::Kibibyte),
    ("mebibyte", Unit::Mebibyte),
    ("mebibytes", Unit::Mebibyte),
    ("gibibyte", Unit::Gibibyte),
    ("gibibytes", Unit::Gibibyte),
    ("tebibyte", Unit::Tebibyte),
    ("tebibytes", Unit::Tebibyte),
    ("バイト", Unit::Byte),
    ("bits a second", Unit::BitPerSecond),
    ("bit per second", Unit::BitPerSecond),
    ("bits per second", Unit::BitPerSecond),
    ("kilobits a second", Unit::KilobitPerSecond),
    ("kilobit per second", Unit::KilobitPerSecond),
    ("kilobits per second", Unit::KilobitPerSecond),
    ("megabits a second", Unit::MegabitPerSecond),
    ("megabit per second", Unit::MegabitPerSecond),
    ("megabits per second", Unit::MegabitPerSecond),
    ("gigabits a second", Unit::GigabitPerSecond),
    ("gigabit per second", Unit::GigabitPerSecond),
    ("gigabits per second", Unit::GigabitPerSecond),
    ("bytes a second", Unit::BytePerSecond),
    ("bytes per second", Unit::BytePerSecond),
    ("megabytes a second", Unit::MegabytePerSecond),
    ("megabytes per second", Unit::MegabytePerSecond),
    ("gigabytes a second", Unit::GigabytePerSecond),
    ("gigabytes per second", Unit::GigabytePerSecond),
    // Connections and requests a second: rates of their own, never of packets.
    ("connections/s", Unit::ConnectionPerSecond),
    ("connections/sec", Unit::ConnectionPerSecond),
    ("conn/s", Unit::ConnectionPerSecond),
    ("connections a second", Unit::ConnectionPerSecond),
    ("connections per second", Unit::ConnectionPerSecond),
    ("接続/秒", Unit::ConnectionPerSecond),
    ("req/s", Unit::RequestPerSecond),
    ("requests/s", Unit::RequestPerSecond),
    ("requests/sec", Unit::RequestPerSecond),
    ("requests a second", Unit::RequestPerSecond),
    ("requests per second", Unit::RequestPerSecond),
    ("リクエスト/秒", Unit::RequestPerSecond),
    // A ratio: "1.4×", 「1.4 倍」.
    ("×", Unit::Times),
    ("倍", Unit::Times),
];

/// 「毎秒 739,587 パケット」: the rate that 毎秒 ("each second") before a number makes of
/// the noun after it, as 「パケット/秒」 is one (パケット, フレーム, 接続, リクエスト). Where
/// `text` ends with such a noun: where it starts, and the rate.
pub(crate) fn each_second_noun_ending(text: &str) -> Option<(usize, Unit)> {
    // The longest noun: メガビット, not the ビット it ends with.
    each_second_nouns()
        .filter(|(noun, _)| text.ends_with(noun))
        .max_by_key(|(noun, _)| noun.len())
        .map(|(noun, unit)| (text.len() - noun.len(), unit))
}

/// Where `text` starts with a noun that 毎秒 makes a rate of: where it ends, and the rate.
pub(crate) fn each_second_noun_starting(text: &str) -> Option<(usize, Unit)> {
    each_second_nouns()
        .filter(|(noun, _)| text.starts_with(noun))
        .max_by_key(|(noun, _)| noun.len())
        .map(|(noun, unit)| (noun.len(), unit))
}

/// The nouns of the Japanese `NOUN/秒` spellings, with their rates.
fn each_second_nouns() -> impl Iterator<Item = (&'static str, Unit)> {
    UNIT_SPELLINGS
        .iter()
        .filter_map(|(spelling, unit)| spelling.strip_suffix("/秒").map(|noun| (noun, *unit)))
        .filter(|(noun, _)| !noun.is_ascii())
}

/// The unit named by `text` exactly (surrounding spaces allowed), as in `unit:` of
/// runs.yaml. An empty text is a count.
pub(crate) fn parse_unit(text: &str) -> Option<Unit> {
    let text = text.trim();
    if text.is_empty() || text == "count" {
        return Some(Unit::Count);
    }
    UNIT_SPELLINGS.iter().find(|(spelling, _)| *spelling == text).map(|(_, unit)| *unit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::parse_stated;

    /// A README-only trial: 「毎秒 814 メガビット」 was read as 814 of a unit `メガ`, since
    /// the first noun found, ビット, ends メガビット too; and `Mb/sec` was no unit.
    #[test]
    fn a_bit_rate_written_out_in_japanese_is_read_by_its_longest_noun() {
        for (text, unit, value) in [
            ("毎秒 814 メガビット", Unit::MegabitPerSecond, 814.0),
            ("814 メガビット/秒", Unit::MegabitPerSecond, 814.0),
            ("814 メガビット毎秒", Unit::MegabitPerSecond, 814.0),
            ("毎秒 1.2 ギガビット", Unit::GigabitPerSecond, 1.2),
            ("毎秒 500 ビット", Unit::BitPerSecond, 500.0),
            ("814 Mb/sec", Unit::MegabitPerSecond, 814.0),
        ] {
            let stated = parse_stated(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!((stated.unit, stated.value), (unit, value), "{text}");
        }
    }

    #[test]
    fn every_unit_spelling_parses_to_its_kind_and_factor() {
        let cases: &[(&str, Unit, f64)] = &[
            ("5 %", Unit::Percent, 1.0),
            ("5%", Unit::Percent, 1.0),
            ("5 bit/s", Unit::BitPerSecond, 1.0),
            ("5 bps", Unit::BitPerSecond, 1.0),
            ("5 kbit/s", Unit::KilobitPerSecond, 1e3),
            ("5 Kbits/sec", Unit::KilobitPerSecond, 1e3),
            ("5 Mbit/s", Unit::MegabitPerSecond, 1e6),
            ("5 Mbits/sec", Unit::MegabitPerSecond, 1e6),
            ("5 Mbps", Unit::MegabitPerSecond, 1e6),
            ("5 Gbit/s", Unit::GigabitPerSecond, 1e9),
            ("5 Gbps", Unit::GigabitPerSecond, 1e9),
            ("5 pps", Unit::PacketPerSecond, 1.0),
            ("5 kpps", Unit::KilopacketPerSecond, 1e3),
            ("5 Mpps", Unit::MegapacketPerSecond, 1e6),
            ("5 B", Unit::Byte, 1.0),
            ("5 kB", Unit::Kilobyte, 1e3),
            ("5 MB", Unit::Megabyte, 1e6),
            ("5 GB", Unit::Gigabyte, 1e9),
            ("5 KiB", Unit::Kibibyte, 1024.0),
            ("5 MiB", Unit::Mebibyte, 1_048_576.0),
            ("5 GiB", Unit::Gibibyte, 1_073_741_824.0),
            ("5 MBytes", Unit::Mebibyte, 1_048_576.0),
            ("5 GBytes", Unit::Gibibyte, 1_073_741_824.0),
            ("5 s", Unit::Second, 1.0),
            ("5 sec", Unit::Second, 1.0),
            ("5秒", Unit::Second, 1.0),
            ("5 ms", Unit::Millisecond, 1e-3),
            ("5 µs", Unit::Microsecond, 1e-6),
            ("5 us", Unit::Microsecond, 1e-6),
        ];
        for (text, unit, factor) in cases {
            let stated = parse_stated(text).unwrap();
            assert_eq!(stated.unit, *unit, "{text}");
            assert_eq!(stated.unit.factor(), *factor, "{text}");
            assert_eq!(parse_unit(text.trim_start_matches("5").trim()), Some(*unit), "{text}");
        }
        // A word that is not a unit is no count's noun but an error, and a unit glued to
        // letters is not a unit.
        assert!(parse_stated("9,090 responses").is_err());
        assert_eq!(parse_stated("5 seconds").unwrap().unit, Unit::Second);
        assert!(parse_stated("5 frames").is_err());
        assert_eq!(parse_stated("5 frames a second").unwrap().unit, Unit::PacketPerSecond);
        assert_eq!(parse_stated("5 MB/s").unwrap().unit.factor(), 8e6);
        assert_eq!(parse_stated("1.4×").unwrap().unit.kind(), UnitKind::Count);
        assert!(parse_stated("5 Msomething").is_err());
        assert_eq!(parse_unit("furlongs"), None);
        assert_eq!(parse_unit("furlongs/s"), None);
        assert_eq!(parse_unit("connections/s").map(Unit::kind), Some(UnitKind::ConnectionRate));
        assert_eq!(parse_unit("req/s").map(Unit::kind), Some(UnitKind::RequestRate));
        assert_eq!(parse_unit("bytes"), Some(Unit::Byte));
    }

    /// A README-only trial: 毎秒[739,587 パケット] was told パケット is no unit. 毎秒 in the
    /// tag makes the count of packets after it a packet rate, as パケット/秒 does.
    #[test]
    fn each_second_first_makes_a_count_of_packets_or_connections_a_rate() {
        for (text, unit, value) in [
            ("毎秒 739,587 パケット", Unit::PacketPerSecond, 739_587.0),
            ("毎秒739,587 パケット", Unit::PacketPerSecond, 739_587.0),
            ("毎秒 74 万フレーム", Unit::PacketPerSecond, 740_000.0),
            ("毎秒 225 接続", Unit::ConnectionPerSecond, 225.0),
            ("毎秒 1,200 リクエスト", Unit::RequestPerSecond, 1200.0),
        ] {
            let stated = parse_stated(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!((stated.unit, stated.value), (unit, value), "{text}");
            assert_eq!(&text[stated.claim_range.clone()], text, "{text}");
        }
        assert!(parse_stated("毎秒 739,587").is_err());
        assert!(parse_stated("毎秒 739,587 pps").is_err());
        assert!(parse_stated("739,587 パケット").is_err());
    }
}
