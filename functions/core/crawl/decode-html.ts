/**
 * Bytes to text for an HTML page: the charset of the Content-Type header, else a byte-order mark, else a
 * `<meta charset>` in the first kilobytes, else UTF-8. Unknown labels fall back to UTF-8.
 */

function charsetOf(contentTypeHeader: string): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentTypeHeader)?.[1];
}

function sniffBom(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function sniffMeta(body: Buffer): string | undefined {
  const head = body.subarray(0, 4096).toString('latin1');
  return (
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(head)?.[1]
  );
}

function decoder(label: string | undefined): TextDecoder {
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

export function decodeHtml(body: Buffer, contentTypeHeader = ''): string {
  const label = sniffBom(body) ?? charsetOf(contentTypeHeader) ?? sniffMeta(body);
  return decoder(label).decode(body);
}
