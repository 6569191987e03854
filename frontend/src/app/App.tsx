import type { RuntimeConfig } from '@contracts/runtime-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '@/auth/AuthProvider';
import { RequireAuth } from '@/auth/RequireAuth';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { FullPageSpinner } from '@/components/Spinner';
import { RuntimeConfigContext } from '@/config/runtime-config';
import { DASHBOARD_HOME, dashboardScreens } from '@/dashboard/navigation';
import { useToasterWanted } from '@/lib/notify';
import { createQueryClient } from '@/lib/query-client';

// Route-level code splitting: each page is its own chunk.
const LandingPage = lazy(() => import('@/pages/LandingPage'));
const AuthPage = lazy(() => import('@/pages/AuthPage'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));
const DashboardLayout = lazy(() => import('@/dashboard/DashboardLayout'));
const CreateChatbotPage = lazy(() => import('@/pages/CreateChatbotPage'));
const ConfigurePage = lazy(() => import('@/pages/ConfigurePage'));
const DemoPage = lazy(() => import('@/pages/DemoPage'));
// Billing domain (issue 15): waitlist, its admin view, onboarding.
const WaitlistPage = lazy(() => import('@/pages/WaitlistPage'));
const AdminWaitlistPage = lazy(() => import('@/pages/AdminWaitlistPage'));
const OnboardingPage = lazy(() => import('@/pages/OnboardingPage'));
const ConversationsPage = lazy(() => import('@/pages/ConversationsPage'));
// Teams (issue 12): the invitation e-mail's link.
const InvitationPage = lazy(() => import('@/pages/InvitationPage'));
// Not in the first view: mounted on the first toast (frontend/src/lib/notify.ts).
const AppToaster = lazy(() => import('@/components/AppToaster'));

/** Spec 001 section 2, route table (routes whose screens are not built yet fall through to 404). */
function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/demo" element={<DemoPage />} />
      {/* Billing domain (issue 15). The admin page shows its own signed-out state (spec 001). */}
      <Route path="/waitlist" element={<WaitlistPage />} />
      <Route path="/admin/waitlist" element={<AdminWaitlistPage />} />
      <Route
        path="/onboarding"
        element={
          <RequireAuth>
            <OnboardingPage />
          </RequireAuth>
        }
      />
      <Route
        path="/create-chatbot"
        element={
          <RequireAuth>
            <CreateChatbotPage />
          </RequireAuth>
        }
      />
      <Route
        path="/invitations/:id"
        element={
          <RequireAuth>
            <InvitationPage />
          </RequireAuth>
        }
      />
      <Route
        path="/chatbot-preview"
        element={
          <RequireAuth>
            <ConfigurePage />
          </RequireAuth>
        }
      />
      <Route
        path="/conversations"
        element={
          <RequireAuth>
            <ConversationsPage />
          </RequireAuth>
        }
      />
      <Route
        path="/dashboard"
        element={
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        }
      >
        <Route index element={<Navigate to={DASHBOARD_HOME} replace />} />
        {dashboardScreens.map(({ path, screen: Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createQueryClient);
  const toasterWanted = useToasterWanted();

  return (
    <ErrorBoundary>
      <RuntimeConfigContext.Provider value={config}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <BrowserRouter>
              <Suspense fallback={<FullPageSpinner />}>
                <AppRoutes />
              </Suspense>
            </BrowserRouter>
          </AuthProvider>
        </QueryClientProvider>
      </RuntimeConfigContext.Provider>
      {toasterWanted && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </ErrorBoundary>
  );
}
