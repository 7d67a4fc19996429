//! Finds the fancy magic numbers used by `src/attacks.rs` (seeded, so the output is reproducible).
//! Run: `cargo run --release -p chess-core --example find_magics`.

fn slide(sq: usize, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut a = 0u64;
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let b = 1u64 << (r * 8 + f);
            a |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    a
}
fn mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let mut a = 0u64;
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            a |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    a
}
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(2685821657736338717)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}
fn main() {
    let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let mut rng = Rng(0x9E3779B97F4A7C15);
    for (name, dirs) in [("ROOK", &rook), ("BISHOP", &bishop)] {
        println!("pub(crate) const {name}_MAGICS: [u64; 64] = [");
        for sq in 0..64 {
            let m = mask(sq, dirs);
            let bits = m.count_ones();
            let n = 1usize << bits;
            let mut occs = Vec::with_capacity(n);
            let mut atts = Vec::with_capacity(n);
            let mut sub = 0u64;
            loop {
                occs.push(sub);
                atts.push(slide(sq, sub, dirs));
                sub = sub.wrapping_sub(m) & m;
                if sub == 0 {
                    break;
                }
            }
            let shift = 64 - bits;
            let mut table = vec![0u64; n];
            let mut used = vec![0u32; n];
            let mut epoch = 0u32;
            let magic = loop {
                let magic = rng.sparse();
                if ((m.wrapping_mul(magic)) >> 56).count_ones() < 6 {
                    continue;
                }
                epoch += 1;
                let mut ok = true;
                for i in 0..n {
                    let idx = (occs[i].wrapping_mul(magic) >> shift) as usize;
                    if used[idx] != epoch {
                        used[idx] = epoch;
                        table[idx] = atts[i];
                    } else if table[idx] != atts[i] {
                        ok = false;
                        break;
                    }
                }
                if ok {
                    break magic;
                }
            };
            print!("0x{magic:016X},");
            if sq % 4 == 3 {
                println!();
            } else {
                print!(" ");
            }
        }
        println!("];");
    }
}
