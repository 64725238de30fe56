import type { ReactNode } from 'react';
import { ButtonLink } from './Button';
import { EmptyState, PageHeader } from './States';

interface EmptyPageProps {
  title: string;
  subtitle: string;
  icon: ReactNode;
  emptyTitle: string;
  /** The first is the main action. */
  links: readonly { to: string; label: string }[];
  children: ReactNode;
}

/** A screen with nothing to list yet: its heading, what will appear here, and where to go meanwhile. */
export function EmptyPage({ title, subtitle, icon, emptyTitle, links, children }: EmptyPageProps) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <EmptyState
        icon={icon}
        title={emptyTitle}
        action={links.map((link, i) => (
          <ButtonLink key={link.to} to={link.to} variant={i === 0 ? 'primary' : 'secondary'}>
            {link.label}
          </ButtonLink>
        ))}
      >
        {children}
      </EmptyState>
    </>
  );
}
