import * as z from 'zod/mini';
import { appFieldsSchemaFor } from '../../contract/apps.js';
import { IpEntrySchema } from '../../contract/fields.js';
import type { Brand } from '../../contract/brand.js';
import { Messages } from '../../contract/messages.js';
import { ipFieldName, normalizeIpList } from '../../contract/rules.js';
import { validationOf, type Schema } from '../forms/schema-validate.js';
import type { FormValues, Validate } from '../forms/use-form.js';
import { rowValues, type IpRow } from './use-ip-rows.js';

/** The brand settings the app form's rules depend on. */
export type AppFormRules = Pick<
  Brand,
  'localTestHost' | 'postbackLocalTestHost' | 'maxIpsPerApp' | 'clientCodePattern'
>;

/**
 * What the create and update forms share: the payload's text fields, checked by the
 * contract's rules, plus the IP rows (docs/product.md section 5) up to the portal's limit.
 */
export function appFormSchema(rules: AppFormRules, storedClientId?: string) {
  const fields = appFieldsSchemaFor(rules, storedClientId);
  return z.extend(
    z.pick(fields, {
      name: true,
      allowedUsers: true,
      callbackUrl: true,
      postbackUrl: true,
      description: true,
      algo_id: true,
    }),
    { ips: ipRowsSchema(rules.maxIpsPerApp) },
  );
}

/** The IP rows (docs/product.md section 5): each blank or an IP, up to the portal's limit. */
export function ipRowsSchema(maxIpsPerApp: number) {
  return z.array(z.object({ value: IpEntrySchema })).check(
    z.refine((rows) => normalizeIpList(rows.map((row) => row.value)).length <= maxIpsPerApp, {
      error: Messages.ips.maxIpsFor(maxIpsPerApp),
    }),
  );
}

export type IpRowsSchema = ReturnType<typeof ipRowsSchema>;

export type AppForm = z.infer<ReturnType<typeof appFormSchema>>;

/** What an app form edits beside its IP rows, each field as the form holds it. */
export type AppFormFields<F extends AppForm> = {
  readonly [K in Exclude<keyof F, 'ips'>]-?: Exclude<F[K], undefined>;
};

/**
 * An app form's validate: its fields and its IP rows judged together by the form's schema.
 * The rows show their own messages (`useIpRows`); here they make the form valid or not.
 */
export function appFormValidate<V extends FormValues, Out>(
  schema: Schema<Out>,
  rows: readonly IpRow[],
): Validate<V, Out> {
  return (values) => validationOf(schema.safeParse({ ...values, ips: rowValues(rows) }));
}

/** The rows as sent: trimmed, valid, canonical, unique (docs/product.md section 5). */
export function formIps(form: Pick<AppForm, 'ips'>): string[] {
  return normalizeIpList(form.ips.map((row) => row.value));
}

/** The text fields both payloads carry (docs/product.md section 3). */
export function appendAppFields(data: FormData, form: AppForm): void {
  data.set('name', form.name.trim());
  data.set('postbackUrl', form.postbackUrl ?? '');
  data.set('callbackUrl', form.callbackUrl);
  data.set('allowedUsers', form.allowedUsers);
  data.set('description', form.description ?? '');
  const algoId = (form.algo_id ?? '').trim();
  if (algoId !== '') data.set('algo_id', algoId);
}

/** One `document_<ip with dots as underscores>` field per family-proof file. */
export function appendDocuments(data: FormData, documents: ReadonlyMap<string, File>): void {
  for (const [ip, file] of documents) data.set(ipFieldName(ip), file);
}
