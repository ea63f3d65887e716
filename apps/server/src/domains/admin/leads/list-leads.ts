import { ZLeadListInput, ZLeadListResult } from '@starloop/contract';
import { adminListOperation } from '../admin-operations.ts';
import { listLeads } from './leads.service.ts';

/** Any signed-in admin. A page of leads (search, sort, filters) with the five lead cards. */
export const listLeadsOperation = adminListOperation({
  path: '/admin/leads',
  summary: 'A page of leads (search, sort, status/source filters) with totalLeads, newLeads, … counts',
  tags: ['admin', 'leads'],
  input: ZLeadListInput,
  output: ZLeadListResult,
  list: listLeads,
});
