//! The builder methods every engine of the workspace has, written once: a setter that sets
//! one field and returns the engine (`with_threads(4)`), and a getter that reads one
//! (`budget()`). Each engine lists its own in [`builder_methods!`](crate::builder_methods),
//! each with its documentation and example.

/// Defines an engine's plain builder methods, each after its documentation (for the
/// engines of this workspace; not a part of the vocabulary a user needs):
///
/// * `with_x(arg: T) => field;` (or `=> field.subfield;`) is
///   `#[must_use] pub fn with_x(mut self, arg: T) -> Self { self.field = arg; self }`;
/// * `x() -> &T = field;` is `#[must_use] pub fn x(&self) -> &T { &self.field }`;
/// * `x() -> T = field;` is `#[must_use] pub fn x(&self) -> T { self.field }` (a `Copy` field).
///
/// A method that does more than that is written out in the engine's `impl` block.
#[doc(hidden)]
#[macro_export]
macro_rules! builder_methods {
    () => {};
    (
        $(#[$attr:meta])*
        $name:ident($arg:ident: $ty:ty) => $($field:ident).+;
        $($rest:tt)*
    ) => {
        $(#[$attr])*
        #[must_use]
        pub fn $name(mut self, $arg: $ty) -> Self {
            self.$($field).+ = $arg;
            self
        }
        $crate::builder_methods!($($rest)*);
    };
    (
        $(#[$attr:meta])*
        $name:ident() -> &$ty:ty = $($field:ident).+;
        $($rest:tt)*
    ) => {
        $(#[$attr])*
        #[must_use]
        pub fn $name(&self) -> &$ty {
            &self.$($field).+
        }
        $crate::builder_methods!($($rest)*);
    };
    (
        $(#[$attr:meta])*
        $name:ident() -> $ty:ty = $($field:ident).+;
        $($rest:tt)*
    ) => {
        $(#[$attr])*
        #[must_use]
        pub fn $name(&self) -> $ty {
            self.$($field).+
        }
        $crate::builder_methods!($($rest)*);
    };
}
