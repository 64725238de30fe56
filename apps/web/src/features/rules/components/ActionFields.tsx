import { PLATFORMS } from '@fanout/contracts';
import { TextAreaField, TextField } from '@/components/ui/Field';
import type { ActionDraft } from './rule-drafts';

interface ActionFieldsProps {
  action: ActionDraft;
  onChange: (next: ActionDraft) => void;
}

/** The fields of one action of the rule form, by its type. */
export function ActionFields({ action: a, onChange }: ActionFieldsProps) {
  return (
    <>
      {a.type === 'webhook' && (
        <>
          <TextField
            label="Webhook URL"
            type="url"
            value={a.url}
            placeholder="https://example.com/hooks/fanout"
            onChange={(e) => onChange({ ...a, url: e.target.value })}
          />
          <TextField
            label="Signing secret"
            value={a.secret}
            autoComplete="off"
            // A saved secret never comes back from the server: the field starts empty, and empty keeps it.
            placeholder={a.secretSet ? 'Secret set: type a new one to replace it' : undefined}
            trailingLabel={
              a.secretSet ? <span className="text-xs font-medium text-emerald-800">Secret set</span> : undefined
            }
            hint={
              a.secretSet
                ? 'Leave empty to keep the saved secret. Each request carries X-Fanout-Signature: sha256= the HMAC-SHA256 of its body with the secret.'
                : 'Each request carries X-Fanout-Signature: sha256= the HMAC-SHA256 of its body with this secret.'
            }
            onChange={(e) => onChange({ ...a, secret: e.target.value })}
          />
        </>
      )}
      {a.type === 'apply_template' && (
        <>
          <TextField
            label="Title"
            value={a.title}
            hint="{title} stands for the video’s title. Empty: unchanged."
            onChange={(e) => onChange({ ...a, title: e.target.value })}
          />
          <TextAreaField
            label="Description"
            value={a.description}
            rows={3}
            onChange={(e) => onChange({ ...a, description: e.target.value })}
          />
          <TextField
            label="Tags to add"
            value={a.tags}
            hint="Separated by commas."
            onChange={(e) => onChange({ ...a, tags: e.target.value })}
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
                    onChange({
                      ...a,
                      platforms: e.target.checked ? [...a.platforms, p.key] : a.platforms.filter((k) => k !== p.key),
                    })
                  }
                />
                {p.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </>
  );
}
