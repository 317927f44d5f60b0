import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { mayUse, OpsLimits, type Operator, type OpsArea } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import {
  deleteOperatorSession,
  findLiveSession,
  insertOperatorSession,
  touchOperatorSession,
} from './operators.repository.js';
import { hashOpsToken, newOpsToken } from './ops-token.js';

/**
 * Operators' sessions: a random token in an HttpOnly, SameSite=Strict cookie of
 * their own (`__Host-` and Secure over https), the database keeping only its SHA-256. A
 * session ends 30 minutes after its last request and 12 hours after the sign-in at most.
 */
export const OpsCookies = { https: '__Host-portal_ops', http: 'portal_ops' } as const;

/** A last use is written at most this often: the idle limit does not need every request. */
const TOUCH_EVERY_MS = 60_000;

const isHttps = (request: FastifyRequest) => request.protocol === 'https';
const cookieName = (request: FastifyRequest) =>
  isHttps(request) ? OpsCookies.https : OpsCookies.http;

const signedIn = new WeakMap<FastifyRequest, Operator>();

/** The operator the guard proved for this request. */
export function currentOperator(request: FastifyRequest): Operator {
  const operator = signedIn.get(request);
  if (operator === undefined) throw new AppError('unauthorized', OpsMessages.session.unauthorized);
  return operator;
}

export interface OperatorSessions {
  /** Starts a session for the operator and sets its cookie on the reply. */
  start(request: FastifyRequest, reply: FastifyReply, operatorId: string): Promise<void>;
  /** Ends the request's session (if any) and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** preHandler of a console route: a live session whose role may use `area`, else 401/403. */
  require(area: OpsArea | 'any'): preHandlerAsyncHookHandler;
}

export function createOperatorSessions(db: Db, clock: Clock): OperatorSessions {
  const kysely = db.kysely;
  const clearCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply.clearCookie(cookieName(request), { path: '/' });

  async function live(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[cookieName(request)];
    const unauthorized = () => new AppError('unauthorized', OpsMessages.session.unauthorized);
    if (token === undefined || token === '') throw unauthorized();
    const tokenHash = hashOpsToken(token);
    const session = await findLiveSession(kysely, tokenHash);
    const now = clock.now();
    if (
      session === undefined ||
      now - session.lastUsedAt >= OpsLimits.sessionIdleMs ||
      now - session.createdAt >= OpsLimits.sessionMaxMs
    ) {
      if (session !== undefined) await deleteOperatorSession(kysely, tokenHash);
      clearCookie(request, reply);
      throw unauthorized();
    }
    if (now - session.lastUsedAt >= TOUCH_EVERY_MS) {
      await touchOperatorSession(kysely, tokenHash, now);
    }
    return { id: session.id, email: session.email, role: session.role };
  }

  return {
    async start(request, reply, operatorId) {
      const token = newOpsToken();
      await insertOperatorSession(kysely, {
        tokenHash: hashOpsToken(token),
        operatorId,
        ip: request.ip,
        now: clock.now(),
      });
      reply.setCookie(cookieName(request), token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: isHttps(request),
        maxAge: OpsLimits.sessionMaxMs / 1000,
      });
    },
    async end(request, reply) {
      const token = request.cookies[cookieName(request)];
      if (token !== undefined && token !== '') {
        await deleteOperatorSession(kysely, hashOpsToken(token));
      }
      clearCookie(request, reply);
    },
    require(area) {
      return async (request, reply) => {
        const operator = await live(request, reply);
        if (area !== 'any' && !mayUse(operator.role, area)) {
          throw new AppError('forbidden', OpsMessages.session.forbidden);
        }
        signedIn.set(request, operator);
      };
    },
  };
}
