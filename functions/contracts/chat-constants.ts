/**
 * The chat facts both chat widgets (the embed script and the demo page) share with the engine. No zod
 * here: the embed script imports this module, and zod would multiply its size (budget 12 KB gzip).
 * functions/contracts/chat.ts re-exports all of it.
 */

/** Longest visitor message the engine accepts (400 above it). */
export const MAX_CHAT_MESSAGE_CHARS = 2000;

/** The engine's reply when the visitor declines a confirmation question (No): the chat goes on, nothing is requested. */
export const DECLINED_TEXT = 'No problem. What else can I help you with?';

/** An owner's response delay is at most 5 s (conversation settings); the widgets never wait longer than this. */
export const MAX_DELAY_MS = 10_000;
