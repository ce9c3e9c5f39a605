import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { type SiteSnapshot, type SiteSnapshots, normalizeHost } from '../site/snapshot.js';

/** The site a request of the owner's area is for, found by its host; NOT_FOUND for a host no site lists. */
export async function siteOf(snapshots: SiteSnapshots, request: FastifyRequest): Promise<SiteSnapshot> {
  const snapshot = await snapshots.forHost(normalizeHost(request.host));
  if (!snapshot) throw new AppError('NOT_FOUND');
  return snapshot;
}
