import Papa from 'papaparse';

/**
 * A CSV table as readable text: each row a paragraph of `Header: value` lines, so a passage found
 * for a question carries the column names that give its values meaning. The delimiter (comma,
 * semicolon, tab, pipe) is detected.
 */
export function csvToText(text: string): string {
  const { data } = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: 'greedy' });
  const rows = data.map((row) => row.map((cell) => cell.trim()));
  if (rows.length < 2) return rows.map((row) => row.filter(Boolean).join(', ')).join('\n');
  const [header, ...records] = rows as [string[], ...string[][]];
  return records
    .map((record) =>
      record
        .map((value, column) => (value ? `${header[column] || `Column ${column + 1}`}: ${value}` : ''))
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
}
