import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './modal.module.css';

interface ModalProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly title: string;
  /** 'drawer' slides up from the bottom at 80% of the viewport height (docs/product.md section 9). */
  readonly variant?: 'popup' | 'drawer';
  readonly children: ReactNode;
  readonly testId?: string;
}

/**
 * A modal on the native <dialog>: focus moves in and is kept there, Escape closes it, the
 * page behind is inert. No injected styles, so the strict CSP holds (decision 008).
 */
export function Modal({ isOpen, onClose, title, variant = 'popup', children, testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
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
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}
