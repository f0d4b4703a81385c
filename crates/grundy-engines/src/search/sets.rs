//! Sets of small values as bits of a `u128`: the questions the engine asks ("is the value in
//! this set?") and its candidates for a component's value.

use crate::nimber::Nimber;

/// A set of values below [`SET_BITS`], bit `v` for value `v`.
pub type Set = u128;
/// Values a [`Set`] can hold.
pub const SET_BITS: u32 = 128;
/// Every value a [`Set`] can hold.
pub const ALL: Set = Set::MAX;

/// The values below `n`.
pub fn low(n: u32) -> Set {
    if n >= SET_BITS {
        ALL
    } else {
        (1 << n) - 1
    }
}

/// The largest value of a non-empty set.
pub fn largest(set: Set) -> u32 {
    debug_assert!(set != 0);
    SET_BITS - 1 - set.leading_zeros()
}

/// Whether `v` is in `set`.
pub fn contains(set: Set, v: Nimber) -> bool {
    v < Nimber::from(SET_BITS) && set >> v & 1 == 1
}

/// `{ v ^ x : v in set }` for `x < SET_BITS`: each bit of `x` swaps the blocks it selects.
pub fn xor_set(mut set: Set, x: Nimber) -> Set {
    debug_assert!(x < Nimber::from(SET_BITS));
    const LOWER_HALVES: [Set; 7] = [
        0x5555_5555_5555_5555_5555_5555_5555_5555,
        0x3333_3333_3333_3333_3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff_0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff_0000_0000_ffff_ffff,
        0x0000_0000_0000_0000_ffff_ffff_ffff_ffff,
    ];
    for (bit, mask) in LOWER_HALVES.iter().enumerate() {
        if x >> bit & 1 == 1 {
            let shift = 1 << bit;
            set = (set & mask) << shift | (set >> shift) & mask;
        }
    }
    set
}

/// The `count` least values missing from `present` (all of them below [`SET_BITS`] when
/// `count + present.count_ones() <= SET_BITS`).
pub fn least_absent(present: Set, count: u32) -> Set {
    let absent = !present;
    let lo = absent as u64;
    let in_lo = lo.count_ones();
    if count <= in_lo {
        return Set::from(lo) & low(select(lo, count));
    }
    let hi = (absent >> 64) as u64;
    let rest = (count - in_lo).min(hi.count_ones());
    Set::from(lo) | (Set::from(hi) & low(select(hi, rest))) << 64
}

/// The position just after the `n`-th set bit of `word` (0 for `n = 0`), `n` at most its
/// number of set bits.
fn select(mut word: u64, n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    for _ in 1..n {
        word &= word - 1;
    }
    word.trailing_zeros() + 1
}

/// Takes `v` out of the candidates `set` when it is one, else the largest candidate: an
/// option worth `v` leaves one candidate fewer either way (Beling and Rogalski 2020).
pub fn remove_or_largest(set: &mut Set, v: Nimber) {
    if contains(*set, v) {
        *set &= !(1 << v);
    } else if *set != 0 {
        *set &= !(1 << largest(*set));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive_xor(set: Set, x: Nimber) -> Set {
        (0..128u64)
            .filter(|&v| set >> v & 1 == 1)
            .fold(0, |s, v| s | 1 << (v ^ x))
    }

    #[test]
    fn xor_moves_every_value() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for x in 0..128 {
            seed = crate::search::table::mix64(seed);
            let set = Set::from(seed) << (x % 64) | Set::from(seed.rotate_left(17));
            assert_eq!(xor_set(set, x), naive_xor(set, x), "{x}");
        }
        assert_eq!(xor_set(1, 5), 1 << 5);
    }

    #[test]
    fn least_absent_values() {
        assert_eq!(least_absent(0, 0), 0);
        assert_eq!(least_absent(0, 3), 0b111);
        assert_eq!(least_absent(0b1011, 2), 0b10100);
        // Across the two words.
        let present = low(70) & !(1 << 3);
        assert_eq!(least_absent(present, 2), 1 << 3 | 1 << 70);
        assert_eq!(least_absent(0, 128), ALL);
        let mut p = 0b1110;
        remove_or_largest(&mut p, 2);
        assert_eq!(p, 0b1010);
        remove_or_largest(&mut p, 9);
        assert_eq!(p, 0b0010);
        assert_eq!(largest(p), 1);
        assert!(contains(p, 1) && !contains(p, 200));
    }
}
