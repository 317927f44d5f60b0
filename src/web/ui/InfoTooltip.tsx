import { Info } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import styles from './info-tooltip.module.css';

// Radix's default delay before a hovered trigger shows its tip.
const HOVER_DELAY_MS = 150;
// The tip keeps this far from the window's edges (px).
const EDGE_GAP_PX = 8;

/**
 * Keeps a just-shown tip inside the window: above the trigger, else below it, shifted
 * sideways away from an edge (the arrow stays on the trigger).
 */
function place(tip: HTMLElement, trigger: HTMLElement) {
  const tipBox = tip.getBoundingClientRect();
  const maxRight = document.documentElement.clientWidth - EDGE_GAP_PX;
  const shift =
    tipBox.left < EDGE_GAP_PX
      ? EDGE_GAP_PX - tipBox.left
      : tipBox.right > maxRight
        ? maxRight - tipBox.right
        : 0;
  tip.style.setProperty('--tip-shift', `${shift}px`);
  if (trigger.getBoundingClientRect().top - tipBox.height < EDGE_GAP_PX) {
    tip.dataset.side = 'below';
  }
}

/**
 * An info icon that shows its text on hover, focus and tap (the tooltip pattern of WAI-ARIA:
 * the button is described by the tip while it shows). Escape hides it without moving focus
 * or pointer, and the pointer may move onto the tip (WCAG 1.4.13). While the trigger has
 * keyboard focus the tip stays, through the scroll that tabbing to it may cause. Not
 * portalled: the tip stays inside the page's landmarks (axe 'region').
 */
export function InfoTooltip({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const hoverTimer = useRef<number | undefined>(undefined);

  const cancelHover = () => window.clearTimeout(hoverTimer.current);
  const open = () => {
    cancelHover();
    setIsOpen(true);
  };
  const close = () => {
    cancelHover();
    setIsOpen(false);
  };

  useEffect(() => {
    if (!isOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  useEffect(() => cancelHover, []);

  useLayoutEffect(() => {
    if (isOpen && tip.current !== null && trigger.current !== null) {
      place(tip.current, trigger.current);
    }
  }, [isOpen]);

  const onPointerLeave = () => {
    const element = trigger.current;
    const hasKeyboardFocus =
      element !== null && document.activeElement === element && element.matches(':focus-visible');
    if (!hasKeyboardFocus) close();
  };

  return (
    <span
      className={styles.anchor}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse' || isOpen) return;
        cancelHover();
        hoverTimer.current = window.setTimeout(open, HOVER_DELAY_MS);
      }}
      onPointerLeave={onPointerLeave}
    >
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-describedby={isOpen ? id : undefined}
        onFocus={open}
        onBlur={close}
        onClick={open}
      >
        <Info aria-hidden="true" size={16} />
      </button>
      {isOpen && (
        <span ref={tip} id={id} role="tooltip" className={styles.content}>
          {text}
        </span>
      )}
    </span>
  );
}
