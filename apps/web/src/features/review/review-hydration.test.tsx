/*
 * The server-rendered review page taken over by its hydration entry, as customers get it: React
 * renders the markup on the server (packages/review-page/src/server.tsx, run in a process of its own
 * by ../../test/render-review-markup.tsx) and Preact hydrates it (this file runs with React's modules
 * aliased to Preact, as vite.review.config.ts builds the entry; vite.config.ts `review-entry`).
 */
// Preact's debug build reports what production stays silent about: a hydration mismatch is a
// console.error here, and the tests fail on any.
import 'preact/debug';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  englishMessages,
  LANG_STORAGE_KEY,
  REVIEW_DATA_ID,
  REVIEW_LANGUAGES,
  REVIEW_ROOT_ID,
  ReviewApp,
  type TReviewLanguage,
  type TReviewMessages,
  type TReviewPageData,
} from '@starloop/review-page';
import { hydrateReviewPage } from '@starloop/review-page/client';
import { CATALOGS } from '@starloop/review-page/server';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The server's catalogs: the browser gets only the page's own one, inlined by the server.
const tamil = CATALOGS.ta;
const info = {
  businessName: 'Chai Point Pune',
  reviewLink: 'https://g.page/r/chai-point/review',
  reviewFlow: 'smart' as const,
};

const page = (overrides: Partial<TReviewPageData> = {}): TReviewPageData => ({
  code: 'chai-point-pune',
  lang: 'en',
  messages: englishMessages,
  placement: null,
  initial: { status: 'ready', info },
  ...overrides,
});
const inLanguage = (lang: TReviewLanguage, overrides: Partial<TReviewPageData> = {}) =>
  page({ lang, messages: CATALOGS[lang] as TReviewMessages, ...overrides });

/** Every page the tests use, rendered by the server's React in one child process (beforeAll). */
const PAGES = {
  plain: page(),
  tamilPlacement: inLanguage('ta', { placement: 'Tbl4Key00001' }),
  feedbackStep: page({ initial: { status: 'ready', info, rating: 2 } }),
  feedbackStepPlacement: page({ placement: 'Tbl4Key00001', initial: { status: 'ready', info, rating: 2 } }),
  refused: page({
    initial: {
      status: 'ready',
      info,
      rating: 1,
      draft: { message: 'Cold', phone: '98', email: '', consent: true, error: 'Bad' },
    },
  }),
  unknown: page({ initial: { status: 'failed', detail: 'We could not find this business.' } }),
  noCode: page({ code: null, initial: undefined }),
  thanks: page({ initial: { status: 'ready', info, thanks: true } }),
  openFlow: page({ initial: { status: 'ready', info: { ...info, reviewFlow: 'open' } } }),
  noLink: page({ initial: { status: 'ready', info: { ...info, reviewLink: null } } }),
  tamilFeedback: inLanguage('ta', { initial: { status: 'ready', info, rating: 2 } }),
  ...Object.fromEntries(
    REVIEW_LANGUAGES.flatMap((lang) => [
      [`lang-${lang}`, inLanguage(lang)],
      [`lang-${lang}-feedback`, inLanguage(lang, { initial: { status: 'ready', info, rating: 3 } })],
    ]),
  ),
} satisfies Record<string, TReviewPageData>;
type TPageName = keyof typeof PAGES;

let serverMarkup: Record<string, { markup: string; json: string }> = {};
beforeAll(() => {
  const names = Object.keys(PAGES);
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../../test/render-review-markup.tsx')],
    {
      input: JSON.stringify(names.map((name) => PAGES[name as TPageName])),
      // The package's tsconfig: its TSX uses the automatic JSX runtime.
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: path.resolve(
          import.meta.dirname,
          '../../../../../packages/review-page/tsconfig.json',
        ),
      },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const rendered = JSON.parse(out) as { markup: string; json: string }[];
  serverMarkup = Object.fromEntries(
    names.map((name, i) => [name, rendered[i] as { markup: string; json: string }]),
  );
}, 60_000);

/** What the server sends: React's markup in #review-root and the data beside it. */
function serverPage(name: TPageName) {
  const { markup, json } = serverMarkup[name] ?? { markup: '', json: '' };
  document.body.innerHTML = `<div id="${REVIEW_ROOT_ID}">${markup}</div><script type="application/json" id="${REVIEW_DATA_ID}">${json}</script>`;
  return document.getElementById(REVIEW_ROOT_ID) as HTMLElement;
}

/**
 * A tree as plain data (element names, attributes sorted, text with adjacent pieces joined, form
 * values): two renderers' output compared as the browser sees it, not as serialized strings
 * (React orders some attributes its own way and writes a textarea's value as its text).
 */
function shape(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const control = node instanceof HTMLTextAreaElement || node instanceof HTMLInputElement;
  const attributes = [...node.attributes]
    // A form control's value and tick are compared as properties (React also writes them as attributes).
    .filter((a) => !(control && (a.name === 'value' || a.name === 'checked')))
    .map((a) => `${a.name}=${a.value}`)
    .sort();
  if (control) attributes.push(`(value)=${node.value}`);
  if (node instanceof HTMLInputElement && node.type === 'checkbox')
    attributes.push(`(checked)=${node.checked}`);
  const children: unknown[] = [];
  for (const child of node.childNodes) {
    if (node instanceof HTMLTextAreaElement) break;
    const value = shape(child);
    if (value === null || value === '') continue;
    if (typeof value === 'string' && typeof children.at(-1) === 'string')
      children.push(`${children.pop()}${value}`);
    else children.push(value);
  }
  return { tag: node.localName, attributes, children };
}

let consoleProblems: unknown[][] = [];
beforeEach(() => {
  consoleProblems = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleProblems.push(args);
    });
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"success":true}', { status: 201 })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  render(null, document.getElementById(REVIEW_ROOT_ID) ?? document.body);
  document.body.innerHTML = '';
});

async function hydrate(name: TPageName) {
  const root = serverPage(name);
  const before = root.innerHTML;
  await act(async () => {
    hydrateReviewPage();
    // Hydration runs in a task of its own.
    if (vi.isFakeTimers()) vi.advanceTimersByTime(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { root, before };
}

/** A tap, with Preact's updates and effects flushed. */
const click = (element: Element) => act(() => void fireEvent.click(element));
const type = (element: Element, value: string) =>
  act(() => void fireEvent.input(element, { target: { value } }));
const star = (name: string) => screen.getByRole('button', { name });

describe('hydrating the server-rendered review page (React on the server, Preact in the browser)', () => {
  it.each([
    ['a plain page', 'plain'],
    ['a page in Tamil with a placement', 'tamilPlacement'],
    ['the no-JS feedback step', 'feedbackStep'],
    ['a refused no-JS form', 'refused'],
    ['an unknown business', 'unknown'],
    ['no business code', 'noCode'],
    ['the no-JS thank-you', 'thanks'],
    ['the open flow', 'openFlow'],
  ] as const)('takes over %s without a hydration warning or a change to the markup', async (_name, name) => {
    const { root, before } = await hydrate(name);
    const sent = document.createElement('div');
    sent.innerHTML = before;
    const drafts = [...sent.querySelectorAll('textarea')].map((textarea) => textarea.value);
    expect(consoleProblems).toEqual([]);
    // The first render after hydration only enables what needs the script (Submit follows the text).
    // A textarea's server-side text (a refused form's draft) becomes its value: Preact sets the
    // value property and drops the text node; what the customer sees is the same.
    const withoutDrafts = (html: string) => html.replace(/(<textarea[^>]*>)[^<]*(<\/textarea>)/g, '$1$2');
    expect(withoutDrafts(root.innerHTML.replace(/ disabled=""/g, ''))).toBe(withoutDrafts(before));
    expect([...root.querySelectorAll('textarea')].map((textarea) => textarea.value)).toEqual(drafts);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each(Object.keys(PAGES) as TPageName[])(
    '%s: Preact renders the very markup React rendered on the server',
    (name) => {
      const server = document.createElement('div');
      server.innerHTML = serverMarkup[name]?.markup ?? '';
      const client = document.createElement('div');
      render(<ReviewApp data={PAGES[name]} />, client);
      expect(shape(client)).toEqual(shape(server));
      // React's markup has no <!-- --> between text pieces (Preact would drop them on hydrating).
      expect(serverMarkup[name]?.markup).not.toContain('<!--');
      render(null, client);
    },
  );
});

describe('the hydrated page behaves as the spec says', () => {
  it('5 stars open the link after 300 ms and reset after 500 ms, recording the rating', async () => {
    await hydrate('plain');
    const tab = { opener: {} as unknown, closed: false, location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.useFakeTimers();
    const five = star('Rate 5 stars');

    await click(five);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(five).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Excellent')).toBeVisible();
    await act(() => void vi.advanceTimersByTime(299));
    expect(tab.location.href).toBe('');
    await act(() => void vi.advanceTimersByTime(1));
    expect(tab.location.href).toBe('https://g.page/r/chai-point/review');
    expect(tab.opener).toBeNull();
    await act(() => void vi.advanceTimersByTime(500));
    expect(five).toHaveAttribute('aria-pressed', 'false');
    // The tap was handled here, not posted as a form.
    expect(fetch).toHaveBeenCalledWith('/api/reviews/', expect.objectContaining({ method: 'POST' }));
  });

  it('a blocked pop-up leaves a plain link; without a review link it goes to a search', async () => {
    await hydrate('noLink');
    vi.spyOn(window, 'open').mockReturnValue(null);
    await click(star('Rate 4 stars'));
    expect(screen.getByText('Great')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the review page' })).toHaveAttribute(
      'href',
      'https://www.google.com/search?q=Chai%20Point%20Pune%20reviews',
    );
  });

  it('1-3 stars: the feedback form with its counter; Submit disabled while empty; Cancel resets', async () => {
    await hydrate('plain');
    const open = vi.spyOn(window, 'open');
    await click(star('Rate 2 stars'));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByText('Fair')).toBeVisible();
    const text = screen.getByRole('textbox', { name: 'Tell us about your experience' });
    const submit = screen.getByRole('button', { name: 'Submit Feedback' });
    expect(submit).toBeDisabled();
    await type(text, '   ');
    expect(submit).toBeDisabled();
    await type(text, 'Tea was cold');
    expect(screen.getByText('12/500')).toBeInTheDocument();
    expect(submit).toBeEnabled();
    await click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Tell us about your experience' })).toBeNull();
    expect(star('Rate 2 stars')).toHaveAttribute('aria-pressed', 'false');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the no-JS feedback step becomes the scripted form: JSON submit with the placement, thanks for 3 s', async () => {
    await hydrate('feedbackStepPlacement');
    const submit = screen.getByRole('button', { name: 'Submit Feedback' });
    expect(submit).toBeDisabled();
    await type(screen.getByRole('textbox', { name: 'Tell us about your experience' }), ' Tea was cold ');
    expect(submit).toBeEnabled();
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.submit(submit.closest('form') as HTMLFormElement);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Thank you! Your feedback has been received');
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      code: 'chai-point-pune',
      rating: 2,
      message: 'Tea was cold',
      placement: 'Tbl4Key00001',
    });
    await act(() => void vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you! Your feedback has been received');
    await act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a thank-you the server rendered (form posted before the script) goes after 3 seconds', async () => {
    window.history.replaceState(null, '', '/review/chai-point-pune?lang=en&thanks=1');
    vi.useFakeTimers();
    await hydrate('thanks');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Thank you! Your feedback has been received');
    expect(window.location.search).toBe('?lang=en');
    await act(() => void vi.advanceTimersByTime(2999));
    expect(status).toHaveTextContent('Thank you! Your feedback has been received');
    await act(() => void vi.advanceTimersByTime(1));
    expect(status.textContent).toBe('');
  });

  it('a refused submission raises the alert "Failed to submit review: {message}" and keeps the text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":false,"message":"Too many reviews"}', { status: 429 })),
    );
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    await hydrate('feedbackStep');
    const text = screen.getByRole('textbox', { name: 'Tell us about your experience' });
    await type(text, 'Cold');
    await act(async () => {
      fireEvent.submit(text.closest('form') as HTMLFormElement);
    });
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to submit review: Too many reviews'));
    expect(text).toHaveValue('Cold');
  });

  it('a 503 with Retry-After is sent once more by itself, then thanks', async () => {
    const answers = [
      new Response('{"success":false,"message":"Busy"}', { status: 503, headers: { 'retry-after': '1' } }),
      new Response('{"success":true}', { status: 201 }),
    ];
    const fetchMock = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal('fetch', fetchMock);
    await hydrate('feedbackStep');
    const text = screen.getByRole('textbox', { name: 'Tell us about your experience' });
    await type(text, 'Cold');
    await act(async () => {
      fireEvent.submit(text.closest('form') as HTMLFormElement);
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Thank you!'), {
      timeout: 3000,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]).toEqual(fetchMock.mock.calls[0]);
  });

  it('open flow: any rating shows the public link (recorded once, on the click) and the private form', async () => {
    await hydrate('openFlow');
    const open = vi.spyOn(window, 'open');
    await click(star('Rate 5 stars'));
    expect(open).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    const publicLink = screen.getByRole('link', { name: 'Leave a public review' });
    expect(publicLink).toHaveAttribute('href', 'https://g.page/r/chai-point/review');
    expect(screen.getByRole('textbox', { name: 'Tell us about your experience' })).toBeInTheDocument();
    publicLink.addEventListener('click', (event) => event.preventDefault());
    await click(publicLink);
    await click(publicLink);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('speaks the inlined language in what only the script shows, and remembers a switch on this device', async () => {
    await hydrate('tamilPlacement');
    vi.spyOn(window, 'open').mockReturnValue(null);
    await click(star('5 நட்சத்திரங்கள் கொடுங்கள்'));
    expect(screen.getByRole('link', { name: tamil.openLink })).toHaveAttribute(
      'href',
      'https://g.page/r/chai-point/review',
    );

    const switcher = screen.getByRole('navigation', { name: tamil.language });
    const hindi = within(switcher).getByRole('link', { name: 'हिन्दी' });
    expect(hindi).toHaveAttribute('href', '/review/chai-point-pune?lang=hi&p=Tbl4Key00001');
    hindi.addEventListener('click', (event) => event.preventDefault());
    await click(hindi);
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('hi');
    expect(within(switcher).getByRole('link', { name: 'தமிழ்' })).toHaveAttribute('aria-current', 'true');
  });

  it('shows "Submitting..." in the page language while sending', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    await hydrate('tamilFeedback');
    const text = screen.getByRole('textbox', { name: tamil.feedbackLabel });
    await type(text, 'சுமார்');
    await act(async () => {
      fireEvent.submit(text.closest('form') as HTMLFormElement);
    });
    expect(screen.getByRole('button', { name: tamil.submitting })).toBeDisabled();
    await act(async () => answer(new Response('{"success":true}', { status: 201 })));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(tamil.thanks));
  });
});
