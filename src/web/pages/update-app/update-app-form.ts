import * as z from 'zod/mini';
import { ICON_UPLOAD_NAME, type Application } from '../../../contract/apps.js';
import { Limits } from '../../../contract/limits.js';
import {
  appendAppFields,
  appendDocuments,
  appFormSchema,
  formIps,
  type AppFormFields,
  type AppFormRules,
} from '../../app-area/app-form.js';

/**
 * The update form: the shared app fields plus the status toggle. The stored client id stays
 * valid whatever the client-code pattern says now: the field is read-only here.
 */
export function updateAppFormSchema(rules: AppFormRules, storedClientId: string) {
  return z.extend(appFormSchema(rules, storedClientId), { isActive: z.boolean() });
}

export type UpdateAppForm = z.infer<ReturnType<typeof updateAppFormSchema>>;

/** What the update form edits beside its IP rows: the text fields and the status. */
export type UpdateAppFields = AppFormFields<UpdateAppForm>;

/** The form's fields as the stored app fills them. */
export function fieldsOfApp(app: Application): UpdateAppFields {
  return {
    name: app.applicationName,
    algo_id: app.algoId,
    allowedUsers: app.allowedUsers,
    callbackUrl: app.callbackUrl,
    postbackUrl: app.postbackUrl === '' ? Limits.urlPrefix : app.postbackUrl,
    description: app.description,
    isActive: app.isActive,
  };
}

/** The IP rows as the stored app fills them; an app without IPs shows one empty row. */
export function ipRowsOfApp(app: Application): string[] {
  const ips = app.ipRecordsWithFamilyPending.map((record) => record.ip);
  return ips.length > 0 ? ips : [''];
}

/**
 * docs/product.md section 3, the app update payload. `ipRecords` is sent unless the IPs are
 * locked (then the stored IPs stay, whatever the rows show): an empty value clears the list,
 * while a missing one keeps the stored IPs.
 */
export function updateAppPayload(
  form: UpdateAppForm,
  options: {
    logoUrl: string;
    skipDuplicates: boolean;
    documents: ReadonlyMap<string, File>;
    isIpLocked?: boolean;
  },
): FormData {
  const data = new FormData();
  appendAppFields(data, form);
  data.set('logoUrl', options.logoUrl);
  data.set('isActive', String(form.isActive));
  if (options.isIpLocked !== true) data.set('ipRecords', formIps(form).join(','));
  data.set('ipAddressDuplicateSkip', String(options.skipDuplicates));
  appendDocuments(data, options.documents);
  return data;
}

/**
 * docs/product.md section 3, the logo upload payload: the stored fields, so that a new icon saves
 * nothing else of an edit in progress; the IP list goes as `ip_address`, and the file's own name
 * as `logoName` (ours: the file itself travels as ICON_UPLOAD_NAME).
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
  data.set('logoName', icon.name);
  return data;
}
