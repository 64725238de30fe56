import { useId, useState } from 'react';
import type { Project, UpdateProjectBody } from '@fanout/contracts';
import { Checkbox } from '@/components/ui/Checkbox';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateProject } from '../api/update-project';

type Setting = 'needsApproval' | 'clientsSeeAnalytics';

const SETTINGS: { key: Setting; label: string; hint: string }[] = [
  {
    key: 'needsApproval',
    label: 'Posts need approval',
    hint:
      'Posts made by editors, or with an API token (yours too), wait for you, a reviewer or a client to approve ' +
      'them, and are never published before. Yours made here go out as scheduled.',
  },
  {
    key: 'clientsSeeAnalytics',
    label: 'Clients see analytics',
    hint: 'Clients of this project may read its analytics.',
  },
];

/** The owner's switches for the team: approval before publishing, and what clients may read. */
export function ApprovalSettingsSection({ project }: { project: Project }) {
  const update = useUpdateProject();
  const toast = useToast();
  const id = useId();
  // Shown as chosen at once; put back if the server refuses.
  const [values, setValues] = useState<Record<Setting, boolean>>({
    needsApproval: project.needsApproval ?? false,
    clientsSeeAnalytics: project.clientsSeeAnalytics ?? false,
  });
  if (project.role !== 'owner') return null;

  const change = (key: Setting, value: boolean) => {
    setValues((now) => ({ ...now, [key]: value }));
    const body: UpdateProjectBody = { [key]: value };
    update.mutate(
      { id: project.id, body },
      {
        onError: (err) => {
          setValues((now) => ({ ...now, [key]: !value }));
          toast.show(errorMessage(err, 'The setting could not be saved.'), 'error');
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-zinc-200 bg-white p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="font-semibold text-zinc-900">
        Team
      </h2>
      <div className="mt-3 space-y-4">
        {SETTINGS.map(({ key, label, hint }) => (
          <div key={key} className="flex items-start gap-3">
            <Checkbox
              id={`${id}-${key}`}
              className="mt-0.5"
              checked={values[key]}
              aria-describedby={`${id}-${key}-hint`}
              onChange={(event) => change(key, event.target.checked)}
            />
            <div>
              <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-zinc-900">
                {label}
              </label>
              <p id={`${id}-${key}-hint`} className="text-sm text-zinc-600">
                {hint}
              </p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
