import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { StyleFont } from '@tessera/core/styles';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A family of the catalogue and the npm package its files come from (none for a system stack). */
interface CatalogueEntry {
  readonly id: string;
  readonly family: string;
  readonly category: StyleFont['category'];
  readonly weights: readonly number[];
  readonly fallback: string;
  readonly system?: true;
}

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const SERIF = '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "DejaVu Serif", serif';
const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace';

/**
 * The fonts an owner may choose: two system stacks (no file: what the default theme has always used)
 * and families of `@fontsource/*` packages, each with the latin-subset weights offered. Their files
 * are served from the site's own origin: no page ever asks a third party for a font.
 */
const CATALOGUE: readonly CatalogueEntry[] = [
  { id: 'system-sans', family: 'System sans-serif', category: 'system', weights: [400, 500, 600, 700], fallback: SANS, system: true },
  { id: 'system-serif', family: 'System serif', category: 'system', weights: [400, 600, 700], fallback: SERIF, system: true },
  { id: 'inter', family: 'Inter', category: 'sans-serif', weights: [400, 500, 600, 700], fallback: SANS },
  { id: 'dm-sans', family: 'DM Sans', category: 'sans-serif', weights: [400, 500, 700], fallback: SANS },
  { id: 'work-sans', family: 'Work Sans', category: 'sans-serif', weights: [400, 600], fallback: SANS },
  { id: 'fraunces', family: 'Fraunces', category: 'serif', weights: [400, 600, 700], fallback: SERIF },
  { id: 'lora', family: 'Lora', category: 'serif', weights: [400, 600], fallback: SERIF },
  { id: 'source-serif-4', family: 'Source Serif 4', category: 'serif', weights: [400, 600], fallback: SERIF },
  { id: 'playfair-display', family: 'Playfair Display', category: 'display', weights: [400, 700], fallback: SERIF },
  { id: 'space-grotesk', family: 'Space Grotesk', category: 'display', weights: [400, 700], fallback: SANS },
  { id: 'jetbrains-mono', family: 'JetBrains Mono', category: 'monospace', weights: [400, 700], fallback: MONO },
  { id: 'ibm-plex-mono', family: 'IBM Plex Mono', category: 'monospace', weights: [400, 600], fallback: MONO },
];

const fileName = (id: string, weight: number) => `${id}-latin-${weight}-normal.woff2`;

/** The catalogue as the styles read it: family stacks and the file of each weight. */
export const FONTS: readonly StyleFont[] = CATALOGUE.map((f) => ({
  id: f.id,
  family: f.family,
  category: f.category,
  weights: f.weights,
  stack: f.system ? f.fallback : `"${f.family}", ${f.fallback}`,
  files: f.system ? {} : Object.fromEntries(f.weights.map((w) => [w, fileName(f.id, w)])),
}));

export const FONT_IDS: readonly string[] = FONTS.map((f) => f.id);

/** The catalogue as the owner's API lists it (contract categories; the system stacks count as their kind). */
export function fontChoices(): { id: string; family: string; category: string; weights: number[] }[] {
  return FONTS.map((f) => ({
    id: f.id,
    family: f.family,
    category: f.category === 'system' ? (f.id === 'system-serif' ? 'serif' : 'sans-serif') : f.category,
    weights: [...f.weights],
  }));
}

const requireHere = createRequire(import.meta.url);
const folders = new Map<string, string | null>();

/** The folder of a family's woff2 files in its npm package, or null when it is not installed. */
function filesFolder(id: string): string | null {
  if (!folders.has(id)) {
    try {
      folders.set(id, path.join(path.dirname(requireHere.resolve(`@fontsource/${id}/package.json`)), 'files'));
    } catch {
      folders.set(id, null);
    }
  }
  return folders.get(id) ?? null;
}

/** GET /static/fonts/<fontId>/<file>.woff2: a catalogue font's file, cached for a year (its name never changes content). */
export function registerFontRoutes(app: FastifyInstance): void {
  const offered = new Map(FONTS.map((f) => [f.id, new Set(Object.values(f.files))]));
  app.get('/static/fonts/:fontId/:file', async (request, reply) => {
    const { fontId, file } = request.params as { fontId: string; file: string };
    const folder = offered.get(fontId)?.has(file) ? filesFolder(fontId) : null;
    if (!folder) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    reply.header('cache-control', IMMUTABLE);
    return reply.type('font/woff2').send(fs.createReadStream(path.join(folder, file)));
  });
}
