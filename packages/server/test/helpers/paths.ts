import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
export const FIXTURE_SITE = path.join(FIXTURES, 'sites', 'shop');
export const FIXTURE_THEMES = path.join(FIXTURES, 'themes');
export const FIXTURE_STOREFRONT = path.join(FIXTURES, 'storefront-dist');
export const FIXTURE_STUDIO = path.join(FIXTURES, 'studio-dist');
