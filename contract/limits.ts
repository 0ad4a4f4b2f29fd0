// Limits of the sync protocol, apart so contract/mutations and contract/sync.ts share them.
export const MAX_PUSH_BATCH = 500;

/** Highest per-device sequence number (the database column is a 32-bit integer). */
export const MAX_SEQ = 2 ** 31 - 1;
