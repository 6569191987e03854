import { initialsOf } from '@contracts/takeover';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * A person of the business as visitors and the inbox see them: their picture (Settings > Profile), or
 * their initials when they have none or it fails to load. Decorative: their name is written beside it.
 */
export function PersonAvatar({ name, avatar, className }: { name: string; avatar?: string; className?: string }) {
  const [failed, setFailed] = useState<string>();
  const picture = avatar && failed !== avatar ? avatar : undefined;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-5 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-[9px] font-semibold text-primary-foreground',
        className,
      )}
    >
      {picture ? <img src={picture} alt="" className="size-full object-cover" onError={() => setFailed(picture)} /> : initialsOf(name)}
    </span>
  );
}
