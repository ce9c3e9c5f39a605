import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run where the end-to-end suites keep the data folders of imported sites (harness.ts). */
    e2eSeeds: string;
  }
}

/**
 * Importing the demo site (its pictures resized by sharp) is most of a server's start. The suites
 * import each distinct site once per run, keep the data folder here and start every server on a copy,
 * so that a suite starts in about two seconds instead of seven. The folder goes with the run.
 */
export default async function setup(project: TestProject) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tessera-e2e-seeds-'));
  project.provide('e2eSeeds', root);
  return async () => {
    await fs.rm(root, { recursive: true, force: true });
  };
}
