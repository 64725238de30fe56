import { useState } from 'react';
import { roleCan, type CreateRuleBody, type Project, type Rule } from '@fanout/contracts';
import { ReadOnlyNote } from '@/features/projects';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { ErrorState, Skeleton } from '@/components/ui/States';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCreateRule, useDeleteRule, useRules, useUpdateRule } from '../api/rules-api';
import { RuleForm } from './RuleForm';
import { actionText, conditionText, TRIGGER_LABELS } from './rule-text';

const OUTCOME_CLASSES: Record<string, string> = {
  succeeded: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
  running: 'bg-zinc-100 text-zinc-800',
  skipped: 'bg-zinc-100 text-zinc-800',
};

interface RuleCardProps {
  rule: Rule;
  /** Left out for a role that may only read the rules (a reviewer or a client). */
  onEdit?: () => void;
  projectId: number;
}

function RuleCard({ rule, onEdit, projectId }: RuleCardProps) {
  const update = useUpdateRule(projectId);
  const remove = useDeleteRule(projectId);
  const toast = useToast();
  const headingId = `rule-${rule.id}-name`;

  async function toggle(enabled: boolean) {
    try {
      await update.mutateAsync({ id: rule.id, body: { enabled } });
    } catch (err) {
      toast.show(errorMessage(err, 'The rule could not be changed.'), 'error');
    }
  }
  async function onDelete() {
    if (!window.confirm(`Delete the rule “${rule.name}”?`)) return;
    try {
      await remove.mutateAsync(rule.id);
      toast.show(`Rule “${rule.name}” deleted.`, 'success');
    } catch (err) {
      toast.show(errorMessage(err, 'The rule could not be deleted.'), 'error');
    }
  }

  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-zinc-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-medium text-zinc-900">
            {rule.name}
          </h3>
          <p className="mt-0.5 text-sm text-zinc-600">
            {TRIGGER_LABELS[rule.trigger]}
            {rule.conditions.length > 0 && ` and ${rule.conditions.map(conditionText).join(' and ')}`}
            {': '}
            {rule.actions.map(actionText).join(', then ')}.
          </p>
        </div>
        {onEdit ? (
          <div className="flex items-center gap-2">
            <label className="flex items-center gap-1.5 text-sm text-zinc-800">
              <input
                type="checkbox"
                role="switch"
                checked={update.isPending ? (update.variables.body.enabled ?? rule.enabled) : rule.enabled}
                disabled={update.isPending}
                onChange={(e) => void toggle(e.target.checked)}
                aria-label={`Rule ${rule.name} enabled`}
              />
              Enabled
            </label>
            <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit rule ${rule.name}`}>
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              busy={remove.isPending}
              onClick={() => void onDelete()}
              aria-label={`Delete rule ${rule.name}`}
            >
              Delete
            </Button>
          </div>
        ) : (
          <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium text-zinc-800">
            {rule.enabled ? 'Enabled' : 'Off'}
          </span>
        )}
      </div>
      <h4 className="mt-3 text-xs font-medium uppercase tracking-wide text-zinc-600">Recent runs</h4>
      {rule.recentRuns.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-600">Not run yet.</p>
      ) : (
        <ul className="mt-1 space-y-1" aria-label={`Recent runs of ${rule.name}`}>
          {rule.recentRuns.map((run) => (
            <li key={run.id} className="flex flex-wrap items-baseline gap-2 text-sm">
              <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${OUTCOME_CLASSES[run.outcome] ?? ''}`}>
                {run.outcome}
              </span>
              <time dateTime={run.at} className="text-zinc-600">
                {formatDateTime(run.at)}
              </time>
              <span className="text-zinc-800">{run.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Project Settings → Rules: when something happens in the project, do something by itself. */
export function RulesSection({ project }: { project: Project }) {
  const rules = useRules(project.id);
  const create = useCreateRule(project.id);
  const update = useUpdateRule(project.id);
  const toast = useToast();
  const [editing, setEditing] = useState<Rule | 'new'>();
  const canChange = roleCan(project.role, 'edit');
  const close = () => setEditing(undefined);

  async function save(body: CreateRuleBody) {
    if (editing === 'new') await create.mutateAsync(body);
    else if (editing) await update.mutateAsync({ id: editing.id, body });
    toast.show(`Rule “${body.name}” saved.`, 'success');
    close();
  }

  return (
    <section
      id="rules"
      aria-labelledby="rules-heading"
      className="rounded-2xl border border-zinc-200 bg-white p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="rules-heading" className="font-semibold text-zinc-900">
            Rules
          </h2>
          <p className="mt-1 text-sm text-zinc-600">
            When a video is uploaded or saved, or a post is published or fails, apply a template, queue it or call a
            webhook. Every run is in Activity.
          </p>
        </div>
        {canChange && <Button onClick={() => setEditing('new')}>New rule</Button>}
      </div>
      {!canChange && <ReadOnlyNote className="mt-4" role={project.role} what="this project's rules" />}
      <div className="mt-4">
        {rules.isPending ? (
          <div role="status">
            <span className="sr-only">Loading rules…</span>
            <Skeleton className="h-20 w-full rounded-xl" />
          </div>
        ) : rules.isError ? (
          <ErrorState title="The rules could not be loaded" onRetry={() => rules.refetch()} />
        ) : rules.data.length === 0 ? (
          <p className="text-sm text-zinc-600">No rules yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Rules">
            {rules.data.map((rule) => (
              <RuleCard
                key={rule.id}
                rule={rule}
                projectId={project.id}
                onEdit={canChange ? () => setEditing(rule) : undefined}
              />
            ))}
          </ul>
        )}
      </div>
      <Modal
        open={editing !== undefined}
        onClose={close}
        size="lg"
        title={editing === 'new' || !editing ? 'New rule' : `Edit ${editing.name}`}
      >
        {editing !== undefined && (
          <RuleForm
            rule={editing === 'new' ? undefined : editing}
            busy={create.isPending || update.isPending}
            onSubmit={save}
            onCancel={close}
          />
        )}
      </Modal>
    </section>
  );
}
