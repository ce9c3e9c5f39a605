import fp from 'fastify-plugin';
import { designPage } from './page-route.js';

/** The site's styles: the studio's design page (its API joins this module). */
export default fp(async (app) => designPage(app), { name: 'design', dependencies: ['admin'] });
