import { LogOutIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useAuth } from '@/auth/auth-context';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { AppSidebar } from '@/dashboard/AppSidebar';

/** /dashboard/*: sidebar, header and the current screen. The route is guarded by RequireAuth. */
export default function DashboardLayout() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setSigningOut(true);
    await signOut();
    void navigate('/', { replace: true });
  };

  return (
    <SidebarProvider>
      <AppSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
          <h1 className="text-lg font-semibold">Dashboard</h1>
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <span className="max-w-[40vw] truncate text-sm text-muted-foreground" title={user?.email}>
              {user?.email}
            </span>
            <Button variant="outline" size="sm" onClick={() => void handleSignOut()} disabled={signingOut}>
              <LogOutIcon aria-hidden="true" />
              Sign Out
            </Button>
          </div>
        </header>
        <div className="flex flex-1 flex-col p-4 md:p-6">
          <Suspense
            fallback={
              <div className="flex flex-1 items-center justify-center py-16">
                <Spinner />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
