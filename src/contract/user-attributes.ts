/**
 * The order is part of the contract (docs/product.md section 3): 1st the developer id, 3rd the name,
 * 5th the mobile, 6th the e-mail. Our client reads by Name.
 *
 * Apart from the response schemas in `auth.ts`, so the web app's first page reads a sign-in
 * answer without the validation library (decision 029).
 */
export const UserAttributeNames = [
  'sub',
  'email_verified',
  'name',
  'custom:state',
  'phone_number',
  'email',
  'custom:client_code',
] as const;
export type UserAttributeName = (typeof UserAttributeNames)[number];

/** Reads a named attribute of a sign-in or token-exchange response. */
export function userAttribute(
  response: {
    readonly profile: { readonly UserAttributes: readonly { Name: string; Value: string }[] };
  },
  name: UserAttributeName,
): string {
  return response.profile.UserAttributes.find((a) => a.Name === name)?.Value ?? '';
}
