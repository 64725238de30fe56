import { useState, type FormEvent } from 'react';
import {
  CreateRuleBody,
  PLATFORMS,
  RULE_CONDITION_FIELDS,
  RULE_FIELD_OPS,
  RULE_TRIGGERS,
  type PlatformKey,
  type Rule,
  type RuleConditionField,
  type RuleConditionOp,
  type RuleTrigger,
} from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { inputClasses, TextAreaField, TextField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { FIELD_LABELS, OP_LABELS, TRIGGER_LABELS } from './rule-text';

interface ConditionDraft {
  field: RuleConditionField;
  op: RuleConditionOp;
  value: string;
}

type ActionDraft =
  | { type: 'apply_template'; title: string; description: string; tags: string }
  | { type: 'queue'; platforms: PlatformKey[] }
  | { type: 'webhook'; url: string; secret: string };

const NEW_ACTION: Record<ActionDraft['type'], ActionDraft> = {
  apply_template: { type: 'apply_template', title: '', description: '', tags: '' },
  queue: { type: 'queue', platforms: [] },
  webhook: { type: 'webhook', url: '', secret: '' },
};

const ACTION_LABELS: Record<ActionDraft['type'], string> = {
  apply_template: 'Apply a details template',
  queue: 'Add to the queue',
  webhook: 'Send a webhook',
};

function draftsOf(rule?: Rule) {
  return {
    name: rule?.name ?? '',
    trigger: rule?.trigger ?? ('video.uploaded' as RuleTrigger),
    conditions: (rule?.conditions ?? []).map((c) => ({ ...c, value: String(c.value) })),
    actions: (rule?.actions ?? []).map((a): ActionDraft => {
      if (a.type === 'apply_template') {
        return {
          type: a.type,
          title: a.title ?? '',
          description: a.description ?? '',
          tags: (a.tags ?? []).join(', '),
        };
      }
      return a.type === 'queue' ? { ...a, platforms: [...a.platforms] } : { ...a };
    }),
    ...(rule ? {} : { actions: [NEW_ACTION.webhook] }),
  };
}

/** The drafts as a request body; the contract's own checks say what is wrong. */
function toBody(d: ReturnType<typeof draftsOf>, enabled: boolean) {
  return CreateRuleBody.safeParse({
    name: d.name,
    enabled,
    trigger: d.trigger,
    conditions: d.conditions.map((c) => ({
      ...c,
      value: c.field === 'duration' && c.value.trim() !== '' ? Number(c.value) : c.value,
    })),
    actions: d.actions.map((a) => {
      if (a.type !== 'apply_template') return a;
      const tags = a.tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      return {
        type: a.type,
        ...(a.title.trim() ? { title: a.title.trim() } : {}),
        ...(a.description.trim() ? { description: a.description } : {}),
        ...(tags.length ? { tags } : {}),
      };
    }),
  });
}

const selectClasses = inputClasses;

interface RuleFormProps {
  rule?: Rule;
  busy: boolean;
  onSubmit: (body: CreateRuleBody) => Promise<void>;
  onCancel: () => void;
}

/** Create or edit a rule: its trigger, its conditions (all must hold) and its actions, in order. */
export function RuleForm({ rule, busy, onSubmit, onCancel }: RuleFormProps) {
  const [draft, setDraft] = useState(() => draftsOf(rule));
  const [error, setError] = useState<string>();
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setCondition = (i: number, patch: Partial<ConditionDraft>) =>
    set({ conditions: draft.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const setAction = (i: number, next: ActionDraft) =>
    set({ actions: draft.actions.map((a, j) => (j === i ? next : a)) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = toBody(draft, rule?.enabled ?? true);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError(issue.message);
      return;
    }
    setError(undefined);
    try {
      await onSubmit(parsed.data);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The rule could not be saved.');
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-5"
      aria-label={rule ? `Edit rule ${rule.name}` : 'New rule'}
    >
      <FormAlert message={error} />
      <TextField
        label="Rule name"
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
        maxLength={100}
        required
      />
      <div>
        <label htmlFor="rule-trigger" className="mb-1.5 block text-sm font-medium text-zinc-800">
          When
        </label>
        <select
          id="rule-trigger"
          className={selectClasses}
          value={draft.trigger}
          onChange={(e) => set({ trigger: e.target.value as RuleTrigger })}
        >
          {RULE_TRIGGERS.map((t) => (
            <option key={t} value={t}>
              {TRIGGER_LABELS[t]}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-zinc-800">Only if (all hold)</legend>
        {draft.conditions.length === 0 && <p className="text-sm text-zinc-600">Always: no conditions.</p>}
        {draft.conditions.map((c, i) => (
          <div key={i} className="grid grid-cols-[1fr_1fr_1fr_auto] items-end gap-2">
            <label className="text-xs text-zinc-700">
              Condition {i + 1} field
              <select
                className={selectClasses}
                value={c.field}
                onChange={(e) => {
                  const field = e.target.value as RuleConditionField;
                  setCondition(i, {
                    field,
                    op: RULE_FIELD_OPS[field][0]!,
                    value: field === 'platform' ? 'youtube' : '',
                  });
                }}
              >
                {RULE_CONDITION_FIELDS.map((f) => (
                  <option key={f} value={f}>
                    {FIELD_LABELS[f]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-xs text-zinc-700">
              Condition {i + 1} comparison
              <select
                className={selectClasses}
                value={c.op}
                onChange={(e) => setCondition(i, { op: e.target.value as RuleConditionOp })}
              >
                {RULE_FIELD_OPS[c.field].map((op) => (
                  <option key={op} value={op}>
                    {OP_LABELS[op]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-xs text-zinc-700">
              Condition {i + 1} value
              {c.field === 'platform' ? (
                <select
                  className={selectClasses}
                  value={c.value}
                  onChange={(e) => setCondition(i, { value: e.target.value })}
                >
                  {PLATFORMS.map((p) => (
                    <option key={p.key} value={p.key}>
                      {p.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  className={selectClasses}
                  type={c.field === 'duration' ? 'number' : 'text'}
                  min={c.field === 'duration' ? 0 : undefined}
                  value={c.value}
                  onChange={(e) => setCondition(i, { value: e.target.value })}
                />
              )}
            </label>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => set({ conditions: draft.conditions.filter((_, j) => j !== i) })}
              aria-label={`Remove condition ${i + 1}`}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => set({ conditions: [...draft.conditions, { field: 'title', op: 'contains', value: '' }] })}
        >
          Add condition
        </Button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-zinc-800">Then</legend>
        {draft.actions.map((a, i) => (
          <div key={i} className="space-y-3 rounded-xl border border-zinc-200 p-3">
            <div className="flex items-end gap-2">
              <label className="flex-1 text-xs text-zinc-700">
                Action {i + 1}
                <select
                  className={selectClasses}
                  value={a.type}
                  onChange={(e) => setAction(i, NEW_ACTION[e.target.value as ActionDraft['type']])}
                >
                  {Object.entries(ACTION_LABELS).map(([type, label]) => (
                    <option key={type} value={type}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => set({ actions: draft.actions.filter((_, j) => j !== i) })}
                aria-label={`Remove action ${i + 1}`}
              >
                Remove
              </Button>
            </div>
            {a.type === 'webhook' && (
              <>
                <TextField
                  label="Webhook URL"
                  type="url"
                  value={a.url}
                  placeholder="https://example.com/hooks/fanout"
                  onChange={(e) => setAction(i, { ...a, url: e.target.value })}
                />
                <TextField
                  label="Signing secret"
                  value={a.secret}
                  hint="Each request carries X-Fanout-Signature: sha256= the HMAC-SHA256 of its body with this secret."
                  onChange={(e) => setAction(i, { ...a, secret: e.target.value })}
                />
              </>
            )}
            {a.type === 'apply_template' && (
              <>
                <TextField
                  label="Title"
                  value={a.title}
                  hint="{title} stands for the video’s title. Empty: unchanged."
                  onChange={(e) => setAction(i, { ...a, title: e.target.value })}
                />
                <TextAreaField
                  label="Description"
                  value={a.description}
                  rows={3}
                  onChange={(e) => setAction(i, { ...a, description: e.target.value })}
                />
                <TextField
                  label="Tags to add"
                  value={a.tags}
                  hint="Separated by commas."
                  onChange={(e) => setAction(i, { ...a, tags: e.target.value })}
                />
              </>
            )}
            {a.type === 'queue' && (
              <fieldset>
                <legend className="text-xs text-zinc-700">Platforms (each at its next free posting slot)</legend>
                <div className="mt-1 flex flex-wrap gap-3">
                  {PLATFORMS.map((p) => (
                    <label key={p.key} className="flex items-center gap-1.5 text-sm">
                      <input
                        type="checkbox"
                        checked={a.platforms.includes(p.key)}
                        onChange={(e) =>
                          setAction(i, {
                            ...a,
                            platforms: e.target.checked
                              ? [...a.platforms, p.key]
                              : a.platforms.filter((k) => k !== p.key),
                          })
                        }
                      />
                      {p.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => set({ actions: [...draft.actions, NEW_ACTION.webhook] })}>
          Add action
        </Button>
      </fieldset>

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {rule ? 'Save rule' : 'Create rule'}
        </Button>
      </div>
    </form>
  );
}
