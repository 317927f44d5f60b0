import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  randomInt,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { jwtVerify, SignJWT } from 'jose';
import * as z from 'zod/mini';
import type { FlowIdentity } from '../auth/flow-claims.js';

/** The embedded provider's RSA private key (PKCS#8 PEM), kept in DATA_DIR with mode 0600. */
export const FLOW_KEY_FILE = 'flow-provider-key.pem';

/** Hand-off tokens of the embedded provider live 5 minutes. */
export const FLOW_TOKEN_TTL_SECONDS = 5 * 60;

/** A client sign-in between its two steps: who, where to, and the code the second asks for. */
export interface FlowStep extends FlowIdentity {
  readonly applicationId: string;
  readonly state: string;
  readonly purpose: string;
  readonly code: string;
}

export interface FlowProvider {
  readonly publicKey: KeyObject;
  /** A signed RS256 hand-off token for this identity, issued at `now`. */
  sign(identity: FlowIdentity, now: number): Promise<string>;
  /** A new second step for this sign-in, with a fresh 6-digit code: the step and its token. */
  startStep(
    pending: Omit<FlowStep, 'code'>,
    now: number,
  ): Promise<{ step: FlowStep; token: string }>;
  /** The step a token of `startStep` carries; null when it was altered or is too old. */
  openStep(token: string, now: number): Promise<FlowStep | null>;
}

const STEP_TYPE = 'flow-step+jwt';
// Never the portal's audience: a step token is not a hand-off token.
const STEP_AUDIENCE = 'embedded-flow-second-step';
const StepClaims = z.object({
  applicationId: z.string(),
  state: z.string(),
  purpose: z.string(),
  clientCode: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  code: z.string(),
});

async function loadOrCreatePrivateKey(dataDir: string): Promise<KeyObject> {
  const file = path.join(dataDir, FLOW_KEY_FILE);
  try {
    const key = createPrivateKey(await readFile(file, 'utf8'));
    await chmod(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx': when another process won the race, use its key instead of replacing it.
    await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return createPrivateKey(await readFile(file, 'utf8'));
  }
  return privateKey;
}

/**
 * Embedded mode's stand-in for the provider's login service: an RSA-2048 key pair made on
 * first start, tokens with the audience the portal expects and the portal as issuer.
 */
export async function loadFlowProvider(
  dataDir: string,
  settings: { readonly audience: string; readonly issuer: string },
): Promise<FlowProvider> {
  const privateKey = await loadOrCreatePrivateKey(dataDir);
  const publicKey = createPublicKey(privateKey);
  return {
    publicKey,
    sign(identity, now) {
      const issuedAt = Math.floor(now / 1000);
      return new SignJWT({
        client_code: identity.clientCode,
        name: identity.name,
        email: identity.email,
        email_verified: identity.emailVerified,
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + FLOW_TOKEN_TTL_SECONDS)
        .sign(privateKey);
    },
    async startStep(pending, now) {
      const step: FlowStep = {
        applicationId: pending.applicationId,
        state: pending.state,
        purpose: pending.purpose,
        clientCode: pending.clientCode,
        name: pending.name,
        email: pending.email,
        emailVerified: pending.emailVerified,
        code: String(randomInt(1_000_000)).padStart(6, '0'),
      };
      const issuedAt = Math.floor(now / 1000);
      const token = await new SignJWT({ ...step })
        .setProtectedHeader({ alg: 'RS256', typ: STEP_TYPE })
        .setIssuer(settings.issuer)
        .setAudience(STEP_AUDIENCE)
        .setIssuedAt(issuedAt)
        // A second step waits as long as a hand-off token lives.
        .setExpirationTime(issuedAt + FLOW_TOKEN_TTL_SECONDS)
        .sign(privateKey);
      return { step, token };
    },
    async openStep(token, now) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: ['RS256'],
          typ: STEP_TYPE,
          issuer: settings.issuer,
          audience: STEP_AUDIENCE,
          currentDate: new Date(now),
          clockTolerance: 0,
        });
        const claims = StepClaims.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch {
        return null;
      }
    },
  };
}
