import { imageSize } from 'image-size';
// Loaded with the server, not with the first PDF: its first load takes long enough to stall
// the event loop that answers other requests.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ProofLimits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import { AppError } from '../errors.js';

/**
 * The pages of a PDF as the reviewer's viewer (pdf.js, the same library) reads them; null
 * when it cannot open the file, which the viewer then cannot draw either.
 */
async function pdfPages(bytes: Buffer): Promise<number | null> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    return (await task.promise).numPages;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}

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
