import { useState, type FormEvent } from 'react';
import {
  PLATFORMS,
  RULE_CONDITION_FIELDS,
  RULE_FIELD_OPS,
  RULE_TRIGGERS,
  type CreateRuleBody,
  type Rule,
  type RuleConditionField,
  type RuleConditionOp,
  type RuleTrigger,
} from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { inputClasses, TextField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { ActionFields } from './ActionFields';
import { ACTION_LABELS, NEW_ACTION, draftsOf, toBody, type ActionDraft, type ConditionDraft } from './rule-drafts';
import { FIELD_LABELS, OP_LABELS, TRIGGER_LABELS } from './rule-text';

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
            <ActionFields action={a} onChange={(next) => setAction(i, next)} />
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
