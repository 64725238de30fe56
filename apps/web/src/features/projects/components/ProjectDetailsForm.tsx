import { useState } from 'react';
import { PROJECT_COLOR_PAIRS, type Project } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { CheckIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/api-client';
import { projectInitials } from '@/lib/format';
import { useUpdateProject } from '../api/update-project';
import { ProjectBadge } from './ProjectBadge';

export function ProjectDetailsForm({ project }: { project: Project }) {
  const [name, setName] = useState(project.name);
  const [initials, setInitials] = useState(project.initials);
  const [initialsEdited, setInitialsEdited] = useState(false);
  const [colors, setColors] = useState<readonly [string, string]>([project.color1, project.color2]);
  const update = useUpdateProject();
  const toast = useToast();

  const nameError = name.trim() ? undefined : 'Project name is required';
  const initialsError = initials.trim() ? undefined : 'Initials are required';
  const changed =
    name.trim() !== project.name ||
    initials.trim() !== project.initials ||
    colors[0] !== project.color1 ||
    colors[1] !== project.color2;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (nameError || initialsError || !changed) return;
    try {
      await update.mutateAsync({
        id: project.id,
        body: { name: name.trim(), initials: initials.trim(), color1: colors[0], color2: colors[1] },
      });
      toast.show('Project saved.', 'success');
    } catch (error) {
      toast.show(errorMessage(error, 'The project could not be saved.'), 'error');
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="general-heading"
      className="rounded-2xl border border-zinc-200 bg-white"
    >
      <div className="space-y-5 p-5 sm:p-6">
        <h2 id="general-heading" className="font-semibold text-zinc-900">
          General
        </h2>
        <div className="flex items-center gap-4">
          <ProjectBadge initials={initials.trim() || '?'} color1={colors[0]} color2={colors[1]} size="lg" />
          <p className="text-sm text-zinc-500">
            This badge marks the workspace in the sidebar and the workspace switcher.
          </p>
        </div>
        <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
          <TextField
            label="Project name"
            value={name}
            maxLength={80}
            onChange={(e) => {
              setName(e.target.value);
              if (!initialsEdited) setInitials(projectInitials(e.target.value));
            }}
            error={nameError}
          />
          <TextField
            label="Initials"
            value={initials}
            maxLength={2}
            onChange={(e) => {
              setInitials(e.target.value.toUpperCase());
              setInitialsEdited(true);
            }}
            error={initialsError}
          />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-zinc-800">Colours</legend>
          <div className="flex flex-wrap gap-3">
            {PROJECT_COLOR_PAIRS.map(([c1, c2]) => {
              const selected = colors[0] === c1 && colors[1] === c2;
              return (
                <label key={c1 + c2} className="cursor-pointer">
                  <input
                    type="radio"
                    name="colors"
                    className="peer sr-only"
                    checked={selected}
                    onChange={() => setColors([c1, c2])}
                    aria-label={`${c1} to ${c2}`}
                  />
                  <span
                    className={cn(
                      'flex size-10 items-center justify-center rounded-xl text-white ring-offset-2 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600',
                      selected && 'ring-2 ring-zinc-900',
                    )}
                    style={{ backgroundImage: `linear-gradient(135deg, ${c1}, ${c2})` }}
                  >
                    {selected && <CheckIcon className="size-4" />}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      </div>
      <div className="flex justify-end border-t border-zinc-100 px-5 py-4 sm:px-6">
        <Button type="submit" disabled={!changed || Boolean(nameError || initialsError)} busy={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
