import * as z from 'zod/mini';
import { appFieldsSchemaFor } from '../../../contract/apps.js';
import { IpEntrySchema } from '../../../contract/fields.js';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { normalizeIpList } from '../../../contract/rules.js';

/** The create form: the payload's text fields plus the IP rows of the form. */
export function createAppFormSchema(localTestHost: string) {
  const fields = appFieldsSchemaFor(localTestHost);
  return z.extend(
    z.pick(fields, {
      name: true,
      allowedUsers: true,
      callbackUrl: true,
      postbackUrl: true,
      description: true,
      algo_id: true,
    }),
    {
      ips: z.array(z.object({ value: IpEntrySchema })).check(
        z.refine(
          (rows) => normalizeIpList(rows.map((row) => row.value)).length <= Limits.maxIpsPerApp,
          {
            error: Messages.ips.maxIps,
          },
        ),
      ),
      isFamily: z.boolean(),
    },
  );
}

export type CreateAppForm = z.infer<ReturnType<typeof createAppFormSchema>>;

/** Spec section 3, the app create payload. */
export function createAppPayload(
  form: CreateAppForm,
  options: {
    icon: File | null;
    defaultIconUrl: string;
    skipDuplicates: boolean;
    documents: ReadonlyMap<string, File>;
    documentField: (ip: string) => string;
  },
): FormData {
  const data = new FormData();
  data.set('name', form.name.trim());
  data.set('postbackUrl', form.postbackUrl ?? '');
  data.set('callbackUrl', form.callbackUrl);
  data.set('allowedUsers', form.allowedUsers);
  data.set('description', form.description ?? '');
  const ips = normalizeIpList(form.ips.map((row) => row.value));
  if (ips.length > 0) data.set('ipRecords', ips.join(','));
  if (options.icon === null) data.set('logoUrl', options.defaultIconUrl);
  else data.set('file', options.icon, 'defaultimage.png');
  data.set('ipAddressDuplicateSkip', String(options.skipDuplicates));
  const algoId = (form.algo_id ?? '').trim();
  if (algoId !== '') data.set('algo_id', algoId);
  for (const [ip, file] of options.documents) data.set(options.documentField(ip), file);
  return data;
}
