import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  BRAND as CONTRACT_BRAND,
  PUBLIC_TEXTS,
  REVIEW_CONTACT_CONSENT_VERSION,
  REVIEW_PAGE_LANGUAGES,
} from '@starloop/contract';
import { testDriverName } from '@starloop/db/testing';
import { BRAND, englishMessages, LANGUAGE_META, plural, REVIEW_LANGUAGES } from '@starloop/review-page';
import { CATALOGS } from '@starloop/review-page/server';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressSequence } from '../../../test/client-kit.ts';
import {
  createTestOwner,
  createTestServer,
  fixtureWebDist,
  issueOwnerToken,
  type TTestServer,
} from '../../../test/test-server.ts';
import { REVIEW_ENTRY_KEY, REVIEW_MANIFEST } from './review-page-assets.service.ts';
import {
  HYDRATION_LOADER_SCRIPT,
  REMEMBERED_LANGUAGE_SCRIPT,
  REMEMBERED_LANGUAGE_SCRIPT_HASH,
} from './review-page-document.render.ts';

/** What a person sees with scripts and styles off: the text between tags, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every `<name ...>` element's attributes, in document order (React orders attributes its own way). */
function elements(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}((?:\\s+[\\w:-]+(?:="[^"]*")?)*)\\s*/?>`, 'g'))].map((match) =>
    Object.fromEntries(
      [...(match[1] ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((a) => [a[1] ?? '', a[2] ?? '']),
    ),
  );
}

/** The JSON the page inlines for hydration. */
function pageDataOf(html: string) {
  const json = /<script type="application\/json" id="review-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the page inlines its data').toBeDefined();
  return JSON.parse(json ?? '{}');
}

/** A web build with the review entry, one imported chunk and a stylesheet (as Vite's manifests list them). */
function webDistWithReviewEntry(): string {
  const dir = fixtureWebDist();
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(path.join(dir, 'assets', 'review-Ab12.js'), 'import "./react-Cd34.js";');
  writeFileSync(path.join(dir, 'assets', 'react-Cd34.js'), 'export {};');
  writeFileSync(path.join(dir, 'assets', 'review-page-Ef56.css'), '.rv-page{color:#1e293b}');
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-Zz99.js', isEntry: true, src: 'index.html' } }),
  );
  // The hydration entry is a build of its own (Preact), with its own manifest.
  writeFileSync(
    path.join(dir, REVIEW_MANIFEST),
    JSON.stringify({
      [REVIEW_ENTRY_KEY]: {
        file: 'assets/review-Ab12.js',
        isEntry: true,
        src: REVIEW_ENTRY_KEY,
        imports: ['_react-Cd34.js'],
        css: ['assets/review-page-Ef56.css'],
      },
      '_react-Cd34.js': { file: 'assets/react-Cd34.js' },
    }),
  );
  return dir;
}

describe(`server-rendered review page on ${testDriverName()}`, () => {
  let server: TTestServer;
  const freshIp = addressSequence('10.30');

  beforeAll(async () => {
    server = await createTestServer(
      { APP_URL: 'https://starloop.test' },
      { webDistDir: webDistWithReviewEntry() },
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': freshIp(), ...headers } });
  const postForm = (
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = { origin: 'https://starloop.test', 'sec-fetch-site': 'same-origin' },
    from = freshIp(),
  ) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': from,
        'user-agent': 'TestPhone/1.0',
        ...headers,
      },
      payload: new URLSearchParams(fields).toString(),
    });
  const reviewsOf = (ownerId: number) =>
    server.deps.db
      .selectFrom('reviews')
      .select(['rating', 'message', 'customerContact', 'deviceId'])
      .where('ownerId', '=', ownerId)
      .orderBy('id')
      .execute();
  const expectHtml = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  };

  describe('GET /review/{code}', () => {
    it('answers the finished page: business, question, five star buttons, data for hydration', async () => {
      const owner = await createTestOwner(server, {
        businessName: 'Chai Point Pune',
        reviewLink: 'https://g.page/r/chai/review',
      });
      const res = await get(`/review/${owner.code}`);
      expectHtml(res, 200);
      const html = res.body;
      expect(html).toMatch(/^<!doctype html><html lang="en-IN" dir="ltr" data-lang="en">/);
      expect(html).toContain('<title>Rate your experience | StarLoop</title>');
      const text = visibleText(html);
      expect(text).toContain('Chai Point Pune');
      expect(text).toContain('How was your experience?');
      expect(text).toContain('Powered by StarLoop');
      expect(text).not.toContain('Loading review form...');
      expect(html).toContain('<h1 class="rv-business">Chai Point Pune</h1>');
      const stars = elements(html, 'button').filter((b) => b.name === 'stars');
      expect(stars.every((b) => b.type === 'submit' && b['aria-pressed'] === 'false')).toBe(true);
      expect(stars.map((b) => [b.value, b['aria-label']])).toEqual([
        ['1', 'Rate 1 star'],
        ['2', 'Rate 2 stars'],
        ['3', 'Rate 3 stars'],
        ['4', 'Rate 4 stars'],
        ['5', 'Rate 5 stars'],
      ]);
      // Without the script the stars are a form that posts to the server.
      expect(elements(html, 'form')).toEqual([
        { class: 'rv-rate', method: 'post', action: `/review/${owner.code}/rate` },
      ]);
      expect(pageDataOf(html)).toMatchObject({
        code: owner.code,
        lang: 'en',
        placement: null,
        messages: englishMessages,
        initial: {
          status: 'ready',
          info: {
            businessName: 'Chai Point Pune',
            reviewLink: 'https://g.page/r/chai/review',
            reviewFlow: 'smart',
          },
        },
      });
    });

    it('loads its script and inlines its CSS from the web build manifest; caches briefly with an ETag', async () => {
      const owner = await createTestOwner(server);
      const res = await get(`/review/${owner.code}`);
      expectHtml(res, 200);
      // Loaded once the page has painted, by a fixed inline loader (allowed by its hash).
      expect(res.body).toContain(
        `<script data-entry="/assets/review-Ab12.js" data-preload="/assets/react-Cd34.js">${HYDRATION_LOADER_SCRIPT}</script></body>`,
      );
      expect(res.body).toContain('<style>.rv-page{color:#1e293b}</style>');
      expect(res.headers['cache-control']).toBe('public, max-age=30');
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      expect(res.headers.vary).toContain('accept-language');

      const again = await get(`/review/${owner.code}`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      // The hashed assets themselves are immutable.
      const script = await get('/assets/review-Ab12.js');
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('allows only its own two inline scripts (by hash) and framing by the app itself', async () => {
      const owner = await createTestOwner(server);
      const res = await get(`/review/${owner.code}`);
      const csp = String(res.headers['content-security-policy']);
      const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      expect(REMEMBERED_LANGUAGE_SCRIPT_HASH).toBe(hash(REMEMBERED_LANGUAGE_SCRIPT));
      expect(csp).toContain(
        `script-src 'self' ${hash(REMEMBERED_LANGUAGE_SCRIPT)} ${hash(HYDRATION_LOADER_SCRIPT)};`,
      );
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain("unsafe-inline' https://checkout");
      expect(res.body).toContain(`<script>${REMEMBERED_LANGUAGE_SCRIPT}</script>`);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Same-origin form posts carry their Origin (the app's no-referrer would send "null").
      expect(res.headers['referrer-policy']).toBe('same-origin');
      // The no-JS stars form may end on the business's review site (the redirect is checked too).
      const withLink = await createTestOwner(server, { reviewLink: 'https://g.page/r/abc/review' });
      expect(String((await get(`/review/${withLink.code}`)).headers['content-security-policy'])).toContain(
        "form-action 'self' https://g.page",
      );
      expect(csp).toContain("form-action 'self' https://www.google.com");
    });

    it('escapes what the owner typed, in the markup and in the inlined data', async () => {
      const owner = await createTestOwner(server, {
        businessName: 'Tea </script><script>alert(1)</script> & Co',
      });
      const res = await get(`/review/${owner.code}`);
      expectHtml(res, 200);
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script> & Co');
      expect(visibleText(res.body)).toContain('Tea </script><script>alert(1)</script> & Co');
      expect(pageDataOf(res.body).initial.info.businessName).toBe(
        'Tea </script><script>alert(1)</script> & Co',
      );
    });

    it('is 404 for an unknown (or malformed) code, server-rendered with the spec texts', async () => {
      for (const code of ['no-such-business', 'Bad%20Code!']) {
        const res = await get(`/review/${code}`);
        expectHtml(res, 404);
        const text = visibleText(res.body);
        expect(text).toContain('Failed to load review information');
        expect(text).toContain(PUBLIC_TEXTS.businessNotFound);
        expect(text).not.toContain('Loading review form...');
        expect(res.body).not.toContain('name="stars"');
      }
    });

    it('is 410 for a closed page (inactive, deleted, past the grace period)', async () => {
      const owners = [
        await createTestOwner(server, { status: 'inactive' }),
        await createTestOwner(server, { deletedAt: new Date() }),
        await createTestOwner(server, { subscriptionEnd: new Date(Date.now() - 8 * 24 * 3600 * 1000) }),
      ];
      for (const owner of owners) {
        const res = await get(`/review/${owner.code}`);
        expectHtml(res, 410);
        const text = visibleText(res.body);
        expect(text).toContain('Failed to load review information');
        expect(text).toContain(PUBLIC_TEXTS.reviewPageInactive);
      }
    });

    it.each(['/review', '/review/'])('%s says no business code was provided', async (url) => {
      const res = await get(url);
      expectHtml(res, 200);
      expect(visibleText(res.body)).toContain('No business code provided');
      expect(pageDataOf(res.body)).toMatchObject({ code: null, lang: 'en' });
    });

    it('counts a view of an open page (with its placement), never an unknown page, a preview frame or a no-JS step', async () => {
      const owner = await createTestOwner(server);
      const add = vi.spyOn(server.deps.pageViews, 'add');
      try {
        await get(`/review/${owner.code}?p=Tbl4Key00001`);
        await get(`/review/${owner.code}`);
        await get('/review/no-such-business');
        await get(`/review/${owner.code}`, { 'sec-fetch-dest': 'iframe' });
        await get(`/review/${owner.code}?stars=2`);
        expect(add.mock.calls.map(([view]) => [view.ownerId, view.placementKey])).toEqual([
          [owner.id, 'Tbl4Key00001'],
          [owner.id, null],
        ]);
      } finally {
        add.mockRestore();
      }
    });

    it('stays small: the HTML alone is well under 6 KB gzip in every language', async () => {
      const owner = await createTestOwner(server, { businessName: 'Shree Krishna Sweets and Farsan Mart' });
      for (const lang of REVIEW_LANGUAGES) {
        const res = await get(`/review/${owner.code}?lang=${lang}&p=Tbl4Key00001`);
        expect(gzipSync(res.body).length, lang).toBeLessThan(5 * 1024);
      }
    });
  });

  describe('languages', () => {
    it('renders every language with its own texts, lang and dir, and inlines only its own catalog', async () => {
      const owner = await createTestOwner(server, { businessName: 'Annapurna' });
      for (const lang of REVIEW_LANGUAGES) {
        const res = await get(`/review/${owner.code}?lang=${lang}`);
        expectHtml(res, 200);
        const t = CATALOGS[lang];
        expect(res.body).toContain(
          `<html lang="${LANGUAGE_META[lang].tag}" dir="${LANGUAGE_META[lang].dir}"`,
        );
        expect(res.body).toContain(`<title>${t.pageTitle} | StarLoop</title>`);
        const text = visibleText(res.body);
        expect(text).toContain(t.question);
        for (let n = 1; n <= 5; n += 1)
          expect(res.body).toContain(`aria-label="${plural(lang, t.starLabel, n)}"`);
        const data = pageDataOf(res.body);
        expect(data.lang).toBe(lang);
        expect(data.messages).toEqual(t);
        for (const other of REVIEW_LANGUAGES) {
          if (other !== lang && CATALOGS[other].question !== t.question)
            expect(res.body, `${lang} page carries ${other}`).not.toContain(CATALOGS[other].question);
        }
        // The unknown page speaks the language too.
        const missing = await get(`/review/no-such-business?lang=${lang}`);
        expect(visibleText(missing.body)).toContain(t.loadFailed);
        expect(visibleText(missing.body)).toContain(t.businessNotFound);
      }
    });

    it('takes ?lang=, then the owner default, then Accept-Language, then English', async () => {
      const plain = await createTestOwner(server);
      const tamil = await createTestOwner(server, { reviewPageLanguage: 'ta' });
      const langOf = async (url: string, headers: Record<string, string> = {}) => {
        const res = await get(url, headers);
        return { lang: pageDataOf(res.body).lang as string, vary: String(res.headers.vary ?? '') };
      };
      expect(await langOf(`/review/${plain.code}`)).toMatchObject({ lang: 'en' });
      expect(await langOf(`/review/${plain.code}`, { 'accept-language': 'te-IN,te;q=0.9,en;q=0.8' })).toEqual(
        {
          lang: 'te',
          vary: expect.stringContaining('accept-language'),
        },
      );
      expect(
        (await langOf(`/review/${plain.code}`, { 'accept-language': 'fr-FR, en;q=0.5, gu;q=0.7' })).lang,
      ).toBe('gu');
      expect((await langOf(`/review/${tamil.code}`, { 'accept-language': 'hi-IN' })).lang).toBe('ta');
      expect((await langOf(`/review/${tamil.code}?lang=kn`, { 'accept-language': 'hi-IN' })).lang).toBe('kn');
      expect((await langOf(`/review/${tamil.code}?lang=xx`)).lang).toBe('ta');
      expect((await langOf(`/review/${tamil.code}?lang=bn`)).vary).not.toContain('accept-language');
    });

    it('offers a switcher of plain links that keep the placement', async () => {
      const owner = await createTestOwner(server);
      const res = await get(`/review/${owner.code}?lang=mr&p=Tbl4Key00001`);
      const links = [
        ...res.body.matchAll(/<a href="([^"]+)" lang="([^"]+)" hrefLang="[^"]+"( aria-current="true")?>/g),
      ];
      expect(links.map((m) => m[1])).toEqual(
        REVIEW_LANGUAGES.map((lang) => `/review/${owner.code}?lang=${lang}&amp;p=Tbl4Key00001`),
      );
      expect(links.filter((m) => m[3]).map((m) => m[2])).toEqual(['mr-IN']);
      expect(res.body).toContain(`<nav class="rv-langs" aria-label="${CATALOGS.mr.language}">`);
    });

    it('keeps the package, the contract and the spec in step', () => {
      expect([...REVIEW_LANGUAGES]).toEqual([...REVIEW_PAGE_LANGUAGES]);
      expect(BRAND).toBe(CONTRACT_BRAND);
      expect(englishMessages.businessNotFound).toBe(PUBLIC_TEXTS.businessNotFound);
      expect(englishMessages.pageInactive).toBe(PUBLIC_TEXTS.reviewPageInactive);
      expect(englishMessages.thanks).toBe(PUBLIC_TEXTS.reviewThanks);
    });
  });

  describe('without JavaScript', () => {
    it('4-5 stars: the rating is recorded (device id derived on the server) and the browser goes to the review link', async () => {
      const owner = await createTestOwner(server, { reviewLink: 'https://g.page/r/nojs/review' });
      const res = await postForm(`/review/${owner.code}/rate`, { stars: '5', lang: 'en' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('https://g.page/r/nojs/review');
      await vi.waitFor(async () => expect(await reviewsOf(owner.id)).toHaveLength(1));
      const [review] = await reviewsOf(owner.id);
      expect(review).toMatchObject({ rating: 5, message: '', customerContact: null });
      expect(review?.deviceId).toMatch(/^nojs-[\w-]{24}$/);

      // No review link: a search for the business, as with the script.
      const noLink = await createTestOwner(server, { businessName: 'Asha & Sons' });
      const search = await postForm(`/review/${noLink.code}/rate`, { stars: '4' });
      expect(search.headers.location).toBe('https://www.google.com/search?q=Asha%20%26%20Sons%20reviews');
    });

    it('1-3 stars: back to the page with the rating chosen and a plain feedback form', async () => {
      const owner = await createTestOwner(server);
      const res = await postForm(`/review/${owner.code}/rate`, { stars: '2', lang: 'hi', p: 'Tbl4Key00001' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/review/${owner.code}?lang=hi&p=Tbl4Key00001&stars=2`);
      expect(await reviewsOf(owner.id)).toEqual([]);

      const page = await get(String(res.headers.location));
      expectHtml(page, 200);
      expect(page.headers['cache-control']).toBe('no-store');
      const html = page.body;
      const forms = elements(html, 'form');
      expect(forms).toContainEqual({
        class: 'rv-form',
        method: 'post',
        action: `/review/${owner.code}/feedback`,
      });
      // Cancel submits an empty GET form: the page again, without the rating.
      const cancelForm = forms.find((f) => f.method === 'get');
      expect(cancelForm).toMatchObject({ action: `/review/${owner.code}`, hidden: '' });
      const inputs = elements(html, 'input');
      expect(inputs).toContainEqual({ type: 'hidden', name: 'rating', value: '2' });
      expect(inputs).toContainEqual({ type: 'hidden', name: 'p', value: 'Tbl4Key00001' });
      // The optional contact block (issue 33): phone, email and an unticked consent line.
      expect(inputs).toContainEqual(
        expect.objectContaining({ name: 'contactPhone', type: 'tel', value: '' }),
      );
      expect(inputs).toContainEqual(
        expect.objectContaining({ name: 'contactEmail', type: 'email', value: '' }),
      );
      const consentBox = inputs.find((i) => i.name === 'contactConsent');
      expect(consentBox).toMatchObject({ type: 'checkbox', value: 'yes' });
      expect(consentBox).not.toHaveProperty('checked');
      expect(visibleText(html)).toContain(CATALOGS.hi.contactQuestion);
      expect(visibleText(html)).toContain(
        CATALOGS.hi.contactConsent.replace('{business}', owner.businessName),
      );
      expect(elements(html, 'textarea')).toEqual([
        expect.objectContaining({ name: 'message', required: '', maxLength: '500' }),
      ]);
      const buttons = elements(html, 'button');
      expect(buttons.find((b) => b.form === cancelForm?.id)).toMatchObject({ type: 'submit' });
      // Submit is not disabled: only the script could enable it again.
      expect(buttons.find((b) => b.class === 'rv-submit')).toEqual({ type: 'submit', class: 'rv-submit' });
      expect(visibleText(html)).toContain(CATALOGS.hi.feedbackLabel);
      expect(visibleText(html)).toContain(CATALOGS.hi.ratingWords[1]);
      expect(html).toContain('aria-pressed="true"');
    });

    it('open flow: any rating comes back to the page with both choices, nothing recorded yet', async () => {
      const owner = await createTestOwner(server, {
        reviewFlow: 'open',
        reviewLink: 'https://g.page/r/open',
      });
      const res = await postForm(`/review/${owner.code}/rate`, { stars: '5' });
      expect(res.headers.location).toBe(`/review/${owner.code}?lang=en&stars=5`);
      const page = await get(String(res.headers.location));
      expect(visibleText(page.body)).toContain('Leave a public review');
      expect(page.body).toContain('href="https://g.page/r/open"');
      expect(await reviewsOf(owner.id)).toEqual([]);
    });

    it('the feedback form posts, is validated by ZReviewSubmit, and ends on the server-rendered thank-you', async () => {
      const owner = await createTestOwner(server);
      const res = await postForm(`/review/${owner.code}/feedback`, {
        rating: '2',
        message: '  Tea was cold  ',
        customerContact: ' asha@example.com ',
        lang: 'en',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/review/${owner.code}?lang=en&thanks=1`);
      expect(await reviewsOf(owner.id)).toEqual([
        expect.objectContaining({ rating: 2, message: 'Tea was cold', customerContact: 'asha@example.com' }),
      ]);
      const thanks = await get(String(res.headers.location));
      expectHtml(thanks, 200);
      expect(thanks.body).toContain(
        '<p class="rv-thanks" role="status">Thank you! Your feedback has been received</p>',
      );
      expect(pageDataOf(thanks.body).initial.thanks).toBe(true);
    });

    it('a refused form comes back with the text kept and "Failed to submit review: {message}"', async () => {
      const owner = await createTestOwner(server);
      const empty = await postForm(`/review/${owner.code}/feedback`, { rating: '2', message: '   ' });
      expectHtml(empty, 400);
      expect(visibleText(empty.body)).toMatch(/Failed to submit review: \S/);

      const badContact = await postForm(`/review/${owner.code}/feedback`, {
        rating: '1',
        message: 'Rude staff',
        customerContact: 'not a contact',
      });
      expectHtml(badContact, 400);
      expect(badContact.body).toContain('>Rude staff</textarea>');
      expect(badContact.body).toContain('role="alert"');

      const badPhone = await postForm(`/review/${owner.code}/feedback`, {
        rating: '1',
        message: 'Rude staff',
        contactPhone: '12345',
        contactConsent: 'yes',
      });
      expectHtml(badPhone, 400);
      expect(visibleText(badPhone.body)).toContain(
        'Failed to submit review: Enter a valid 10-digit mobile number',
      );
      expect(badPhone.body).toContain('value="12345"');
      expect(badPhone.body).toMatch(/name="contactConsent"[^>]*checked/);

      const consentAlone = await postForm(`/review/${owner.code}/feedback`, {
        rating: '1',
        message: 'Rude staff',
        contactConsent: 'yes',
      });
      expectHtml(consentAlone, 400);
      expect(visibleText(consentAlone.body)).toContain('Give a phone number or an email');
      expect(await reviewsOf(owner.id)).toEqual([]);
    });

    it('keeps a contact with the consent given on the page: time, language and wording version', async () => {
      const owner = await createTestOwner(server);
      const res = await postForm(`/review/${owner.code}/feedback`, {
        rating: '2',
        message: 'दुकान 8 बजे बंद था',
        contactPhone: '98765 43210',
        contactConsent: 'yes',
        lang: 'hi',
      });
      expect(res.statusCode).toBe(303);
      const [review] = await reviewsOf(owner.id);
      expect(review).toMatchObject({ customerContact: '+919876543210' });
      const stored = await server.deps.db
        .selectFrom('reviewContacts')
        .innerJoin('reviews', 'reviews.id', 'reviewContacts.reviewId')
        .select([
          'phoneE164',
          'email',
          'consent',
          'consentAt',
          'consentVersion',
          'reviewContacts.language',
          'reviews.language as reviewLanguage',
        ])
        .where('reviewContacts.ownerId', '=', owner.id)
        .execute();
      expect(stored).toEqual([
        expect.objectContaining({
          phoneE164: '+919876543210',
          email: null,
          consent: true,
          consentVersion: REVIEW_CONTACT_CONSENT_VERSION,
          language: 'hi',
          reviewLanguage: 'hi',
        }),
      ]);
      expect(stored[0]!.consentAt).not.toBeNull();

      // Left without the tick: kept for the owner to see, never written to, not on the review's contact.
      await postForm(
        `/review/${owner.code}/feedback`,
        {
          rating: '1',
          message: 'Cold food',
          contactEmail: 'Ravi@Example.com',
          lang: 'en',
        },
        undefined,
        freshIp(),
      );
      const unconsented = await server.deps.db
        .selectFrom('reviewContacts')
        .innerJoin('reviews', 'reviews.id', 'reviewContacts.reviewId')
        .select(['email', 'consent', 'consentAt', 'reviews.customerContact'])
        .where('reviews.message', '=', 'Cold food')
        .executeTakeFirstOrThrow();
      expect(unconsented).toEqual({
        email: 'ravi@example.com',
        consent: false,
        consentAt: null,
        customerContact: null,
      });
    });

    it('is rate-limited exactly as the JSON path: the same device and address limits', async () => {
      const owner = await createTestOwner(server);
      const address = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await postForm(
          `/review/${owner.code}/feedback`,
          { rating: '3', message: `Okay ${i}` },
          undefined,
          address,
        );
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(visibleText(res.body)).toContain('Failed to submit review: ');
      }
      expect(statuses).toEqual([303, 303, 303, 429]);
      expect(await reviewsOf(owner.id)).toHaveLength(3);
    });

    it('refuses a form posted from another site (CSRF), and answers closed pages with their page', async () => {
      const owner = await createTestOwner(server);
      for (const headers of <Record<string, string>[]>[
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site', origin: 'https://shop.starloop.test' },
      ]) {
        const rate = await postForm(`/review/${owner.code}/rate`, { stars: '5' }, headers);
        expect(rate.statusCode).toBe(403);
        const feedback = await postForm(
          `/review/${owner.code}/feedback`,
          { rating: '2', message: 'x' },
          headers,
        );
        expect(feedback.statusCode).toBe(403);
      }
      // No Origin at all (an old browser): allowed, the limits still apply.
      expect((await postForm(`/review/${owner.code}/rate`, { stars: '1' }, {})).statusCode).toBe(303);
      expect(await reviewsOf(owner.id)).toEqual([]);

      const closed = await createTestOwner(server, { status: 'inactive' });
      const res = await postForm(`/review/${closed.code}/rate`, { stars: '5' });
      expectHtml(res, 410);
      expect(visibleText(res.body)).toContain(PUBLIC_TEXTS.reviewPageInactive);
    });
  });
});

describe(`review page HTML cache on ${testDriverName()}`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await createTestServer({}, { reviewPageCacheMs: 60_000 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("is purged by the owner's changes through the owner cache", async () => {
    const owner = await createTestOwner(server, { businessName: 'Old Name' });
    const get = () => server.app.inject({ method: 'GET', url: `/review/${owner.code}` });
    const first = await get();
    expect(first.body).toContain('Old Name');

    // A change behind the caches' back is not seen (the page is cached)...
    await server.deps.db
      .updateTable('owners')
      .set({ businessName: 'New Name' })
      .where('id', '=', owner.id)
      .execute();
    const cached = await get();
    expect(cached.body).toContain('Old Name');
    expect(cached.headers.etag).toBe(first.headers.etag);

    // ...an owner change through the services clears the owner cache, and the pages with it.
    const token = (await issueOwnerToken(server, owner.id)).token;
    const update = await server.app.inject({
      method: 'POST',
      url: '/trpc/owner.settings.update',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reviewPageLanguage: 'hi' }),
    });
    expect(update.statusCode).toBe(200);
    const fresh = await get();
    expect(fresh.body).toContain('New Name');
    expect(fresh.body).toContain('lang="hi-IN"');
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
  });
});
