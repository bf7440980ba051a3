// The signed-in sessions of a user as devices (issue [25] item 4): which browser on which system, a coarse
// address, when it signed in and was last seen, and ending one or all but this one. The device facts are
// written into the session once, at sign-in (sign-in.ts); last seen is the session's lastSeenAt, recorded at
// most once a minute (session.ts). Ending a session deletes its row: the change feed then ends its live
// streams (event-stream.ts). Sessions are named by a hash of their id, never the id itself.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { sessionSignsIn } from './session';

declare module 'express-session' {
  interface SessionData {
    /** Recorded at sign-in, for the sessions page: the browser's user agent (shortened) and a coarse address. */
    device?: { userAgent: string; ip: string | null };
  }
}

export interface DeviceSession {
  /** A hash of the session id: safe to show and to put in a URL. */
  id: string;
  current: boolean;
  /** "Chrome on Android". */
  device: string;
  ip: string | null;
  signedInAt: string | null;
  lastSeenAt: string | null;
}

type StoredSession = Parameters<typeof sessionSignsIn>[0] & {
  device?: { userAgent?: string; ip?: string | null };
};

/** The public name of a session. */
export const publicSessionId = (sid: string) =>
  crypto.createHash('sha256').update(sid).digest('base64url').slice(0, 32);

/** The device facts kept for a new session. */
export function deviceFacts(
  userAgent: string | undefined,
  ip: string | undefined,
): { userAgent: string; ip: string | null } {
  return { userAgent: (userAgent ?? '').slice(0, 300), ip: coarseIp(ip) };
}

/** 203.0.113.7 → 203.0.113.x; an IPv6 address keeps its first three groups. Enough to recognise a place. */
export function coarseIp(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.x`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter(Boolean).slice(0, 3);
    return groups.length ? `${groups.join(':')}:…` : null;
  }
  return null;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Android", "Safari on iOS"; "Unknown browser" for what we cannot tell. */
export function describeUserAgent(userAgent: string | undefined | null): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown browser');
}

const parse = (sess: unknown): StoredSession => (typeof sess === 'string' ? JSON.parse(sess) : sess) as StoredSession;
const iso = (ms: number | undefined) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);

/** The user's sessions that still sign them in, this one first, then the most recently seen. */
export async function listDeviceSessions(db: Knex, userId: number, currentSid: string): Promise<DeviceSession[]> {
  const rows: { sid: string; sess: unknown }[] = await db('sessions')
    .where({ user_id: userId })
    .where('expire', '>=', db.fn.now())
    .select('sid', 'sess');
  const now = Date.now();
  return rows
    .map((row) => ({ sid: row.sid, sess: parse(row.sess) }))
    .filter(({ sess }) => sessionSignsIn(sess, userId, now))
    .map(({ sid, sess }) => ({
      id: publicSessionId(sid),
      current: sid === currentSid,
      device: describeUserAgent(sess.device?.userAgent),
      ip: sess.device?.ip ?? null,
      signedInAt: iso(sess.signedInAt),
      lastSeenAt: iso(sess.lastSeenAt ?? sess.signedInAt),
    }))
    .sort(
      (a, b) =>
        Number(b.current) - Number(a.current) ||
        (b.lastSeenAt ?? '').localeCompare(a.lastSeenAt ?? '') ||
        a.id.localeCompare(b.id),
    );
}

/**
 * Ends one of the user's sessions, named by its public id; false when the user has no such session (another
 * user's session is simply not found). This session is not ended here (signing out is /logout).
 */
export async function endDeviceSession(
  db: Knex,
  userId: number,
  publicId: string,
  currentSid: string,
): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(publicId)) return false;
  const rows: { sid: string }[] = await db('sessions').where({ user_id: userId }).select('sid');
  const match = rows.find((row) => row.sid !== currentSid && publicSessionId(row.sid) === publicId);
  if (!match) return false;
  return (await db('sessions').where({ sid: match.sid, user_id: userId }).del()) > 0;
}
