import { lazy, Suspense } from 'react';
import type { PendingProof } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { proofDocumentUrl } from './proofs-api.js';
import styles from './proof-queue.module.css';

// pdfjs-dist is large and only PDFs need it: fetched with the first PDF opened.
const PdfViewer = lazy(() => import('./PdfViewer.js'));

/** The proof's document in the page: an image as it is, a PDF drawn page by page. */
export function ProofDocument({ proof }: { readonly proof: PendingProof }) {
  if (proof.documentType === null) return <p>{OpsMessages.proofs.noDocument}</p>;
  const url = proofDocumentUrl(proof);
  if (proof.documentType === 'application/pdf') {
    return (
      <Suspense fallback={<p role="status">{OpsMessages.proofReview.pdfLoading}</p>}>
        <PdfViewer url={url} ip={proof.ip} />
      </Suspense>
    );
  }
  return (
    <img className={styles.image} src={url} alt={OpsMessages.proofs.documentFrame(proof.ip)} />
  );
}
