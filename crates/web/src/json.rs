//! A small writer of JSON objects: the page reads every answer of the worker with
//! `JSON.parse`, and a writer this size costs the WebAssembly file less than a serializer.

use std::fmt::Write;

/// A JSON object being written: fields are added in order, [`finish`](Object::finish) closes
/// it.
///
/// ```
/// let mut o = plysearch_web::json::Object::new();
/// o.num("n", 3).str("s", "a\"b").raw("list", "[1,2]");
/// assert_eq!(o.finish(), r#"{"n":3,"s":"a\"b","list":[1,2]}"#);
/// ```
#[derive(Debug, Default)]
pub struct Object {
    text: String,
}

impl Object {
    /// An empty object.
    ///
    /// ```
    /// assert_eq!(plysearch_web::json::Object::new().finish(), "{}");
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Object {
            text: String::from("{"),
        }
    }

    fn key(&mut self, key: &str) -> &mut String {
        if self.text.len() > 1 {
            self.text.push(',');
        }
        quote_into(&mut self.text, key);
        self.text.push(':');
        &mut self.text
    }

    /// A number field (integers and floats alike; a float that is not finite is `null`).
    ///
    /// ```
    /// let mut o = plysearch_web::json::Object::new();
    /// o.num("x", 1.5).num("nan", f64::NAN);
    /// assert_eq!(o.finish(), r#"{"x":1.5,"nan":null}"#);
    /// ```
    pub fn num(&mut self, key: &str, value: impl Into<Number>) -> &mut Self {
        let text = value.into().to_json();
        self.key(key).push_str(&text);
        self
    }

    /// A string field.
    ///
    /// ```
    /// let mut o = plysearch_web::json::Object::new();
    /// o.str("s", "line\nbreak");
    /// assert_eq!(o.finish(), r#"{"s":"line\nbreak"}"#);
    /// ```
    pub fn str(&mut self, key: &str, value: &str) -> &mut Self {
        quote_into(self.key(key), value);
        self
    }

    /// A boolean field.
    ///
    /// ```
    /// let mut o = plysearch_web::json::Object::new();
    /// o.bool("b", true);
    /// assert_eq!(o.finish(), r#"{"b":true}"#);
    /// ```
    pub fn bool(&mut self, key: &str, value: bool) -> &mut Self {
        self.key(key).push_str(if value { "true" } else { "false" });
        self
    }

    /// A field whose value is already JSON (an array, an object, `null`).
    ///
    /// ```
    /// let mut o = plysearch_web::json::Object::new();
    /// o.raw("a", "null");
    /// assert_eq!(o.finish(), r#"{"a":null}"#);
    /// ```
    pub fn raw(&mut self, key: &str, json: &str) -> &mut Self {
        self.key(key).push_str(json);
        self
    }

    /// The object's text.
    ///
    /// ```
    /// let mut o = plysearch_web::json::Object::new();
    /// o.num("a", 1);
    /// assert_eq!(o.finish(), r#"{"a":1}"#);
    /// ```
    #[must_use]
    pub fn finish(&mut self) -> String {
        let mut text = std::mem::take(&mut self.text);
        text.push('}');
        text
    }
}

/// A JSON number: an integer or a float.
#[derive(Clone, Copy, Debug)]
pub enum Number {
    /// An integer, written exactly.
    Int(i128),
    /// A float, written as Rust prints it (`null` if it is not finite).
    Float(f64),
}

macro_rules! ints {
    ($($t:ty),*) => {$(
        impl From<$t> for Number {
            fn from(n: $t) -> Number {
                Number::Int(n as i128)
            }
        }
    )*};
}
ints!(i8, i16, i32, i64, u8, u16, u32, u64, usize);

impl Number {
    /// The number as JSON text.
    ///
    /// ```
    /// use plysearch_web::json::Number;
    /// assert_eq!(Number::Int(-3).to_json(), "-3");
    /// assert_eq!(Number::Float(f64::INFINITY).to_json(), "null");
    /// ```
    #[must_use]
    pub fn to_json(self) -> String {
        match self {
            Number::Int(n) => n.to_string(),
            Number::Float(x) if x.is_finite() => x.to_string(),
            Number::Float(_) => "null".to_string(),
        }
    }
}

impl From<f64> for Number {
    fn from(x: f64) -> Number {
        Number::Float(x)
    }
}

/// A JSON array of the numbers `items`.
///
/// ```
/// assert_eq!(plysearch_web::json::array([1, 2, 3]), "[1,2,3]");
/// ```
pub fn array<N: Into<Number>>(items: impl IntoIterator<Item = N>) -> String {
    list(items.into_iter().map(|n| n.into().to_json()))
}

/// A JSON array of values that are already JSON.
///
/// ```
/// assert_eq!(plysearch_web::json::list(["null".to_string(), "[1]".to_string()]), "[null,[1]]");
/// ```
pub fn list(items: impl IntoIterator<Item = String>) -> String {
    let mut text = String::from("[");
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&item);
    }
    text.push(']');
    text
}

/// `value` as a JSON string.
///
/// ```
/// assert_eq!(plysearch_web::json::quote("tab\t"), r#""tab\t""#);
/// ```
#[must_use]
pub fn quote(value: &str) -> String {
    let mut text = String::new();
    quote_into(&mut text, value);
    text
}

fn quote_into(text: &mut String, value: &str) {
    text.push('"');
    for c in value.chars() {
        match c {
            '"' => text.push_str("\\\""),
            '\\' => text.push_str("\\\\"),
            '\n' => text.push_str("\\n"),
            '\r' => text.push_str("\\r"),
            '\t' => text.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(text, "\\u{:04x}", c as u32);
            }
            c => text.push(c),
        }
    }
    text.push('"');
}
