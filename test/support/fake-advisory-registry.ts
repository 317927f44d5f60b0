import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

// A stand-in for the npm registry as `npm audit` uses it, on 127.0.0.1: the bulk advisory
// endpoint (POST /-/npm/v1/security/advisories/bulk, a gzipped {name: [versions]} body
// answered with {name: [advisory]}) and the packuments npm reads to work out the ranges.

const BULK_PATH = '/-/npm/v1/security/advisories/bulk';

/** One advisory as the registry's bulk endpoint sends it. */
export interface BulkAdvisory {
  readonly id: number;
  readonly url: string;
  readonly title: string;
  readonly severity: 'info' | 'low' | 'moderate' | 'high' | 'critical';
  readonly vulnerable_versions: string;
  readonly cwe: readonly string[];
  readonly cvss: { readonly score: number; readonly vectorString: string | null };
}

export type RegistryAnswer =
  | { readonly advisories: Readonly<Record<string, readonly BulkAdvisory[]>> }
  | { readonly status: number }
  /** Takes the request and never answers. */
  | { readonly hangs: true };

export interface FakeAdvisoryRegistry {
  /** With the trailing slash npm's `--registry` takes. */
  readonly url: string;
  close(): Promise<void>;
}

async function bodyOf(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return incoming.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

function sendJson(response: ServerResponse, body: unknown): void {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}

/** Like the real endpoint, it answers only for the packages npm asked about. */
function answerBulk(
  asked: Record<string, string[]>,
  known: Readonly<Record<string, readonly BulkAdvisory[]>>,
): unknown {
  return Object.fromEntries(
    Object.keys(asked).flatMap((name) => {
      const advisories = known[name];
      return advisories === undefined ? [] : [[name, advisories]];
    }),
  );
}

/** Each version of a package on this registry, with the dependencies it declares. */
export type RegistryPackages = Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>
>;

function packument(name: string, versions: RegistryPackages[string]): unknown {
  return {
    name,
    'dist-tags': { latest: Object.keys(versions).at(-1) },
    versions: Object.fromEntries(
      Object.entries(versions).map(([version, dependencies]) => [
        version,
        { name, version, dependencies },
      ]),
    ),
  };
}

/**
 * `packages` are what the registry's packuments say (npm reads them to find who is affected);
 * `answer` is what the bulk endpoint says: advisories, or a bare status such as 405.
 */
export async function startFakeAdvisoryRegistry(
  packages: RegistryPackages,
  answer: RegistryAnswer,
): Promise<FakeAdvisoryRegistry> {
  const server = createServer((incoming, response) => {
    void bodyOf(incoming).then((body) => {
      const path = decodeURIComponent(incoming.url ?? '/');
      if (incoming.method === 'POST' && path === BULK_PATH) {
        if ('hangs' in answer) return;
        if ('status' in answer) {
          response.statusCode = answer.status;
          response.end();
          return;
        }
        const asked = JSON.parse(body.toString()) as Record<string, string[]>;
        sendJson(response, answerBulk(asked, answer.advisories));
        return;
      }
      const versions = packages[path.slice(1)];
      if (incoming.method === 'GET' && versions !== undefined) {
        sendJson(response, packument(path.slice(1), versions));
        return;
      }
      response.statusCode = 404;
      sendJson(response, { error: 'Not found' });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
