import {
  ONBOARDING_TEXTS,
  planAllows,
  planOf,
  type TOnboardingChecklist,
  type TOnboardingEvent,
  type TOnboardingStep,
} from '@starloop/contract';
import {
  findGoogleConnection,
  listAccountMembers,
  listAuditEventsOf,
  listOpenInvitations,
  listPlacements,
  type TOwnerPublic,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { auditByOwner } from '../../../lib/audit.ts';
import { badRequest } from '../../../lib/errors.ts';

/** Where the checklist's events are kept: audit rows about the branch (no table of their own). */
const eventsOf = (owner: TOwnerPublic) =>
  ({ action: 'onboarding.step', targetTable: 'owners', targetId: owner.id }) as const;

/**
 * The first-run checklist of a branch, from what is stored: the review link saved and opened once
 * from the checklist, the QR card saved or printed, the review flow chosen, at least one placement,
 * someone invited (Professional), Google connected (when the server has Google).
 */
export async function getOnboardingChecklist(
  deps: TDeps,
  owner: TOwnerPublic,
): Promise<TOnboardingChecklist> {
  const withTeam = planAllows(planOf(owner.plan).key, 'team');
  const withGoogle = deps.config.google.enabled;
  const [events, placements, team, google] = await Promise.all([
    listAuditEventsOf(deps.db, eventsOf(owner)),
    listPlacements(deps.db, owner.id),
    withTeam ? teamStarted(deps, owner.accountId) : Promise.resolve(false),
    withGoogle ? findGoogleConnection(deps.db, owner.id) : Promise.resolve(undefined),
  ]);
  const happened = new Set(events);
  const done: Record<TOnboardingStep, boolean> = {
    review_link: Boolean(owner.reviewLink) && happened.has('review_link_checked'),
    qr_card: happened.has('qr_card_saved'),
    review_flow: happened.has('review_flow_chosen'),
    placements: placements.length > 0,
    team,
    google: google !== undefined,
  };
  const steps = (Object.keys(done) as TOnboardingStep[])
    .filter((key) => (key === 'team' ? withTeam : key === 'google' ? withGoogle : true))
    .map((key) => ({ key, done: done[key] }));
  return {
    steps,
    done: steps.every((step) => step.done),
    dismissed: happened.has('dismissed'),
  };
}

/** Someone besides the account's owners, or an invitation still open. */
async function teamStarted(deps: TDeps, accountId: number): Promise<boolean> {
  const [members, invitations] = await Promise.all([
    listAccountMembers(deps.db, accountId),
    listOpenInvitations(deps.db, accountId, deps.now()),
  ]);
  return members.some((member) => member.role !== 'owner') || invitations.length > 0;
}

/**
 * One checklist event of the branch (the review link opened, the QR card saved or printed, the
 * review flow chosen, the finished list closed), as an audit row; the same event again changes
 * nothing the checklist shows. Closing the list before every step is done is refused.
 */
export async function recordOnboardingEvent(
  deps: TDeps,
  caller: { owner: TOwnerPublic; actorId: number; ip: string | null },
  event: TOnboardingEvent,
): Promise<TOnboardingChecklist> {
  if (event === 'dismissed') {
    const checklist = await getOnboardingChecklist(deps, caller.owner);
    if (!checklist.done) throw badRequest(ONBOARDING_TEXTS.notDone, 'event');
  }
  await auditByOwner(
    deps.db,
    { id: caller.actorId, ip: caller.ip },
    { ...eventsOf(caller.owner), details: { event } },
  );
  return getOnboardingChecklist(deps, caller.owner);
}
