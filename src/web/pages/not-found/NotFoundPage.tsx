import { Link } from 'react-router';
import { ClientPaths } from '../../../contract/routes.js';
import { useBrand } from '../../brand.js';

/** Any path outside docs/product.md section 2. */
export default function NotFoundPage() {
  const brand = useBrand();
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>This page is not part of the {brand.productName} developer portal.</p>
      <p>
        <Link to={ClientPaths.root}>Go to the portal home</Link> or{' '}
        <a href={brand.supportUrl} target="_blank" rel="noopener">
          contact support
        </a>
        .
      </p>
    </section>
  );
}
