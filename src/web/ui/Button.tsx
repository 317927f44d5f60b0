import type { ButtonHTMLAttributes } from 'react';
import styles from './forms.module.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  readonly variant?: 'primary' | 'secondary' | 'danger';
  /** Shows a spinner and marks the button busy while a request runs. */
  readonly isLoading?: boolean;
};

export function Button({
  variant = 'primary',
  isLoading = false,
  children,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${styles.button} ${styles[variant] ?? ''} ${className ?? ''}`}
      aria-busy={isLoading}
      {...rest}
    >
      {isLoading && <span className={styles.buttonSpinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
