import { usePageTitle } from '@/features/config';
import { useSession } from '@/features/auth';
import { ButtonLink } from '@/components/ui/Button';
import { KeyIcon, ShieldIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/States';

const SECTIONS = [
  {
    title: 'Two-factor authentication',
    icon: ShieldIcon,
    text: 'A code from an authenticator app as a second step at sign-in, with backup codes for when the phone is not at hand.',
  },
  {
    title: 'Passkeys',
    icon: KeyIcon,
    text: 'Sign in with your fingerprint, face or device PIN instead of a password. Each passkey is listed here by device.',
  },
] as const;

export function SecurityScreen() {
  usePageTitle('Security');
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title="Security"
        subtitle={`How ${user?.username ?? 'your account'} signs in, and what protects it.`}
      />
      <div className="grid gap-4 md:grid-cols-2">
        {SECTIONS.map(({ title, icon: Icon, text }) => (
          <section
            key={title}
            aria-labelledby={`${title.replace(/\W+/g, '-')}-heading`}
            className="rounded-2xl border border-zinc-200 bg-white p-5"
          >
            <div className="flex items-center gap-3">
              <span className="rounded-xl bg-brand-50 p-2 text-brand-600">
                <Icon />
              </span>
              <h2 id={`${title.replace(/\W+/g, '-')}-heading`} className="font-semibold text-zinc-900">
                {title}
              </h2>
            </div>
            <p className="mt-3 text-sm text-zinc-600">{text}</p>
          </section>
        ))}
      </div>
      <p className="mt-6 text-sm text-zinc-600">
        Your password is stored only as a salted hash, and signing out ends the session on the server.{' '}
        <ButtonLink to="/dashboard" variant="ghost" size="sm" className="px-1 text-brand-700">
          Back to my videos
        </ButtonLink>
      </p>
    </>
  );
}
