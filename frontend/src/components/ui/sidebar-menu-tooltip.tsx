import type { ReactElement } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/** A menu button's label beside its icon while the sidebar is collapsed; lazy-loaded by `SidebarMenuButton`. */
export default function SidebarMenuTooltip({ label, hidden, children }: { label: string; hidden: boolean; children: ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right" align="center" hidden={hidden}>
        {label}
      </TooltipContent>
    </Tooltip>
  );
}
