import { toast } from 'react-toastify/unstyled';

/** The notice kinds of docs/product.md section 4; each disappears by the root timeout. */
export const notify = {
  success: (text: string) => toast.success(text),
  error: (text: string) => toast.error(text),
  // 'alert' notices read as errors to the user; role=alert is set by the container.
  alert: (text: string) => toast.error(text),
  info: (text: string) => toast.info(text),
  warn: (text: string) => toast.warn(text),
  bare: (text: string) => toast(text),
};
