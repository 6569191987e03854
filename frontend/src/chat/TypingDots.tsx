/** Three bouncing dots; the label is read by screen readers. (No cn: the landing chat chunk stays dependency-free.) */
export function TypingDots({ label, className }: { label: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={`inline-flex items-center gap-1 ${className ?? ''}`}>
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className="size-2 animate-bounce rounded-full bg-current opacity-60"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}
