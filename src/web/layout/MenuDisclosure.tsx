import { Menu } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ShellMessages as Messages } from '../../contract/messages-shell.js';
import styles from './header.module.css';

/**
 * The signed-in links behind one button on narrow screens (docs/product.md section 2), so the
 * header stays one row: a disclosure that closes on Escape (focus back on the button), when
 * focus leaves it, and when the page changes.
 */
export function MenuDisclosure({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Open on one page only: a route change closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpenOn(null);
    button.current?.focus();
  };

  return (
    <div
      className={styles.menu}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpenOn(null);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.navButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <Menu aria-hidden="true" size={20} />
        <span>{Messages.screens.menu}</span>
      </button>
      <div id={panelId} className={styles.menuPanel} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
