import { Copy } from 'lucide-react';
import type { Application } from '../../../contract/apps.js';
import { Messages } from '../../../contract/messages.js';
import { maskApiKey } from '../../../contract/rules.js';
import { notify } from '../../ui/notify.js';
import styles from './update-app-page.module.css';

async function copy(text: string, notice: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(notice);
  } catch {
    notify.error(Messages.app.copyFailed);
  }
}

/** The side tile: the API key, masked, and the Application ID, each with a copy icon. */
export function KeyTile({ app }: { app: Application }) {
  const entries = [
    {
      label: Messages.screens.apiKey,
      shown: maskApiKey(app.secret),
      value: app.secret,
      notice: Messages.copy.apiKey,
    },
    {
      label: Messages.screens.applicationIdLabel,
      shown: app.applicationId,
      value: app.applicationId,
      notice: Messages.copy.applicationId,
    },
  ];
  return (
    <aside className={styles.tile} aria-label="Keys">
      <dl>
        {entries.map((entry) => (
          <div key={entry.label} className={styles.keyRow}>
            <dt>{entry.label}</dt>
            <dd>
              <code className={styles.key}>{entry.shown}</code>
              <button
                type="button"
                className={styles.copy}
                aria-label={`Copy ${entry.label}`}
                onClick={() => void copy(entry.value, entry.notice)}
              >
                <Copy aria-hidden="true" size={18} />
              </button>
            </dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
