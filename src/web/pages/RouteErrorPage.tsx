import { ShellMessages as Messages } from '../../contract/messages-shell.js';
import { useBrand } from '../brand.js';
import { Button } from '../ui/Button.js';

/** Shown when a screen fails to load or render, instead of a blank page, with a reload. */
export function RouteErrorPage() {
  const brand = useBrand();
  return (
    <section aria-labelledby="route-error-title">
      <h1 id="route-error-title">Something went wrong</h1>
      <p>
        {Messages.screens.pageFailed} Reload to try again, or{' '}
        <a href={brand.supportUrl} target="_blank" rel="noopener">
          contact support
        </a>
        .
      </p>
      <Button onClick={() => window.location.reload()}>{Messages.screens.reloadPage}</Button>
    </section>
  );
}
