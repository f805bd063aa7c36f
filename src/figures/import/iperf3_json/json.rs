//! iperf3's JSON read with each value's place in the text: serde_json keeps none, and each
//! imported number points to its line. It reads text `strict_json` has already accepted; a
//! key written twice is one value where both are alike, refused where they differ.

use std::ops::Range;

use super::super::ImportError;

/// One JSON value and where it is written: from its key (an object's member) or its first
/// byte (an array's element) to its last byte.
#[derive(Debug)]
pub(super) struct JsonNode {
    pub(super) at: Range<usize>,
    /// Where the value itself starts (after its key).
    pub(super) value_at: usize,
    pub(super) kind: Kind,
}

#[derive(Debug)]
pub(super) enum Kind {
    Object(Vec<(String, JsonNode)>),
    Array(Vec<JsonNode>),
    Number(f64),
    Text(String),
    Bool(bool),
    Null,
}

impl JsonNode {
    pub(super) fn get(&self, key: &str) -> Option<&JsonNode> {
        match &self.kind {
            Kind::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, n)| n),
            _ => None,
        }
    }

    pub(super) fn items(&self) -> &[JsonNode] {
        match &self.kind {
            Kind::Array(items) => items,
            _ => &[],
        }
    }

    /// A flag as iperf3 writes them: `true`/`false`, or `1`/`0` (`reverse`).
    pub(super) fn flag(&self, key: &str) -> Option<bool> {
        match self.get(key)?.kind {
            Kind::Bool(b) => Some(b),
            Kind::Number(n) => Some(n != 0.0),
            _ => None,
        }
    }
}

/// Reads JSON already known to be valid (`strict_json`), keeping each value's place.
pub(super) struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str) -> Parser<'a> {
        Parser { text, at: 0 }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn error(&self, what: &str) -> ImportError {
        ImportError::at(format!("not JSON: {what}"), self.at..(self.at + 1).min(self.text.len()))
    }

    fn expect(&mut self, byte: u8) -> Result<(), ImportError> {
        self.skip_space();
        if self.peek() != Some(byte) {
            return Err(self.error(&format!("expected `{}`", byte as char)));
        }
        self.at += 1;
        Ok(())
    }

    /// The value here; `from` is where its key starts, for an object's member.
    pub(super) fn value(&mut self, from: Option<usize>) -> Result<JsonNode, ImportError> {
        self.skip_space();
        let start = self.at;
        let kind = match self.peek() {
            Some(b'{') => {
                self.at += 1;
                let mut members: Vec<(String, JsonNode)> = Vec::new();
                self.skip_space();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                } else {
                    loop {
                        self.skip_space();
                        let key_at = self.at;
                        let key = self.string()?;
                        self.expect(b':')?;
                        self.skip_space();
                        let value_at = self.at;
                        let value = self.value(Some(key_at))?;
                        match members.iter().find(|(k, _)| *k == key) {
                            // iperf3 writes some of `start`'s keys once a stream
                            // (`sock_bufsize`, `target_bitrate`): the same value twice is one.
                            Some((_, first))
                                if self.text.get(first.value_at..first.at.end)
                                    == self.text.get(value_at..value.at.end) => {}
                            Some(_) => {
                                return Err(ImportError::at(
                                    format!(
                                        "the key `{key}` is written twice in one object with two values: which one the tool meant is unclear"
                                    ),
                                    key_at..value.at.end,
                                ));
                            }
                            None => members.push((key, value)),
                        }
                        self.skip_space();
                        match self.peek() {
                            Some(b',') => self.at += 1,
                            Some(b'}') => break self.at += 1,
                            _ => return Err(self.error("expected `,` or `}`")),
                        }
                    }
                }
                Kind::Object(members)
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                self.skip_space();
                if self.peek() == Some(b']') {
                    self.at += 1;
                } else {
                    loop {
                        items.push(self.value(None)?);
                        self.skip_space();
                        match self.peek() {
                            Some(b',') => self.at += 1,
                            Some(b']') => break self.at += 1,
                            _ => return Err(self.error("expected `,` or `]`")),
                        }
                    }
                }
                Kind::Array(items)
            }
            Some(b'"') => Kind::Text(self.string()?),
            Some(b't' | b'f' | b'n') => {
                let rest = self.text.get(self.at..).unwrap_or("");
                let (word, kind) =
                    [("true", Kind::Bool(true)), ("false", Kind::Bool(false)), ("null", Kind::Null)]
                        .into_iter()
                        .find(|(w, _)| rest.starts_with(w))
                        .ok_or_else(|| self.error("expected a value"))?;
                self.at += word.len();
                kind
            }
            _ => {
                let rest = self.text.get(self.at..).unwrap_or("");
                let len = rest
                    .find(|c: char| !(c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E')))
                    .unwrap_or(rest.len());
                let number = rest.get(..len).and_then(|n| n.parse::<f64>().ok()).filter(|n| n.is_finite());
                self.at += len;
                Kind::Number(number.ok_or_else(|| self.error("expected a number"))?)
            }
        };
        Ok(JsonNode { at: from.unwrap_or(start)..self.at, value_at: start, kind })
    }

    fn string(&mut self) -> Result<String, ImportError> {
        let start = self.at;
        if self.peek() != Some(b'"') {
            return Err(self.error("expected a string"));
        }
        self.at += 1;
        while let Some(byte) = self.peek() {
            self.at += if byte == b'\\' { 2 } else { 1 };
            if byte == b'"' {
                let raw = self.text.get(start..self.at).unwrap_or("");
                return serde_json::from_str(raw).map_err(|_| self.error("a string iperf3 would not write"));
            }
        }
        Err(self.error("a string that does not end"))
    }
}
