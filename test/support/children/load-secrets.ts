import { loadConfig } from '../../../src/server/config.js';
import { loadSecrets } from '../../../src/server/secrets.js';
import { waitForGo } from './wait-for-go.js';

// One embedded start's secrets step, on the DATA_DIR of the environment.
await waitForGo();
process.stdout.write(JSON.stringify(await loadSecrets(loadConfig(process.env))));
