import { sql, type Kysely } from 'kysely';

/**
 * Webhooks are delivered by jobs of their own, after their run has ended: each delivery's outcome is kept with
 * the run by action id (`webhook_deliveries`), so the run's own actions and its webhooks never overwrite each
 * other. Rules are counted per project (at most 50 may be added), hence the index.
 *
 * Webhook secrets stored in plain text before this version are sealed by the server at start-up
 * (services/rules/webhook-secrets.ts): sealing needs the secret key, which a migration does not have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rule_runs add column webhook_deliveries jsonb not null default '{}'`.execute(db);
  await sql`create index automation_rules_project_all on automation_rules (project_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists automation_rules_project_all`.execute(db);
  await sql`alter table rule_runs drop column if exists webhook_deliveries`.execute(db);
}
