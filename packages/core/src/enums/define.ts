/**
 * Enumerations are plain frozen objects (no TypeScript `enum`), so that they survive
 * `verbatimModuleSyntax`, tree-shake, and read the same in the browser and on the server.
 * Keys are the spec's names in UPPER_SNAKE_CASE; the lower-case kebab form of a key
 * (`STORE_ITEM` -> `store-item`) is the name the JSON-T predicates and the site data use.
 */

export type EnumObject<V extends number | string = number | string> = { readonly [key: string]: V };

/** The union of an enumeration's values: `EnumValue<typeof PageType>` is `1 | 2 | 3 | ...`. */
export type EnumValue<E extends EnumObject> = E[keyof E];

export function defineEnum<const E extends Record<string, number | string>>(values: E): Readonly<E> {
  return Object.freeze({ ...values });
}

/** `STORE_ITEM` -> `store-item`. */
export function kebabName(key: string): string {
  return key.toLowerCase().replace(/_/g, '-');
}

/** The key of the member holding `value`, or undefined when no member holds it. */
export function enumKey<E extends EnumObject>(e: E, value: unknown): (keyof E & string) | undefined {
  for (const key of Object.keys(e)) {
    if (e[key] === value) return key as keyof E & string;
  }
  return undefined;
}

/** The kebab name of the member holding `value` (`RecordType`, 11 -> `store-item`). */
export function enumName<E extends EnumObject>(e: E, value: unknown): string | undefined {
  const key = enumKey(e, value);
  return key === undefined ? undefined : kebabName(key);
}

/**
 * The value of the member named `name`, given as its key (`STORE_ITEM`) or its kebab
 * name (`store-item`), case-insensitively; undefined for an unknown name.
 */
export function enumValueOf<E extends EnumObject>(e: E, name: string): EnumValue<E> | undefined {
  const wanted = name.trim().toUpperCase().replace(/-/g, '_');
  return Object.hasOwn(e, wanted) ? (e[wanted] as EnumValue<E>) : undefined;
}

/** True when `value` is one of the enumeration's values. */
export function isEnumValue<E extends EnumObject>(e: E, value: unknown): value is EnumValue<E> {
  return enumKey(e, value) !== undefined;
}

/** Every value of the enumeration, in declaration order. */
export function enumValues<E extends EnumObject>(e: E): EnumValue<E>[] {
  return Object.values(e) as EnumValue<E>[];
}
