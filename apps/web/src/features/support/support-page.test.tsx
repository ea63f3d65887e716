import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render-with-router.tsx';

describe('/support', () => {
  it('has six questions with answers, the contacts and the response-time promises', async () => {
    const { user } = await renderWithRouter({ path: '/support' });
    await screen.findByRole('heading', { level: 1, name: 'Support' });

    const questions = screen.getAllByRole('button', { name: /\?$/ });
    expect(questions).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'When do automatic replies arrive?' }));
    // Both readings of the spec, each for its plan (the one plan table).
    const replies = await screen.findByText(/automatic replies arrive within 2 to 5 minutes/);
    expect(replies).toHaveTextContent(
      'On Essential, a standard thank-you reply is sent within 24 to 48 hours.',
    );
    await user.click(screen.getByRole('button', { name: 'Which plan is right for me?' }));
    expect(
      await screen.findByText(/Essential \(₹1,999\/month \+ GST; launch price locked for 1 year\)/),
    ).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Email support' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Live chat' })).toBeInTheDocument();
    expect(screen.getAllByText(/Mon-Fri 9AM-6PM IST/).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Documentation' })).toBeInTheDocument();
    expect(screen.getAllByText(/under 2 hours/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/within 24 hours/).length).toBeGreaterThan(0);
  });

  it('the contact form checks its fields, shows Message Sent! for 5 seconds, then resets; nothing is sent', async () => {
    const { server } = await renderWithRouter({ path: '/support' });
    const form = await screen.findByRole('form', { name: 'Support message' });
    const send = within(form).getByRole('button', { name: 'Send Message' });

    fireEvent.click(send);
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Email is required')).toBeInTheDocument();
    expect(within(form).getByText('Subject is required')).toBeInTheDocument();
    expect(within(form).getByText('Message is required')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Meera' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'meera@shop' } });
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'meera@shop.in' } });
    fireEvent.change(within(form).getByLabelText(/^Subject/), { target: { value: 'QR code size' } });
    fireEvent.change(within(form).getByLabelText(/^Message/), {
      target: { value: 'Which size prints best?' },
    });
    const callsBefore = vi.mocked(server.fetch).mock.calls.length;
    vi.useFakeTimers();
    try {
      fireEvent.click(send);
      expect(screen.getByText('Message Sent!')).toBeInTheDocument();

      act(() => vi.advanceTimersByTime(4999));
      expect(screen.getByText('Message Sent!')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('Message Sent!')).toBeNull();
      expect(within(form).getByLabelText(/^Name/)).toHaveValue('');
      expect(within(form).getByLabelText(/^Message/)).toHaveValue('');
      expect(vi.mocked(server.fetch).mock.calls.length).toBe(callsBefore);
    } finally {
      vi.useRealTimers();
    }
  });
});
