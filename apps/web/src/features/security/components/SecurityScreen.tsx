import { useSession } from '@/features/auth';
import { usePageTitle } from '@/features/config';
import { PageHeader } from '@/components/ui/States';
import { ApiTokensSection } from './ApiTokensSection';
import { PasskeysSection } from './PasskeysSection';
import { PasswordSection } from './PasswordSection';
import { PublishQuestionSection } from './PublishQuestionSection';
import { ReauthenticationProvider } from './ReauthenticationProvider';
import { SessionsSection } from './SessionsSection';
import { TimeZoneSection } from './TimeZoneSection';
import { TwoFactorSection } from './TwoFactorSection';

export function SecurityScreen() {
  usePageTitle('Security');
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title="Security"
        subtitle={`How ${user?.username ?? 'your account'} signs in, and where it is signed in.`}
      />
      <ReauthenticationProvider>
        <div className="space-y-5">
          <TwoFactorSection />
          <PasskeysSection />
          <SessionsSection />
          <ApiTokensSection />
          <PasswordSection />
          <TimeZoneSection />
          <PublishQuestionSection />
        </div>
      </ReauthenticationProvider>
    </>
  );
}
