import { useBrand } from '../brand.js';

/** Shown when a screen fails to load or render, instead of a blank page. */
export function RouteErrorPage() {
  const brand = useBrand();
  return (
    <section aria-labelledby="route-error-title">
      <h1 id="route-error-title">Something went wrong</h1>
      <p>
        This page could not be shown. Reload to try again, or{' '}
        <a href={brand.supportUrl} target="_blank" rel="noopener">
          contact support
        </a>
        .
      </p>
    </section>
  );
}
