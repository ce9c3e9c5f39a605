import type { ExpressionBuilder } from 'kysely';
import { kindOf } from '../../media/sniff.js';
import type { Database } from '../../storage/schema.js';
import type { MediaKind } from './limits.js';

/** Content types of documents (the rest of `application/...` is a download file). */
const DOCUMENT_TYPES = ['application/pdf', 'application/msword', 'application/rtf'];
const OFFICE = '%officedocument%';

/** A file's kind from its content type (the type its content was found to be), as the upload checks it. */
export function kindOfType(contentType: string): MediaKind {
  if (contentType === 'image/svg+xml') return 'image';
  return kindOf(contentType);
}

/** The rows of one kind, by content type: the same rule as kindOfType, in SQL. */
export function kindCondition(eb: ExpressionBuilder<Database, 'assets'>, kind: MediaKind) {
  const media = (k: string) => eb('content_type', 'like', `${k}/%`);
  const document = eb.or([eb('content_type', 'in', DOCUMENT_TYPES), eb('content_type', 'like', OFFICE)]);
  switch (kind) {
    case 'image':
    case 'video':
    case 'audio':
      return media(kind);
    case 'document':
      return document;
    case 'file':
      return eb.and([eb.not(media('image')), eb.not(media('video')), eb.not(media('audio')), eb.not(document)]);
  }
}
