import { LEAD_HONEYPOT_FIELD, PUBLIC_TEXTS, type TLeadCreate } from '@starloop/contract';
import { insertLead, inTransaction, recordActivity, takeLeadId } from '@starloop/db';
import type { TDeps } from '../../../context.ts';

export async function createLead(
  deps: TDeps,
  input: TLeadCreate,
  client: { ip: string },
): Promise<{ success: true; message: string; id: number }> {
  await deps.rateLimiter.consume('leadPerIp', client.ip);
  if (input[LEAD_HONEYPOT_FIELD]?.trim()) {
    deps.log.info({ ip: client.ip }, 'lead discarded: honeypot field filled');
    return { success: true, message: PUBLIC_TEXTS.leadReceived, id: await takeLeadId(deps.db) };
  }
  const lead = await inTransaction(deps.db, async (trx) => {
    const row = await insertLead(trx, {
      name: input.name,
      email: input.email.toLowerCase(),
      contactNumber: input.contactNumber,
      bussiness: input.bussiness,
      subject: input.subject,
      message: input.message,
      source: 'website',
      status: 'new',
    });
    await recordActivity(trx, {
      type: 'lead',
      message: `New ${input.subject} request from ${input.name}${input.bussiness ? ` (${input.bussiness})` : ''}`,
    });
    return row;
  });
  return { success: true, message: PUBLIC_TEXTS.leadReceived, id: lead.id };
}
