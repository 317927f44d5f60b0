import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import styles from './modal.module.css';

interface ModalProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly title: string;
  /** 'drawer' slides up from the bottom at 80% of the viewport height (docs/product.md section 9). */
  readonly variant?: 'popup' | 'drawer';
  readonly children: ReactNode;
  readonly testId?: string;
  /**
   * Where focus lands when it opens: the dialog's title, or an element of its own. Left out,
   * the browser takes the first control, which in some dialogs is the one to avoid (a roll's
   * 'Now', a link that leaves the site).
   */
  readonly initialFocus?: 'title' | RefObject<HTMLElement | null>;
}

/**
 * A modal on the native <dialog>: focus moves in and is kept there, Escape closes it, the
 * page behind is inert. No injected styles, so the strict CSP holds (decision 008).
 */
export function Modal({
  isOpen,
  onClose,
  title,
  variant = 'popup',
  children,
  testId,
  initialFocus,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      (initialFocus === 'title' ? titleRef : initialFocus)?.current?.focus();
    }
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen, initialFocus]);
  return (
    <dialog
      ref={ref}
      className={variant === 'drawer' ? styles.drawer : styles.popup}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid={testId}
    >
      {isOpen && (
        <>
          <h2
            id={titleId}
            ref={titleRef}
            className={styles.title}
            tabIndex={initialFocus === 'title' ? -1 : undefined}
          >
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}
