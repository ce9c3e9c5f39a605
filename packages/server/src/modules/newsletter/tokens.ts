import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a mailing-list link may do. */
export type TokenPurpose = 'confirm' | 'unsubscribe';

interface TokenBody {
  /** The subscriber's id. */
  s: string;
  p: TokenPurpose;
  /** Expiry, epoch milliseconds; unsubscribe links never expire. */
  e?: number;
}

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`tessera-mailing-list:${body}`).digest();
}

/** A signed link token: `<body>.<signature>`, both base64url; the body names the subscriber and the purpose. */
export function signToken(secret: string, subscriberId: string, purpose: TokenPurpose, expiresOn?: number): string {
  const body = Buffer.from(JSON.stringify({ s: subscriberId, p: purpose, ...(expiresOn ? { e: expiresOn } : {}) } satisfies TokenBody)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The subscriber id of a valid, unexpired token for the purpose, else null. */
export function verifyToken(secret: string, token: unknown, purpose: TokenPurpose, now: number): string | null {
  if (typeof token !== 'string' || token.length > 512) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = mac(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenBody>;
    if (parsed.p !== purpose || typeof parsed.s !== 'string') return null;
    if (parsed.e !== undefined && !(typeof parsed.e === 'number' && parsed.e > now)) return null;
    return parsed.s;
  } catch {
    return null;
  }
}
