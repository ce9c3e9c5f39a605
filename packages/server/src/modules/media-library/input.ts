import { Type } from '@fastify/type-provider-typebox';
import { MEDIA_KINDS } from './limits.js';
import { SORTS } from './list.js';
import { schemaInput } from '../../http/schema-input.js';

const Kind = Type.Union(MEDIA_KINDS.map((k) => Type.Literal(k)));

export const ListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  kind: Type.Optional(Kind),
  sort: Type.Optional(Type.Union(SORTS.map((s) => Type.Literal(s)))),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Type.Optional(Type.String({ maxLength: 500 })),
});

export const UploadQuery = Type.Object({ kind: Type.Optional(Kind) });

export const AssetParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const Unit = Type.Number({ minimum: 0, maximum: 1 });
export const PatchBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    alt: Type.Optional(Type.String({ maxLength: 1000 })),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    focalPoint: Type.Optional(Type.Union([Type.Null(), Type.Object({ x: Unit, y: Unit }, { additionalProperties: false })])),
  },
  { additionalProperties: false },
);

export const SessionBody = Type.Object(
  {
    fileName: Type.String({ minLength: 1, maxLength: 500 }),
    size: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    kind: Type.Optional(Kind),
  },
  { additionalProperties: false },
);

export const DeleteQuery = Type.Object({ force: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('true')])) });

/** The message of a pasted link that is not an https address (embeds-routes.ts). */
export const LINK_MESSAGE = 'Enter a link that starts with https://.';

/** Each field's message when its value is refused. */
const FIELD_MESSAGES: Record<string, string> = {
  q: 'Enter at most 200 characters.',
  kind: `Choose one of ${MEDIA_KINDS.join(', ')}.`,
  sort: `Choose one of ${SORTS.join(', ')}.`,
  limit: 'Enter a whole number from 1 to 100.',
  cursor: 'The cursor is not valid: start again from the first page.',
  name: 'Enter a name of at most 200 characters.',
  alt: 'Enter alt text of at most 1000 characters.',
  title: 'Enter a title of at most 200 characters.',
  focalPoint: 'Enter a focal point as x and y, each from 0 to 1.',
  'focalPoint.x': 'Enter a number from 0 to 1.',
  'focalPoint.y': 'Enter a number from 0 to 1.',
  force: 'Enter 1 to delete the file from the places that use it too.',
  id: 'Enter a file id.',
  fileName: 'Enter the file name, of at most 500 characters.',
  size: 'Enter the file size in bytes, a whole number.',
  url: LINK_MESSAGE,
  assetId: 'Choose an image of the library.',
};

/** 400 VALIDATION_FAILED with each refused field's message (the routes attach their schema's verdict). */
export const checkInput = schemaInput(FIELD_MESSAGES);
