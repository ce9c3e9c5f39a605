export { buildApp, type AppOptions } from './app.js';
export { loadConfig, displayUrl, type Config } from './config.js';
export { openStore, DIALECTS, type Dialect, type Store } from './storage/dialect.js';
export { importSite, exportSite, SiteDirectoryError } from './site-dir/index.js';
export { ERRORS, AppError, type ErrorCode, type ErrorBody } from './errors.js';
export { localizedStrings } from './modules/site/localized-strings.js';
export { readThemeFolder } from './modules/site/theme.js';
export { layoutSections, readStoredLayout, type ImageOf, type LayoutSite } from './modules/site/context/layout.js';
