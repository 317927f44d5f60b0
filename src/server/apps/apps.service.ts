import { randomBytes } from 'node:crypto';
import {
  appFieldsSchemaFor,
  DOCUMENT_FIELD_PREFIX,
  ICON_FIELD,
  type AppFields,
  type Application,
} from '../../contract/apps.js';
import { LOGOS_PATH } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { canonicalIp, ipFieldName, isBlankUrl } from '../../contract/rules.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import {
  documentName,
  iconName,
  inBlobTransaction,
  type BlobChange,
  type BlobRef,
  type BlobStore,
} from '../storage/blob-store.js';
import * as repo from './apps.repository.js';
import { checkIcon, documentExtension, type Upload } from './apps.upload.js';
import { signDocumentLink } from './document-links.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AppsDeps {
  readonly db: Db;
  readonly config: Config;
  readonly clock: Clock;
  readonly blobs: BlobStore;
  readonly linkSigningSecret: string;
}

interface Document {
  readonly bytes: Buffer;
  readonly extension: string;
}

const notFound = () => new AppError('not_found', Messages.apps.notFound);

/** Comma-joined IPs: trimmed, empty entries dropped, each valid, canonical, unique, capped. */
export function parseIpList(raw: string, maxIps: number): string[] {
  const unique = new Set<string>();
  for (const entry of raw.split(',')) {
    const trimmed = entry.trim();
    if (trimmed === '') continue;
    const ip = canonicalIp(trimmed);
    if (ip === null) throw new AppError('bad_request', Messages.apps.invalidIp(trimmed));
    unique.add(ip);
  }
  if (unique.size > maxIps) throw new AppError('bad_request', Messages.ips.maxIpsFor(maxIps));
  return [...unique];
}

export function createAppsService(deps: AppsDeps) {
  const { db, config, clock, blobs } = deps;
  const kysely = db.kysely;
  const fieldsSchema = appFieldsSchemaFor(
    config.brand.localTestHost,
    config.brand.clientCodePattern,
  );
  // A path, not a URL: it loads on whatever host the portal is reached by.
  const logoUrlOf = (key: string) => `${LOGOS_PATH}/${key}`;

  function parseFields(raw: Upload['fields']): AppFields {
    const result = fieldsSchema.safeParse(raw);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue?.path.map(String).join('.') ?? '';
    throw new AppError('bad_request', issue?.message ?? Messages.apps.malformedUpload, {
      ...(field === '' ? {} : { field }),
    });
  }

  /** Every document field names one of `ips` and holds a PDF, PNG or JPEG. */
  async function parseDocuments(upload: Upload, ips: readonly string[]) {
    const documents = new Map<string, Document>();
    for (const [field, bytes] of upload.files) {
      if (!field.startsWith(DOCUMENT_FIELD_PREFIX)) continue;
      const ip = ips.find((candidate) => ipFieldName(candidate) === field);
      if (ip === undefined) throw new AppError('bad_request', Messages.apps.unexpectedFile(field));
      documents.set(ip, { bytes, extension: await documentExtension(bytes) });
    }
    return documents;
  }

  /** Duplicates need the skip flag and a document each (docs/product.md sections 4 and 5). */
  function requireProofs(
    duplicates: readonly string[],
    fields: AppFields,
    documents: ReadonlyMap<string, Document>,
    message: string,
  ) {
    if (duplicates.length === 0) return;
    if (fields.ipAddressDuplicateSkip !== 'true') {
      throw new AppError('ip_used_by_another_developer', message, {
        duplicateIPs: [...duplicates],
      });
    }
    for (const ip of duplicates) {
      if (!documents.has(ip)) {
        throw new AppError(
          'supporting_document_required',
          Messages.ips.supportingDocumentRequired(ip),
        );
      }
    }
  }

  async function storeDocument(store: BlobChange, document: Document): Promise<string> {
    const key = documentName(document.extension);
    await store.put({ kind: 'documents', key }, document.bytes);
    return key;
  }

  /** After the rows stopped naming them: blobs go in the same transaction (or after it, S3). */
  async function removeBlobs(store: BlobChange, obsolete: readonly BlobRef[]) {
    for (const ref of obsolete) await store.remove(ref);
  }

  /** The records of new IPs: a duplicate is family-pending and keeps its proof document. */
  async function newIpRecords(
    store: BlobChange,
    batch: {
      id: string;
      ips: readonly string[];
      duplicates: readonly string[];
      documents: ReadonlyMap<string, Document>;
      now: number;
    },
  ): Promise<repo.IpRow[]> {
    const records: repo.IpRow[] = [];
    for (const ip of batch.ips) {
      const isDuplicate = batch.duplicates.includes(ip);
      const document = isDuplicate ? batch.documents.get(ip) : undefined;
      records.push({
        applicationId: batch.id,
        ip,
        familyPending: isDuplicate ? 1 : 0,
        adminAccept: 0,
        documentKey: document === undefined ? null : await storeDocument(store, document),
        createdAt: batch.now,
      });
    }
    return records;
  }

  function toApplication(row: repo.AppRow, ips: readonly repo.IpRow[]): Application {
    const now = clock.now();
    return {
      applicationId: row.id,
      applicationName: row.name,
      logoUrl: row.logoUrl,
      callbackUrl: row.callbackUrl,
      postbackUrl: row.postbackUrl ?? '',
      allowedUsers: row.allowedUsers,
      isActive: row.isActive === 1,
      secret: row.apiKey,
      description: row.description,
      algoId: row.algoId ?? '',
      renewalDate: new Date(row.renewalAt).toISOString(),
      ipRecordsWithFamilyPending: ips
        .filter((record) => record.applicationId === row.id)
        .map((record) => ({
          ip: record.ip,
          familyPending: record.familyPending === 1,
          adminAccept: record.adminAccept === 1,
          documentUrl:
            record.documentKey === null
              ? null
              : signDocumentLink(deps.linkSigningSecret, record.documentKey, now),
        }))
        .sort((a, b) => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0)),
    };
  }

  const postbackOf = (fields: AppFields) =>
    fields.postbackUrl === undefined || isBlankUrl(fields.postbackUrl)
      ? null
      : fields.postbackUrl.trim();
  const algoOf = (fields: AppFields) => {
    const algo = fields.algo_id?.trim() ?? '';
    return algo === '' ? null : algo;
  };

  return {
    async list(developerId: string): Promise<Application[]> {
      const { apps, ips } = await repo.listAppsWithIpsOf(kysely, developerId);
      return apps.map((row) => toApplication(row, ips));
    },

    async get(developerId: string, id: string): Promise<Application> {
      const found = await repo.findAppWithIpsOf(kysely, developerId, id);
      if (found === undefined) throw notFound();
      return toApplication(found.app, found.ips);
    },

    async create(developerId: string, upload: Upload): Promise<string> {
      const fields = parseFields(upload.fields);
      const ips = parseIpList(fields.ipRecords ?? '', config.apps.maxIpsPerApp);
      const icon = upload.files.get(ICON_FIELD);
      if (icon !== undefined) await checkIcon(icon);
      const documents = await parseDocuments(upload, ips);
      const id = `app_${randomBytes(16).toString('base64url')}`;
      await inBlobTransaction(kysely, blobs, async (trx, store) => {
        await repo.lockIps(trx, db.engine, ips);
        const duplicates = await repo.ipsOfOtherDevelopers(trx, developerId, ips);
        requireProofs(duplicates, fields, documents, Messages.ips.usedByAnotherDeveloper);
        const now = clock.now();
        let logoKey: string | null = null;
        if (icon !== undefined) {
          logoKey = iconName(icon);
          await store.put({ kind: 'logos', key: logoKey }, icon);
        }
        await repo.insertApp(trx, {
          id,
          ownerId: developerId,
          name: fields.name.trim(),
          algoId: algoOf(fields),
          logoUrl: logoKey === null ? config.brand.defaultAppIconUrl : logoUrlOf(logoKey),
          logoKey,
          callbackUrl: fields.callbackUrl.trim(),
          postbackUrl: postbackOf(fields),
          allowedUsers: fields.allowedUsers.trim(),
          description: fields.description ?? '',
          isActive: fields.isActive === 'false' ? 0 : 1,
          apiKey: randomBytes(32).toString('base64url'),
          renewalAt: now + config.apps.renewalDays * DAY_MS,
          ipsChangedAt: null,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertIpRecords(
          trx,
          await newIpRecords(store, { id, ips, duplicates, documents, now }),
        );
      });
      return id;
    },

    /** The update form, or the logo-upload variant (it names the IP list `ip_address`). */
    async update(
      developerId: string,
      id: string,
      upload: Upload,
    ): Promise<{ isLogoUpload: boolean; logoUrl: string }> {
      if ((await repo.findAppOf(kysely, developerId, id)) === undefined) throw notFound();
      const fields = parseFields(upload.fields);
      const isLogoUpload = fields.ipRecords === undefined && fields.ip_address !== undefined;
      const rawIps = isLogoUpload ? fields.ip_address : fields.ipRecords;
      const requested =
        rawIps === undefined ? undefined : parseIpList(rawIps, config.apps.maxIpsPerApp);
      const icon = upload.files.get(ICON_FIELD);
      if (icon !== undefined) await checkIcon(icon);
      const logoUrl = await inBlobTransaction(kysely, blobs, async (trx, store) => {
        const obsolete: BlobRef[] = [];
        const app = await repo.lockAppOf(trx, db.engine, developerId, id);
        if (app === undefined) throw notFound();
        const product = config.brand.productName;
        const algoId = isLogoUpload ? app.algoId : algoOf(fields);
        if (app.algoId === product && algoId !== product) {
          throw new AppError('bad_request', Messages.apps.algoIdLocked(product));
        }
        const current = await repo.ipRecordsOf(trx, [id]);
        const next = requested ?? current.map((record) => record.ip);
        const documents = await parseDocuments(upload, next);
        const currentIps = new Set(current.map((record) => record.ip));
        const nextIps = new Set(next);
        const added = next.filter((ip) => !currentIps.has(ip));
        const removed = current.filter((record) => !nextIps.has(record.ip));
        const now = clock.now();
        const isIpChange = added.length > 0 || removed.length > 0;
        if (isIpChange && app.ipsChangedAt !== null) {
          const nextAllowed = app.ipsChangedAt + config.apps.ipChangeCooldownDays * DAY_MS;
          if (now < nextAllowed) {
            throw new AppError(
              'ip_change_cooldown',
              Messages.ips.updateCooldownFor(config.apps.ipChangeCooldownDays),
              {
                nextIpChangeAt: new Date(nextAllowed).toISOString(),
              },
            );
          }
        }
        await repo.lockIps(trx, db.engine, added);
        const duplicates = await repo.ipsOfOtherDevelopers(trx, developerId, added);
        requireProofs(duplicates, fields, documents, Messages.ips.associatedWithAnotherApplication);

        let logoKey = app.logoKey;
        let logo = app.logoUrl;
        if (icon !== undefined) {
          logoKey = iconName(icon);
          await store.put({ kind: 'logos', key: logoKey }, icon);
          logo = logoUrlOf(logoKey);
        } else if (!isLogoUpload && fields.logoUrl === config.brand.defaultAppIconUrl) {
          logoKey = null;
          logo = config.brand.defaultAppIconUrl;
        }
        if (app.logoKey !== null && app.logoKey !== logoKey) {
          obsolete.push({ kind: 'logos', key: app.logoKey });
        }

        await repo.deleteIpRecords(
          trx,
          id,
          removed.map((record) => record.ip),
        );
        for (const record of removed) {
          if (record.documentKey !== null) {
            obsolete.push({ kind: 'documents', key: record.documentKey });
          }
        }
        await repo.insertIpRecords(
          trx,
          await newIpRecords(store, { id, ips: added, duplicates, documents, now }),
        );
        // A kept IP still waiting for its proof takes a newly sent document.
        for (const record of current) {
          const document = documents.get(record.ip);
          const isAwaitingProof = record.familyPending === 1 && record.adminAccept === 0;
          if (!nextIps.has(record.ip) || document === undefined || !isAwaitingProof) continue;
          const documentKey = await storeDocument(store, document);
          await repo.setIpDocument(trx, id, record.ip, documentKey);
          if (record.documentKey !== null) {
            obsolete.push({ kind: 'documents', key: record.documentKey });
          }
        }

        await repo.updateApp(trx, id, {
          name: fields.name.trim(),
          algoId,
          logoUrl: logo,
          logoKey,
          callbackUrl: fields.callbackUrl.trim(),
          postbackUrl: postbackOf(fields),
          allowedUsers: fields.allowedUsers.trim(),
          description: fields.description ?? app.description,
          isActive:
            fields.isActive === undefined ? app.isActive : fields.isActive === 'true' ? 1 : 0,
          ipsChangedAt: isIpChange ? now : app.ipsChangedAt,
          updatedAt: now,
        });
        await removeBlobs(store, obsolete);
        return logo;
      });
      return { isLogoUpload, logoUrl };
    },

    async remove(developerId: string, id: string): Promise<void> {
      await inBlobTransaction(kysely, blobs, async (trx, store) => {
        const obsolete: BlobRef[] = [];
        await repo.lockDeveloper(trx, db.engine, developerId);
        const app = await repo.lockAppOf(trx, db.engine, developerId, id);
        if (app === undefined) throw notFound();
        if ((await repo.countAppsOf(trx, developerId)) <= 1) {
          throw new AppError('only_application', Messages.app.cannotDeleteOnlyApp);
        }
        for (const record of await repo.ipRecordsOf(trx, [id])) {
          if (record.documentKey !== null) {
            obsolete.push({ kind: 'documents', key: record.documentKey });
          }
        }
        if (app.logoKey !== null) obsolete.push({ kind: 'logos', key: app.logoKey });
        await repo.deleteApp(trx, id);
        await removeBlobs(store, obsolete);
      });
    },
  };
}

export type AppsService = ReturnType<typeof createAppsService>;
