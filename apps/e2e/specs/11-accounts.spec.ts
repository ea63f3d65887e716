import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { adminToken, api } from '../lib/api.ts';
import { launch, newPage } from '../lib/browser.ts';
import { screenshot } from '../lib/screens.ts';

/**
 * A chain (issue 31): an admin onboards three branches as one account on Professional; the owner
 * invites a manager for one branch, who accepts the link and sees only that branch; the owner
 * switches branches and reads the All branches table.
 */

const RUN = Date.now().toString(36);
const OWNER_PHONE = `96${String(Date.now() % 1e8).padStart(8, '0')}`;
const MANAGER_PHONE = `95${String(Date.now() % 1e8).padStart(8, '0')}`;
const CITIES = ['Pune', 'Nashik', 'Mumbai'];

const branch = (i: number) => ({
  name: 'Chain Owner',
  contactNumber: OWNER_PHONE,
  businessName: `Chain Chai ${RUN}`,
  code: `chain-${RUN}-${i}`,
  reviewLink: 'https://g.page/r/chain-chai/review',
  state: 'Maharashtra',
  city: CITIES[i]!,
  subscriptionDuration: 1,
});

describe('accounts: a chain, its branches and its team', () => {
  let browser: Browser;
  let ownerToken: string;
  let branchIds: number[];
  before(async () => {
    browser = await launch();
    const onboarded = await api<{ users: { id: number; setPasswordUrl: string }[] }>(
      'POST',
      '/api/admin/onboard',
      {
        branches: [0, 1, 2].map(branch),
        payment: {
          amount: 9000,
          paymentMethod: 'cash',
          email: `chain-${RUN}@example.in`,
          notes: 'e2e chain',
        },
        oneAccount: true,
        plan: 'Professional',
      },
      await adminToken(),
    );
    assert.equal(onboarded.status, 201, JSON.stringify(onboarded.body));
    branchIds = onboarded.body.users.map((u) => u.id);
    const token = new URL(onboarded.body.users[0]!.setPasswordUrl).hash.replace('#token=', '');
    const set = await api<{ token: string }>('POST', '/api/users/set-password', {
      token: decodeURIComponent(token),
      password: 'chain-owner-2026',
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    ownerToken = set.body.token;
  });
  after(async () => {
    await browser?.close();
  });

  it('the owner invites a manager of one branch, who accepts and sees only that branch', async () => {
    const owner = await newPage(browser, { storage: { authToken: ownerToken } });
    await owner.page.goto('/dashboard/settings');
    const team = owner.page.getByRole('region', { name: 'Team' });
    await team.waitFor();
    await team.getByRole('textbox', { name: /^Name/ }).fill('Nashik Manager');
    await team.getByRole('textbox', { name: /^Phone/ }).fill(MANAGER_PHONE);
    // Mantine's pills input covers its own input field: the click goes to the field itself.
    await team.getByRole('combobox', { name: 'Branches (all when empty)' }).click({ force: true });
    await owner.page.getByRole('option', { name: /Nashik/ }).click();
    await owner.page.keyboard.press('Escape');
    await team.getByRole('button', { name: 'Invite', exact: true }).click();
    const link = (await team.getByTestId('invite-link').textContent())?.trim() ?? '';
    assert.match(link, /\/invite#token=/);
    await screenshot(owner.page, 'owner-team-invite-1440x900');
    await owner.context.close();

    const manager = await newPage(browser);
    await manager.page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await manager.page.getByRole('heading', { level: 1, name: 'Join your team on StarLoop' }).waitFor();
    await manager.page.getByLabel('Your name').fill('Meera');
    await manager.page.getByLabel(/^Password/).fill('manager-pass-2026');
    await manager.page.getByLabel(/^Confirm password/).fill('manager-pass-2026');
    await manager.page.getByRole('button', { name: 'Accept invitation' }).click();
    await manager.page.waitForURL(/\/dashboard$/);
    const token = await manager.page.evaluate(() => localStorage.getItem('authToken'));
    const account = await api<{ role: string; branches: { id: number }[] }>(
      'GET',
      '/api/v1/account',
      undefined,
      token ?? '',
    );
    assert.equal(account.body.role, 'manager');
    assert.deepEqual(
      account.body.branches.map((b) => b.id),
      [branchIds[1]],
    );
    // One branch: no switcher; and the team is not theirs to run.
    assert.equal(await manager.page.getByRole('combobox', { name: 'Branch' }).count(), 0);
    await manager.page.goto('/dashboard/settings');
    await manager.page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    assert.equal(await manager.page.getByRole('region', { name: 'Team' }).count(), 0);
    await manager.context.close();
  });

  it('the owner switches branches and reads the All branches table', async () => {
    const { context, page } = await newPage(browser, { storage: { authToken: ownerToken } });
    await page.goto('/dashboard');
    const switcher = page.getByRole('combobox', { name: 'Branch' });
    await switcher.waitFor();
    await switcher.click();
    await page.getByRole('option', { name: `Chain Chai ${RUN}, Mumbai` }).click();
    await page.waitForURL(new RegExp(`branch=${branchIds[2]}`));
    await switcher.click();
    await page.getByRole('option', { name: 'All branches' }).click();
    await page.waitForURL(/\/dashboard\/branches/);
    const table = page.getByRole('table', { name: 'Branches' });
    await table.getByText(`Chain Chai ${RUN}, Nashik`).waitFor();
    assert.equal(await table.getByRole('row').count(), 4);
    await screenshot(page, 'owner-all-branches-1440x900');
    await context.close();
  });
});
