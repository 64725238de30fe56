import type { ComponentType, ReactNode } from 'react';

interface SecuritySectionProps {
  id: string;
  title: string;
  icon: ComponentType<{ className?: string }>;
  description: ReactNode;
  /** e.g. an On/Off badge next to the title */
  status?: ReactNode;
  children: ReactNode;
}

/** One card of the Security screen: a named region with its heading, what it is for, and its controls. */
export function SecuritySection({ id, title, icon: Icon, description, status, children }: SecuritySectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-zinc-200 bg-white p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="rounded-xl bg-brand-50 p-2 text-brand-600" aria-hidden="true">
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="font-semibold text-zinc-900">
              {title}
            </h2>
            {status}
          </div>
          <p className="mt-1 text-sm text-zinc-600">{description}</p>
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
