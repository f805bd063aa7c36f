//! Reading format 2's lines back: a page's line, or a figure's array with what was left
//! out filled in by [`super`]'s rules.

use serde::Deserialize;
use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::{COLUMNS, assumed_inputs, fill_stars, has_star, paths};
use crate::pipeline::figures_json::ClaimRecord;

/// A line of format 2's figures: a page's, or a figure's.
pub(crate) enum Row {
    Page { page: String, lang: String },
    Figure(Box<ClaimRecord>),
}

/// Reads a line of format 2's figures, a figure taking its page and language from the page
/// line before it (`None` before the first).
pub(crate) struct RowSeed<'a>(pub Option<&'a (String, String)>);

impl<'de> de::DeserializeSeed<'de> for RowSeed<'_> {
    type Value = Row;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Row, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for RowSeed<'_> {
    type Value = Row;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a page's line ({\"page\": …, \"lang\": …}) or a figure ([name, stated, computed, …])")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Row, A::Error> {
        let (mut page, mut lang) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            let field = match key.as_str() {
                "page" => &mut page,
                "lang" => &mut lang,
                _ => return Err(de::Error::unknown_field(&key, &["page", "lang"])),
            };
            if field.is_some() {
                return Err(de::Error::custom(format_args!("`{key}` twice in a page's line")));
            }
            *field = Some(map.next_value::<String>()?);
        }
        let page = page.ok_or_else(|| de::Error::missing_field("page"))?;
        let lang = lang.ok_or_else(|| de::Error::missing_field("lang"))?;
        Ok(Row::Page { page, lang })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Row, A::Error> {
        let Some((page, lang)) = self.0 else {
            return Err(de::Error::custom("a figure before any page's line"));
        };
        let required =
            |i: usize| de::Error::invalid_length(i, &"a figure's name, stated text and computed value");
        let name: String = seq.next_element()?.ok_or_else(|| required(0))?;
        let stated: String = seq.next_element()?.ok_or_else(|| required(1))?;
        let computed: Option<f64> = seq.next_element()?.ok_or_else(|| required(2))?;
        let unit: String = seq.next_element()?.unwrap_or_default();
        let formula = seq.next_element::<Option<String>>()?.flatten().unwrap_or_else(|| name.clone());
        let inputs = match seq.next_element::<Option<Vec<RawItem>>>()?.flatten() {
            Some(items) => read_inputs(&formula, items).map_err(de::Error::custom)?,
            None => assumed_inputs(&formula, computed),
        };
        let struck: Vec<String> = seq.next_element()?.unwrap_or_default();
        let vendor: bool = seq.next_element()?.unwrap_or_default();
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(COLUMNS.len() + 1, &"at most the 8 fields of a figure"));
        }
        Ok(Row::Figure(Box::new(ClaimRecord {
            page: page.clone(),
            lang: lang.clone(),
            line: 0,
            col: 0,
            name,
            stated,
            struck,
            computed,
            unit,
            formula,
            inputs,
            vendor,
        })))
    }
}

/// One element of a figure's inputs as written: a plain path's value, an input with its
/// name, or a `*` path's group.
enum RawItem {
    Value(f64),
    Named(String, f64),
    Group(Vec<(String, f64)>),
}

impl<'de> Deserialize<'de> for RawItem {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<RawItem, D::Error> {
        deserializer.deserialize_any(RawItemVisitor)
    }
}

struct RawItemVisitor;

impl<'de> Visitor<'de> for RawItemVisitor {
    type Value = RawItem;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an input: a value, [name, value], or a list of [segments, value]")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawItem, E> {
        Ok(RawItem::Value(v as f64))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawItem, E> {
        Ok(RawItem::Value(v as f64))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<RawItem, E> {
        Ok(RawItem::Value(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<RawItem, E> {
        Ok(RawItem::Value(f64::NAN))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawItem, A::Error> {
        match seq.next_element::<NameOrPair>()? {
            None => Ok(RawItem::Group(Vec::new())),
            Some(NameOrPair::Name(name)) => {
                let value: Number = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(1, &self))?;
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(3, &"an input's name and value"));
                }
                Ok(RawItem::Named(name, value.0))
            }
            Some(NameOrPair::Pair(first)) => {
                let mut group = vec![first];
                while let Some(pair) = seq.next_element::<Pair>()? {
                    group.push((pair.0, pair.1.0));
                }
                Ok(RawItem::Group(group))
            }
        }
    }
}

/// A number, or `null` for one JSON cannot write (NaN, infinity).
struct Number(f64);

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Number, D::Error> {
        Ok(Number(Option::<f64>::deserialize(deserializer)?.unwrap_or(f64::NAN)))
    }
}

#[derive(Deserialize)]
struct Pair(String, Number);

/// The first element of an input written as a list: a name (the input is `[name, value]`)
/// or a pair (the input is a `*` path's group).
enum NameOrPair {
    Name(String),
    Pair((String, f64)),
}

impl<'de> Deserialize<'de> for NameOrPair {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<NameOrPair, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = NameOrPair;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an input's name, or [segments, value]")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<NameOrPair, E> {
                Ok(NameOrPair::Name(v.to_string()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<NameOrPair, E> {
                Ok(NameOrPair::Name(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<NameOrPair, A::Error> {
                let Pair(stars, value) = Pair::deserialize(de::value::SeqAccessDeserializer::new(seq))?;
                Ok(NameOrPair::Pair((stars, value.0)))
            }
        }
        deserializer.deserialize_any(V)
    }
}

/// A figure's inputs from what was written: every one with its name, or values alone for
/// the formula's paths.
fn read_inputs(formula: &str, items: Vec<RawItem>) -> Result<Vec<(String, f64)>, String> {
    if items.iter().all(|item| matches!(item, RawItem::Named(..))) {
        return Ok(items
            .into_iter()
            .filter_map(|item| match item {
                RawItem::Named(name, value) => Some((name, value)),
                _ => None,
            })
            .collect());
    }
    let paths = paths(formula);
    if paths.len() != items.len() {
        return Err(format!(
            "the formula `{formula}` names {} paths and the inputs give {} (either every input with its name, or one for each path)",
            paths.len(),
            items.len()
        ));
    }
    let mut inputs = Vec::new();
    for (path, item) in paths.into_iter().zip(items) {
        match item {
            RawItem::Value(value) if !has_star(path) => inputs.push((path.to_string(), value)),
            RawItem::Group(group) if has_star(path) => {
                for (stars, value) in group {
                    let name = fill_stars(path, &stars)
                        .ok_or_else(|| format!("`{stars}` does not give each `*` of `{path}` a segment"))?;
                    inputs.push((name, value));
                }
            }
            RawItem::Named(..) => {
                return Err(
                    "an input with its name among inputs without: either every input with its name, or none"
                        .to_string(),
                );
            }
            _ if has_star(path) => {
                return Err(format!("`{path}` reads a list of inputs: a value alone is one input"));
            }
            _ => return Err(format!("`{path}` reads one input: a list is for a path with `*`")),
        }
    }
    Ok(inputs)
}
