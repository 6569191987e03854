import { InfoIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

/** One figure with its definition (contracts/analytics.ts figureDefinitions) in a tooltip. */
export function FigureCard({
  label,
  value,
  definition,
  note,
  valueClassName,
}: {
  label: string;
  value: ReactNode;
  definition: string;
  note?: ReactNode;
  valueClassName?: string;
}) {
  return (
    <Card className="gap-2" role="group" aria-label={label}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardDescription>{label}</CardDescription>
        <Tooltip>
          <TooltipTrigger asChild>
            <button type="button" className="text-muted-foreground hover:text-foreground" aria-label={`How ${label} is counted`}>
              <InfoIcon className="size-4" aria-hidden="true" />
            </button>
          </TooltipTrigger>
          <TooltipContent className="max-w-xs">{definition}</TooltipContent>
        </Tooltip>
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <span className={cn('text-3xl font-bold tabular-nums', valueClassName)}>{value}</span>
        {note && <span className="text-xs text-muted-foreground">{note}</span>}
      </CardContent>
    </Card>
  );
}

/** A chart or list card with a title and the definition under it. */
export function SectionCard({ title, definition, children }: { title: string; definition: string; children: ReactNode }) {
  return (
    <Card role="region" aria-label={title}>
      <CardHeader className="flex flex-col gap-1">
        <h3 className="font-semibold leading-none">{title}</h3>
        <CardDescription>{definition}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
