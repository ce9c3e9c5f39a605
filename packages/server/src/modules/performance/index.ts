import fp from 'fastify-plugin';
import { performancePlugin } from './plugin.js';
import { pageSpeedEnabled } from './settings.js';

/** Page-speed records from the collectors, and the switch that pages carry for them. */
export default fp(
  async (app) => {
    app.renderer.addBrowserContextHook((s, context) => {
      context.pageSpeedEnabled = pageSpeedEnabled(s);
    });
    await app.register(performancePlugin);
  },
  { name: 'performance', dependencies: ['site', 'analytics'] },
);
