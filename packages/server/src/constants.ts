/**
 * The enumerations the server uses, from @tessera/core (the one place they are defined).
 */
export { PageType, ProductType, CollectionType, FolderBehavior, RecordType, DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '@tessera/core';
