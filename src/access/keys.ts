// API key format, generation, hashing and constant-time verification; the only place a raw key is handled.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tier } from './types.ts';

/** Tiers a key can carry; `anonymous` is the absence of a key. */
export type KeyTier = Exclude<Tier, 'anonymous'>;

/** The tier segment inside a key (`mds_ent_...` is enterprise: short keys are easier to paste). */
const SEGMENT_OF: Record<KeyTier, string> = { free: 'free', pro: 'pro', enterprise: 'ent' };
const TIER_OF_SEGMENT: Record<string, KeyTier> = { free: 'free', pro: 'pro', ent: 'enterprise' };

export const KEY_PATTERN = /^mds_(free|pro|ent)_([0-9A-Za-z]{32})$/;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 32;

/** The header a key travels in (or Authorization: Bearer); both names are covered by log redaction. */
export const API_KEY_HEADER = 'x-api-key';

/** pino `redact` paths so that a key never reaches a log line, whichever object the logger serialises. */
export const LOG_REDACT_PATHS: readonly string[] = [API_KEY_HEADER, 'authorization'].flatMap((h) => [
  `req.headers["${h}"]`,
  `request.headers["${h}"]`,
  `headers["${h}"]`,
]);

/** The tier a well-formed key claims, or undefined for anything that is not a key (checked before any lookup). */
export function parseKey(key: string): KeyTier | undefined {
  const m = KEY_PATTERN.exec(key);
  return m ? TIER_OF_SEGMENT[m[1]!] : undefined;
}

/**
 * SHA-256 of the whole key, hex. A key holds 32 random base62 characters (190 bits), so no password KDF is needed:
 * brute force over that space is hopeless, and a fast hash keeps authentication off the request's critical path.
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * The public key id: a prefix of the hash. It reveals nothing of the key (unlike a prefix of the key itself), is
 * safe to print, log and use as the limiter subject, and lets a lookup by id precede the constant-time comparison.
 */
export function keyIdOf(hash: string): string {
  return hash.slice(0, 16);
}

/** Constant-time comparison of two hex hashes, so response timing tells nothing about a stored hash. */
export function hashesEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && ba.length > 0 && timingSafeEqual(ba, bb);
}

/** Uniform base62 characters by rejection sampling (bytes 248..255 are dropped, so no character is favoured). */
function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      if (b < 248 && out.length < n) out += BASE62[b % 62];
    }
  }
  return out;
}

export type GeneratedKey = { key: string; id: string; hash: string; tier: KeyTier };

/** A fresh key of `tier`. The raw key is returned to be shown once; only `hash` is ever stored. */
export function generateKey(tier: KeyTier): GeneratedKey {
  const key = `mds_${SEGMENT_OF[tier]}_${randomBase62(SECRET_LENGTH)}`;
  const hash = hashKey(key);
  return { key, id: keyIdOf(hash), hash, tier };
}
