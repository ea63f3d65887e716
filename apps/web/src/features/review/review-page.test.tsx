import { DEVICE_ID_KEY } from '@starloop/review-page';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render-with-router.tsx';
import { ReviewPage } from './review-page.tsx';

interface TFakeReply {
  status?: number;
  body?: unknown;
  /** Raw text instead of JSON (a proxy's error page). */
  text?: string;
}

interface TReviewPost {
  code: string;
  rating: number;
  message: string;
  customerContact?: string;
  deviceId: string;
}

/** A fake of the two REST paths the page calls; records every review POST body. */
function fakeApi(
  options: {
    link?: TFakeReply | (() => Promise<Response>);
    submit?: TFakeReply | (() => TFakeReply | Promise<Response>);
  } = {},
) {
  const posts: TReviewPost[] = [];
  const requested: string[] = [];
  const reply = ({ status = 200, body = {}, text }: TFakeReply) =>
    new Response(text ?? JSON.stringify(body), {
      status,
      headers: { 'content-type': text ? 'text/html' : 'application/json' },
    });
  const fetch = vi.fn(async (resource: RequestInfo | URL, init?: RequestInit) => {
    const url = String(resource);
    requested.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.startsWith('/api/users/review-link/')) {
      if (typeof options.link === 'function') return options.link();
      return reply(
        options.link ?? {
          body: {
            reviewLink: 'https://g.page/r/chai-point/review',
            businessName: 'Chai Point Pune',
            reviewFlow: 'smart',
          },
        },
      );
    }
    if (url === '/api/reviews/' && init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)) as TReviewPost);
      const submit = typeof options.submit === 'function' ? options.submit() : options.submit;
      if (submit instanceof Promise) return submit;
      return reply(submit ?? { status: 201, body: { success: true, message: 'Thanks', id: 1 } });
    }
    return reply({ status: 404, body: { message: 'unexpected call' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, posts, requested };
}

function fakeTab() {
  return { opener: {} as unknown, closed: false, location: { href: '' } };
}

async function renderReady(code = 'chai-point-pune') {
  const view = render(<ReviewPage code={code} />);
  await screen.findByRole('heading', { level: 1, name: 'Chai Point Pune' });
  return view;
}

/** happy-dom has no window.alert: install a spy for it. */
function spyOnAlert() {
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  window.alert = alert;
  return alert;
}

const star = (n: number) => screen.getByRole('button', { name: n === 1 ? 'Rate 1 star' : `Rate ${n} stars` });

afterEach(() => {
  vi.useRealTimers();
});

describe('review page routes', () => {
  beforeEach(() => {
    fakeApi({ link: () => new Promise<Response>(() => {}) });
  });

  it('/review/{code} shows the loading state, without Mantine', async () => {
    await renderWithRouter({ path: '/review/asha-cafe' });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading review form...');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(document.querySelector('[class*="mantine"]')).toBeNull();
  });

  it('the route starts loading the business before the page asks, and the page reuses that request', async () => {
    const api = fakeApi();
    await renderWithRouter({ path: '/review/chai-point-pune' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Chai Point Pune' })).toBeInTheDocument();
    expect(api.requested).toEqual(['GET /api/users/review-link/chai-point-pune']);
  });

  it.each(['/review', '/review/'])('%s says no business code was provided', async (path) => {
    await renderWithRouter({ path });

    expect(await screen.findByRole('alert')).toHaveTextContent('No business code provided');
  });
});

describe('loading the business', () => {
  it('shows the business name, the question and five 48px+ star buttons', async () => {
    const api = fakeApi();
    render(<ReviewPage code="chai-point-pune" />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading review form...');
    await screen.findByRole('heading', { level: 1, name: 'Chai Point Pune' });
    expect(screen.getByRole('heading', { level: 2, name: 'How was your experience?' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'How was your experience?' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Rate 1 star',
      'Rate 2 stars',
      'Rate 3 stars',
      'Rate 4 stars',
      'Rate 5 stars',
    ]);
    for (const button of buttons) expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(api.requested).toEqual(['GET /api/users/review-link/chai-point-pune']);
  });

  it("shows 'Failed to load review information' with the server's reason on a non-OK answer", async () => {
    fakeApi({ link: { status: 410, body: { message: 'This review page is not active right now.' } } });
    render(<ReviewPage code="closed-cafe" />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load review information');
    expect(alert).toHaveTextContent('This review page is not active right now.');
    expect(screen.queryByRole('button', { name: /Rate/ })).toBeNull();
  });

  it("shows 'Failed to load review information' when the answer is not JSON or the network fails", async () => {
    fakeApi({ link: { status: 502, text: '<html>Bad gateway</html>' } });
    const { unmount } = render(<ReviewPage code="chai-point-pune" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load review information$/);
    unmount();

    fakeApi({ link: () => Promise.reject(new TypeError('Failed to fetch')) });
    render(<ReviewPage code="chai-point-pune" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load review information$/);
  });
});

describe('4 or 5 stars (smart routing)', () => {
  it('records the rating at once, opens the tab in the tap, points it at the link after 300 ms and resets after 500 ms', async () => {
    const api = fakeApi();
    await renderReady();
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.useFakeTimers();

    fireEvent.click(star(5));

    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(star(5)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Excellent')).toBeInTheDocument();
    expect(api.posts).toEqual([
      { code: 'chai-point-pune', rating: 5, message: '', deviceId: expect.any(String) as string },
    ]);
    expect(screen.queryByRole('textbox')).toBeNull();

    act(() => vi.advanceTimersByTime(299));
    expect(tab.location.href).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(tab.location.href).toBe('https://g.page/r/chai-point/review');

    act(() => vi.advanceTimersByTime(499));
    expect(star(5)).toHaveAttribute('aria-pressed', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(star(5)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('Excellent')).toBeNull();
  });

  it('4 stars says Great and goes to a search for the business when it has no review link', async () => {
    fakeApi({ link: { body: { reviewLink: null, businessName: 'Asha & Sons', reviewFlow: 'smart' } } });
    render(<ReviewPage code="asha-sons" />);
    await screen.findByRole('heading', { level: 1, name: 'Asha & Sons' });
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.useFakeTimers();

    fireEvent.click(star(4));
    expect(screen.getByText('Great')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(300));

    expect(tab.location.href).toBe('https://www.google.com/search?q=Asha%20%26%20Sons%20reviews');
  });

  it('never waits for the recording: a slow or failing POST does not delay the link', async () => {
    fakeApi({ submit: () => ({ status: 500, body: { message: 'down' } }) });
    await renderReady();
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const alert = spyOnAlert();
    vi.useFakeTimers();

    fireEvent.click(star(5));
    act(() => vi.advanceTimersByTime(300));

    expect(tab.location.href).toBe('https://g.page/r/chai-point/review');
    await act(async () => {});
    expect(alert).not.toHaveBeenCalled();
  });

  it('goes at once when the page is hidden (the phone switched to the new tab), and a second tap opens no second tab', async () => {
    fakeApi();
    await renderReady();
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.useFakeTimers();

    fireEvent.click(star(5));
    fireEvent.click(star(4));
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.location.href).toBe('https://g.page/r/chai-point/review');

    tab.location.href = '';
    fireEvent.click(star(5));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(tab.location.href).toBe('https://g.page/r/chai-point/review');
    act(() => vi.advanceTimersByTime(300));
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('when the browser blocks the new tab, shows an "Open the review page" link that stays after the reset', async () => {
    fakeApi();
    await renderReady();
    vi.spyOn(window, 'open').mockReturnValue(null);
    vi.useFakeTimers();

    fireEvent.click(star(5));

    const link = screen.getByRole('link', { name: 'Open the review page' });
    expect(link).toHaveAttribute('href', 'https://g.page/r/chai-point/review');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener') as string);

    act(() => vi.advanceTimersByTime(800));
    expect(star(5)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('link', { name: 'Open the review page' })).toBeInTheDocument();
  });
});

describe('1 to 3 stars (private feedback)', () => {
  it('opens the feedback form with a live 0/500 counter; Submit is disabled while the trimmed text is empty', async () => {
    fakeApi();
    await renderReady();
    const open = vi.spyOn(window, 'open');
    const user = userEvent.setup();

    await user.click(star(2));

    expect(open).not.toHaveBeenCalled();
    expect(screen.getByText('Fair')).toBeInTheDocument();
    const message = screen.getByRole('textbox', { name: 'Tell us about your experience' });
    expect(message).toHaveAttribute('maxLength', '500');
    expect(screen.getByText('0/500')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit Feedback' });
    expect(submit).toBeDisabled();

    await user.type(message, '   ');
    expect(screen.getByText('3/500')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(message, 'Cold tea');
    expect(screen.getByText('11/500')).toBeInTheDocument();
    expect(submit).toBeEnabled();
    expect(screen.getByRole('group', { name: 'May we contact you about this?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mobile number (WhatsApp or SMS)' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    expect(
      screen.getByRole('checkbox', { name: /may contact me by WhatsApp, SMS or email/ }),
    ).not.toBeChecked();
  });

  it.each([
    [1, 'Poor'],
    [3, 'Good'],
  ])('%i star(s) show the word %s and the form', async (n, word) => {
    fakeApi();
    await renderReady();
    fireEvent.click(star(n));
    expect(screen.getByText(word)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Feedback' })).toBeInTheDocument();
  });

  it('keeps the message at 500 characters', async () => {
    fakeApi();
    await renderReady();
    fireEvent.click(star(1));
    const message = screen.getByRole('textbox', { name: 'Tell us about your experience' });

    fireEvent.change(message, { target: { value: 'x'.repeat(600) } });

    expect(message).toHaveValue('x'.repeat(500));
    expect(screen.getByText('500/500')).toBeInTheDocument();
  });

  it('Cancel resets the rating and the message', async () => {
    fakeApi();
    await renderReady();
    const user = userEvent.setup();
    await user.click(star(3));
    await user.type(screen.getByRole('textbox', { name: 'Tell us about your experience' }), 'Meh');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('textbox', { name: 'Tell us about your experience' })).toBeNull();
    expect(star(3)).toHaveAttribute('aria-pressed', 'false');
    await user.click(star(3));
    expect(screen.getByRole('textbox', { name: 'Tell us about your experience' })).toHaveValue('');
  });

  it('sends {code, rating, message (trimmed), contact with consent, language, deviceId}, thanks for 3 seconds, then resets', async () => {
    const api = fakeApi();
    await renderReady();
    const user = userEvent.setup();
    await user.click(star(2));
    await user.type(
      screen.getByRole('textbox', { name: 'Tell us about your experience' }),
      '  Tea was cold  ',
    );
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' asha@example.com ');
    await user.click(screen.getByRole('checkbox', { name: /may contact me by WhatsApp, SMS or email/ }));
    vi.useFakeTimers();

    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await act(async () => {});

    expect(api.posts).toEqual([
      {
        code: 'chai-point-pune',
        rating: 2,
        message: 'Tea was cold',
        contact: { phone: '', email: 'asha@example.com', consent: true },
        language: 'en',
        deviceId: localStorage.getItem(DEVICE_ID_KEY),
      },
    ]);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Thank you! Your feedback has been received');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(star(2)).toHaveAttribute('aria-pressed', 'false');

    act(() => vi.advanceTimersByTime(2999));
    expect(status).toHaveTextContent('Thank you! Your feedback has been received');
    act(() => vi.advanceTimersByTime(1));
    expect(status).toBeEmptyDOMElement();
  });

  it('leaves the contact out when nothing was given, and disables the form while sending', async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({
      submit: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await renderReady();
    const user = userEvent.setup();
    await user.click(star(1));
    await user.type(screen.getByRole('textbox', { name: 'Tell us about your experience' }), 'Rude staff');

    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    expect(api.posts).toEqual([
      {
        code: 'chai-point-pune',
        rating: 1,
        message: 'Rude staff',
        language: 'en',
        deviceId: expect.any(String) as string,
      },
    ]);
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Tell us about your experience' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await act(async () => answer(new Response('{"success":true}', { status: 201 })));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you! Your feedback has been received');
  });

  it.each([
    [
      { status: 429, body: { success: false, message: 'Too many reviews. Please try again later.' } },
      'Too many reviews. Please try again later.',
    ],
    [{ status: 500, text: 'oops' }, 'HTTP error! status: 500'],
  ])('alerts "Failed to submit review: {message}" when the submit fails (%#)', async (submit, message) => {
    fakeApi({ submit });
    await renderReady();
    const alert = spyOnAlert();
    const user = userEvent.setup();
    await user.click(star(2));
    await user.type(screen.getByRole('textbox', { name: 'Tell us about your experience' }), 'Slow');

    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(`Failed to submit review: ${message}`));
    // The customer's text is kept so they can try again.
    expect(screen.getByRole('textbox', { name: 'Tell us about your experience' })).toHaveValue('Slow');
    expect(screen.getByRole('button', { name: 'Submit Feedback' })).toBeEnabled();
  });
});

describe('when the server is briefly unavailable (503 with Retry-After)', () => {
  const unavailable = () =>
    new Response(
      JSON.stringify({
        success: false,
        message: 'StarLoop is briefly unavailable. Please try again in a few seconds.',
      }),
      {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
      },
    );

  async function sendFeedback() {
    await renderReady();
    const user = userEvent.setup();
    await user.click(star(2));
    await user.type(screen.getByRole('textbox', { name: 'Tell us about your experience' }), 'Cold tea');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
  }

  it('sends the same review once more by itself after the given delay, then thanks', async () => {
    const answers = [unavailable(), new Response('{"success":true,"id":7}', { status: 201 })];
    const api = fakeApi({ submit: () => Promise.resolve(answers.shift()!) });
    await sendFeedback();

    expect(
      await screen.findByText('Thank you! Your feedback has been received', {}, { timeout: 3000 }),
    ).toBeVisible();
    expect(api.posts).toHaveLength(2);
    expect(api.posts[1]).toEqual(api.posts[0]);
  });

  it('says so and keeps the text when the retry is refused too, and sends again on the next tap', async () => {
    const answers = [unavailable(), unavailable(), new Response('{"success":true,"id":8}', { status: 201 })];
    const api = fakeApi({ submit: () => Promise.resolve(answers.shift()!) });
    const alert = spyOnAlert();
    await sendFeedback();

    await waitFor(
      () =>
        expect(alert).toHaveBeenCalledWith(
          'Failed to submit review: StarLoop is briefly unavailable. Please try again in a few seconds.',
        ),
      { timeout: 3000 },
    );
    expect(api.posts).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Tell us about your experience' })).toHaveValue('Cold tea');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Thank you! Your feedback has been received')).toBeVisible();
    expect(api.posts).toHaveLength(3);
  });
});

describe('"Open to everyone" review flow', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it.each([5, 2])(
    'a %i-star rating sees both the public review link and the private feedback form',
    async (n) => {
      const api = fakeApi({
        link: {
          body: {
            reviewLink: 'https://g.page/r/chai-point/review',
            businessName: 'Chai Point Pune',
            reviewFlow: 'open',
          },
        },
      });
      await renderReady();
      const open = vi.spyOn(window, 'open');
      vi.useFakeTimers();

      fireEvent.click(star(n));
      act(() => vi.advanceTimersByTime(1000));

      expect(open).not.toHaveBeenCalled();
      expect(api.posts).toEqual([]);
      expect(star(n)).toHaveAttribute('aria-pressed', 'true');
      const publicLink = screen.getByRole('link', { name: 'Leave a public review' });
      expect(publicLink).toHaveAttribute('href', 'https://g.page/r/chai-point/review');
      expect(publicLink).toHaveAttribute('target', '_blank');
      expect(screen.getByRole('textbox', { name: 'Tell us about your experience' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Submit Feedback' })).toBeDisabled();

      // Following the public link records the rating, once.
      publicLink.addEventListener('click', (event) => event.preventDefault());
      fireEvent.click(publicLink);
      fireEvent.click(publicLink);
      expect(api.posts).toEqual([
        { code: 'chai-point-pune', rating: n, message: '', deviceId: expect.any(String) as string },
      ]);
    },
  );
});

describe('device id', () => {
  it("keeps one random id in localStorage 'starloopDeviceId' and sends it with every review", async () => {
    const api = fakeApi();
    await renderReady();
    vi.spyOn(window, 'open').mockReturnValue(fakeTab() as unknown as Window);
    vi.useFakeTimers();

    fireEvent.click(star(5));
    act(() => vi.advanceTimersByTime(800));
    fireEvent.click(star(4));

    const id = localStorage.getItem('starloopDeviceId');
    expect(id).toMatch(/^[\w-]{8,64}$/);
    expect(api.posts.map((p) => p.deviceId)).toEqual([id, id]);
  });
});
