import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminToken, api, DEMO } from '../lib/api.ts';
import { launch, newPage } from '../lib/browser.ts';

const SECTIONS: [string, string][] = [
  ['', 'Dashboard Overview'],
  ['users', 'Users Management'],
  ['reviews', 'Reviews Management'],
  ['admins', 'Admins Management'],
  ['agents', 'Agents Management'],
  ['leads', 'Leads Management'],
  ['payments', 'Payments Management'],
  ['manual-payments', 'Manual Payments'],
  ['onboard-user', 'Onboard User'],
  ['onboard-agent', 'Onboard Agent'],
];

/** Picks an option of a Mantine Select (a combobox with a listbox). */
async function pick(page: Page, input: Locator, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('admin: sign-in, every section, users, agents, onboarding, export', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('validates the sign-in form and shows the failure banner', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin-login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email is invalid').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin-dashboard');
    await context.close();
  });

  it('renders every sidebar section with its title and data', async () => {
    const { context, page } = await newPage(browser, { storage: { adminToken: await adminToken() } });
    for (const [section, title] of SECTIONS) {
      await page.goto(`/admin-dashboard${section ? `/${section}` : ''}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    }
    await page.goto('/admin-dashboard/users');
    await page.getByText('Chai Point Pune').first().waitFor();
    await page.goto('/admin-dashboard/agents');
    await page.getByText('Vikram Rao').first().waitFor();
    await context.close();
  });

  it('creates, edits and deletes an agent', async () => {
    const token = await adminToken();
    const { context, page } = await newPage(browser, { storage: { adminToken: token } });
    await page.goto('/admin-dashboard/onboard-agent');
    await page.getByLabel('Full Name').fill('  Kavya Nair ');
    await page.getByLabel('Phone Number').fill('98765 11223');
    await page.getByLabel('Email Address').fill(' Kavya@Example.in ');
    await page.getByRole('button', { name: /create agent/i }).click();
    await page.getByText('Agent created successfully!').first().waitFor();

    await page.goto('/admin-dashboard/agents');
    const row = page.getByRole('row').filter({ hasText: 'Kavya Nair' });
    await row.waitFor();
    await row.getByRole('button', { name: /edit/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Full Name/).fill('Kavya N. Nair');
    await dialog.getByRole('button', { name: /save/i }).click();
    await dialog.waitFor({ state: 'detached' });
    const edited = page.getByRole('row').filter({ hasText: 'Kavya N. Nair' });
    await edited.waitFor();
    await edited.getByRole('button', { name: /delete/i }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /delete/i })
      .click();
    await edited.waitFor({ state: 'detached' });
    await context.close();
  });

  it('onboards 2 customers; the set-password link lets that owner sign in; an export lands in the outbox', async () => {
    const token = await adminToken();
    const { context, page } = await newPage(browser, { storage: { adminToken: token } });
    await page.goto('/admin-dashboard/onboard-user');
    await page.getByLabel('Number of customers').fill('2');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const suffix = Date.now().toString().slice(-6);
    for (const n of [1, 2]) {
      const block = page.getByRole('group', { name: `Customer ${n}` });
      await block.getByLabel(/^Name/).fill(`Branch Owner ${n}`);
      await block.getByLabel(/^Phone/).fill(`97${suffix}${n}0`.slice(0, 10));
      await block.getByLabel(/^Business name/).fill(`Udupi Cafe ${n}`);
      await block.getByLabel(/^Business code/).fill(`udupi-${suffix}-${n}`);
      await pick(page, block.getByLabel(/^Subscription duration/), '1 year');
      await block.getByLabel(/^Review link/).fill('https://g.page/r/udupi');
      await pick(page, block.getByLabel(/^State/), 'Karnataka');
      await pick(page, block.getByLabel(/^City/), 'Bengaluru');
    }
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel(/^Amount/).fill('30000');
    await page.getByLabel(/^Payment method/).selectOption('cash');
    await page.getByLabel(/^Email/).fill('udupi@example.in');
    await page.getByLabel(/^Pricing notes/).fill('Two branches, launch price');
    await page.getByRole('button', { name: 'Complete Onboarding' }).click();
    await page.getByText('Onboarding completed successfully!').first().waitFor();
    const link = await page
      .getByText(/\/set-password[?#]token=/)
      .first()
      .textContent();
    const url = link?.match(/https?:\/\/\S+set-password[?#]token=[\w-]+/)?.[0];
    assert.ok(url, 'a set-password link is shown');
    await context.close();

    const owner = await newPage(browser);
    await owner.page.goto(url!);
    await owner.page.getByLabel(/^New password/).fill('branch-pass-1');
    await owner.page.getByLabel(/^Confirm/).fill('branch-pass-1');
    await owner.page.getByRole('button', { name: /set password|save|continue/i }).click();
    await owner.page.waitForURL('**/dashboard');
    await owner.context.close();
    const login = await api('POST', '/api/users/login', {
      contactNumber: `97${suffix}10`.slice(0, 10),
      password: 'branch-pass-1',
    });
    assert.equal(login.status, 200);

    const exported = await api<{ success: boolean; message: string }>(
      'GET',
      '/api/reports/?type=users&email=reports@example.in',
      undefined,
      token,
    );
    assert.equal(exported.status, 200);
    const deadline = Date.now() + 30_000;
    let landed = false;
    while (!landed && Date.now() < deadline) {
      const outbox = await api<{ result: { data: { emails: { toAddress: string; subject: string }[] } } }>(
        'GET',
        `/trpc/admin.outbox.list?input=${encodeURIComponent(JSON.stringify({ limit: 20 }))}`,
        undefined,
        token,
      );
      landed = outbox.body.result.data.emails.some((m) => m.toAddress === 'reports@example.in');
      if (!landed) await new Promise((r) => setTimeout(r, 1000));
    }
    assert.ok(landed, 'the report email is in the outbox');
  });
});
