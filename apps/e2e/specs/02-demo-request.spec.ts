import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { adminToken, api } from '../lib/api.ts';
import { launch, newPage } from '../lib/browser.ts';

describe('demo request: from /contact to the admin Leads table', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('validates, submits, then the lead is edited to contacted and deleted by an admin', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/contact');
    const submit = page.getByRole('button', { name: 'Get Started with StarLoop' });
    await submit.click();
    await page.getByText('Please fill in all required fields correctly').first().waitFor();

    const name = `Meera Joshi ${Date.now().toString(36)}`;
    await page.getByLabel(/Full Name/).fill(name);
    await page.getByLabel(/^Email/).fill('meera@example.in');
    await page.getByLabel(/Contact Number/).fill('9876501234');
    await page.getByLabel(/Business\/Company/).fill('Meera Sweets');
    await page.getByRole('combobox', { name: /Subject/ }).click();
    await page.getByRole('option', { name: 'Schedule a Demo' }).click();
    await page.getByLabel(/Message/).fill('We would like a demo for our three shops.');
    await submit.click();
    await page.getByText('Request Received!').waitFor();
    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    await page.getByRole('button', { name: 'Get Started with StarLoop' }).waitFor();
    await context.close();

    const token = await adminToken();
    const admin = await newPage(browser, { storage: { adminToken: token } });
    await admin.page.goto('/admin-dashboard/leads');
    await admin.page.getByPlaceholder('Search leads...').fill('Meera Joshi');
    const row = admin.page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await row.getByRole('button', { name: /edit/i }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /Status/ }).selectOption('contacted');
    await dialog.getByRole('button', { name: /save/i }).click();
    await dialog.waitFor({ state: 'detached' });

    const list = await api<{ leads: { name: string; status: string; id: number }[] }>(
      'GET',
      `/api/admin/leads?page=1&limit=10&search=${encodeURIComponent(name)}`,
      undefined,
      token,
    );
    assert.equal(list.body.leads[0]?.status, 'contacted');

    await admin.page.getByPlaceholder('Search leads...').fill('Meera Joshi');
    await row.getByRole('button', { name: /delete/i }).click();
    await admin.page
      .getByRole('dialog')
      .getByRole('button', { name: /delete/i })
      .click();
    await row.waitFor({ state: 'detached' });
    const after = await api<{ leads: unknown[] }>(
      'GET',
      `/api/admin/leads?page=1&limit=10&search=${encodeURIComponent(name)}`,
      undefined,
      token,
    );
    assert.equal(after.body.leads.length, 0);
    await admin.context.close();
  });
});
