import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type * as z from 'zod/mini';
import {
  AppNameSchema,
  ClientIdSchema,
  CodeSchema,
  DescriptionSchema,
  EmailSchema,
  IpEntrySchema,
  LoginPasswordSchema,
  MobileDigitsSchema,
  MobileSchema,
  NameSchema,
  PasswordSchema,
  PostbackUrlSchema,
  RedirectUrlSchema,
  StateSchema,
  postbackUrlSchemaFor,
  redirectUrlSchemaFor,
  type State,
} from './fields.js';
import { IndianStates } from './states.js';

function messagesOf(schema: z.ZodMiniType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

type Case = readonly [unknown, readonly string[]];

function table(name: string, schema: z.ZodMiniType, cases: readonly Case[]) {
  describe(name, () => {
    it.each(cases)('%j -> %j', (value, expected) => {
      expect(messagesOf(schema, value)).toEqual(expected);
    });
  });
}

table('EmailSchema', EmailSchema, [
  ['a.b-c+tag@mail.co.in', []],
  ['', ['Email is required!']],
  ['   ', ['Email is required!']],
  [undefined, ['Email is required!']],
  ['a@b.c', ['Invalid email format!']],
  ['.a@b.com', ['Invalid email format!']],
]);

table('NameSchema', NameSchema, [
  ['Mary-Jane Doe', []],
  ['', ['Name is required!']],
  [' Mary', ['Invalid name format!']],
  ['Mary!', ['Invalid name format!']],
]);

table('PasswordSchema', PasswordSchema, [
  ['Abcdef1!x', []],
  ['', ['User must follow the password policy !!!']],
  ['Abcde1!x', ['User must follow the password policy !!!']],
  ['abcdefg1!', ['User must follow the password policy !!!']],
  [null, ['User must follow the password policy !!!']],
]);

table('LoginPasswordSchema', LoginPasswordSchema, [
  ['short', []],
  ['', ['Password is required!']],
]);

table('MobileDigitsSchema', MobileDigitsSchema, [
  ['9876543210', []],
  ['', ['Mobile number required!']],
  ['98765', ['Please enter a valid 10-digit phone number!']],
  ['98765abcde', ['Please enter a valid 10-digit phone number!']],
]);

table('MobileSchema', MobileSchema, [
  ['+919876543210', []],
  ['9876543210', ['Please enter a valid 10-digit phone number!']],
  ['', ['Mobile number required!']],
]);

table('StateSchema', StateSchema, [
  ['Jammu and Kashmir', []],
  ['', ['Please select state!']],
  ['Delhi', ['Please select state!']],
  [undefined, ['Please select state!']],
]);

table('CodeSchema', CodeSchema, [
  ['123456', []],
  ['', ['Code is required!']],
  ['12345', ['Code must be a 6-digit number!']],
  ['12345a', ['Code must be a 6-digit number!']],
]);

table('DescriptionSchema', DescriptionSchema, [
  ['', []],
  ['x'.repeat(200), []],
  ['x'.repeat(201), ['Description is limited to 200 characters!']],
]);

table('AppNameSchema', AppNameSchema, [
  ['My trading bot', []],
  ['', ['App Name is required !!!']],
  ['  ', ['App Name is required !!!']],
  ['x'.repeat(101), ['App Name is limited to 100 characters!']],
]);

table('ClientIdSchema', ClientIdSchema, [
  ['AB1234', []],
  ['', ['Client id is required !!!']],
]);

table('RedirectUrlSchema', RedirectUrlSchema, [
  ['https://example.com/callback', []],
  ['', ['Redirect url is required!']],
  ['https://', ['Redirect url is required!']],
  ['http://example.com/callback', ['Redirect url must be a valid https:// URL!']],
  ['http://localhost/callback', ['Redirect url must be a valid https:// URL!']],
]);

table('redirectUrlSchemaFor(localhost)', redirectUrlSchemaFor('localhost'), [
  ['http://localhost:5173/callback', []],
  ['http://example.com/callback', ['Redirect url must be a valid https:// URL!']],
]);

table('PostbackUrlSchema', PostbackUrlSchema, [
  ['', []],
  ['https://', []],
  ['https://example.com/postback', []],
  ['http://example.com/postback', ['Postback url must be a valid https:// URL!']],
  ['not a url', ['Postback url must be a valid https:// URL!']],
]);

table('postbackUrlSchemaFor(localhost)', postbackUrlSchemaFor('localhost'), [
  ['http://localhost/postback', []],
  ['http://127.0.0.1/postback', ['Postback url must be a valid https:// URL!']],
]);

table('IpEntrySchema', IpEntrySchema, [
  ['', []],
  [' 10.0.0.1 ', []],
  ['2001:db8:0:0:0:0:0:1', []],
  ['2001:db8::1', ['Invalid IP address!']],
  ['10.0.0.256', ['Invalid IP address!']],
]);

describe('schemas and their types', () => {
  it('accepts every state and infers the state union', () => {
    for (const state of IndianStates) {
      const parsed: State = StateSchema.parse(state);
      expect(parsed).toBe(state);
    }
  });

  it('gives the e-mail schema one message at most, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constant(undefined), fc.integer()), (value) => {
        expect(messagesOf(EmailSchema, value).length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
