import { useEffect, useRef, useState } from 'react';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { opsDownload } from '../../api/ops-call.js';
import styles from './proof-queue.module.css';

// Wide enough to read a scanned certificate in the review column; the canvas scales down.
const PAGE_WIDTH_PX = 900;

type Shown = 'loading' | 'shown' | 'failed';

/**
 * Draws each page of a PDF proof on a canvas with pdfjs-dist (loaded with the first PDF):
 * no evaluated code, no scripting, no WebAssembly, nothing of the document runs as the
 * console's origin; the file is never embedded as a frame or an object.
 */
async function drawPdf(url: string, container: HTMLElement, ip: string, isCurrent: () => boolean) {
  const [pdfjs, blob] = await Promise.all([import('pdfjs-dist'), opsDownload(url)]);
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const task = pdfjs.getDocument({
    data: new Uint8Array(await blob.arrayBuffer()),
    isEvalSupported: false,
    enableXfa: false,
    useWasm: false,
  });
  try {
    const pdf = await task.promise;
    for (let number = 1; number <= pdf.numPages && isCurrent(); number += 1) {
      const page = await pdf.getPage(number);
      const unscaled = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: PAGE_WIDTH_PX / unscaled.width });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.className = styles.pdfPage ?? '';
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', OpsMessages.proofReview.pdfPage(ip, number, pdf.numPages));
      await page.render({ canvas, viewport }).promise;
      if (isCurrent()) container.append(canvas);
    }
  } finally {
    await task.destroy();
  }
}

export default function PdfViewer({ url, ip }: { readonly url: string; readonly ip: string }) {
  const pages = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown>('loading');
  useEffect(() => {
    const container = pages.current;
    if (container === null) return;
    let isCurrent = true;
    drawPdf(url, container, ip, () => isCurrent).then(
      () => {
        if (isCurrent) setShown('shown');
      },
      () => {
        if (isCurrent) setShown('failed');
      },
    );
    return () => {
      isCurrent = false;
      container.replaceChildren();
    };
  }, [url, ip]);
  return (
    <>
      {shown === 'loading' && <p role="status">{OpsMessages.proofReview.pdfLoading}</p>}
      {shown === 'failed' && <p role="alert">{OpsMessages.proofReview.pdfFailed}</p>}
      <div ref={pages} className={styles.pdfPages} />
    </>
  );
}
