import * as Tooltip from '@radix-ui/react-tooltip';
import { Info } from 'lucide-react';
import styles from './info-tooltip.module.css';

/** An info icon that shows its text on hover and on keyboard focus. */
export function InfoTooltip({ label, text }: { label: string; text: string }) {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button type="button" className={styles.trigger} aria-label={label}>
            <Info aria-hidden="true" size={16} />
          </button>
        </Tooltip.Trigger>
        {/* Not portalled: the tip stays inside the page's landmarks (axe 'region'). */}
        <Tooltip.Content className={styles.content} side="top" sideOffset={6}>
          {text}
          <Tooltip.Arrow className={styles.arrow} />
        </Tooltip.Content>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
