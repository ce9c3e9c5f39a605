import { Type, type Static } from '@fastify/type-provider-typebox';

const Key = Type.String({ minLength: 1, maxLength: 80 });
const ListName = Type.Union([Type.Literal('main'), Type.Literal('footer'), Type.Literal('notLinked')]);
const Behavior = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

export const KeyParams = Type.Object({ key: Key });

export const CreateBody = Type.Object({
  kind: Type.Union([Type.Literal('page'), Type.Literal('cover'), Type.Literal('folder'), Type.Literal('link'), Type.Literal('blog'), Type.Literal('events')]),
  title: Type.String({ maxLength: 200 }),
  urlId: Type.Optional(Type.String({ maxLength: 200 })),
  url: Type.Optional(Type.String({ maxLength: 2000 })),
  folderBehavior: Type.Optional(Behavior),
  in: ListName,
  parent: Type.Optional(Key),
});
export type CreateBody = Static<typeof CreateBody>;

/** A folder's children: pages and links (folders do not nest, checked with its message by arrange.ts). */
const ChildRef = Type.Object({
  key: Key,
  hidden: Type.Optional(Type.Boolean()),
  children: Type.Optional(Type.Array(Type.Object({ key: Key }), { maxItems: 500 })),
});
const Ref = Type.Object({
  key: Key,
  hidden: Type.Optional(Type.Boolean()),
  children: Type.Optional(Type.Array(ChildRef, { maxItems: 500 })),
});
const Refs = Type.Array(Ref, { maxItems: 1000 });

export const NavigationBody = Type.Object({
  revision: Type.String({ minLength: 1, maxLength: 100 }),
  main: Refs,
  footer: Refs,
  notLinked: Refs,
});
export type NavigationBody = Static<typeof NavigationBody>;

export const SettingsBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  urlId: Type.Optional(Type.String({ maxLength: 200 })),
  /** Links only: where the link leads. */
  url: Type.Optional(Type.String({ maxLength: 2000 })),
  seoTitle: Type.Optional(Type.String({ maxLength: 200 })),
  seoDescription: Type.Optional(Type.String({ maxLength: 500 })),
  socialImage: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  access: Type.Optional(Type.Union([Type.Literal('public'), Type.Literal('password'), Type.Literal('members')])),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  folderBehavior: Type.Optional(Behavior),
  isHome: Type.Optional(Type.Boolean()),
  /** A cover page only: its text, background image (a library image) and call to action. */
  cover: Type.Optional(
    Type.Object({
      text: Type.Optional(Type.String({ maxLength: 2000 })),
      image: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
      imageAlt: Type.Optional(Type.String({ maxLength: 500 })),
      actionLabel: Type.Optional(Type.String({ maxLength: 80 })),
      actionUrl: Type.Optional(Type.String({ maxLength: 2000 })),
    }),
  ),
});
export type SettingsBody = Static<typeof SettingsBody>;
