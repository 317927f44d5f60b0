import { DocumentExtensions, Limits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';

/** docs/product.md section 5: the icon is a PNG of 55×55 px. Returns an error text or null. */
export async function iconProblem(file: File): Promise<string | null> {
  if (file.type !== 'image/png' && !file.name.toLowerCase().endsWith('.png')) {
    return Messages.apps.iconNotPng;
  }
  if (file.size > Limits.iconMaxBytes) return Messages.apps.fileTooLarge;
  try {
    const bitmap = await createImageBitmap(file);
    const isRightSize = bitmap.width === Limits.iconWidth && bitmap.height === Limits.iconHeight;
    bitmap.close();
    return isRightSize ? null : Messages.apps.iconWrongSize;
  } catch {
    return Messages.apps.iconNotPng;
  }
}

/** Family-proof documents: PDF, PNG, JPG or JPEG, at most 1 MB each. */
export function documentProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(DocumentExtensions as readonly string[]).includes(extension)) {
    return Messages.apps.documentWrongType;
  }
  return file.size > Limits.documentMaxBytes ? Messages.apps.fileTooLarge : null;
}
