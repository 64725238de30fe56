import { fileURLToPath } from 'node:url';

/**
 * The platforms' machine-readable specs (`shared/contracts` beside the repository), which the contract
 * tests hold the emulator against. FANOUT_CONTRACTS_DIR points elsewhere.
 */
export const CONTRACTS_DIR = (
  process.env.FANOUT_CONTRACTS_DIR ?? fileURLToPath(new URL('../../../../../shared/contracts/', import.meta.url))
).replace(/\/?$/, '/');
