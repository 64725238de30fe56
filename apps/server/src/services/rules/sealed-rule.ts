import type { AppContext } from '../../context';
import type { AutomationRuleRow } from '../../db/rules.schema';
import { findRule, rulesWithPlainSecrets, setRuleActions } from '../../repositories/rules.repository';
import { hasPlainSecrets, sealPlainSecrets, type SealedRuleRow } from './webhook-secrets';

const BATCH = 100;

/**
 * The rule with its webhook secrets sealed. A row with a plain-text secret (stored before 0025, or by a server of
 * that version running beside this one during an upgrade) is sealed and written back as it is met.
 */
export async function sealedRule(ctx: AppContext, row: AutomationRuleRow): Promise<SealedRuleRow> {
  if (!hasPlainSecrets(row)) return row as SealedRuleRow;
  const actions = sealPlainSecrets(ctx.secretBox, row);
  const written = await setRuleActions(ctx.db, row.id, actions, row.actions);
  if (written) return written as SealedRuleRow;
  // Another process sealed or changed it meanwhile (with ids of its own): the rule is what it wrote.
  const now = await findRule(ctx.db, row.id);
  return now ? sealedRule(ctx, now) : { ...row, actions };
}

/**
 * Start-up: seals every webhook secret still stored in plain text, so none stays readable in the database (or
 * its backups) whether or not its rule is ever read again. Every process does it before it serves or works.
 */
export async function sealPlainWebhookSecrets(ctx: AppContext): Promise<number> {
  let sealed = 0;
  for (let after = 0; ;) {
    const rows = await rulesWithPlainSecrets(ctx.db, after, BATCH);
    for (const row of rows) {
      await sealedRule(ctx, row);
      sealed++;
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }
  if (sealed) ctx.log.info({ rules: sealed }, 'rules: sealed the webhook secrets stored in plain text');
  return sealed;
}
