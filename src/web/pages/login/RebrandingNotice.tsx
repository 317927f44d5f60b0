import { Limits } from '../../../contract/limits.js';
import { ShellMessages as Messages } from '../../../contract/messages-shell.js';
import { useBrand } from '../../brand.js';
import { Button } from '../../ui/Button.js';
import { Modal } from '../../ui/Modal.js';
import { useMediaQuery } from '../../ui/use-media-query.js';
import styles from './rebranding-notice.module.css';

interface RebrandingNoticeProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

/**
 * docs/product.md section 2: a popup on wide screens, a bottom drawer at 80% of the viewport height at
 * 720 px and narrower; it lists the new addresses, the sister products and the blog post,
 * and 'Okay! got it' closes it. Focus opens on its title, not on a link that leaves the site.
 */
export function RebrandingNotice({ isOpen, onClose }: RebrandingNoticeProps) {
  const brand = useBrand();
  const isNarrow = useMediaQuery(`(max-width: ${Limits.narrowMaxWidth}px)`);
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={`We have rebranded: welcome to ${brand.productName}`}
      variant={isNarrow ? 'drawer' : 'popup'}
      testId={isNarrow ? 'rebranding-drawer' : 'rebranding-popup'}
      initialFocus="title"
    >
      <p>
        The service you know has a new name. Your account, apps and keys carry on unchanged. You
        will find us at these new addresses:
      </p>
      <ul className={styles.addresses}>
        {brand.newServiceAddresses.map((address) => (
          <li key={address}>{address}</li>
        ))}
      </ul>
      {brand.sisterProducts.length > 0 && (
        <>
          <p>Also from us:</p>
          <ul className={styles.products}>
            {brand.sisterProducts.map((product) => (
              <li key={product.url}>
                <a href={product.url} target="_blank" rel="noopener">
                  {product.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={brand.rebrandingBlogUrl} target="_blank" rel="noopener">
          Read the blog post about the rebranding
        </a>
      </p>
      <Button onClick={onClose} className={styles.dismiss}>
        {Messages.screens.rebrandingDismiss}
      </Button>
    </Modal>
  );
}
