// Starts the matcher's worker thread (ledger-match-worker.ts) under tsx, as the server runs.
import { register } from 'tsx/esm/api';

register();
await import('./ledger-match-worker.ts');
