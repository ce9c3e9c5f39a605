#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, displayUrl, loadConfig, type Config } from './config.js';
import { OWNER_USAGE, PASSWORD_USAGE } from './modules/admin/cli.js';
import { ANALYTICS_USAGE } from './modules/analytics/usage.js';
import { THEME_USAGE } from './theme-check/usage.js';
import type { Store } from './storage/dialect.js';

// Each command loads only the modules it runs: the server's whole module graph takes about a second
// to load, which a short command such as "tessera owner create" should not pay.

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

async function openConfiguredStore(config: Config): Promise<Store> {
  const [{ openStore }, { openBlobStore }] = await Promise.all([import('./storage/dialect.js'), import('./storage/blobs/index.js')]);
  return openStore(config.databaseUrl, { blobs: openBlobStore(config) });
}

async function withStore<T>(config: Config, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openConfiguredStore(config);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

async function runImport(config: Config, dir: string | undefined): Promise<void> {
  if (!dir) fail('import needs a site directory: tessera import <site-dir>');
  const { importSite } = await import('./site-dir/index.js');
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
  const { exportSite } = await import('./site-dir/index.js');
  await withStore(config, async (store) => {
    const r = await exportSite(store, dir, { identifier: values.site, format: values.format as 'json' | 'yaml', force: values.force });
    say(`Exported "${r.identifier}" to ${dir}: ${r.files.length} files.`);
  });
}

async function runServer(config: Config): Promise<void> {
  const [{ buildApp }, { countWebsites }, { importSite }] = await Promise.all([
    import('./app.js'),
    import('./storage/content.js'),
    import('./site-dir/index.js'),
  ]);
  const store = await openConfiguredStore(config);
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
    case 'forms': {
      const { runFormsCommand } = await import('./modules/forms/cli.js');
      return withStore(config, async (store) => void process.stdout.write(await runFormsCommand(store, rest)));
    }
    case 'mail': {
      const { runMailCommand } = await import('./mail/cli.js');
      return withStore(config, async (store) => void process.stdout.write(await runMailCommand(store, rest)));
    }
    case 'owner': {
      const { runOwnerCommand } = await import('./modules/admin/cli.js');
      return withStore(config, (store) => runOwnerCommand(store, rest, say));
    }
    case 'password': {
      const { runPasswordCommand } = await import('./modules/admin/cli.js');
      return runPasswordCommand(rest, say);
    }
    case 'analytics': {
      const { runAnalyticsCommand } = await import('./modules/analytics/cli.js');
      return withStore(config, (store) => runAnalyticsCommand(store, config.analytics, rest, say));
    }
    case 'theme': {
      const { runThemeCommand } = await import('./theme-check/cli.js');
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

// Every command's own errors (a bad site directory, an unknown form, an existing owner…) end the
// same way: their message on stderr and exit status 1.
main(process.argv.slice(2)).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
