export const PRODUCT_NAME = 'OrderFlow';

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const VERIFICATION_CODE_MAX_TRIES = 5;
export const LOGIN_CHALLENGE_TTL_MINUTES = 10;
export const MIN_PASSWORD_LENGTH = 8;

export const MOBILE_BREAKPOINT_PX = 768;
export const THEME_STORAGE_KEY = 'orderflow-theme';
export const THEME_TRANSITION_MS = 300;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export const ORDERS_PAGE_SIZE = 10;
export const RECENT_ACTIVITY_COUNT = 3;

/** `USER` is a customer; the others are the staff roles of `permissions.ts`. */
export const ROLES = ['USER', 'ADMIN', 'OPERATIONS', 'SUPPORT', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];
