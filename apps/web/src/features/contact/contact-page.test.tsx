import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failsWith } from '../../test/fake-trpc.ts';
import { fill } from '../../test/fill.ts';
import { renderWithRouter } from '../../test/render-with-router.tsx';

beforeEach(() => notifications.clean());

const form = () => screen.getByRole('form', { name: 'Request Your Demo' });
const field = (label: RegExp) => within(form()).getByLabelText(label);
const submit = () => within(form()).getByRole('button', { name: 'Get Started with StarLoop' });

async function renderContact(handlers = {}) {
  const app = await renderWithRouter({ path: '/contact', handlers });
  await screen.findByRole('heading', { level: 2, name: 'Request Your Demo' });
  return app;
}

async function chooseSubject(user: UserEvent, label: string) {
  await user.click(screen.getByRole('combobox', { name: /^Subject/ }));
  // Mantine keeps its dropdown at display:none in happy-dom (no layout): the options are there.
  await user.click(await screen.findByRole('option', { name: label, hidden: true }));
}

async function fillValid(user: UserEvent) {
  await fill(user, field(/^Full Name/), '  Rohan Mehta ');
  await fill(user, field(/^Email/), 'rohan@cafe.in');
  await fill(user, field(/^Contact Number/), '9876543210');
  await fill(user, field(/^Business\/Company/), 'Mehta Cafe');
  await chooseSubject(user, 'Pricing & Plans');
  await fill(user, field(/^Message/), 'We have three outlets in Pune.');
}

describe('/contact', () => {
  it('has the nav (Features, Pricing, Get Started), the hero, the two cards and What Happens Next?', async () => {
    await renderContact();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/#features');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(within(nav).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    // The burger (hidden on this desktop-sized window) opens the same links on phones.
    expect(document.querySelector('button[aria-label="Open menu"]')).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sales Inquiry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quick Call' })).toBeInTheDocument();

    const next = screen.getByRole('complementary', { name: 'What Happens Next?' });
    expect(next).toHaveTextContent('within 2 hours during business hours');
    expect(next).toHaveTextContent('15-minute personalized demo walkthrough');
    expect(next).toHaveTextContent('Account setup within 24 hours');
  });

  it('offers the five subjects', async () => {
    const { user } = await renderContact();
    await user.click(screen.getByRole('combobox', { name: /^Subject/ }));

    expect((await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual([
      'Schedule a Demo',
      'Pricing & Plans',
      'Implementation Questions',
      'Feature Discussion',
      'Partnership Opportunity',
    ]);
  });

  it('on an empty submit: the toast, every field message, and nothing is sent', async () => {
    const { user, server } = await renderContact();

    await user.click(submit());

    expect(await screen.findAllByText('Please fill in all required fields correctly')).not.toHaveLength(0);
    for (const message of [
      'Name is required',
      'Email is required',
      'Please select a subject',
      'Message is required',
    ]) {
      expect(within(form()).getByText(message)).toBeInTheDocument();
    }
    expect(server.callsTo('public.lead.create')).toHaveLength(0);
  });

  it("checks the email's shape", async () => {
    const { user, server } = await renderContact();
    await fill(user, field(/^Email/), 'rohan@cafe');
    await user.click(submit());

    expect(await within(form()).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(server.callsTo('public.lead.create')).toHaveLength(0);
  });

  it("sends the lead with source 'website' and status 'new', says 'Sending...', then 'Request Received!'", async () => {
    let answer: (value: unknown) => void = () => {};
    const { user, server } = await renderContact({
      'public.lead.create': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await fillValid(user);

    await user.click(submit());

    expect(await within(form()).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(server.callsTo('public.lead.create').map((c) => c.input)).toEqual([
      {
        name: 'Rohan Mehta',
        email: 'rohan@cafe.in',
        contactNumber: '9876543210',
        bussiness: 'Mehta Cafe',
        subject: 'pricing',
        message: 'We have three outlets in Pune.',
        source: 'website',
        status: 'new',
      },
    ]);

    answer({ success: true, message: 'ok', id: 1 });
    expect(
      await screen.findByText(
        "Your request has been submitted successfully! We'll contact you within 2 hours.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Request Received!' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect(field(/^Full Name/)).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^Subject/ })).toHaveValue('');
  });

  it('sends empty optional fields as empty strings', async () => {
    const { user, server } = await renderContact({
      'public.lead.create': () => ({ success: true, message: 'ok', id: 2 }),
    });
    await fill(user, field(/^Full Name/), 'Rohan');
    await fill(user, field(/^Email/), 'rohan@cafe.in');
    await chooseSubject(user, 'Schedule a Demo');
    await fill(user, field(/^Message/), 'Demo please');
    await user.click(submit());

    await screen.findByRole('heading', { name: 'Request Received!' });
    expect(server.callsTo('public.lead.create')[0]?.input).toMatchObject({
      contactNumber: '',
      bussiness: '',
      subject: 'demo',
    });
  });

  it("shows the server's message on failure, else 'Failed to submit form. Please try again.'", async () => {
    const { user, server } = await renderContact({
      'public.lead.create': failsWith('TOO_MANY_REQUESTS', 'Too many requests. Please wait a minute.'),
    });
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByText('Too many requests. Please wait a minute.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Request Received!' })).toBeNull();

    server.use({ 'public.lead.create': failsWith('INTERNAL_SERVER_ERROR', '') });
    await user.click(submit());
    expect(await screen.findByText('Failed to submit form. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeEnabled());
  });
});
