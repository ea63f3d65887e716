import { ZOutboxListInput, ZOutboxListResult } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listOutbox } from './outbox.service.ts';

/** Any signed-in admin. The Mail outbox view: recorded mails, newest first. */
export const listOutboxOperation = adminListOperation({
  input: ZOutboxListInput,
  output: ZOutboxListResult,
  list: listOutbox,
});
