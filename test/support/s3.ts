import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** Configuration variables that point the portal at this server. */
  readonly env: Record<string, string>;
  /** Stops answering (the port closes); `start` brings it back with the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  close(): Promise<void>;
}

const BUCKET = 'portal-test';

/** A real S3-protocol server (s3rver) on a free loopback port, objects in a temp folder. */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
  const serve = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET }],
    });
  let server = serve(0);
  const { port } = await server.run();
  let isRunning = true;
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      await server.close();
      isRunning = false;
    },
    async start() {
      server = serve(port);
      await server.run();
      isRunning = true;
    },
    async close() {
      if (isRunning) await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
