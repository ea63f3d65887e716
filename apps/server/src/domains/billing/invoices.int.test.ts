import { findPaymentByOrderId } from '@starloop/db';
import { testDriverName } from '@starloop/db/testing';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BILLING_PROFILE } from '../../test/billing-profile.ts';
import { addressSequence, postJson } from '../../test/client-kit.ts';
import { signCheckout, startFakeRazorpay, type TFakeRazorpay } from '../../test/fake-razorpay.ts';
import {
  createTestAdmin,
  createTestServer,
  issueOwnerToken,
  type TTestServer,
} from '../../test/test-server.ts';

const KEY_ID = 'rzp_test_inv';
const KEY_SECRET = 'rzp-key-secret-invoices';
const WEBHOOK_SECRET = 'rzp-webhook-secret-invoices';
/** The operator: Maharashtra. */
const PROFILE = TEST_BILLING_PROFILE;
const KARNATAKA_GSTIN = '29AABCT1332L1ZA';

let seq = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;
const randomPhone = () => `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const nextIp = addressSequence('10.32');

const userData = (over: Record<string, unknown> = {}) => ({
  name: 'Meera Iyer',
  email: `meera-${unique()}@example.in`,
  phone: randomPhone(),
  businessName: 'Iyer Dental Clinic',
  code: `iyer-${unique()}`,
  businessUrl: 'https://g.page/r/iyer-dental/review',
  salesGuy: 'Direct',
  state: 'Maharashtra',
  city: 'Pune',
  password: 'meera-pass-2026',
  ...over,
});

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

describe(`GST on orders and tax invoices on ${testDriverName()}`, () => {
  let server: TTestServer;
  let fake: TFakeRazorpay;
  let clock: Date | undefined;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    server = await createTestServer(
      {
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_BASE: fake.url,
      },
      { now: () => clock ?? new Date() },
    );
    const admin = await createTestAdmin(server, { role: 'admin' });
    adminHeaders = { authorization: `Bearer ${(await server.deps.tokens.issue('admin', admin.id)).token}` };
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(server, url, body, nextIp(), headers);
  const get = (url: string, headers: Record<string, string>) =>
    server.app.inject({ method: 'GET', url, headers });

  /** Initiates and pays a registration; answers the order, the verify answer and the payment row. */
  async function register(data = userData(), extra: Record<string, unknown> = {}) {
    const res = await post('/api/payments/initiate', {
      userData: data,
      plan: 'Essential',
      amount: 199900,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    const paymentId = `pay_${unique()}`;
    const verified = await post('/api/payments/verify', {
      razorpay_order_id: order.orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signCheckout(KEY_SECRET, order.orderId, paymentId),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const payment = (await findPaymentByOrderId(server.deps.db, order.orderId))!;
    return { order, verified: verified.json(), payment, data };
  }
  const invoiceOf = (paymentId: number, kind = 'invoice') =>
    server.deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('paymentId', '=', paymentId)
      .where('kind', '=', kind as 'invoice')
      .executeTakeFirst();

  it('charges GST on the plan price and issues nothing without the billing profile, then issues when it is saved', async () => {
    const { order, payment } = await register();
    expect(order).toMatchObject({ amount: 199900, tax: 35982, total: 235882 });
    // No profile yet: the order is taken as within one state.
    expect(order.gst).toEqual({ cgst: 17991, sgst: 17991, igst: 0 });
    expect(fake.orders.get(order.orderId)?.amount).toBe(235882);
    expect(payment).toMatchObject({ status: 'captured', amount: 235882, taxableValue: 199900, cgst: 17991 });
    expect(await invoiceOf(payment.id)).toBeUndefined();

    const superAdmin = await createTestAdmin(server, { role: 'super_admin' });
    const token = (await server.deps.tokens.issue('admin', superAdmin.id)).token;
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/billing-profile',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(PROFILE),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const issued = await invoiceOf(payment.id);
    expect(issued).toMatchObject({ number: expect.stringMatching(/^SL\/\d{4}\/000001$/), total: 235882 });
  });

  it('splits CGST + SGST within Maharashtra and IGST for a Karnataka GSTIN, and invoices with every Rule 46 particular', async () => {
    const local = await register(userData({ state: 'Maharashtra', city: 'Pune' }));
    expect(local.order.gst).toEqual({ cgst: 17991, sgst: 17991, igst: 0 });

    const billing = {
      legalName: 'Tumkur Opticals LLP',
      address: '12 MG Road, Bengaluru 560001',
      state: 'karnataka',
      gstin: KARNATAKA_GSTIN.toLowerCase(),
    };
    const other = await register(userData({ state: 'Maharashtra', city: 'Pune' }), { billing });
    // Place of supply is the billing state: Karnataka, so IGST.
    expect(other.order).toMatchObject({ tax: 35982, total: 235882, gst: { cgst: 0, sgst: 0, igst: 35982 } });
    const invoice = (await invoiceOf(other.payment.id))!;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      placeOfSupply: 'Karnataka',
      placeOfSupplyCode: '29',
      sac: '998315',
      taxableValue: 199900,
      cgst: 0,
      sgst: 0,
      igst: 35982,
      total: 235882,
    });
    expect(invoice.recipient).toMatchObject({ legalName: 'Tumkur Opticals LLP', gstin: KARNATAKA_GSTIN });
    expect(invoice.supplier).toMatchObject({ gstin: PROFILE.gstin, pan: PROFILE.pan, stateCode: '27' });

    // The owner, signed in by the paying verify, lists it and downloads its PDF.
    const owner = { authorization: `Bearer ${other.verified.token}` };
    const billingNow = await get('/api/v1/account/billing', owner);
    expect(billingNow.json()).toMatchObject({ legalName: 'Tumkur Opticals LLP', gstin: KARNATAKA_GSTIN });
    const list = await get('/api/users/invoices', owner);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().invoices).toEqual([
      {
        id: invoice.id,
        number: invoice.number,
        kind: 'invoice',
        date: invoice.issuedAt.toISOString(),
        taxableValue: 199900,
        cgst: 0,
        sgst: 0,
        igst: 35982,
        total: 235882,
        paymentId: other.payment.id,
      },
    ]);
    const pdf = await get(`/api/users/invoices/${invoice.id}/pdf`, owner);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'TAX INVOICE',
      invoice.number,
      PROFILE.gstin,
      KARNATAKA_GSTIN,
      '₹1,999.00',
      '₹359.82',
      '₹2,358.82',
      'IGST @ 18%',
      'Karnataka (29)',
      'Reverse charge: No',
      'SAC 998315',
      'Asha Rao, Authorised signatory',
    ]) {
      expect(text).toContain(expected);
    }
    // Another account's invoice is not found, not forbidden.
    const stranger = { authorization: `Bearer ${local.verified.token}` };
    expect((await get(`/api/users/invoices/${invoice.id}/pdf`, stranger)).statusCode).toBe(404);

    // The payment-received email carries the PDF.
    await expect
      .poll(
        async () =>
          (
            await server.deps.db
              .selectFrom('emailOutbox')
              .selectAll()
              .where('idempotencyKey', '=', `invoice-mail:${invoice.id}`)
              .executeTakeFirst()
          )?.attachments?.[0]?.filename,
        { timeout: 15_000 },
      )
      .toBe(`${invoice.number.replaceAll('/', '-')}.pdf`);
  });

  it('invoices renewals and upgrades, and onboarding paid by UPI (tax-inclusive whole rupees)', async () => {
    const first = await register();
    const owner = { authorization: `Bearer ${first.verified.token}`, 'content-type': 'application/json' };
    for (const purpose of ['renewal', 'upgrade'] as const) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/trpc/owner.plan.createOrder',
        headers: owner,
        payload: JSON.stringify({ plan: purpose === 'upgrade' ? 'Professional' : 'Essential', purpose }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().result.data;
      expect(order.total).toBe(purpose === 'upgrade' ? 353882 : 235882);
      const paymentId = `pay_${unique()}`;
      await post('/api/payments/verify', {
        razorpay_order_id: order.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signCheckout(KEY_SECRET, order.orderId, paymentId),
      });
      const payment = (await findPaymentByOrderId(server.deps.db, order.orderId))!;
      const invoice = (await invoiceOf(payment.id))!;
      expect(invoice).toMatchObject({ total: order.total, taxableValue: order.amount });
      expect(invoice.description).toContain(
        purpose === 'upgrade' ? 'Professional plan upgrade' : 'Essential plan renewal',
      );
    }

    const onboarded = await server.app.inject({
      method: 'POST',
      url: '/api/admin/onboard',
      headers: { ...adminHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify({
        branches: [
          {
            name: 'Ravi Nair',
            contactNumber: randomPhone(),
            businessName: 'Nair Bakery',
            code: `nair-${unique()}`,
            reviewLink: 'https://g.page/r/nair-bakery/review',
            state: 'Kerala',
            city: 'Ernakulam',
            subscriptionDuration: 1,
          },
        ],
        payment: {
          amount: 23600,
          paymentMethod: 'upi',
          email: 'ravi@nair.example.in',
          notes: 'UPI ref 4471',
        },
      }),
    });
    expect(onboarded.statusCode, onboarded.body).toBe(201);
    const invoice = await server.deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('manualPaymentId', '=', onboarded.json().manualPaymentId)
      .executeTakeFirstOrThrow();
    // ₹23,600 paid, GST included: ₹20,000 + 18% IGST (Kerala is another state).
    expect(invoice).toMatchObject({ taxableValue: 2_000_000, igst: 360_000, cgst: 0, total: 2_360_000 });
    expect(invoice.placeOfSupply).toBe('Kerala');
    // The onboarded owner sees that payment on the Plan page, and its invoice.
    const businessId = onboarded.json().users[0].id as number;
    const ownerAuth = { authorization: `Bearer ${(await issueOwnerToken(server, businessId)).token}` };
    const plan = await get('/trpc/owner.plan.get', ownerAuth);
    expect(plan.json().result.data.payments).toEqual([
      expect.objectContaining({ amount: 2_360_000, paymentMethod: 'upi', status: 'captured', manual: true }),
    ]);
    const listed = await get('/api/users/invoices', ownerAuth);
    expect(listed.json().invoices.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
  });

  it('numbers gaplessly under concurrent captures and starts again on 1 April (IST)', async () => {
    const orders = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const res = await post('/api/payments/initiate', {
          userData: userData(),
          plan: 'Essential',
          amount: 199900,
        });
        return res.json().orderId as string;
      }),
    );
    await Promise.all(
      orders.map((orderId) => {
        const paymentId = `pay_${unique()}`;
        return post('/api/payments/verify', {
          razorpay_order_id: orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: signCheckout(KEY_SECRET, orderId, paymentId),
        });
      }),
    );
    const all = await server.deps.db
      .selectFrom('invoices')
      .select(['serial', 'number', 'financialYear'])
      .where('kind', '=', 'invoice')
      .orderBy('serial')
      .execute();
    const serials = all.map((r) => r.serial);
    expect(serials).toEqual(Array.from({ length: serials.length }, (_, i) => i + 1));
    expect(new Set(all.map((r) => r.number)).size).toBe(all.length);

    // 31 March 23:59 IST, then 1 April 00:00 IST.
    clock = new Date('2027-03-31T18:29:00Z');
    const march = await register();
    clock = new Date('2027-03-31T18:30:00Z');
    const april = await register();
    const another = await register();
    clock = undefined;
    expect((await invoiceOf(march.payment.id))!.number).toBe(
      `SL/2627/${String(serials.length + 1).padStart(6, '0')}`,
    );
    expect((await invoiceOf(april.payment.id))!.number).toBe('SL/2728/000001');
    expect((await invoiceOf(another.payment.id))!.number).toBe('SL/2728/000002');
  });

  it('a refund of a registration applied to nobody issues a credit note against its invoice', async () => {
    // Two registrations for one phone; the second is paid after the first: applied to nobody.
    const initiate = async (data: ReturnType<typeof userData>) =>
      (await post('/api/payments/initiate', { userData: data, plan: 'Essential', amount: 199900 })).json()
        .orderId as string;
    const pay = (orderId: string, paymentId: string) =>
      post('/api/payments/verify', {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signCheckout(KEY_SECRET, orderId, paymentId),
      });
    const victim = userData();
    const lateData = userData({ phone: victim.phone, businessName: 'Late Sweets' });
    const first = await initiate(victim);
    const lateOrder = await initiate(lateData);
    await pay(first, `pay_${unique()}`);
    const latePaymentId = `pay_${unique()}`;
    fake.setOrderPayments(lateOrder, [{ id: latePaymentId, status: 'captured' }]);
    expect((await pay(lateOrder, latePaymentId)).json()).toMatchObject({ needsRefund: true });
    const payment = (await findPaymentByOrderId(server.deps.db, lateOrder))!;
    const invoice = (await invoiceOf(payment.id))!;
    expect(invoice.recipient.businessName).toBe('Late Sweets');

    const refund = await server.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refund`,
      headers: adminHeaders,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const note = (await invoiceOf(payment.id, 'credit-note'))!;
    expect(note).toMatchObject({
      originalInvoiceId: invoice.id,
      number: expect.stringMatching(/^SL\/\d{4}\/C\d{5}$/),
      total: invoice.total,
      taxableValue: invoice.taxableValue,
      cgst: invoice.cgst,
      sgst: invoice.sgst,
    });
    const pdf = await get(`/api/admin/invoices/${note.id}/pdf`, adminHeaders);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Against invoice: ${invoice.number}`);

    // The books: the month's documents, totals net of the credit note, and the GSTR-1 file.
    const month = note.issuedAt.toISOString().slice(0, 7);
    const books = await get(`/api/admin/invoices?month=${month}`, adminHeaders);
    expect(books.statusCode, books.body).toBe(200);
    const answer = books.json();
    expect(answer.totals.creditNotes).toBeGreaterThanOrEqual(1);
    const docs = answer.invoices as { kind: string; total: number }[];
    const net = docs.reduce((sum, d) => sum + (d.kind === 'credit-note' ? -d.total : d.total), 0);
    expect(answer.total).toBe(docs.length);
    expect(answer.totals.total).toBe(net);
    const gstr1 = await get(`/api/admin/invoices/export?month=${month}&format=gstr1`, adminHeaders);
    expect(gstr1.statusCode).toBe(200);
    const lines = gstr1.body.trim().split('\r\n');
    expect(lines[0]).toContain('GSTIN/UIN of Recipient');
    // The Karnataka GSTIN's invoice is B2B, invoice-wise; everything else sums into B2C by place of supply.
    expect(lines.some((l) => l.startsWith('b2b,29AABCT1332L1ZA,Tumkur Opticals LLP,'))).toBe(true);
    expect(lines.filter((l) => l.startsWith('b2cs,')).length).toBeGreaterThanOrEqual(1);
    const zip = await get(`/api/admin/invoices/export?month=${month}&format=pdf`, adminHeaders);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await get(`/api/admin/invoices?month=2026-13`, adminHeaders)).statusCode).toBe(400);

    // The overview: GST invoiced net of credit notes, from the counters, and the revenue before it.
    const allDocs = await server.deps.db.selectFrom('invoices').selectAll().execute();
    const gst = allDocs.reduce(
      (sum, d) => sum + (d.kind === 'credit-note' ? -1 : 1) * (d.cgst + d.sgst + d.igst),
      0,
    );
    const overview = (await get('/trpc/admin.overview.stats', adminHeaders)).json().result.data;
    expect(overview.billing.gstCollected).toBeCloseTo(gst / 100, 2);
    expect(overview.billing.revenueBeforeTax).toBeCloseTo(overview.stats.revenue.total - gst / 100, 2);
    expect(overview.billing.payingBranches).toBeGreaterThan(0);
    expect(overview.billing.mrr).toBeGreaterThanOrEqual(overview.billing.payingBranches * 1999);
  });
});
