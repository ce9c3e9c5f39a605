// Measures what each collector entry costs a page: the entry built alone with Vite, as the
// storefront build minifies it, everything it imports included, gzipped.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Rollup, build } from 'vite';

export const COLLECTOR_ENTRIES = ['analytics', 'visitor-events', 'page-speed'] as const;
export type CollectorEntry = (typeof COLLECTOR_ENTRIES)[number];

const storefront = fileURLToPath(new URL('../..', import.meta.url));

export interface EntrySize {
  readonly entry: CollectorEntry;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export async function measureEntry(entry: CollectorEntry): Promise<EntrySize> {
  const result = (await build({
    configFile: false,
    root: storefront,
    logLevel: 'silent',
    resolve: { conditions: ['tessera-source', 'module', 'browser', 'production'] },
    build: {
      write: false,
      target: 'es2020',
      minify: true,
      rollupOptions: {
        input: { [entry]: `${storefront}src/collectors/${entry}.ts` },
        // the bootstrap imports the entry and calls its exports, so they must survive
        preserveEntrySignatures: 'exports-only',
      },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const code = (Array.isArray(result) ? result : [result])
    .flatMap((output) => output.output)
    .filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n');
  return { entry, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
}
