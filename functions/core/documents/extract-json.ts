import { unprocessableDocument } from './document-errors.js';

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
  if (Array.isArray(value) && value.some(isContainer)) return value.map((item) => render(item, '').join('\n')).join('\n\n');
  return render(value, '').join('\n');
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

function render(value: unknown, indent: string): string[] {
  if (!isContainer(value)) return isEmpty(value) ? [] : [`${indent}${String(value)}`];
  const lines: string[] = [];
  const entries: [string | null, unknown][] = Array.isArray(value)
    ? value.map((item) => [null, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (isEmpty(item)) continue;
    const label = key === null ? `${indent}- ` : `${indent}${key}: `;
    if (!isContainer(item)) lines.push(`${label}${String(item)}`);
    else if (key !== null) lines.push(label.trimEnd(), ...render(item, `${indent}  `));
    else {
      // A record in a list starts on the dash line, as YAML writes it.
      const nested = render(item, `${indent}  `);
      if (nested.length) lines.push(`${label}${nested[0]!.trimStart()}`, ...nested.slice(1));
    }
  }
  return lines;
}
