import { PLACEMENT_TEXTS, type TPlacementStatsRow } from '@starloop/contract';

/** A placement's name as the owner reads it: deleted ones keep their name, marked deleted. */
export function placementLabel(
  placement: Pick<TPlacementStatsRow['placement'], 'name' | 'deleted'>,
  deletedLabel: string = PLACEMENT_TEXTS.deletedLabel,
): string {
  return placement.deleted ? `${placement.name} ${deletedLabel}` : placement.name;
}
