import fp from 'fastify-plugin';
import { pageEditorPages } from './pages.js';

/** The studio's page editor at /config/pages/:itemId/edit; its calls are the content API's. */
export default fp(async (app) => pageEditorPages(app), { name: 'page-editor', dependencies: ['admin'] });
