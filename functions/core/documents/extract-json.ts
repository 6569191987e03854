import { MAX_JSON_DEPTH } from '../http/bounded-json.js';
import { unprocessableDocument } from './document-errors.js';

/**
 * Real exports nest a few levels; the cap (the one all JSON from outside has) keeps a hostile file
 * (200,000 brackets) from exhausting the stack of the recursive rendering below, which would answer
 * 500 instead of saying what is wrong.
 */
export const JSON_TOO_DEEP_MESSAGE = `This .json file is nested more than ${MAX_JSON_DEPTH} levels deep. Please flatten it or upload it as .txt.`;

/**
 * JSON as readable text, indented like YAML (`key: value`, `- item`), the punctuation gone. A list
 * of records (the usual shape of an export) becomes one paragraph per record. JSON Lines (one value
 * per line) is read too.
 */
export function jsonToText(text: string): string {
  const source = text.replace(/^\ufeff/, '');
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    value = parseJsonLines(source);
    if (value === undefined) {
      const reason = error instanceof Error ? ` (${error.message})` : '';
      throw unprocessableDocument(`This .json file is not valid JSON${reason}. Please fix it or upload it as .txt.`);
    }
  }
  if (Array.isArray(value) && value.some(isContainer)) return value.map((item) => render(item, '', 2).join('\n')).join('\n\n');
  return render(value, '', 1).join('\n');
}

function parseJsonLines(source: string): unknown[] | undefined {
  const lines = source.split('\n').filter((line) => line.trim());
  if (lines.length < 2) return undefined;
  try {
    return lines.map((line) => JSON.parse(line) as unknown);
  } catch {
    return undefined;
  }
}

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;
const isEmpty = (value: unknown) =>
  value === null || value === '' || (isContainer(value) && Object.keys(value).length === 0);

/** `depth` counts the containers from the top one (1) down to `value`. */
function render(value: unknown, indent: string, depth: number): string[] {
  if (!isContainer(value)) return isEmpty(value) ? [] : [`${indent}${String(value)}`];
  if (depth > MAX_JSON_DEPTH) throw unprocessableDocument(JSON_TOO_DEEP_MESSAGE);
  const lines: string[] = [];
  const entries: [string | null, unknown][] = Array.isArray(value)
    ? value.map((item) => [null, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (isEmpty(item)) continue;
    const label = key === null ? `${indent}- ` : `${indent}${key}: `;
    if (!isContainer(item)) lines.push(`${label}${String(item)}`);
    else if (key !== null) lines.push(label.trimEnd(), ...render(item, `${indent}  `, depth + 1));
    else {
      // A record in a list starts on the dash line, as YAML writes it.
      const nested = render(item, `${indent}  `, depth + 1);
      if (nested.length) lines.push(`${label}${nested[0]!.trimStart()}`, ...nested.slice(1));
    }
  }
  return lines;
}
