import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { inboundTextWebhook, postMetaWebhook } from '../../server/src/test/fake-whatsapp.ts';
import { DEMO, ownerToken } from '../lib/api.ts';
import { baseUrl, launch, newPage, PHONE } from '../lib/browser.ts';

/**
 * The feedback inbox end to end (issue 33): a customer leaves 2 stars in Hindi with a mobile number
 * and consent; the case reaches the owner's inbox; the owner assigns it, replies by WhatsApp through
 * StarLoop's number (the fake Cloud API run-e2e.mjs starts); the customer's answer comes back as a
 * signed webhook and joins the timeline; the owner resolves it as recovered and the recovery
 * figure moves.
 */

const whatsapp = (() => {
  const raw = process.env.E2E_FAKE_WHATSAPP;
  if (!raw)
    throw new Error('E2E_FAKE_WHATSAPP is not set: run the suite through `npm test -w @starloop/e2e`.');
  return JSON.parse(raw) as { controlUrl: string; phoneNumberId: string; appSecret: string };
})();

interface TSentMessage {
  to: string;
  template: { name: string; language: string; parameters: string[] };
}

async function messagesTo(to: string): Promise<TSentMessage[]> {
  const res = await fetch(`${whatsapp.controlUrl}/messages`);
  return ((await res.json()) as TSentMessage[]).filter((m) => m.to === to);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** "3 of 7 resolved cases recovered" under the Recovery rate card, as numbers. */
async function recovery(page: Page): Promise<{ recovered: number; resolved: number }> {
  const hint = page.getByText(/of \d+ resolved cases recovered/).first();
  await hint.waitFor();
  const match = /(\d+) of (\d+) resolved cases recovered/.exec((await hint.textContent()) ?? '');
  assert.ok(match, 'the recovery figure is shown');
  return { recovered: Number(match[1]), resolved: Number(match[2]) };
}

describe('feedback inbox: a Hindi complaint becomes a case the owner closes', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  it('2 stars in Hindi with a phone -> case -> assigned -> WhatsApp reply -> answer -> recovered', async () => {
    const run = Date.now().toString(36);
    const complaint = `दुकान 8 बजे बंद थी, चाय ठंडी थी ${run}`;
    const mobile = `97${String(Date.now() % 1e8).padStart(8, '0')}`;

    // The customer, on a Hindi phone.
    const customer = await newPage(browser, { viewport: PHONE, locale: 'hi-IN' });
    await customer.page.goto(`/review/${DEMO.owner.code}`);
    await customer.page.getByText('आपका अनुभव कैसा रहा?').waitFor();
    await customer.page.getByRole('button', { name: '2 स्टार दें' }).click();
    await customer.page.getByLabel('अपने अनुभव के बारे में बताइए').fill(complaint);
    await customer.page.getByLabel('मोबाइल नंबर (WhatsApp या SMS)').fill(mobile);
    await customer.page.getByRole('checkbox', { name: /इस फ़ीडबैक के बारे में ही मुझसे/ }).check();
    await customer.page.getByRole('button', { name: 'फ़ीडबैक भेजें' }).click();
    await customer.page.getByText('धन्यवाद! आपका फ़ीडबैक हमें मिल गया है').waitFor();
    await customer.context.close();

    // The owner's inbox: the case is there, newest first.
    const token = await ownerToken();
    const { context, page } = await newPage(browser, { storage: { authToken: token } });
    await page.goto('/dashboard/inbox');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const before = await recovery(page);
    await page.getByText(complaint).first().click();
    const drawer = page.getByRole('dialog', { name: /^Case \d+$/ });
    await drawer.waitFor();
    await drawer.getByText(complaint).first().waitFor();

    await drawer.getByRole('button', { name: 'Assign to me' }).click();
    await drawer.getByRole('button', { name: 'Assign to me' }).waitFor({ state: 'detached' });

    // The reply goes by WhatsApp from StarLoop's number: the customer's phone gets it.
    await drawer.getByRole('radio', { name: 'WhatsApp' }).check();
    const reply = `क्षमा करें, हम कल सुबह आपको कॉल करेंगे ${run}`;
    await drawer.getByLabel('Message to the customer').fill(reply);
    await drawer.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Message on its way.').first().waitFor();
    const wa = `91${mobile}`;
    const sent = await until('the WhatsApp reply at the fake Cloud API', async () => {
      const [message] = await messagesTo(wa);
      return message;
    });
    assert.equal(sent.template.name, 'case_reply');
    assert.ok(
      sent.template.parameters.some((p) => p.includes(reply)),
      `the template carries the owner's words: ${JSON.stringify(sent.template.parameters)}`,
    );

    // The customer answers on WhatsApp; Meta's signed webhook threads it into the case.
    const answer = `जी, धन्यवाद, समस्या हल हो गई ${run}`;
    const hook = await postMetaWebhook(
      `${baseUrl()}/api/webhooks/whatsapp`,
      whatsapp.appSecret,
      inboundTextWebhook(whatsapp.phoneNumberId, wa, answer),
    );
    assert.equal(hook.status, 200, hook.text);
    await until('the answer in the case timeline', async () => {
      await page.reload();
      await drawer.waitFor();
      return (await drawer.getByText(answer).count()) > 0 ? true : undefined;
    });

    // Resolved as recovered: the figure moves by one.
    await drawer.getByRole('button', { name: 'Resolve…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve this case' });
    await dialog.getByRole('radio', { name: /Recovered/ }).check();
    await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await drawer.getByRole('button', { name: 'Reopen' }).waitFor();
    await page.keyboard.press('Escape');
    await until('the recovery figure to move', async () => {
      const after = await recovery(page);
      return after.recovered === before.recovered + 1 && after.resolved === before.resolved + 1
        ? true
        : undefined;
    });
    await context.close();
  });
});
