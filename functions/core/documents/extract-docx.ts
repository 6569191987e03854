import { Parser } from 'htmlparser2';
import { unprocessableDocument } from './document-errors.js';
import { LIMIT_MESSAGES, MAX_UNPACKED_BYTES, MAX_XML_DEPTH, MAX_XML_NODES, STOP_READING_CHARS } from './extraction-limits.js';
import { readZipEntry, UnpackLimitError, zipEntries, type ZipEntry } from './zip-directory.js';

export const DAMAGED_WORD_MESSAGE =
  'This Word document could not be read: it may be damaged or password-protected. Please save it again without a password, or as a PDF.';

/** The parts whose text becomes knowledge: the body (with its text boxes), footnotes and endnotes. */
const PARTS = ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml'];

/** Stops the parser from inside a callback; turned into the 422 of the limit it names. */
class LimitPassed extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
  }
}

/**
 * Text of a .docx (WordprocessingML in a ZIP archive), read under hard limits: the archive's parts are
 * inflated with a cap on the bytes they produce together, and the XML is read by a streaming parser
 * that counts elements and nesting and stops at the first limit passed. Paragraphs end in a line
 * break, table cells are separated by tabs and rows by line breaks; deleted text, field codes and
 * the duplicate (VML fallback) copies of text boxes are left out.
 */
export function extractDocxText(bytes: Uint8Array): string {
  const entries = zipEntries(bytes);
  const byName = new Map<string, ZipEntry>(entries?.map((entry) => [entry.name, entry]) ?? []);
  if (!byName.has('word/document.xml')) throw unprocessableDocument(DAMAGED_WORD_MESSAGE);
  const reader = new WordXmlReader();
  let unpacked = 0;
  try {
    for (const name of PARTS) {
      const entry = byName.get(name);
      if (!entry) continue;
      const xml = readZipEntry(bytes, entry, MAX_UNPACKED_BYTES - unpacked);
      unpacked += xml.length;
      reader.read(xml);
    }
  } catch (error) {
    if (error instanceof LimitPassed) throw unprocessableDocument(error.userMessage);
    if (error instanceof UnpackLimitError) throw unprocessableDocument(LIMIT_MESSAGES.unpacked);
    throw unprocessableDocument(DAMAGED_WORD_MESSAGE);
  }
  return reader.text();
}

class WordXmlReader {
  private readonly body: string[] = [];
  private readonly boxes: string[] = [];
  private readonly notes: string[] = [];
  private nodes = 0;
  private chars = 0;

  read(xml: Buffer): void {
    // Where text goes now, and the elements that decide whether text counts.
    let current = this.body;
    let depth = 0;
    let inText = 0;
    let inRun = 0;
    let skipped = 0;
    const boxStack: string[][] = [];
    const push = (text: string) => {
      this.chars += text.length;
      if (this.chars > STOP_READING_CHARS) throw new LimitPassed(LIMIT_MESSAGES.tooMuchText);
      current.push(text);
    };
    const parser = new Parser(
      {
        onopentag: (name, attributes) => {
          depth++;
          this.nodes++;
          if (depth > MAX_XML_DEPTH) throw new LimitPassed(LIMIT_MESSAGES.depth);
          if (this.nodes > MAX_XML_NODES) throw new LimitPassed(LIMIT_MESSAGES.nodes);
          if (skipped) {
            skipped++;
            return;
          }
          switch (name) {
            case 'w:document':
              current = this.body;
              break;
            case 'w:footnotes':
            case 'w:endnotes':
              current = this.notes;
              break;
            case 'w:footnote':
            case 'w:endnote':
              // Separators and continuation notices are typed; real notes are not.
              if (attributes['w:type']) skipped = 1;
              break;
            // Deleted text, field codes, and the old-style copy Word writes beside each modern text box.
            case 'w:del':
            case 'w:instrText':
            case 'mc:Fallback':
              skipped = 1;
              break;
            case 'w:txbxContent':
              boxStack.push(current);
              current = [];
              break;
            case 'w:r':
              inRun++;
              break;
            case 'w:t':
              inText++;
              break;
            case 'w:tab':
              if (inRun) push('\t');
              break;
            case 'w:br':
            case 'w:cr':
              if (inRun) push('\n');
              break;
            case 'w:noBreakHyphen':
              if (inRun) push('-');
              break;
          }
        },
        ontext: (text) => {
          if (inText && !skipped) push(text);
        },
        onclosetag: (name) => {
          depth--;
          if (skipped) {
            skipped--;
            return;
          }
          switch (name) {
            case 'w:t':
              inText--;
              break;
            case 'w:r':
              inRun--;
              break;
            case 'w:p':
            case 'w:tr':
              current.push('\n');
              break;
            case 'w:tc':
              if (current.at(-1) === '\n') current.pop();
              current.push('\t');
              break;
            case 'w:txbxContent': {
              const box = current.join('').trim();
              current = boxStack.pop() ?? this.body;
              if (box) this.boxes.push(box);
              break;
            }
          }
        },
      },
      { xmlMode: true, decodeEntities: true },
    );
    parser.end(xml.toString('utf8'));
  }

  /** As the chunker expects: paragraphs apart by a blank line, the body first, then text boxes and notes. */
  text(): string {
    return [this.body.join(''), this.boxes.join('\n'), this.notes.join('')]
      .map((part) => part.replace(/\n/g, '\n\n'))
      .filter((part) => part.trim())
      .join('\n\n');
  }
}
