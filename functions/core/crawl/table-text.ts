/**
 * An HTML data table as lines of text that keep each value next to what it means, for retrieval and FAQ
 * answers:
 *
 *   header row   ->  "Day: Monday; Hours: Closed."   (one line per row, every value with its column name)
 *   no header    ->  "Monday: 7 am to 6 pm."          (the first cell labels the rest of the row)
 *
 * Column names are repeated on every row on purpose: a chunk or a single sentence cut from a long table
 * still says what its numbers are, and carries the words visitors ask with ("hours", "price").
 * Every line ends like a sentence so sentence-based answer pickers take whole rows.
 * Layout tables (role="presentation", nested tables, headings in cells) are not data: the caller keeps
 * their content as ordinary blocks.
 */

/** Beyond these a table is summarised by its beginning: a page's text stays bounded whatever it holds. */
export const TABLE_LIMITS = { rows: 300, columns: 20, cellChars: 300, tableChars: 30_000 } as const;

/** Elements whose text is not content (controls, media); the page converter drops them too. */
const skipped = new Set(['IMG', 'PICTURE', 'VIDEO', 'AUDIO', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SCRIPT', 'STYLE', 'TEMPLATE']);
/** Elements that start a new piece of text inside a cell ("7 am<br>5 pm", list items, paragraphs). */
const breaking = new Set([
  'BR', 'P', 'DIV', 'LI', 'UL', 'OL', 'DL', 'DT', 'DD', 'BLOCKQUOTE', 'PRE', 'ADDRESS', 'SECTION', 'ARTICLE', 'HR', 'TR',
]);

interface Cell {
  text: string;
  header: boolean;
  colSpan: number;
}

interface Row {
  /** One entry per grid column; a spanning cell occupies several (the same object). */
  cells: (Cell | undefined)[];
  inHead: boolean;
}

const childElements = (element: Element, names: readonly string[]) =>
  [...element.children].filter((child) => names.includes(child.nodeName.toUpperCase()));

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

/** A cell's text: pieces separated by line breaks, paragraphs or list items joined with commas. */
export function cellText(cell: Element): string {
  const pieces: string[] = [''];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      pieces[pieces.length - 1] += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    const name = node.nodeName.toUpperCase();
    if (skipped.has(name)) return;
    const breaks = breaking.has(name);
    if (breaks) pieces.push('');
    for (const child of node.childNodes) walk(child);
    if (breaks) pieces.push('');
  };
  for (const child of cell.childNodes) walk(child);
  let text = '';
  for (const piece of pieces.map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean)) {
    text += text === '' ? piece : /[,;:.!?]$/.test(text) ? ` ${piece}` : `, ${piece}`;
    if (text.length > TABLE_LIMITS.cellChars) break;
  }
  return cutAtWord(text, TABLE_LIMITS.cellChars);
}

function isLayoutTable(table: Element): boolean {
  const role = (table.getAttribute('role') ?? '').toLowerCase();
  return role === 'presentation' || role === 'none' || table.querySelector('table, h1, h2, h3, h4, h5, h6') !== null;
}

function span(cell: Element, name: string, max: number): number {
  const value = Number.parseInt(cell.getAttribute(name) ?? '1', 10);
  return Number.isFinite(value) && value >= 1 ? Math.min(value, max) : 1;
}

/** The table's rows as a grid, colspan and rowspan expanded, at most `TABLE_LIMITS.rows` of them. */
function readGrid(table: Element): Row[] {
  const trs: { tr: Element; inHead: boolean }[] = [];
  for (const child of table.children) {
    const name = child.nodeName.toUpperCase();
    if (name === 'TR') trs.push({ tr: child, inHead: false });
    else if (name === 'THEAD' || name === 'TBODY' || name === 'TFOOT') {
      for (const tr of childElements(child, ['TR'])) trs.push({ tr, inHead: name === 'THEAD' });
    }
  }
  const rows: Row[] = [];
  const rowAt = (index: number, inHead: boolean) => (rows[index] ??= { cells: [], inHead });
  let read = 0;
  for (const [index, { tr, inHead }] of trs.entries()) {
    if (read >= TABLE_LIMITS.rows) break;
    read++;
    const row = rowAt(index, inHead);
    row.inHead = inHead;
    let column = 0;
    for (const element of childElements(tr, ['TD', 'TH'])) {
      while (row.cells[column]) column++;
      if (column >= TABLE_LIMITS.columns) break;
      const colSpan = span(element, 'colspan', TABLE_LIMITS.columns - column);
      const rowSpan = span(element, 'rowspan', trs.length - index);
      const cell: Cell = { text: cellText(element), header: element.nodeName.toUpperCase() === 'TH', colSpan };
      for (let down = 0; down < rowSpan; down++) {
        const target = rowAt(index + down, inHead);
        for (let across = 0; across < colSpan; across++) target.cells[column + across] = cell;
      }
      column += colSpan;
    }
  }
  return rows.slice(0, read).filter((row) => row.cells.some((cell) => cell?.text));
}

/** Leading rows that name the columns: those in <thead>, else leading rows made only of <th> cells. */
function headerRowCount(rows: readonly Row[]): number {
  const inHead = rows.findIndex((row) => !row.inHead);
  if (inHead > 0) return inHead;
  if (inHead === -1) return 0; // only a head: its rows are the data
  let count = 0;
  while (count < rows.length - 1 && rows[count]!.cells.every((cell) => !cell || cell.header)) count++;
  return count;
}

function sentence(text: string): string {
  return /[.!?…:]$/.test(text) ? text : `${text}.`;
}

function distinctCells(row: Row): { cell: Cell; columns: number[] }[] {
  const cells: { cell: Cell; columns: number[] }[] = [];
  row.cells.forEach((cell, column) => {
    if (!cell?.text) return;
    const last = cells.at(-1);
    if (last?.cell === cell) last.columns.push(column);
    else cells.push({ cell, columns: [column] });
  });
  return cells;
}

function rowWithHeaders(row: Row, headers: readonly string[], width: number): string {
  const cells = distinctCells(row);
  // A cell across the whole row is a group label ("Breads"), not a value of one column.
  if (cells.length === 1 && width > 1 && cells[0]!.columns.length === width) return cells[0]!.cell.text;
  const parts: string[] = [];
  let label = '';
  for (const { cell, columns } of cells) {
    const names = [...new Set(columns.map((column) => headers[column]).filter(Boolean))];
    if (names.length) parts.push(`${names.join(' / ')}: ${cell.text}`);
    else if (parts.length === 0 && !label) label = cell.text; // an unnamed first column labels the row
    else parts.push(cell.text);
  }
  if (!parts.length) return label;
  return label ? `${label} — ${parts.join('; ')}` : parts.join('; ');
}

function rowWithoutHeaders(row: Row): string {
  const [first, ...rest] = distinctCells(row).map(({ cell }) => cell.text);
  return rest.length ? `${first}: ${rest.join('; ')}` : (first ?? '');
}

/** The table as text lines, or undefined for a layout table (whose cells are page blocks, not data). */
export function tableToText(table: Element): string | undefined {
  if (isLayoutTable(table)) return undefined;
  const rows = readGrid(table);
  const width = Math.max(0, ...rows.map((row) => row.cells.length));
  const headerCount = headerRowCount(rows);
  const headers = Array.from({ length: width }, (_, column) =>
    [...new Set(rows.slice(0, headerCount).map((row) => row.cells[column]?.text ?? '').filter(Boolean))].join(' '),
  );
  const headerLine = headerCount ? headers.join('|') : undefined;

  const caption = childElements(table, ['CAPTION'])[0];
  const captionText = caption ? cellText(caption) : '';
  const lines: string[] = [];
  let length = 0;
  for (const row of rows.slice(headerCount)) {
    // Long tables repeat their header row; it says nothing new.
    if (headerLine !== undefined && row.cells.map((cell) => cell?.text ?? '').join('|') === headerLine) continue;
    const text = headerLine !== undefined && headers.some(Boolean) ? rowWithHeaders(row, headers, width) : rowWithoutHeaders(row);
    if (!text) continue;
    const line = sentence(text);
    if (length + line.length > TABLE_LIMITS.tableChars) break;
    lines.push(line);
    length += line.length + 1;
  }
  // A table with only a header row still says something: its names.
  if (!lines.length && headerCount) lines.push(...rows.slice(0, headerCount).map(rowWithoutHeaders).filter(Boolean).map(sentence));
  if (!lines.length) return captionText;
  return captionText ? `${captionText}\n\n${lines.join('\n')}` : lines.join('\n');
}
