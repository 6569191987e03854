import { useMemo } from 'react';
import { splitMessageLinks } from '@/lib/chat-links';
import { cn } from '@/lib/cn';

/**
 * An assistant reply with its links made clickable (spec 001 'Demo page': markdown links and bare URLs,
 * opened in a new tab). Text stays text: nothing is injected as HTML.
 */
export function MessageText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  const parts = useMemo(() => splitMessageLinks(text), [text]);
  return (
    <>
      {parts.map((part, index) =>
        part.type === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className={cn('font-medium underline underline-offset-2 break-all', linkClassName)}
          >
            {part.label}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
