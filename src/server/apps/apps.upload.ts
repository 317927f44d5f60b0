import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { DOCUMENT_FIELD_PREFIX, ICON_FIELD } from '../../contract/apps.js';
import { Messages } from '../../contract/messages.js';
import { AppError } from '../errors.js';
import { hasNul, nulRefused } from '../http/nul-guard.js';
import { checkDocumentSize } from './document-limits.js';

/** docs/product.md section 9: icons and proof documents are at most 1 MB each. */
export const MAX_FILE_BYTES = 1024 * 1024;
const ICON_SIZE_PX = 55;

/** Every multipart limit, explicit (CONTRIBUTING.md, "House rules"). */
export function uploadLimits(maxIpsPerApp: number) {
  return {
    fileSize: MAX_FILE_BYTES,
    files: 1 + maxIpsPerApp,
    fields: 30,
    parts: 40,
    fieldSize: 4 * 1024,
    fieldNameSize: 100,
    headerPairs: 100,
  };
}

export interface Upload {
  readonly fields: Readonly<Record<string, string>>;
  readonly files: ReadonlyMap<string, Buffer>;
}

const LIMIT_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
]);

/**
 * Reads the whole form into memory (every file is at most 1 MiB and there are at most
 * 1 + maxIps of them), so nothing is written before every part has been validated.
 */
export async function readUpload(request: FastifyRequest, maxIpsPerApp: number): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', Messages.apps.malformedUpload);
  }
  const fields: Record<string, string> = {};
  const files = new Map<string, Buffer>();
  try {
    for await (const part of request.parts({ limits: uploadLimits(maxIpsPerApp) })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        const isKnown =
          part.fieldname === ICON_FIELD || part.fieldname.startsWith(DOCUMENT_FIELD_PREFIX);
        if (!isKnown || files.has(part.fieldname)) {
          throw new AppError('bad_request', Messages.apps.unexpectedFile(part.fieldname));
        }
        if (part.file.truncated) {
          throw new AppError('payload_too_large', Messages.apps.fileTooLarge);
        }
        if (bytes.length > 0) files.set(part.fieldname, bytes);
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new AppError('bad_request', Messages.apps.malformedUpload);
        }
        if (hasNul(part.fieldname) || hasNul(part.value)) throw nulRefused();
        if (typeof part.value === 'string' && !(part.fieldname in fields)) {
          Object.defineProperty(fields, part.fieldname, {
            value: part.value,
            enumerable: true,
            writable: false,
          });
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && LIMIT_CODES.has(code)) {
      throw new AppError('payload_too_large', Messages.apps.fileTooLarge);
    }
    throw new AppError('bad_request', Messages.apps.malformedUpload);
  }
  return { fields, files };
}

/** An icon is a PNG by its bytes and exactly 55×55 (docs/product.md section 5). */
export async function checkIcon(bytes: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'image/png') {
    throw new AppError('unsupported_media_type', Messages.apps.iconNotPng);
  }
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new AppError('unsupported_media_type', Messages.apps.iconNotPng);
  }
  if (size.width !== ICON_SIZE_PX || size.height !== ICON_SIZE_PX) {
    throw new AppError('bad_request', Messages.apps.iconWrongSize);
  }
}

const DOCUMENT_EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/**
 * A proof document is a PDF, PNG or JPEG by its bytes, within the pixels and pages a
 * reviewer's browser is asked to draw; answers the stored extension.
 */
export async function documentExtension(bytes: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(bytes);
  const extension = type === undefined ? undefined : DOCUMENT_EXTENSIONS[type.mime];
  if (extension === undefined) {
    throw new AppError('unsupported_media_type', Messages.apps.documentWrongType);
  }
  await checkDocumentSize(bytes, extension);
  return extension;
}

/** The mime type of a stored document, from its extension (which came from its bytes). */
export function documentMime(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const entry = Object.entries(DOCUMENT_EXTENSIONS).find(([, ext]) => ext === extension);
  return entry?.[0] ?? 'application/octet-stream';
}
