import { Messages } from '../../../contract/messages.js';
import { useBrand } from '../../brand.js';
import styles from './home-page.module.css';

/** The root route when `loc` names no legacy domain: docs/product.md section 2, "nothing happens". */
export default function HomePage() {
  const brand = useBrand();
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <h1 id="home-title">{brand.productName} Developer Portal</h1>
      <p className={styles.lead}>{Messages.marketing.tagline}</p>
      <p className={styles.actions}>
        <a className={styles.primary} href={brand.apiDocsUrl} target="_blank" rel="noopener">
          Read the API documentation
        </a>
        <a className={styles.secondary} href={brand.supportUrl} target="_blank" rel="noopener">
          Contact support
        </a>
      </p>
    </section>
  );
}
