import type { TOwnerSettings } from '@starloop/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { notify } from '../../../components/notify.ts';
import { anyMessage } from '../../../lib/api-errors.ts';
import { useTrpc } from '../../../lib/use-trpc.ts';

export type TSettingsPatch = Partial<TOwnerSettings>;

export interface TSettingsSaver {
  save: (patch: TSettingsPatch) => void;
  saving: boolean;
  /** The change on its way to the server (shown at once; dropped if the server refuses it). */
  pending: TSettingsPatch | undefined;
  /** The fields of the last change the server confirmed. */
  lastSaved: readonly (keyof TOwnerSettings)[];
}

export const SETTINGS_SAVED = 'Settings saved';

/** owner.settings.get, and a saver that sends one change at a time and keeps the cache in step. */
export function useSettings() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.owner.settings.get.queryOptions());
  const [lastSaved, setLastSaved] = useState<readonly (keyof TOwnerSettings)[]>([]);
  const update = useMutation(
    trpc.owner.settings.update.mutationOptions({
      onSuccess: (saved, patch) => {
        queryClient.setQueryData(trpc.owner.settings.get.queryKey(), saved);
        // owner.me carries reviewFlow too.
        void queryClient.invalidateQueries({ queryKey: trpc.owner.me.queryKey() });
        setLastSaved(Object.keys(patch) as (keyof TOwnerSettings)[]);
        notify.success(SETTINGS_SAVED);
      },
      onError: (error) => {
        setLastSaved([]);
        notify.error(`Could not save your settings. ${anyMessage(error, 'Please try again.')}`);
      },
    }),
  );

  const save = useCallback(
    (patch: TSettingsPatch) => {
      setLastSaved([]);
      update.mutate(patch);
    },
    [update],
  );

  const saver: TSettingsSaver = {
    save,
    saving: update.isPending,
    pending: update.isPending ? update.variables : undefined,
    lastSaved,
  };
  return { settings, saver };
}
