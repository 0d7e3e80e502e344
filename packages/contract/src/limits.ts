/** Business constants shared by server and web (spec section 9). */
export const LIMITS = {
  tagNameMax: 35,
  questionTitleMax: 150,
  answerMin: 6,
  passwordMin: 8,
  passwordMax: 32,
  siteNameMax: 30,
  siteUrlMax: 512,
  adminNameMin: 4,
  adminNameMax: 30,
  languageMax: 30,
  emailMax: 512,
  imageMaxBytes: 4 * 1024 * 1024,
  /** Decoded size cap: a few KB of PNG can declare 16000x16000 pixels and take seconds to decode. */
  imageMaxPixels: 40_000_000,
  smtpPortMin: 1,
  smtpPortMax: 65535,
  privilegeLevelMin: 1,
  permalinkMin: 1,
  permalinkMax: 4,
  tokenLifetimeSeconds: 7 * 24 * 3600,
  defaultPageSize: 10,
} as const;

/** Client timings (spec section 9). */
export const TIMINGS = {
  requestTimeoutMs: 10_000,
  toastMs: 5_000,
  notificationPollMs: 3_000,
  userFetchThrottleMs: 10_000,
  draftDebounceMs: 3_000,
  chunkLoadTimeoutMs: 120_000,
  skeletonDelayMs: 1_000,
  storageLifetimeMs: 7 * 24 * 3600 * 1000,
} as const;

export const API_PREFIX = '/answer/api/v1';
export const ADMIN_API_PREFIX = '/answer/admin/api';
export const INSTALL_PREFIX = '/installation';

export const ROLE = { user: 1, admin: 2, moderator: 3 } as const;
export const MAIL_STATUS = { verified: 1, unverified: 2 } as const;
