import { useEffect } from 'react';
import { OpsMessages } from '../../contract/ops-messages.js';

/** The window's title for a console page: its heading, then the console's name. */
export function usePageTitle(heading: string): void {
  useEffect(() => {
    document.title = `${heading} · ${OpsMessages.title}`;
  }, [heading]);
}
