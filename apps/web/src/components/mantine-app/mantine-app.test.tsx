import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../notify.ts';
import { MantineApp } from './mantine-app.tsx';

describe('MantineApp', () => {
  it('mounts the toasts only once the first toast is asked for, and shows that toast', async () => {
    notifications.clean();
    notifications.cleanQueue();
    render(
      <MantineApp>
        <p>Page</p>
      </MantineApp>,
    );
    expect(screen.getByText('Page')).toBeInTheDocument();
    // Nothing asked yet: no container (its code is not downloaded on a first view).
    await act(async () => {});
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => {
      notify.success('Saved the review link');
    });
    expect(await screen.findByText('Saved the review link')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
    // Once there, it stays for the toasts that follow.
    act(() => notifications.clean());
    act(() => {
      notify.error('Could not save');
    });
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
  });
});
