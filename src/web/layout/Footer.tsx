import { useBrand } from '../brand.js';
import styles from './footer.module.css';

/** Support line, privacy and disclaimer links, the year; support and docs on every page. */
export function Footer() {
  const brand = useBrand();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <p className={styles.support}>
        Support:{' '}
        <a href={`tel:${brand.supportPhone.replace(/[^+\d]/g, '')}`}>{brand.supportPhone}</a>
      </p>
      <nav aria-label="Footer" className={styles.links}>
        <a href={brand.supportUrl} target="_blank" rel="noopener">
          Support
        </a>
        <a href={brand.apiDocsUrl} target="_blank" rel="noopener">
          API Documentation
        </a>
        <a href={brand.privacyUrl} target="_blank" rel="noopener">
          Privacy Policy
        </a>
        <a href={brand.disclaimerUrl} target="_blank" rel="noopener">
          Disclaimer
        </a>
      </nav>
      <p className={styles.copyright}>
        © {year} {brand.productName}. All rights reserved.
      </p>
    </footer>
  );
}
