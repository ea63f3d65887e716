import {
  ADMIN_OPS_TEXTS,
  onboardingBranchLabel,
  TOKEN_TTL,
  type TOnboarding,
  type TOnboardingResult,
} from '@starloop/contract';
import { findCity, findState, isCityInState } from '@starloop/contract/geo';
import {
  findAgentById,
  findBusinessOwnerPerson,
  insertManualPayment,
  insertOwner,
  inTransaction,
  isBusinessCodeTaken,
  isPhoneTaken,
  issueOneTimeToken,
  recordActivity,
  uniqueViolationConstraint,
} from '@starloop/db';
import type { TDeps } from '../../../context.ts';
import { auditByAdmin } from '../../../lib/audit.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { issueManualPaymentInvoice } from '../../billing/invoices.service.ts';
import type { TActor } from '../agents/agents.service.ts';

interface TCheckedBranch {
  branch: TOnboarding['branches'][number];
  state: string;
  city: string;
}

const fieldOf = (index: number, field: string) => `branches.${index}.${field}`;
const say = (index: number, text: string) => `${onboardingBranchLabel(index)}: ${text}`;

function addYears(date: Date, years: number): Date {
  const end = new Date(date.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
}

/**
 * Every rule the schema cannot check, branch by branch so the first bad branch is the one named:
 * repeats inside the request, the state and city lists, the agent, and codes or phones already taken.
 */
async function checkBranches(
  deps: TDeps,
  branches: TOnboarding['branches'],
  oneAccount: boolean,
): Promise<TCheckedBranch[]> {
  const codes = new Map<string, number>();
  const phones = new Map<string, number>();
  const checked: TCheckedBranch[] = [];
  for (const [index, branch] of branches.entries()) {
    const sameCode = codes.get(branch.code);
    if (sameCode !== undefined) {
      throw badRequest(say(index, ADMIN_OPS_TEXTS.codeRepeated(sameCode + 1)), fieldOf(index, 'code'));
    }
    // Branches of one account may share a number; separate customers each sign in with their own.
    const samePhone = oneAccount ? undefined : phones.get(branch.contactNumber);
    if (samePhone !== undefined) {
      throw badRequest(
        say(index, ADMIN_OPS_TEXTS.phoneRepeated(samePhone + 1)),
        fieldOf(index, 'contactNumber'),
      );
    }
    codes.set(branch.code, index);
    phones.set(branch.contactNumber, index);

    const state = findState(branch.state);
    if (!state) throw badRequest(say(index, ADMIN_OPS_TEXTS.stateUnknown), fieldOf(index, 'state'));
    if (!(await isCityInState(state.name, branch.city))) {
      throw badRequest(say(index, ADMIN_OPS_TEXTS.cityNotInState(state.name)), fieldOf(index, 'city'));
    }
    const city = (await findCity(state.name, branch.city)) ?? branch.city;

    if (branch.agentId != null && !(await findAgentById(deps.db, branch.agentId))) {
      throw badRequest(say(index, ADMIN_OPS_TEXTS.agentUnknown), fieldOf(index, 'agentId'));
    }
    if (await isBusinessCodeTaken(deps.db, branch.code)) {
      throw conflict(say(index, ADMIN_OPS_TEXTS.codeTaken), fieldOf(index, 'code'));
    }
    // Only a new account's first person signs in with the number: a further branch's is a contact.
    if ((!oneAccount || index === 0) && (await isPhoneTaken(deps.db, branch.contactNumber))) {
      throw conflict(say(index, ADMIN_OPS_TEXTS.phoneTaken), fieldOf(index, 'contactNumber'));
    }
    checked.push({ branch, state: state.name, city });
  }
  return checked;
}

/**
 * Admin onboarding (decisions.md, Admin side): in ONE transaction every branch becomes an active
 * business (registrationSource 'manual', the chosen plan, Essential unless said, subscription from
 * now for 1 or 2 years, optional agent): separate accounts, or one account whose first block's
 * person owns it. One manual payment is linked to all of them, and each person gets a one-time
 * set-password link. Nothing is created when any branch fails. The links are emailed to the
 * payment email after the commit.
 */
export async function onboardCustomers(
  deps: TDeps,
  input: TOnboarding,
  actor: TActor,
): Promise<TOnboardingResult> {
  const checked = await checkBranches(deps, input.branches, input.oneAccount);
  const plan = input.plan === 'Professional' ? 'professional' : 'essential';
  const now = deps.now();
  let inserting = -1;
  let created: {
    id: number;
    code: string;
    businessName: string;
    name: string;
    contactNumber: string;
    token: string;
  }[];
  let manualPaymentId: number;
  try {
    ({ created, manualPaymentId } = await inTransaction(deps.db, async (trx) => {
      const owners = [];
      for (const [index, { branch, state, city }] of checked.entries()) {
        inserting = index;
        const owner = await insertOwner(trx, {
          // One account: the first block makes it (with its owner), the others are its branches.
          ...(input.oneAccount && owners[0] ? { accountId: owners[0].accountId } : {}),
          name: branch.name,
          email: input.payment.email,
          businessName: branch.businessName,
          contactNumber: branch.contactNumber,
          code: branch.code,
          reviewLink: branch.reviewLink,
          state,
          city,
          agentId: branch.agentId ?? null,
          plan,
          status: 'active',
          registrationSource: 'manual',
          subscriptionStart: now,
          subscriptionEnd: addYears(now, branch.subscriptionDuration),
        });
        await recordActivity(trx, {
          type: 'user',
          message: `${owner.businessName} onboarded by ${actor.name} (${branch.subscriptionDuration} year${branch.subscriptionDuration === 1 ? '' : 's'})`,
          code: owner.code,
          ownerId: owner.id,
          adminId: actor.id,
        });
        owners.push(owner);
      }
      inserting = -1;
      const payment = await insertManualPayment(
        trx,
        {
          amount: Math.round(input.payment.amount),
          paymentMethod: input.payment.paymentMethod,
          notes: input.payment.notes,
          email: input.payment.email,
          createdByAdminId: actor.id,
        },
        owners.map((o) => o.id),
      );
      await issueManualPaymentInvoice(deps, trx, {
        id: payment.id,
        amount: Math.round(input.payment.amount),
        plan,
        years: checked[0]?.branch.subscriptionDuration ?? 1,
        businessIds: owners.map((o) => o.id),
      });
      await auditByAdmin(trx, actor, {
        action: 'onboarding.complete',
        targetTable: 'manual_payments',
        targetId: payment.id,
        details: {
          ownerIds: owners.map((o) => o.id),
          codes: owners.map((o) => o.code),
          oneAccount: input.oneAccount,
          plan,
          amount: Math.round(input.payment.amount),
          paymentMethod: input.payment.paymentMethod,
        },
      });
      const withTokens = [];
      // One link per person: in one account every branch carries its owner's.
      const tokens = new Map<number, string>();
      for (const owner of owners) {
        const person = await findBusinessOwnerPerson(trx, owner.id);
        if (!person) throw new Error(`onboarded business ${owner.id} has no owner`);
        const token =
          tokens.get(person.id) ??
          (
            await issueOneTimeToken(
              trx,
              { personId: person.id, kind: 'set_password', ttlSeconds: TOKEN_TTL.setPasswordSeconds },
              now,
            )
          ).token;
        tokens.set(person.id, token);
        withTokens.push({
          id: owner.id,
          code: owner.code,
          businessName: owner.businessName,
          name: owner.name,
          contactNumber: owner.contactNumber,
          token,
        });
      }
      return { created: withTokens, manualPaymentId: payment.id };
    }));
    deps.reviewPageCache.clear();
  } catch (error) {
    // A concurrent onboarding or registration took the code or phone after the checks.
    const constraint = uniqueViolationConstraint(error);
    if (constraint !== undefined && inserting >= 0) {
      if (constraint === 'persons_phone_key') {
        throw conflict(say(inserting, ADMIN_OPS_TEXTS.phoneTaken), fieldOf(inserting, 'contactNumber'));
      }
      throw conflict(say(inserting, ADMIN_OPS_TEXTS.codeTaken), fieldOf(inserting, 'code'));
    }
    throw error;
  }

  const users = created.map((owner) => ({
    id: owner.id,
    code: owner.code,
    setPasswordUrl: `${deps.config.appUrl}/set-password#token=${encodeURIComponent(owner.token)}`,
  }));
  deps.log.info(
    { adminId: actor.id, ownerIds: users.map((u) => u.id), manualPaymentId },
    'customers onboarded',
  );
  await sendSetPasswordMail(deps, input, created, users);
  return { success: true, users, manualPaymentId };
}

/** One mail to the payment email with every branch's link; a mail failure never undoes the onboarding. */
async function sendSetPasswordMail(
  deps: TDeps,
  input: TOnboarding,
  created: { businessName: string; name: string; contactNumber: string; code: string }[],
  users: { setPasswordUrl: string }[],
): Promise<void> {
  const days = Math.round(TOKEN_TTL.setPasswordSeconds / 86_400);
  const blocks = created.map((owner, i) =>
    [
      `${i + 1}. ${owner.businessName} (${owner.name})`,
      `   Sign in with phone number: ${owner.contactNumber}`,
      `   Review page: ${deps.config.appUrl}/review/${owner.code}`,
      `   Set your password: ${users[i]?.setPasswordUrl}`,
    ].join('\n'),
  );
  const text = [
    'Hello,',
    '',
    created.length === 1
      ? 'Your StarLoop account is ready.'
      : `Your ${created.length} StarLoop accounts are ready.`,
    `Open the link below to choose a password. Each link works once and is valid for ${days} days.`,
    '',
    ...blocks,
    '',
    'If a link has expired, use "Forgot password?" on the sign-in page.',
    '',
    'The StarLoop team',
  ].join('\n');
  try {
    // Queued for the mail worker: onboarding never waits on SMTP.
    await deps.mailer.queue({
      to: input.payment.email,
      subject: created.length === 1 ? 'Set your StarLoop password' : 'Set your StarLoop passwords',
      text,
      category: 'set_password',
    });
  } catch (error) {
    deps.log.error({ err: error }, 'set-password mail could not be recorded');
  }
}
