import type {
  TCaseDetail,
  TCaseMessageChannel,
  TCaseMessageKind,
  TCaseReplyTemplates,
} from '@starloop/contract';
import type { UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import type { TTrpc } from '../../../lib/trpc.ts';

/** What owner.cases.sendMessage takes (ZCaseMessage's input: kind 'reply' and text '' by default). */
export interface TCaseMessageInput {
  id: number;
  channel: TCaseMessageChannel;
  kind?: TCaseMessageKind;
  text?: string;
}

/**
 * owner.cases.sendMessage (POST /api/v1/cases/{id}/messages) and owner.cases.replyTemplates (GET
 * /api/v1/cases/templates), typed from the contract (ZCaseMessage, ZCaseReplyTemplates). The server
 * procedures are being built beside this screen (issue 33 item 4); once they are in the router,
 * `trpc.owner.cases.sendMessage.mutationOptions()` types itself and this cast can go. The calls,
 * their paths and their query keys are tRPC's own either way.
 */
interface TCaseMessageProcedures {
  sendMessage: { mutationOptions: () => UseMutationOptions<TCaseDetail, Error, TCaseMessageInput> };
  replyTemplates: {
    queryOptions: (
      input: { language?: string },
      options?: { enabled?: boolean; staleTime?: number },
    ) => UseQueryOptions<TCaseReplyTemplates, Error, TCaseReplyTemplates>;
  };
}

export function caseMessageProcedures(trpc: TTrpc): TCaseMessageProcedures {
  return trpc.owner.cases as unknown as TCaseMessageProcedures;
}
