import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { schemaInput } from '../../http/schema-input.js';

export const ItemParams = Type.Object({ itemId: Type.String({ minLength: 1, maxLength: 64 }) });
export const RevisionParams = Type.Object({ itemId: Type.String({ minLength: 1, maxLength: 64 }), revision: Type.Integer({ minimum: 1 }) });

/** The editor's document: the layout's own checks (readLayout) read `sections`, at every depth. */
const Document = Type.Object({
  title: Type.String({ maxLength: 500 }),
  excerpt: Type.Optional(Type.String({ maxLength: 20_000 })),
  sections: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
  // A post's and an event's own fields (item-fields.ts checks their values and gives their messages).
  mainImage: Type.Optional(
    Type.Object({ asset: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]), alt: Type.Optional(Type.String({ maxLength: 500 })) }),
  ),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 500 })),
  categories: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 500 })),
  author: Type.Optional(
    Type.Union([
      Type.Object({ id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])), name: Type.Optional(Type.String({ maxLength: 200 })) }),
      Type.Null(),
    ]),
  ),
  commentsOn: Type.Optional(Type.Boolean()),
  startDate: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Number(), Type.Null()])),
  endDate: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Number(), Type.Null()])),
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
  location: Type.Optional(
    Type.Object({
      addressTitle: Type.Optional(Type.String({ maxLength: 200 })),
      addressLine1: Type.Optional(Type.String({ maxLength: 200 })),
      addressLine2: Type.Optional(Type.String({ maxLength: 200 })),
      addressCountry: Type.Optional(Type.String({ maxLength: 200 })),
      mapLat: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
      mapLng: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    }),
  ),
});

const BaseRevision = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);
export const DraftBody = Type.Object({ baseRevision: BaseRevision, document: Document });
export const PreviewBody = Type.Object({ document: Document });
export const PublishBody = Type.Object({
  baseRevision: BaseRevision,
  publishOn: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 40 }), Type.Integer({ minimum: 0 }), Type.Null()])),
});
export const RestoreBody = Type.Object({ baseRevision: BaseRevision });

/** Each field's message when its value is refused; a field's path without indexes. */
const FIELD_MESSAGES: Record<string, string> = {
  baseRevision: 'Send the revision the page was opened at (null for a page that has none).',
  document: 'Send the page as { title, excerpt, sections }.',
  'document.title': 'Enter a title of at most 500 characters.',
  'document.excerpt': 'Enter an excerpt of at most 20,000 characters.',
  'document.sections': 'Send the sections as a list.',
  'document.mainImage': 'Send the main image as { asset, alt }.',
  'document.tags': 'Send the tags as a list of words.',
  'document.categories': 'Send the categories as a list of words.',
  'document.author': 'Choose an author among the site’s staff.',
  'document.commentsOn': 'Send comments on as true or false.',
  'document.startDate': 'Enter a date and time, such as 2026-05-01T09:00:00-04:00.',
  'document.endDate': 'Enter a date and time, such as 2026-05-01T09:00:00-04:00.',
  'document.timeZone': 'Choose a time zone such as America/New_York.',
  'document.location': 'Send the location as { addressTitle, addressLine1, addressLine2, addressCountry, mapLat, mapLng }.',
  publishOn: 'Send the publication time as an ISO date and time, such as 2026-05-01T09:00:00Z.',
  revision: 'Choose a published version by its revision number.',
  itemId: 'Choose a page by its item id.',
};

/** 400 VALIDATION_FAILED with each refused field's message (the routes attach their schema's verdict). */
export const checkInput = schemaInput(FIELD_MESSAGES, { parentMessage: true });

/** `publishOn` as epoch milliseconds: an ISO string or a number; undefined when not given. */
export function publishTime(value: string | number | null | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  // The body's schema may have turned a number into its digits: both mean epoch milliseconds.
  const time = typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(time)) throw new AppError('VALIDATION_FAILED', undefined, { publishOn: FIELD_MESSAGES.publishOn! });
  return time;
}
