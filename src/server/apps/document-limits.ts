import { imageSize } from 'image-size';
import { ProofLimits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import { AppError } from '../errors.js';
import { pdfPages } from './pdf-pages.js';

/** Pixels an image header declares; null when no size can be read from it. */
function imagePixels(bytes: Buffer): number | null {
  try {
    const { width, height } = imageSize(bytes);
    return width * height;
  } catch {
    return null;
  }
}

/**
 * A proof within what a reviewer's browser is asked to draw: at most `imageMaxPixels`
 * pixels for an image, `pdfMaxPages` pages for a PDF (docs/product.md section 9).
 */
export async function checkDocumentSize(bytes: Buffer, extension: string): Promise<void> {
  if (extension === 'pdf') {
    const pages = await pdfPages(bytes);
    if (pages !== null && pages > ProofLimits.pdfMaxPages) {
      throw new AppError('bad_request', Messages.apps.documentTooManyPages);
    }
    return;
  }
  const pixels = imagePixels(bytes);
  if (pixels !== null && pixels > ProofLimits.imageMaxPixels) {
    throw new AppError('bad_request', Messages.apps.documentTooManyPixels);
  }
}
