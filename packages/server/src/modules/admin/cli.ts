import readline from 'node:readline';
import { parseArgs } from 'node:util';
import type { Store } from '../../storage/dialect.js';
import { WebsiteRole } from '@tessera/core/enums';
import { hashPassword } from './passwords.js';
import { OwnerError, createOwner, normalizeEmail, parseWebsiteRole, revokeOwnerSessions, setOwnerPassword } from './owners.js';
import { systemClock } from '../../clock.js';

/**
 * `tessera owner create <email> [--password <p>] [--site <identifier>]`, `tessera owner password <email>`
 * and `tessera owner revoke <email>`. Without --password the password is asked for twice on a
 * terminal (not echoed), or read from the first line of standard input when it is piped.
 */
export const OWNER_USAGE = `  owner create <email>    create the site owner's account (website role admin), or a contributor's with --role <name|code>
                          (editor, store-manager, reporting, viewer, website-manager, ...: docs/roles.md) [--password <p>] [--site <identifier>]
  owner password <email>  set a new password (ends the account's sessions) [--password <p>] [--site <identifier>]
  owner revoke <email>    sign the account out everywhere [--site <identifier>]`;

export async function runOwnerCommand(store: Store, args: string[], say: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { password: { type: 'string' }, site: { type: 'string' }, role: { type: 'string' } },
  });
  const [action, email] = positionals;
  if (!action || !['create', 'password', 'revoke'].includes(action)) throw new OwnerError(`owner needs create, password or revoke\n${OWNER_USAGE}`);
  if (!email) throw new OwnerError(`owner ${action} needs an email: tessera owner ${action} <email>`);
  const site = await siteFor(store, values.site);
  if (action === 'revoke') {
    const n = await revokeOwnerSessions(store.db, site.id, email);
    say(`Signed ${normalizeEmail(email)} out of ${n} session${n === 1 ? '' : 's'} on "${site.identifier}".`);
    return;
  }
  if (values.role !== undefined && action !== 'create') throw new OwnerError('--role is an option of owner create');
  const role = values.role === undefined ? WebsiteRole.ADMIN : parseWebsiteRole(values.role);
  const password = values.password ?? (await askPassword());
  if (action === 'create') {
    await createOwner(store.db, site.id, email, password, systemClock(), role);
    const name = Object.entries(WebsiteRole)
      .find(([, code]) => code === role)![0]
      .toLowerCase()
      .replace(/_/g, ' ');
    say(
      role === WebsiteRole.ADMIN
        ? `Created the owner account ${normalizeEmail(email)} for "${site.identifier}": sign in at /config/login.`
        : `Created the ${name} account ${normalizeEmail(email)} (website role ${role}) for "${site.identifier}": sign in at /config/login.`,
    );
  } else {
    await setOwnerPassword(store.db, site.id, email, password);
    say(`Set a new password for ${normalizeEmail(email)} on "${site.identifier}"; its sessions have ended.`);
  }
}

export const PASSWORD_USAGE = `  password hash           print the scrypt hash of a password, for site.json settings.lockScreen.passwordHash or a
                          protected collection's passwordHash (asked for, or --password <p>, or one line of stdin)`;

/** `tessera password hash`: a site password's hash, for the site directory (the password itself is never stored). */
export async function runPasswordCommand(args: string[], say: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { password: { type: 'string' } } });
  if (positionals[0] !== 'hash') throw new OwnerError(`password needs hash\n${PASSWORD_USAGE}`);
  const password = values.password ?? (await askPassword());
  if (password.length === 0 || password.length > 1024) throw new OwnerError('the password needs 1 to 1024 characters');
  say(await hashPassword(password));
}

async function siteFor(store: Store, identifier: string | undefined): Promise<{ id: string; identifier: string }> {
  let query = store.db.selectFrom('websites').select(['id', 'identifier']);
  query = identifier ? query.where('identifier', '=', identifier) : query.where('is_default', '=', 1);
  const site = await query.executeTakeFirst();
  if (!site) throw new OwnerError(identifier ? `no site "${identifier}" in the store` : 'the store holds no site yet: tessera import <site-dir> first');
  return site;
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = readline.createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    throw new OwnerError('no password: pass --password or write it to standard input');
  }
  const first = await hiddenQuestion('Password: ');
  const second = await hiddenQuestion('Password again: ');
  if (first !== second) throw new OwnerError('the two passwords differ');
  return first;
}

function hiddenQuestion(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Echo nothing of what is typed: only the prompt itself is written.
    const output = rl as unknown as { _writeToOutput(s: string): void; output: NodeJS.WritableStream };
    output._writeToOutput = (s: string) => {
      if (s.startsWith(prompt)) output.output.write(prompt);
    };
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}
