import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A determinate progress bar, 0 to 100. */
export function Progress({
  value,
  className,
  indicatorClassName,
  ...props
}: ComponentProps<'div'> & { value: number; indicatorClassName?: string }) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <div
        className={cn('h-full bg-primary transition-[width] duration-500', indicatorClassName)}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
