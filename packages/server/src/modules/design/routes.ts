import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { applyChanges, checkChanges, contrastWarnings, notAnOption, resolveStyles, type StylesSchema } from '@tessera/core/styles';
import { AppError } from '../../errors.js';
import { findSiteStyles } from '../../storage/site-styles.js';
import type { WebsiteRow } from '../../storage/content.js';
import { FONT_IDS, fontChoices, listBuiltInThemes, type SiteSnapshot, stylesOf } from '../site/index.js';
import { previewPages } from './preview-pages.js';
import { saveStyles, switchTheme } from './store.js';

const PATH = '/api/owner/design';

/** Changes by dotted path: a value, or null for the theme's default. A panel changes a few hundred paths at most. */
const Changes = Type.Record(Type.String({ minLength: 1, maxLength: 200 }), Type.Unknown(), { maxProperties: 1000 });
const Revision = Type.Integer({ minimum: 0 });

const PreviewBody = Type.Object({ changes: Changes });
const SaveBody = Type.Object({ revision: Revision, changes: Changes });
const ResetBody = Type.Object({ revision: Revision, paths: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1000 })) });
const ThemeBody = Type.Object({ revision: Revision, theme: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * The owner's site styles (docs/owner-api.md "Site styles"): the theme's style settings, the site's
 * saved paths (only those that differ from the theme's defaults, per theme), a preview of unsaved
 * changes, save, reset and the theme switch. Every write compares the revision the studio read.
 */
export async function designRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { store, clock, config: serverConfig } = root.deps;
  const config = { openWhenLocked: true, permission: 'editStyles' } as const;

  const themeOf = (website: WebsiteRow) => root.renderer.themes.forWebsite(website);
  const schemaOf = async (website: WebsiteRow): Promise<StylesSchema> => {
    const schema = (await themeOf(website)).conf.styles;
    if (!schema) throw new AppError('THEME_HAS_NO_STYLES');
    return schema;
  };

  const answer = async (s: SiteSnapshot, website: WebsiteRow = s.website) => {
    const [theme, themes, row, pages] = await Promise.all([
      themeOf(website),
      listBuiltInThemes(serverConfig.themesDir),
      findSiteStyles(store.db, website.id, website.theme_name),
      previewPages(store.db, s),
    ]);
    const schema = theme.conf.styles;
    const common = {
      theme: { name: website.theme_name, label: theme.templateId },
      themes,
      revision: row.revision,
      fonts: fontChoices(),
      previewPages: pages,
    };
    if (!schema) return { ...common, schema: null, saved: {}, values: {}, css: '', warnings: [] };
    const values = resolveStyles(schema, row.saved);
    return {
      ...common,
      schema: { aesthetics: schema.aesthetics, settings: schema.settings },
      saved: applyChanges(schema, row.saved, {}),
      values,
      css: stylesOf(schema, values).css,
      warnings: contrastWarnings(values),
    };
  };

  // The site's pages show the change from this process's next request; other processes within SITE_CACHE_MS.
  const changed = (websiteId: string) => root.renderer.snapshots.changed(websiteId);

  app.get(PATH, { config }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(request.site);
  });

  // Writes nothing: the studio's live preview of unsaved changes, answered in a few milliseconds.
  app.post(`${PATH}/preview`, { config: { ...config, changesPages: false }, schema: { body: PreviewBody } }, async (request, reply) => {
    const website = request.site.website;
    const [schema, row] = await Promise.all([schemaOf(website), findSiteStyles(store.db, website.id, website.theme_name)]);
    const { accepted, errors } = checkChanges(schema, request.body.changes, FONT_IDS);
    const values = resolveStyles(schema, applyChanges(schema, row.saved, accepted));
    reply.header('cache-control', 'no-store');
    return { css: stylesOf(schema, values).css, values, warnings: contrastWarnings(values), errors };
  });

  app.put(PATH, { config, schema: { body: SaveBody } }, async (request, reply) => {
    const website = request.site.website;
    const [schema, row] = await Promise.all([schemaOf(website), findSiteStyles(store.db, website.id, website.theme_name)]);
    const { accepted, errors } = checkChanges(schema, request.body.changes, FONT_IDS);
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', undefined, errors);
    if (row.revision !== request.body.revision) throw new AppError('DESIGN_CONFLICT');
    const next = applyChanges(schema, row.saved, accepted);
    if (!(await saveStyles(store, website.id, website.theme_name, row.revision, next, clock()))) throw new AppError('DESIGN_CONFLICT');
    changed(website.id);
    reply.header('cache-control', 'no-store');
    return answer(request.site);
  });

  app.post(`${PATH}/reset`, { config, schema: { body: ResetBody } }, async (request, reply) => {
    const website = request.site.website;
    const [schema, row] = await Promise.all([schemaOf(website), findSiteStyles(store.db, website.id, website.theme_name)]);
    if (row.revision !== request.body.revision) throw new AppError('DESIGN_CONFLICT');
    const paths = request.body.paths;
    const next = paths ? applyChanges(schema, row.saved, Object.fromEntries(paths.map((p) => [p, null]))) : {};
    if (!(await saveStyles(store, website.id, website.theme_name, row.revision, next, clock()))) throw new AppError('DESIGN_CONFLICT');
    changed(website.id);
    reply.header('cache-control', 'no-store');
    return answer(request.site);
  });

  app.put(`${PATH}/theme`, { config, schema: { body: ThemeBody } }, async (request, reply) => {
    const website = request.site.website;
    const { theme, revision } = request.body;
    const [themes, row] = await Promise.all([listBuiltInThemes(serverConfig.themesDir), findSiteStyles(store.db, website.id, website.theme_name)]);
    if (!themes.some((t) => t.name === theme)) throw new AppError('VALIDATION_FAILED', undefined, { theme: notAnOption(theme) });
    if (row.revision !== revision) throw new AppError('DESIGN_CONFLICT');
    const switched = theme === website.theme_name && !website.theme_id ? true : await switchTheme(store, website.id, website.theme_name, theme, clock());
    if (!switched) throw new AppError('DESIGN_CONFLICT');
    changed(website.id);
    reply.header('cache-control', 'no-store');
    return answer(request.site, { ...website, theme_name: theme, theme_id: null });
  });
}
