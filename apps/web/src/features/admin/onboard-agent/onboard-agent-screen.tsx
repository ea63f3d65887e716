import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type TAgentDto, ZAgentCreate } from '@starloop/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { AnchorLink } from '../../../components/router-links.tsx';
import { serverMessage } from '../../../lib/api-errors.ts';
import { submitHandler, useForm } from '../../../lib/use-form.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';
import { AGENT_TEXTS, AGENT_TOAST_MS, AgentFields, EMPTY_AGENT } from '../agents/agent-fields.tsx';
import { AdminPage } from '../shared/admin-page.tsx';
import { useAdminRefresh } from '../shared/use-admin-refresh.ts';

/** /admin-dashboard/onboard-agent: the Create Agent form (spec section 5 rules and normalisation). */
export function OnboardAgentScreen() {
  const trpc = useTrpc();
  const refresh = useAdminRefresh();
  const form = useForm(ZAgentCreate, EMPTY_AGENT);
  const create = useMutation(trpc.admin.agents.create.mutationOptions());
  const [created, setCreated] = useState<TAgentDto | null>(null);
  const busy = create.isPending;

  const submit = () => {
    // Name trimmed, spaces removed from the phone, email trimmed and lower-cased (ZAgentCreate).
    const input = form.submit();
    if (!input) return;
    create.mutate(input, {
      onSuccess: (result) => {
        notify.success(AGENT_TEXTS.created, { autoClose: AGENT_TOAST_MS.success });
        setCreated(result?.agent ?? null);
        form.reset(EMPTY_AGENT);
        void refresh();
      },
      onError: (error) => {
        notify.error(serverMessage(error) ?? AGENT_TEXTS.createFailed, { autoClose: AGENT_TOAST_MS.error });
      },
    });
  };

  return (
    <AdminPage
      title="Onboard Agent"
      description="Add a sales representative. The agent gets a code (AG + 4 digits)."
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} w="100%">
        <form noValidate onSubmit={submitHandler(submit, busy)}>
          <Stack gap="md">
            <Text fw={700} component="h2" size="lg" m={0}>
              Create Agent
            </Text>
            <AgentFields form={form} disabled={busy} />
            <Group justify="flex-end">
              <Button type="submit" disabled={busy}>
                {busy ? 'Creating...' : 'Create Agent'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {created ? (
        <Alert
          color="green"
          variant="light"
          title={`${created.name} is agent ${created.code}`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setCreated(null)}
          maw={560}
        >
          Customers can now be linked to this agent in Onboard User.{' '}
          <AnchorLink to="/admin-dashboard/agents" size="sm">
            See all agents
          </AnchorLink>
        </Alert>
      ) : null}
    </AdminPage>
  );
}
