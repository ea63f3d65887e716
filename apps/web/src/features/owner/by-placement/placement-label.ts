import { PLACEMENT_TEXTS, type TPlacementStatsRow } from '@starloop/contract';

/** A placement's name as the owner reads it: deleted ones keep their name, marked deleted. */
export function placementLabel(placement: Pick<TPlacementStatsRow['placement'], 'name' | 'deleted'>): string {
  return placement.deleted ? `${placement.name} ${PLACEMENT_TEXTS.deletedLabel}` : placement.name;
}
