// SQL for the generator's seeded random draws: every draw is a pure function of (row, slot, seed),
// so the same options give the same rows on every run and thread count. Hashing is the expensive
// part, so each 64-bit hash yields four 16-bit uniforms (or two of them one 32-bit uniform).
import { lookup } from './generate-shapes';

/** Number lists spliced into the generator's SQL are constants computed here, never request input. */
export const numList = (xs: readonly number[]): string => `[${xs.join(', ')}]`;

/** A 62-bit mix of the seed (splitmix64), so that nearby seeds give unrelated hash inputs. */
export function seedMix(seed: number): string {
  const mask = (1n << 64n) - 1n;
  let z = (BigInt(seed) + 0x9e3779b97f4a7c15n) & mask;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
  return String((z ^ (z >> 31n)) >> 2n);
}

/** Draw helpers bound to one seed. */
export interface Draws {
  /** A 64-bit hash of an integer key and a slot number. */
  hash(key: string, slot: number): string;
  /** Part 0..3 of a hash column as a uniform in [0, 1) with 16 bits of resolution. */
  u16(h: string, part: number): string;
  /** The low 32 bits of a hash column as a uniform in [0, 1). */
  u32(h: string): string;
  /** A 1-based index drawn by `weights` for a uniform. */
  pick(uniform: string, weights: readonly number[]): string;
}

export function draws(seed: number): Draws {
  const mix = seedMix(seed);
  return {
    hash: (key, slot) => `hash(xor((${key}) * 16 + ${slot}, ${mix}::BIGINT))`,
    u16: (h, part) => `(((${h}) >> ${16 * part}) & 65535)::DOUBLE / 65536`,
    u32: (h) => `((${h}) & 4294967295)::DOUBLE / 4294967296`,
    pick: (uniform, weights) =>
      `list_extract(${numList(lookup(weights))}, 1 + floor(${uniform} * 1000)::INTEGER)`,
  };
}
