import { DeleteAccountSection } from '@/dashboard/settings/DeleteAccountSection';
import { PasswordSection } from '@/dashboard/settings/PasswordSection';
import { PlanSection } from '@/dashboard/settings/PlanSection';
import { ProfileSection } from '@/dashboard/settings/ProfileSection';

/** /dashboard/settings: business name, e-mail, password, plan and billing, delete account (issue 15). */
export default function SettingsScreen() {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h2 className="text-2xl font-bold tracking-tight">Account Settings</h2>
      <ProfileSection />
      <PasswordSection />
      <PlanSection />
      <DeleteAccountSection />
    </div>
  );
}
