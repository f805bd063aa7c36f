//! Lists and strings held at their length whatever the allocator.
//!
//! `shrink_to_fit` asks the allocator to reallocate in place, and mimalloc (the binary's
//! allocator) keeps a block as it is when the new length is at least half of it: a list
//! grown one push at a time always is, so every `shrink_to_fit` of a scan or of run data
//! gave nothing back under mimalloc (only the system allocator, which heaptrack measures,
//! showed the saving). [`Fit::fit`] copies into a new block of the exact length instead.
//!
//! Owns only that copy; what is held at its length, and when, is decided by the modules that
//! finish each structure (`markdown::compact`, `figures::rundata::compact`, ...).

/// A list or string that can be moved into a block of its own length.
pub(crate) trait Fit {
    /// Moves the contents into a block of exactly their length, when there is spare room.
    fn fit(&mut self);
}

impl<T> Fit for Vec<T> {
    fn fit(&mut self) {
        if self.capacity() > self.len() {
            let mut exact = Vec::with_capacity(self.len());
            exact.append(self);
            *self = exact;
        }
    }
}

impl Fit for String {
    fn fit(&mut self) {
        if self.capacity() > self.len() {
            *self = self.as_str().to_owned();
        }
    }
}

/// `text` as a boxed `str` at its length (`String::into_boxed_str` reallocates in place).
pub(crate) fn boxed_str(mut text: String) -> Box<str> {
    text.fit();
    text.into_boxed_str()
}

/// `list` as a boxed slice at its length (`Vec::into_boxed_slice` reallocates in place).
pub(crate) fn boxed_slice<T>(mut list: Vec<T>) -> Box<[T]> {
    list.fit();
    list.into_boxed_slice()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fitted_list_holds_what_it_held_at_its_length() {
        let mut list: Vec<u32> = Vec::with_capacity(64);
        list.extend(0..40);
        list.fit();
        assert_eq!(list, (0..40).collect::<Vec<_>>());
        assert_eq!(list.capacity(), 40);
        let mut empty: Vec<String> = Vec::with_capacity(8);
        empty.fit();
        assert_eq!(empty.capacity(), 0);
    }

    #[test]
    fn a_fitted_string_holds_what_it_held_at_its_length() {
        let mut text = String::with_capacity(100);
        text.push_str("787 Mbit/s");
        text.fit();
        assert_eq!(text, "787 Mbit/s");
        assert_eq!(text.capacity(), text.len());
        assert_eq!(&*boxed_str(String::from("a")), "a");
        let boxed = boxed_slice(Vec::from_iter([1, 2, 3]));
        assert_eq!(&*boxed, &[1, 2, 3]);
    }
}
