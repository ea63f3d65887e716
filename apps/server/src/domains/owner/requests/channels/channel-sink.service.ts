import type { TDeps } from '../../../../context.ts';
import { recordDeliveryEvent } from '../delivery-events.service.ts';
import { optOutContact } from '../opt-out.service.ts';
import type { TDeliveryEvent } from './channel.types.ts';
import type { TChannelEventSink } from './channel-events.service.ts';

/**
 * The sink the provider webhooks use in the running server: the requests service's
 * `recordDeliveryEvent` and `optOutContact`. Tests may put a recording sink in its place
 * (`useChannelEventSink`) to look at what a webhook reported.
 */

let override: TChannelEventSink | undefined;

export const channelEventSink: TChannelEventSink = {
  recordDeliveryEvent(deps: TDeps, event: TDeliveryEvent) {
    return override ? override.recordDeliveryEvent(deps, event) : recordDeliveryEvent(deps, event);
  },
  optOutContact(deps, input) {
    return override ? override.optOutContact(deps, input) : optOutContact(deps, input);
  },
};

/** Puts `sink` in place of the requests service (tests); returns the undo. */
export function useChannelEventSink(sink: TChannelEventSink): () => void {
  const before = override;
  override = sink;
  return () => {
    override = before;
  };
}
