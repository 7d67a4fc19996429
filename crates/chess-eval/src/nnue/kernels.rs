//! The net's hot loops over the hidden layer, and the only `unsafe` of the crate.
//!
//! Each kernel is written once, as a plain loop over `i16` lanes that compilers vectorise. The
//! loop is compiled twice on x86-64: for the baseline (SSE2, what every x86-64 has) and for AVX2,
//! twice as wide, chosen at run time by what the CPU reports. Calling the AVX2 copy is the
//! `unsafe` part (a function compiled for a feature may only run where it exists), hence one
//! check before each call. Elsewhere (wasm with `simd128`, ARM with NEON) the one loop is what
//! runs. The arithmetic is integer and wrapping, so both copies give the same bits (tested).

/// Defines `$name`, which runs `$portable`'s loop, compiled for AVX2 when the CPU has it.
macro_rules! kernel {
    ($(#[$doc:meta])* fn $name:ident / $portable:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)? $body:block) => {
        /// The loop of the kernel of the same name without `_portable`, compiled for any CPU.
        #[inline(always)]
        pub(super) fn $portable($($arg: $ty),*) $(-> $ret)? $body

        $(#[$doc])*
        #[inline]
        pub(super) fn $name($($arg: $ty),*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx2")]
                unsafe fn avx2($($arg: $ty),*) $(-> $ret)? {
                    $portable($($arg),*)
                }
                if std::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU has just said it has AVX2, the only feature `avx2` is
                    // compiled for.
                    return unsafe { avx2($($arg),*) };
                }
            }
            $portable($($arg),*)
        }
    };
}

kernel! {
    /// `acc += row`, element-wise (wrapping, as the hardware does; a trained net never comes
    /// near).
    fn add / add_portable(acc: &mut [i16], row: &[i16]) {
        for (a, w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_add(*w);
        }
    }
}

kernel! {
    /// `acc -= row`, element-wise.
    fn sub / sub_portable(acc: &mut [i16], row: &[i16]) {
        for (a, w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_sub(*w);
        }
    }
}

kernel! {
    /// `new = old + add - sub` in one pass: a piece moved.
    fn update_1_1 / update_1_1_portable(new: &mut [i16], old: &[i16], add: &[i16], sub: &[i16]) {
        for (((n, o), a), s) in new.iter_mut().zip(old).zip(add).zip(sub) {
            *n = o.wrapping_add(*a).wrapping_sub(*s);
        }
    }
}

kernel! {
    /// `new = old + add - sub1 - sub2` in one pass: a capture.
    fn update_1_2 / update_1_2_portable(new: &mut [i16], old: &[i16], add: &[i16], sub1: &[i16], sub2: &[i16]) {
        for ((((n, o), a), s1), s2) in new.iter_mut().zip(old).zip(add).zip(sub1).zip(sub2) {
            *n = o.wrapping_add(*a).wrapping_sub(*s1).wrapping_sub(*s2);
        }
    }
}

kernel! {
    /// `Σ clip(a, 0, QA)² · w`, as `(clip(a) · w) · clip(a)` with the first product in 16 bits
    /// ([`Network::max_output_weight`](super::Network::max_output_weight) sees that it fits), a
    /// shape compilers turn into the multiply-add of 16-bit lanes that every SIMD level has.
    fn screlu_dot / screlu_dot_portable(acc: &[i16], weights: &[i16]) -> i32 {
        acc.iter()
            .zip(weights)
            .map(|(&a, &w)| {
                let c = a.clamp(0, super::QA as i16);
                (c.wrapping_mul(w)) as i32 * c as i32
            })
            .fold(0i32, i32::wrapping_add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Vectors with every edge a lane can hit: wrap-arounds, the clipping bounds, negatives.
    fn lanes(seed: u64, len: usize) -> Vec<i16> {
        let mut state = seed;
        (0..len)
            .map(|i| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                match i % 7 {
                    0 => i16::MAX,
                    1 => i16::MIN,
                    2 => super::super::QA as i16,
                    _ => (state >> 48) as i16,
                }
            })
            .collect()
    }

    #[test]
    fn the_dispatched_kernels_give_the_portable_loops_bits() {
        // Widths that are and are not multiples of the vector lanes.
        for len in [1, 15, 16, 17, 128, 256, 1000] {
            let (old, a, s1, s2) = (lanes(1, len), lanes(2, len), lanes(3, len), lanes(4, len));
            let (mut x, mut y) = (old.clone(), old.clone());
            add(&mut x, &a);
            add_portable(&mut y, &a);
            assert_eq!(x, y);
            sub(&mut x, &s1);
            sub_portable(&mut y, &s1);
            assert_eq!(x, y);
            update_1_1(&mut x, &old, &a, &s1);
            update_1_1_portable(&mut y, &old, &a, &s1);
            assert_eq!(x, y);
            update_1_2(&mut x, &old, &a, &s1, &s2);
            update_1_2_portable(&mut y, &old, &a, &s1, &s2);
            assert_eq!(x, y);
            // Output weights within what the net allows, as `Network::new` checks.
            let w: Vec<i16> = s2.iter().map(|v| v % 128).collect();
            assert_eq!(screlu_dot(&x, &w), screlu_dot_portable(&x, &w), "width {len}");
        }
        // And the values themselves, on a case worked by hand: 3 + 5 - 2 - 1 = 5; clip(300) = 255.
        let mut n = [0i16; 2];
        update_1_2(&mut n, &[3, i16::MAX], &[5, 1], &[2, 0], &[1, 0]);
        assert_eq!(n, [5, i16::MIN]);
        assert_eq!(screlu_dot(&[300, -4, 2], &[1, 9, 3]), 255 * 255 + 2 * 2 * 3);
    }
}
