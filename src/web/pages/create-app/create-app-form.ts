import * as z from 'zod/mini';
import { ICON_UPLOAD_NAME } from '../../../contract/apps.js';
import { Messages } from '../../../contract/messages.js';
import {
  appendAppFields,
  appendDocuments,
  appFormSchema,
  formIps,
  type AppFormFields,
  type AppFormRules,
} from '../../app-area/app-form.js';

/**
 * The create form: the shared app fields plus the family-members checkbox, which confirms
 * that the IPs are the developer's own or family's: needed once an IP
 * is listed. It is a confirmation on screen only; the spec's payload has no field for it.
 */
export function createAppFormSchema(rules: AppFormRules) {
  return z.extend(appFormSchema(rules), { isFamily: z.boolean() }).check(
    z.refine((form) => form.isFamily || formIps(form).length === 0, {
      path: ['isFamily'],
      error: Messages.ips.confirmOwnOrFamily,
    }),
  );
}

export type CreateAppForm = z.infer<ReturnType<typeof createAppFormSchema>>;

/** What the create form edits beside its IP rows: the text fields and the confirmation. */
export type CreateAppFields = AppFormFields<CreateAppForm>;

/** docs/product.md section 3, the app create payload. */
export function createAppPayload(
  form: CreateAppForm,
  options: {
    icon: File | null;
    defaultIconUrl: string;
    skipDuplicates: boolean;
    documents: ReadonlyMap<string, File>;
  },
): FormData {
  const data = new FormData();
  appendAppFields(data, form);
  const ips = formIps(form);
  if (ips.length > 0) data.set('ipRecords', ips.join(','));
  if (options.icon === null) data.set('logoUrl', options.defaultIconUrl);
  else {
    data.set('file', options.icon, ICON_UPLOAD_NAME);
    data.set('logoName', options.icon.name);
  }
  data.set('ipAddressDuplicateSkip', String(options.skipDuplicates));
  appendDocuments(data, options.documents);
  return data;
}
