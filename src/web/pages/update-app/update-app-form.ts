import * as z from 'zod/mini';
import { ICON_UPLOAD_NAME, type Application, type IpRecord } from '../../../contract/apps.js';
import { Limits } from '../../../contract/limits.js';
import { canonicalIp } from '../../../contract/rules.js';
import {
  appendAppFields,
  appendDocuments,
  appFormSchema,
  formIps,
  type AppForm,
  type AppFormRules,
} from '../../app-area/app-form.js';

/** The update form: the shared app fields plus the status toggle. */
export function updateAppFormSchema(rules: AppFormRules) {
  return z.extend(appFormSchema(rules), { isActive: z.boolean() });
}

export type UpdateAppForm = z.infer<ReturnType<typeof updateAppFormSchema>>;

/** The form as the stored app fills it; an app without IPs shows one empty row. */
export function formOfApp(app: Application): UpdateAppForm {
  const ips = app.ipRecordsWithFamilyPending.map((record) => ({ value: record.ip }));
  return {
    name: app.applicationName,
    algo_id: app.algoId,
    allowedUsers: app.allowedUsers,
    callbackUrl: app.callbackUrl,
    postbackUrl: app.postbackUrl === '' ? Limits.urlPrefix : app.postbackUrl,
    description: app.description,
    ips: ips.length > 0 ? ips : [{ value: '' }],
    isActive: app.isActive,
  };
}

/**
 * docs/product.md section 3, the app update payload. `ipRecords` is always sent: an empty value
 * clears the list, while a missing one would keep the stored IPs.
 */
export function updateAppPayload(
  form: UpdateAppForm,
  options: {
    logoUrl: string;
    skipDuplicates: boolean;
    documents: ReadonlyMap<string, File>;
  },
): FormData {
  const data = new FormData();
  appendAppFields(data, form);
  data.set('logoUrl', options.logoUrl);
  data.set('isActive', String(form.isActive));
  data.set('ipRecords', formIps(form).join(','));
  data.set('ipAddressDuplicateSkip', String(options.skipDuplicates));
  appendDocuments(data, options.documents);
  return data;
}

/**
 * docs/product.md section 3, the logo upload payload: the stored fields, so that a new icon saves
 * nothing else of an edit in progress; the IP list goes as `ip_address`.
 */
export function logoUploadPayload(app: Application, icon: File): FormData {
  const data = new FormData();
  data.set('name', app.applicationName);
  data.set('postbackUrl', app.postbackUrl);
  data.set('callbackUrl', app.callbackUrl);
  data.set('allowedUsers', app.allowedUsers);
  data.set('isActive', String(app.isActive));
  data.set('description', app.description);
  data.set('ip_address', app.ipRecordsWithFamilyPending.map((record) => record.ip).join(','));
  data.set('file', icon, ICON_UPLOAD_NAME);
  return data;
}

/** The family-proof states of one IP (docs/product.md section 4). */
export type ProofState = 'notNeeded' | 'uploadRequired' | 'pending' | 'accepted';

/**
 * The proof state of the IP typed in a row: from its stored record, or, for an IP the
 * server named a duplicate, from whether a document has been chosen.
 */
export function proofStateOf(
  entry: string,
  records: readonly IpRecord[],
  duplicates: readonly string[],
  chosen: ReadonlyMap<string, File>,
): ProofState {
  const ip = canonicalIp(entry.trim());
  if (ip === null) return 'notNeeded';
  const record = records.find((candidate) => candidate.ip === ip);
  if (record?.adminAccept === true) return 'accepted';
  const needsProof = record === undefined ? duplicates.includes(ip) : record.familyPending;
  if (!needsProof) return 'notNeeded';
  const hasDocument = record !== undefined && record.documentUrl !== null;
  return hasDocument || chosen.has(ip) ? 'pending' : 'uploadRequired';
}

/** The chosen documents still matching a row, so no field names an IP that is not sent. */
export function documentsToSend(
  form: Pick<AppForm, 'ips'>,
  chosen: ReadonlyMap<string, File>,
): Map<string, File> {
  const ips = new Set(formIps(form));
  return new Map([...chosen].filter(([ip]) => ips.has(ip)));
}
