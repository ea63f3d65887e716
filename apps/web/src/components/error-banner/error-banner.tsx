import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TErrorBannerProps {
  /** What went wrong; nothing is rendered when empty. */
  message: ReactNode | null | undefined;
  title?: string;
  /** Shows a close button (the spec's dismissible banner). */
  onDismiss?: () => void;
}

/** A red, dismissible banner for a failed action (ui-guide: ErrorBanner). Announced to screen readers. */
export function ErrorBanner({ message, title, onDismiss }: TErrorBannerProps) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title}
      withCloseButton={Boolean(onDismiss)}
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {message}
    </Alert>
  );
}
