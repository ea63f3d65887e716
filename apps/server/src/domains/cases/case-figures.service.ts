import {
  ACCOUNT_TEXTS,
  addDays,
  istDayStart,
  type TCaseFigures,
  type TCaseFiguresQuery,
  type TCaseFigureValues,
  type TCaseSettings,
  type TCaseSettingsUpdate,
} from '@starloop/contract';
import {
  caseFigures,
  findCaseResponseMinutes,
  listAccountBusinesses,
  type TCaseFigureSums,
  updateCaseResponseMinutes,
} from '@starloop/db';
import type { TAccountSession } from '../../auth/authenticate.ts';
import type { TDeps } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { statsRange } from '../owner/placements/placements.service.ts';
import { branchIdsInScope } from './cases.service.ts';

/*
 * What the owner learns from feedback cases (issue 33 item 8) and the account's first-response
 * target. The figures cover the branches the caller may see (every branch for owners and API keys,
 * their own for managers and staff), as the cases list does.
 */

type TFigureDeps = Pick<TDeps, 'db' | 'now'>;

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

function values(sums: TCaseFigureSums): TCaseFigureValues {
  return {
    cases: sums.cases,
    responded: sums.responded,
    medianFirstResponseMinutes: sums.medianMinutes,
    resolved: sums.resolved,
    resolutionRate: rate(sums.resolved, sums.cases),
    recovered: sums.recovered,
    recoveryRate: rate(sums.recovered, sums.resolved),
    overdue: sums.overdue,
  };
}

const branchLabel = (b: { businessName: string; city: string | null }) =>
  b.city ? `${b.businessName}, ${b.city}` : b.businessName;

/**
 * GET /api/v1/cases/figures: over the cases opened in a range of IST days (the last 30 by default),
 * the median minutes to a first response, the resolution and recovery rates, and the cases overdue
 * now; overall, per branch and per assignee. A `businessId` outside the caller's branches is a 403.
 */
export async function getCaseFigures(
  deps: TFigureDeps,
  session: TAccountSession,
  query: TCaseFiguresQuery,
): Promise<TCaseFigures> {
  const scope = await branchIdsInScope(deps.db, session);
  const ids = query.businessId === undefined ? scope : scope.filter((id) => id === query.businessId);
  if (query.businessId !== undefined && ids.length === 0) {
    throw new AppError('FORBIDDEN', ACCOUNT_TEXTS.branchForbidden);
  }
  const now = deps.now();
  const { from, to } = statsRange(query, now);
  const [sums, businesses] = await Promise.all([
    caseFigures(deps.db, ids, { from: istDayStart(from), before: istDayStart(addDays(to, 1)), now }),
    listAccountBusinesses(deps.db, session.membership.accountId),
  ]);
  const names = new Map(businesses.map((b) => [Number(b.id), branchLabel(b)]));
  const byName = (a: { name: string | null }, b: { name: string | null }) =>
    (a.name ?? '').localeCompare(b.name ?? '');
  return {
    from,
    to,
    overall: values(sums.overall),
    branches: sums.branches
      .map((b) => ({ ...values(b), businessId: b.businessId, name: names.get(b.businessId) ?? '' }))
      .sort((a, b) => byName(a, b) || a.businessId - b.businessId),
    people: sums.people
      .map((p) => ({ ...values(p), personId: p.personId, name: p.personId === null ? null : p.name }))
      // Unassigned last: it is what is left to hand out.
      .sort((a, b) => Number(a.personId === null) - Number(b.personId === null) || byName(a, b)),
  };
}

/** GET /api/v1/cases/settings: the account's first-response target. */
export async function getCaseSettings(
  deps: Pick<TDeps, 'db'>,
  session: TAccountSession,
): Promise<TCaseSettings> {
  const accountId = session.membership.accountId;
  const minutes = (await findCaseResponseMinutes(deps.db, [accountId])).get(Number(accountId));
  if (minutes === undefined) throw notFound('Account not found');
  return { firstResponseMinutes: minutes };
}

/**
 * PUT /api/v1/cases/settings: a new first-response target for cases opened from now on (open cases
 * keep their due time). The review writer reads it within a minute (cases.listener.ts).
 */
export async function updateCaseSettings(
  deps: Pick<TDeps, 'db' | 'log'>,
  session: TAccountSession,
  input: TCaseSettingsUpdate,
): Promise<TCaseSettings> {
  const accountId = session.membership.accountId;
  if (!(await updateCaseResponseMinutes(deps.db, accountId, input.firstResponseMinutes)))
    throw notFound('Account not found');
  deps.log.info(
    { accountId, minutes: input.firstResponseMinutes, personId: session.person?.id ?? null },
    'case response target changed',
  );
  return { firstResponseMinutes: input.firstResponseMinutes };
}
