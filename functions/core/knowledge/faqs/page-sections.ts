/**
 * A crawled page's markdown (as the crawler writes it: ATX headings, `-`/`1.` lists, `**bold**`)
 * read as sections: each heading with the paragraphs and lists under it, up to the next heading.
 */

export type SectionBlock =
  | { kind: 'paragraph'; text: string; /** The whole paragraph was bold: how many sites mark a question. */ emphasised: boolean }
  | { kind: 'list'; items: string[] };

export type PageSection = {
  /** Null for the text before the page's first heading. */
  heading: string | null;
  level: number;
  blocks: SectionBlock[];
};

const headingLine = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const listItem = /^(?:[-*+]|\d{1,3}[.)])\s+(.*)$/;
const wholeBold = /^(?:\*\*|__)(.+?)(?:\*\*|__)[:.]?$/;

/** Markdown emphasis, code marks and blockquote markers removed; whitespace collapsed. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^\s*>\s?/gm, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

export function pageSections(markdown: string): PageSection[] {
  const sections: PageSection[] = [{ heading: null, level: 0, blocks: [] }];
  const current = () => sections[sections.length - 1]!;
  for (const raw of markdown.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    let paragraph: string[] = [];
    let items: string[] = [];
    const endParagraph = () => {
      const joined = paragraph.join(' ').trim();
      if (joined) {
        const bold = wholeBold.exec(joined);
        const text = plainText(bold ? bold[1]! : joined);
        if (text) current().blocks.push({ kind: 'paragraph', text, emphasised: Boolean(bold) });
      }
      paragraph = [];
    };
    const endList = () => {
      const texts = items.map(plainText).filter(Boolean);
      if (texts.length) current().blocks.push({ kind: 'list', items: texts });
      items = [];
    };
    for (const line of raw.split('\n')) {
      const tidy = line.trim();
      if (!tidy) continue;
      const heading = headingLine.exec(tidy);
      if (heading) {
        endParagraph();
        endList();
        const text = plainText(heading[2]!);
        if (text) sections.push({ heading: text, level: heading[1]!.length, blocks: [] });
        continue;
      }
      const item = listItem.exec(tidy);
      if (item) {
        endParagraph();
        items.push(item[1]!);
      } else if (items.length && /^\s{2,}/.test(line)) {
        // A wrapped list item continues on an indented line.
        items[items.length - 1] += ` ${tidy}`;
      } else {
        endList();
        paragraph.push(tidy);
      }
    }
    endParagraph();
    endList();
  }
  return sections.filter((section) => section.heading !== null || section.blocks.length > 0);
}
