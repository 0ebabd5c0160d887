/**
 * For the tests that run on the S3 driver: a real S3-protocol server (s3rver) on a free
 * port, its objects in a temporary folder, for the whole run. Each test app makes a
 * bucket of its own on it (testing/test-storage.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'encore-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  project.provide('s3Endpoint', `http://127.0.0.1:${port}`);
  return async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  };
}
