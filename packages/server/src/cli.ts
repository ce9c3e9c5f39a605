#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { ConfigError, displayUrl, loadConfig, type Config } from './config.js';
import { MailCliError, runMailCommand } from './mail/cli.js';
import { FormsCliError, runFormsCommand } from './modules/forms/cli.js';
import { exportSite, importSite, SiteDirectoryError } from './site-dir/index.js';
import { OWNER_USAGE, PASSWORD_USAGE, runOwnerCommand, runPasswordCommand } from './modules/admin/cli.js';
import { OwnerError } from './modules/admin/owners.js';
import { ANALYTICS_USAGE, AnalyticsCommandError, runAnalyticsCommand } from './modules/analytics/cli.js';
import { countWebsites } from './storage/content.js';
import { openStore, type Store } from './storage/dialect.js';
import { openBlobStore } from './storage/blobs/index.js';
import { runThemeCommand, THEME_USAGE, ThemeCliError } from './theme-check/cli.js';

const USAGE = `Usage: tessera <command>

Commands:
  start                 serve the sites in the store (imports SITE_DIR first when the store is empty)
  dev                   like start, reading theme files from disk and recompiling them on change;
                        template syntax errors are shown in the page
  import <site-dir>     check a site directory and load it into the store
                        (existing variants keep their live stock: the file's stock is for new ones)
  export <site-dir>     write the default site (or --site <identifier>) as a site directory
                        [--format json|yaml] [--force to replace the site files of a non-empty folder]
  forms list            the site's forms and their submission counts [--site <identifier>]
  forms export <formId> a form's submissions as CSV [--out file.csv] [--site <identifier>]
  mail list             the outbox, newest first [--status pending|sent|failed]
  mail show <id>        one message of the outbox, with its text (links and codes)
  mail retry            queue the messages given up after their last attempt again
${OWNER_USAGE}
${PASSWORD_USAGE}
${ANALYTICS_USAGE}
${THEME_USAGE}

Configuration comes from environment variables: PORT, HOST, DATA_DIR, DATABASE_URL, ASSETS_URL, SMTP_URL,
MAIL_FROM, LOG_LEVEL, SITE_DIR, THEMES_DIR, PUBLIC_URL, SHUTDOWN_TIMEOUT_MS, CENSUS_DISABLED, ANALYTICS_*
(see README.md).`;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function fail(message: string): never {
  process.stderr.write(`tessera: ${message}\n`);
  process.exit(1);
}

async function withStore<T>(config: Config, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(config.databaseUrl, { blobs: openBlobStore(config) });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

async function runImport(config: Config, dir: string | undefined): Promise<void> {
  if (!dir) fail('import needs a site directory: tessera import <site-dir>');
  await withStore(config, async (store) => {
    const r = await importSite(store, dir);
    say(
      `Imported "${r.identifier}" into ${store.description}: ${r.collections} collections, ${r.items} items ` +
        `(${r.products} products), ${r.assets} asset files.`,
    );
  });
}

async function runExport(config: Config, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string', default: 'json' }, force: { type: 'boolean', default: false }, site: { type: 'string' } },
  });
  const dir = positionals[0];
  if (!dir) fail('export needs a target folder: tessera export <site-dir>');
  if (values.format !== 'json' && values.format !== 'yaml') fail('--format is json or yaml');
  await withStore(config, async (store) => {
    const r = await exportSite(store, dir, { identifier: values.site, format: values.format as 'json' | 'yaml', force: values.force });
    say(`Exported "${r.identifier}" to ${dir}: ${r.files.length} files.`);
  });
}

async function runServer(config: Config): Promise<void> {
  const store = await openStore(config.databaseUrl, { blobs: openBlobStore(config) });
  if ((await countWebsites(store.db)) === 0) {
    if (['site.json', 'site.yaml', 'site.yml'].some((f) => fs.existsSync(path.join(config.siteDir, f)))) {
      const r = await importSite(store, config.siteDir);
      say(`First start: imported "${r.identifier}" from ${config.siteDir} (${r.items} items, ${r.products} products).`);
    } else {
      say(`The store is empty and ${config.siteDir} holds no site.json: import a site with "tessera import <site-dir>".`);
    }
  }
  // The store is closed after app.close() resolves, once every module's onClose hook (the analytics
  // queue's last write among them) has run.
  const app = await buildApp(config, { store });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('requests still in flight after the shutdown timeout: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app
      .close()
      .then(() => store.close())
      .then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say(`Tessera${config.dev ? ' (dev mode)' : ''} is serving at ${displayUrl(config, port)}`);
  if (!config.publicUrl && !/^(?:127\.0\.0\.1|localhost|::1)$/.test(config.host)) {
    app.log.warn('PUBLIC_URL is not set: links in mail and pages use the host the site lists, else localhost; set it in production (docs/security.md)');
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    say(USAGE);
    return;
  }
  let config: Config;
  try {
    config = loadConfig(process.env, { dev: command === 'dev' });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  switch (command) {
    case 'start':
    case 'dev':
      return runServer(config);
    case 'import':
      return runImport(config, rest[0]);
    case 'export':
      return runExport(config, rest);
    case 'forms':
      return withStore(config, async (store) => void process.stdout.write(await runFormsCommand(store, rest)));
    case 'mail':
      return withStore(config, async (store) => void process.stdout.write(await runMailCommand(store, rest)));
    case 'owner':
      return withStore(config, (store) => runOwnerCommand(store, rest, say));
    case 'password':
      return runPasswordCommand(rest, say);
    case 'analytics':
      return withStore(config, (store) => runAnalyticsCommand(store, config.analytics, rest, say));
    case 'theme': {
      const status = await runThemeCommand(
        rest,
        config.themesDir,
        (work) => withStore(config, work),
        (text) => void process.stdout.write(text),
      );
      // Set, not exited: the report may still be flushing to a pipe.
      process.exitCode = status;
      return;
    }
    default:
      fail(`unknown command "${command}"\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof SiteDirectoryError ||
    error instanceof FormsCliError ||
    error instanceof MailCliError ||
    error instanceof OwnerError ||
    error instanceof AnalyticsCommandError ||
    error instanceof ThemeCliError
  )
    fail(error.message);
  fail(error instanceof Error ? error.message : String(error));
});
