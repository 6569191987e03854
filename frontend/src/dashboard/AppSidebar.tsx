import { BotIcon } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { useRuntimeConfig } from '@/config/runtime-config';
import { DASHBOARD_HOME, dashboardHref, visibleNavigation } from '@/dashboard/navigation';
import { useUnreadConversationCount } from '@/inbox/inbox-queries';

/** The inbox's unread conversations on its sidebar item (hidden while there are none). */
function UnreadBadge() {
  const unread = useUnreadConversationCount().data ?? 0;
  if (unread === 0) return null;
  return (
    <span
      className="ml-auto min-w-5 rounded-full bg-primary px-1.5 text-center text-[11px] font-semibold text-primary-foreground group-data-[collapsible=icon]:hidden"
      // The item's name stays 'Contacts' for assistive technology; the count is its visual note.
      aria-hidden="true"
      title={`${unread} unread conversations`}
      data-testid="sidebar-unread"
    >
      {unread >= 100 ? '99+' : unread}
    </span>
  );
}

export function AppSidebar() {
  const { productName } = useRuntimeConfig();
  const { isMobile, setOpenMobile } = useSidebar();
  const { pathname } = useLocation();
  const isActiveHref = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar>
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip={productName}>
              <Link to={DASHBOARD_HOME} onClick={closeOnMobile}>
                <span className="flex aspect-square size-8 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
                  <BotIcon className="size-4" aria-hidden="true" />
                </span>
                <span className="font-semibold">{productName}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Dashboard">
          {visibleNavigation.map((group) => (
            <SidebarGroup key={group.label}>
              <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
              <SidebarGroupContent>
                <SidebarMenu>
                  {group.items.map((item) => (
                    <SidebarMenuItem key={item.path}>
                      <SidebarMenuButton asChild isActive={isActiveHref(dashboardHref(item))} tooltip={item.title}>
                        <NavLink to={dashboardHref(item)} onClick={closeOnMobile}>
                          <item.icon aria-hidden="true" />
                          <span>{item.title}</span>
                          {item.path === 'contacts' && <UnreadBadge />}
                        </NavLink>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  ))}
                </SidebarMenu>
              </SidebarGroupContent>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
    </Sidebar>
  );
}
