import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { genericCodeOf, type ErrorCode } from '../../contract/error-codes.js';
import { AppError, httpStatusOf } from '../errors.js';

export const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again later.';

export interface ErrorBody {
  status: 'error';
  code: ErrorCode;
  message: string;
  [key: string]: unknown;
}

/** The one place where errors become HTTP responses. 5xx bodies stay generic. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      const status = httpStatusOf(error.code);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      // 'unavailable' carries a prepared message (try again); other 5xx texts may hold details.
      const isGeneric = status >= 500 && error.code !== 'unavailable';
      const body: ErrorBody = {
        ...error.details,
        status: 'error',
        code: isGeneric ? 'internal' : error.code,
        message: isGeneric ? GENERIC_SERVER_ERROR : error.message,
      };
      return reply.status(status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const body: ErrorBody = {
        status: 'error',
        code: 'bad_request',
        message: first?.message ?? 'Invalid request',
        ...(field === '' ? {} : { field }),
      };
      return reply.status(400).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const body: ErrorBody = { status: 'error', code: 'internal', message: GENERIC_SERVER_ERROR };
      return reply.status(500).send(body);
    }
    request.log.info({ code: error.code, status }, error.message);
    const body: ErrorBody = {
      status: 'error',
      code: genericCodeOf(status),
      message: error.message,
    };
    return reply.status(status).send(body);
  });
}
