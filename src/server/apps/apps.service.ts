import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  appFieldsSchemaFor,
  ICON_FIELD,
  type AppFields,
  type Application,
} from '../../contract/apps.js';
import { LOGOS_PATH } from '../../contract/api-paths.js';
import { AppCreateLimits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import { isBlankUrl } from '../../contract/rules.js';
import type { ActivityOrigin } from '../activity/activity.repository.js';
import { findDeveloperById } from '../auth/auth.repository.js';
import { RetryLaterError, secondsUntil } from '../auth/rate-limits.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { keysInReads, type KeyRing } from '../keys/key-ring.js';
import { keyQueries, type KeyRow } from '../keys/keys.repository.js';
import { countHit } from '../limits/rate-limits.repository.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { ipChangeMail } from '../mail/ip-change-mail.js';
import { MailJob } from '../mail/mail-job.js';
import {
  inBlobTransaction,
  type BlobChange,
  type BlobRef,
  type BlobStore,
} from '../storage/blob-store.js';
import {
  changedFields,
  recordAppEvent,
  recordAppUpdate,
  recordProofsSent,
} from './app-activity.js';
import * as repo from './apps.repository.js';
import { checkIcon, type Upload } from './apps.upload.js';
import { applicationOf } from './application-view.js';
import { parseIpList } from './ip-list.js';
import { updateIpSet } from './ip-set-update.js';
import { replaceLogo } from './logo-replacement.js';
import { newIpRecords, parseDocuments, requireProofs } from './proof-attachment.js';
import { diffIps } from './ip-diff.js';
import type { StepUpCaller, StepUpGuard } from '../step-up/step-up.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AppsDeps {
  readonly db: Db;
  readonly config: Config;
  readonly clock: Clock;
  readonly blobs: BlobStore;
  readonly linkSigningSecret: string;
  readonly jobs: JobQueue;
  readonly keys: KeyRing;
  /** Asked before an update changes the IP list (docs/decisions/068-step-up.md). */
  readonly stepUp: StepUpGuard;
}

interface IpChange {
  readonly appName: string;
  readonly before: readonly string[];
  readonly after: readonly string[];
}

const notFound = () => new AppError('not_found', Messages.apps.notFound);

export function createAppsService(deps: AppsDeps) {
  const { db, config, clock, blobs } = deps;
  const kysely = db.kysely;
  const fieldsSchema = appFieldsSchemaFor(config.brand);
  // A path, not a URL: it loads on whatever host the portal is reached by.
  const logoUrlOf = (key: string) => `${LOGOS_PATH}/${key}`;

  function parseFields(raw: Upload['fields'], storedClientId?: string): AppFields {
    const schema =
      storedClientId === undefined
        ? fieldsSchema
        : appFieldsSchemaFor(config.brand, storedClientId);
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue?.path.map(String).join('.') ?? '';
    throw new AppError('bad_request', issue?.message ?? Messages.apps.malformedUpload, {
      ...(field === '' ? {} : { field }),
    });
  }

  /** The security mail of an allowlist change, queued with it. */
  async function mailIpChange(trx: Transaction<Database>, developerId: string, change: IpChange) {
    const developer = await findDeveloperById(trx, developerId);
    if (developer === undefined) return;
    await deps.jobs.enqueue(
      trx,
      MailJob,
      ipChangeMail({
        to: developer.email,
        name: developer.name,
        productName: config.brand.productName,
        publicUrl: config.publicUrl,
        ...change,
      }),
    );
  }

  /** After the rows stopped naming them: blobs go in the same transaction (or after it, S3). */
  async function removeBlobs(store: BlobChange, obsolete: readonly BlobRef[]) {
    for (const ref of obsolete) await store.remove(ref);
  }

  const toApplication = (row: repo.AppRow, ips: readonly repo.IpRow[], keys: readonly KeyRow[]) => {
    const now = clock.now();
    return applicationOf(
      { row, ips, now },
      {
        linkSigningSecret: deps.linkSigningSecret,
        keys: keysInReads(deps.keys.view(keys, row.id, now), config.apiKeyInReads),
        ipChangeCooldownDays: config.apps.ipChangeCooldownDays,
      },
    );
  };

  const postbackOf = (fields: AppFields) =>
    fields.postbackUrl === undefined || isBlankUrl(fields.postbackUrl)
      ? null
      : fields.postbackUrl.trim();
  const algoOf = (fields: AppFields) => {
    const algo = fields.algo_id?.trim() ?? '';
    return algo === '' ? null : algo;
  };

  /** What an update asks for: the form, or the logo-upload variant with `ip_address`. */
  function parseUpdate(upload: Upload, storedClientId: string) {
    const fields = parseFields(upload.fields, storedClientId);
    const isLogoUpload = fields.ipRecords === undefined && fields.ip_address !== undefined;
    const rawIps = isLogoUpload ? fields.ip_address : fields.ipRecords;
    return {
      fields,
      isLogoUpload,
      ips: rawIps === undefined ? undefined : parseIpList(rawIps, config.apps.maxIpsPerApp),
      icon: upload.files.get(ICON_FIELD),
    };
  }

  /** An Algo ID equal to the product name is locked (docs/product.md section 4). */
  function assertAlgoIdKept(stored: string | null, requested: string | null) {
    const product = config.brand.productName;
    if (stored === product && requested !== product) {
      throw new AppError('bad_request', Messages.apps.algoIdLocked(product));
    }
  }

  /** The columns the update form sets; a field it leaves out keeps its stored value. */
  const formColumns = (fields: AppFields, app: repo.AppRow) => ({
    name: fields.name.trim(),
    callbackUrl: fields.callbackUrl.trim(),
    postbackUrl: postbackOf(fields),
    allowedUsers: fields.allowedUsers.trim(),
    description: fields.description ?? app.description,
    isActive: fields.isActive === undefined ? app.isActive : fields.isActive === 'true' ? 1 : 0,
  });

  return {
    async list(developerId: string): Promise<Application[]> {
      const [{ apps, ips }, keys] = await Promise.all([
        repo.listAppsWithIpsOf(kysely, developerId),
        keyQueries.ofOwner(kysely, developerId),
      ]);
      return apps.map((row) => toApplication(row, ips, keys));
    },

    /** Counts a create before its upload is read; past the window's creates, a 429. */
    async admitCreate(developerId: string): Promise<void> {
      const now = clock.now();
      const { hits, resetsAt } = await countHit(
        kysely,
        `app-create ${developerId}`,
        now,
        AppCreateLimits.createWindowMs,
      );
      if (hits > config.apps.createsPerHour) {
        const seconds = secondsUntil(resetsAt - now);
        throw new RetryLaterError(Messages.apps.tooManyCreates(seconds), seconds);
      }
    },

    async create(developerId: string, upload: Upload, origin: ActivityOrigin): Promise<string> {
      const fields = parseFields(upload.fields);
      const ips = parseIpList(fields.ipRecords ?? '', config.apps.maxIpsPerApp);
      const icon = upload.files.get(ICON_FIELD);
      if (icon !== undefined) await checkIcon(icon);
      const documents = await parseDocuments(upload, ips);
      const id = `app_${randomBytes(16).toString('base64url')}`;
      await inBlobTransaction(kysely, blobs, async (trx, store) => {
        await repo.lockDeveloper(trx, db.engine, developerId);
        const max = config.apps.maxAppsPerDeveloper;
        if ((await repo.countAppsOf(trx, developerId, max)) >= max) {
          throw new AppError('too_many_applications', Messages.apps.tooManyApps(max));
        }
        await repo.lockIps(trx, db.engine, ips);
        const duplicates = await repo.ipsOfOtherDevelopers(trx, developerId, ips);
        requireProofs(duplicates, fields, documents, Messages.ips.usedByAnotherDeveloper);
        const now = clock.now();
        const defaultUrl = config.brand.defaultAppIconUrl;
        const logo = await replaceLogo(
          store,
          { logoKey: null, logoUrl: defaultUrl, logoName: null },
          { icon, name: fields.logoName, isDefaultChosen: false, defaultUrl, urlOf: logoUrlOf },
        );
        const name = fields.name.trim();
        await repo.insertApp(trx, {
          id,
          ownerId: developerId,
          name,
          algoId: algoOf(fields),
          logoUrl: logo.logoUrl,
          logoKey: logo.logoKey,
          logoName: logo.logoName,
          callbackUrl: fields.callbackUrl.trim(),
          postbackUrl: postbackOf(fields),
          allowedUsers: fields.allowedUsers.trim(),
          description: fields.description ?? '',
          isActive: fields.isActive === 'false' ? 0 : 1,
          renewalAt: now + config.apps.renewalDays * DAY_MS,
          ipsChangedAt: null,
          createdAt: now,
          updatedAt: now,
        });
        await deps.keys.issue(trx, id, now);
        await repo.insertIpRecords(
          trx,
          await newIpRecords(store, { id, ips, duplicates, documents, now }),
        );
        const context = { developerId, applicationId: id, applicationName: name, origin, at: now };
        await recordAppEvent(trx, context, 'app.created');
        await recordProofsSent(trx, context, duplicates);
      });
      return id;
    },

    /** The update form, or the logo-upload variant (it names the IP list `ip_address`). */
    async update(
      caller: StepUpCaller,
      id: string,
      upload: Upload,
      origin: ActivityOrigin,
    ): Promise<{ isLogoUpload: boolean; logoUrl: string }> {
      const { developerId } = caller;
      const stored = await repo.findAppOf(kysely, developerId, id);
      if (stored === undefined) throw notFound();
      const request = parseUpdate(upload, stored.allowedUsers);
      if (request.icon !== undefined) await checkIcon(request.icon);
      let ipChange: IpChange | undefined;
      const logoUrl = await inBlobTransaction(kysely, blobs, async (trx, store) => {
        const app = await repo.lockAppOf(trx, db.engine, developerId, id);
        if (app === undefined) throw notFound();
        // Only an operator lifts an operator's pause (docs/product.md section 4).
        if (app.operatorHoldAt !== null && request.fields.isActive === 'true') {
          throw new AppError('application_held', Messages.apps.heldByOperator);
        }
        const algoId = request.isLogoUpload ? app.algoId : algoOf(request.fields);
        assertAlgoIdKept(app.algoId, algoId);
        const current = await repo.ipRecordsOf(trx, [id]);
        const next = request.ips ?? current.map((record) => record.ip);
        const now = clock.now();
        if (diffIps(current, next).isChange) await deps.stepUp.require(caller, now, trx);
        const ips = await updateIpSet(trx, store, {
          engine: db.engine,
          developerId,
          applicationId: id,
          ipsChangedAt: app.ipsChangedAt,
          cooldownDays: config.apps.ipChangeCooldownDays,
          current,
          next,
          documents: await parseDocuments(upload, next),
          fields: request.fields,
          now,
        });
        const logo = await replaceLogo(store, app, {
          icon: request.icon,
          name: request.fields.logoName,
          isDefaultChosen:
            !request.isLogoUpload && request.fields.logoUrl === config.brand.defaultAppIconUrl,
          defaultUrl: config.brand.defaultAppIconUrl,
          urlOf: logoUrlOf,
        });
        const changes = {
          ...formColumns(request.fields, app),
          algoId,
          logoUrl: logo.logoUrl,
          logoKey: logo.logoKey,
          logoName: logo.logoName,
          ipsChangedAt: ips.isChange ? now : app.ipsChangedAt,
          updatedAt: now,
        };
        await repo.updateApp(trx, id, changes);
        const before = current.map((record) => record.ip).sort();
        const after = [...next].sort();
        ipChange = ips.isChange ? { appName: changes.name, before, after } : undefined;
        await recordAppUpdate(
          trx,
          { developerId, applicationId: id, applicationName: changes.name, origin, at: now },
          {
            fields: changedFields(app, changes),
            ...(ipChange === undefined ? {} : { ips: { before, after } }),
            ...(changes.isActive === app.isActive ? {} : { isActive: changes.isActive === 1 }),
            proofsSent: ips.proofsSent,
          },
        );
        if (ipChange !== undefined) await mailIpChange(trx, developerId, ipChange);
        await removeBlobs(store, [
          ...(logo.obsolete === undefined ? [] : [logo.obsolete]),
          ...ips.obsolete,
        ]);
        return logo.logoUrl;
      });
      if (ipChange !== undefined) deps.jobs.nudge();
      return { isLogoUpload: request.isLogoUpload, logoUrl };
    },

    async remove(developerId: string, id: string, origin: ActivityOrigin): Promise<void> {
      await inBlobTransaction(kysely, blobs, async (trx, store) => {
        const obsolete: BlobRef[] = [];
        await repo.lockDeveloper(trx, db.engine, developerId);
        const app = await repo.lockAppOf(trx, db.engine, developerId, id);
        if (app === undefined) throw notFound();
        if ((await repo.countAppsOf(trx, developerId, 2)) <= 1) {
          throw new AppError('only_application', Messages.app.cannotDeleteOnlyApp);
        }
        for (const record of await repo.ipRecordsOf(trx, [id])) {
          if (record.documentKey !== null) {
            obsolete.push({ kind: 'documents', key: record.documentKey });
          }
        }
        if (app.logoKey !== null) obsolete.push({ kind: 'logos', key: app.logoKey });
        await repo.deleteApp(trx, id);
        await recordAppEvent(
          trx,
          { developerId, applicationId: id, applicationName: app.name, origin, at: clock.now() },
          'app.deleted',
        );
        await removeBlobs(store, obsolete);
      });
    },
  };
}

export type AppsService = ReturnType<typeof createAppsService>;
