import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULTS, displayUrl, loadConfig } from '../../src/config.js';
import { dialectOf, sqliteFile } from '../../src/storage/dialect.js';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBe(`sqlite:${path.resolve('./data/tessera.sqlite')}`);
    expect(config.smtpUrl).toBe('');
    expect(config.logLevel).toBe('info');
    expect(config.siteDir).toBe(DEFAULTS.SITE_DIR);
    expect(config.siteDir.endsWith(path.join('sites', 'demo'))).toBe(true);
    expect(displayUrl(config, 3000)).toBe('http://localhost:3000');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/tessera',
      SMTP_URL: 'smtp://mail:25',
      LOG_LEVEL: 'warn',
      SITE_DIR: '/sites/a',
      THEMES_DIR: '/themes',
      PUBLIC_URL: 'https://shop.example/',
      SHUTDOWN_TIMEOUT_MS: '2000',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@db:5432/tessera',
      smtpUrl: 'smtp://mail:25',
      logLevel: 'warn',
      siteDir: '/sites/a',
      themesDir: '/themes',
      shutdownTimeoutMs: 2000,
    });
    expect(displayUrl(config, 8080)).toBe('https://shop.example');
    expect(loadConfig({ DATA_DIR: '/srv/tessera' }).databaseUrl).toBe('sqlite:/srv/tessera/tessera.sqlite');
  });

  it('refuses bad values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(new ConfigError('PORT must be a whole number from 0 to 65535 (got "abc")'));
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });

  it('picks the dialect from DATABASE_URL', () => {
    expect(dialectOf('postgres://localhost/x')).toBe('postgres');
    expect(dialectOf('postgresql://localhost/x')).toBe('postgres');
    expect(dialectOf('sqlite:/tmp/a.sqlite')).toBe('sqlite');
    expect(dialectOf('/tmp/a.sqlite')).toBe('sqlite');
    expect(sqliteFile('sqlite:/tmp/a.sqlite')).toBe('/tmp/a.sqlite');
  });
});
