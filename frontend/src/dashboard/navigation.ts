import {
  ArrowLeftRightIcon,
  BookOpenIcon,
  BotIcon,
  ChartColumnIcon,
  ContactIcon,
  GraduationCapIcon,
  MicIcon,
  RocketIcon,
  SettingsIcon,
  SlidersHorizontalIcon,
  UsersRoundIcon,
  WorkflowIcon,
  type LucideIcon,
} from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface DashboardItem {
  title: string;
  /** Path under /dashboard. */
  path: string;
  icon: LucideIcon;
  /** The screen, lazy-loaded. Items without one are not built yet: neither shown in the sidebar nor routed. */
  screen?: LazyExoticComponent<ComponentType>;
}

export interface DashboardGroup {
  label: string;
  items: DashboardItem[];
}

/** THE list of dashboard screens (spec 000 section 2, "Dashboard layout and sidebar"). */
export const dashboardNavigation: readonly DashboardGroup[] = [
  {
    label: 'Core Management',
    items: [
      {
        title: 'Assistants',
        path: 'assistants',
        icon: BotIcon,
        screen: lazy(() => import('@/dashboard/screens/AssistantsScreen')),
      },
      {
        title: 'Voice AI',
        path: 'voice',
        icon: MicIcon,
        screen: lazy(() => import('@/dashboard/screens/VoiceScreen')),
      },
      {
        title: 'Contacts',
        path: 'contacts',
        icon: ContactIcon,
        screen: lazy(() => import('@/dashboard/screens/ContactsScreen')),
      },
    ],
  },
  {
    label: 'Configuration',
    items: [
      {
        title: 'Knowledge',
        path: 'knowledge',
        icon: BookOpenIcon,
        screen: lazy(() => import('@/dashboard/screens/KnowledgeScreen')),
      },
      {
        title: 'Training',
        path: 'training',
        icon: GraduationCapIcon,
        screen: lazy(() => import('@/dashboard/screens/TrainingScreen')),
      },
      {
        title: 'Controls',
        path: 'controls',
        icon: SlidersHorizontalIcon,
        screen: lazy(() => import('@/dashboard/screens/ControlsScreen')),
      },
    ],
  },
  {
    label: 'Deployment & Integration',
    items: [
      {
        title: 'Deploy',
        path: 'deploy',
        icon: RocketIcon,
        screen: lazy(() => import('@/dashboard/screens/DeployScreen')),
      },
      {
        title: 'Workflows',
        path: 'workflows',
        icon: WorkflowIcon,
        screen: lazy(() => import('@/dashboard/screens/WorkflowsScreen')),
      },
      {
        title: 'Transfers',
        path: 'transfers',
        icon: ArrowLeftRightIcon,
        screen: lazy(() => import('@/dashboard/screens/TransfersScreen')),
      },
      {
        title: 'Teams',
        path: 'teams',
        icon: UsersRoundIcon,
        screen: lazy(() => import('@/dashboard/screens/TeamsScreen')),
      },
    ],
  },
  {
    label: 'Insights',
    items: [
      {
        title: 'Analytics',
        path: 'analytics',
        icon: ChartColumnIcon,
        screen: lazy(() => import('@/dashboard/screens/AnalyticsScreen')),
      },
    ],
  },
  // Account settings (issue 15).
  {
    label: 'Account',
    items: [
      {
        title: 'Settings',
        path: 'settings',
        icon: SettingsIcon,
        screen: lazy(() => import('@/dashboard/screens/SettingsScreen')),
      },
    ],
  },
];

export type BuiltDashboardItem = DashboardItem & { screen: LazyExoticComponent<ComponentType> };

function isBuilt(item: DashboardItem): item is BuiltDashboardItem {
  return item.screen !== undefined;
}

/** The sidebar: built items only; a group with none is hidden. */
export const visibleNavigation: readonly { label: string; items: BuiltDashboardItem[] }[] = dashboardNavigation
  .map((group) => ({ label: group.label, items: group.items.filter(isBuilt) }))
  .filter((group) => group.items.length > 0);

/** The routes under /dashboard. */
export const dashboardScreens: readonly BuiltDashboardItem[] = visibleNavigation.flatMap((group) => group.items);

export const dashboardHref = (item: DashboardItem): string => `/dashboard/${item.path}`;

/** Spec 001 section 2: the dashboard root redirects to /dashboard/assistants. */
export const DASHBOARD_HOME = '/dashboard/assistants';
