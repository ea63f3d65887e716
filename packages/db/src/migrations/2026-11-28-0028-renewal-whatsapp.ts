import { type Kysely, sql } from 'kysely';

/**
 * Renewal reminders by WhatsApp too (issue 32 item 8), from StarLoop's own sender when it is
 * configured: each reminder row keeps its WhatsApp message's state beside the email it was written
 * with, so the two channels are sent once each and a WhatsApp outage never resends the email.
 * - whatsapp_state: null (no WhatsApp for this reminder), 'pending' (to send; a refusal that may
 *   be retried goes back to it), 'sending' (claimed; a process that dies here leaves it so, never
 *   resent), 'sent', 'in_doubt' (no answer: never resent), 'failed' (a final refusal) or
 *   'expired' (superseded by a newer reminder, a renewal, or the grace period's end).
 * - operator_whatsapp_opt_outs: owners' numbers (sha256, as channel_send_attempts names them) that
 *   replied STOP to StarLoop's number; nothing more goes to them from it.
 * Frozen once shipped.
 */
const statements = [
  `alter table renewal_reminders
    add column whatsapp_state text
      check (whatsapp_state in ('pending', 'sending', 'sent', 'in_doubt', 'failed', 'expired')),
    add column whatsapp_attempts integer not null default 0 check (whatsapp_attempts >= 0),
    add column whatsapp_message_id text check (char_length(whatsapp_message_id) <= 200),
    add column whatsapp_error text check (char_length(whatsapp_error) <= 500),
    add column whatsapp_updated_at timestamptz`,
  `create index renewal_reminders_whatsapp_pending_idx on renewal_reminders (id) where whatsapp_state = 'pending'`,
  `create table operator_whatsapp_opt_outs (
    recipient_hash text primary key,
    source text not null default 'stop-reply' check (source in ('stop-reply')),
    created_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table operator_whatsapp_opt_outs`.execute(db);
  await sql`drop index renewal_reminders_whatsapp_pending_idx`.execute(db);
  await sql`alter table renewal_reminders
    drop column whatsapp_state, drop column whatsapp_attempts, drop column whatsapp_message_id,
    drop column whatsapp_error, drop column whatsapp_updated_at`.execute(db);
}
