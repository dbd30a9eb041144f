//! A 256-bit unsigned integer, just wide enough for exact decimal128 intermediates: the
//! product of two 34-digit coefficients (68 digits) or a coefficient shifted left by 38 digits
//! for an addition (72 digits) both fit below 2^256 (about 1.16E+77).

/// `hi * 2^128 + lo`. Field order makes the derived ordering numeric.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub(super) struct U256 {
    hi: u128,
    lo: u128,
}

/// Powers of ten that fit a u128: 10^0 ..= 10^38.
pub(super) const POW10: [u128; 39] = {
    let mut table = [1u128; 39];
    let mut i = 1;
    while i < 39 {
        table[i] = table[i - 1] * 10;
        i += 1;
    }
    table
};

/// Decimal digits of `c` (0 has none).
pub(super) fn digits_u128(c: u128) -> u32 {
    match c {
        0 => 0,
        _ => c.ilog10() + 1,
    }
}

impl U256 {
    pub(super) const fn from_u128(lo: u128) -> Self {
        U256 { hi: 0, lo }
    }

    /// The value, if it fits 128 bits.
    pub(super) const fn to_u128(self) -> Option<u128> {
        if self.hi == 0 { Some(self.lo) } else { None }
    }

    /// The low 128 bits: the whole value once a caller has brought it below 10^34.
    pub(super) const fn low_u128(self) -> u128 {
        debug_assert!(self.hi == 0);
        self.lo
    }

    pub(super) const fn is_zero(self) -> bool {
        self.hi == 0 && self.lo == 0
    }

    pub(super) const fn is_odd(self) -> bool {
        self.lo & 1 == 1
    }

    /// The full 256-bit product of two u128s, schoolbook on 64-bit halves.
    pub(super) const fn mul(a: u128, b: u128) -> Self {
        const MASK: u128 = u64::MAX as u128;
        let (a1, a0) = (a >> 64, a & MASK);
        let (b1, b0) = (b >> 64, b & MASK);
        let low = a0 * b0;
        let mid1 = a1 * b0;
        let mid2 = a0 * b1;
        let high = a1 * b1;
        // Sum the middle column with the carry out of the low one; at most 3 * (2^64 - 1),
        // which cannot overflow u128.
        let mid = (low >> 64) + (mid1 & MASK) + (mid2 & MASK);
        U256 {
            hi: high + (mid1 >> 64) + (mid2 >> 64) + (mid >> 64),
            lo: (mid << 64) | (low & MASK),
        }
    }

    /// `self + rhs`; callers stay far below 2^256.
    pub(super) const fn add(self, rhs: Self) -> Self {
        let (lo, carry) = self.lo.overflowing_add(rhs.lo);
        U256 {
            hi: self.hi + rhs.hi + carry as u128,
            lo,
        }
    }

    /// `self - rhs`; callers ensure `self >= rhs`.
    pub(super) const fn sub(self, rhs: Self) -> Self {
        let (lo, borrow) = self.lo.overflowing_sub(rhs.lo);
        U256 {
            hi: self.hi - rhs.hi - borrow as u128,
            lo,
        }
    }

    /// Quotient and remainder by a divisor below 2^64, one 64-bit limb at a time.
    pub(super) fn div_rem_u64(self, d: u64) -> (Self, u64) {
        let d = u128::from(d);
        let limbs = [
            self.hi >> 64,
            self.hi & 0xffff_ffff_ffff_ffff,
            self.lo >> 64,
            self.lo & 0xffff_ffff_ffff_ffff,
        ];
        let mut q = [0u128; 4];
        let mut rem = 0u128;
        for (i, limb) in limbs.into_iter().enumerate() {
            let cur = (rem << 64) | limb;
            q[i] = cur / d;
            rem = cur % d;
        }
        (
            U256 {
                hi: (q[0] << 64) | q[1],
                lo: (q[2] << 64) | q[3],
            },
            rem as u64,
        )
    }

    /// Decimal digits (0 has none).
    pub(super) fn digits(self) -> u32 {
        if self.hi == 0 {
            return digits_u128(self.lo);
        }
        // At least 2^128 > 10^38: peel 19 digits and count the rest.
        let (q, _) = self.div_rem_u64(10u64.pow(19));
        19 + q.digits()
    }

    /// Drops the lowest `n` decimal digits (`n >= 1`) for rounding: the quotient, the last
    /// digit dropped (the rounding digit), and whether anything below that digit was non-zero.
    pub(super) fn shift_right_digits(self, n: u32) -> (Self, u8, bool) {
        let mut value = self;
        let mut sticky = false;
        // First everything below the rounding digit, in chunks that fit a u64 divisor.
        let mut below = n - 1;
        while below > 0 && !value.is_zero() {
            let step = below.min(19);
            let (q, r) = value.div_rem_u64(10u64.pow(step));
            sticky |= r != 0;
            value = q;
            below -= step;
        }
        let (q, digit) = value.div_rem_u64(10);
        (q, digit as u8, sticky)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiplies_across_the_128_bit_boundary() {
        let p = U256::mul(u128::MAX, u128::MAX);
        // (2^128 - 1)^2 = 2^256 - 2^129 + 1
        assert_eq!(
            p,
            U256 {
                hi: u128::MAX - 1,
                lo: 1
            }
        );
        let ten34 = POW10[34];
        let p = U256::mul(ten34, ten34);
        assert_eq!(p.digits(), 69);
        let (q, r) = p.div_rem_u64(10u64.pow(19));
        assert_eq!(r, 0);
        assert_eq!(q.digits(), 50);
    }

    #[test]
    fn shifts_right_with_rounding_digit_and_sticky() {
        let v = U256::from_u128(123_456_789);
        assert_eq!(
            v.shift_right_digits(1),
            (U256::from_u128(12_345_678), 9, false)
        );
        assert_eq!(v.shift_right_digits(3), (U256::from_u128(123_456), 7, true));
        let (q, d, s) = U256::from_u128(1_500).shift_right_digits(3);
        assert_eq!((q, d, s), (U256::from_u128(1), 5, false));
        assert_eq!(v.shift_right_digits(60), (U256::from_u128(0), 0, true));
        let big = U256::mul(POW10[38], POW10[30]).add(U256::from_u128(7));
        assert_eq!(big.shift_right_digits(68), (U256::from_u128(1), 0, true));
        assert_eq!(big.shift_right_digits(69), (U256::from_u128(0), 1, true));
        let exact = big.sub(U256::from_u128(7));
        assert_eq!(exact.shift_right_digits(69), (U256::from_u128(0), 1, false));
    }

    #[test]
    fn counts_digits() {
        assert_eq!(U256::from_u128(0).digits(), 0);
        assert_eq!(U256::from_u128(9).digits(), 1);
        assert_eq!(U256::from_u128(u128::MAX).digits(), 39);
        assert_eq!(U256::mul(POW10[38], POW10[38]).digits(), 77);
    }
}
