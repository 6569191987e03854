import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A labelled field of the workflow dialog, with its hint or its error (announced). */
export function FormField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Marks the control with id `id` invalid and points it at its error text. */
export const invalidProps = (id: string, error?: string) => (error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});
