//! The shape every small enum of the crate shares (files, ranks, colours, roles): `NUM`, `ALL`,
//! and index conversions that say which way they go (`index`, `from_index`, `try_from_index`).

macro_rules! simple_enum {
    ($(#[$m:meta])* $name:ident, $num:expr, [$($v:ident),*]) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum $name { $($v),* }

        impl $name {
            /// Number of values.
            pub const NUM: usize = $num;
            /// All values, in index order.
            pub const ALL: [Self; $num] = [$(Self::$v),*];

            /// The index of this value, `0..NUM`.
            #[inline(always)]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The value with this index.
            ///
            /// # Panics
            /// If `index >= NUM`.
            #[inline(always)]
            pub const fn from_index(index: usize) -> Self {
                Self::ALL[index]
            }

            /// The value with this index, or `None` if out of range.
            #[inline]
            pub const fn try_from_index(index: usize) -> Option<Self> {
                if index < $num { Some(Self::ALL[index]) } else { None }
            }
        }
    };
}
pub(crate) use simple_enum;
