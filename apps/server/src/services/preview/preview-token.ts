import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters nobody guesses. */
export const newPreviewToken = (): string => randomBytes(32).toString('base64url');

/** Only this is stored: a leaked database does not open any preview. */
export const hashPreviewToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The shape of a token we make; anything else is not looked up at all. */
export const PREVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
