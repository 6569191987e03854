/**
 * Line breaks, tabs, NUL, escape and the other C0/C1 control characters. A name never needs them, and
 * they break the places names go: a row of a CSV export, a card's one line, a widget header.
 */
export const CONTROL_CHARACTER = /\p{Cc}/u;

export const hasNoControlCharacters = (value: string): boolean => !CONTROL_CHARACTER.test(value);
