//! The Fibonacci word and the P-positions it spells.
//!
//! The morphism `σ(a) = ab, σ(b) = a` applied to `a` again and again gives words that each
//! extend the last: `a, ab, aba, abaab, abaababa, abaababaabaab, …` (`σ^5(a)` has 13 letters).
//! Their limit `s = abaababaabaab…` is the **Fibonacci word**, the fixed point `s = σ(s)`. The
//! 1-based position of the `n`-th `a` in `s` is `a_n` and that of the `n`-th `b` is `b_n`
//! (OEIS A003849 is `s` written with `a = 0`, `b = 1`).
//!
//! Two ways to read the word are given here:
//!
//! * **Generation** ([`fibonacci_word`]): because `s = σ(s)`, the word can be written while it
//!   is being read: start from `σ(a) = ab`, then append `σ` of the 2nd letter, the 3rd, and so
//!   on. One pass, no recursion.
//! * **Random access** ([`letter_at`], [`count_a`]): the standard words `S_0 = a`, `S_1 = ab`,
//!   `S_j = S_{j−1} S_{j−2}` have Fibonacci lengths `L_j = 1, 2, 3, 5, 8, …` and contain
//!   `A_j = L_{j−1}` letters `a`. The prefix of `s` of length `m` splits along the greedy
//!   (Zeckendorf) decomposition `m = L_{j1} + L_{j2} + …` into `S_{j1} S_{j2} …`, so the number
//!   of `a`'s in it is `A_{j1} + A_{j2} + …`: exact, in `O(log m)`, with no floating point. This
//!   is how the word is checked against the closed form far out (near `n = 10^12`).

/// A letter of the Fibonacci word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Letter {
    /// `a`: its positions are the lower Wythoff numbers.
    A,
    /// `b`: its positions are the upper Wythoff numbers.
    B,
}

impl Letter {
    /// `σ` of one letter.
    pub fn sigma(self) -> &'static [Letter] {
        match self {
            Letter::A => &[Letter::A, Letter::B],
            Letter::B => &[Letter::A],
        }
    }

    /// The letter as a character.
    pub fn as_char(self) -> char {
        match self {
            Letter::A => 'a',
            Letter::B => 'b',
        }
    }
}

/// `σ` applied to a word, letter by letter.
pub fn sigma(word: &[Letter]) -> Vec<Letter> {
    word.iter()
        .flat_map(|l| l.sigma().iter().copied())
        .collect()
}

/// `σ^k(a)`, by applying `σ` `k` times.
pub fn sigma_power(k: u32) -> Vec<Letter> {
    (0..k).fold(vec![Letter::A], |word, _| sigma(&word))
}

/// A word as a string of `a` and `b`.
pub fn to_string(word: &[Letter]) -> String {
    word.iter().map(|l| l.as_char()).collect()
}

/// The first `len` letters of the Fibonacci word, by the fixed-point rule `s = σ(s)`.
pub fn fibonacci_word(len: usize) -> Vec<Letter> {
    let mut word = Vec::with_capacity(len + 1);
    word.extend_from_slice(Letter::A.sigma());
    // word[..read] has been expanded into word[..word.len()].
    let mut read = 1;
    while word.len() < len {
        let letter = word[read];
        word.extend_from_slice(letter.sigma());
        read += 1;
    }
    word.truncate(len);
    word
}

/// The first `count` P-positions read off the Fibonacci word: `a_n` (`b_n`) is the 1-based
/// position of the `n`-th `a` (`b`), and `(a_0, b_0) = (0, 0)`.
pub fn p_positions_by_word(count: usize) -> Vec<(u64, u64)> {
    // b_{count−1} < 2.62·count, so this prefix holds count − 1 letters of each kind.
    let word = fibonacci_word(3 * count + 3);
    let mut lower = Vec::with_capacity(count);
    let mut upper = Vec::with_capacity(count);
    lower.push(0);
    upper.push(0);
    for (i, &letter) in word.iter().enumerate() {
        let list = match letter {
            Letter::A => &mut lower,
            Letter::B => &mut upper,
        };
        if list.len() < count {
            list.push(i as u64 + 1);
        }
        if upper.len() >= count {
            break;
        }
    }
    lower.into_iter().zip(upper).take(count).collect()
}

/// The standard word lengths `L_j` (1, 2, 3, 5, …) and their counts of `a` (`A_j`), up to the
/// last one that fits in `u64`.
fn standard_words() -> Vec<(u64, u64)> {
    let mut words = vec![(1u64, 1u64), (2, 1)];
    loop {
        let k = words.len();
        let (l1, a1) = words[k - 1];
        let (l2, a2) = words[k - 2];
        match l1.checked_add(l2) {
            Some(len) => words.push((len, a1 + a2)),
            None => return words,
        }
    }
}

/// The number of `a`'s among the first `m` letters of the Fibonacci word, exactly, through the
/// Zeckendorf decomposition of `m`.
pub fn count_a(m: u64) -> u64 {
    let words = standard_words();
    let mut rest = m;
    let mut count = 0;
    for &(len, a_count) in words.iter().rev() {
        if len <= rest {
            rest -= len;
            count += a_count;
        }
    }
    count
}

/// The letter at 1-based position `position` (>= 1) of the Fibonacci word.
pub fn letter_at(position: u64) -> Letter {
    if count_a(position) > count_a(position - 1) {
        Letter::A
    } else {
        Letter::B
    }
}

/// The 1-based position of the `n`-th `a` (`n >= 1`), found by bisection on [`count_a`]: the
/// least `m` whose prefix holds `n` letters `a`. Independent of the golden ratio.
pub fn nth_a_position(n: u64) -> u64 {
    // The n-th a lies between n and 2n: no two b's are adjacent.
    let (mut lo, mut hi) = (n, n.saturating_mul(2));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if count_a(mid) >= n {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sigma_powers() {
        assert_eq!(to_string(&sigma_power(0)), "a");
        assert_eq!(to_string(&sigma_power(1)), "ab");
        assert_eq!(to_string(&sigma_power(5)), "abaababaabaab");
    }

    #[test]
    fn generation_extends_sigma_powers() {
        let long = sigma_power(20);
        assert_eq!(fibonacci_word(long.len()), long);
        assert_eq!(fibonacci_word(1), [Letter::A]);
    }

    #[test]
    fn random_access_matches_generation() {
        let word = fibonacci_word(5000);
        for (i, &letter) in word.iter().enumerate() {
            assert_eq!(letter_at(i as u64 + 1), letter, "position {}", i + 1);
        }
        let mut a_seen = 0;
        for (i, &letter) in word.iter().enumerate() {
            if letter == Letter::A {
                a_seen += 1;
                assert_eq!(nth_a_position(a_seen), i as u64 + 1);
            }
        }
    }
}
