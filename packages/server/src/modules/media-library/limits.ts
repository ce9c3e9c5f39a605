import { megabytesToBytes } from '@tessera/core';

/** The kinds a file is checked against: each has its own size limit. */
export const MEDIA_KINDS = ['image', 'video', 'audio', 'document', 'file'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** What an app's builder (a deployment, a test) may change about uploads. */
export interface MediaLibraryOptions {
  /** Size limits per kind, in megabytes of 1,000,000 bytes (the spec's rule for limits). */
  readonly kindLimitsMb?: Partial<Record<MediaKind, number>>;
  /** What one site may store in all, in megabytes of 1,000,000 bytes. */
  readonly siteLimitMb?: number;
  /** The chunk size of resumable uploads, in bytes (tests make it small). */
  readonly uploadChunkBytes?: number;
  /** How long an oEmbed provider has to answer (8 seconds unless a test says otherwise). */
  readonly oembedTimeoutMs?: number;
}

/**
 * Photographs from phones and cameras stay under 20 MB; a few minutes of 1080p video under 500 MB;
 * an album track under 100 MB; a catalogue PDF under 50 MB; a sold download (an archive) under 300 MB.
 */
const KIND_LIMITS_MB: Record<MediaKind, number> = { image: 20, video: 500, audio: 100, document: 50, file: 300 };
/** 10 GB per site unless the deployment says otherwise. */
const SITE_LIMIT_MB = 10_000;

export interface UploadLimits {
  readonly kindMb: Readonly<Record<MediaKind, number>>;
  readonly siteMb: number;
}

export function uploadLimits(options: MediaLibraryOptions): UploadLimits {
  return { kindMb: { ...KIND_LIMITS_MB, ...options.kindLimitsMb }, siteMb: options.siteLimitMb ?? SITE_LIMIT_MB };
}

/** A limit as the editor's messages show it: "20 MB", counted in megabytes of 1,000,000 bytes. */
export function limitText(mb: number): string {
  return `${mb} MB`;
}

export function limitBytes(mb: number): number {
  return megabytesToBytes(mb);
}
