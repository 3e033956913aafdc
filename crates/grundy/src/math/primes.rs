//! Primes of 64-bit integers: Miller–Rabin (deterministic for every `u64`), Pollard's rho,
//! factorisations and Ω(n), the number of prime factors counted with multiplicity (the values
//! of the rectangle-cutting game).

/// Ω(n): the number of prime factors of n counted with multiplicity (Ω(1) = 0; Ω(0) is
/// taken as 0). Expected O(n^(1/4)).
///
/// ```
/// use grundy::math::primes::prime_factor_count;
/// assert_eq!(prime_factor_count(360), 6); // 2^3 · 3^2 · 5
/// assert_eq!(prime_factor_count(1 << 63), 63);
/// assert_eq!(prime_factor_count(18_446_744_073_709_551_557), 1); // the largest u64 prime
/// ```
pub fn prime_factor_count(n: u64) -> u32 {
    factorize(n).iter().map(|&(_, e)| e).sum()
}

/// a·b mod m, exactly.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

/// a^e mod m.
fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// The primes below 40: trial divisors, and Miller–Rabin bases that decide every `u64`.
const SMALL_PRIMES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];

/// Whether n is prime: deterministic Miller–Rabin for every `u64` (the first 12 primes as
/// bases). O(log n) multiplications.
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in SMALL_PRIMES {
        if n % p == 0 {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    SMALL_PRIMES.iter().all(|&a| {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            return true;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                return true;
            }
        }
        false
    })
}

/// The greatest common divisor (gcd(0, 0) = 0).
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of an odd composite n > 3: Pollard's rho in Brent's form, with the
/// differences multiplied in batches before taking a gcd.
fn rho(n: u64) -> u64 {
    let mut c: u64 = 0;
    loop {
        c += 1;
        let f = |x: u64| ((u128::from(x) * u128::from(x) + u128::from(c)) % u128::from(n)) as u64;
        let (mut y, mut r, mut q) = (2u64, 1u64, 1u64);
        let (mut x, mut g, mut ys) = (0u64, 1u64, 0u64);
        while g == 1 {
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..128.min(r - k) {
                    y = f(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = gcd(q, n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            // The batch overshot: step one at a time from its start.
            loop {
                ys = f(ys);
                g = gcd(x.abs_diff(ys), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return g;
        }
    }
}

/// The prime factorisation of n as (prime, exponent), primes increasing (empty for 0 and
/// 1). Expected O(n^(1/4)) by Pollard's rho.
///
/// ```
/// use grundy::math::primes::factorize;
/// assert_eq!(factorize(360), [(2, 3), (3, 2), (5, 1)]);
/// ```
pub fn factorize(mut n: u64) -> Vec<(u64, u32)> {
    let mut primes: Vec<u64> = Vec::new();
    if n == 0 {
        return Vec::new();
    }
    for p in SMALL_PRIMES {
        while n % p == 0 {
            n /= p;
            primes.push(p);
        }
    }
    let mut stack = vec![n];
    while let Some(m) = stack.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            primes.push(m);
            continue;
        }
        let d = rho(m);
        stack.push(d);
        stack.push(m / d);
    }
    primes.sort_unstable();
    let mut out: Vec<(u64, u32)> = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => out.push((p, 1)),
        }
    }
    out
}
