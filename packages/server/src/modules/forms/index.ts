import fp from 'fastify-plugin';
import { captchaRoutes } from '../../captcha/index.js';
import { formBuilderRoutes } from './builder-routes.js';
import { formOwnerPages } from './owner-pages.js';
import { formOwnerRoutes } from './owner-routes.js';
import { formsPlugin, type FormsOptions } from './plugin.js';

export { checkValues, type AnswerRules } from './answers.js';
export { siteForm } from './definition.js';
export type { FormsOptions } from './plugin.js';

/** Site forms and their submissions, and the captcha's challenge route that forms, restock and accounts use. */
export default fp<Partial<FormsOptions>>(
  async (app, setup) => {
    const { store, clock, config } = app.deps;
    await app.register(captchaRoutes, { sites: app.renderer });
    await app.register(formsPlugin, { ...setup, store, sites: app.renderer, mailingList: app.mailingList, clock, mailFrom: config.mailFrom });
  },
  { name: 'forms', dependencies: ['site', 'newsletter'] },
);

/**
 * The owner's side of forms: the forms with their counts, each form's submissions and settings
 * (docs/owner-api.md "Form submissions"), the form builder ("Form builder"), and the studio's form pages. A module entry of its own, listed
 * after the shop's pages, because the sign-in sends an account to the first owner page its role opens
 * in the order pages are registered: a store manager still lands on the orders.
 */
export const formOwner = fp(
  async (app) => {
    await app.register(formOwnerRoutes);
    await app.register(formBuilderRoutes);
    formOwnerPages(app);
  },
  { name: 'form-owner', dependencies: ['site', 'admin', 'forms'] },
);
