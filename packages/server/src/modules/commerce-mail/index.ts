import fp from 'fastify-plugin';
import { commerceMailHook } from './order-mail.js';
import { commerceMailPlugin } from './plugin.js';

export { siteTime } from './templates.js';

/** The gift card, download and subscription mails of a paid order, and the owner's previews of the commerce mails. */
export default fp(
  async (app) => {
    const { store, clock, mail, config } = app.deps;
    await app.register(commerceMailPlugin, { store, renderer: app.renderer, clock, mailFrom: config.mailFrom });
    app.commerce.orderPaidHooks.push(commerceMailHook({ mail, mailFrom: config.mailFrom, signer: app.commerce.signer }));
  },
  { name: 'commerce-mail', dependencies: ['commerce', 'reviews'] },
);
