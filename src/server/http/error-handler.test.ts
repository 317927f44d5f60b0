import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Messages } from '../../contract/messages.js';
import { AppError } from '../errors.js';
import { GENERIC_SERVER_ERROR, registerErrorHandler } from './error-handler.js';

async function appWith(routes: (app: ReturnType<typeof base>) => void) {
  const app = base();
  routes(app);
  await app.ready();
  return app;
}

function base() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  return app;
}

describe('the error handler', () => {
  it('maps an AppError code to its status, sends the code and keeps its details', async () => {
    const app = await appWith((a) =>
      a.get('/x', () => {
        throw new AppError(
          'ip_used_by_another_developer',
          'Some IPs are already used by another developer',
          {
            duplicateIPs: ['203.0.113.7'],
          },
        );
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      code: 'ip_used_by_another_developer',
      message: 'Some IPs are already used by another developer',
      duplicateIPs: ['203.0.113.7'],
    });
  });

  it('answers a schema failure with 400, the schema message and the field', async () => {
    const app = await appWith((a) =>
      a.post(
        '/x',
        {
          schema: {
            body: z.object({ email: z.string().check(z.minLength(1, 'Email is required!')) }),
          },
        },
        () => ({ ok: true }),
      ),
    );
    const res = await app.inject({ method: 'POST', url: '/x', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      code: 'bad_request',
      message: 'Email is required!',
      field: 'email',
    });
  });

  it('answers malformed JSON with 400', async () => {
    const app = await appWith((a) => a.post('/x', () => ({ ok: true })));
    const res = await app.inject({
      method: 'POST',
      url: '/x',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', code: 'bad_request' });
  });

  it('hides the details of an unexpected failure behind a generic 500', async () => {
    const app = await appWith((a) =>
      a.get('/x', () => {
        throw new Error('connection string postgres://user:secret@db failed');
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 'error',
      code: 'internal',
      message: GENERIC_SERVER_ERROR,
    });
    expect(res.body).not.toContain('secret');
  });

  it('keeps an internal AppError message out of the body too', async () => {
    const app = await appWith((a) =>
      a.get('/x', () => {
        throw new AppError('internal', 'disk /var/data full');
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 'error',
      code: 'internal',
      message: GENERIC_SERVER_ERROR,
    });
  });

  it('gives a framework error without a code of ours the generic code of its status', async () => {
    const app = await appWith((a) =>
      a.get('/x', () => {
        throw Object.assign(new Error('Not allowed here'), { statusCode: 405 });
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toEqual({
      status: 'error',
      code: 'method_not_allowed',
      message: 'Not allowed here',
    });
  });

  it('answers unavailable with 503 and its prepared try-again message', async () => {
    const app = await appWith((a) =>
      a.get('/x', () => {
        throw new AppError('unavailable', Messages.apps.storageUnavailable);
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'error',
      code: 'unavailable',
      message: Messages.apps.storageUnavailable,
    });
  });
});
