// How the user runs this CLI, so that printed hints run exactly as shown: `pnpm playq` inside the
// playq repository (where `playq` is not on PATH), `playq` from an installed package.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The command to print in hints.
 *
 * @example
 * ctx.out(`  ${playqCommand()} serve\n`); // "  pnpm playq serve" in the repository, "  playq serve" when installed
 */
export function playqCommand(): string {
  // This module sits in packages/cli/src or packages/cli/dist; the repository root is three up.
  cached ??= existsSync(fileURLToPath(new URL('../../../pnpm-workspace.yaml', import.meta.url)))
    ? 'pnpm playq'
    : 'playq';
  return cached;
}
