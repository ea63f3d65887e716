import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../notify.ts';
import { MantineApp, useToastsWanted } from './mantine-app.tsx';

describe('the toasts container, loaded on demand (issue 34 item 7)', () => {
  it('is not wanted on arrival, and is from the first tap on', () => {
    const { result } = renderHook(() => useToastsWanted());
    expect(result.current).toBe(false);
    act(() => {
      fireEvent.pointerDown(document.body);
    });
    expect(result.current).toBe(true);
  });

  it('is wanted from the first key press', () => {
    const { result } = renderHook(() => useToastsWanted());
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Tab' });
    });
    expect(result.current).toBe(true);
  });

  it('is wanted as soon as a toast is asked for, and one asked for before arrival is seen too', async () => {
    notifications.show({ message: 'Asked for before the page' });
    const early = renderHook(() => useToastsWanted());
    expect(early.result.current).toBe(true);
    early.unmount();
    notifications.clean();

    render(
      <MantineApp>
        <p>page</p>
      </MantineApp>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => {
      notify.success('Profile updated successfully!');
    });
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  });

  it('shows a toast that was replaced while the container was on its way', async () => {
    render(
      <MantineApp>
        <p>page</p>
      </MantineApp>,
    );
    act(() => {
      fireEvent.pointerDown(document.body);
      notify.info('Payment processing...', { id: 'pay', autoClose: false });
      notifications.update({ id: 'pay', message: 'Payment received', color: 'green' });
    });
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
  });
});
