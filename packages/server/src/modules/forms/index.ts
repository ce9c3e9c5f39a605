import fp from 'fastify-plugin';
import { captchaRoutes } from '../../captcha/index.js';
import { formOwnerPages } from './owner-pages.js';
import { formOwnerRoutes } from './owner-routes.js';
import { formsPlugin, type FormsOptions } from './plugin.js';

export { checkValues, type AnswerRules } from './answers.js';
export { siteForm } from './definition.js';
export type { FormsOptions } from './plugin.js';

/** Site forms and their submissions (for visitors, and the owner's lists, export and settings), and the captcha's challenge route that forms, restock and accounts use. */
export default fp<Partial<FormsOptions>>(
  async (app, setup) => {
    const { store, clock, config } = app.deps;
    await app.register(captchaRoutes, { sites: app.renderer });
    await app.register(formsPlugin, { ...setup, store, sites: app.renderer, mailingList: app.mailingList, clock, mailFrom: config.mailFrom });
    await app.register(formOwnerRoutes);
    formOwnerPages(app);
  },
  { name: 'forms', dependencies: ['site', 'admin', 'newsletter'] },
);
