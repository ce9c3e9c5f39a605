import type { Captcha } from '../captcha/index.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Mailer } from '../mail/index.js';
import type { Store } from '../storage/dialect.js';

/**
 * What every module gets from the app, decorated once at the root (`app.deps`) before any module
 * is registered: the store, the time (tests move it instead of sleeping), mail and the captcha,
 * and the configuration. A module's own services (the site renderer, the commerce deps, the
 * mailing list) are decorated by the module that owns them, which other modules name in their
 * `dependencies`.
 */
export interface ModuleDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly mail: Mailer;
  readonly captcha: Captcha;
  readonly config: Config;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: ModuleDeps;
  }
}
