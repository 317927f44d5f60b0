import * as Tooltip from '@radix-ui/react-tooltip';
import { Info } from 'lucide-react';
import { useRef, useState } from 'react';
import styles from './info-tooltip.module.css';

/**
 * An info icon that shows its text on hover and on keyboard focus. Radix closes a tip on
 * any scroll, and tabbing to a trigger below the fold scrolls the page: while the trigger
 * has keyboard focus the tip stays open, until blur or Escape.
 */
export function InfoTooltip({ label, text }: { label: string; text: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const onOpenChange = (open: boolean) => {
    const element = trigger.current;
    const hasKeyboardFocus =
      element !== null && document.activeElement === element && element.matches(':focus-visible');
    if (!open && hasKeyboardFocus) return;
    setIsOpen(open);
  };
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root open={isOpen} onOpenChange={onOpenChange}>
        <Tooltip.Trigger asChild>
          <button ref={trigger} type="button" className={styles.trigger} aria-label={label}>
            <Info aria-hidden="true" size={16} />
          </button>
        </Tooltip.Trigger>
        {/* Not portalled: the tip stays inside the page's landmarks (axe 'region'). */}
        <Tooltip.Content
          className={styles.content}
          side="top"
          sideOffset={6}
          onEscapeKeyDown={() => setIsOpen(false)}
        >
          {text}
          <Tooltip.Arrow className={styles.arrow} />
        </Tooltip.Content>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
