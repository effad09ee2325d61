// Fixes the fast-check seed for every property in a run so property-test names (which carry it)
// are the same run after run; `FUZZ_SEED` picks another seed, and a failure still prints it.
import { fc } from '@fast-check/vitest';

/** The seed used when `FUZZ_SEED` is not set. Arbitrary, but fixed: stable names, repeatable runs. */
export const DEFAULT_SEED = 20_260_415;

const requested = Number.parseInt(process.env.FUZZ_SEED ?? '', 10);
fc.configureGlobal({
  ...fc.readConfigureGlobal(),
  seed: Number.isSafeInteger(requested) ? requested : DEFAULT_SEED,
});
