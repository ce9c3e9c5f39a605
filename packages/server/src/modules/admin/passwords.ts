import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords (the owner's, visitors', and the site passwords of the lock screen and protected
 * pages), hashed with scrypt from node:crypto: `scrypt$N$r$p$salt$hash` (salt and hash in
 * base64url). Each hash carries its cost parameters, so the cost can grow without breaking the
 * hashes made before: they still verify, and an account's is replaced at its next sign-in.
 *
 * New hashes use N = 2^17, r = 8, p = 1, OWASP's recommendation for scrypt: some 0.3 s and 128 MiB
 * per hash. Tests that create many accounts pass a lower cost (AppOptions.passwordCost).
 */
export interface ScryptCost {
  readonly n: number;
  readonly r: number;
  readonly p: number;
}

export const SCRYPT_COST: ScryptCost = Object.freeze({ n: 2 ** 17, r: 8, p: 1 });

const KEY_LENGTH = 32;

/**
 * The most memory one hash may take (128 * N * r bytes): 256 MiB, twice today's cost. A stored
 * hash asking for more is refused rather than allowed to exhaust the process's memory.
 */
const MAX_HASH_MEMORY = 256 * 1024 * 1024;

/**
 * Hashes computed at once. Each takes 128 MiB and a thread of libuv's pool: a burst of sign-ins
 * waits its turn instead of taking half a gigabyte and every thread (file reads share that pool).
 */
const CONCURRENT_HASHES = 2;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line (running stays the same), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashes being computed and waiting for a slot (the sign-in's load, and what the tests check). */
export function scryptLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

const memoryOf = ({ n, r }: ScryptCost) => 128 * n * r;

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  // Node refuses a cost above `maxmem` (32 MiB by default): it is given what this cost needs, with room.
  const options = { N: cost.n, r: cost.r, p: cost.p, maxmem: memoryOf(cost) + 16 * 1024 * 1024 };
  return withSlot(
    () => new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)))),
  );
}

export async function hashPassword(password: string, cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return ['scrypt', cost.n, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  readonly cost: ScryptCost;
  readonly salt: Buffer;
  readonly hash: Buffer;
}

/** A stored hash's parts, or null when it is not one of ours or asks for a cost out of bounds. */
function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, hash, extra] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || extra !== undefined) return null;
  const cost = { n: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(cost.n) && cost.n > 1 && (cost.n & (cost.n - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(cost.r) || cost.r < 1 || !Number.isInteger(cost.p) || cost.p < 1 || cost.p > 16) return null;
  if (memoryOf(cost) > MAX_HASH_MEMORY) return null;
  const key = Buffer.from(hash, 'base64url');
  if (key.length < 16 || key.length > 64) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: key };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(key, parsed.hash);
}

/**
 * Whether a stored hash is weaker than `cost` asks for (made with an older, cheaper setting): its
 * account gets a new hash at its next successful sign-in. A stronger one is left as it is.
 */
export function needsRehash(stored: string, cost: ScryptCost = SCRYPT_COST): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { n, r, p } = parsed.cost;
  return n < cost.n || r < cost.r || p < cost.p || parsed.hash.length < KEY_LENGTH;
}

/** Hashes of a password nobody has, per cost: verified when an email is unknown, so both answers take as long. */
const decoys = new Map<string, Promise<string>>();
function decoyHash(cost: ScryptCost = SCRYPT_COST): Promise<string> {
  const key = `${cost.n}$${cost.r}$${cost.p}`;
  let decoy = decoys.get(key);
  if (!decoy) decoys.set(key, (decoy = hashPassword(randomBytes(24).toString('base64url'), cost)));
  return decoy;
}

/**
 * Checks a password against an account's stored hash (or a decoy when there is no account, so both
 * answers take as long). A right password stored with an older, cheaper hash is hashed again at `cost`
 * and handed to `upgrade`, which must store it only while the stored hash is still `stored`.
 */
export async function checkAndUpgrade(
  password: string,
  stored: string | undefined,
  cost: ScryptCost,
  upgrade: (stronger: string) => Promise<void>,
): Promise<boolean> {
  const ok = await verifyPassword(password, stored ?? (await decoyHash(cost)));
  if (!ok || stored === undefined) return false;
  if (needsRehash(stored, cost)) await upgrade(await hashPassword(password, cost));
  return true;
}
