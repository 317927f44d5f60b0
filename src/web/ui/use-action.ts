import { useState } from 'react';
import { errorMessage } from '../api/http.js';
import { notify } from './notify.js';

/**
 * A request started by a button: busy while it runs, and a failure shows its message as an
 * error notice (docs/product.md section 8).
 */
export function useAction<Args extends unknown[]>(action: (...args: Args) => Promise<void>) {
  const [isRunning, setIsRunning] = useState(false);
  const run = async (...args: Args) => {
    setIsRunning(true);
    try {
      await action(...args);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setIsRunning(false);
    }
  };
  return { run, isRunning };
}
